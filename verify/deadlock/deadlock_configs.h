// The reachable configurations of an exploration (verify/deadlock/dependency_graph.h)
// as the exact deadlock check (deadlock_exact.h) and its wormhole search
// (deadlock_worms.h) read them: one array across destinations.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "verify/deadlock/dependency_graph.h"

namespace menger {

constexpr std::uint8_t kOneBuffer = ConfigurationGraph::kOneBuffer;

// Every reachable configuration (channel held, state, destination) of the
// exploration, numbered across destinations, with its hops.
struct Configs {
  struct Hop {
    std::uint32_t to;
    std::uint8_t kind;
  };
  std::vector<ChannelId> chan;
  std::vector<NodeId> dst;
  std::vector<PacketState> state;
  std::vector<char> at_dest;                     // its channel ends at its destination: consumed
  std::vector<std::uint32_t> first;              // hops of config g: hops[first[g], first[g + 1])
  std::vector<Hop> hops;
  std::vector<Hop> injections;                   // from the source, the tail of the channel entered
  std::vector<std::vector<std::uint32_t>> at_channel;  // configs per channel
  std::vector<std::vector<std::uint32_t>> requesters;  // configs with a hop into the channel
  Budget budget;  // the exploration's: the exact check and its SAT and worm searches run under it

  std::uint32_t size() const { return static_cast<std::uint32_t>(chan.size()); }
  std::span<const Hop> out(std::uint32_t g) const { return {hops.data() + first[g], hops.data() + first[g + 1]}; }
};

Configs flatten(const Exploration& x);

// A shortest route of configurations from a source: the first hop an
// injection, each configuration entered by a hop that `enter(hop)` allows,
// ending at the first one `target(hop)` accepts.  The configurations in order,
// each with the kind of hop into it; nullopt if there is none.
struct RouteStep {
  std::uint32_t config;
  std::uint8_t kind;
};
std::optional<std::vector<RouteStep>> shortest_route(const Configs& cfg,
                                                     const std::function<bool(const Configs::Hop&)>& target,
                                                     const std::function<bool(const Configs::Hop&)>& enter);

}  // namespace menger
