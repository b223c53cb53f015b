// Channel dependency graphs (DESIGN.md "Deadlock"; Dally and Seitz, IEEE TC
// 36(5), 1987; Duato, IEEE TPDS 4(12), 1993).
//
// Every required (source, destination) pair is injected and followed through
// every hop the routing may offer, over the reachable configurations
// (channel held, packet state, destination).  A packet holding channel ci that
// may request channel cj makes the dependency ci -> cj.  Injection and
// ejection channels are not in the graph: a packet is injected from its own
// queue and consumed at its destination (the usual consumption assumption).
// A packet for its own source (io pairs of multistage networks) is delivered
// without entering the network, as in route_run.h.
//
// Escape channels.  The analysis is done for a set of escape virtual channels
// E (all of them for the plain graph).  The routing subfunction R1 is the set of
// hops on channels of E at every reachable configuration.  The extended
// dependency graph of R1 (Duato 1993, definitions 8-10) has the escape
// channels as vertices and an edge ci -> cj when a packet holding ci may reach
// cj directly (direct dependency) or through non-escape channels only, all for
// one destination (indirect dependency).  Since every use of an escape channel
// is a use by R1 here, Duato's cross dependencies (an escape channel supplied
// as an adaptive one) do not arise.
//
// Rather than listing indirect dependencies (their number grows with the
// square of the channels), the engine builds one graph H: the escape channels,
// plus one vertex per (non-escape configuration, destination), with the hops
// as edges.  A cycle of the extended graph is a cycle of H through an escape
// vertex and back (split it at escape vertices: each piece stays inside one
// destination's configurations), and a cycle of H through an escape vertex is
// such a cycle.  So the extended graph is acyclic exactly when no strongly
// connected component of H holds an escape vertex and a cycle.
//
// Bubble flow control (003 section 3; Carrion, Beivide, Gregorio and Vallejo,
// HiPC 1997; with Duato's escape channels as in Puente et al., "Adaptive bubble
// router", ICPP 1999).  Assumed: virtual cut-through, every channel buffers at
// least two packets, and a hop the routing marks `bubble` (core/routing.h) waits
// for room for two.  A bubble ring is a cycle c0 -> c1 -> ... -> c0 of escape
// channels such that the one-buffer hop from c(i) is the only way into c(i+1)
// that is not a bubble hop (injection, a hop from any other channel and a path
// through non-escape channels all are), and no hop from c(i) to c(i+1) is one.
// Such a ring never fills: a packet entering it leaves a free buffer behind,
// and moving round it does not change its load.  So the engine contracts each
// bubble ring into one vertex, drops its ring hops, and tests the quotient as
// above.  Why that suffices: in a deadlock every packet waits for full
// channels.  Take the last vertex of the acyclic quotient that holds a packet.
// A single channel there: its packets wait only for later, empty channels, a
// contradiction.  A ring: walking back from one of its free buffers reaches a
// packet at the head of the channel before it; that packet's hops go to later,
// empty vertices or round the ring into the free buffer by a one-buffer hop,
// so it can move, again a contradiction.  A cycle inside a ring is accepted;
// every other cycle (one that enters a ring by a one-buffer hop, or leaves a
// ring and comes back to it) is still reported, expanded back into channels.
//
// Since bubble flow control needs virtual cut-through, a routing with bubble
// hops is analysed as a cut-through network: Duato's condition for cut-through
// (Duato, IEEE TPDS 7(8), 1996) counts direct dependencies between escape
// channels only, because a packet that has left an escape channel for a
// non-escape one no longer holds any part of it.  The argument above carries
// over with "its escape hops" for "its hops": the subfunction is connected, so
// every packet has one.  Entries into a ring from non-escape channels still
// count for its protection.
//
// One exploration, many analyses: every packet is followed once (explore());
// the graph H of any escape set is a projection of what was found, so the plain
// graph and each escape set Duato's search tries share one walk of the routing.
//
// Bounds.  The exploration checks the budget (core/budget.h: time, memory
// limit, cancellation) every few hundred configurations, so a budget stops it
// with BudgetExhausted.  A routing whose packet state never repeats (a counter
// bumped at every hop of a packet that never arrives: a livelock) has
// infinitely many configurations; so the distinct states the packets for one
// destination take are capped at packet_state_cap(), 4 x (2N + 16) for N
// nodes, and one beyond it is an InputError naming the routing, the
// destination, the new state and the state it was made from (describe_state),
// the node and the hop.  Why that cap: 2N + 16 is route runs' hop limit
// (route_run.h), so a state that only counts hops takes at most 2N + 17 values
// on the branches route-check accepts; a state that names a node takes N; the
// built-in routings, with their phases, misroute counters and saved ids, stay
// far below 2N (measured on every deadlock instance of proofs/ and on fault
// sets of the fault-tolerant ones: at most 21 states for N = 16, ft-torus on
// mesh(4,4) under 2 faults; 54 for N = 250, slimfly-valiant); a factor of 4
// over the hop limit leaves room for products of a few such fields.  It is a per-destination
// bound, so the configurations kept stay within (channels x the cap) per
// destination before the error, and the memory limit bounds the rest.
//
// Determinism: destinations are explored and projected in parallel (TBB) into
// per-destination parts numbered in destination order, and each dependency
// keeps the least (source, destination) packet that creates it (a minimum, and
// the kinds an OR, whatever the order of merging), so every output is the same
// for any thread count.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "core/fault.h"
#include "core/routing.h"
#include "verify/fault_model.h"

