// The checkers' own run of a routing: a packet from s to d under one fixed
// fault set, every branch of an adaptive routing explored, written apart from
// the engines' runner (verify/route/route_run.h) so that a check does not
// take the engine's exploration on trust (docs/ARCHITECTURE.md: checkers
// include no engine code).  The routing check of a symmetry
// (routing_symmetry_check.h) replays its runs here.
//
// A run ends at the first failure met depth first, hops in the order the
// routing offers them:
//   NoRoute   the routing offers no hop (it drops the packet)
//   Blocked   a hop leads over an unconnected port, a failed link or into a
//             failed node
//   Livelock  a (node, packet state) configuration repeats on one branch
//   HopLimit  a branch is longer than the hop limit (core/hop_limit.h)
// and is Delivered when every branch reaches d.  Configurations already
// finished are not explored again; their longest remaining branch is kept.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "core/fault.h"
#include "core/routing.h"
#include "verify/check/fixed_fault_view.h"
#include "verify/fault_model.h"

namespace menger {

enum class ReplayEnd { Delivered, NoRoute, Blocked, Livelock, HopLimit };
std::string_view to_string(ReplayEnd e);

struct ReplayStep {
  NodeId node = kNoNode;
  PacketState state;
  PortId port = 0;     // the hop taken from here (meaningless unless moved)
  std::uint32_t vc = 0;
  bool moved = false;  // false where the branch ends without a hop
};

struct Replay {
  ReplayEnd end = ReplayEnd::Delivered;
  // Delivered: the longest branch's hops; otherwise the hops before the
  // failure point.
  std::uint32_t hops = 0;
  // The failing branch (a livelock's ends with the configuration met again),
  // or the first delivered branch (ending at d).
  std::vector<ReplayStep> branch;
  // The healthy fault units the routing asked about or a hop crossed,
  // sorted and distinct.
  std::vector<std::size_t> reads;
};

// The run of `routing` from s to d (s != d) under `faults`.
Replay replay_every_branch(const Routing& routing, const FaultModel& model, const FaultSet& faults, NodeId s,
                           NodeId d, std::uint32_t hop_limit);
// Storage a checker that replays millions of runs keeps from one run to the
// next (the configurations met, the branch), so that a run does not allocate
// them anew.  One per thread.
class ReplayScratch {
 public:
  ReplayScratch();
  ~ReplayScratch();
  struct Store;
  Store& store() { return *store_; }

 private:
  std::unique_ptr<Store> store_;
};

// The same with the faults another checker's view answers (route_proof_check.h:
// a view that refuses what a proof's leaf does not decide); reads() as it keeps them.
Replay replay_in(const Routing& routing, CheckerFaultView& view, NodeId s, NodeId d, std::uint32_t hop_limit,
                 ReplayScratch& scratch);

}  // namespace menger
