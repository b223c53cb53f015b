#include "verify/deadlock/dependency_graph.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <unordered_map>
#include <tuple>
#include <unordered_set>

#include "core/error.h"
#include "verify/route/route_run.h"

namespace menger {

namespace {

bool node_failed(const FaultModel& m, const FaultSet* f, NodeId v) {
  if (f == nullptr) return false;
  auto u = m.unit_of_node(v);
  return u && f->contains(*u);
}

struct Key {
  ChannelId channel;
  PacketState state;
  bool operator==(const Key&) const = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const { return k.state.hash() * 0x9E3779B97F4A7C15ull ^ k.channel; }
};
struct StateHash {
  std::size_t operator()(const PacketState& s) const { return s.hash(); }
};

// How often (in configurations expanded) an explorer checks the budget: a
// Python routing's call costs microseconds, a C++ routing's tens of
// nanoseconds, so a check (an atomic load and a clock read) every 256 calls
// is noise for both and still several times a millisecond.
constexpr std::uint32_t kCheckEvery = 256;

// The budget in the phases below, which hold every
// destination's configurations (gigabytes on a torus(300,300)): checked per
// destination, and every kSourcesPerCheck packets inside one (a destination
// of 90,000 sources takes a tenth of a second), with the destinations done
// so far as the phase's progress.
constexpr const char* kExploring = "exploring every packet's configurations (the channel dependency graph)";
constexpr const char* kExploringOne = "exploring the packets for one destination";
constexpr std::uint32_t kSourcesPerCheck = 16;
struct PhaseProgress {
  explicit PhaseProgress(const Budget& b) : budget(b) {}
  const Budget& budget;
  std::atomic<std::uint64_t> done{0};
  std::uint64_t total = 0;
  void check(const char* phase) const { budget.check(phase, done.load(std::memory_order_relaxed), total); }
};

// Follows every packet for one destination at a time; one per thread.
class Explorer {
 public:
  Explorer(const Routing& r, const FaultModel& m, const FaultSet* faults, std::uint32_t budget,
           const ChannelSpace& s, const Budget& question_budget, bool fold = false,
           const PhaseProgress* progress = nullptr)
      : routing_(r), model_(m), faults_(faults), budget_(budget), space_(s), view_(m, r.knowledge()),
        empty_(m.universe().size()), fold_(fold), state_cap_(packet_state_cap(m.network())), progress_(progress),
        question_budget_(&question_budget) {}

  // Throws BudgetExhausted when the question's budget runs out and
  // InputError when the packets for d take more than packet_state_cap()
  // distinct states (the header).
  void explore(NodeId d, ExploredDestination& b) {
    view_.reset(faults_ ? *faults_ : empty_, budget_);
    seen_.clear();
    folded_seen_.clear();
    folded_keys_.clear();  // (filled by inject_folded, made distinct at the end)
    states_.clear();
    steps_.clear();
    ranges_.clear();
    std::uint32_t since_check = 0;
    for (NodeId s : model_.terminals()) {
      if (s == d || !model_.pair_required(s, d) || node_failed(model_, faults_, s)) continue;
      if (++since_check == kSourcesPerCheck) {
        since_check = 0;
        if (progress_) progress_->check(kExploring);
        else question_budget_->check(kExploringOne);
      }
      ++b.packets;
      view_.at(s);
      const PacketState st = routing_.start(s, d, view_);
      if (fold_ && !model_.network().forwards(s)) inject_folded(b, d, s, st);
      else expand(b, d, s, kInjection, s, st);
      while (!stack_.empty()) {
        const Item it = stack_.back();
        stack_.pop_back();
        if (it.node == d) continue;
        const PacketState at = b.state(it.config);  // a copy: expanding grows b.states
        expand(b, d, s, it.config, it.node, at);
      }
    }
    b.reads = view_.reads();
    pack_edges(b);
    list_folded(b);
  }

