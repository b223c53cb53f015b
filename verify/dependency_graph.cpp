#include "verify/dependency_graph.h"

#include <algorithm>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>
#include <chrono>
#include <deque>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <unordered_map>

#include "core/error.h"
#include "verify/route_run.h"

namespace menger {

namespace {

// A vertex reference inside one destination's block: an escape channel id, or
// kLocal | index of a non-escape configuration of that destination.
constexpr std::uint64_t kLocal = std::uint64_t{1} << 63;
constexpr std::uint64_t kNoRef = ~std::uint64_t{0};

struct Key {
  ChannelId channel;
  PacketState state;
  bool operator==(const Key&) const = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const { return k.state.hash() * 0x9E3779B97F4A7C15ull ^ k.channel; }
};

struct RawEdge {
  std::uint64_t from, to;
  NodeId src;
};

// What one destination contributes.
struct Block {
  std::vector<RawEdge> edges;
  std::vector<ChannelId> local_channel;  // channel of each non-escape configuration
  std::vector<NodeId> local_src;         // with keep_configurations: its first packet's source
  std::vector<PacketState> local_state;  // with keep_configurations: its state
  std::vector<ChannelId> escape_seen;
  std::uint64_t packets = 0, configurations = 0;
  bool adaptive = false;
  std::optional<RoutingGap> gap, escape_gap;
  std::vector<std::size_t> reads;
};

bool node_failed(const FaultModel& m, const FaultSet* f, NodeId v) {
  if (f == nullptr) return false;
  auto u = m.unit_of_node(v);
  return u && f->contains(*u);
}

// Follows every packet for one destination at a time; one per thread.
class Explorer {
 public:
  Explorer(const Routing& r, const FaultModel& m, const DependencyOptions& o, const ChannelSpace& s,
           const std::vector<bool>& escape)
      : routing_(r), model_(m), opt_(o), space_(s), escape_(escape), view_(m, r.knowledge()),
        empty_(m.universe().size()) {}

  void explore(NodeId d, Block& b) {
    view_.reset(opt_.faults ? *opt_.faults : empty_, opt_.fault_budget);
    seen_.clear();
    for (NodeId s : model_.terminals()) {
      if (s == d || !model_.pair_required(s, d) || node_failed(model_, opt_.faults, s)) continue;
      ++b.packets;
      view_.at(s);
      const PacketState st = routing_.start(s, d, view_);
      expand(b, d, s, kNoRef, s, st);
      while (!stack_.empty()) {
        Item it = stack_.back();
        stack_.pop_back();
        if (it.node != d) expand(b, d, s, it.ref, it.node, it.state);
      }
    }
    b.reads = view_.reads();
  }

 private:
  struct Item {
    NodeId node;
    PacketState state;
    std::uint64_t ref;
  };
  const Routing& routing_;
  const FaultModel& model_;
  const DependencyOptions& opt_;
  const ChannelSpace& space_;
  const std::vector<bool>& escape_;
  RecordingFaultView view_;
  FaultSet empty_;
  std::unordered_map<Key, std::uint64_t, KeyHash> seen_;
  std::vector<Item> stack_;
  Hops hops_;

  // Only the first gap of a destination is kept; its text is built only then
  // (gaps repeat on every configuration of an escape set that is not connected).
  template <class Text>
  void note_gap(std::optional<RoutingGap>& slot, NodeId s, NodeId d, NodeId at, Text what) {
    if (!slot) slot = RoutingGap{{s, d}, at, what()};
  }

