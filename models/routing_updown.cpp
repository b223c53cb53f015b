// up*/down* routing on any connected network (M. D. Schroeder, A. D. Birrell,
// M. Burrows, H. Murray, R. M. Needham, T. L. Rodeheffer, E. H. Satterthwaite
// and C. P. Thacker, "Autonet: a high-speed, self-configuring local area
// network using point-to-point links", IEEE JSAC 9(8), 1991: up*/down* routing).
//
// Autonet's rule: a breadth-first spanning tree from a root switch gives every
// node a level (its distance to the root); the "up" end of a link is the end
// closer to the root, and of two ends at the same level the one with the lower
// id (Autonet breaks ties by switch UID; we use node ids).  A legal route takes
// zero or more up links, then zero or more down links, never an up link after
// a down link.  Hence no dependency leads from a down channel to an up one,
// and a cycle of dependencies would use only up channels or only down
// channels, along which the ends' (level, id) ranks strictly decrease or
// increase: impossible.  So one virtual channel suffices (Autonet's argument).
//
// The routing offers every next hop that lies on a shortest legal route
// (choice=all, adaptive: every choice must deliver) or the lowest such port
// (choice=first).  The packet state: whether the packet has taken a down
// link (kDown).  Endpoints never relay: the tree spans the forwarding nodes, and a
// host hangs below its switch (its link is a down link), so a host is injected
// into and consumes packets but is never crossed.
//
// Root: parameter `root` (a node id, a forwarding node); by default the
// forwarding node of lowest id.  Faults are not read: Autonet recomputes the
// tree after a failure (a reconfiguration we do not model), so a hop over a
// failed unit is the engine's Blocked.
//
// Cost: distances of every (node, phase) to every terminal destination are
// computed once (a backward breadth-first search per destination,
// O(terminals * links)); networks with more than 2^24 (node, terminal) pairs
// are refused.
#include <deque>
#include <limits>

#include "core/error.h"
#include "models/packet_fields.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

constexpr std::uint16_t kFar = std::numeric_limits<std::uint16_t>::max();
constexpr FlagField kDown{0, "down", "up"};

