// Distances between terminals: diameter and average distance, exact.
//
// Method: breadth-first search from every terminal over the out-adjacency, in
// parallel with TBB.  A path may pass only through nodes that forward (switches
// and routers): an endpoint of an indirect network is never a relay.  Pairs are
// ordered pairs (s, t) of distinct terminals.
//
// By default 64 sources are searched at once, bit-parallel (MS-BFS, Then et al.,
// "The More the Merrier: Efficient Multi-Source Graph Traversal", VLDB 2015):
// each node carries a 64-bit mask of the sources that have reached it, and one
// sweep over the arcs advances all 64 frontiers.  The plain one-source BFS stays
// as the reference the tests compare it with (DistanceMethod::PerSource).
//
// Symmetry: when the topology declares vertex-transitivity (a theorem about
// the family, e.g. tori and hypercubes) and every node is a terminal, one source
// stands for all: the totals are N times that source's.
//
// Cost: O(T * (N + A)) for T terminals, N nodes and A arcs, divided by up to 64
// (times the number of BFS levels a node stays active) in the bit-parallel
// method; memory O(N) words per worker thread.  The result is independent of the thread count: sums and
// counts are integers and ties for the diameter witness break on the smallest
// (source, target).
//
// Budget: the question's budget (deadline, memory limit, cancellation;
// DistanceOptions::budget) is checked every 16,384 nodes a search takes
// from its queue and once per level of a bit-parallel sweep, so one search
// over a long path or millions of nodes stops within milliseconds of it.  A
// source or batch cut short counts for nothing; the summary reports how many
// sources were covered and is not complete.  The per-worker arrays are asked
// of the memory limit before they are made (BudgetExhausted when too big).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "core/budget.h"
#include "core/network.h"

namespace menger {

enum class DistanceMethod { BitParallel, PerSource };

struct DistanceOptions {
  bool use_symmetry = true;
  DistanceMethod method = DistanceMethod::BitParallel;
  Budget budget;  // the question's: a search that runs out returns what it covered
};

struct DistanceSummary {
  std::uint64_t terminals = 0;
  std::uint64_t sources_total = 0;  // sources that must be searched (1 under symmetry)
  std::uint64_t sources_done = 0;
  bool by_symmetry = false;
  std::uint64_t pairs = 0;          // ordered pairs of distinct terminals covered
  std::uint64_t unreachable = 0;    // of those, pairs with no path
  std::uint64_t distance_sum = 0;   // over reachable pairs
  std::uint32_t diameter = 0;       // over reachable pairs
  NodeId diameter_source = kNoNode, diameter_target = kNoNode;        // a farthest pair
  NodeId unreachable_source = kNoNode, unreachable_target = kNoNode;  // a disconnected pair

  bool complete() const { return sources_done == sources_total; }
};

DistanceSummary terminal_distances(const Network& net, const DistanceOptions& opts = {});

// Hop distances from `source` to every node (UINT32_MAX: unreachable), under
// the same relay rule.
std::vector<std::uint32_t> distances_from(const Network& net, NodeId source);

}  // namespace menger
