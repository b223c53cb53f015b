// One routing run: a packet from s to d under a fault set, hop by hop.
//
// The runner owns the FaultView the routing reads faults through and records
// every healthy fault unit that any answer depended on: the units the routing
// asked about, and the units of each hop the packet took (a hop over a unit is
// an outcome that the unit's failure would change).  The exhaustive search
// (route_search.h) extends fault sets only by these units.
//
// Outcomes.  Delivered: every branch reaches d within the limits.  Otherwise
// the first failure found:
//   NoRoute   the routing returned no hop (it gave up: packet dropped)
//   Blocked   a hop leads over a failed link or into a failed node, or over an
//             unconnected port
//   Livelock  a (node, packet state) pair repeats on a branch: the packet can
//             circle for ever (for adaptive routing: some choice sequence does)
//   HopLimit  a branch is longer than the hop limit without repeating
//   TooLong   delivered, but some branch is longer than the path bound
// Adaptive routing (several hops offered) is nondeterminism.  Two readings
// (RunLimits::choices):
//   Every  every choice must deliver (the default: an adaptive router may take
//          any of them).  All branches are explored (depth first over the DAG
//          of configurations, memoised), so the hop count is that of the
//          longest branch, and the first failing branch is the outcome.
//   Some   some choice sequence delivers (a routing whose choices are the
//          routes a source or an oracle may pick).  Configurations are
//          explored breadth first, so the first delivery found is a shortest
//          branch: Delivered (or TooLong) by its hop count.  When none
//          delivers the outcome is the first failure met (shallowest), else
//          HopLimit when some branch was cut there, else Livelock (every
//          branch circles: the trace is a lasso of first choices).
//   The read record stays exact in both: in Some, every configuration closer
//   than the delivery found was expanded and recorded, so no shorter branch
//   can appear under a fault set that adds none of the reads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/fault.h"
#include "core/hop_limit.h"
#include "core/routing.h"
#include "core/stamped_map.h"
#include "verify/fault_model.h"

namespace menger {

enum class RunOutcome { Delivered, NoRoute, Blocked, Livelock, HopLimit, TooLong };
std::string_view to_string(RunOutcome o);

// How an adaptive routing's choices are read (see above).
enum class ChoiceRule { Every, Some };
std::string_view to_string(ChoiceRule c);
// "every" or "some"; anything else is an InputError naming `what`.
ChoiceRule parse_choice_rule(const std::string& text, const std::string& what);

struct TraceStep {
  NodeId node = kNoNode;
  PacketState state;
  PortId port = 0;                 // port taken; meaningless on the last step
  std::uint32_t vc = 0;
  bool moved = false;              // false on the last step (arrival or failure point)
};

struct RunResult {
  RunOutcome outcome = RunOutcome::Delivered;
  std::uint32_t hops = 0;          // longest branch (to the failure point if failed)
  std::vector<TraceStep> trace;    // the failing branch (for a livelock, ending with the
                                   // configuration reached again), or the first delivered branch
  std::string detail;              // what failed, in words (a failure's only when the run was asked
                                   // for a trace; TooLong always states its bound)
  bool delivered() const { return outcome == RunOutcome::Delivered; }
};

struct RunLimits {
  std::uint32_t hop_limit = 0;             // 0: hop_limit_for(network)
  std::optional<std::uint32_t> path_bound; // TooLong above it
  std::uint32_t fault_budget = 0;          // largest fault set size the caller explores
  ChoiceRule choices = ChoiceRule::Every;
};

// A Local routing may ask only about the node the packet is at, its links and
// its neighbours; asking further is a modelling error (InternalError).
void require_local_node(const Network& net, FaultKnowledge knowledge, NodeId here, NodeId v);
void require_local_link(const Network& net, FaultKnowledge knowledge, NodeId here, LinkId l);

// What the runner needs of a view beyond the routing's FaultView: where the
// packet is (Local routings may ask only about its surroundings) and the
// engine's own reads of a hop, which need no knowledge check.
class EngineFaultView : public FaultView {
 public:
  virtual void at(NodeId here) = 0;
  // True if the hop over `slot` is blocked (unconnected, failed link or peer).
  virtual bool hop_blocked(const PortSlot& slot) = 0;
};

// The recording FaultView; one per thread, reused across runs.
class RecordingFaultView final : public EngineFaultView {
 public:
  RecordingFaultView(const FaultModel& model, FaultKnowledge knowledge);
  void reset(const FaultSet& faults, std::uint32_t budget);
  void at(NodeId here) override { here_ = here; }

