// The graph H of dependency_graph.h, analysed where the exploration holds it
// (issue 40: memory in proportion to what the routing makes, not to copies).
//
// The graph H of one escape set is a projection of the exploration: a
// channel vertex's hops are the hops of every escape configuration holding
// that channel, a non-escape configuration is its own vertex, and a hop into
// an escape configuration lands on its channel.  Materialising H
// (configuration_graph) copies every hop once per escape set, with the packet
// that makes it, and then again into the compressed graph the component search
// reads: three copies of the largest thing the engine holds (torus(8,8,8)
// with duato-torus: 286 MB at the peak, for 0.95M configurations).  Here the
// hops are read from the exploration when the search needs them: the
// components (Tarjan's algorithm, iterative), the bubble rings and their
// contraction, and a shortest cycle through an escape channel.  Only the
// per-vertex numbers of the component search and one index of the escape
// configurations by channel are added.
//
// Same answers, same bytes: vertices keep the order of the materialised graph
// (channels, then each destination's configurations in order; a configuration
// on an escape channel is a hole that no hop reaches), each vertex's hops are
// visited by increasing target, and a cycle's hops are the least ones between
// its vertices; so the components are numbered as boost::strong_components
// numbers them on the materialised graph, the order of the escape channels and
// the cycle reported are the same, and so are the counts of H.  The
// materialised analysis stays as the cross-check (tests/materialized_cycles.h).
//
// Declared in dependency_graph.h (analyse_explored_graph), whose analyses call it.
#include "verify/deadlock/dependency_graph.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <utility>

#include "core/error.h"

namespace menger {

namespace {

constexpr std::uint32_t kNoVertex = std::numeric_limits<std::uint32_t>::max();
constexpr const char* kSearching = "looking for a cycle of channel dependencies";
// Budget checks in the passes over every vertex: one per this many vertices.
constexpr std::uint32_t kVerticesPerCheck = 4096;

struct Arc {
  std::uint32_t to;
  std::uint8_t kinds;
};

// H for one escape set, over the exploration (header).
class ExploredGraph {
 public:
  ExploredGraph(const Exploration& x, const std::vector<bool>& escape) : x_(x), escape_(escape) {
    channels_ = static_cast<std::uint32_t>(x.space.size());
    const std::size_t n = x.destinations.size();
    first_.assign(n + 1, 0);
    for (std::size_t d = 0; d < n; ++d) first_[d + 1] = first_[d] + x.destinations[d].channel.size();
    if (std::uint64_t{channels_} + first_[n] >= kNoVertex)
      throw InputError("the dependency graph would have " + std::to_string(channels_ + first_[n]) +
                       " vertices; Menger handles fewer than 2^32");
    escape_channel_.resize(channels_);
    for (ChannelId ch = 0; ch < channels_; ++ch) escape_channel_[ch] = escape_[x.space.vc_of(ch)];
    index_by_channel();
    merge_channel_hops();
  }

  std::uint32_t channels() const { return channels_; }
  std::uint32_t vertices() const { return static_cast<std::uint32_t>(channels_ + first_.back()); }
  // f(v) for every vertex in order, skipping the holes (a configuration on an
  // escape channel: its channel's vertex stands for it).
  template <class F>
  void each_vertex(F&& f) const {
    for (std::uint32_t v = 0; v < channels_; ++v) f(v);
    for (NodeId d = 0; d + 1 < first_.size(); ++d)
      for (std::uint32_t c = 0; c < x_.destinations[d].channel.size(); ++c)
        if (!escape_config(d, c)) f(static_cast<std::uint32_t>(channels_ + first_[d] + c));
  }
  // Channels some escape configuration holds, in order.
  std::vector<ChannelId> escape_used() const {
    std::vector<ChannelId> out;
    for (ChannelId ch = 0; ch < channels_; ++ch)
      if (offsets_[ch + 1] > offsets_[ch]) out.push_back(ch);
    return out;
  }
  // Escape channels some packet enters from its source by a one-buffer hop.
  std::vector<char> injected() const {
    std::vector<char> out(channels_, 0);
    for (const ExploredDestination& b : x_.destinations)
      for (const auto& h : b.injections)
        if (escape_channel_[b.channel[h.to()]] && h.kind() == ConfigurationGraph::kOneBuffer) out[b.channel[h.to()]] = 1;
    return out;
  }

