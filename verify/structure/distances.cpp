#include "verify/structure/distances.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>
#include <vector>


namespace menger {

namespace {

constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();

struct Scratch {
  std::vector<std::uint32_t> dist;
  std::vector<NodeId> queue;
};

// How often a search looks at the budget: every this many nodes taken from
// the queue, and once per level of a bit-parallel sweep (itself a pass over
// every node), so that one search of millions of nodes, or a batch on a path
// of 200,000 nodes (200,000 levels), stops within milliseconds of it.
constexpr std::size_t kCheckEvery = std::size_t{1} << 14;

// BFS from s; fills scratch.dist for every node reached (others stay kUnreached
// after the reset at the end of the previous search).  False, with the search
// unfinished, when `stop()` says the budget ran out.
template <class Stop>
bool bfs(const Network& net, NodeId s, Scratch& w, const Stop& stop) {
  w.queue.clear();
  w.dist[s] = 0;
  w.queue.push_back(s);
  for (std::size_t head = 0; head < w.queue.size(); ++head) {
    if (head % kCheckEvery == kCheckEvery - 1 && stop()) return false;
    const NodeId v = w.queue[head];
    if (v != s && !net.forwards(v)) continue;  // endpoints terminate, never relay
    const std::uint32_t dv = w.dist[v] + 1;
    for (NodeId u : net.out_neighbors(v))
      if (w.dist[u] == kUnreached) {
        w.dist[u] = dv;
        w.queue.push_back(u);
      }
  }
  return true;
}

bool farther(std::uint32_t d, NodeId s, NodeId t, const DistanceSummary& best) {
  if (d != best.diameter) return d > best.diameter;
  return std::pair(s, t) < std::pair(best.diameter_source, best.diameter_target);
}

void merge(DistanceSummary& a, const DistanceSummary& b) {
  a.sources_done += b.sources_done;
  a.pairs += b.pairs;
  a.unreachable += b.unreachable;
  a.distance_sum += b.distance_sum;
  if (b.diameter_source != kNoNode && (a.diameter_source == kNoNode || farther(b.diameter, b.diameter_source, b.diameter_target, a))) {
    a.diameter = b.diameter;
    a.diameter_source = b.diameter_source;
    a.diameter_target = b.diameter_target;
  }
  if (b.unreachable_source != kNoNode &&
      (a.unreachable_source == kNoNode ||
       std::pair(b.unreachable_source, b.unreachable_target) < std::pair(a.unreachable_source, a.unreachable_target))) {
    a.unreachable_source = b.unreachable_source;
    a.unreachable_target = b.unreachable_target;
  }
}

// One source's pairs into acc; false (acc untouched) when the budget ran out.
template <class Stop>
bool account_source(const Network& net, NodeId s, const std::vector<NodeId>& terminals, Scratch& w,
                    DistanceSummary& acc, const Stop& stop) {
  if (!bfs(net, s, w, stop)) {
    for (NodeId v : w.queue) w.dist[v] = kUnreached;
    return false;
  }
  for (NodeId t : terminals) {
    if (t == s) continue;
    ++acc.pairs;
    const std::uint32_t d = w.dist[t];
    if (d == kUnreached) {
      ++acc.unreachable;
      if (acc.unreachable_source == kNoNode) {
        acc.unreachable_source = s;
        acc.unreachable_target = t;
      }
      continue;
    }
    acc.distance_sum += d;
    if (acc.diameter_source == kNoNode || farther(d, s, t, acc)) {
      acc.diameter = d;
      acc.diameter_source = s;
      acc.diameter_target = t;
    }
  }
  for (NodeId v : w.queue) w.dist[v] = kUnreached;
  ++acc.sources_done;
  return true;
}

// ---- bit-parallel: up to 64 sources per sweep (MS-BFS) --------------------

struct Masks {
  std::vector<std::uint64_t> seen, visit, next;
};

void note_far(DistanceSummary& acc, std::uint32_t d, NodeId s, NodeId t) {
  if (acc.diameter_source == kNoNode || farther(d, s, t, acc)) {
    acc.diameter = d;
    acc.diameter_source = s;
    acc.diameter_target = t;
  }
}

void note_unreachable(DistanceSummary& acc, NodeId s, NodeId t) {
  if (acc.unreachable_source == kNoNode || std::pair(s, t) < std::pair(acc.unreachable_source, acc.unreachable_target)) {
    acc.unreachable_source = s;
    acc.unreachable_target = t;
  }
}

// Searches from sources[0..n) (ascending ids, n <= 64) at once.  Bit i of a
// node's mask stands for sources[i]; a bit enters `next` the first time its
// source reaches the node, so each (source, node) pair is counted once, at
// its distance.  The batch counts into acc only when it finishes: false (acc
// untouched) when `stop()` says the budget ran out first.
template <class Stop>
bool account_batch(const Network& net, const NodeId* sources, std::size_t n, const std::vector<NodeId>& terminals,
                   const std::vector<char>& terminal, Masks& m, DistanceSummary& into, const Stop& stop) {
  DistanceSummary acc;
  const NodeId nodes = net.num_nodes();
  std::fill(m.seen.begin(), m.seen.end(), 0);
  std::fill(m.visit.begin(), m.visit.end(), 0);
  for (std::size_t i = 0; i < n; ++i) m.seen[sources[i]] = m.visit[sources[i]] = std::uint64_t{1} << i;
  for (std::uint32_t level = 1;; ++level) {
    if (stop()) return false;  // `next` is clear between levels: the next batch starts clean
    bool any = false;
    for (NodeId v = 0; v < nodes; ++v) {
      const std::uint64_t x = m.visit[v];
      if (!x || (level > 1 && !net.forwards(v))) continue;  // only sources and relays expand
      for (NodeId u : net.out_neighbors(v)) {
        const std::uint64_t fresh = x & ~m.seen[u];
        if (!fresh) continue;
        m.next[u] |= fresh;
        m.seen[u] |= fresh;
        any = true;
      }
    }
    if (!any) break;
    for (NodeId u = 0; u < nodes; ++u) {
      const std::uint64_t fresh = m.next[u];
      if (!fresh) continue;
      if (terminal[u]) {
        acc.distance_sum += std::uint64_t{level} * static_cast<std::uint64_t>(std::popcount(fresh));
        note_far(acc, level, sources[std::countr_zero(fresh)], u);
      }
    }
    std::swap(m.visit, m.next);
    std::fill(m.next.begin(), m.next.end(), 0);
  }
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  for (NodeId t : terminals) {
    const std::uint64_t missing = all & ~m.seen[t];
    if (!missing) continue;
    acc.unreachable += static_cast<std::uint64_t>(std::popcount(missing));
    note_unreachable(acc, sources[std::countr_zero(missing)], t);
  }
  acc.pairs += n * (terminals.size() - 1);
  acc.sources_done += n;
  merge(into, acc);
  return true;
}

}  // namespace

std::vector<std::uint32_t> distances_from(const Network& net, NodeId source) {
  Scratch w{std::vector<std::uint32_t>(net.num_nodes(), kUnreached), {}};
  // One search, not checked: its callers (route_search.h) stop between pairs.
  bfs(net, source, w, [] { return false; });
  return w.dist;
}

DistanceSummary terminal_distances(const Network& net, const DistanceOptions& opts) {
  std::vector<NodeId> terminals;
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.is_terminal(v)) terminals.push_back(v);
  DistanceSummary result;
  result.terminals = terminals.size();
  const bool symmetric = opts.use_symmetry && net.topology().vertex_transitive() &&
                         terminals.size() == net.num_nodes() && !terminals.empty();
  result.by_symmetry = symmetric;
  const std::size_t sources = symmetric ? 1 : terminals.size();
  result.sources_total = sources;

