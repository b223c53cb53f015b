// The `deadlock-free` property kind: can the routing deadlock?  (issue 5)
//
//   [property]
//   kind = "deadlock-free"
//   routing = "dor-dateline"    # routing spec (menger list)
//   escape = "0,1"              # optional escape VCs for Duato's condition
//                               #   (default: searched when the routing is adaptive)
//   faults = "links"            # optional, with k: under every set of <= k faults
//   k = 1
//   switching = "wormhole"      # optional model of the exact check (verify/deadlock_exact.h):
//   buffers = 1                 #   wormhole, or cut-through with `buffers` packets per channel
//
// HOLDS carries the certificate (an order of the escape channels), FAILS the
// deadlocked configuration; both are re-checked here by the independent
// checker of verify/deadlock_evidence.h before the verdict is reported (the
// certificate only when the graph has at most kRecheckConfigurations
// configurations: the checker follows every packet on its own).
#include "claims/property.h"
#include "claims/property_keys.h"
#include "core/error.h"
#include "setup/setup.h"
#include "verify/deadlock_evidence.h"
#include "verify/deadlock_search.h"
#include "verify/route_witness.h"

namespace menger {

namespace {

constexpr std::uint64_t kRecheckConfigurations = 200'000;

struct DeadlockClaim {
  std::string routing, escape, faults = "nodes";
  std::uint32_t k = 0;
  std::optional<SwitchingModel> switching{};
};

const PropertyKeys& deadlock_keys() {
  static const PropertyKeys keys(
      "deadlock-free",
      "a routing cannot deadlock (acyclic dependency graph or Duato's condition), with a certificate or a "
      "deadlocked configuration",
      {
          routing_key("routing spec"),
          text_key("escape", "escape VCs for Duato's condition, e.g. \"0,1\"", false,
                   "searched when the routing is adaptive"),
          fault_units_key("fault units for k", false, "nodes"),
          count_key("k", "every set of at most k faults is checked", 0, 16, "0"),
          text_key("switching", "the exact check's model: wormhole | cut-through", false,
                   "cut-through with 2 buffers for bubble routings, wormhole otherwise"),
          count_key("buffers", "packets per channel (cut-through)", 1, 64, "2"),
      });
  return keys;
}

DeadlockClaim read(const PropertyValues& v, const std::string&) {
  DeadlockClaim c{*v.text("routing"), v.text("escape").value_or(""), v.text("faults").value_or("nodes"),
                  static_cast<std::uint32_t>(v.count("k").value_or(0))};
  parse_unit_choice(c.faults);
  c.switching = parse_switching(v.text("switching").value_or(""), static_cast<std::uint32_t>(v.count("buffers").value_or(0)),
                                "switching", "buffers");
  return c;
}

std::string evidence_problems(const EvidenceCheck& c) {
  std::string s;
  for (const auto& p : c.problems) s += (s.empty() ? "" : "; ") + p;
  return s;
}

CheckResult check(const DeadlockClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  RouteSetup setup = make_route_setup(topology, c.routing, c.faults);
  const Routing& routing = *setup.routing;
  const auto escape = parse_vc_set(c.escape, routing.vcs(), "escape");
  std::optional<std::chrono::steady_clock::duration> budget;
  if (ctx.budget()) budget = *ctx.budget();
  DeadlockSearchOptions opt;
  opt.k = c.k;
  opt.escape_vcs = escape;
  opt.switching = c.switching;
  opt.budget = budget;
  const DeadlockSearchResult s = search_deadlock_faults(routing, *setup.model, opt);
  CheckResult out{Holds{}, {}, nlohmann::json::object()};
  out.explanation.push_back("claim: " + routing.spec() + " (" + std::to_string(routing.vcs()) + " VC) is deadlock-free" +
                            (c.k ? " under every set of <= " + std::to_string(c.k) + " " + c.faults : "") +
                            (c.switching ? " (" + c.switching->text() + ")" : ""));
  // The search's one view (verify/deadlock_search.h); its verdict is the search's.
  out.details = {{"routing", routing.spec()}, {"k", c.k}, {"result", to_json(s, *setup.model)}};
  if (!s.complete) {
    out.verdict = Unknown{"the budget ran out; " + s.coverage.text(), 0};
    return out;
  }
  const DeadlockResult& r = s.failing_result ? *s.failing_result : *s.fault_free;
  const FaultSet none(setup.model->universe().size());
  const FaultSet& faults = s.failing ? *s.failing : none;
  out.explanation.push_back(r.method + "; " + std::to_string(r.plain.packets) + " packets, " +
                            std::to_string(r.plain.direct_dependencies) + " dependencies" +
                            (r.plain.destinations_explored ? " up to translation" : "") +
                            (c.k ? ", " + std::to_string(s.analyses) + " fault sets analysed" : ""));
  if (s.failing) out.explanation.push_back("least fault set: " + faults.to_string(setup.model->universe()));
  if (r.status == DeadlockResult::Status::Unknown) {
    out.verdict = Unknown{r.reason, 0};
    return out;
  }
  const DeadlockEvidence ev = make_deadlock_evidence(routing, *setup.model, faults, r);
  const bool recheck = ev.deadlock || r.plain.configurations <= kRecheckConfigurations;
  if (recheck) {
    const EvidenceCheck chk = check_deadlock_evidence(ev);
    if (!chk.valid) throw InternalError("the deadlock evidence does not check: " + evidence_problems(chk));
    out.explanation.push_back("re-checked independently: " + chk.summary);
  }
  if (ev.deadlock) {
    const auto& p = ev.packets.front();
    out.explanation.push_back("deadlocked configuration of " + std::to_string(ev.packets.size()) +
                              " packets, e.g. " + p.source + " -> " + p.destination + " holding a channel of " +
                              p.channel.node);
    out.verdict = Fails{to_json(ev)};
  } else {
    out.verdict = Holds{to_json(ev)};
  }
  return out;
}

}  // namespace

PropertyKind deadlock_free_property_kind() { return table_property_kind(deadlock_keys(), read, check); }

}  // namespace menger