 private:
  static constexpr std::uint32_t kInjection = ~std::uint32_t{0};
  struct Item {
    NodeId node;
    std::uint32_t config;
  };
  const Routing& routing_;
  const FaultModel& model_;
  const FaultSet* faults_;
  std::uint32_t budget_;
  const ChannelSpace& space_;
  RecordingFaultView view_;
  FaultSet empty_;
  std::unordered_map<Key, std::uint32_t, KeyHash> seen_;
  // This destination's hops in the order they were made, and each
  // configuration's run of them; pack_edges puts them in configuration order.
  std::vector<ExploredDestination::Step> steps_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges_;

  // b.folded: the channel of each distinct (channel, state) first hop folded.
  void list_folded(ExploredDestination& b) {
    std::sort(folded_keys_.begin(), folded_keys_.end(), [](const Key& x, const Key& y) {
      return std::tie(x.channel, x.state) < std::tie(y.channel, y.state);
    });
    folded_keys_.erase(std::unique(folded_keys_.begin(), folded_keys_.end()), folded_keys_.end());
    b.folded.clear();
    for (const Key& k : folded_keys_) b.folded.push_back(k.channel);
    folded_keys_.clear();
  }

  void pack_edges(ExploredDestination& b) {
    b.edge_start.assign(1, 0);
    b.edges.clear();
    b.edges.reserve(steps_.size());
    for (const auto& [lo, hi] : ranges_) {
      b.edges.insert(b.edges.end(), steps_.begin() + lo, steps_.begin() + hi);
      b.edge_start.push_back(static_cast<std::uint32_t>(b.edges.size()));
    }
    steps_.clear();
    ranges_.clear();
  }
  std::vector<Item> stack_;
  Hops hops_, first_;
  bool fold_;
  struct NodeState {
    NodeId node;
    PacketState state;
    bool operator==(const NodeState&) const = default;
  };
  struct NodeStateHash {
    std::size_t operator()(const NodeState& k) const { return k.state.hash() * 0x9E3779B97F4A7C15ull ^ k.node; }
  };
  std::unordered_set<NodeState, NodeStateHash> folded_seen_;
  std::vector<Key> folded_keys_;  // a sort at the end is cheaper than a node per source in a hash set
  std::uint64_t state_cap_;
  // Distinct states of this destination's packets, each with its place in
  // ExploredDestination::states (kUnlisted for a state only a folded first hop takes).
  static constexpr std::uint32_t kUnlisted = ~std::uint32_t{0};
  std::unordered_map<PacketState, std::uint32_t, StateHash> states_;

  std::uint32_t intern(ExploredDestination& b, const PacketState& st) {
    auto [it, fresh] = states_.try_emplace(st, kUnlisted);
    if (it->second == kUnlisted) {
      it->second = static_cast<std::uint32_t>(b.states.size());
      b.states.push_back(st);
    }
    return it->second;
  }
  std::uint32_t until_check_ = kCheckEvery;

  // A state not seen before for d, reached from `from` at `here` over the
  // channel c: counted, and refused beyond the cap (header).
  void count_state(NodeId d, NodeId s, NodeId here, const PacketState& from, ChannelId c, const PacketState& st) {
    if (states_.size() < state_cap_) {
      states_.try_emplace(st, kUnlisted);
      return;
    }
    if (states_.count(st)) return;
    const Network& net = model_.network();
    throw InputError(
        routing_.spec() + " keeps making new packet states: its packets for " + net.label(d) + " take more than " +
        std::to_string(state_cap_) + " distinct states (the cap: 4 x (2 x " + std::to_string(net.num_nodes()) +
        " nodes + 16)); the latest is [" + routing_.describe_state(st) + "], made at " + net.label(here) +
        " from [" + routing_.describe_state(from) + "] for the hop " + channel_name(net, space_, c) +
        " (a packet from " + net.label(s) + ").  A state that changes at every hop while the packet never arrives "
        "is a livelock (route-check reports it: a repeated (node, state) or the hop limit); the deadlock engine "
        "would follow it for ever");
  }

