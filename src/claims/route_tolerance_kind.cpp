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
//   search = "symbolic"               # optional: lazy (default), symbolic or naive
//   choices = "some"                  # optional: every (default: every choice of an adaptive
//                                     #   routing must deliver) or some (some choice sequence does)
//   symmetry, settle_all                # optional, as route-check's options
//
// Every key but routing and tolerates is a field of the route-check question
// (src/question/route_check_question.h), declared there once.
//
// FAILS carries a replayable witness (`menger replay`): the fault set, the
// pair, the hop-by-hop trace.  HOLDS carries the search's counts (runs versus
// naive enumeration); the search's completeness is argued in route_search.h and
// tested against brute force.  A claim searched by the lazy or the symbolic
// search also writes the search's proof (verify/route/route_proof.h) of every fault count it
// settled without a failure (all of a `tolerates_at_least`; below the least
// defeating set of a `tolerates`) to a scratch file and re-checks it
// independently (verify/check/route_proof_check.h); a proof the checker
// refutes is an error.  No proof is written under choices = "some" (the
// checker replays every choice).
#include "claims/property.h"
#include "claims/property_keys.h"
#include "claims/question_keys.h"
#include "claims/scratch_proof.h"
#include "core/error.h"
#include "core/formula.h"
#include "setup/answer.h"
#include "setup/setup.h"
#include "setup/specs.h"
#include "verify/route/route_witness.h"

