// The cycle analysis of the channel dependency graph on the materialised
// graph H (configuration_graph): the engine's implementation before issue 40
// read H where the exploration holds it (verify/deadlock/dependency_view.cpp).
// Kept here, apart from the engine, as the cross-check that the two give the
// same verdict, cycle, order and counts (test_dependency_view.cpp).
#pragma once

#include <algorithm>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>
#include <deque>
#include <tuple>
#include <vector>

#include "core/error.h"
#include "verify/deadlock/dependency_graph.h"

namespace menger::materialized {

using Csr = boost::compressed_sparse_row_graph<boost::directedS>;
using Edge = ConfigurationGraph::Edge;

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

inline Rings no_rings(const ConfigurationGraph& g) {
  Rings r;
  r.rep.resize(g.vertices());
  for (std::uint32_t v = 0; v < g.vertices(); ++v) r.rep[v] = v;
  r.pred.assign(g.channels, -1);
  return r;
}

inline Rings find_rings(const ConfigurationGraph& g, const std::vector<ChannelId>& escape_used) {
  Rings r = no_rings(g);
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
inline Quotient contract(const ConfigurationGraph& g, const Rings& r, bool cut_through) {
  Quotient out;
  out.offsets.assign(g.vertices() + 1, 0);
  auto keep = [&](const Edge& e) {
    return !r.ring_edge(e) && !(cut_through && e.from < g.channels && e.to >= g.channels);
  };
  auto add = [&](std::uint32_t a, std::uint32_t b, std::size_t i) {
    out.arcs.emplace_back(a, b);
    out.edge.push_back(i);
    ++out.offsets[a + 1];
  };
  out.arcs.reserve(g.edges.size());
  out.edge.reserve(g.edges.size());
  if (r.rings.empty()) {  // nothing to contract: g's order is the arcs' order
    for (std::size_t i = 0; i < g.edges.size(); ++i)
      if (keep(g.edges[i])) add(g.edges[i].from, g.edges[i].to, i);
  } else {  // contraction reorders the arcs
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::size_t>> q;
    for (std::size_t i = 0; i < g.edges.size(); ++i)
      if (keep(g.edges[i])) q.emplace_back(r.rep[g.edges[i].from], r.rep[g.edges[i].to], i);
    std::sort(q.begin(), q.end());
    for (const auto& [a, b, i] : q) add(a, b, i);
  }
  for (std::uint32_t v = 0; v < g.vertices(); ++v) out.offsets[v + 1] += out.offsets[v];
  return out;
}

// A shortest cycle through v0 inside its strongly connected component, as
// indices into q.arcs.
inline std::vector<std::size_t> cycle_through(const Quotient& q, std::uint32_t vertices,
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
inline std::vector<std::size_t> expand_cycle(const ConfigurationGraph& g, const Rings& r, const Quotient& q,
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
inline std::vector<ChannelDependency> to_dependencies(const ConfigurationGraph& g, const std::vector<std::size_t>& path) {
  std::vector<ChannelDependency> out;
  for (std::size_t i : path) {
    const Edge& e = g.edges[i];
    if (e.from < g.channels) out.push_back({e.from, 0, e.packet, {}});
    if (e.to < g.channels) out.back().to = e.to;
    else out.back().via.push_back(g.channel_of(e.to));
  }
  return out;
}

inline void analyse_cycles(const ConfigurationGraph& g, DependencyAnalysis& a, const Budget& budget) {
  // The quotient's arcs and their edges, the compressed graph and the
  // components: asked of the memory limit before they are made.
  constexpr const char* kPhase = "looking for a cycle of channel dependencies";
  budget.check_memory_for(kPhase, std::uint64_t{g.edges.size()} * (a.bubble_hops ? 44 : 28) + std::uint64_t{g.vertices()} * 40);
  // Without bubble hops every way into a channel is a one-buffer one, so a ring
  // could only be entered from itself and no packet would ever reach it: no rings.
  const Rings rings = a.bubble_hops ? find_rings(g, a.escape_channels_used) : no_rings(g);
  a.rings = rings.rings;
  a.cut_through = a.bubble_hops;
  const Quotient q = contract(g, rings, a.cut_through);
  budget.check(kPhase);
  const Csr csr(boost::edges_are_sorted, q.arcs.begin(), q.arcs.end(), g.vertices());
  budget.check(kPhase);
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


}  // namespace menger::materialized