  // f(to, kind, packet) for every hop out of vertex v, as H has it
  // (not contracted): a channel's hops are those of every escape configuration
  // holding it.
  template <class F>
  void hops(std::uint32_t v, F&& f) const {
    if (v >= channels_) {
      const auto [d, c] = locate(v - channels_);
      hops_of(d, c, f);
      return;
    }
    for (std::uint64_t i = offsets_[v]; i < offsets_[v + 1]; ++i) hops_of(members_[i].first, members_[i].second, f);
  }

  // v's hops merged: one per target, its kinds OR-ed, by increasing target.
  void merged_hops(std::uint32_t v, std::vector<Arc>& out) const {
    if (v < channels_) {
      out.clear();
      for (std::uint64_t i = channel_start_[v]; i < channel_start_[v + 1]; ++i)
        out.push_back({channel_to_[i], channel_kinds_[i]});
      return;
    }
    gather(v, out);
  }
  // f(to) for every target of v's hops (a channel's each once, increasing;
  // a configuration's as made).
  template <class F>
  void targets(std::uint32_t v, F&& f) const {
    if (v >= channels_) {
      hops(v, [&](std::uint32_t to, std::uint8_t, PacketRef) { f(to); });
      return;
    }
    for (std::uint64_t i = channel_start_[v]; i < channel_start_[v + 1]; ++i) f(channel_to_[i]);
  }

  // The least packet that makes the hop from -> to (a hop of H).
  PacketRef packet(std::uint32_t from, std::uint32_t to) const {
    std::optional<PacketRef> least;
    hops(from, [&](std::uint32_t t, std::uint8_t, PacketRef p) {
      if (t == to && (!least || p < *least)) least = p;
    });
    MENGER_ASSERT(least.has_value(), "a hop of the dependency graph has no packet");
    return *least;
  }

  ChannelId channel_of(std::uint32_t v) const {
    if (v < channels_) return v;
    const auto [d, c] = locate(v - channels_);
    return x_.destinations[d].channel[c];
  }

 private:
  const Exploration& x_;
  const std::vector<bool>& escape_;
  std::uint32_t channels_ = 0;
  std::vector<std::uint64_t> first_;    // per destination: its first configuration's global number
  std::vector<std::uint64_t> offsets_;  // per channel: its escape configurations in members_
  std::vector<std::pair<NodeId, std::uint32_t>> members_;  // escape configurations, by channel, in order
  std::vector<char> escape_channel_;    // per channel
  // Each channel's hops merged (its escape configurations' hops, one per
  // target): a channel vertex's successors are asked for three times (counts,
  // components, the order's check) and may gather thousands of hops (every
  // destination's), so they are merged once, in parallel.
  std::vector<std::uint64_t> channel_start_;
  std::vector<std::uint32_t> channel_to_;
  std::vector<std::uint8_t> channel_kinds_;

