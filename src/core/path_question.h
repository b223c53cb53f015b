// Path questions: "the least shortest usable path from a to b inside a
// sub-network", asked of the FaultView as one question (DESIGN.md "Symbolic
// fault view"; issue 20 part 2).
//
// Why one question.  A routing that searches a sub-network node by node makes
// the exhaustive search branch on every node its breadth-first search
// touched, hundreds in an RDN of 004's HDN.  The answer depends on far
// fewer: if a fault set F yields path P and F' contains F but no unit of P,
// then F' yields P too.  Proof: usable nodes and links under F' are usable
// under F (faults only remove), so dist_F'(x, b) >= dist_F(x, b) for every x;
// P is still usable, so along P the distances are equal.  At each node of P
// the path takes the lowest port to a usable neighbour one hop closer; a lower
// such port under F' would lead to a neighbour usable and one hop closer under
// F as well, and F would have taken it.  So the record of the answer is the
// path's own units.  "No path" under F stays "no path" under every F' that
// contains F: its record is empty.
//
// Usable: a node other than the ends is usable when it and its companion (if
// the question names one) are healthy; a link when it is healthy (with
// `check_links`).  The ends are taken as healthy unless `check_ends` (the
// packet is at `from`; the runner checks the hop into `to`).
//
// The least path: breadth-first search from `to` backwards until `from` is
// settled, then from `from` the lowest port to a usable neighbour one hop
// closer, node after node.  Every node one hop closer than a settled node is
// settled when its level is complete, so the walk is exact.  Cost: one BFS of
// the sub-network, O(nodes + ports).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/network.h"

namespace menger {

struct PathQuestion {
  NodeId from = kNoNode, to = kNoNode;
  // Port p of v leads into the sub-network.
  std::function<bool(NodeId v, PortId p)> inside;
  // A node that must be healthy too for v to be usable; kNoNode for none.
  // Empty function: no companions.
  std::function<NodeId(NodeId v)> companion;
  bool check_links = true;   // links of the path must be healthy
  bool check_ends = false;   // `from` and `to` must be usable like the other nodes
  // Questions with the same non-zero key ask about the same sub-network (the
  // same inside, companion and checks): a view may then answer from an
  // earlier answer of the run (PathMemo).  0: never.
  std::uint64_t key = 0;
};

struct PathAnswer {
  std::vector<NodeId> nodes;  // from ... to; empty when no usable path exists
  std::vector<PortId> ports;  // ports[i] leads from nodes[i] to nodes[i + 1]
  bool found() const { return !nodes.empty(); }
  std::uint32_t length() const { return nodes.empty() ? 0 : static_cast<std::uint32_t>(nodes.size() - 1); }
};

// Answers given earlier in one run.  A question from a node of an earlier
// answer's path, with the same key and target, is answered by that path's
// suffix: the suffix of a least path is the least path from its first node
// (the walk's choices depend only on distances to the target), and a path
// stays the answer under every larger fault set that spares it (header), so
// the suffix is the answer for the rest of the run.  Saves the breadth-first
// search a routing repeats at every hop of a segment.
class PathMemo {
 public:
  void clear() { answers_.clear(); }
  // The suffix from q.from of an earlier answer, or an empty answer (not found).
  PathAnswer suffix(const PathQuestion& q) const;
  void remember(const PathQuestion& q, const PathAnswer& a);

 private:
  struct Entry {
    std::uint64_t key;
    NodeId to;
    PathAnswer answer;
  };
  std::vector<Entry> answers_;
};

// The search's memory, kept by a view across questions: distances stamped
// per search, so a search costs what it visits, not the size of the network
// (a routing asks on every hop).
class PathScratch {
 public:
  static constexpr std::uint32_t kUnreached = UINT32_MAX;
  void start(std::size_t nodes);
  std::uint32_t get(NodeId v) const { return stamp_[v] == epoch_ ? dist_[v] : kUnreached; }
  void set(NodeId v, std::uint32_t d) {
    stamp_[v] = epoch_;
    dist_[v] = d;
  }
  std::vector<NodeId> queue;

 private:
  std::vector<std::uint32_t> dist_, stamp_;
  std::uint32_t epoch_ = 0;
};

// Usability oracles the search calls; the callers decide what they read.
struct PathOracles {
  std::function<bool(NodeId v)> node_ok;   // v healthy (companion excluded: the search asks it apart)
  std::function<bool(LinkId l)> link_ok;   // l healthy
};

// The least shortest usable path (header).  Asks the oracles in breadth-first
// order, each node at most once, so a reading oracle reads lazily.
PathAnswer least_shortest_path(const Network& net, const PathQuestion& q, const PathOracles& ok,
                               PathScratch& scratch);

// The nodes whose health the answer depends on, in path order: the path's
// nodes (ends only with check_ends) and their companions.  Links: below.
std::vector<NodeId> answer_nodes(const PathQuestion& q, const PathAnswer& a);
// The path's links when the question checks links; empty otherwise.
std::vector<LinkId> answer_links(const Network& net, const PathQuestion& q, const PathAnswer& a);

}  // namespace menger
