// Dally and Seitz's check without keeping every destination's configurations:
// destinations up to translation, and destination by destination.
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
// on random runs (verify/check/routing_symmetry_check.h); a declaration the routing
// breaks is an InternalError.
//
// Translations are used only with every pair of terminals required and no
// user fault groups or packages.  Without them the same pass runs with the
// trivial group (every destination explored, each dropped once projected) on
// networks of at least kQuickCheckFrom ordered pairs of terminals, where
// keeping every configuration costs gigabytes (the 2,064-router dragonfly
// passed 18 GB); below that the whole analysis is cheap anyway.
//
// Folding.  A packet's hop out of its source endpoint takes a channel no
// dependency can enter (endpoints do not relay), so no cycle passes through
// it: the pass folds that hop into the injection, and a packet's first
// configuration is where it leads (most sources share them).  Such channels
// go first in the order.  A packet that is relayed through an endpoint, a
// routing gap or bubble hops make the pass answer "not settled here".
//
// Twins.  Without translations, a routing that reads a destination endpoint
// only through the switch it hangs off (Routing::destination_switch_invariant,
// spot-checked by endpoint_swap_problem before it is used: a false declaration
// is an InternalError) sends the packets for a twin t of an explored endpoint
// r (t on r's switch) along the images of r's under the transposition (r t).
// That map fixes every channel but r's and t's links to the switch, so t's
// dependencies are r's with the channel into r replaced by the one into t
// (nothing leaves it: endpoints do not relay), and t's packets from r fold r's
// channel out where r's from t fold t's.  So one endpoint per switch is
// explored and the rest are added as images: the same graph, packets and
// configurations as every destination explored (tests compare them), from
// 512 destinations (one per edge switch) instead of 8,192 on fattree(32) with
// ECMP, and 2,064 (one per router) instead of 16,512 on the 2,064-router
// dragonfly.
//
// Fault-free only (the caller's condition): faults break the symmetry, and
// the pass records no fault reads.
#pragma once

#include <optional>

#include "verify/deadlock/dependency_graph.h"

namespace menger {

struct QuotientCheck {
  DependencyAnalysis analysis;      // acyclic, with `order` over every used channel
  std::uint64_t destinations = 0;   // explored: one per orbit (every terminal without translations)
  std::uint64_t terminals = 0;      // destinations they stand for
  std::uint64_t quotient_edges = 0; // dependencies up to translation
  bool one_per_switch = false;      // one endpoint per switch explored (twins below)
};

inline constexpr std::uint64_t kQuickCheckFrom = std::uint64_t{1} << 24;

// The acyclic plain analysis, or nullopt when it does not apply or Q is cyclic.
// Without use_translations the trivial group is used (networks of at least
// `one_by_one_from` ordered pairs of terminals only; tests lower it).
// Without translations and with use_twins, a routing that declares
// destination_switch_invariant() has one endpoint per switch explored (twins).
std::optional<QuotientCheck> quick_plain_check(const Routing& routing, const FaultModel& model,
                                               bool use_translations = true,
                                               std::uint64_t one_by_one_from = kQuickCheckFrom,
                                               const Budget& budget = Budget(), bool use_twins = true);

}  // namespace menger
