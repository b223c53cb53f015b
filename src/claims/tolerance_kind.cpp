// The `tolerance` property kind: exact fault tolerance of a topology.
//
//   [property]
//   kind = "tolerance"
//   faults = "nodes"                  # nodes | switches | links | switch-links | components
//   pairs = "all"                     # optional: all | io (default: io for directed networks)
//   engine = "auto"                   # optional: auto | flow | smt
//   certificate, symmetry             # optional, as tolerance's options
//   min_breaking_weight = "d0 + k"    # the least weight of a breaking fault set, exactly
//   tolerates = "d0 + k - 1"          # or: every fault set of at most this weight is survived
// Either value may be "unbounded" (no fault set breaks the network).  Every
// key but those two is a field of the tolerance question
// (src/question/tolerance_question.h), declared there once.
//
// HOLDS carries the certificate, re-validated in the run by the independent
// checker; FAILS carries the least breaking set (when the network is weaker than
// claimed) or the certificate of the actual, higher tolerance.
#include "claims/property.h"
#include "claims/property_keys.h"
#include "claims/question_keys.h"
#include "core/error.h"
#include "core/formula.h"
#include "setup/answer.h"
#include "setup/questions.h"
#include "setup/setup.h"
#include "verify/check/certificate_check.h"
#include "verify/tolerance/tolerance_engine.h"

namespace menger {

namespace {

struct ToleranceClaim {
  ToleranceQuestion q;
  std::string expected;  // formula, or "unbounded"
  bool at_least = false; // `tolerates` rather than `min_breaking_weight`
};

std::vector<PropertyKey> tolerance_key_list() {
  std::vector<PropertyKey> k = question_keys<ToleranceQuestion>();
  k.push_back(text_key("min_breaking_weight", "formula or \"unbounded\": the least breaking weight, exactly"));
  k.push_back(text_key("tolerates", "formula or \"unbounded\": every fault set this heavy is survived"));
  return k;
}

const PropertyKeys& tolerance_keys() {
  static const PropertyKeys keys(
      "tolerance", "exact fault tolerance: least breaking fault set (max-flow or Z3), with certificate",
      tolerance_key_list(),
      {{{"min_breaking_weight", "tolerates"}}});
  return keys;
}

ToleranceClaim read_tolerance_claim(const PropertyValues& v, const std::string&) {
  const bool at_least = v.has("tolerates");
  ToleranceClaim c{{}, *v.text(at_least ? "tolerates" : "min_breaking_weight"), at_least};
  read_question_keys(v, c.q);
  parse_unit_choice(c.q.faults);
  return c;
}

std::string units_text(const FaultModel& m, const std::vector<std::size_t>& units) {
  std::string s;
  for (std::size_t u : units) s += (s.empty() ? "" : ", ") + m.universe().label(u);
  return "{" + s + "}";
}

// The report's Paper and Menger cells (issue 42): the least breaking weight,
// or for a `tolerates` claim the weight survived ("unbounded": no fault set
// disconnects a required pair).
void fill_cells(CheckResult& r, const ToleranceClaim& c, bool expect_unbounded, const Rational& expected,
                const ToleranceOutcome& o) {
  const std::string survives = c.at_least ? "survives " : "";
  r.paper_value = expect_unbounded ? "unbounded" : survives + to_string(expected);
  if (!o.complete) r.menger_value = o.min_cut ? "<= " + std::to_string(*o.min_cut) + " so far" : "unknown";
  else if (!o.min_cut) r.menger_value = "unbounded";
  else r.menger_value = c.at_least ? survives + std::to_string(*o.min_cut - 1) : std::to_string(*o.min_cut);
}

CheckResult check_tolerance_claim(const ToleranceClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  auto net = std::make_shared<const Network>(topology, ctx.budget());
  auto fault_model = std::make_shared<const FaultModel>(*net, tolerance_fault_spec(c.q, *net), ctx.budget());
  FormulaVars vars;
  topology->add_formula_vars(vars);
  const bool expect_unbounded = c.expected == "unbounded";
  const Rational expected = expect_unbounded ? Rational(0) : evaluate_formula(c.expected, vars, ctx.budget());
  // The checker builds its network from the topology this claim holds rather
  // than rebuilding it from the certificate's spec.
  const Answer a = answer_tolerance(c.q, Subject{net, fault_model, nullptr}, Context{ctx.budget(), ctx.progress(), nullptr},
                                    specs_holding(topology, ctx.budget()));
  const ToleranceOutcome& o = a.result_as<ToleranceOutcome>();
  const FaultModel& model = *fault_model;

  CheckResult r{Holds{}, {}, nlohmann::json::object()};
  fill_cells(r, c, expect_unbounded, expected, o);
  // The engine's one view (verify/tolerance/tolerance_engine.h); the comparison is in the verdict and explanation.
  const nlohmann::json result = to_json(o, model);
  r.details = {{"faults", model.describe()}, {"result", result}};
  const std::string claim = std::string(c.at_least ? "tolerates " : "least breaking weight ") +
                            (expect_unbounded ? "unbounded" : c.expected + " = " + to_string(expected));
  if (!o.complete) {
    r.verdict = Unknown{"search stopped by the budget (" + o.coverage.text() + ")", o.coverage.fraction()};
    r.explanation.push_back(claim + "; search incomplete: " + o.work);
    if (o.min_cut) r.explanation.push_back("found so far: a breaking set of weight " + std::to_string(*o.min_cut));
    return r;
  }
  // Is the claim true?  Compare the exact least breaking weight with it.
  bool holds;
  if (c.at_least) holds = !o.min_cut || (!expect_unbounded && Rational(*o.min_cut) > expected);
  else holds = expect_unbounded ? !o.min_cut : (o.min_cut && Rational(*o.min_cut) == expected);

  std::string found = o.min_cut ? "least breaking weight " + std::to_string(*o.min_cut) + ", e.g. " +
                                      units_text(model, o.breaking_set) + " separating " + net->label(o.source) +
                                      " -> " + net->label(o.target)
                                : "no fault set disconnects a required pair";
  r.explanation.push_back(claim + "; found: " + found + " (" + o.engine + ", " + o.work + ")");
  nlohmann::json cert = nullptr;
  if (a.recheck) {
    if (!a.recheck->valid)
      throw InternalError("the " + o.engine + " engine's certificate does not check: " + a.recheck->problems.front());
    r.explanation.push_back("certificate re-validated independently: " + a.recheck->summary);
    cert = evidence_json(a);
  } else {
    r.explanation.push_back("no certificate: " + o.certificate_note);
  }
  // The witness of a weaker network: the view's least breaking set, under the view's names.
  nlohmann::json witness = nullptr;
  if (o.min_cut)
    witness = {{"min_breaking_weight", result["min_breaking_weight"]}, {"breaking_set", result["breaking_set"]},
               {"separates", result["separates"]}};
  const bool weaker = o.min_cut && (expect_unbounded || Rational(*o.min_cut) < expected + (c.at_least ? 1 : 0));
  if (holds) r.verdict = Holds{cert};
  else r.verdict = Fails{weaker ? witness : nlohmann::json{{"certificate", cert}}};
  return r;
}

}  // namespace

PropertyKind tolerance_property_kind() { return table_property_kind(tolerance_keys(), read_tolerance_claim, check_tolerance_claim); }

}  // namespace menger
