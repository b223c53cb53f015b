// The `estimate` property kind: a paper's reliability number, recomputed by a
// reliability study (reliability_study.h) and set beside Menger's interval.
//
//   [property]
//   kind = "estimate"
//   experiment = "completeness"          # the study: estimate_study.cpp
//   trials = 1000
//   statistic = "faults tolerated"       # a series of the study (menger montecarlo lists
//                                        #   them) or a derived one ("wiring gap")
//   value = "8.1"                        # what the paper says: estimate_statements.h
//   error = "0.079"
//   plot = "001-table1-deterministic-3"  # optional: estimate_artifacts.h
//
// `menger list` prints every key with its meaning, from the one table below.
//
// This file dispatches: it reads the study (RunContext::study, one per model
// and request), the statistic at the point the claim names (at_rate,
// at_faults; the last point when every statement is about the whole curve),
// hands that Reading to each statement the claim makes, and concludes:
// ESTIMATE with Menger's interval when nothing disagrees, FAILS with the
// findings otherwise (a finding about the paper), UNKNOWN when the budget cut
// the sampling short.
#include <algorithm>
#include <cmath>

#include "claims/estimate_artifacts.h"
#include "claims/estimate_statements.h"
#include "claims/estimate_study.h"
#include "claims/property.h"
#include "core/error.h"
#include "setup/specs.h"