  // The question's budget (deadline, memory limit, cancellation).
  std::atomic<bool> out_of_time{false};
  auto expired = [&] {
    if (!out_of_time.load(std::memory_order_relaxed) &&
        opts.budget.passed())
      out_of_time = true;
    return out_of_time.load(std::memory_order_relaxed);
  };
  // Every worker keeps arrays over all nodes (three masks of 8 bytes, or a
  // distance and a queue entry of 4): asked for before they are made.
  const auto workers = static_cast<std::uint64_t>(tbb::this_task_arena::max_concurrency());
  const std::uint64_t per_node = opts.method == DistanceMethod::PerSource ? 8 : 3 * 8;
  opts.budget.check_memory_for("searching distances", workers * per_node * net.num_nodes() + net.num_nodes());
  auto join = [](DistanceSummary a, const DistanceSummary& b) {
    merge(a, b);
    return a;
  };
  DistanceSummary found;
  if (opts.method == DistanceMethod::PerSource) {
    tbb::enumerable_thread_specific<Scratch> scratch(
        [&] { return Scratch{std::vector<std::uint32_t>(net.num_nodes(), kUnreached), {}}; });
    found = tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, sources), DistanceSummary{},
        [&](const tbb::blocked_range<std::size_t>& r, DistanceSummary acc) {
          Scratch& w = scratch.local();
          for (std::size_t i = r.begin(); i != r.end() && !expired(); ++i)
            if (!account_source(net, terminals[i], terminals, w, acc, expired)) break;
          return acc;
        },
        join);
  } else {
    std::vector<char> terminal(net.num_nodes(), 0);
    for (NodeId t : terminals) terminal[t] = 1;
    const std::size_t batches = (sources + 63) / 64;
    tbb::enumerable_thread_specific<Masks> masks([&] {
      const std::size_t n = net.num_nodes();
      return Masks{std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n)};
    });
    found = tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, batches, 1), DistanceSummary{},
        [&](const tbb::blocked_range<std::size_t>& r, DistanceSummary acc) {
          Masks& m = masks.local();
          for (std::size_t b = r.begin(); b != r.end() && !expired(); ++b) {
            const std::size_t first = b * 64, n = std::min<std::size_t>(64, sources - first);
            if (!account_batch(net, terminals.data() + first, n, terminals, terminal, m, acc, expired)) break;
          }
          return acc;
        },
        join);
  }
  merge(result, found);
  if (symmetric && result.complete()) {  // every source looks like the first one
    const std::uint64_t n = terminals.size();
    result.pairs *= n;
    result.unreachable *= n;
    result.distance_sum *= n;
  }
  return result;
}

}  // namespace menger
