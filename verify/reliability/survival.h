// Does the network survive a fault set: does every required pair of the fault
// model keep a path through healthy relays?  (001's "complete" network: "some
// non-faulty path between every pair of network endpoints".)  This is the
// question a reliability trial asks hundreds of times, so it is answered for
// all pairs at once with bitsets over the terminals instead of one search per
// pair:
//   undirected links   healthy relays fall into connected components (union-
//                      find); a terminal reaches the terminals adjacent to the
//                      components it touches, and its direct neighbours;
//   directed, relays   (multistage networks) the terminals each relay reaches,
//   acyclic            in one pass in reverse topological order;
//   otherwise          one breadth-first search per source.
// Paths relay only through nodes that forward (fault_model.h).  The answer is
// tested against a per-pair search (route_search.h's physically_connected).
#pragma once

#include <cstdint>
#include <vector>

#include "core/fault.h"
#include "verify/fault_model.h"

namespace menger {

class SurvivalChecker {
 public:
  // `force_search`: use the per-source search whatever the network (for tests).
  // `budget` covers preparing the tables (bits over every pair of terminals).
  explicit SurvivalChecker(const FaultModel& model, bool force_search = false, const Budget& budget = Budget());
  // True when every required pair of healthy terminals stays connected.
  bool survives(const FaultSet& faults);
  // The largest i such that the network survives the failure of order[0..i)
  // (survival is monotone: fewer faults never hurt), by binary search.
  std::size_t tolerated_prefix(const std::vector<std::size_t>& order);
  const char* method() const;

 private:
  enum class Method { Components, Acyclic, Search };
  const FaultModel& model_;
  const Network& net_;
  Method method_;
  std::size_t words_;                      // 64-bit words per terminal bitset
  std::vector<std::uint32_t> terminal_index_;  // node -> terminal index, or UINT32_MAX
  std::vector<std::uint64_t> required_;    // per terminal: its required targets
  std::vector<NodeId> topo_;               // relays in reverse topological order (Acyclic)
  // Scratch, reused across calls.
  std::vector<std::uint64_t> reach_;       // per node: terminals reached (rows of words_)
  std::vector<std::uint32_t> parent_;
  std::vector<NodeId> queue_;
  std::vector<char> seen_;

  void fill_reach(const FailedElements& failed);
  void reach_by_components(const FailedElements& failed);
  void reach_by_order(const FailedElements& failed);
  void reach_by_search(const FailedElements& failed);
  void or_into(NodeId row, NodeId from);
  void set_bit(NodeId row, NodeId terminal);
  std::uint32_t find(std::uint32_t x);
};

}  // namespace menger
