// The independent checkers' fault view: one fixed fault set, answered as it
// is, with the rule of FaultKnowledge::Local (core/routing.h) held on its own.
//
// The engines' RecordingFaultView (verify/route/route_run.h) also records
// which units a run read and answers from the search's remaining fault budget;
// a checker asks only "what does the routing do under this fault set?", so it
// needs neither, and does not take the engine's view on trust.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/fault.h"
#include "core/routing.h"
#include "verify/fault_model.h"

namespace menger {

class FixedFaultView final : public FaultView {
 public:
  // `model` and `faults` outlive the view.
  FixedFaultView(const FaultModel& model, FaultKnowledge knowledge, const FaultSet& faults);
  // Where the packet is: a Local routing may ask only about this node, its
  // links and its neighbours (InternalError otherwise, as in the engine).
  void at(NodeId here) { here_ = here; }

  const Network& network() const override { return model_.network(); }
  bool node_faulty(NodeId v) override;
  bool link_faulty(LinkId l) override;
  bool faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) override;
  // A path question is answered with knowledge of the whole fault set, as the
  // engine answers it: FaultView's breadth-first default, the locality rule
  // set aside while it runs.
  PathAnswer least_path(const PathQuestion& q) override;

  // A hop over `slot`: blocked when the port is unconnected, or its link or
  // the node beyond has failed.  The run's own question, asked wherever the
  // packet is.
  bool hop_blocked(const PortSlot& slot);
  // From now on, keep the healthy units asked about (by the routing or by
  // hop_blocked); off by default, since a deadlock check asks millions.
  void record_reads();
  // Those units, sorted and distinct.
  std::vector<std::size_t> reads() const;

 private:
  const FaultModel& model_;
  FaultKnowledge knowledge_;
  const FaultSet& faults_;
  NodeId here_ = kNoNode;
  bool whole_view_ = false;  // inside least_path

  bool recording_ = false;
  std::vector<char> asked_once_;    // per unit, while recording_
  std::vector<std::size_t> asked_;  // healthy units asked about, while recording_

  bool failed(std::optional<std::size_t> unit);
  void require_near(NodeId v) const;
  void require_attached(LinkId l) const;
};

}  // namespace menger
