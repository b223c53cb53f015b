// A walk through a network, as certificates and witnesses record it.
#pragma once

#include <vector>

#include "core/types.h"

namespace menger {

// nodes[0] = source, ..., nodes.back() = target; ports[i] is the port of
// nodes[i] leading to nodes[i+1].
struct UnitPath {
  std::vector<NodeId> nodes;
  std::vector<PortId> ports;
};

}  // namespace menger