class UpDownRouting final : public Routing {
 public:
  UpDownRouting(const Network& net, NodeId root, bool all)
      : net_(net), all_(all), level_(bfs_levels(root)), dest_index_(net.num_nodes(), kNone) {
    for (NodeId v = 0; v < net.num_nodes(); ++v)
      if (net.is_terminal(v)) {
        dest_index_[v] = static_cast<std::uint32_t>(dist_.size());
        dist_.push_back(distances_to(v));
      }
  }

  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    if (dest_index_[dst] == kNone) return;  // not a terminal: never a destination
    const std::vector<std::uint16_t>& d = dist_[dest_index_[dst]];
    const std::uint16_t now = d[at(here, kDown(state))];
    if (now == kFar) return;
    for (PortId p = 0; p < net_.num_ports(here); ++p) {
      const PortSlot& s = net_.port(here, p);
      if (!s.connected() || (s.peer != dst && !net_.forwards(s.peer))) continue;
      const bool up = is_up(here, s.peer);
      if (up && kDown(state)) continue;  // no up link after a down link
      PacketState after = state;
      kDown.set(after, !up);
      if (d[at(s.peer, !up)] + 1 != now) continue;
      out.push_back(Hop{p, 0, after});
      if (!all_) return;
    }
  }

 private:
  static constexpr std::uint32_t kNone = UINT32_MAX;
  const Network& net_;
  bool all_;
  StateFields fields_ = StateFields().flag(kDown);
  std::vector<std::uint32_t> level_;
  std::vector<std::uint32_t> dest_index_;
  std::vector<std::vector<std::uint16_t>> dist_;  // per terminal: index at(node, phase)

  std::size_t at(NodeId v, std::int32_t phase) const { return std::size_t{v} * 2 + (phase ? 1 : 0); }

  // Is the hop from u to w an up hop?  w is the up end: nearer the root, or
  // as near with the lower id.
  bool is_up(NodeId u, NodeId w) const { return level_[w] < level_[u] || (level_[w] == level_[u] && w < u); }

  // Breadth-first levels from the root; endpoints are reached but never expanded.
  std::vector<std::uint32_t> bfs_levels(NodeId root) const {
    std::vector<std::uint32_t> level(net_.num_nodes(), UINT32_MAX);
    std::deque<NodeId> queue{root};
    level[root] = 0;
    while (!queue.empty()) {
      const NodeId x = queue.front();
      queue.pop_front();
      if (!net_.forwards(x)) continue;
      for (const PortSlot& s : net_.ports(x))
        if (s.connected() && level[s.peer] == UINT32_MAX) {
          level[s.peer] = level[x] + 1;
          queue.push_back(s.peer);
        }
    }
    for (NodeId v = 0; v < net_.num_nodes(); ++v)
      if (level[v] == UINT32_MAX)
        throw InputError("updown needs a connected network: " + net_.label(v) + " is not reachable from the root " +
                         net_.label(root) + " in " + net_.spec());
    return level;
  }

  // Shortest legal route length from every (node, phase) to dst: a backward
  // breadth-first search over (node, phase) states.
  std::vector<std::uint16_t> distances_to(NodeId dst) const {
    std::vector<std::uint16_t> d(std::size_t{net_.num_nodes()} * 2, kFar);
    std::deque<std::pair<NodeId, int>> queue{{dst, 0}, {dst, 1}};
    d[at(dst, 0)] = d[at(dst, 1)] = 0;
    while (!queue.empty()) {
      const auto [w, phase] = queue.front();
      queue.pop_front();
      if (w != dst && !net_.forwards(w)) continue;  // endpoints never relay
      for (const PortSlot& s : net_.ports(w)) {
        if (!s.connected()) continue;
        const NodeId u = s.peer;
        const bool up = is_up(u, w);  // the hop u -> w
        if (up != (phase == 0)) continue;  // an up hop lands in phase 0, a down hop in phase 1
        for (int from : {0, 1}) {
          if (up && from == 1) continue;
          if (d[at(u, from)] != kFar) continue;
          d[at(u, from)] = static_cast<std::uint16_t>(d[at(w, phase)] + 1);
          queue.emplace_back(u, from);
        }
      }
    }
    return d;
  }
};

NodeId default_root(const Network& net) {
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.forwards(v)) return v;
  throw InputError("updown needs a switch or router to root its tree; " + net.spec() + " has none");
}

std::unique_ptr<Routing> build_updown(const Network& net, const BoundParams& p) {
  if (net.has_directed_links()) throw InputError("updown is defined on networks of bidirectional links, not on " + net.spec());
  const std::uint64_t terminals = [&] {
    std::uint64_t t = 0;
    for (NodeId v = 0; v < net.num_nodes(); ++v) t += net.is_terminal(v);
    return t;
  }();
  if (terminals * net.num_nodes() > (std::uint64_t{1} << 24))
    throw InputError("updown precomputes its routes: " + net.spec() + " has too many (node, terminal) pairs");
  NodeId root = default_root(net);
  if (p.has("root")) {
    const std::int64_t r = p.integer("root");
    if (r >= static_cast<std::int64_t>(net.num_nodes()) || !net.forwards(static_cast<NodeId>(r)))
      throw InputError("updown: root = " + std::to_string(r) + " must be the id of a switch or router of " + net.spec());
    root = static_cast<NodeId>(r);
  }
  return std::make_unique<UpDownRouting>(net, root, p.word("choice") == "all");
}

}  // namespace

void register_updown_routings(RoutingRegistry& reg) {
  RoutingFamily f{
      "updown",
      "Autonet up*/down*: BFS spanning tree from a root, up links then down links, shortest legal routes; 1 VC",
      "Schroeder et al., Autonet, IEEE JSAC 9(8) 1991 (up*/down* routing)",
      {ParamSpec::integer("root", "node id of the tree's root (a switch or router; default: the lowest such id)")
           .range(0)
           .may_be_absent(),
       ParamSpec::choice("choice", "all: every next hop on a shortest legal route (adaptive); first: the lowest port",
                         {"all", "first"})
           .defaults_to(SpecValue::make_word("all"))},
      {}};
  f.build = [](const Network& net, const BoundParams& p) { return build_updown(net, p); };
  reg.add(std::move(f));
}

}  // namespace menger