namespace menger {

namespace {

// The route-check question (its k comes from `tolerates`, per model), the
// routing, and the tolerance the claim states.
struct RouteClaim {
  std::string where;  // the claim file, for errors found per model
  std::string routing, expected;
  bool exact = false;  // `tolerates` rather than `tolerates_at_least`
  RouteCheckQuestion q;
  std::filesystem::path base_dir;  // the claim file's directory: relative file names in the routing
};

std::vector<PropertyKey> route_key_list() {
  std::vector<PropertyKey> k{routing_key("routing spec")};
  for (auto& key : question_keys<RouteCheckQuestion>()) k.push_back(std::move(key));
  k.push_back(text_key("tolerates", "formula: exactly this many faults are always routed around"));
  k.push_back(text_key("tolerates_at_least", "formula: at least this many faults are always routed around"));
  return k;
}

const PropertyKeys& route_keys() {
  static const PropertyKeys keys(
      "route-tolerance",
      "a routing delivers every pair under every set of <= k faults (lazy exhaustive search), with a replayable "
      "witness",
      route_key_list(),
      {{{"tolerates", "tolerates_at_least"}}});
  return keys;
}

RouteClaim read_route_tolerance_claim(const PropertyValues& v, const std::string& where) {
  const bool exact = v.has("tolerates");
  RouteClaim c{where, *v.text("routing"), *v.text(exact ? "tolerates" : "tolerates_at_least"), exact, {},
               v.base_dir()};
  read_question_keys(v, c.q);
  parse_unit_choice(c.q.faults);
  return c;
}

std::uint32_t fault_count(const RouteClaim& c, const Topology& t, const Budget& budget) {
  FormulaVars vars;
  t.add_formula_vars(vars);
  Rational v = evaluate_formula(c.expected, vars, budget);
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

// The explanation's line on the least (or a) defeating set found.
std::string defeat_line(const RouteWitness& w, bool minimum) {
  std::string set;
  for (const auto& l : w.fault_set) set += (set.empty() ? "" : ", ") + l;
  return std::string(minimum ? "least" : "a") + " defeating set: {" + set + "} for " + w.source + " -> " +
         w.destination + ": " + w.outcome + (w.detail.empty() ? "" : " (" + w.detail + ")") +
         (w.disconnected ? "; the faults disconnect this pair" : "");
}

// The report's Paper and Menger cells (issue 42): how many faults are always
// routed around, as the claim states it and as the search found it.
void fill_cells(CheckResult& out, const RouteClaim& c, std::uint32_t t, const Answer& a) {
  const RouteCheckResult& r = a.result_as<RouteCheckResult>();
  out.paper_value = (c.exact ? "" : ">= ") + std::to_string(t);
  if (a.verdict == VerdictKind::Unknown) out.menger_value = "unknown";
  else if (!r.failure) out.menger_value = ">= " + std::to_string(a.question.at("k").get<std::uint32_t>());
  else if (const std::size_t n = r.failure->faults.count(); r.minimum_proved) out.menger_value = n ? std::to_string(n - 1) : "none";
  else out.menger_value = "< " + std::to_string(r.failure->faults.count());
}

// The proof's line and details; a proof the checker refutes is a bug in the search.
void add_route_proof(CheckResult& out, const Answer& a) {
  if (!a.proof) return;
  const auto& p = std::get<RouteProofFile>(*a.proof);
  if (!a.proof_recheck) throw InternalError("the search's proof was not re-checked: " + a.unproved);
  if (!a.proof_recheck->valid) throw InternalError("the search's proof does not check: " + a.proof_recheck->problems.front());
  out.explanation.push_back("proof: " + std::to_string(p.bytes) + " bytes (gzip) for " + std::to_string(p.runs) +
                            " runs, re-checked independently: " + a.proof_recheck->summary);
  out.details["proof"] = {{"bytes", p.bytes}, {"pairs", p.pairs}, {"tokens", p.tokens},
                          {"rechecked", a.proof_recheck->summary}};
}

CheckResult check_route_tolerance_claim(const RouteClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  const std::uint32_t t = fault_count(c, *topology, ctx.budget());
  RouteCheckQuestion q = c.q;
  q.k = c.exact ? t + 1 : t;
  std::optional<ScratchProof> scratch;
  if (q.search != "naive" && q.choices == "every") q.proof = scratch.emplace().path;
  const SpecResolver specs = builtin_specs(ctx.budget());
  const Answer a = answer_route_check(
      q, subject_of(make_route_setup(topology, c.routing, c.q.faults, c.base_dir, ctx.budget())),
      Context{ctx.budget(), ctx.progress(), nullptr}, &specs);
  const RouteCheckResult& r = a.result_as<RouteCheckResult>();
  const Routing& routing = *a.subject.routing;

  CheckResult out{Holds{}, {}, nlohmann::json::object()};
  fill_cells(out, c, t, a);
  const std::string claim = routing.spec() + " routes around every set of " +
                            (c.exact ? "exactly up to " : "up to ") + std::to_string(t) + " faults (" + q.faults + ")" +
                            (q.path_bound ? " within " + *q.path_bound + " hops" : "");
  // The search's one view (verify/route/route_search.h); its verdict is the search's, not the claim's.
  out.details = {{"routing", routing.spec()}, {"faults", a.subject.model->describe()}, {"k", q.k}, {"result", to_json(r)}};
  out.explanation.push_back(claim);
  out.explanation.push_back(search_line(r));
  if (a.verdict == VerdictKind::Unknown) {
    out.verdict = verdict_of(a);
    return out;
  }
  const auto* w = std::get_if<RouteWitness>(&a.evidence);
  if (!w) {
    if (c.exact) {
      out.explanation.push_back("no set of " + std::to_string(t + 1) + " faults defeats it: it tolerates more");
      out.verdict = Fails{nlohmann::json{{"tolerates_at_least", t + 1}}};
    } else {
      add_route_proof(out, a);
      out.verdict = Holds{nullptr};
    }
    return out;
  }
  if (!a.recheck->valid) throw InternalError("the search's witness does not check: " + a.recheck->problems.front());
  out.explanation.push_back(defeat_line(*w, r.minimum_proved));
  add_route_proof(out, a);
  const bool holds = c.exact && r.minimum_proved && w->fault_set.size() == t + 1;
  if (holds) out.verdict = Holds{to_json(*w)};
  else out.verdict = Fails{to_json(*w)};
  return out;
}

}  // namespace

PropertyKind route_tolerance_property_kind() { return table_property_kind(route_keys(), read_route_tolerance_claim, check_route_tolerance_claim); }

}  // namespace menger