  void check_budget() {
    if (--until_check_) return;
    until_check_ = kCheckEvery;
    question_budget_->check("following every packet through the routing (the channel dependency graph)");
  }
  const PhaseProgress* progress_;
  const Budget* question_budget_;

  // The hop's port slot if the packet can take it; otherwise the gap is noted
  // (or a malformed answer thrown) and the answer is null.
  const PortSlot* usable(ExploredDestination& b, NodeId d, NodeId s, NodeId here, const Hop& h) {
    const Network& net = model_.network();
    if (h.port >= net.num_ports(here) || h.vc >= space_.vcs())
      throw InternalError(routing_.spec() + " offered port " + std::to_string(h.port) + " vc " +
                          std::to_string(h.vc) + " at " + net.label(here) + ", which does not exist");
    const PortSlot& slot = net.port(here, h.port);
    if (!slot.connected() || slot.dir == PortDir::In) {
      note_gap(b, s, d, here,
               [&] { return "port " + std::to_string(h.port) + " of " + net.label(here) + " cannot send"; });
      return nullptr;
    }
    if (view_.hop_blocked(slot)) {
      note_gap(b, s, d, here,
               [&] { return "hop from " + net.label(here) + " to " + net.label(slot.peer) + " is faulty"; });
      return nullptr;
    }
    return &slot;
  }

  // With `fold_`: the channel out of a source endpoint can be entered by no
  // dependency, so its hops are folded into the injection (verify/
  // dependency_quotient.h) and the packet is injected where they lead, once
  // per (node, state) and destination.  The channels are kept in b.folded.
  void inject_folded(ExploredDestination& b, NodeId d, NodeId s, const PacketState& st) {
    check_budget();
    first_.clear();
    routing_.next(s, st, d, view_, first_);
    if (first_.empty()) note_gap(b, s, d, s, [&] { return "no hop offered at " + model_.network().label(s) + " (dropped)"; });
    b.adaptive |= first_.size() > 1;
    for (const Hop& h : first_) {  // expand() asks the routing into hops_, not first_
      const PortSlot* slot = usable(b, d, s, s, h);
      if (!slot) continue;
      const ChannelId c = space_.channel(slot->link, s, h.vc);
      folded_keys_.push_back(Key{c, h.state});
      count_state(d, s, s, st, c, h.state);
      if (slot->peer == d || !folded_seen_.insert({slot->peer, h.state}).second) continue;
      expand(b, d, s, kInjection, slot->peer, h.state);
    }
  }

  // Only the first gap of a destination is kept; its text is built only then.
  template <class Text>
  void note_gap(ExploredDestination& b, NodeId s, NodeId d, NodeId at, Text what) {
    if (!b.gap) b.gap = RoutingGap{{s, d}, at, what()};
  }

