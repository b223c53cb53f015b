// The fault view a proof's leaf is replayed under (route_proof_check.h): it
// answers only what the leaf decides for every fault set it stands for, and
// refuses the rest, so that the replayed run is the run of each of those
// fault sets (the outcome is forced by the leaf, not assumed).
//
// A leaf stands for the fault sets F with P subset of F, F disjoint from H and
// |F| <= k (P: units decided faulty, H: decided healthy).  With left =
// k - |P| more faults allowed:
//   * a unit: faulty in P, healthy in H, healthy when left = 0; else refused;
//   * "at least t faulty nodes in region": true when P already holds t of
//     them; false when P's nodes plus the `left` largest shares of the
//     region's undecided units fall short of t (no F of the leaf reaches t);
//     else decided by a count fact of the leaf over the same region (the
//     same nodes, as a multiset): ">= t'" with t' >= t says yes, "< t'" with
//     t' <= t says no; else refused;
//   * a path question (core/path_question.h) of a global-knowledge routing:
//     the least shortest path with only P failed.  When there is none, there
//     is none under any F of the leaf (F only removes elements).  When there
//     is one and each of its units is decided healthy (or left = 0), it is
//     the answer under every F of the leaf: F keeps it usable, cannot shorten
//     the shortest distance, and the least of a smaller set of shortest paths
//     that still holds it is it.  Else refused.  A local-knowledge routing's
//     path question is asked node by node through the unit rule.
// Refused: UndecidedQuestion, naming the unit.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "verify/check/fixed_fault_view.h"

namespace menger {

struct UndecidedQuestion {
  std::size_t unit;
};

enum class Decided : std::uint8_t { No, Faulty, Healthy };

// A count fact of a leaf (route_proof.h): |region ∩ F| >= threshold
// (at_least) or < threshold, counting the region's nodes whose unit fails.
struct CountFact {
  const std::vector<NodeId>* region;  // sorted
  std::uint32_t threshold = 0;
  bool at_least = false;
  const std::vector<NodeId>* asked = nullptr;  // as the proof lists it (a quick first comparison), if kept
};

class LeafFaultView final : public CheckerFaultView {
 public:
  // `state` (per unit), `faulty` (the units of P) and `counts` outlive the
  // view and agree; `left` = k - |P|.
  LeafFaultView(const FaultModel& model, FaultKnowledge knowledge, const std::vector<Decided>& state,
                const FaultSet& faulty, std::uint32_t left, std::span<const CountFact> counts = {});

  bool faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) override;
  PathAnswer least_path(const PathQuestion& q) override;

 private:
  const std::vector<Decided>& state_;
  const FaultSet& faulty_;
  std::uint32_t left_;
  std::span<const CountFact> counts_;

  std::optional<bool> decided_by_fact(std::span<const NodeId> region, std::uint32_t threshold) const;
  PathMemo memo_;  // path answers under P, reused by suffix; cleared every 64
  std::size_t remembered_ = 0;

  bool failed(std::optional<std::size_t> unit) override;
  void require_healthy(std::optional<std::size_t> unit) const;
};

}  // namespace menger
