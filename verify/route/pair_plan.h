// Which pairs a tolerance search must examine: fewer max-flow calls, still exact.
//
// The least breaking set of a network is the least s-t cut over required pairs
// (s, t); three reductions shrink the list of pairs without losing it:
//
//   esfahanian-hakimi  undirected networks whose every node is a router (a
//       terminal that relays) under node faults.  For any node v (Esfahanian
//       and Hakimi 1984): a minimum breaking set S either spares v, and then
//       separates v from some w not adjacent to v, or contains v, and then
//       (being inclusion-minimal) separates two neighbours x, y of v that are
//       not adjacent.  So the pairs (v, w), w not in N[v], and (x, y), x, y in
//       N(v) non-adjacent, suffice; v of least degree keeps them few.  When some
//       node can never fail, choosing it as v drops the neighbour pairs.
//   single-source  the same networks under link faults: a minimum link cut
//       separates any v from someone, so the pairs (v, w) for all w suffice.
//   In both, a greedy independent set of the pivot's targets is set aside as
//   fan targets: a target x all of whose neighbours are settled (by a flow, or
//   by adjacency to v under node faults) and weigh at least c together is
//   c-connected to v without a flow of its own.  (Fan lemma: a cut of weight
//   < c between v and x would leave some neighbour u of x on x's side, so it
//   would separate v from u, which the settled pair (v, u) forbids.)  On a
//   bipartite network (hypercubes, even tori) this halves the max-flow calls.
//   twin-classes   every other case.  Terminals with the same kind, the same
//       in- and out-neighbours (as multisets), the same fault unit structure and
//       no link between them are twins: swapping two twins is an automorphism
//       that preserves the fault model, so one pair per pair of twin classes
//       (and one pair inside a class) stands for all.  Without twins this is the
//       list of all required pairs.  Unordered when links are bidirectional
//       (cuts are symmetric), ordered otherwise.
//
// Symmetry (issue 20).  For the two pivot methods, the stabiliser G_v of the
// pivot in the fault model's automorphism group (automorphisms.h, computed by
// nauty and re-checked) maps required pairs onto required pairs with the same
// least cut, since it fixes v and preserves units and weights.  So one target
// per G_v-orbit, and one neighbour pair per orbit of unordered neighbour pairs,
// stand for all; the fan lemma then works on orbits (a neighbour is settled
// when its orbit's representative is).  The plan carries G_v's generators so
// that the certificate can name them and the checker re-validate them.
//   pair-orbits   every other case, with symmetry: one required pair per orbit
//       of pairs under the fault model's whole group (unordered when links are
//       bidirectional), replacing twin-classes (twin swaps are in the group).
//       Needs at most kMaxPairOrbitTerminals terminals (a dense T^2 table).
//
// The plan is deterministic: pairs in increasing (s, t) order, orbit
// representatives the least node of their orbit.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "verify/fault_model.h"

namespace menger {

inline constexpr std::size_t kMaxPairOrbitTerminals = 4096;

struct PairPlan {
  std::string method;  // "esfahanian-hakimi", "single-source", "twin-classes", "pair-orbits"
  NodeId pivot = kNoNode;  // v of the first two methods
  std::vector<std::pair<NodeId, NodeId>> pairs;
  std::vector<NodeId> fan_targets;  // targets x of the pivot left to the fan lemma
  std::uint64_t required_pairs = 0;  // how many ordered pairs the plan stands for
  // Symmetry: generators of the pivot's stabiliser (pair-orbits: of the whole group; empty: none used), its
  // order as nauty gives it, and the least node of each node's orbit under it
  // (the identity without symmetry).
  std::vector<std::vector<NodeId>> symmetry;
  std::string symmetry_order;
  std::vector<NodeId> orbit_root;
};

PairPlan plan_pairs(const FaultModel& model, bool symmetry = true, const Budget& budget = Budget());

// Twin classes of the terminals (each sorted; classes ordered by first member),
// as the twin-classes plan defines them.
std::vector<std::vector<NodeId>> twin_classes(const FaultModel& model);

}  // namespace menger