  // The hops from one configuration (or from the source, `from` = kInjection):
  // each becomes an edge and, if new, a configuration to expand.
  void expand(ExploredDestination& b, NodeId d, NodeId s, std::uint32_t from, NodeId here, const PacketState& st) {
    check_budget();
    const Network& net = model_.network();
    view_.at(here);
    hops_.clear();
    routing_.next(here, st, d, view_, hops_);
    const auto first_edge = static_cast<std::uint32_t>(steps_.size());
    if (from != kInjection) b.expanded.push_back(from);
    if (hops_.empty()) {
      note_gap(b, s, d, here, [&] { return "no hop offered at " + net.label(here) + " (dropped)"; });
    } else {
      b.adaptive |= hops_.size() > 1;
      if (from != kInjection) b.offers[from] = true;
    }
    for (const Hop& h : hops_) {
      const PortSlot* usable_slot = usable(b, d, s, here, h);
      if (!usable_slot) continue;
      const PortSlot& slot = *usable_slot;
      const ChannelId c = space_.channel(slot.link, here, h.vc);
      auto [pos, fresh] = seen_.try_emplace(Key{c, h.state}, static_cast<std::uint32_t>(b.channel.size()));
      if (fresh) {
        if (b.channel.size() == ExploredDestination::kMaxConfigurations)
          throw InputError("the packets for " + net.label(d) + " reach over 2^31 configurations (channel, state)");
        count_state(d, s, here, st, c, h.state);
        b.channel.push_back(c);
        b.state_index.push_back(intern(b, h.state));
        b.src.push_back(s);
        ranges_.emplace_back(0, 0);
        b.offers.push_back(false);
        stack_.push_back({slot.peer, pos->second});
      }
      b.bubble_hops |= h.bubble;
      const std::uint8_t kind = h.bubble ? ConfigurationGraph::kBubble : ConfigurationGraph::kOneBuffer;
      (from == kInjection ? b.injections : steps_).emplace_back(pos->second, kind);
    }
    if (from != kInjection) ranges_[from] = {first_edge, static_cast<std::uint32_t>(steps_.size())};
  }
};

using Edge = ConfigurationGraph::Edge;

constexpr const char* kBuildingGraph = "building the channel dependency graph";

// One destination's part of the graph H for the escape VCs `escape`.
struct Projected {
  std::vector<Edge> edges;
  std::vector<ChannelId> injected, escape_seen, local_channel;
  std::vector<PacketRef> local_packet;
  std::vector<PacketState> local_state;
};

// Sorted edges to one per (from, to): the least packet, the kinds of all its hops.
void merge_duplicates(std::vector<Edge>& edges) {
  std::size_t out = 0;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (out > 0 && edges[out - 1].from == edges[i].from && edges[out - 1].to == edges[i].to)
      edges[out - 1].kinds |= edges[i].kinds;
    else
      edges[out++] = edges[i];
  }
  edges.resize(out);
}

// The first configuration of destination d, in the order they were expanded,
// that offers hops but no usable escape hop.
std::optional<RoutingGap> escape_gap(const Exploration& x, NodeId d, const std::vector<bool>& escape) {
  const ExploredDestination& b = x.destinations[d];
  for (std::uint32_t c : b.expanded) {
    if (!b.offers[c]) continue;
    bool escape_hop = false;
    for (const auto& h : b.hops(c)) escape_hop = escape_hop || escape[x.space.vc_of(b.channel[h.to()])];
    if (escape_hop) continue;
    const NodeId here = x.space.info(b.channel[c]).head;
    return RoutingGap{{b.src[c], d}, here,
                      "no usable escape hop at " + x.network().label(here) + " [" +
                          x.routing().describe_state(b.state(c)) + "]"};
  }
  return std::nullopt;
}

// Edges between two escape channels, shared by every destination: one per
// (from, to), keyed from << 32 | to, with the least packet and all kinds.
using ChannelEdges = std::unordered_map<std::uint64_t, Edge>;

void add_channel_edge(ChannelEdges& m, const Edge& e) {
  auto [it, fresh] = m.try_emplace(std::uint64_t{e.from} << 32 | e.to, e);
  if (fresh) return;
  it->second.kinds |= e.kinds;
  if (e.packet < it->second.packet) it->second.packet = e.packet;
}

Projected project(const Exploration& x, NodeId d, const std::vector<bool>& escape, bool keep, ChannelId base,
                  ChannelEdges& channel_edges) {
  const ExploredDestination& b = x.destinations[d];
  const ChannelSpace& space = x.space;
  Projected p;
  std::vector<std::uint32_t> vertex(b.channel.size());
  for (std::uint32_t c = 0; c < b.channel.size(); ++c) {
    if (escape[space.vc_of(b.channel[c])]) {
      vertex[c] = b.channel[c];
      p.escape_seen.push_back(b.channel[c]);
      continue;
    }
    vertex[c] = static_cast<std::uint32_t>(base + p.local_channel.size());
    p.local_channel.push_back(b.channel[c]);
    if (keep) {
      p.local_packet.push_back({b.src[c], d});
      p.local_state.push_back(b.state(c));
    }
  }
  for (const auto& e : b.injections)
    if (escape[space.vc_of(b.channel[e.to()])] && e.kind() == ConfigurationGraph::kOneBuffer)
      p.injected.push_back(b.channel[e.to()]);
  for (std::uint32_t c = 0; c < b.channel.size(); ++c)
    for (const auto& h : b.hops(c)) {
      const Edge e{vertex[c], vertex[h.to()], {b.src[c], d}, h.kind()};
      if (e.from < x.space.size() && e.to < x.space.size()) add_channel_edge(channel_edges, e);
      else p.edges.push_back(e);
    }
  std::sort(p.edges.begin(), p.edges.end());
  merge_duplicates(p.edges);
  return p;
}

// Edges sort by (from, to, packet).  Those leaving a channel are sorted and
// deduplicated here; those leaving a local vertex are already sorted and
// unique per destination (project), and local vertices are numbered in
// destination order after every channel, so they follow in that order.
ConfigurationGraph merge(std::vector<Projected>& parts, tbb::enumerable_thread_specific<ChannelEdges>& shared,
                         ChannelId channels, const Budget& budget) {
  ConfigurationGraph g;
  g.channels = channels;
  // The merged graph is a second copy of the parts' edges and vertices.
  std::uint64_t edges = 0, locals = 0;
  for (const ChannelEdges& m : shared) edges += m.size();
  for (const Projected& p : parts) {
    edges += p.edges.size();
    locals += p.local_channel.size() + p.local_packet.size() * 2 + p.local_state.size() * sizeof(PacketState) / 4;
  }
  budget.check_memory_for(kBuildingGraph, edges * sizeof(Edge) * 2 + locals * 4);
  g.edges.reserve(edges);  // filled below part by part, each part checked (no doubling copies)
  ChannelEdges all;
  for (ChannelEdges& m : shared)  // min and OR: the result does not depend on the threads
    for (const auto& [key, e] : m) add_channel_edge(all, e);
  for (const auto& [key, e] : all) g.edges.push_back(e);
  std::vector<std::size_t> split(parts.size());
  for (std::size_t d = 0; d < parts.size(); ++d) {
    if ((d & 0xff) == 0) budget.check(kBuildingGraph, d, 2 * parts.size());
    const auto& pe = parts[d].edges;
    split[d] = static_cast<std::size_t>(
        std::partition_point(pe.begin(), pe.end(), [&](const Edge& e) { return e.from < channels; }) - pe.begin());
    g.edges.insert(g.edges.end(), pe.begin(), pe.begin() + static_cast<std::ptrdiff_t>(split[d]));
  }
  tbb::parallel_sort(g.edges.begin(), g.edges.end());  // a total order: the result is thread-independent
  merge_duplicates(g.edges);
  for (std::size_t d = 0; d < parts.size(); ++d) {
    if ((d & 0xff) == 0) budget.check(kBuildingGraph, parts.size() + d, 2 * parts.size());
    Projected& p = parts[d];
    g.edges.insert(g.edges.end(), p.edges.begin() + static_cast<std::ptrdiff_t>(split[d]), p.edges.end());
    std::vector<Edge>().swap(p.edges);
    g.injected.insert(g.injected.end(), p.injected.begin(), p.injected.end());
    g.local_channel.insert(g.local_channel.end(), p.local_channel.begin(), p.local_channel.end());
    g.local_packet.insert(g.local_packet.end(), p.local_packet.begin(), p.local_packet.end());
    g.local_state.insert(g.local_state.end(), p.local_state.begin(), p.local_state.end());
  }
  MENGER_ASSERT(std::is_sorted(g.edges.begin(), g.edges.end()), "merged dependency edges out of order");
  std::sort(g.injected.begin(), g.injected.end());
  g.injected.erase(std::unique(g.injected.begin(), g.injected.end()), g.injected.end());
  return g;
}

}  // namespace

