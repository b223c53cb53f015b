#include "core/hop_limit.h"

namespace menger {

// A guard, not a bound: a packet on simple paths to D, or to an intermediate
// node and then to D, takes at most 2 x (nodes - 1) hops; 16 more spare a
// tiny network's misroutings.  A routing that needs more is given a hop_limit.
std::uint32_t hop_limit_for(const Network& net, std::uint32_t asked) {
  return asked ? asked : 2 * net.num_nodes() + 16;
}

}  // namespace menger
