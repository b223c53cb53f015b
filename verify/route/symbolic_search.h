// The symbolic route search: one pair, every fault set of at most k units,
// branching on what the routing's answers depend on (DESIGN.md "Symbolic
// fault view"; issue 20 part 2).  route_check(..., symbolic = true) calls it
// for every examined pair in place of the lazy search of route_search.h.
//
// Method (lazy initialisation, as in symbolic execution).  A run executes the
// routing with a SymbolicFaultView over a PartialFaults state (partial_faults.h):
// units start Unknown, and each question the routing or the runner asks is
// answered from the state when the state decides it, and otherwise by a
// decision between the answers the state still allows, which is added to the
// state as a fact:
//   node_faulty / link_faulty / a hop's link and peer: the unit is Faulty or
//     Healthy;
//   faulty_nodes_at_least(R, c): the constraint |R ∩ F| >= c, or < c; no unit
//     of R is branched on;
//   least_path(q): the least path P under the Faulty units alone
//     (core/path_question.h); then P's Unknown units in order: all Healthy
//     (the answer is P), or the first i - 1 Healthy and the i-th Faulty, and
//     the question is asked again.  "No path" under the Faulty units is the
//     answer for every completion.
// A decision is taken only when both answers leave the state satisfiable
// (some fault set of at most k units meets every fact).  The decisions of a
// run are a script; the search walks the tree of scripts depth first,
// re-running the routing from the start with each script (a routing is a
// pure function, so a script replays the same questions).
//
// Soundness and completeness.  Every leaf (a finished run) holds a
// satisfiable state S, and every completion F of S (|F| <= k, Faulty units
// in F, Healthy units out, every constraint met) gives the same run: each
// question's answer is a fact of S that F meets — for a path question, F
// contains the Faulty units F0 of S at the time and no unit of P, so the
// least path under F is P (path_question.h: F0 yields P, F contains F0 and
// spares P); "no path" under F0 stays so under F.  Conversely every fault set
// F with |F| <= k and s, d healthy is a completion of exactly one leaf: at
// every decision F meets exactly one of the two facts (the decisions of a
// path question are "the first unit of P in F is the i-th", or "none"), that
// fact's subtree is explored when it is satisfiable, and F witnesses that it
// is.  So the leaves partition the fault sets, each leaf's run is the run of
// each of its fault sets, and judging each leaf for every size its state
// admits (PartialFaults::sizes) judges every fault set.
//
// The least failing size.  A leaf whose run fails (or exceeds the path bound
// at some admitted size) fails at the least such size j; the search keeps the
// least j met (first met in script order among equals) and lowers the budget
// to j - 1 for the rest of the tree, so it ends with the least failing size
// of the pair.  A replayed decision that the lower budget no longer allows
// prunes its subtree (it holds no fault set within the budget).
//
// Witnesses.  A failing leaf yields one concrete fault set of size j, the
// completion of its state (PartialFaults::completion); it is run again with
// the ordinary recording runner (route_run.h), which must fail the same way:
// any disagreement is an InternalError, never a verdict.
//
// Excused pairs.  With excuse_disconnected, a failing leaf asks one more
// question: a least path from s to d in the whole network (through nodes
// that forward).  Where it finds none the faults cut the pair (excused,
// counted as disconnected); otherwise the path's units become Healthy and the
// leaf fails at the sizes still admitted.
//
// The proof (route_proof.h, issue 38).  The search writes its own walk when
// asked and no failure lowers the budget; SymbolicPairSearch::prove walks the
// same tree again at a fixed budget (the proved k below a failure).  Either
// writes it in preorder: each decision as a
// branch on its unit (healthy answer first) or a count branch on its region
// ("< t" first), a decision whose other answer the state did not allow with
// an Infeasible leaf there, and each finished run as a Delivered or Excused
// leaf.  The checker (verify/check/route_proof_check.h) re-derives every
// Infeasible leaf with its own feasibility test and replays every Delivered
// leaf under a view that answers only what the leaf's facts decide.
//
// Cost: one run per leaf.  A run's branching points are its questions' open
// answers: a count costs one binary decision instead of one per unit of its
// region, a path one per unit of the path instead of one per node searched.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "core/routing.h"
#include "verify/fault_model.h"
#include "verify/route/partial_faults.h"
#include "verify/route/route_proof.h"
#include "verify/route/route_run.h"
#include "verify/route/route_outcome.h"

