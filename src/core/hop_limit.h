// The livelock guard of a routing run: a branch longer than this many hops
// ends the run (HopLimit).  One definition for the engines' runner
// (verify/route/route_run.h) and the checkers' own (verify/check/replay_run.h);
// a question's hop_limit field words its default (src/question/field.h).
#pragma once

#include <cstdint>

#include "core/network.h"

namespace menger {

// `asked`, else 2 x nodes + 16.
std::uint32_t hop_limit_for(const Network& net, std::uint32_t asked = 0);

}  // namespace menger