  const Network& network() const override { return model_.network(); }
  bool node_faulty(NodeId v) override;
  bool link_faulty(LinkId l) override;
  bool faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) override;
  // Answered with full knowledge of the fault set; records only the units of
  // the path found (none when there is none): core/path_question.h proves
  // that the answer is the same under every larger fault set sparing them.
  PathAnswer least_path(const PathQuestion& q) override;

  bool hop_blocked(const PortSlot& slot) override;
  // Sorted, distinct healthy units read since reset().
  const std::vector<std::size_t>& reads();

 private:
  const FaultModel& model_;
  FaultKnowledge knowledge_;
  PathMemo paths_;  // this run's path answers
  PathScratch path_scratch_;
  const FaultSet* faults_ = nullptr;
  std::uint32_t budget_left_ = 0;
  NodeId here_ = kNoNode;
  std::vector<std::size_t> reads_;
  bool sorted_ = true;
  std::vector<std::uint32_t> stamp_;  // per unit: epoch_ when read in this run
  std::uint32_t epoch_ = 0;

  void record(std::size_t unit);

  bool unit_faulty(std::optional<std::size_t> unit);
};

class RouteRunner {
 public:
  RouteRunner(const Routing& routing, const FaultModel& model, RunLimits limits);
  // Runs s -> d under `faults`; reads() then lists the healthy units read.
  RunResult run(const FaultSet& faults, NodeId s, NodeId d, std::optional<std::uint32_t> path_bound,
                bool want_trace = true);
  // Runs s -> d with the faults another view answers, which the caller has
  // prepared for this run (the symbolic search, symbolic_search.h).
  RunResult run_in(EngineFaultView& view, NodeId s, NodeId d, std::optional<std::uint32_t> path_bound,
                   bool want_trace);
  const std::vector<std::size_t>& reads() { return view_.reads(); }
  const Routing& routing() const { return routing_; }
  const FaultModel& model() const { return model_; }

 private:
  struct Config {
    NodeId node;
    PacketState state;
    bool operator==(const Config&) const = default;
  };
  struct ConfigHash {
    std::size_t operator()(const Config& c) const { return c.state.hash() * 31 + c.node; }
  };
  struct Frame {
    Config config;
    std::size_t hash = 0;  // ConfigHash{}(config), computed once for seen_'s three uses
    Hops hops;
    std::size_t next = 0;
    std::uint32_t height = 0;  // longest delivered continuation found so far
  };

  const Routing& routing_;
  const FaultModel& model_;
  RunLimits limits_;
  RecordingFaultView view_;
  EngineFaultView* active_ = &view_;  // the view of the run under way
  // Colour of each configuration of the current run: on stack, or finished
  // with the height (longest remaining branch) below it.
  StampedMap<Config, std::int64_t, ConfigHash> seen_;
  // The branch being explored is stack_[0, depth_); frames above it are kept
  // from earlier runs so that their hop lists are reused, not reallocated
  // (a run is a few hops, repeated millions of times by the Monte Carlo).
  std::vector<Frame> stack_;
  std::size_t depth_ = 0;
  Frame& top_frame() { return stack_[depth_ - 1]; }

  // `detail` makes the words (labels, states): called only when the caller
  // wants the trace, as a Monte Carlo trial needs only the outcome and the hop
  // count, and building the words cost a tenth of a trial.  `repeated`: for a
  // livelock, the configuration reached again (ends the trace).
  template <class Detail>
  RunResult fail(RunOutcome o, const Detail& detail, bool want_trace, const Config* repeated = nullptr);
  std::string where(const Config& c) const;

  // ChoiceRule::Some: breadth first over configurations.  A node of the
  // search: its configuration, the node it was reached from (by `port`,
  // `vc`), its depth, and where its first hop leads (for the lasso).
  struct Reached {
    Config config;
    std::uint32_t parent = 0;
    PortId port = 0;
    std::uint32_t vc = 0;
    std::uint32_t depth = 0;
    std::int64_t first = -1;  // index of the configuration its first hop reaches
    PortId first_port = 0;    // and that hop
    std::uint32_t first_vc = 0;
  };
  std::vector<Reached> reached_;
  RunResult run_some(NodeId s, NodeId d, std::optional<std::uint32_t> path_bound, bool want_trace);
  // The trace from the root to reached_[i], the last step's hop (port, vc) if
  // `moved`, then `tail` (the configuration reached, if any).
  RunResult some_result(RunOutcome o, std::size_t i, std::optional<std::pair<PortId, std::uint32_t>> hop,
                        const Config* tail, std::string detail, bool want_trace) const;
  RunResult some_lasso(bool want_trace) const;
};

}  // namespace menger
