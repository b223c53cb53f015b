// What one routing run or pair search comes to, shared by the lazy search
// (route_search.h), the symbolic search (symbolic_search.h) and their callers
// without either including the other (issue 37: no two modules include each
// other): the pair and its orbit weight, a failure, the per-level counts, the
// path bound, and the excuse test.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/fault.h"
#include "core/formula.h"
#include "core/types.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {

struct RoutePair {
  NodeId s = kNoNode, d = kNoNode;
  // How many required pairs this one stands for under the symmetry used (1
  // without): |orbit of s| x |orbit of d under the stabiliser of s| for the
  // port-keeping automorphisms, |orbit of s| for translations (every d is
  // examined then).  The failure and disconnected counts are weighted by it,
  // so that they count every pair (the header's "Symmetry").
  std::uint64_t weight = 1;
};

struct RouteFailure {
  FaultSet faults;
  RoutePair pair;
  RunResult run;
  std::optional<std::uint32_t> path_bound;
  bool disconnected = false;  // no fault-free path exists at all
};

struct RouteLevelStats {
  std::uint64_t runs = 0;        // routing runs executed at this level
  std::uint64_t disconnected = 0;  // explored (F, pair) where F disconnects the pair
  std::uint64_t failures = 0;      // explored (F, pair) held against the routing
};

// True when a fault-free path leads from s to d under `faults` (relaying only
// through healthy nodes that forward).  The excuse test, shared with replay.
bool physically_connected(const FaultModel& model, const FaultSet& faults, NodeId s, NodeId d);
// The same, when the caller has already expanded the fault set (reliability trials).
bool physically_connected(const Network& net, const FailedElements& failed, NodeId s, NodeId d);

// Path bound for a pair under |F| = faults, from the formula (floor of its value).
class PathBound {
 public:
  PathBound(const FaultModel& model, std::optional<std::string> formula, std::uint32_t k);
  bool active() const { return formula_.has_value(); }
  bool needs_distance() const { return needs_distance_; }
  std::optional<std::uint32_t> at(std::uint32_t faults, std::uint32_t distance) const;
  const std::optional<std::string>& formula() const { return formula_; }

 private:
  std::optional<std::string> formula_;
  bool needs_distance_ = false;
  FormulaVars vars_;
  std::uint32_t k_;
  std::vector<std::vector<std::uint32_t>> table_;  // [faults][distance], filled up front
};

}  // namespace menger
