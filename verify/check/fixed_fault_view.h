// The independent checkers' fault view: one fixed fault set, answered as it
// is, with the rule of FaultKnowledge::Local (core/routing.h) held on its own.
//
// The engines' RecordingFaultView (verify/route/route_run.h) also records
// which units a run read and answers from the search's remaining fault budget;
// a checker asks only "what does the routing do under this fault set?", so it
// needs neither, and does not take the engine's view on trust.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/fault.h"
#include "core/routing.h"
#include "verify/fault_model.h"

namespace menger {

// What the checkers' runs (replay_run.h) ask of a view beyond the routing's
// questions (where the packet is, whether a hop is blocked), and the rule of
// FaultKnowledge::Local, held by every checker's view on its own.
class CheckerFaultView : public FaultView {
 public:
  const Network& network() const override { return model_.network(); }
  // Where the packet is: a Local routing may ask only about this node, its
  // links and its neighbours (InternalError otherwise, as in the engine).
  void at(NodeId here) { here_ = here; }
  // A hop over `slot`: blocked when the port is unconnected, or its link or
  // the node beyond has failed.  The run's own question, asked wherever the
  // packet is.
  bool hop_blocked(const PortSlot& slot);
  bool node_faulty(NodeId v) override;
  bool link_faulty(LinkId l) override;
  // The healthy units asked about, sorted and distinct (empty unless kept).
  virtual std::vector<std::size_t> reads() const { return {}; }

 protected:
  // `model` outlives the view.
  CheckerFaultView(const FaultModel& model, FaultKnowledge knowledge) : model_(model), knowledge_(knowledge) {}
  // Has this unit (of a node or link; none: cannot fail) failed?
  virtual bool failed(std::optional<std::size_t> unit) = 0;
  void require_near(NodeId v) const;
  void require_attached(LinkId l) const;
  // While a path question is answered the rule is set aside: the engine
  // answers it with knowledge of the whole fault set too.
  PathAnswer least_path_whole(const PathQuestion& q);

  const FaultModel& model_;
  FaultKnowledge knowledge_;

 private:
  NodeId here_ = kNoNode;
  bool whole_view_ = false;  // inside least_path_whole
};

class FixedFaultView final : public CheckerFaultView {
 public:
  // `model` and `faults` outlive the view.
  FixedFaultView(const FaultModel& model, FaultKnowledge knowledge, const FaultSet& faults);

  bool faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) override;
  // A path question is answered with knowledge of the whole fault set, as the
  // engine answers it: FaultView's breadth-first default, the locality rule
  // set aside while it runs.
  PathAnswer least_path(const PathQuestion& q) override { return least_path_whole(q); }

  // From now on, keep the healthy units asked about (by the routing or by
  // hop_blocked); off by default, since a deadlock check asks millions.
  void record_reads();
  // Those units, sorted and distinct.
  std::vector<std::size_t> reads() const override;

 private:
  const FaultSet& faults_;
  bool recording_ = false;
  std::vector<char> asked_once_;    // per unit, while recording_
  std::vector<std::size_t> asked_;  // healthy units asked about, while recording_

  bool failed(std::optional<std::size_t> unit) override;
};

}  // namespace menger
