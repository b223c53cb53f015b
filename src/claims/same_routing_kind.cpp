// The `same-routing` property kind: does a routing implement exactly another
// one?  (issue 5: FIR's register configurations against XY routing and
// Duato's adaptive routing with bubble escape channels.)
//
//   [property]
//   kind = "same-routing"
//   routing = "fir(config=xy)"   # the routing under test
//   reference = "dor"            # the routing it should equal
//
// HOLDS when both offer the same hops (port, virtual channel, bubble) at every
// configuration a packet of any pair can reach (verify/routing_equivalence.h);
// FAILS with the first configuration where they differ.
#include "claims/property.h"
#include "core/error.h"
#include "verify/route_witness.h"
#include "verify/routing_equivalence.h"

namespace menger {

namespace {

struct SameRoutingClaim {
  std::string routing, reference;
};

SameRoutingClaim read(const toml::table& prop, const std::string& where) {
  SameRoutingClaim c;
  for (const auto& [key_node, v] : prop) {
    const std::string key(key_node.str());
    if (key == "kind") continue;
    const std::string value = property_text(v, where, key);
    if (key == "routing") c.routing = value;
    else if (key == "reference") c.reference = value;
    else
      throw InputError(where + ": [property] has no key '" + key + "' for kind same-routing (keys: routing, reference)");
  }
  if (c.routing.empty() || c.reference.empty())
    throw InputError(where + ": a same-routing claim names its routing and its reference");
  return c;
}

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s.empty() ? "nothing" : s;
}

CheckResult check(const SameRoutingClaim& c, const std::shared_ptr<const Topology>& topology) {
  RouteSetup a = make_route_setup(topology, c.routing, "nodes");
  RouteSetup b = make_route_setup(topology, c.reference, "nodes");
  const EquivalenceResult r = compare_routings(*a.routing, *b.routing, *a.model);
  CheckResult out{Holds{}, {}, nlohmann::json::object()};
  out.details = {{"routing", a.routing->spec()}, {"reference", b.routing->spec()}, {"pairs", r.pairs},
                 {"configurations", r.configurations}, {"hops_compared", r.hops_compared}};
  if (r.equivalent) {
    out.explanation.push_back(a.routing->spec() + " offers the same hops as " + b.routing->spec() + " at all " +
                              std::to_string(r.configurations) + " configurations reachable by " +
                              std::to_string(r.pairs) + " packets (" + std::to_string(r.hops_compared) + " hops)");
    return out;
  }
  const RoutingDifference& d = *r.difference;
  const Network& net = *a.net;
  nlohmann::json j{{"source", net.label(d.source)}, {"destination", net.label(d.destination)},
                   {"node", net.label(d.node)}, {"way_in", d.way_in}, {"routing", d.hops_a},
                   {"reference", d.hops_b}};
  out.explanation.push_back("packet " + net.label(d.source) + " -> " + net.label(d.destination) + " at " +
                            net.label(d.node) + " (" + d.way_in + "): " + a.routing->spec() + " offers " +
                            join(d.hops_a) + "; " + b.routing->spec() + " offers " + join(d.hops_b));
  out.verdict = Fails{j};
  return out;
}

}  // namespace

PropertyKind same_routing_property_kind() {
  PropertyKind k;
  k.name = "same-routing";
  k.description = "a routing offers exactly the hops of a reference routing wherever a packet can be";
  k.prepare = [](const toml::table& prop, const std::string& where) -> Checker {
    auto claim = read(prop, where);
    return [claim](const std::shared_ptr<const Topology>& t, RunContext&) { return check(claim, t); };
  };
  return k;
}

}  // namespace menger
