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
//  4. Otherwise, a deadlocked configuration is searched for directly: a set of
//     channels, each holding a packet that the routing can put there, such
//     that every hop the packet may request leads to a channel of the set (a
//     packet occupying one channel; the greatest such set is a fixpoint).
//     Found: DEADLOCK with it.  Not found: UNKNOWN (a deadlock would need
//     packets spanning several channels, which this search does not model,
//     or an escape set that is not a union of virtual channels).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "verify/dependency_graph.h"

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
};

struct DeadlockResult {
  enum class Status { Free, Deadlock, Unknown };
  Status status = Status::Unknown;
  std::string method;   // how the verdict was reached, in words
  std::string reason;   // for UNKNOWN, and for DEADLOCK the kind of evidence
  DependencyAnalysis plain;                 // every VC in the graph
  std::optional<DependencyAnalysis> escape; // the Duato analysis that proved FREE
  std::vector<std::string> escape_attempts; // each escape set tried and why it failed
  std::vector<BlockedPacket> deadlock;      // the deadlocked configuration
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

namespace menger {

// Under faults (DESIGN.md "Exhaustive routing search"): the verdict for every
// fault set of at most k units, by the lazy search of route_search.h.  A set
// is extended only by the healthy units some analysis of it read (the
// routing's fault questions and the hops the packets took).  Completeness: if
// F* holds no unit read under F subset of F*, every packet of F* is routed as
// under F, so the graph of F* is the graph of F minus the packets of failed
// endpoints; whatever proved F free (an order, an escape set) proves F* free.
// Levels are searched in order, so the first set that is not FREE is a least one.
//
// Symmetry (`symmetry`, the default): when the topology exposes translations,
// the routing declares that it commutes with them (Routing::
// translation_invariant(); each generator is also spot-checked on random runs,
// routing_symmetry_check.h) and the fault model is symmetric, every set a level
// would add is replaced by its least image under the translations.  Sound: the
// translation t maps every packet of F onto a packet of t(F) with the same
// ports, VCs and bubble marks, so the dependency graphs of F and t(F) are
// isomorphic and their verdicts equal; and in the completeness argument above a
// failing F* containing F that extends F by a read unit u contains the set
// F + u, whose image t(F + u) the search keeps and which t(F*) contains, itself
// failing.  A least failing set is therefore still found, at the same size
// (possibly another of its orbit, or another orbit's set of that size).
struct DeadlockSearchResult {
  std::optional<FaultSet> failing;     // least fault set whose verdict is not FREE
  std::optional<DeadlockResult> failing_result;
  std::optional<DeadlockResult> fault_free;  // the analysis without faults, when FREE
  std::uint64_t analyses = 0;          // fault sets analysed
  std::vector<std::uint64_t> per_level;
  bool complete = true;                // false: the budget ran out
  std::string coverage;
  std::string symmetry;                // how sets were reduced ("" when they were not)
  double seconds = 0;
};
DeadlockSearchResult search_deadlock_faults(const Routing& routing, const FaultModel& model, std::uint32_t k,
                                            const std::vector<bool>& escape_vcs,
                                            std::optional<std::chrono::steady_clock::duration> budget,
                                            bool symmetry = true);

}  // namespace menger