  void gather(std::uint32_t v, std::vector<Arc>& out) const {
    out.clear();
    hops(v, [&](std::uint32_t to, std::uint8_t kind, PacketRef) { out.push_back({to, kind}); });
    std::sort(out.begin(), out.end(), [](const Arc& a, const Arc& b) { return a.to < b.to; });
    std::size_t k = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (k > 0 && out[k - 1].to == out[i].to) out[k - 1].kinds |= out[i].kinds;
      else out[k++] = out[i];
    }
    out.resize(k);
  }
  // Twice over the channels, in parallel: the sizes, then the arcs in place
  // (no second copy of them, which took as much memory as the exploration).
  void merge_channel_hops() {
    channel_start_.assign(std::uint64_t{channels_} + 1, 0);
    tbb::enumerable_thread_specific<std::vector<Arc>> scratch;
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, channels_, 64), [&](const auto& r) {
      auto& arcs = scratch.local();
      for (std::uint32_t v = r.begin(); v != r.end(); ++v) {
        gather(v, arcs);
        channel_start_[v + 1] = arcs.size();
      }
    });
    for (std::uint32_t v = 0; v < channels_; ++v) channel_start_[v + 1] += channel_start_[v];
    channel_to_.resize(channel_start_.back());
    channel_kinds_.resize(channel_start_.back());
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, channels_, 64), [&](const auto& r) {
      auto& arcs = scratch.local();
      for (std::uint32_t v = r.begin(); v != r.end(); ++v) {
        gather(v, arcs);
        for (std::size_t i = 0; i < arcs.size(); ++i) {
          channel_to_[channel_start_[v] + i] = arcs[i].to;
          channel_kinds_[channel_start_[v] + i] = arcs[i].kinds;
        }
      }
    });
  }

  bool escape_config(NodeId d, std::uint32_t c) const { return escape_channel_[x_.destinations[d].channel[c]]; }
  // (destination, configuration) of a global configuration number.
  std::pair<NodeId, std::uint32_t> locate(std::uint64_t g) const {
    const auto d = static_cast<NodeId>(std::upper_bound(first_.begin(), first_.end(), g) - first_.begin() - 1);
    return {d, static_cast<std::uint32_t>(g - first_[d])};
  }
  std::uint32_t vertex_of(NodeId d, std::uint32_t c) const {
    const ChannelId ch = x_.destinations[d].channel[c];
    return escape_channel_[ch] ? ch : static_cast<std::uint32_t>(channels_ + first_[d] + c);
  }
  template <class F>
  void hops_of(NodeId d, std::uint32_t c, F& f) const {
    const ExploredDestination& b = x_.destinations[d];
    const PacketRef p{b.src[c], d};
    for (const auto& h : b.hops(c)) f(vertex_of(d, h.to()), h.kind(), p);
  }
  // A counting sort of the escape configurations by channel.
  void index_by_channel() {
    offsets_.assign(std::uint64_t{channels_} + 1, 0);
    const auto n = static_cast<NodeId>(x_.destinations.size());
    for (NodeId d = 0; d < n; ++d)
      for (std::uint32_t c = 0; c < x_.destinations[d].channel.size(); ++c)
        if (escape_config(d, c)) ++offsets_[x_.destinations[d].channel[c] + 1];
    for (std::uint32_t ch = 0; ch < channels_; ++ch) offsets_[ch + 1] += offsets_[ch];
    members_.resize(offsets_[channels_]);
    std::vector<std::uint64_t> next(offsets_.begin(), offsets_.end() - 1);
    for (NodeId d = 0; d < n; ++d)
      for (std::uint32_t c = 0; c < x_.destinations[d].channel.size(); ++c)
        if (escape_config(d, c)) members_[next[x_.destinations[d].channel[c]]++] = {d, c};
  }
};

// The bubble rings (dependency_graph.h): each escape channel's only one-buffer
// way in is from its predecessor, round a cycle, with no bubble hop on it.
struct BubbleRings {
  std::vector<std::vector<ChannelId>> rings;  // each in ring order, from its least channel
  std::vector<std::uint32_t> rep;             // channel -> its ring's first channel, or itself
  std::vector<std::int64_t> pred;             // ring channel -> its predecessor, else -1
  std::vector<std::int32_t> ring_of;          // channel -> its ring's index, else -1
  bool ring_hop(std::uint32_t from, std::uint32_t to) const {
    return to < pred.size() && pred[to] == static_cast<std::int64_t>(from);
  }
  std::uint32_t rep_of(std::uint32_t v) const { return v < rep.size() ? rep[v] : v; }
};

// One pass over every vertex's merged hops: the counts of H and, with bubble
// hops, the ways into each escape channel (for the rings).
struct Entries {
  std::vector<std::uint32_t> count;  // one-buffer ways in: distinct sources, and injection
  std::vector<std::int64_t> from;    // the (last) source of one
  std::vector<char> clean;           // no bubble hop from that source
};

