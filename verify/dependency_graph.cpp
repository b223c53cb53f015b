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
  std::uint8_t kind;  // ConfigurationGraph::kOneBuffer or kBubble
};

// What one destination contributes.
struct Block {
  std::vector<RawEdge> edges;
  std::vector<ChannelId> local_channel;  // channel of each non-escape configuration
  std::vector<NodeId> local_src;         // with keep_configurations: its first packet's source
  std::vector<PacketState> local_state;  // with keep_configurations: its state
  std::vector<ChannelId> escape_seen;
  std::vector<ChannelId> injected;       // escape channels entered from a source by a one-buffer hop
  std::uint64_t packets = 0, configurations = 0;
  bool adaptive = false, bubble_hops = false;
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
      b.bubble_hops |= h.bubble;
      const std::uint8_t kind = h.bubble ? ConfigurationGraph::kBubble : ConfigurationGraph::kOneBuffer;
      if (from != kNoRef) b.edges.push_back({from, pos->second, s, kind});
      else if (esc && !h.bubble) b.injected.push_back(c);
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
      g.edges.push_back({id(e.from), id(e.to), {e.src, static_cast<NodeId>(d)}, e.kind});
    g.injected.insert(g.injected.end(), b.injected.begin(), b.injected.end());
    g.local_channel.insert(g.local_channel.end(), b.local_channel.begin(), b.local_channel.end());
    for (std::size_t i = 0; i < b.local_src.size(); ++i)
      g.local_packet.push_back({b.local_src[i], static_cast<NodeId>(d)});
    g.local_state.insert(g.local_state.end(), b.local_state.begin(), b.local_state.end());
    std::vector<RawEdge>().swap(b.edges);
  }
  std::sort(g.edges.begin(), g.edges.end());
  // One edge per (from, to) with the least packet, and the kinds of all its hops.
  std::size_t out = 0;
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    if (out > 0 && g.edges[out - 1].from == g.edges[i].from && g.edges[out - 1].to == g.edges[i].to)
      g.edges[out - 1].kinds |= g.edges[i].kinds;
    else
      g.edges[out++] = g.edges[i];
  }
  g.edges.resize(out);
  std::sort(g.injected.begin(), g.injected.end());
  g.injected.erase(std::unique(g.injected.begin(), g.injected.end()), g.injected.end());
  return g;
}

// The bubble rings of the header: each escape channel's only one-buffer way
// in is from its predecessor, round a cycle, with no bubble hop on that way.
struct Rings {
  std::vector<std::vector<ChannelId>> rings;  // each in ring order
  std::vector<std::uint32_t> rep;              // vertex -> its ring's first channel, or itself
  std::vector<std::int64_t> pred;              // ring channel -> predecessor, else -1
  bool ring_edge(const ConfigurationGraph::Edge& e) const {
    return e.to < pred.size() && pred[e.to] == static_cast<std::int64_t>(e.from);
  }
};

Rings find_rings(const ConfigurationGraph& g, const std::vector<ChannelId>& escape_used) {
  Rings r;
  r.rep.resize(g.vertices());
  for (std::uint32_t v = 0; v < g.vertices(); ++v) r.rep[v] = v;
  r.pred.assign(g.channels, -1);
  std::vector<std::uint32_t> entries(g.channels, 0);
  std::vector<std::int64_t> from(g.channels, -1);
  std::vector<char> clean(g.channels, 0);  // the one-buffer entry never needs a bubble
  for (ChannelId c : g.injected) ++entries[c];
  for (const ConfigurationGraph::Edge& e : g.edges) {
    if (e.to >= g.channels || !(e.kinds & ConfigurationGraph::kOneBuffer)) continue;
    ++entries[e.to];
    from[e.to] = e.from;
    clean[e.to] = !(e.kinds & ConfigurationGraph::kBubble);
  }
  std::vector<std::int64_t> pred(g.channels, -1);
  for (ChannelId c : escape_used)
    if (entries[c] == 1 && from[c] >= 0 && from[c] < static_cast<std::int64_t>(g.channels) && from[c] != c &&
        clean[c])
      pred[c] = from[c];
  // Each channel has at most one predecessor, so the cycles of `pred` are
  // disjoint; walk back from each channel, colouring the walk.
  std::vector<std::uint32_t> walk_of(g.channels, 0);
  std::uint32_t walk = 0;
  for (ChannelId c : escape_used) {
    if (walk_of[c]) continue;
    ++walk;
    std::int64_t x = c;
    while (x >= 0 && !walk_of[x]) {
      walk_of[x] = walk;
      x = pred[x];
    }
    if (x < 0 || walk_of[x] != walk) continue;  // no cycle, or one found by an earlier walk
    std::vector<ChannelId> ring;
    for (std::int64_t y = x;; y = pred[y]) {
      ring.push_back(static_cast<ChannelId>(y));
      if (pred[y] == x) break;
    }
    std::reverse(ring.begin(), ring.end());  // successor order
    const auto first = std::min_element(ring.begin(), ring.end());
    std::rotate(ring.begin(), first, ring.end());
    for (ChannelId y : ring) {
      r.rep[y] = ring.front();
      r.pred[y] = pred[y];
    }
    r.rings.push_back(std::move(ring));
  }
  std::sort(r.rings.begin(), r.rings.end());
  return r;
}

// The graph with bubble rings contracted: arcs between representatives, each
// with the index of the edge of g it stands for, sorted.
struct Quotient {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
  std::vector<std::size_t> edge;
  std::vector<std::uint64_t> offsets;
};

