// Independent re-checks for symmetry (issue 20): whether a node permutation is
// an automorphism of a fault model, and the orbits a set of permutations
// spans.  This code never calls nauty (verify/symmetry/nauty_group.h) nor the engines
// that use symmetry, so that generators found there are trusted only after a
// check here; the certificate checker (certificate_check.h) uses it too.
//
// A permutation g of the nodes is an automorphism of a fault model when it
// preserves
//   * node kinds and the set of terminals,
//   * links with their direction and multiplicity: the multiset of links
//     (tail, head, directed, fault weight of the link unit or "cannot fail")
//     is mapped onto itself,
//   * node fault units: the image of each unit's node set is the node set of a
//     unit of the same weight, and a node in no unit maps to a node in none.
// Then a fault set F disconnects (s, t) exactly when g(F) disconnects
// (g s, g t), with the same weight: cuts are invariant.  Ports are not
// preserved (tolerance reads none); a routing needs more (route_search.h).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "verify/fault_model.h"

namespace menger {

using Permutation = std::vector<NodeId>;

// Why g is not an automorphism of the model, or nullopt when it is.
std::optional<std::string> automorphism_problem(const FaultModel& model, const Permutation& g);

// The same, and g preserves ports too: port p of v leads to port q of w
// exactly when port p of g(v) leads to port q of g(w), with the same
// direction.  What a routing that reads only ports and faults commutes with.
std::optional<std::string> port_automorphism_problem(const FaultModel& model, const Permutation& g);

// Least node of each node's orbit under the group the permutations span (union-find).
std::vector<NodeId> orbit_roots(NodeId n, const std::vector<Permutation>& gens);

// Orbits of pairs: joins pair i with the image of pair i under every
// generator (and with its reverse when `unordered`).  `pairs` must be closed
// under the generators (else InputError); returns, per pair, the index of the
// least pair of its orbit.
std::vector<std::size_t> pair_orbit_roots(const std::vector<std::pair<NodeId, NodeId>>& pairs,
                                          const std::vector<Permutation>& gens, bool unordered);

// The same for every ordered pair (terminals[i], terminals[j]), indexed
// i * T + j, in a dense table (T^2 entries: callers bound T): per pair the
// index of the least pair of its orbit.  The generators must map terminals
// onto terminals (else InputError).
std::vector<std::uint32_t> terminal_pair_orbit_roots(const std::vector<NodeId>& terminals,
                                                     const std::vector<Permutation>& gens, bool unordered);

}  // namespace menger
