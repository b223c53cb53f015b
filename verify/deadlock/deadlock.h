// Deadlock freedom of a routing (DESIGN.md "Deadlock"), decided in this order:
//
//  1. Dally and Seitz (IEEE TC 1987): if the channel dependency graph is
//     acyclic, no set of packets can wait on each other in a cycle: FREE, with
//     a topological order of the channels as certificate.
//  2. Deterministic routing (every configuration offers one hop) with a cycle:
//     put on each channel of the cycle the packet that creates its outgoing
//     dependency; each waits for the next channel only, which is held:
//     DEADLOCK, and the cycle is the deadlocked configuration.
//  3. Adaptive routing with a cycle: Duato (IEEE TPDS 1993, Theorem 1): FREE
//     when a set of escape virtual channels gives a subfunction that is
//     connected (every reachable configuration away from the destination
//     offers a usable escape hop) and whose extended dependency graph is
//     acyclic (dependency_graph.h).  The user names the escape VCs, or every
//     non-empty proper subset is tried, smallest first.
//  4. Otherwise the exact check of deadlock_exact.h decides the question for
//     the switching model (wormhole, or virtual cut-through with B packet
//     buffers; bubble routings are cut-through): FREE with a case tree that a
//     checker re-derives, DEADLOCK with a schedule that brings the packets in
//     from an empty network, or UNKNOWN naming the bound it hit.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "question/deadlock_question.h"
#include "verify/deadlock/deadlock_exact.h"
#include "verify/deadlock/dependency_graph.h"

namespace menger {

// One packet of a deadlocked configuration: it holds `channel` (in `state`)
// and every channel it may request is held by another packet of the set.
struct BlockedPacket {
  PacketRef packet;
  ChannelId channel = 0;
  PacketState state;
  std::vector<ChannelId> requests;
};

struct DeadlockOptions {
  std::vector<bool> escape_vcs;  // per VC; empty: search (for adaptive routings)
  const FaultSet* faults = nullptr;
  std::uint32_t fault_budget = 0;
  // Step 4's switching model; unset: cut-through with 2 buffers for a routing
  // with bubble hops, wormhole otherwise.
  std::optional<SwitchingModel> switching{};
  std::uint64_t case_budget = DeadlockQuestion{}.case_budget, schedule_budget = 200'000;
  // Try Dally and Seitz's check without keeping every configuration first
  // (verify/deadlock/dependency_quotient.h: destinations up to translation, or one by
  // one on big networks).  Fault-free only, and it records no fault reads, so
  // a fault-set search must not ask for it beyond k = 0.
  bool quick_plain_check = false;
  bool quick_translations = true;  // false: the quick check without translations (--no-symmetry)
  Budget budget;                   // the question's: BudgetExhausted when it runs out
};

struct DeadlockResult {
  enum class Status { Free, Deadlock, Unknown };
  Status status = Status::Unknown;
  std::string method;   // how the verdict was reached, in words
  std::string reason;   // for UNKNOWN, and for DEADLOCK the kind of evidence
  DependencyAnalysis plain;                 // every VC in the graph
  std::optional<DependencyAnalysis> escape; // the Duato analysis that proved FREE
  std::vector<std::string> escape_attempts; // each escape set tried and why it failed
  std::vector<BlockedPacket> deadlock;      // the deadlocked configuration (the blocked heads)
  std::optional<SwitchingModel> switching;  // step 4's model, when step 4 ran
  std::optional<ExactResult> exact;         // step 4's result: its case tree or schedule
  std::vector<std::size_t> reads;           // healthy fault units read by every analysis
  double seconds = 0;
};

// Throws InputError on escape VCs that do not fit the routing.
DeadlockResult check_deadlock(const Routing& routing, const FaultModel& model, const DeadlockOptions& opt);

// "{0,1}" for a VC mask.
std::string vc_set_text(const std::vector<bool>& vcs);
// "0,1" -> mask over `vcs` VCs; "" -> empty (search).  InputError naming `what` otherwise.
std::vector<bool> parse_vc_set(const std::string& text, std::uint32_t vcs, const std::string& what);

}  // namespace menger