Entries count_graph(const ExploredGraph& h, const Budget& budget, DependencyAnalysis& a) {
  Entries in;
  in.count.assign(h.channels(), 0);
  in.from.assign(h.channels(), -1);
  in.clean.assign(h.channels(), 0);
  std::vector<Arc> arcs;
  std::uint64_t locals = 0;
  std::uint32_t seen = 0;
  h.each_vertex([&](std::uint32_t v) {
    if (++seen % kVerticesPerCheck == 0) budget.check("building the channel dependency graph", seen, h.vertices());
    locals += v >= h.channels();
    h.merged_hops(v, arcs);
    a.graph_edges += arcs.size();
    for (const Arc& e : arcs) {
      if (e.to >= h.channels()) continue;
      a.direct_dependencies += v < h.channels();
      if (!(e.kinds & ConfigurationGraph::kOneBuffer)) continue;
      ++in.count[e.to];
      in.from[e.to] = v;
      in.clean[e.to] = !(e.kinds & ConfigurationGraph::kBubble);
    }
  });
  a.graph_vertices = h.channels() + locals;
  const std::vector<char> injected = h.injected();
  for (std::uint32_t ch = 0; ch < h.channels(); ++ch) in.count[ch] += injected[ch];
  return in;
}

BubbleRings no_rings(std::uint32_t channels) {
  BubbleRings r;
  r.rep.resize(channels);
  for (std::uint32_t v = 0; v < channels; ++v) r.rep[v] = v;
  r.pred.assign(channels, -1);
  r.ring_of.assign(channels, -1);
  return r;
}

BubbleRings find_bubble_rings(const Entries& in, const std::vector<ChannelId>& escape_used) {
  const auto channels = static_cast<std::uint32_t>(in.count.size());
  BubbleRings r = no_rings(channels);
  std::vector<std::int64_t> pred(channels, -1);
  for (ChannelId c : escape_used)
    if (in.count[c] == 1 && in.from[c] >= 0 && in.from[c] < channels && in.from[c] != c && in.clean[c])
      pred[c] = in.from[c];
  // Each channel has at most one predecessor, so the cycles of `pred` are
  // disjoint; walk back from each channel, colouring the walk.
  std::vector<std::uint32_t> walk_of(channels, 0);
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
    std::rotate(ring.begin(), std::min_element(ring.begin(), ring.end()), ring.end());
    for (ChannelId y : ring) {
      r.rep[y] = ring.front();
      r.pred[y] = pred[y];
    }
    r.rings.push_back(std::move(ring));
  }
  std::sort(r.rings.begin(), r.rings.end());
  for (std::size_t i = 0; i < r.rings.size(); ++i)
    for (ChannelId y : r.rings[i]) r.ring_of[y] = static_cast<std::int32_t>(i);
  return r;
}

// H with the rings contracted (a ring's first channel has every member's
// hops, the others none) and, under cut-through, no hop from an escape
// channel into a non-escape configuration (dependency_graph.h).
class Contracted {
 public:
  Contracted(const ExploredGraph& h, const BubbleRings& r, bool cut_through) : h_(h), r_(r), cut_(cut_through) {}

