// A partial fault assignment with cardinality constraints: the state of the
// symbolic route search (symbolic_search.h).
//
// Method.  Every fault unit is Unknown, Faulty or Healthy; a constraint says
// lo <= |R ∩ F| <= hi for a region R of nodes, counting nodes (a unit that
// holds w nodes of R weighs w).  The state stands for every fault set F with
// |F| <= budget that contains the Faulty units, avoids the Healthy ones and
// meets every constraint: its completions.  The search adds facts only when
// the state keeps a completion (allows / allows_count), so the state it runs
// in is always satisfiable.
//
// Feasibility.  Unknown units are grouped by their weights in the constraints
// that can still bind (a constraint is slack when its lower bound is met and
// the remaining budget cannot push it over its upper bound).  A completion
// picks how many units of each group fail; a depth-first search over the
// groups, pruned by each constraint's reachable range, decides whether some
// choice meets every constraint within the budget, and which totals it can
// reach.  Units in no binding constraint only pad the total.  With budget b
// and g groups the search visits at most C(b + g, g) choices; in practice the
// questions of a routing leave two or three groups.
//
// Incremental.  Per constraint, the weight of its Faulty units (base) and of
// its Unknown ones; per unit, the constraints it lies in, as an interned
// membership id; unknown units are counted by membership, updated when a
// unit is assigned or a constraint added.  A unit check costs
// O(memberships x constraints) plus the small search; a count check one pass
// over its region (it splits each membership into inside and outside).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "core/network.h"
#include "verify/fault_model.h"

namespace menger {

class PartialFaults {
 public:
  enum class State : std::uint8_t { Unknown, Faulty, Healthy };

  // A region as (unit, nodes of the region in it), with what the state says
  // of it: made once per count question, valid until the state changes.
  struct Tally {
    std::vector<NodeId> region;
    std::vector<std::pair<std::size_t, std::uint32_t>> units;
    std::uint64_t base = 0, unknown = 0;  // weight of its Faulty and of its Unknown units
    std::uint32_t max_weight = 0;
    // Unknown units by (their membership id, weight in the region): count.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> by_membership;
  };

  explicit PartialFaults(const FaultModel& model);

  // Everything Unknown, no constraint, completions of at most `budget` units.
  void reset(std::uint32_t budget);
  // Lowers (or raises) the budget; the state may become unsatisfiable.
  void set_budget(std::uint32_t budget) { budget_ = budget; }
  std::uint32_t budget() const { return budget_; }

  State state(std::size_t unit) const { return state_[unit]; }
  std::uint32_t faulty_count() const { return faulty_; }

  // Would the state keep a completion with this fact added?
  bool allows(std::size_t unit, bool faulty);
  bool allows_count(std::span<const NodeId> region, std::uint32_t threshold, bool at_least);
  Tally tally(std::span<const NodeId> region);
  bool allows_count(const Tally& t, std::uint32_t threshold, bool at_least) const;
  bool satisfiable();

  // Adds a fact (precondition: allowed; checked by the search, not here).
  void assign(std::size_t unit, bool faulty);
  // |region ∩ F| >= threshold (at_least) or < threshold.
  void add_count(std::span<const NodeId> region, std::uint32_t threshold, bool at_least);
  void add_count(Tally t, std::uint32_t threshold, bool at_least);  // t: this state's tally
  // The answer to "|region ∩ F| >= threshold" when a constraint over the same
  // region already decides it (the same question asked twice in a run).
  std::optional<bool> implied_count(std::span<const NodeId> region, std::uint32_t threshold) const;

  // The sizes of the completions, ascending (empty when unsatisfiable).
  std::vector<std::uint32_t> sizes();
  // A completion of that size (a size sizes() lists): the choice per group
  // that the group search meets first, each group's lowest units; sorted.
  std::vector<std::size_t> completion(std::uint32_t size);

 private:
  using Weights = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // (constraint, weight)
  struct Constraint {
    std::vector<NodeId> region;  // as asked, for identical questions (implied_count)
    std::vector<std::pair<std::size_t, std::uint32_t>> units;
    std::uint64_t lo = 0, hi = UINT64_MAX;
    std::uint64_t base = 0, unknown = 0;
    std::uint32_t max_weight = 0;
  };
  struct Group {
    std::vector<std::uint64_t> w;  // weight in each binding constraint
    std::uint64_t count = 0;
  };
  struct Problem {  // what the group search decides
    std::vector<std::uint32_t> binding;      // constraint indices (constraints_.size(): the hypothetical one)
    std::vector<std::uint64_t> need, room;   // per binding constraint
    std::vector<Group> groups;
    std::uint64_t free = 0;                  // unknown units in no binding constraint
    std::uint32_t left = 0;                  // budget left after the Faulty units
  };
  struct Hypothetical {  // a constraint not added, for allows_count
    const Tally* tally;
    std::uint64_t lo, hi;
  };

  const FaultModel& model_;
  std::uint32_t budget_ = 0;
  std::vector<State> state_;
  // Memberships: each unit's constraints (with weights) as an id into
  // memberships_ (0: none); unknown units counted by id.  Ids are interned
  // per run, so groups are found without allocating per unit.
  std::vector<std::uint32_t> membership_of_;
  std::vector<Weights> memberships_;
  std::map<Weights, std::uint32_t> membership_ids_;
  std::vector<std::uint64_t> unknown_by_membership_;
  std::vector<std::size_t> touched_;     // units assigned or in a constraint since reset
  std::vector<Constraint> constraints_;
  std::uint64_t unknown_ = 0;            // unknown units in all
  std::uint32_t faulty_ = 0;
  std::vector<std::size_t> faulty_order_;
  std::vector<std::uint32_t> scratch_weight_;  // per unit, for tallies (zero between uses)

  std::uint32_t intern(Weights w);
  void unassign(std::size_t unit);
  std::optional<Problem> problem(const Hypothetical* extra = nullptr) const;
  std::vector<std::uint64_t> projection(const Problem& p, std::uint32_t membership) const;
  // Totals (units of the groups) the group search can reach: bit t set.
  std::uint64_t totals(const Problem& p, bool first_only) const;
  bool search(const Problem& p, std::size_t g, std::uint64_t total, std::vector<std::uint64_t>& sum,
              std::uint64_t& found, bool first_only, std::vector<std::uint64_t>* pick, std::uint64_t want) const;
  bool in_range(const Problem& p, std::size_t from_group, std::uint64_t total,
                const std::vector<std::uint64_t>& sum) const;
};

}  // namespace menger