std::uint64_t packet_state_cap(const Network& net) { return 4 * std::uint64_t{hop_limit_for(net)}; }

std::string channel_name(const Network& net, const ChannelSpace& space, ChannelId c) {
  const auto i = space.info(c);
  std::string s = net.label(i.tail) + "->" + net.label(i.head);
  if (space.vcs() > 1) s += " vc" + std::to_string(i.vc);
  return s;
}

Exploration explore(const Routing& routing, const FaultModel& model, const FaultSet* faults,
                    std::uint32_t fault_budget, const Budget& budget) {
  const auto t0 = std::chrono::steady_clock::now();
  const Network& net = model.network();
  Exploration x(routing, model, budget);
  x.destinations.resize(net.num_nodes());
  PhaseProgress progress(x.budget);
  progress.total = net.num_nodes();
  tbb::enumerable_thread_specific<Explorer> explorers(
      [&] { return Explorer(routing, model, faults, fault_budget, x.space, x.budget, false, &progress); });
  tbb::parallel_for(tbb::blocked_range<NodeId>(0, net.num_nodes(), 4), [&](const auto& r) {
    Explorer& ex = explorers.local();
    for (NodeId d = r.begin(); d != r.end(); ++d) {
      progress.check(kExploring);
      if (net.is_terminal(d) && !node_failed(model, faults, d)) {
        ExploredDestination& b = x.destinations[d];
        ex.explore(d, b);
        // The vectors grew by doubling, and every destination's are kept until
        // the analyses end: up to half of each would be slack.
        b.channel.shrink_to_fit(), b.state_index.shrink_to_fit(), b.states.shrink_to_fit(), b.src.shrink_to_fit();
        b.offers.shrink_to_fit(), b.injections.shrink_to_fit(), b.expanded.shrink_to_fit();
      }
      progress.done.fetch_add(1, std::memory_order_relaxed);
    }
  });
  for (const ExploredDestination& b : x.destinations) {
    x.packets += b.packets;
    x.configurations += b.channel.size();
    x.adaptive |= b.adaptive;
    x.bubble_hops |= b.bubble_hops;
    if (!x.gap && b.gap) x.gap = b.gap;
    x.reads.insert(x.reads.end(), b.reads.begin(), b.reads.end());
  }
  std::sort(x.reads.begin(), x.reads.end());
  x.reads.erase(std::unique(x.reads.begin(), x.reads.end()), x.reads.end());
  x.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return x;
}

