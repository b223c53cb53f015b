// The statement table of the estimate kind and what several statements share.
#include "claims/estimate_statements.h"

#include <cstdio>

namespace menger {

// point_statements.cpp
StatementType value_statement();
StatementType at_least_statement();
StatementType at_most_statement();
// series_statements.cpp
StatementType lowest_of_statement();
StatementType not_below_statement();
StatementType close_to_statement();
StatementType rank_agrees_statement();
// curve_shape_statements.cpp
StatementType peaks_inside_statement();
StatementType trend_statement();
// model_statements.cpp
StatementType below_model_statement();
// wiring_gap.cpp
DerivedStatistic wiring_gap_statistic();

const std::vector<StatementType>& statement_types() {
  static const std::vector<StatementType> types = {
      value_statement(),        at_least_statement(), at_most_statement(),     lowest_of_statement(),
      not_below_statement(),    peaks_inside_statement(), trend_statement(),   close_to_statement(),
      rank_agrees_statement(),  below_model_statement(),
  };
  return types;
}

const DerivedStatistic* find_derived_statistic(const std::string& name) {
  static const std::vector<DerivedStatistic> derived = {wiring_gap_statistic()};
  for (const DerivedStatistic& d : derived)
    if (d.name == name) return &d;
  return nullptr;
}

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

std::string interval_text(const Interval& i) { return num(i.value) + " [" + num(i.low) + ", " + num(i.high) + "]"; }

double standard_error_at(const StudyResult& r, std::size_t p, std::size_t s, double z) {
  if (r.series[s].kind == SeriesKind::Mean) return standard_error(r.points[p].result.tally[s]);
  const Interval i = r.interval(p, s);
  return (i.high - i.low) / (2 * z);
}

std::vector<std::size_t> observed_points(const StudyResult& r, std::size_t s) {
  std::vector<std::size_t> seen;
  for (std::size_t p = 0; p < r.points.size(); ++p)
    if (r.points[p].result.tally[s].n > 1) seen.push_back(p);
  return seen;
}

}  // namespace menger
