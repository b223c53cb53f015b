// The `same-routing` property kind: does a routing implement exactly another
// one?  (issue 5: FIR's register configurations against XY routing and
// Duato's adaptive routing with bubble escape channels.)
//
//   [property]
//   kind = "same-routing"
//   routing = "fir(config=xy)"   # the routing under test
//   reference = "dor"            # the routing it should equal
//   faults = "nodes"             # optional, with k: also under every set of
//   k = 2                        #   <= k faults, enumerated one by one
//
// HOLDS when both offer the same hops (port, virtual channel, bubble) at every
// configuration a packet of any pair can reach (verify/route/routing_equivalence.h);
// FAILS with the first configuration where they differ.
#include <algorithm>
#include <numeric>
#include <optional>

#include "claims/property.h"
#include "claims/property_keys.h"
#include "core/error.h"
#include "setup/setup.h"
#include "setup/specs.h"
#include "verify/route/route_witness.h"
#include "verify/route/routing_equivalence.h"

namespace menger {

namespace {

struct SameRoutingClaim {
  std::string routing, reference, faults = "nodes";
  std::uint32_t k = 0;
  std::filesystem::path base_dir;  // the claim file's directory: relative file names in the routings
};

const PropertyKeys& same_routing_keys() {
  static const PropertyKeys keys(
      "same-routing", "a routing offers exactly the hops of a reference routing wherever a packet can be",
      {
          routing_key("routing spec under test"),
          text_key("reference", "routing spec it must equal, hop by hop", true),
          fault_units_key("fault units for k", false, "nodes"),
          count_key("k", "compared under every set of at most k faults", 0, 4, "0"),
      });
  return keys;
}

SameRoutingClaim read_same_routing_claim(const PropertyValues& v, const std::string&) {
  SameRoutingClaim c{*v.text("routing"), *v.text("reference"), v.text("faults").value_or("nodes"),
                     static_cast<std::uint32_t>(v.count("k").value_or(0)), v.base_dir()};
  parse_unit_choice(c.faults);
  return c;
}

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s.empty() ? "nothing" : s;
}

// Every fault set of at most k units, in order of size then units; `visit`
// returns false to stop.
template <class Visit>
void each_fault_set(std::size_t units, std::uint32_t k, Visit visit) {
  for (std::size_t size = 0; size <= std::min<std::size_t>(k, units); ++size) {
    std::vector<std::size_t> chosen(size);
    std::iota(chosen.begin(), chosen.end(), std::size_t{0});
    do {
      FaultSet f(units);
      for (std::size_t u : chosen) f.insert(u);
      if (!visit(f)) return;
    } while (next_combination(chosen, units));
  }
}

CheckResult check_same_routing_claim(const SameRoutingClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  RouteSetup a = make_route_setup(topology, c.routing, c.faults, c.base_dir, ctx.budget());
  // The reference on the same network and fault model.
  const std::unique_ptr<Routing> reference = build_routing(c.reference, *a.net, c.base_dir, ctx.budget());
  EquivalenceResult total;
  std::uint64_t sets = 0;
  std::optional<FaultSet> failing;
  each_fault_set(a.model->universe().size(), c.k, [&](const FaultSet& f) {
    ++sets;
    const EquivalenceResult r = compare_routings(*a.routing, *reference, *a.model, &f);
    total.pairs += r.pairs;
    total.configurations += r.configurations;
    total.hops_compared += r.hops_compared;
    if (r.equivalent) return true;
    total = r;
    failing = f;
    return false;
  });
  CheckResult out{Holds{}, {}, nlohmann::json::object()};
  out.details = {{"routing", a.routing->spec()}, {"reference", reference->spec()}, {"fault_sets", sets},
                 {"pairs", total.pairs}, {"configurations", total.configurations},
                 {"hops_compared", total.hops_compared}};
  const std::string under = c.k ? " under each of " + std::to_string(sets) + " sets of <= " + std::to_string(c.k) +
                                      " faulty " + c.faults
                                : "";
  if (!failing) {
    out.explanation.push_back(a.routing->spec() + " offers the same hops as " + reference->spec() + " at all " +
                              std::to_string(total.configurations) + " configurations reachable by the packets" +
                              under + " (" + std::to_string(total.pairs) + " packets, " +
                              std::to_string(total.hops_compared) + " hops)");
    return out;
  }
  const RoutingDifference& d = *total.difference;
  const Network& net = *a.net;
  nlohmann::json j{{"faults", failing->to_string(a.model->universe())},
                   {"source", net.label(d.source)}, {"destination", net.label(d.destination)},
                   {"node", net.label(d.node)}, {"way_in", d.way_in}, {"routing", d.hops_a},
                   {"reference", d.hops_b}};
  out.explanation.push_back("faults " + failing->to_string(a.model->universe()) + ": packet " + net.label(d.source) +
                            " -> " + net.label(d.destination) + " at " + net.label(d.node) + " (" + d.way_in +
                            "): " + a.routing->spec() + " offers " + join(d.hops_a) + "; " + reference->spec() +
                            " offers " + join(d.hops_b));
  out.verdict = Fails{j};
  return out;
}

}  // namespace

PropertyKind same_routing_property_kind() { return table_property_kind(same_routing_keys(), read_same_routing_claim, check_same_routing_claim); }

}  // namespace menger