// Under cut-through (header) an escape channel's hops into non-escape
// configurations are left out: no indirect dependency starts there.
Quotient contract(const ConfigurationGraph& g, const Rings& r, bool cut_through) {
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::size_t>> q;
  q.reserve(g.edges.size());
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (r.ring_edge(e) || (cut_through && e.from < g.channels && e.to >= g.channels)) continue;
    q.emplace_back(r.rep[e.from], r.rep[e.to], i);
  }
  if (!r.rings.empty()) std::sort(q.begin(), q.end());  // contraction may reorder; dropping edges does not
  Quotient out;
  out.arcs.reserve(q.size());
  out.edge.reserve(q.size());
  out.offsets.assign(g.vertices() + 1, 0);
  for (const auto& [a, b, i] : q) {
    out.arcs.emplace_back(a, b);
    out.edge.push_back(i);
    ++out.offsets[a + 1];
  }
  for (std::uint32_t v = 0; v < g.vertices(); ++v) out.offsets[v + 1] += out.offsets[v];
  return out;
}

// A shortest cycle through v0 inside its strongly connected component, as
// indices into q.arcs.
std::vector<std::size_t> cycle_through(const Quotient& q, std::uint32_t vertices,
                                       const std::vector<std::uint32_t>& comp, std::uint32_t v0) {
  std::vector<std::int64_t> via_arc(vertices, -1);
  std::deque<std::uint32_t> queue{v0};
  while (!queue.empty()) {
    const std::uint32_t u = queue.front();
    queue.pop_front();
    for (std::uint64_t e = q.offsets[u]; e < q.offsets[u + 1]; ++e) {
      const std::uint32_t w = q.arcs[e].second;
      if (comp[w] != comp[v0]) continue;
      if (w == v0) {
        std::vector<std::size_t> path{e};
        for (std::uint32_t x = u; x != v0; x = q.arcs[via_arc[x]].first) path.push_back(via_arc[x]);
        std::reverse(path.begin(), path.end());
        return path;
      }
      if (via_arc[w] < 0) {
        via_arc[w] = static_cast<std::int64_t>(e);
        queue.push_back(w);
      }
    }
  }
  throw InternalError("no cycle through a vertex of a cyclic strongly connected component");
}

// A cycle of the quotient as edges of g: where it enters a ring at one channel
// and leaves it from another, the ring hops between them are put back.
std::vector<std::size_t> expand_cycle(const ConfigurationGraph& g, const Rings& r, const Quotient& q,
                                      const std::vector<std::size_t>& arcs) {
  std::vector<ChannelId> succ(g.channels);
  for (ChannelId c = 0; c < g.channels; ++c)
    if (r.pred[c] >= 0) succ[r.pred[c]] = c;
  auto edge_index = [&](std::uint32_t a, std::uint32_t b) {
    auto it = std::lower_bound(g.edges.begin(), g.edges.end(), std::pair(a, b),
                               [](const Edge& e, std::pair<std::uint32_t, std::uint32_t> k) {
                                 return std::pair(e.from, e.to) < k;
                               });
    MENGER_ASSERT(it != g.edges.end() && it->from == a && it->to == b, "a ring hop has no edge");
    return static_cast<std::size_t>(it - g.edges.begin());
  };
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < arcs.size(); ++i) {
    out.push_back(q.edge[arcs[i]]);
    const std::uint32_t next_from = g.edges[q.edge[arcs[(i + 1) % arcs.size()]]].from;
    for (std::uint32_t x = g.edges[out.back()].to; x != next_from; x = succ[x]) out.push_back(edge_index(x, succ[x]));
  }
  return out;
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
  const Rings rings = find_rings(g, a.escape_channels_used);
  a.rings = rings.rings;
  a.cut_through = a.bubble_hops;
  const Quotient q = contract(g, rings, a.cut_through);
  const Csr csr(boost::edges_are_sorted, q.arcs.begin(), q.arcs.end(), g.vertices());
  std::vector<std::uint32_t> comp(g.vertices());
  boost::strong_components(csr, boost::make_iterator_property_map(comp.data(), boost::get(boost::vertex_index, csr)));
  std::vector<std::uint32_t> size(g.vertices(), 0);
  std::vector<char> self_loop(g.vertices(), 0);
  for (const auto& [from, to] : q.arcs)
    if (from == to) self_loop[from] = 1;
  for (std::uint32_t v = 0; v < g.vertices(); ++v) ++size[comp[v]];
  for (ChannelId c : a.escape_channels_used) {
    const std::uint32_t v = rings.rep[c];
    if (size[comp[v]] < 2 && !self_loop[v]) continue;
    a.acyclic = false;
    a.cycle = to_dependencies(g, expand_cycle(g, rings, q, cycle_through(q, g.vertices(), comp, v)));
    return;
  }
  // Tarjan numbers components sinks first, so every arc between components
  // goes to a lower number; checked here rather than trusted.
  for (const auto& [from, to] : q.arcs)
    MENGER_ASSERT(comp[from] >= comp[to], "strong component numbering is not reverse topological");
  // Ring channels share their ring's component; within it, ring order.
  std::vector<std::uint32_t> ring_pos(g.channels, 0);
  for (const auto& ring : rings.rings)
    for (std::uint32_t i = 0; i < ring.size(); ++i) ring_pos[ring[i]] = i;
  a.order = a.escape_channels_used;
  std::stable_sort(a.order.begin(), a.order.end(), [&](ChannelId x, ChannelId y) {
    const std::uint32_t cx = comp[rings.rep[x]], cy = comp[rings.rep[y]];
    return cx != cy ? cx > cy : ring_pos[x] < ring_pos[y];
  });
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
    a.bubble_hops |= b.bubble_hops;
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
