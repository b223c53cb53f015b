// Dally and Seitz's check with destinations up to translation.
//
// When the topology exposes translations (Topology::translations()) and the
// routing declares that it commutes with them (Routing::translation_invariant),
// the channel dependency graph D is invariant under the group T they span: the
// packets for t(d) are the images of the packets for d.  So D is the union of
// t(E_r) over one destination r per orbit and every t in T, where E_r are the
// dependencies the packets for r create, and the quotient Q = D / T has the
// channel orbits as vertices and [c1] -> [c2] for each (c1, c2) in some E_r.
//
// D is acyclic exactly when Q is.  A cycle of D maps onto a closed walk of Q.
// Conversely, walk a cycle [c0] -> [c1] -> ... -> [c0] of Q from c0: every
// channel of [ci] has a dependency into [ci+1] (an image of the one that made
// the quotient edge), so the walk lifts to a path of D from c0 to t(c0) for
// some t in T; repeated, it passes t^2(c0), ... and returns to c0 after the
// order of t steps, a closed walk of D, which holds a cycle.
//
// So only one destination per orbit is explored, and nothing is kept per
// destination: 128 destinations instead of 16,512 on the dragonfly with
// p = h = 8, a = 16, relative arrangement.  When Q is acyclic the order of
// every used channel, by the rank of its orbit in Q, is one every dependency
// goes forward in (no dependency joins two channels of one orbit, or Q would
// have a loop): the same certificate as the plain check, re-checked by the
// same independent walk of every packet.  When Q is cyclic, or the conditions
// below fail, the answer is "not settled here" and the caller analyses the
// whole graph as before (a cycle needs its packets, Duato's condition and
// the exact check need every configuration).
//
// Symmetry is checked, not assumed: every generator is verified to be a port
// automorphism of the network, and the routing's declaration is spot-checked
// on random runs (verify/routing_symmetry_check.h); a declaration the routing
// breaks is an InternalError.
//
// Applies only without faults, with every pair of terminals required, no
// user fault groups or packages, and no bubble hops (a ring's contraction
// needs the whole graph).
#pragma once

#include <optional>

#include "verify/dependency_graph.h"

namespace menger {

struct QuotientCheck {
  DependencyAnalysis analysis;      // acyclic, with `order` over every used channel
  std::uint64_t destinations = 0;   // explored: one per orbit
  std::uint64_t terminals = 0;      // destinations they stand for
  std::uint64_t quotient_edges = 0; // dependencies up to translation
};

// The acyclic plain analysis, or nullopt when it does not apply or Q is cyclic.
std::optional<QuotientCheck> acyclic_up_to_translation(const Routing& routing, const FaultModel& model);

}  // namespace menger
