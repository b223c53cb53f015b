// Does a routing commute with a node permutation g?  route(g s, g d, g F)
// must equal g route(s, d, F): the same outcome and hop count, a trace whose
// nodes are the images and whose ports and virtual channels are the same, and
// a read set that is the image of the first (the runs are the checkers' own,
// replay_run.h, not the engine's).  This is a test on
// sampled runs, not a proof: it guards the declarations of
// Routing::port_automorphism_invariant() (tests) and spot-checks them before
// an engine relies on one (route_search.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/routing.h"
#include "verify/check/automorphism_check.h"
#include "verify/check/replay_run.h"
#include "verify/fault_model.h"

namespace menger {

// The permutation of fault units that g induces (unit u -> the unit of g's
// image of u's node, or of its link, ports kept), or nullopt when units are
// not single nodes or single links, or when the map is not a bijection of the
// units (g is then not an automorphism of the fault model).
std::optional<std::vector<std::size_t>> unit_permutation(const FaultModel& model, const Permutation& g);

// Why run b is not the image of run a under g (same outcome and hops, the
// steps' nodes mapped by g, the same ports and channels), or nullopt.
std::optional<std::string> run_image_problem(const Network& net, const Permutation& g, const Replay& a, const Replay& b);

// The first difference found over `runs` random (s, d, F) with |F| <= k
// (seeded; deterministic), or nullopt.  g must be a port automorphism of the
// model (port_automorphism_problem), else the answer names that instead.
std::optional<std::string> commutation_problem(const Routing& routing, const FaultModel& model, const Permutation& g,
                                               std::uint32_t k, std::size_t runs, std::uint64_t seed);

// Routing::destination_switch_invariant, spot-checked: for `runs` random
// (s, d, d') with d and d' endpoints attached to one switch by one link each
// and pi their transposition, a random walk of the packet s -> d beside the
// packet pi(s) -> d', fault-free: the same start state, and at each step the
// hops offered for d' are those offered for d mapped by pi (at the switch,
// the port to d read as the port to d' and back), with the same VCs, states
// and bubble marks.  The first difference (seeded; deterministic), or nullopt
// (also when no switch has two such endpoints).
std::optional<std::string> endpoint_swap_problem(const Routing& routing, const FaultModel& model, std::size_t runs,
                                                 std::uint64_t seed);

}  // namespace menger
