// Minimal routing on the Slim Fly (models/slimfly.h; Besta and Hoefler, SC 2014,
// the routing and deadlock-freedom sections).
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
//                     graph is acyclic.  Packet state w[0]: router-to-router
//                     hops taken.
//                     vcs=1 puts every hop on VC 0: two-hop routes then chain
//                     into cycles (the deadlock-prone reference).
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

class SlimFlyMinimal final : public Routing {
 public:
  SlimFlyMinimal(const Network& net, const SlimFly& sf, std::uint32_t vcs) : sf_(sf), leg_(net, sf), vcs_(vcs) {}
  std::string spec() const override { return "slimfly-min(vcs=" + std::to_string(vcs_) + ")"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return vcs_; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    if (here >= sf_.routers()) {  // an endpoint injects into its router
      out.push_back(Hop{0, 0, state});
      return;
    }
    const NodeId target = sf_.router_of(dst);
    if (here == target) {  // here != dst: dst is an endpoint of this router
      out.push_back(Hop{sf_.endpoint_port(sf_.endpoint_index(dst)), 0, state});
      return;
    }
    PacketState after = state;
    after.w[0] = state.w[0] + 1;
    const auto vc = static_cast<std::uint32_t>(std::min<std::int32_t>(state.w[0], static_cast<std::int32_t>(vcs_) - 1));
    out.push_back(Hop{leg_.first_port(here, target), vc, after});
  }

 private:
  const SlimFly& sf_;
  MinimalLeg leg_;
  std::uint32_t vcs_;
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
        return std::make_unique<SlimFlyMinimal>(net, slimfly_of(net, "slimfly-min"),
                                                static_cast<std::uint32_t>(p.integer("vcs")));
      }});
}

}  // namespace menger