namespace menger {

// A packet: injected at src for dst.
struct PacketRef {
  NodeId src = kNoNode, dst = kNoNode;
  auto operator<=>(const PacketRef&) const = default;
};

// A dependency of the extended graph: ci -> cj, created by `packet`, through
// the non-escape channels `via` (empty for a direct dependency).
struct ChannelDependency {
  ChannelId from = 0, to = 0;
  PacketRef packet;
  std::vector<ChannelId> via;
};

// A place where the routing offers nothing usable: the packet cannot move on.
struct RoutingGap {
  PacketRef packet;
  NodeId node = kNoNode;
  std::string what;
};

struct DependencyOptions {
  std::vector<bool> escape_vcs;      // per VC; empty: every VC (the plain graph)
  const FaultSet* faults = nullptr;  // null: no faults
  std::uint32_t fault_budget = 0;    // for budget-aware reads (route_run.h)
  bool keep_configurations = false;  // record each non-escape configuration's packet and state
  // When some configuration has no escape hop (Duato's condition already
  // fails), build no graph and analyse nothing (stopped_early).
  bool stop_at_escape_gap = false;
  Budget budget;                     // the question's
};

// The graph H of the header: vertices [0, channels) are the channels (only the
// escape ones carry edges), then the non-escape configurations of every
// destination, destination by destination.  One edge per (from, to), with
// the least packet that creates it.
struct ConfigurationGraph {
  // Kinds of hop that make an edge: one-buffer, bubble (core/routing.h), or both.
  static constexpr std::uint8_t kOneBuffer = 1, kBubble = 2;
  struct Edge {
    std::uint32_t from, to;
    PacketRef packet;
    std::uint8_t kinds = kOneBuffer;
    bool operator<(const Edge& o) const { return std::tie(from, to, packet) < std::tie(o.from, o.to, o.packet); }
  };
  std::uint64_t channels = 0;
  std::vector<ChannelId> local_channel;   // channel held in vertex channels + i
  std::vector<PacketRef> local_packet;    // with keep_configurations: a packet reaching it
  std::vector<PacketState> local_state;   // with keep_configurations: its state
  std::vector<Edge> edges;                // sorted by (from, to)
  std::vector<ChannelId> injected;        // escape channels some packet enters from its source
                                          // by a one-buffer hop (sorted)
  std::uint32_t vertices() const { return static_cast<std::uint32_t>(channels + local_channel.size()); }
  ChannelId channel_of(std::uint32_t v) const { return v < channels ? v : local_channel[v - channels]; }
};

struct DependencyAnalysis {
  std::uint32_t vcs = 1;
  std::vector<bool> escape_vcs;        // per VC
  bool adaptive = false;               // some configuration offered several hops
  std::uint64_t packets = 0;           // pairs injected
  std::uint64_t configurations = 0;    // reachable (channel, state, destination)
  std::uint64_t direct_dependencies = 0;  // distinct escape -> escape edges
  std::uint64_t graph_vertices = 0, graph_edges = 0;  // of H
  std::vector<ChannelId> escape_channels_used;
  bool acyclic = true;
  std::vector<ChannelDependency> cycle;  // when cyclic: c0 -> c1 -> ... -> c0
  std::vector<ChannelId> order;          // when acyclic: the escape channels used, in
                                         // an order every dependency goes forward in
                                         // (a bubble ring's channels together, in ring order)
  std::vector<std::vector<ChannelId>> rings;  // bubble rings (header), each in ring order
  bool bubble_hops = false;              // the routing marked some hop `bubble`
  bool cut_through = false;              // analysed as virtual cut-through (bubble_hops)
  std::optional<RoutingGap> escape_gap;  // a reachable configuration without an escape hop
  std::optional<RoutingGap> gap;         // a packet dropped or sent over a fault
  std::vector<std::size_t> reads;        // healthy fault units the routing read (sorted)
  bool stopped_early = false;            // stop_at_escape_gap hit: no graph was built
  // > 0: checked on this many destinations, one per translation orbit, standing
  // for `terminals_represented`; the dependency and vertex counts are then of
  // the quotient graph (verify/deadlock/dependency_quotient.h).
  std::uint64_t destinations_explored = 0, terminals_represented = 0;
  double seconds = 0;                    // building and checking
  double check_seconds = 0;              // of which checking (components, cycle or order)
};

// Every packet followed once, for every analysis of one routing under one
// fault set: the reachable configurations (channel held, packet state) of each
// destination and the hops between them.  An analysis for a set of escape VCs
// is a projection of it (configuration_graph below), so Duato's search over
// escape sets, and the plain graph before it, explore the routing only once.
//
// Memory (issue 40): every destination's configurations are held until the
// analyses end, so they are packed: a state is stored once per destination and
// named by its index, a hop is 4 bytes, and each configuration's hops are one
// run of `edges` (in configuration order, found by `edge_start`).
struct ExploredDestination {
  // A hop: the configuration reached (under 2^31) and its kind, in one word.
  class Step {
   public:
    Step(std::uint32_t to, std::uint8_t kind) : bits_(to | (kind == ConfigurationGraph::kBubble ? kBubbleBit : 0u)) {}
    std::uint32_t to() const { return bits_ & ~kBubbleBit; }
    std::uint8_t kind() const { return bits_ & kBubbleBit ? ConfigurationGraph::kBubble : ConfigurationGraph::kOneBuffer; }