  // The hops from one configuration: each becomes a dependency from `from`
  // (none from the injection queue) and, if new, a configuration to expand.
  void expand(Block& b, NodeId d, NodeId s, std::uint64_t from, NodeId here, const PacketState& st) {
    const Network& net = model_.network();
    view_.at(here);
    hops_.clear();
    routing_.next(here, st, d, view_, hops_);
    if (hops_.empty())
      return note_gap(b.gap, s, d, here, [&] { return "no hop offered at " + net.label(here) + " (dropped)"; });
    b.adaptive |= hops_.size() > 1;
    bool escape_offered = false;
    for (const Hop& h : hops_) {
      if (h.port >= net.num_ports(here) || h.vc >= space_.vcs())
        throw InternalError(routing_.spec() + " offered port " + std::to_string(h.port) + " vc " +
                            std::to_string(h.vc) + " at " + net.label(here) + ", which does not exist");
      const PortSlot& slot = net.port(here, h.port);
      if (!slot.connected() || slot.dir == PortDir::In) {
        note_gap(b.gap, s, d, here,
                 [&] { return "port " + std::to_string(h.port) + " of " + net.label(here) + " cannot send"; });
        continue;
      }
      if (view_.hop_blocked(slot)) {
        note_gap(b.gap, s, d, here,
                 [&] { return "hop from " + net.label(here) + " to " + net.label(slot.peer) + " is faulty"; });
        continue;
      }
      const ChannelId c = space_.channel(slot.link, here, h.vc);
      const bool esc = escape_[h.vc];
      escape_offered |= esc;
      auto [pos, fresh] = seen_.try_emplace(Key{c, h.state}, 0);
      if (fresh) {
        pos->second = esc ? c : (kLocal | b.local_channel.size());
        if (esc) {
          b.escape_seen.push_back(c);
        } else {
          b.local_channel.push_back(c);
          if (opt_.keep_configurations) {
            b.local_src.push_back(s);
            b.local_state.push_back(h.state);
          }
        }
        ++b.configurations;
        stack_.push_back({slot.peer, h.state, pos->second});
      }
      if (from != kNoRef) b.edges.push_back({from, pos->second, s});
    }
    if (!escape_offered && from != kNoRef)
      note_gap(b.escape_gap, s, d, here, [&] {
        return "no usable escape hop at " + net.label(here) + " [" + routing_.describe_state(st) + "]";
      });
  }
};

using Csr = boost::compressed_sparse_row_graph<boost::directedS>;
using Edge = ConfigurationGraph::Edge;

ConfigurationGraph merge(std::vector<Block>& blocks, ChannelId channels) {
  ConfigurationGraph g;
  g.channels = channels;
  std::uint64_t total = channels;
  for (const Block& b : blocks) total += b.local_channel.size();
  if (total >= (std::uint64_t{1} << 32))
    throw InputError("the dependency graph would have " + std::to_string(total) +
                     " vertices; Menger handles fewer than 2^32");
  for (std::size_t d = 0; d < blocks.size(); ++d) {
    Block& b = blocks[d];
    const std::uint64_t base = channels + g.local_channel.size();
    auto id = [&](std::uint64_t ref) {
      return static_cast<std::uint32_t>(ref & kLocal ? base + (ref & ~kLocal) : ref);
    };
    for (const RawEdge& e : b.edges)
      g.edges.push_back({id(e.from), id(e.to), {e.src, static_cast<NodeId>(d)}});
    g.local_channel.insert(g.local_channel.end(), b.local_channel.begin(), b.local_channel.end());
    for (std::size_t i = 0; i < b.local_src.size(); ++i)
      g.local_packet.push_back({b.local_src[i], static_cast<NodeId>(d)});
    g.local_state.insert(g.local_state.end(), b.local_state.begin(), b.local_state.end());
    std::vector<RawEdge>().swap(b.edges);
  }
  std::sort(g.edges.begin(), g.edges.end());
  g.edges.erase(std::unique(g.edges.begin(), g.edges.end(),
                            [](const Edge& a, const Edge& b) { return a.from == b.from && a.to == b.to; }),
                g.edges.end());
  return g;
}

// A shortest cycle through v0 inside its strongly connected component.
std::vector<std::size_t> cycle_through(const ConfigurationGraph& g, const std::vector<std::uint64_t>& offsets,
                                       const std::vector<std::uint32_t>& comp, std::uint32_t v0) {
  std::vector<std::int64_t> via_edge(g.vertices(), -1);
  std::deque<std::uint32_t> queue{v0};
  while (!queue.empty()) {
    const std::uint32_t u = queue.front();
    queue.pop_front();
    for (std::uint64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::uint32_t w = g.edges[e].to;
      if (comp[w] != comp[v0]) continue;
      if (w == v0) {
        std::vector<std::size_t> path{e};
        for (std::uint32_t x = u; x != v0; x = g.edges[via_edge[x]].from) path.push_back(via_edge[x]);
        std::reverse(path.begin(), path.end());
        return path;
      }
      if (via_edge[w] < 0) {
        via_edge[w] = static_cast<std::int64_t>(e);
        queue.push_back(w);
      }
    }
  }
  throw InternalError("no cycle through a vertex of a cyclic strongly connected component");
}

// Splits a cycle of H at its escape vertices into dependencies of the extended graph.
std::vector<ChannelDependency> to_dependencies(const ConfigurationGraph& g, const std::vector<std::size_t>& path) {
  std::vector<ChannelDependency> out;
  for (std::size_t i : path) {
    const Edge& e = g.edges[i];
    if (e.from < g.channels) out.push_back({e.from, 0, e.packet, {}});
    if (e.to < g.channels) out.back().to = e.to;
    else out.back().via.push_back(g.channel_of(e.to));
  }
  return out;
}

void analyse_cycles(const ConfigurationGraph& g, DependencyAnalysis& a) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  pairs.reserve(g.edges.size());
  for (const Edge& e : g.edges) pairs.emplace_back(e.from, e.to);
  const Csr csr(boost::edges_are_sorted, pairs.begin(), pairs.end(), g.vertices());
  std::vector<std::uint32_t> comp(g.vertices());
  boost::strong_components(csr, boost::make_iterator_property_map(comp.data(), boost::get(boost::vertex_index, csr)));
  std::vector<std::uint64_t> offsets(g.vertices() + 1, 0);
  std::vector<std::uint32_t> size(g.vertices(), 0);
  std::vector<char> self_loop(g.vertices(), 0);
  for (const Edge& e : g.edges) {
    ++offsets[e.from + 1];
    if (e.from == e.to) self_loop[e.from] = 1;
  }
  for (std::uint32_t v = 0; v < g.vertices(); ++v) {
    offsets[v + 1] += offsets[v];
    ++size[comp[v]];
  }
  for (ChannelId c : a.escape_channels_used) {
    if (size[comp[c]] < 2 && !self_loop[c]) continue;
    a.acyclic = false;
    a.cycle = to_dependencies(g, cycle_through(g, offsets, comp, c));
    return;
  }
  // Tarjan numbers components sinks first, so every edge between components
  // goes to a lower number; checked here rather than trusted.
  for (const Edge& e : g.edges)
    MENGER_ASSERT(comp[e.from] >= comp[e.to], "strong component numbering is not reverse topological");
  a.order = a.escape_channels_used;
  std::stable_sort(a.order.begin(), a.order.end(), [&](ChannelId x, ChannelId y) { return comp[x] > comp[y]; });
}

}  // namespace

