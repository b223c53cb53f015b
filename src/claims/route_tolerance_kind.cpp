// The `route-tolerance` property kind: does a routing algorithm deliver every
// required pair under every fault set of a given size?  (issue 4)
//
//   [property]
//   kind = "route-tolerance"
//   routing = "mikant-x-turns"        # routing spec (menger list)
//   faults = "links"                  # nodes | switches | links | switch-links | components
//   tolerates = "1"                   # exactly: every set of <= 1 fault is routed around, and
//                                     #   some set of 2 defeats it (the witness is a minimum one)
//   tolerates_at_least = "d0 + k - 1" # or: every set of at most this many faults is routed around
//   path_bound = "2^k*(DB+1) + ..."   # optional; variables: the model's, faults, distance
//   excuse_disconnected = true        # optional: pairs the faults disconnect are not failures
//   hop_limit = 200                   # optional livelock guard
//   search = "symbolic"               # optional: lazy (default) or symbolic (verify/symbolic_search.h)
//
// FAILS carries a replayable witness (`menger replay`): the fault set, the
// pair, the hop-by-hop trace.  HOLDS carries the search's counts (runs versus
// naive enumeration); the search's completeness is argued in route_search.h and
// tested against brute force.
#include "claims/property.h"
#include "claims/property_keys.h"
#include "core/error.h"
#include "core/formula.h"
#include "models/routing_registry.h"
#include "setup/setup.h"
#include "verify/route_witness.h"

namespace menger {

namespace {

struct RouteClaim {
  std::string where;  // the claim file, for errors found per model
  std::string routing, faults, expected, path_bound;
  bool exact = false;  // `tolerates` rather than `tolerates_at_least`
  bool excuse_disconnected = false;
  std::uint32_t hop_limit = 0;
  bool symbolic = false;
};

const PropertyKeys& route_keys() {
  static const PropertyKeys keys(
      "route-tolerance",
      "a routing delivers every pair under every set of <= k faults (lazy exhaustive search), with a replayable "
      "witness",
      {
          routing_key("routing spec"),
          fault_units_key("fault units", true),
          text_key("tolerates", "formula: exactly this many faults are always routed around"),
          text_key("tolerates_at_least", "formula: at least this many faults are always routed around"),
          text_key("path_bound", "formula over the model's variables, faults and distance"),
          flag_key("excuse_disconnected", "pairs the faults disconnect are not failures"),
          count_key("hop_limit", "livelock guard", 1, 999'999'999, "the engine's"),
          text_key("search",
                   "lazy: branch on every unit a run read; symbolic: counts as constraints, sub-network paths as "
                   "one question (same verdict, far fewer runs where a routing counts faults in regions)",
                   false, "lazy")
              .one_of({"lazy", "symbolic"}),
      },
      {{{"tolerates", "tolerates_at_least"}}});
  return keys;
}

RouteClaim read(const PropertyValues& v, const std::string& where) {
  const bool exact = v.has("tolerates");
  RouteClaim c{where, *v.text("routing"), *v.text("faults"), *v.text(exact ? "tolerates" : "tolerates_at_least"),
               v.text("path_bound").value_or(""), exact, v.flag("excuse_disconnected").value_or(false),
               static_cast<std::uint32_t>(v.count("hop_limit").value_or(0)),
               v.text("search").value_or("lazy") == "symbolic"};
  parse_unit_choice(c.faults);
  return c;
}

std::uint32_t fault_count(const RouteClaim& c, const Topology& t) {
  FormulaVars vars;
  t.add_formula_vars(vars);
  Rational v = evaluate_formula(c.expected, vars);
  if (v < 0 || v > 60 || denominator(v) != 1)
    throw InputError(c.where + ": tolerance '" + c.expected + "' = " + to_string(v) + " is not a whole number in 0..60");
  return static_cast<std::uint32_t>(numerator(v));
}

std::string search_line(const RouteCheckResult& r) {
  const std::uint64_t cut = r.disconnected();
  return r.engine + " search: " + std::to_string(r.runs()) + " routing runs for " + std::to_string(r.pairs_examined) + " of " +
         std::to_string(r.pairs_total) + " pairs" + (r.symmetry_used ? " (" + r.symmetry + ")" : "") +
         (cut ? "; " + std::to_string(cut) + " explored cases disconnected by the faults" : "");
}

CheckResult check(const RouteClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  RouteSetup setup = make_route_setup(topology, c.routing, c.faults);
  const Network& net = *setup.net;
  const FaultModel& model = *setup.model;
  const auto& routing = setup.routing;
  const std::uint32_t t = fault_count(c, *topology);
  RouteCheckOptions opt;
  opt.k = c.exact ? t + 1 : t;
  if (!c.path_bound.empty()) opt.path_bound = c.path_bound;
  opt.limits.hop_limit = c.hop_limit;
  opt.excuse_disconnected = c.excuse_disconnected;
  opt.symbolic = c.symbolic;
  if (ctx.budget()) opt.budget = *ctx.budget();
  const RouteCheckResult r = route_check(*routing, model, opt);

  CheckResult out{Holds{}, {}, nlohmann::json::object()};
  const std::string claim = routing->spec() + " routes around every set of " +
                            (c.exact ? "exactly up to " : "up to ") + std::to_string(t) + " faults (" + c.faults + ")" +
                            (c.path_bound.empty() ? "" : " within " + c.path_bound + " hops");
  // The search's one view (verify/route_search.h); its verdict is the search's, not the claim's.
  out.details = {{"routing", routing->spec()}, {"faults", model.describe()}, {"k", opt.k}, {"result", to_json(r)}};
  out.explanation.push_back(claim);
  out.explanation.push_back(search_line(r));
  if (r.status == RouteCheckResult::Status::Unknown) {
    out.verdict = Unknown{r.coverage.text(), r.coverage.fraction()};
    return out;
  }
  if (!r.failure) {
    if (c.exact) {
      out.explanation.push_back("no set of " + std::to_string(t + 1) + " faults defeats it: it tolerates more");
      out.verdict = Fails{nlohmann::json{{"tolerates_at_least", t + 1}}};
    } else {
      out.verdict = Holds{nullptr};
    }
    return out;
  }
  const RouteWitness w = make_witness(*routing, model, *r.failure, c.hop_limit ? c.hop_limit : 2 * net.num_nodes() + 16,
                                      c.excuse_disconnected);
  const auto problems = validate_trace(w, model);
  if (!problems.empty()) throw InternalError("the search's witness does not check: " + problems.front());
  const std::size_t n = r.failure->faults.count();
  std::string set;
  for (const auto& l : w.fault_set) set += (set.empty() ? "" : ", ") + l;
  out.explanation.push_back(std::string(r.minimum_proved ? "least" : "a") + " defeating set: {" + set + "} for " +
                            w.source + " -> " + w.destination + ": " + w.outcome +
                            (w.detail.empty() ? "" : " (" + w.detail + ")") +
                            (w.disconnected ? "; the faults disconnect this pair" : ""));
  const bool holds = c.exact && r.minimum_proved && n == t + 1;
  if (holds) out.verdict = Holds{to_json(w)};
  else out.verdict = Fails{to_json(w)};
  return out;
}

}  // namespace

PropertyKind route_tolerance_property_kind() { return table_property_kind(route_keys(), read, check); }

}  // namespace menger