  // The sources of v's hops: its ring's channels, itself, or none.
  template <class F>
  void sources(std::uint32_t v, F&& f) const {
    if (v >= h_.channels() || r_.ring_of[v] < 0) {
      f(v);
    } else if (r_.rep[v] == v) {
      for (ChannelId x : r_.rings[static_cast<std::size_t>(r_.ring_of[v])]) f(x);
    }
  }
  bool kept(std::uint32_t from, std::uint32_t to) const {
    return !r_.ring_hop(from, to) && !(cut_ && from < h_.channels() && to >= h_.channels());
  }
  // v's successors, increasing, each once.
  void successors(std::uint32_t v, std::vector<std::uint32_t>& out) const {
    out.clear();
    sources(v, [&](std::uint32_t x) {
      h_.targets(x, [&](std::uint32_t to) {
        if (kept(x, to)) out.push_back(r_.rep_of(to));
      });
    });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
  // The least hop of H (from, to) that the arc a -> b stands for.
  std::pair<std::uint32_t, std::uint32_t> hop_for(std::uint32_t a, std::uint32_t b) const {
    std::pair<std::uint32_t, std::uint32_t> least{kNoVertex, kNoVertex};
    sources(a, [&](std::uint32_t x) {
      h_.targets(x, [&](std::uint32_t to) {
        if (kept(x, to) && r_.rep_of(to) == b) least = std::min(least, std::pair(x, to));
      });
    });
    MENGER_ASSERT(least.first != kNoVertex, "an arc of the contracted graph stands for no hop");
    return least;
  }

 private:
  const ExploredGraph& h_;
  const BubbleRings& r_;
  bool cut_;
};

// Tarjan's strongly connected components, iterative, roots in vertex order and
// successors in increasing order: the numbering boost::strong_components
// gives (components in the order their roots finish).  Holes are skipped.
struct Components {
  std::vector<std::uint32_t> comp;  // per vertex (kNoVertex for holes)
  std::vector<char> cyclic;         // per channel: its component has two vertices or more
};

Components components(const ExploredGraph& h, const Contracted& q, const Budget& budget) {
  const std::uint32_t n = h.vertices();
  Components out;
  std::vector<std::uint32_t> num(n, 0), low(n, 0);  // low becomes the component once done
  std::vector<bool> done(n, false);
  out.cyclic.assign(h.channels(), 0);
  struct Frame {
    std::uint32_t v;
    std::uint64_t begin, pos, end;  // its successors in `succ`
  };
  std::vector<Frame> frames;
  std::vector<std::uint32_t> succ, stack, scratch;
  std::uint32_t clock = 0, comps = 0, since_check = 0;
  auto enter = [&](std::uint32_t v) {
    if (++since_check == kVerticesPerCheck) {
      since_check = 0;
      budget.check(kSearching, clock, n);
    }
    num[v] = low[v] = ++clock;
    stack.push_back(v);
    q.successors(v, scratch);
    frames.push_back({v, succ.size(), succ.size(), succ.size() + scratch.size()});
    succ.insert(succ.end(), scratch.begin(), scratch.end());
  };
  h.each_vertex([&](std::uint32_t root) {
    if (num[root]) return;
    enter(root);
    while (!frames.empty()) {
      Frame& f = frames.back();
      if (f.pos < f.end) {
        const std::uint32_t w = succ[f.pos++];
        if (!num[w]) enter(w);  // f may dangle from here on
        else if (!done[w]) low[f.v] = std::min(low[f.v], num[w]);
        continue;
      }
      const std::uint32_t v = f.v;
      succ.resize(f.begin);
      frames.pop_back();
      if (low[v] != num[v]) {
        low[frames.back().v] = std::min(low[frames.back().v], low[v]);
        continue;
      }
      const auto top = std::find(stack.rbegin(), stack.rend(), v).base() - 1;
      const bool big = stack.end() - top > 1;
      for (auto it = top; it != stack.end(); ++it) {
        done[*it] = true;
        low[*it] = comps;
        if (big && *it < h.channels()) out.cyclic[*it] = 1;
      }
      stack.erase(top, stack.end());
      ++comps;
    }
  });
  for (std::uint32_t v = 0; v < n; ++v)
    if (!done[v]) low[v] = kNoVertex;
  out.comp = std::move(low);
  return out;
}

// A shortest cycle through v0 inside its component, as the vertices it passes
// (v0 first), found breadth first with successors in increasing order.
std::vector<std::uint32_t> cycle_through(const Contracted& q, const Components& cs, std::uint32_t v0) {
  std::vector<std::uint32_t> via(cs.comp.size(), kNoVertex), succ;
  std::deque<std::uint32_t> queue{v0};
  while (!queue.empty()) {
    const std::uint32_t u = queue.front();
    queue.pop_front();
    q.successors(u, succ);
    for (std::uint32_t w : succ) {
      if (cs.comp[w] != cs.comp[v0]) continue;
      if (w == v0) {
        std::vector<std::uint32_t> path;
        for (std::uint32_t x = u; x != v0; x = via[x]) path.push_back(x);
        path.push_back(v0);
        std::reverse(path.begin(), path.end());
        return path;
      }
      if (via[w] == kNoVertex) {
        via[w] = u;
        queue.push_back(w);
      }
    }
  }
  throw InternalError("no cycle through a vertex of a cyclic strongly connected component");
}

// The cycle as hops of H: each arc's least hop, and where it enters a ring at
// one channel and leaves from another, the ring hops between them.
std::vector<std::pair<std::uint32_t, std::uint32_t>> expand(const Contracted& q, const BubbleRings& r,
                                                            const std::vector<std::uint32_t>& path) {
  std::vector<std::int64_t> next(r.pred.size(), -1);
  for (std::size_t c = 0; c < r.pred.size(); ++c)
    if (r.pred[c] >= 0) next[static_cast<std::size_t>(r.pred[c])] = static_cast<std::int64_t>(c);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs, out;
  for (std::size_t i = 0; i < path.size(); ++i) arcs.push_back(q.hop_for(path[i], path[(i + 1) % path.size()]));
  for (std::size_t i = 0; i < arcs.size(); ++i) {
    out.push_back(arcs[i]);
    const std::uint32_t next_from = arcs[(i + 1) % arcs.size()].first;
    for (std::uint32_t x = out.back().second; x != next_from; x = static_cast<std::uint32_t>(next[x]))
      out.emplace_back(x, static_cast<std::uint32_t>(next[x]));
  }
  return out;
}

// Splits a cycle of H at its escape vertices into dependencies of the extended graph.
std::vector<ChannelDependency> to_dependencies(const ExploredGraph& h,
                                               const std::vector<std::pair<std::uint32_t, std::uint32_t>>& hops) {
  std::vector<ChannelDependency> out;
  for (const auto& [from, to] : hops) {
    if (from < h.channels()) out.push_back({from, 0, h.packet(from, to), {}});
    if (to < h.channels()) out.back().to = to;
    else out.back().via.push_back(h.channel_of(to));
  }
  return out;
}

}  // namespace

