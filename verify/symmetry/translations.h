// The translations of a topology (Topology::translations()) as the routing
// engines use them: orbits of nodes, and per source a translation that takes
// it to its orbit's root, on nodes and on fault units.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/network.h"
#include "verify/fault_model.h"

namespace menger {

// Least node of each node's orbit under the group the generators span (union-find).
std::vector<NodeId> orbit_roots(const Network& net, const std::vector<std::vector<NodeId>>& gens);

// True when translations map the fault universe onto itself with its
// weights: no user groups or weights, no packages.
bool symmetric_fault_model(const FaultModel& model);

// For every node s, one translation t_s of the group with t_s(s) = root(s),
// tabulated on nodes and on fault units.  Built by a breadth-first search of
// each orbit: t_root is the identity and t_{g(v)} = t_v o g^-1 for a generator g.
class SourceFrames {
 public:
  // None when the topology exposes no translations, the fault model is not
  // symmetric, a unit does not map onto a unit (e.g. a port-changing
  // generator), or the tables would hold more than `max_entries` entries.
  static std::optional<SourceFrames> build(const FaultModel& model, std::size_t max_entries);

  NodeId root(NodeId s) const { return roots_[s]; }
  NodeId node(NodeId s, NodeId v) const { return nodes_[std::size_t(s) * n_ + v]; }
  std::uint32_t unit(NodeId s, std::size_t u) const { return units_[std::size_t(s) * u_ + u]; }

 private:
  std::size_t n_ = 0, u_ = 0;
  std::vector<NodeId> roots_;
  std::vector<NodeId> nodes_;          // n_ x n_
  std::vector<std::uint32_t> units_;   // n_ x u_
};

}  // namespace menger
