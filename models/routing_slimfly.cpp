// Minimal and Valiant routing on the Slim Fly (models/slimfly.h; Besta and
// Hoefler, SC 2014, the routing and deadlock-freedom sections).
//
// slimfly-min(vcs=2)  The router graph has diameter 2, so a minimal route is
//                     one hop to an adjacent destination router, or two hops
//                     through a common neighbour.  Deterministic choice: the
//                     intermediate is the neighbour behind the lowest port of
//                     the source router that is adjacent to the destination
//                     router (in MMS graphs it is often, not always, unique).
//                     VC scheme (Besta and Hoefler): the i-th router-to-router
//                     hop (i = 0, 1) uses VC i.  Every dependency then goes
//                     from VC 0 to VC 1, never back, so the channel dependency
//                     graph is acyclic.  Packet state: the router-to-router
//                     hops taken.
//                     vcs=1 puts every hop on VC 0: two-hop routes then chain
//                     into cycles (the deadlock-prone reference).
//
// slimfly-valiant(vcs=4)
//                     Valiant's scheme (Valiant, "A scheme for fast parallel
//                     communication", SIAM J. Comput. 11(2), 1982), which Besta
//                     and Hoefler evaluate on the Slim Fly: minimally from the
//                     source router to an intermediate router, then minimally
//                     to the destination router, each leg by the deterministic
//                     rule above.  The intermediate, random in the paper, is a
//                     nondeterministic choice here, so every one must work: the
//                     source router offers one hop per router other than itself
//                     and the destination router.  That convention is carried
//                     over from Valiant routing on the dragonfly (Kim et al.,
//                     ISCA 2008: any group but the source's and destination's;
//                     routing_dragonfly.cpp); the Slim Fly paper's own wording
//                     on excluded routers was not at hand to check against.
//                     Packets between the endpoints of one router take no detour.
//                     Legs: the intermediate differs from both ends, so neither
//                     leg is empty; each has 1 or 2 router hops, a route 2 to 4.
//                     One exception: a router delivers a packet for its own
//                     endpoint whatever the leg, so a first leg whose middle
//                     router is the destination router ends there after 1 hop
//                     (with p = 0 the packet has then arrived anyway; the same
//                     rule for p >= 1 keeps the two alike).
//                     VCs (Besta and Hoefler's scheme for up to 4 hops): the
//                     i-th router-to-router hop (i = 0..3) uses VC i, so
//                     dependencies only climb and the graph is acyclic; fewer
//                     VCs (the parameter) put hop i on VC min(i, vcs - 1).
//                     State: whether the source router has chosen, the
//                     intermediate router until the hop that enters it
//                     (clearing it on that hop rather than at the
//                     intermediate keeps the states few, since the last hop
//                     of every first leg then carries the same state whatever
//                     the intermediate), and the router-to-router hops taken.
//                     The composition is models/valiant.h's, shared with the
//                     dragonfly.
//
// Endpoints: an endpoint's only hop is to its router, and the destination
// router's hop goes down to the endpoint; both on VC 0 (they end or begin
// every chain of dependencies, so they cannot close a cycle).  With p = 0 the
// routers are the terminals.  Reads no faults (local knowledge model).
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "core/error.h"
#include "models/routing_registry.h"
#include "models/slimfly.h"
#include "models/valiant.h"

namespace menger {
namespace {

// The minimal leg the routings of this file follow, from router `from` to `to`
// (from != to): the port to `to` when the two are adjacent, else the lowest
// network port of `from` whose neighbour is adjacent to `to`.  Diameter 2
// guarantees one of the two.
class MinimalLeg {
 public:
  MinimalLeg(const Network& net, const SlimFly& sf) : net_(net), sf_(sf) {
    neighbours_.resize(sf.routers());
    for (NodeId r = 0; r < sf.routers(); ++r) {
      for (PortId p = sf.endpoints_per_router(); p < net.num_ports(r); ++p)
        neighbours_[r].emplace_back(net.port(r, p).peer, p);
      std::sort(neighbours_[r].begin(), neighbours_[r].end());
    }
  }

  PortId first_port(NodeId from, NodeId to) const {
    if (auto p = port_to(from, to)) return *p;
    for (PortId p = sf_.endpoints_per_router(); p < sf_.endpoints_per_router() + sf_.network_degree(); ++p)
      if (port_to(net_.port(from, p).peer, to)) return p;
    MENGER_ASSERT(false, "slimfly: no common neighbour of " + net_.label(from) + " and " + net_.label(to));
    return 0;
  }

 private:
  const Network& net_;
  const SlimFly& sf_;
  std::vector<std::vector<std::pair<NodeId, PortId>>> neighbours_;  // (neighbour router, port), sorted