void analyse_explored_graph(const Exploration& x, DependencyAnalysis& a) {
  const ExploredGraph h(x, a.escape_vcs);
  a.escape_channels_used = h.escape_used();
  // The component search's numbers and stack, and the channel index, per vertex.
  x.budget.check_memory_for(kSearching, std::uint64_t{h.vertices()} * 16);
  const Entries in = count_graph(h, x.budget, a);
  // Without bubble hops every way into a channel is a one-buffer one, so a ring
  // could only be entered from itself and no packet would ever reach it: no rings.
  const BubbleRings rings = a.bubble_hops ? find_bubble_rings(in, a.escape_channels_used) : no_rings(h.channels());
  a.rings = rings.rings;
  a.cut_through = a.bubble_hops;
  const Contracted q(h, rings, a.cut_through);
  const Components cs = components(h, q, x.budget);
  std::vector<std::uint32_t> succ;
  for (ChannelId c : a.escape_channels_used) {
    const std::uint32_t v = rings.rep[c];
    q.successors(v, succ);
    if (!cs.cyclic[v] && !std::binary_search(succ.begin(), succ.end(), v)) continue;
    a.acyclic = false;
    a.cycle = to_dependencies(h, expand(q, rings, cycle_through(q, cs, v)));
    return;
  }
  // Tarjan numbers components sinks first, so every arc between components
  // goes to a lower number; checked here rather than trusted.
  std::uint32_t seen = 0;
  h.each_vertex([&](std::uint32_t v) {
    if (++seen % kVerticesPerCheck == 0) x.budget.check(kSearching, seen, h.vertices());
    q.successors(v, succ);
    for (std::uint32_t w : succ)
      MENGER_ASSERT(cs.comp[v] >= cs.comp[w], "strong component numbering is not reverse topological");
  });
  // Ring channels share their ring's component; within it, ring order.
  std::vector<std::uint32_t> ring_pos(h.channels(), 0);
  for (const auto& ring : rings.rings)
    for (std::uint32_t i = 0; i < ring.size(); ++i) ring_pos[ring[i]] = i;
  a.order = a.escape_channels_used;
  std::stable_sort(a.order.begin(), a.order.end(), [&](ChannelId p, ChannelId r) {
    const std::uint32_t cp = cs.comp[rings.rep[p]], cr = cs.comp[rings.rep[r]];
    return cp != cr ? cp > cr : ring_pos[p] < ring_pos[r];
  });
}

}  // namespace menger
