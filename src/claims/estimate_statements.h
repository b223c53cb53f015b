// What a paper says about a reliability curve, as the statements of an
// estimate claim (issue 19).  A statement type declares its [property] keys
// (the first one states it, the others refine it), reads their values into a
// small object once per instance, and judges Menger's study: it adds
// explanation lines and, where Menger disagrees, findings.
//
// The estimate kind (estimate_kind.cpp) reads the study once, hands every
// statement the claim makes the same Reading, and concludes: ESTIMATE with
// Menger's interval when nothing disagrees, FAILS with the findings otherwise,
// UNKNOWN when the budget cut the sampling short.  The table
// (estimate_statements.cpp) lists the statements in the order they are judged,
// which is the order of their lines.  Adding a statement is one file (or a
// section of the file whose statements read the same things) and one line of
// the table.
//
// Statements, by what they read:
//   point_statements.cpp       value (error, rounding), at_least, at_most: one number
//   curve_shape_statements.cpp peaks_inside, trend: one series over the curve
//   series_statements.cpp      lowest_of, not_below, close_to (within), rank_agrees:
//                              the series against others of the same study
//   model_statements.cpp       below_model (across): against another model's study
// and one derived statistic (a number the study does not sample as a series):
//   wiring_gap.cpp             "wiring gap", best wiring minus worst of best_of
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "claims/property_keys.h"
#include "claims/reliability_study.h"

namespace menger {

// What the statements judge: the claim's statistic in Menger's study.
struct Reading {
  std::string where;                  // the claim file, for errors
  const StudyResult& study;
  std::optional<std::size_t> series;  // the statistic's series; none for a derived statistic
  std::size_t point = 0;              // the point the verdict shows
  Interval interval;                  // the statistic there
  double standard_error = 0;          // behind that interval
  double z = 0;                       // of the study's confidence
  // The same request's study of another model (below_model), sampled once per run.
  std::function<std::shared_ptr<const StudyResult>(const std::string& model)> other_model;
};

struct Judgement {
  std::vector<std::string> lines;      // what was compared, for the explanation
  std::vector<std::string> off;        // where Menger disagrees: the findings
  std::vector<std::string> paper;      // the paper's numbers, short ("3.1 +- 0.025", ">= 0.999")
  std::optional<std::string> unknown;  // why it could not be judged (the budget ran out)
};

class EstimateStatement {
 public:
  virtual ~EstimateStatement() = default;
  // Adds lines and findings; throws InputError naming reading.where when the
  // claim names what the study does not have.
  virtual void judge(const Reading& reading, Judgement& out) const = 0;
};

struct StatementType {
  std::vector<PropertyKey> keys;  // the first one states it
  bool about_curve = false;       // reads the whole curve rather than the statistic's one number
  std::function<std::shared_ptr<const EstimateStatement>(const PropertyValues&, const std::string& where)> read;
  const std::string& name() const { return keys.front().name; }
};

// A statement type whose class S is built from the values (S(values, where)).
template <class S>
StatementType statement_type(std::vector<PropertyKey> keys, bool about_curve) {
  return {std::move(keys), about_curve, [](const PropertyValues& v, const std::string& where) {
            return std::shared_ptr<const EstimateStatement>(std::make_shared<const S>(v, where));
          }};
}

// Every statement, in the order they are judged.
const std::vector<StatementType>& statement_types();

// A statistic derived from the study rather than sampled as a series of it.
struct DerivedStatistic {
  std::string name;
  // Throws InputError naming `where` when the claim's request or keys cannot give it
  // (`about_curve`: the claim makes a statement about a curve).
  std::function<void(const StudyRequest&, const PropertyValues&, bool about_curve, const std::string& where)> check_claim;
  // The statistic of a complete study, with its explanation lines.
  std::function<Reading(const StudyResult&, const std::string& where, std::vector<std::string>& lines)> read;
};
const DerivedStatistic* find_derived_statistic(const std::string& name);

// Shared by the statements: numbers as the explanations print them.
std::string num(double x);
std::string interval_text(const Interval& i);
// The standard error behind a point's interval: a mean's own, a ratio's from
// its (Wilson) interval's half-width.
double standard_error_at(const StudyResult& r, std::size_t point, std::size_t series, double z);
// The points with an interval for the series (e.g. a path length needs successful runs).
std::vector<std::size_t> observed_points(const StudyResult& r, std::size_t series);

}  // namespace menger
