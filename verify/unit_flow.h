// s-t cuts counted in fault units: max-flow / min-cut with node splitting.
//
// Construction (the classical reduction behind Menger's theorem): every node v
// becomes v_in -> v_out.  The arc carries the weight of v's fault unit, or is
// unbounded when v cannot fail; an endpoint gets no such arc at all, since an
// endpoint never relays.  Every usable direction of a link u -> w becomes
// u_out -> w_in, unbounded unless the link is a fault unit.  A directed link
// that is a unit carries its weight; a bidirectional one becomes a gadget
// u_out, w_out -> L_in -> L_out -> u_in, w_in with the weight on L_in -> L_out,
// so that both directions share the link's capacity and the flow decomposes
// into link-disjoint paths.  A source s starts at s_out and a target t ends at t_in,
// so s and t themselves are never cut.  The maximum flow from s_out to t_in is
// then the least weight of fault units whose failure disconnects t from s, and
// a decomposition of the flow gives that many unit-disjoint paths (Menger).
//
// Algorithm: augmenting paths found by breadth-first search in the residual
// network (Edmonds-Karp), stopped as soon as the flow reaches a caller's bound:
// a pair that cannot beat the best cut found so far costs bound+1 searches.
// Written here rather than with Boost.Graph's max-flow algorithms because those
// always compute the full flow and reinitialise O(V+E) state per call, while an
// exhaustive tolerance search makes thousands of calls that only need to know
// whether the flow reaches the bound; tests compare this engine with Boost's
// boykov_kolmogorov_max_flow on the same networks.
//
// Cost per call: O(bound * (V + A)) with V = 2N split nodes and A arcs; the
// workspace resets only what a call touched.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "verify/fault_model.h"
#include "verify/unit_path.h"

namespace menger {

inline constexpr std::uint64_t kUnbounded = std::numeric_limits<std::uint64_t>::max();

struct PairCut {
  // Least weight of units separating t from s; kUnbounded if no fault set can.
  std::uint64_t value = 0;
  bool bounded = false;               // stopped at the bound: value >= bound, exact value unknown
  std::vector<std::size_t> units;     // a minimum cut, when requested and exact and finite
  std::vector<UnitPath> paths;        // a flow decomposition, when requested (value paths, or one
                                      // unit-free path when unbounded)
  std::vector<std::uint64_t> amounts; // flow carried by each path (1 each with unit weights)
};

class UnitFlowNetwork {
 public:
  explicit UnitFlowNetwork(const FaultModel& model);

  struct Workspace;
  // Max flow from s to t, stopped once it reaches `bound`.
  PairCut solve(NodeId s, NodeId t, std::uint64_t bound, Workspace& w, bool want_cut, bool want_paths) const;

  struct Workspace {
    std::vector<std::uint64_t> residual;
    std::vector<std::uint32_t> touched;  // arcs whose residual changed
    std::vector<std::uint32_t> parent_arc, stamp, queue;
    std::vector<std::uint32_t> position;  // decomposition: place of a vertex on the current walk
    std::uint32_t epoch = 0;
  };
  Workspace make_workspace() const;
  std::uint64_t arcs() const { return head_.size(); }

 private:
  const FaultModel* model_;
  // Split vertices: 2v = v_in, 2v+1 = v_out; link gadgets follow the nodes.
  // Arc i and i^1 are mutual reverses.
  std::vector<std::uint64_t> first_;  // CSR over vertices into arc_ids_
  std::vector<std::uint32_t> arc_ids_;
  std::vector<std::uint32_t> head_;
  std::vector<std::uint64_t> capacity_;
  // What an original (even) arc stands for: a node's relay arc or a link direction.
  struct Meaning {
    enum Kind : std::uint8_t { Relay, LinkHop, GadgetEntry, GadgetCore, GadgetExit } kind;
    NodeId node;  // Relay: the node; LinkHop, GadgetEntry: the tail; GadgetExit: the head
    PortId port;  // LinkHop, GadgetEntry: the tail's port
    LinkId link;
  };
  std::vector<Meaning> meaning_;  // indexed by arc / 2

  std::uint32_t vertices_ = 0;
  std::uint32_t add_arc(std::uint32_t from, std::uint32_t to, std::uint64_t cap, Meaning m,
                        std::vector<std::vector<std::uint32_t>>& out);
  std::optional<std::size_t> unit_of_arc(std::uint32_t arc) const;
  UnitPath to_path(const std::vector<std::uint32_t>& arcs) const;
  bool augmenting_path(std::uint32_t src, std::uint32_t dst, Workspace& w) const;
  std::vector<std::size_t> cut_units(std::uint32_t src, Workspace& w) const;
  void decompose(std::uint32_t src, std::uint32_t dst, Workspace& w, PairCut& out) const;
  std::uint64_t flow_on(std::uint32_t arc, const Workspace& w) const { return capacity_[arc] - w.residual[arc]; }
};

}  // namespace menger
