// Wormhole deadlocks whose worms hold more than one channel (deadlock_exact.h,
// DEADLOCK for wormhole).
//
// A deadlocked configuration of worms: each worm holds a chain of channels
// along its route (consecutive configurations of the exploration, tail to
// head), no channel is held twice, and each head is not at its destination and
// finds every channel the routing offers it held (by any worm, itself
// included).  Z3 proposes such configurations among the configurations on
// channels the wormhole fixpoint keeps, under a bound on the channels held
// (8, then doubled: small witnesses, without proving tight bounds
// unsatisfiable, which is slow).  Each proposal is then brought in from an empty network worm
// by worm, in an order found by a depth-first search: a worm comes in along a
// route whose channels are empty as it passes and ends holding the last
// channels of that route; the worms placed before it stand still (switches may
// be slow).  Holding k channels is what a packet of k flits does with one-flit
// buffers, or of k*b flits with b-flit buffers; the model allows any length.
// A proposal no order reaches is excluded and the next one sought, within the
// route-search budget.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verify/deadlock/deadlock_configs.h"
#include "verify/deadlock/deadlock_schedule.h"

namespace menger {

struct WormSearch {
  std::optional<std::vector<ScheduledPacket>> schedule;  // DEADLOCK: every packet a blocked worm
  std::uint64_t proposals = 0;                            // configurations Z3 proposed
  std::string stopped;       // why the search stopped without a schedule
  bool none = false;         // Z3 found no deadlocked configuration of worms at all (unsat, not checked)
};

// `kept[c]`: channel c survives the wormhole fixpoint.  Spends `budget` route
// searches.
WormSearch find_worm_deadlock(const Configs& cfg, const ChannelSpace& space, const std::vector<char>& kept,
                              std::uint64_t& budget);

// A deadlocked configuration's worms brought in from an empty network, as
// above; nullopt when no order is found within `budget` route searches.
std::optional<std::vector<ScheduledPacket>> schedule_worms(const Configs& cfg, const ChannelSpace& space,
                                                           const std::vector<std::vector<std::uint32_t>>& worms,
                                                           std::uint64_t& budget);

// The smallest part of a deadlocked configuration of worms (each worm tail
// first) that is deadlocked by itself: from each worm, the worms holding the
// channels its head requests, and so on.
std::vector<std::vector<std::uint32_t>> smallest_closed_part(const Configs& cfg,
                                                             const std::vector<std::vector<std::uint32_t>>& worms);

}  // namespace menger
