// The schedule that brings a deadlock in from an empty network: the type the
// exact check (deadlock_exact.h) returns and the wormhole search
// (deadlock_worms.h) builds, apart from both so neither includes the other.
#pragma once

#include <cstdint>
#include <vector>

#include "core/routing.h"
#include "verify/deadlock/dependency_graph.h"

namespace menger {

// A packet of the schedule: injected at its source, it takes `hops` (channel
// and the state it carries there) and stays in the last channel, or, a
// wormhole worm, in the last `holds` channels (its head in the last).
struct ScheduledPacket {
  PacketRef packet;
  struct Step {
    ChannelId channel;
    PacketState state;
    bool bubble;
  };
  std::vector<Step> hops;
  std::uint32_t holds = 1;
};

}  // namespace menger