ExploredDestination explore_destination(const Routing& routing, const FaultModel& model, const ChannelSpace& space,
                                        NodeId d, bool fold_endpoint_injection, const Budget& budget) {
  Explorer ex(routing, model, nullptr, 0, space, budget, fold_endpoint_injection);
  ExploredDestination b;
  ex.explore(d, b);
  return b;
}

namespace {

// What every analysis of x for `escape_vcs` shares: the exploration's counts
// and Duato's connectedness (a.escape_gap).  False when that stops it early.
bool prepare_analysis(const Exploration& x, const std::vector<bool>& escape_vcs, bool stop_at_escape_gap,
                      DependencyAnalysis& a) {
  a.vcs = x.routing().vcs();
  a.escape_vcs = escape_vcs.empty() ? std::vector<bool>(a.vcs, true) : escape_vcs;
  if (a.escape_vcs.size() != a.vcs)
    throw InputError("escape channels name " + std::to_string(a.escape_vcs.size()) + " virtual channels; " +
                     x.routing().spec() + " has " + std::to_string(a.vcs));
  a.packets = x.packets;
  a.configurations = x.configurations;
  a.adaptive = x.adaptive;
  a.bubble_hops = x.bubble_hops;
  a.gap = x.gap;
  a.reads = x.reads;
  const auto n = static_cast<NodeId>(x.destinations.size());
  // Duato's connectedness first: it is cheap, the graph is not.
  std::vector<std::optional<RoutingGap>> gaps(n);
  PhaseProgress connected(x.budget);
  connected.total = n;
  tbb::parallel_for(tbb::blocked_range<NodeId>(0, n, 16), [&](const auto& r) {
    for (NodeId d = r.begin(); d != r.end(); ++d) {
      connected.check("checking that the escape channels connect every packet");
      gaps[d] = escape_gap(x, d, a.escape_vcs);
      connected.done.fetch_add(1, std::memory_order_relaxed);
    }
  });
  for (NodeId d = 0; d < n && !a.escape_gap; ++d) a.escape_gap = gaps[d];
  a.stopped_early = stop_at_escape_gap && a.escape_gap;
  return !a.stopped_early;
}

}  // namespace

