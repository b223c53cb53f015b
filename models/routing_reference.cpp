// The reference routing: any fault-free shortest path (issue 4).
//
// With global fault knowledge, at each node it offers every port whose far end
// is one hop closer to the destination in the network minus the faults
// (choice=all: adaptive, every choice must deliver) or the lowest such port
// (choice=first).  Paths relay only through nodes that forward.  Its tolerance
// must equal the topology's connectivity: with fewer faults than the
// connectivity every pair stays connected and a shortest path exists; with
// that many, some pair is cut.  The tests check exactly that against the flow
// engine.
//
// Fault reads: a breadth-first search from the destination, backwards along
// usable links, stopped as soon as the current node is reached, so it reads
// the ball around the destination and no more.
#include <deque>
#include <vector>

#include "core/error.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

class ShortestPathRouting final : public Routing {
 public:
  ShortestPathRouting(const Network& net, bool all) : net_(net), all_(all) {}
  FaultKnowledge knowledge() const override { return FaultKnowledge::Global; }
  bool translation_invariant() const override { return true; }
  // Distances, port order and fault answers are all that it reads.
  bool port_automorphism_invariant() const override { return true; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    std::vector<std::uint32_t> dist = distances_to(here, dst, faults);
    if (dist[here] == kFar) return;
    for (PortId p = 0; p < net_.num_ports(here); ++p) {
      const PortSlot& s = net_.port(here, p);
      if (!s.connected() || s.dir == PortDir::In || dist[s.peer] + 1 != dist[here]) continue;
      if (faults.link_faulty(s.link)) continue;
      out.push_back(Hop{p, 0, state});
      if (!all_) return;
    }
  }

 private:
  static constexpr std::uint32_t kFar = UINT32_MAX - 1;
  const Network& net_;
  bool all_;

  // Hop distance to dst of every node settled before `here` is reached.
  std::vector<std::uint32_t> distances_to(NodeId here, NodeId dst, FaultView& faults) const {
    std::vector<std::uint32_t> dist(net_.num_nodes(), kFar);
    std::deque<NodeId> queue{dst};
    dist[dst] = 0;
    while (!queue.empty()) {
      NodeId x = queue.front();
      queue.pop_front();
      if (dist[here] != kFar && dist[x] >= dist[here]) break;  // every node one hop closer is settled
      if (x != dst && !net_.forwards(x)) continue;               // endpoints never relay
      for (const PortSlot& s : net_.ports(x)) {
        if (!s.connected() || s.dir == PortDir::Out || dist[s.peer] != kFar) continue;
        if (faults.link_faulty(s.link) || faults.node_faulty(s.peer)) continue;
        dist[s.peer] = dist[x] + 1;
        queue.push_back(s.peer);
      }
    }
    return dist;
  }
};

}  // namespace

void register_reference_routings(RoutingRegistry& reg) {
  reg.add(RoutingFamily{
      "shortest",
      "any fault-free shortest path, global fault knowledge (reference; tolerance = connectivity)",
      "issue 4 reference routing",
      {ParamSpec::choice("choice", "all: every shortest next hop (adaptive); first: the lowest port",
                         {"all", "first"})
           .defaults_to(SpecValue::make_word("all"))
           .hidden_at_default()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        return std::make_unique<ShortestPathRouting>(net, p.word("choice") == "all");
      }});
}

}  // namespace menger
