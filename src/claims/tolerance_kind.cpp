// The `tolerance` property kind: exact fault tolerance of a topology.
//
//   [property]
//   kind = "tolerance"
//   faults = "nodes"                  # nodes | switches | links | switch-links | components
//   pairs = "all"                     # optional: all | io (default: io for directed networks)
//   engine = "auto"                   # optional: auto | flow | smt
//   min_breaking_weight = "d0 + k"    # the least weight of a breaking fault set, exactly
//   tolerates = "d0 + k - 1"          # or: every fault set of at most this weight is survived
// Either value may be "unbounded" (no fault set breaks the network).
//
// HOLDS carries the certificate, re-validated in the run by the independent
// checker; FAILS carries the least breaking set (when the network is weaker than
// claimed) or the certificate of the actual, higher tolerance.
#include "claims/property.h"
#include "core/error.h"
#include "core/formula.h"
#include "models/registry.h"
#include "verify/certificate_check.h"
#include "verify/tolerance_engine.h"

namespace menger {

namespace {

struct ToleranceClaim {
  std::string faults, pairs, engine = "auto";
  std::string expected;  // formula, or "unbounded"
  bool at_least = false; // `tolerates` rather than `min_breaking_weight`
};

ToleranceClaim read(const toml::table& prop, const std::string& where) {
  ToleranceClaim c;
  for (const auto& [k, v] : prop) {
    const std::string key(k.str());
    if (key == "kind") continue;
    const std::string value = property_text(v, where, key);
    if (key == "faults") c.faults = value;
    else if (key == "pairs") c.pairs = value;
    else if (key == "engine") c.engine = value;
    else if (key == "min_breaking_weight" || key == "tolerates") {
      if (!c.expected.empty()) throw InputError(where + ": give min_breaking_weight or tolerates, not both");
      c.expected = value;
      c.at_least = key == "tolerates";
    } else {
      throw InputError(where + ": [property] has no key '" + key +
                       "' for kind tolerance (keys: faults, pairs, engine, min_breaking_weight, tolerates)");
    }
  }
  if (c.faults.empty()) throw InputError(where + ": a tolerance claim names its faults");
  if (c.expected.empty()) throw InputError(where + ": a tolerance claim states min_breaking_weight or tolerates");
  parse_unit_choice(c.faults);
  if (!c.pairs.empty()) parse_pair_choice(c.pairs);
  parse_engine_choice(c.engine);
  return c;
}

std::string units_text(const FaultModel& m, const std::vector<std::size_t>& units) {
  std::string s;
  for (std::size_t u : units) s += (s.empty() ? "" : ", ") + m.universe().label(u);
  return "{" + s + "}";
}

CheckResult check(const ToleranceClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  Network net(topology);
  FaultModelSpec spec;
  spec.units = parse_unit_choice(c.faults);
  spec.pairs = c.pairs.empty() ? default_pairs(net) : parse_pair_choice(c.pairs);
  FaultModel model(net, spec);
  FormulaVars vars;
  topology->add_formula_vars(vars);
  const bool expect_unbounded = c.expected == "unbounded";
  const Rational expected = expect_unbounded ? Rational(0) : evaluate_formula(c.expected, vars);

  ToleranceRequest req;
  req.engine = parse_engine_choice(c.engine);
  if (ctx.budget()) req.deadline = std::chrono::steady_clock::now() + *ctx.budget();
  const ToleranceOutcome o = solve_tolerance(model, req);

  CheckResult r{Holds{}, {}, nlohmann::json::object()};
  r.details = {{"faults", model.describe()}, {"engine", o.engine}, {"method", o.method}, {"work", o.work}};
  const std::string claim = std::string(c.at_least ? "tolerates " : "least breaking weight ") +
                            (expect_unbounded ? "unbounded" : c.expected + " = " + to_string(expected));
  if (!o.complete) {
    r.verdict = Unknown{"search stopped by the budget (" + o.work + ")", o.coverage};
    r.explanation.push_back(claim + "; search incomplete after " + std::to_string(o.coverage * 100) + "%");
    if (o.min_cut) r.explanation.push_back("found so far: a breaking set of weight " + std::to_string(*o.min_cut));
    return r;
  }
  // Is the claim true?  Compare the exact least breaking weight with it.
  bool holds;
  if (c.at_least) holds = !o.min_cut || (!expect_unbounded && Rational(*o.min_cut) > expected);
  else holds = expect_unbounded ? !o.min_cut : (o.min_cut && Rational(*o.min_cut) == expected);

  std::string found = o.min_cut ? "least breaking weight " + std::to_string(*o.min_cut) + ", e.g. " +
                                      units_text(model, o.breaking_set) + " separating " + net.label(o.source) +
                                      " -> " + net.label(o.target)
                                : "no fault set disconnects a required pair";
  r.explanation.push_back(claim + "; found: " + found + " (" + o.engine + ", " + o.work + ")");
  nlohmann::json cert = nullptr;
  if (o.certificate) {
    const CheckReport check = check_certificate(*o.certificate);
    if (!check.valid)
      throw InternalError("the " + o.engine + " engine's certificate does not check: " + check.problems.front());
    r.explanation.push_back("certificate re-validated independently: " + check.summary);
    cert = to_json(*o.certificate);
  } else {
    r.explanation.push_back("no certificate: " + o.certificate_note);
  }
  nlohmann::json witness = nullptr;
  if (o.min_cut) {
    nlohmann::json labels = nlohmann::json::array();
    for (std::size_t u : o.breaking_set) labels.push_back(model.universe().label(u));
    witness = {{"breaking_set", labels}, {"weight", *o.min_cut}, {"separates", {net.label(o.source), net.label(o.target)}}};
  }
  r.details["least_breaking"] = witness;
  const bool weaker = o.min_cut && (expect_unbounded || Rational(*o.min_cut) < expected + (c.at_least ? 1 : 0));
  if (holds) r.verdict = Holds{cert};
  else r.verdict = Fails{weaker ? witness : nlohmann::json{{"certificate", cert}}};
  return r;
}

}  // namespace

PropertyKind tolerance_property_kind() {
  PropertyKind k;
  k.name = "tolerance";
  k.description = "exact fault tolerance: least breaking fault set (max-flow or Z3), with certificate";
  k.prepare = [](const toml::table& prop, const std::string& where) -> Checker {
    auto claim = read(prop, where);
    return [claim](const std::shared_ptr<const Topology>& t, RunContext& ctx) { return check(claim, t, ctx); };
  };
  k.exclusive_keys = {{"min_breaking_weight", "tolerates"}};
  return k;
}

}  // namespace menger