ConfigurationGraph configuration_graph(const Exploration& x, const std::vector<bool>& escape_vcs, bool keep,
                                       bool stop_at_escape_gap, DependencyAnalysis& a) {
  if (!prepare_analysis(x, escape_vcs, stop_at_escape_gap, a)) return {};
  const auto n = static_cast<NodeId>(x.destinations.size());
  // Local vertices are numbered destination by destination, after the channels.
  std::vector<std::uint64_t> base(n + 1, x.space.size());
  for (NodeId d = 0; d < n; ++d) {
    if ((d & 0xff) == 0) x.budget.check(kBuildingGraph, 0, n);
    std::uint64_t local = 0;
    for (ChannelId c : x.destinations[d].channel) local += !a.escape_vcs[x.space.vc_of(c)];
    base[d + 1] = base[d] + local;
  }
  if (base[n] >= (std::uint64_t{1} << 32))
    throw InputError("the dependency graph would have " + std::to_string(base[n]) +
                     " vertices; Menger handles fewer than 2^32");
  std::vector<Projected> parts(n);
  tbb::enumerable_thread_specific<ChannelEdges> channel_edges;
  PhaseProgress projected(x.budget);
  projected.total = n;
  tbb::parallel_for(tbb::blocked_range<NodeId>(0, n, 4), [&](const auto& r) {
    ChannelEdges& mine = channel_edges.local();
    for (NodeId d = r.begin(); d != r.end(); ++d) {
      projected.check(kBuildingGraph);
      parts[d] = project(x, d, a.escape_vcs, keep, static_cast<ChannelId>(base[d]), mine);
      projected.done.fetch_add(1, std::memory_order_relaxed);
    }
  });
  std::vector<ChannelId> used;
  for (const Projected& p : parts) used.insert(used.end(), p.escape_seen.begin(), p.escape_seen.end());
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  a.escape_channels_used = std::move(used);
  ConfigurationGraph g = merge(parts, channel_edges, x.space.size(), x.budget);
  a.graph_vertices = g.vertices();
  a.graph_edges = g.edges.size();
  for (const Edge& e : g.edges) a.direct_dependencies += e.from < g.channels && e.to < g.channels;
  return g;
}

DependencyAnalysis analyse_dependencies(const Exploration& x, const std::vector<bool>& escape_vcs,
                                        bool stop_at_escape_gap) {
  const auto t1 = std::chrono::steady_clock::now();
  DependencyAnalysis a;
  const bool go_on = prepare_analysis(x, escape_vcs, stop_at_escape_gap, a);
  const auto t2 = std::chrono::steady_clock::now();
  if (go_on) analyse_explored_graph(x, a);
  const auto t3 = std::chrono::steady_clock::now();
  a.check_seconds = std::chrono::duration<double>(t3 - t2).count();
  a.seconds = x.seconds + std::chrono::duration<double>(t3 - t1).count();
  return a;
}

ConfigurationGraph configuration_graph(const Routing& routing, const FaultModel& model,
                                       const DependencyOptions& opt, DependencyAnalysis& a) {
  const Exploration x = explore(routing, model, opt.faults, opt.fault_budget, opt.budget);
  return configuration_graph(x, opt.escape_vcs, opt.keep_configurations, opt.stop_at_escape_gap, a);
}

DependencyAnalysis analyse_dependencies(const Routing& routing, const FaultModel& model,
                                        const DependencyOptions& opt) {
  const Exploration x = explore(routing, model, opt.faults, opt.fault_budget, opt.budget);
  return analyse_dependencies(x, opt.escape_vcs, opt.stop_at_escape_gap);
}

}  // namespace menger