   private:
    static constexpr std::uint32_t kBubbleBit = 1u << 31;
    std::uint32_t bits_;
  };
  static constexpr std::uint32_t kMaxConfigurations = 1u << 31;
  std::vector<ChannelId> channel;    // per configuration: the channel held
  std::vector<std::uint32_t> state_index;  // per configuration: its packet's state in `states`
  std::vector<PacketState> states;   // the distinct states, each once (a state is 32 bytes, a
                                     // destination's packets take a few dozen: issue 40's memory)
  std::vector<NodeId> src;           // per configuration: the source of the packet that reached it first
  std::vector<std::uint32_t> edge_start;  // per configuration and one more: where its hops start in `edges`
  std::vector<bool> offers;          // per configuration: the routing offered some hop there
  std::vector<Step> edges;           // hops between configurations, configuration by configuration
  std::vector<Step> injections;      // hops from the sources
  std::vector<std::uint32_t> expanded;  // configurations in the order they were expanded
  std::vector<ChannelId> folded;     // explore_destination's folded first hops: the channel of each
                                     // distinct (channel, state), as configurations would count them
  std::uint64_t packets = 0;
  bool adaptive = false, bubble_hops = false;
  std::optional<RoutingGap> gap;
  std::vector<std::size_t> reads;
  const PacketState& state(std::uint32_t c) const { return states[state_index[c]]; }
  std::span<const Step> hops(std::uint32_t c) const {
    return {edges.data() + edge_start[c], edges.data() + edge_start[c + 1]};
  }
};

class Exploration {
 public:
  Exploration(const Routing& r, const FaultModel& m, Budget b = Budget())
      : space(m.network(), r.vcs()), budget(std::move(b)), routing_(&r), model_(&m) {}
  const Routing& routing() const { return *routing_; }
  const Network& network() const { return model_->network(); }
  ChannelSpace space;
  Budget budget;  // the question's: the exploration and the analyses of it run under it
  std::vector<ExploredDestination> destinations;  // by destination node
  std::uint64_t packets = 0, configurations = 0;
  bool adaptive = false, bubble_hops = false;
  std::optional<RoutingGap> gap;
  std::vector<std::size_t> reads;  // healthy fault units the routing read (sorted)
  double seconds = 0;

