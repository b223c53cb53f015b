// Does a proof's leaf stand for any fault set at all, and for how small a
// one?  The checker's own answer (route_proof_check.h), written apart from
// the symbolic search's PartialFaults (verify/route/partial_faults.h), whose
// Infeasible leaves and path bounds it re-derives.
//
// A leaf's fault sets F: P (the units decided faulty) within F, H (decided
// healthy) outside, |F| <= k, and every count fact met, where a fact over a
// region R counts the nodes of R whose unit is in F (a node listed twice
// counts twice) and says count >= t or count < t.
//
// Method.  Only undecided units that hold nodes of some fact's region can
// change a count; every other undecided unit stays out (adding it only grows
// |F|).  Those units are grouped by their vector of node counts over the
// facts' regions: units of one group are interchangeable, so a choice is how
// many of each group fail.  A depth-first search over the groups, the counts
// tried in ascending order, prunes a partial choice whose sum already
// exceeds a fact's upper bound (counts only grow) or cannot reach a lower
// bound even with every unit still allowed, and keeps the least total met.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "verify/check/leaf_fault_view.h"

namespace menger {

// The facts of one leaf.  `state` per unit, `faulty` = |P|.
struct LeafFacts {
  const std::vector<Decided>& state;
  std::uint32_t faulty = 0, k = 0;
  std::span<const CountFact> counts;
};

// The least |F| over the leaf's fault sets; nullopt when it has none.
// InputError when deciding it takes more than `max_steps` search nodes (a
// forged proof's facts can make the question hard; a real one has few).
std::optional<std::uint32_t> least_leaf_set(const FaultModel& model, const LeafFacts& leaf,
                                            std::uint64_t max_steps = 10'000'000);

}  // namespace menger