  std::optional<PortId> port_to(NodeId from, NodeId to) const {
    const auto& list = neighbours_[from];
    auto it = std::lower_bound(list.begin(), list.end(), std::make_pair(to, PortId{0}));
    if (it == list.end() || it->first != to) return std::nullopt;
    return it->second;
  }
};

// The state of both routings (models/valiant.h): `choosing` until the
// source router has chosen the intermediate, `via` that router until the hop
// that enters it, and the router-to-router hops taken.
constexpr ValiantFields kFields{FlagField{0, "intermediate not chosen"}, IdField{1, "to intermediate "}};
constexpr CountField kRouterHops{2, "router hop(s)"};

// The minimal leg between routers for the Valiant composition; every router
// hop counts for the VC.
class SlimFlyLegs final : public MinimalLegs {
 public:
  SlimFlyLegs(const Network& net, const SlimFly& sf) : net_(net), sf_(sf), leg_(net, sf) {}
  std::uint32_t intermediates() const override { return static_cast<std::uint32_t>(sf_.routers()); }
  bool may_serve(std::uint32_t i, NodeId here, NodeId target) const override { return i != here && i != target; }
  Step step(NodeId here, std::optional<std::uint32_t> via, NodeId target) const override {
    const NodeId goal = via ? static_cast<NodeId>(*via) : target;
    const PortId port = leg_.first_port(here, goal);
    return {port, via && net_.port(here, port).peer == goal, true};
  }

 private:
  const Network& net_;
  const SlimFly& sf_;
  MinimalLeg leg_;
};

// slimfly-min and slimfly-valiant: endpoints inject into their router and the
// destination router delivers, both on VC 0; the routers between follow the
// composition.
class SlimFlyRouting final : public Routing {
 public:
  SlimFlyRouting(const Network& net, const SlimFly& sf, PathChoice choice, std::uint32_t vcs)
      : net_(net), sf_(sf), legs_(net, sf), router_(legs_, choice, kFields, VcPerHop{kRouterHops, vcs}, false) {
    fields_.flag(kFields.choosing).id(kFields.via, [this](std::uint32_t r) { return net_.label(r); });
    fields_.count(kRouterHops);
  }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return router_.vcs().vcs; }
  PacketState start(NodeId, NodeId, FaultView&) const override { return router_.start(); }
  // An endpoint is read only through its router and, there, its port; the
  // state names an intermediate router, never an endpoint.
  bool destination_switch_invariant() const override { return true; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    if (here >= sf_.routers()) {  // an endpoint injects into its router
      out.push_back(Hop{0, 0, state});
      return;
    }
    const NodeId target = sf_.router_of(dst);
    if (here == target) {  // whatever the leg (header); here != dst: dst is an endpoint of this router
      out.push_back(Hop{sf_.endpoint_port(sf_.endpoint_index(dst)), 0, state});
      return;
    }
    router_.next(here, state, target, faults, out);
  }

  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }

 private:
  const Network& net_;
  const SlimFly& sf_;
  SlimFlyLegs legs_;
  ValiantRouter router_;
  StateFields fields_;
};

const SlimFly& slimfly_of(const Network& net, const std::string& routing) {
  const auto* sf = dynamic_cast<const SlimFly*>(&net.topology());
  if (sf == nullptr)
    throw InputError(routing + " is defined on Slim Fly networks only, e.g. slimfly(q=5), not on " + net.spec());
  return *sf;
}

}  // namespace

void register_slimfly_routings(RoutingRegistry& reg) {
  reg.add(RoutingFamily{
      "slimfly-min",
      "Slim Fly minimal routing (1 or 2 router hops, lowest-port intermediate); VC = hop index with vcs=2",
      "Besta and Hoefler, Slim Fly, SC 2014, minimal routing and its deadlock freedom with 2 VCs",
      {ParamSpec::integer("vcs", "virtual channels: 2 (hop i on VC i, deadlock-free) or 1 (every hop on VC 0)")
           .range(1, 2)
           .defaults_to(SpecValue::make_int(2))},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        return std::make_unique<SlimFlyRouting>(net, slimfly_of(net, "slimfly-min"), PathChoice::Minimal,
                                                static_cast<std::uint32_t>(p.integer("vcs")));
      }});
  reg.add(RoutingFamily{
      "slimfly-valiant",
      "Slim Fly Valiant: minimally to any intermediate router, then to the destination (every choice must work)",
      "Besta and Hoefler, Slim Fly, SC 2014, Valiant routing and its deadlock freedom with 4 VCs",
      {ParamSpec::integer("vcs", "virtual channels: router hop i (i = 0..3) on VC min(i, vcs - 1); 4 is deadlock-free")
           .range(1, 4)
           .defaults_to(SpecValue::make_int(4))},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        return std::make_unique<SlimFlyRouting>(net, slimfly_of(net, "slimfly-valiant"), PathChoice::Valiant,
                                                static_cast<std::uint32_t>(p.integer("vcs")));
      }});
}

}  // namespace menger