 private:
  const Routing* routing_;
  const FaultModel* model_;
};

// The most distinct packet states the packets for one destination may take
// (header, "Bounds"): 4 x the default hop limit (route_run.h), 4 x (2N + 16)
// for a network of N nodes.
std::uint64_t packet_state_cap(const Network& net);

// Throws InputError when the routing's answers are malformed for the network
// (a port that does not exist, a virtual channel beyond vcs()) or its states
// exceed packet_state_cap(), and BudgetExhausted when the budget runs out.
Exploration explore(const Routing& routing, const FaultModel& model, const FaultSet* faults = nullptr,
                    std::uint32_t fault_budget = 0, const Budget& budget = Budget());
// One destination's packets alone, fault-free, for analyses that do not keep
// every destination's configurations (verify/deadlock/dependency_quotient.h).  With
// fold_endpoint_injection, a packet's first hop out of its source endpoint
// holds no configuration: the channels it takes are listed in `folded`.
ExploredDestination explore_destination(const Routing& routing, const FaultModel& model, const ChannelSpace& space,
                                        NodeId d, bool fold_endpoint_injection, const Budget& budget = Budget());
// The analysis for `escape_vcs` (empty: every VC) from a shared exploration;
// with stop_at_escape_gap, no graph is built once Duato's connectedness fails.
DependencyAnalysis analyse_dependencies(const Exploration& x, const std::vector<bool>& escape_vcs,
                                        bool stop_at_escape_gap = false);
ConfigurationGraph configuration_graph(const Exploration& x, const std::vector<bool>& escape_vcs,
                                       bool keep_configurations, bool stop_at_escape_gap, DependencyAnalysis& stats);

// The analysis of the graph H for a.escape_vcs on x, read where the
// exploration holds it (dependency_view.cpp has the how): fills
// escape_channels_used, graph_vertices, graph_edges, direct_dependencies,
// rings, cut_through, acyclic and the cycle or the order; a.bubble_hops must
// already be set.  Throws BudgetExhausted when the exploration's budget runs out.
void analyse_explored_graph(const Exploration& x, DependencyAnalysis& a);

// The same, exploring first.  Throws as explore().
DependencyAnalysis analyse_dependencies(const Routing& routing, const FaultModel& model,
                                        const DependencyOptions& opt);

// The graph H alone, with the counts of `stats` filled (not its cycle or order).
ConfigurationGraph configuration_graph(const Routing& routing, const FaultModel& model,
                                       const DependencyOptions& opt, DependencyAnalysis& stats);

// "X+ (0,0)->(1,0) vc1"-style name of a channel for reports.
std::string channel_name(const Network& net, const ChannelSpace& space, ChannelId c);

}  // namespace menger
