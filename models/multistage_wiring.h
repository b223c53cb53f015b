// The three ways 001 matches the output wires of one equivalence class (one
// logical direction) to the input ports of the next stage's class.
//
// A transition has `sources` routers with `w` wires each, listed in order
// (router, copy), and `targets` routers with `q` inputs each, sources*w ==
// targets*q.  Each procedure returns, for wire o*w + copy, the target router
// and the input index on it.  Input indices are assigned in arrival order
// except by the random procedure, which draws them.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"

namespace menger {

struct Transition {
  std::uint32_t sources, w, targets, q;
};

struct WireEnd {
  std::uint32_t router, input;
};

// Bidelta wiring (sections 3.1, 3.2): `planes` independent copies; within a
// plane consecutive groups of sources/targets routers feed one target router.
// With `copy_is_plane` (endpoints of a replicated network) a wire's plane is
// its copy number, otherwise its router's position.
std::vector<WireEnd> wire_bidelta(const Transition& t, std::uint32_t planes, bool copy_is_plane);

// Deterministic interwiring (section 3.4, Figure 6) with fanout class sizes
// g_src at the source and g_dst at the target; throws InputError when the
// sizes do not tile the classes.
std::vector<WireEnd> wire_deterministic(const Transition& t, std::uint32_t g_src, std::uint32_t g_dst);

// Random interwiring (section 3.3, Figure 4): every wire takes a uniformly
// random free input port of a router its source router does not reach yet
// (waived when targets < w).  Restarts the class on a dead end; throws
// InputError after `max_attempts` restarts.
std::vector<WireEnd> wire_random(const Transition& t, Rng& rng, int max_attempts = 1000);

}  // namespace menger