std::string channel_name(const Network& net, const ChannelSpace& space, ChannelId c) {
  const auto i = space.info(c);
  std::string s = net.label(i.tail) + "->" + net.label(i.head);
  if (space.vcs() > 1) s += " vc" + std::to_string(i.vc);
  return s;
}

ConfigurationGraph configuration_graph(const Routing& routing, const FaultModel& model,
                                       const DependencyOptions& opt, DependencyAnalysis& a) {
  const Network& net = model.network();
  a.vcs = routing.vcs();
  a.escape_vcs = opt.escape_vcs.empty() ? std::vector<bool>(a.vcs, true) : opt.escape_vcs;
  if (a.escape_vcs.size() != a.vcs)
    throw InputError("escape channels name " + std::to_string(a.escape_vcs.size()) + " virtual channels; " +
                     routing.spec() + " has " + std::to_string(a.vcs));
  const ChannelSpace space(net, a.vcs);
  std::vector<Block> blocks(net.num_nodes());
  tbb::enumerable_thread_specific<Explorer> explorers(
      [&] { return Explorer(routing, model, opt, space, a.escape_vcs); });
  const NodeId chunk = opt.stop_at_escape_gap ? 64 : net.num_nodes();
  for (NodeId lo = 0; lo < net.num_nodes() && !a.stopped_early; lo += chunk) {
    const NodeId hi = std::min<NodeId>(net.num_nodes(), lo + chunk);
    tbb::parallel_for(tbb::blocked_range<NodeId>(lo, hi, 4), [&](const auto& r) {
      Explorer& ex = explorers.local();
      for (NodeId d = r.begin(); d != r.end(); ++d)
        if (net.is_terminal(d) && !node_failed(model, opt.faults, d)) ex.explore(d, blocks[d]);
    });
    if (opt.stop_at_escape_gap)
      for (NodeId d = lo; d < hi; ++d) a.stopped_early |= blocks[d].escape_gap.has_value();
  }
  std::vector<ChannelId> used;
  for (const Block& b : blocks) {
    a.packets += b.packets;
    a.configurations += b.configurations;
    a.adaptive |= b.adaptive;
    if (!a.gap && b.gap) a.gap = b.gap;
    if (!a.escape_gap && b.escape_gap) a.escape_gap = b.escape_gap;
    used.insert(used.end(), b.escape_seen.begin(), b.escape_seen.end());
    a.reads.insert(a.reads.end(), b.reads.begin(), b.reads.end());
  }
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  a.escape_channels_used = std::move(used);
  std::sort(a.reads.begin(), a.reads.end());
  a.reads.erase(std::unique(a.reads.begin(), a.reads.end()), a.reads.end());
  if (a.stopped_early) return {};
  ConfigurationGraph g = merge(blocks, space.size());
  a.graph_vertices = g.vertices();
  a.graph_edges = g.edges.size();
  for (const Edge& e : g.edges) a.direct_dependencies += e.from < g.channels && e.to < g.channels;
  return g;
}

DependencyAnalysis analyse_dependencies(const Routing& routing, const FaultModel& model,
                                        const DependencyOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  DependencyAnalysis a;
  const ConfigurationGraph g = configuration_graph(routing, model, opt, a);
  const auto t1 = std::chrono::steady_clock::now();
  if (!a.stopped_early) analyse_cycles(g, a);
  const auto t2 = std::chrono::steady_clock::now();
  a.check_seconds = std::chrono::duration<double>(t2 - t1).count();
  a.seconds = std::chrono::duration<double>(t2 - t0).count();
  return a;
}

}  // namespace menger
