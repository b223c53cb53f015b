#include "io/study_output.h"

#include <cmath>
#include <cstdio>
#include <iomanip>


namespace menger {

namespace {

std::string fixed(double x, int digits = 4) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

std::string csv_name(const std::string& s) { return "\"" + s + "\""; }

// Completeness rows stop after the first f no trial survived (all later ones are 0).
std::size_t completeness_rows(const StudyResult& r) {
  const Tally& t = r.points[0].result.tally;
  std::size_t f = 1;
  while (f < r.series.size() && t[f].sum > 0) ++f;
  return std::min(f + 1, r.series.size());
}

}  // namespace

namespace {

// P(complete | f) per f, sampled and exact.
void print_completeness(std::ostream& out, const StudyResult& r) {
  const Interval t = r.interval(0, 0);
  out << "trials      " << r.points[0].result.trials << "\nfaults tolerated (expected)  " << fixed(t.value, 3) << "  ["
      << fixed(t.low, 3) << ", " << fixed(t.high, 3) << "]  standard error "
      << fixed(standard_error(r.points[0].result.tally[0]), 3) << "\n\n";
  out << std::left << std::setw(8) << "faults" << std::setw(34) << "P(complete) sampled [interval]" << "exact\n";
  for (std::size_t f = 0; f < completeness_rows(r); ++f) {
    std::string sampled = "1 (no faults)";
    if (f > 0) {
      const Interval i = r.interval(0, f);
      sampled = fixed(i.value) + " [" + fixed(i.low) + ", " + fixed(i.high) + "]";
    }
    const auto& ex = f < r.exact.size() ? r.exact[f] : std::nullopt;
    out << std::setw(8) << f << std::setw(34) << sampled
        << (ex ? std::to_string(ex->surviving) + "/" + std::to_string(ex->total) + " = " + fixed(ex->ratio(), 6) : "");
    if (ex && f > 0) {
      const Interval i = r.interval(0, f);
      if (ex->ratio() < i.low || ex->ratio() > i.high)
        out << "  (outside the interval" << (r.resumed ? "; shards were taken from a checkpoint" : "") << ")";
    }
    out << "\n";
  }
}

// One block per point: every series' value and interval.
void print_point(std::ostream& out, const StudyResult& r, std::size_t i) {
  const StudyPoint& p = r.points[i];
  out << "\nfaults " << p.faults << (p.rate ? " (rate " + fixed(*p.rate, 3) + ")" : "") << ", " << p.result.trials
      << " trials" << (p.exact ? "; exact over all " + std::to_string(p.exact->fault_sets) + " fault sets" : "") << "\n";
  for (std::size_t s = 0; s < r.series.size(); ++s) {
    const Interval v = r.interval(i, s);
    out << "  " << std::left << std::setw(58) << r.series[s].name << "  ";
    if (p.result.tally[s].n == 0) out << "-  (nothing to measure)";
    else out << fixed(v.value) << "  [" << fixed(v.low) << ", " << fixed(v.high) << "]";
    if (p.exact && p.exact->values[s]) {
      out << "  exact " << fixed(*p.exact->values[s], 6);
      // Expected at about 1 - confidence of the points; far more often, a sign of shards taken on trust.
      if (p.result.tally[s].n > 0 && (*p.exact->values[s] < v.low || *p.exact->values[s] > v.high))
        out << "  (outside the interval" << (r.resumed ? "; shards were taken from a checkpoint" : "") << ")";
    }
    out << "\n";
  }
}

void write_completeness_csv(std::ostream& out, const StudyResult& r) {
  const Interval t = r.interval(0, 0);
  out << "# trials " << r.points[0].result.trials << "; faults tolerated " << fixed(t.value, 4) << " [" << fixed(t.low, 4)
      << ", " << fixed(t.high, 4) << "]\n";
  out << "faults,complete,low,high,exact\n";
  for (std::size_t f = 0; f < completeness_rows(r); ++f) {
    const auto& ex = f < r.exact.size() ? r.exact[f] : std::nullopt;
    const Interval i = f ? r.interval(0, f) : Interval{1, 1, 1};
    out << f << "," << fixed(i.value, 6) << "," << fixed(i.low, 6) << "," << fixed(i.high, 6) << ","
        << (ex ? fixed(ex->ratio(), 8) : "") << "\n";
  }
}

// A point's row: faults, rate, trials, value/low/high per series, then the exact values.
void write_point_row(std::ostream& out, const StudyResult& r, std::size_t i) {
  const StudyPoint& p = r.points[i];
  out << p.faults << "," << (p.rate ? fixed(*p.rate, 6) : "") << "," << p.result.trials;
  for (std::size_t s = 0; s < r.series.size(); ++s) {
    const Interval v = r.interval(i, s);
    const bool none = p.result.tally[s].n == 0;  // e.g. no successful run to measure
    out << "," << (none ? "" : fixed(v.value, 6)) << "," << (none || std::isinf(v.low) ? "" : fixed(v.low, 6)) << ","
        << (none || std::isinf(v.high) ? "" : fixed(v.high, 6));
  }
  for (std::size_t s = 0; s < r.series.size(); ++s)
    out << "," << (p.exact && p.exact->values[s] ? fixed(*p.exact->values[s], 8) : "");
  out << "\n";
}

}  // namespace

void print_study(std::ostream& out, const StudyResult& r) {
  out << "model       " << r.model << "\nfaults      " << r.faults_described << "\n"
      << "seed        " << r.sampling.seed << "\nconfidence  " << r.sampling.confidence << "\n";
  for (const auto& [spec, i] : r.wirings)
    out << "wiring      " << spec << ": faults tolerated " << fixed(i.value, 3) << " [" << fixed(i.low, 3) << ", "
        << fixed(i.high, 3) << "]\n";
  if (r.experiment == "completeness") print_completeness(out, r);
  else
    for (std::size_t i = 0; i < r.points.size(); ++i) print_point(out, r, i);
  if (!r.complete)
    out << "\nINCOMPLETE: " << r.sampling.budget.reason() << "; the numbers cover the trials shown (" << r.coverage().text()
        << ").\n";
  else if (r.resumed)
    out << "\nresumed     " << r.resumed->text() << "\n";
}

void write_study_csv(std::ostream& out, const StudyResult& r) {
  out << "# menger montecarlo: " << r.experiment << " on " << r.model << "; faults: " << r.faults_described
      << "; seed " << r.sampling.seed << "; confidence " << r.sampling.confidence << "\n";
  if (r.experiment == "completeness") return write_completeness_csv(out, r);
  out << "faults,rate,trials";
  for (const Series& s : r.series) out << "," << csv_name(s.name) << "," << csv_name(s.name + " low") << "," << csv_name(s.name + " high");
  for (const Series& s : r.series) out << "," << csv_name(s.name + " exact");  // after the plotted columns
  out << "\n";
  for (std::size_t i = 0; i < r.points.size(); ++i) write_point_row(out, r, i);
}

namespace {

nlohmann::json point_json(const StudyResult& r, std::size_t i) {
  nlohmann::json series = nlohmann::json::array();
  for (std::size_t s = 0; s < r.series.size(); ++s) {
    const Interval v = r.interval(i, s);
    const Accumulator& a = r.points[i].result.tally[s];
    nlohmann::json js = {{"name", r.series[s].name}, {"observations", a.n}, {"value", v.value}};
    if (!std::isinf(v.low)) js["low"] = v.low, js["high"] = v.high;
    if (r.series[s].kind == SeriesKind::Mean && a.n > 1) js["standard_error"] = standard_error(a);
    if (r.points[i].exact && r.points[i].exact->values[s]) js["exact"] = *r.points[i].exact->values[s];
    series.push_back(js);
  }
  nlohmann::json jp = {{"faults", r.points[i].faults}, {"trials", r.points[i].result.trials}, {"series", series}};
  if (r.points[i].rate) jp["rate"] = *r.points[i].rate;
  return jp;
}

}  // namespace

nlohmann::json study_json(const StudyResult& r) {
  nlohmann::json points = nlohmann::json::array();
  for (std::size_t i = 0; i < r.points.size(); ++i) points.push_back(point_json(r, i));
  nlohmann::json j = {{"experiment", r.experiment}, {"model", r.model},       {"faults", r.faults_described},
                      {"units", r.units},           {"seed", r.sampling.seed}, {"confidence", r.sampling.confidence},
                      {"complete", r.complete},     {"coverage", to_json(r.coverage())}, {"points", points}};
  nlohmann::json exact = nlohmann::json::array();
  for (std::size_t f = 0; f < r.exact.size(); ++f)
    if (r.exact[f]) exact.push_back({{"faults", f}, {"surviving", r.exact[f]->surviving}, {"total", r.exact[f]->total}});
  if (!exact.empty()) j["exact"] = exact;
  for (const auto& [spec, i] : r.wirings) j["wirings"].push_back({{"model", spec}, {"faults_tolerated", i.value}});
  return j;
}

}  // namespace menger
