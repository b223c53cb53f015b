// Do two routings implement the same routing function?  (issue 5: "the register
// configurations of the paper's examples implement exactly XY routing ... by
// exhaustion".)
//
// Every required (source, destination) pair is injected into both routings at
// once and followed over every configuration either can reach: at each one,
// the hops offered are compared as sets of (port, virtual channel, bubble), and
// each common hop is followed with both routings' next states.  The states
// themselves are the routings' own business and are not compared.  So the
// comparison covers every (current node, destination, way in: injection or a
// channel) that a packet can meet, which is where a routing's behaviour shows;
// combinations no packet can meet are not compared.  The first difference,
// in (destination, source) order, is reported with both answers.  Under a
// fault set both routings see the same faults; pairs with a failed end are
// left out, and hops onto failed units are compared but not followed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/routing.h"
#include "verify/fault_model.h"

namespace menger {

struct RoutingDifference {
  NodeId source = kNoNode, destination = kNoNode, node = kNoNode;
  std::string way_in;                    // "injection" or the channel the packet arrived on
  std::vector<std::string> hops_a, hops_b;  // "X+ vc0 bubble"-style, sorted
};

struct EquivalenceResult {
  bool equivalent = true;
  std::uint64_t pairs = 0, configurations = 0, hops_compared = 0;
  std::optional<RoutingDifference> difference;
};

// Throws InputError when the routings use different numbers of virtual channels.
EquivalenceResult compare_routings(const Routing& a, const Routing& b, const FaultModel& model,
                                   const FaultSet* faults = nullptr);

}  // namespace menger