namespace menger {

namespace {

struct Stated {
  const StatementType* type;
  std::shared_ptr<const EstimateStatement> statement;
};

struct EstimateClaim {
  std::string where;
  StudyRequest request;
  std::string statistic;
  std::optional<double> at_rate;
  std::optional<std::size_t> at_faults;
  std::vector<Stated> statements;  // in the table's order
  CurveOutputs outputs;
};

const PropertyKeys& estimate_keys() {
  static const PropertyKeys keys = [] {
    std::vector<PropertyKey> table = study_keys();
    table.push_back(text_key("statistic", "a series of the study (menger montecarlo lists them) or \"wiring gap\"",
                             true));
    table.push_back(number_key("at_rate", "routing: the fault rate the statistic is read at", between(0, 1)));
    table.push_back(count_key("at_faults", "or the fault count it is read at", 0, 1'000'000'000'000, ""));
    KeyChoice says({}, Choose::AtLeastOne, "what the paper says");
    for (const StatementType& type : statement_types()) {
      says.keys.push_back(type.name());
      table.insert(table.end(), type.keys.begin(), type.keys.end());
    }
    for (PropertyKey& k : curve_output_keys()) table.push_back(std::move(k));
    std::vector<KeyChoice> choices = study_choices();
    choices.push_back(says);
    choices.push_back(KeyChoice({"at_rate", "at_faults"}, Choose::AtMostOne));
    return PropertyKeys("estimate",
                        "a paper's reliability number against Menger's Monte Carlo interval (and exact values where "
                        "enumeration reaches)",
                        std::move(table), std::move(choices));
  }();
  return keys;
}

// Every statement the claim makes reads the whole curve.
bool only_curve_statements(const EstimateClaim& c) {
  return std::all_of(c.statements.begin(), c.statements.end(), [](const Stated& s) { return s.type->about_curve; });
}

bool any_curve_statement(const EstimateClaim& c) {
  return std::any_of(c.statements.begin(), c.statements.end(), [](const Stated& s) { return s.type->about_curve; });
}

EstimateClaim read_estimate_claim(const PropertyValues& v, const std::string& where) {
  EstimateClaim c{where, read_study_request(v, where), *v.text("statistic"), v.number("at_rate"), v.count("at_faults"),
                  {}, read_curve_outputs(v)};
  for (const StatementType& type : statement_types())
    if (v.has(type.name())) c.statements.push_back({&type, type.read(v, where)});
  if (const DerivedStatistic* derived = find_derived_statistic(c.statistic))
    derived->check_claim(c.request, v, any_curve_statement(c), where);
  return c;
}

std::size_t series_of(const EstimateClaim& c, const StudyResult& r) {
  if (const auto s = r.find_series(c.statistic)) return *s;
  std::string known;
  for (const auto& x : r.series) known += (known.empty() ? "" : "; ") + x.name;
  throw InputError(c.where + ": the study has no statistic '" + c.statistic + "' (it has: " + known + ")");
}

std::size_t point_of(const EstimateClaim& c, const StudyResult& r) {
  // One point, or statements about the whole curve only: the verdict then shows the last point's value.
  if (!c.at_rate && !c.at_faults && (r.points.size() == 1 || only_curve_statements(c))) return r.points.size() - 1;
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    if (c.at_faults && r.points[i].faults == *c.at_faults) return i;
    if (c.at_rate && r.points[i].rate && std::abs(*r.points[i].rate - *c.at_rate) < 1e-9) return i;
  }
  throw InputError(c.where + ": the study has no point " +
                   (c.at_rate ? "at rate " + std::to_string(*c.at_rate)
                              : c.at_faults ? "with " + std::to_string(*c.at_faults) + " faults"
                                            : std::string("named: give at_rate or at_faults")));
}

// The statistic's series at the claim's point, with the lines that say what was sampled.
Reading series_reading(const EstimateClaim& c, const StudyResult& r, std::size_t s, std::vector<std::string>& lines) {
  const std::size_t p = point_of(c, r);
  const StudyPoint& pt = r.points[p];
  const bool whole_curve = r.points.size() > 1 && !c.at_rate && !c.at_faults;
  lines.push_back(std::string(whole_curve ? "over the whole curve; the verdict shows the last point: " : "") +
                  c.statistic + (pt.rate ? " at fault rate " + num(*pt.rate) : "") +
                  (r.experiment != "completeness" ? " (" + std::to_string(pt.faults) + " faults)" : "") + ", " +
                  std::to_string(pt.result.trials) + " trials, seed " + std::to_string(r.sampling.seed) + ", " +
                  num(r.sampling.confidence * 100) + "% interval");
  for (const auto& [spec, i] : r.wirings) lines.push_back("  wiring " + spec + ": " + interval_text(i));
  if (pt.exact && pt.exact->values[s])
    lines.push_back("exact, every one of the " + std::to_string(pt.exact->fault_sets) +
                    " fault sets enumerated: " + num(*pt.exact->values[s]));
  const double z = normal_quantile(r.sampling.confidence);
  return Reading{.where = c.where, .study = r, .series = s, .point = p, .interval = r.interval(p, s),
                 .standard_error = standard_error_at(r, p, s, z), .z = z, .other_model = {}};
}

// The details: the study's one view (io/study_output.h), as every kind puts its engine's result.
nlohmann::json details_of(const StudyResult& r) { return {{"result", study_json(r)}}; }

CheckResult out_of_time(const EstimateClaim&, const StudyResult& r) {
  const Coverage cover = r.coverage();
  return {Unknown{"the time budget ran out during sampling: " + cover.text(), cover.fraction()},
          {"sampling stopped by the budget after " + std::to_string(cover.settled) + " trials"},
          details_of(r)};
}

// ESTIMATE with Menger's interval when nothing disagrees, FAILS with the disagreements otherwise.
CheckResult conclude(const EstimateClaim& c, const Interval& i, double confidence, const std::vector<std::string>& off,
                     CheckResult out) {
  if (off.empty()) {
    out.verdict = Estimate{i.value, i.low, i.high, confidence};
    return out;
  }
  for (const auto& line : off) out.explanation.push_back("finding: " + line);
  out.verdict = Fails{nlohmann::json{{"statistic", c.statistic}, {"value", i.value}, {"low", i.low}, {"high", i.high},
                                     {"disagreements", off}}};
  return out;
}

CheckResult check_estimate_claim(const EstimateClaim& c, const std::shared_ptr<const Topology>& t, RunContext& ctx) {
  const auto study = ctx.study(t, c.request);
  const StudyResult& r = *study;
  const DerivedStatistic* derived = find_derived_statistic(c.statistic);
  const std::size_t s = derived ? 0 : series_of(c, r);  // the statistic's series (none when derived)
  if (!r.complete) return out_of_time(c, r);  // later points may not exist: compare nothing
  CheckResult out{Holds{}, {}, details_of(r)};
  Reading reading = derived ? derived->read(r, c.where, out.explanation) : series_reading(c, r, s, out.explanation);
  reading.other_model = [&](const std::string& model) {
    StudyRequest q = c.request;
    q.best_of = 0;  // best_of chooses this model's wiring; the other instance states its own request
    return ctx.study(build_topology(model, {}, ctx.budget()), q);
  };
  Judgement j;
  for (const Stated& stated : c.statements) stated.statement->judge(reading, j);
  if (j.unknown) return {Unknown{*j.unknown, 0.0}, {}, details_of(r)};
  out.explanation.insert(out.explanation.end(), j.lines.begin(), j.lines.end());
  for (const std::string& p : j.paper) out.paper_value += (out.paper_value.empty() ? "" : "; ") + p;
  out.menger_value = interval_text(reading.interval);
  if (!derived) write_curve_outputs(c.outputs, r, s, ctx, out.explanation);
  return conclude(c, reading.interval, r.sampling.confidence, j.off, std::move(out));
}

}  // namespace

PropertyKind estimate_property_kind() { return table_property_kind(estimate_keys(), read_estimate_claim, check_estimate_claim); }

}  // namespace menger
