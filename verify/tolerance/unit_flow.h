// s-t cuts counted in fault units: max-flow / min-cut with node splitting.
//
// Construction (the classical reduction behind Menger's theorem): a node v that
// can fail becomes v_in -> v_out, the arc carrying the weight of v's fault unit;
// an endpoint also has separate v_in and v_out but no arc between them, since an
// endpoint never relays; any other node stays one vertex.  Every usable
// direction of a link u -> w becomes u_out -> w_in, carrying the link's weight
// when the link is a fault unit and unbounded otherwise.  A bidirectional link
// unit thus has two arcs; a minimum cut uses at most one of them, and before
// the flow is decomposed opposite flows on one link are cancelled (a 2-cycle
// between unsplit nodes; an endpoint end cannot carry both), so the paths are
// link-disjoint.  A source s starts at s_out and a target t ends at t_in,
// so s and t themselves are never cut.  The maximum flow from s_out to t_in is
// then the least weight of fault units whose failure disconnects t from s, and
// a decomposition of the flow gives that many unit-disjoint paths (Menger).
//
// Algorithm: augmenting paths found by bidirectional breadth-first search in
// the residual network (the smaller frontier grows first, so a search meets in
// the middle instead of sweeping the network), stopped as soon as the flow
// reaches a caller's bound: a pair that cannot beat the best cut found so far
// costs bound+1 searches.
// Written here rather than with Boost.Graph's max-flow algorithms because those
// always compute the full flow and reinitialise O(V+E) state per call, while an
// exhaustive tolerance search makes thousands of calls that only need to know
// whether the flow reaches the bound; tests compare this engine with Boost's
// boykov_kolmogorov_max_flow on the same networks.
//
// Cost per call: O(bound * (V + A)) with V <= 2N vertices and A arcs in the
// worst case, usually far less; the workspace resets only what a call touched.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "verify/fault_model.h"
#include "verify/tolerance/unit_path.h"

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
  // `budget` covers building it (two vertices per node of a large network).
  explicit UnitFlowNetwork(const FaultModel& model, const Budget& budget = Budget());

  struct Workspace;
  // Max flow from s to t, stopped once it reaches `bound`.
  PairCut solve(NodeId s, NodeId t, std::uint64_t bound, Workspace& w, bool want_cut, bool want_paths) const;

  struct Workspace {
    std::vector<std::uint64_t> residual;
    std::vector<std::uint32_t> touched;  // arcs whose residual changed
    struct Marks {
      std::uint32_t fwd = 0, back = 0;  // epoch of the last forward / backward visit
    };
    std::vector<Marks> mark;
    std::vector<std::uint32_t> parent_arc, child_arc, queue, back_queue;  // queues: one slot per vertex
    std::vector<std::uint32_t> side;  // the source side of a minimum cut
    std::vector<std::uint32_t> path;      // arcs of the last augmenting path, source first
    std::vector<std::uint32_t> position;  // decomposition: place of a vertex on the current walk
    std::uint32_t epoch = 0;
  };
  Workspace make_workspace() const;
  std::uint64_t arcs() const { return head_.size(); }

 private:
  const FaultModel* model_;
  // Vertices: in_[v] and out_[v] (equal for a node that is not split).
  // Arc i and i^1 are mutual reverses; original arcs are even.
  // CSR over vertices: the arcs leaving each vertex, with their heads stored
  // beside them so that a search touches one array.
  struct Out {
    std::uint32_t arc, head;
  };
  std::vector<std::uint64_t> first_;
  std::vector<Out> adj_;
  std::vector<std::uint32_t> head_;
  std::vector<std::uint64_t> capacity_;
  // What an original (even) arc stands for: a node's relay arc or a link direction.
  struct Meaning {
    bool relay;   // a split node's v_in -> v_out, or else a link direction
    NodeId node;  // relay: the node; link: the tail
    PortId port;  // link: the tail's port
    LinkId link;
  };
  std::vector<std::uint32_t> in_, out_, node_of_vertex_;
  std::vector<std::array<std::uint32_t, 2>> link_arcs_;  // even arcs of each link (UINT32_MAX: none)
  std::vector<Meaning> meaning_;  // indexed by arc / 2

  std::uint32_t vertices_ = 0;
  std::uint32_t add_arc(std::uint32_t from, std::uint32_t to, std::uint64_t cap, Meaning m,
                        std::vector<std::vector<std::uint32_t>>& out);
  std::optional<std::size_t> unit_of_arc(std::uint32_t arc) const;
  UnitPath to_path(const std::vector<std::uint32_t>& arcs) const;
  bool augmenting_path(std::uint32_t src, std::uint32_t dst, Workspace& w) const;
  void source_side(std::uint32_t src, Workspace& w) const;  // full forward search, for the cut
  std::vector<std::size_t> cut_units(Workspace& w) const;
  void cancel_opposite_link_flows(Workspace& w) const;
  void decompose(std::uint32_t src, std::uint32_t dst, Workspace& w, PairCut& out) const;
  std::uint64_t flow_on(std::uint32_t arc, const Workspace& w) const { return capacity_[arc] - w.residual[arc]; }
};

}  // namespace menger