namespace menger {

// The decision script of the depth-first walk.
class DecisionScript {
 public:
  // A run starts replaying the script from its first decision.
  void rewind() { next_ = 0; }
  // Takes a decision between answer 0 and answer 1, given which the state
  // allows (at least one).  Replays the script where it reaches; a replayed
  // answer the state no longer allows throws Pruned.
  int choose(bool allow0, bool allow1);
  // Moves to the next script after a finished or pruned run: the last
  // decision with an untried answer takes it.  False when the tree is done.
  bool advance();
  // After Pruned: drop the decisions after the pruned one.
  void cut_after_current();
  void clear() { taken_.clear(), open_.clear(), next_ = 0; }
  // The proof's pass: decisions' Infeasible sides go to `tokens` in
  // preorder (nullptr: not recording).  The view writes the decisions.
  void record(std::vector<std::uint64_t>* tokens) { tokens_ = tokens; }
  bool replaying() const { return next_ < taken_.size(); }
  std::size_t depth() const { return taken_.size(); }
  struct Pruned {};

 private:
  std::vector<std::uint8_t> taken_, open_;
  std::size_t next_ = 0;
  std::vector<std::uint64_t>* tokens_ = nullptr;
};

// The FaultView of a symbolic run (header).
class SymbolicFaultView final : public EngineFaultView {
 public:
  SymbolicFaultView(const FaultModel& model, FaultKnowledge knowledge, PartialFaults& state, DecisionScript& script);
  void at(NodeId here) override { here_ = here; }
  const Network& network() const override { return model_.network(); }
  bool node_faulty(NodeId v) override;
  bool link_faulty(LinkId l) override;
  bool faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) override;
  PathAnswer least_path(const PathQuestion& q) override;
  bool hop_blocked(const PortSlot& slot) override;
  // Is d reachable from s through healthy nodes that forward (the excuse
  // test of route_search.h), decided as a path question.
  bool connected(NodeId s, NodeId d);
  // A new run: forgets the path answers of the last one.
  void begin_run() { paths_.clear(); }
  // The proof's pass: each new decision is written to `proof` (nullptr: not
  // recording), count regions interned in its table.
  void record(PairProof* proof);

 private:
  const FaultModel& model_;
  FaultKnowledge knowledge_;
  PartialFaults& state_;
  DecisionScript& script_;
  NodeId here_ = kNoNode;
  PathMemo paths_;  // this run's path answers (their units are Healthy)
  PathScratch path_scratch_;
  PairProof* proof_ = nullptr;
  std::map<std::vector<NodeId>, std::uint64_t> region_index_;

  bool unit_faulty(std::optional<std::size_t> unit);
  PathAnswer decide_path(const PathQuestion& q);
};

// One pair's symbolic search.
struct SymbolicPairResult {
  std::vector<RouteLevelStats> stats;   // runs by the number of Faulty units at the leaf
  std::optional<RouteFailure> failure;  // least failing size, with a concrete witness
  std::uint32_t failure_level = 0;
  bool complete = true;                 // false when out_of_time stopped it
};

class SymbolicPairSearch {
 public:
  SymbolicPairSearch(const Routing& routing, const FaultModel& model, RunLimits limits);
  // With `tree`, the walk is also written there as the proof's tree to k
  // (header, "The proof"); it is left empty when a failure lowered the
  // budget or out_of_time stopped the walk (the tree is not whole).
  SymbolicPairResult search(NodeId s, NodeId d, std::uint32_t distance, std::uint32_t k, const PathBound& bound,
                            bool excuse_disconnected, const std::function<bool()>& out_of_time,
                            std::optional<PairProof>* tree = nullptr);
  // The pair's proof tree to k faults (header, "The proof"), in `out`; false
  // when out_of_time stopped it.  The search must have found no failure of
  // at most k faults: a failing leaf is an InternalError.
  bool prove(NodeId s, NodeId d, std::uint32_t distance, std::uint32_t k, const PathBound& bound,
             bool excuse_disconnected, const std::function<bool()>& out_of_time, PairProof& out);

 private:
  const FaultModel& model_;
  RouteRunner runner_;
  PartialFaults state_;
  DecisionScript script_;
  SymbolicFaultView view_;

  class Recording {
   public:
    Recording(SymbolicPairSearch& search, PairProof* tree);  // nullptr: not recording
    ~Recording() { stop(); }
    Recording(const Recording&) = delete;
    Recording& operator=(const Recording&) = delete;
    void leaf(std::uint64_t token) {
      if (tree_) tree_->tokens.push_back(token);
    }
    void stop();

   private:
    SymbolicPairSearch& search_;
    PairProof* tree_;
  };

  void start_run(NodeId s, NodeId d, std::uint32_t budget);
  std::optional<std::uint32_t> failing_size(const RunResult& run, std::uint32_t distance, const PathBound& bound);
  RouteFailure witness(NodeId s, NodeId d, std::uint32_t size, std::uint32_t distance, const PathBound& bound,
                       const RunResult& symbolic_run);
};

}  // namespace menger
