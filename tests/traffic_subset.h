// An exploration of a routing (verify/deadlock/dependency_graph.h) cut down to the
// packets of chosen (source, destination) pairs, so that the deadlock engines
// and the explicit-state models of the tests can be compared on the same
// traffic where all traffic has too many states for the models (3x3 meshes
// and tori, 4x4 tori).
#pragma once

#include <functional>
#include <vector>

#include "verify/deadlock/dependency_graph.h"

namespace menger {

// Each destination keeps the injections from the sources `allowed` names (an
// injection enters a channel whose tail is its source) and the configurations
// they reach, renumbered in their old order; the rest is dropped.
inline Exploration restrict_traffic(const Exploration& x, const std::function<bool(NodeId, NodeId)>& allowed) {
  Exploration r = x;
  r.configurations = 0;
  for (NodeId d = 0; d < r.destinations.size(); ++d) {
    const ExploredDestination& b = x.destinations[d];
    ExploredDestination& o = r.destinations[d];
    const std::uint32_t none = UINT32_MAX;
    std::vector<std::uint32_t> index(b.channel.size(), none);
    std::vector<std::uint32_t> stack;
    auto reach = [&](std::uint32_t g) {
      if (index[g] == none) index[g] = 0, stack.push_back(g);
    };
    for (const auto& s : b.injections)
      if (allowed(x.space.info(b.channel[s.to()]).tail, d)) reach(s.to());
    while (!stack.empty()) {
      const std::uint32_t g = stack.back();
      stack.pop_back();
      for (const auto& h : b.hops(g)) reach(h.to());
    }
    std::uint32_t kept = 0;
    for (auto& i : index)
      if (i != none) i = kept++;
    o.channel.clear(), o.state_index.clear(), o.src.clear(), o.edge_start.assign(1, 0), o.offers.clear();
    o.edges.clear(), o.injections.clear(), o.expanded.clear();
    for (std::uint32_t g = 0; g < b.channel.size(); ++g) {
      if (index[g] == none) continue;
      o.channel.push_back(b.channel[g]);
      o.state_index.push_back(b.state_index[g]);  // o.states is b.states (r is a copy of x)
      o.src.push_back(b.src[g]);
      o.offers.push_back(b.offers[g]);
      for (const auto& h : b.hops(g)) o.edges.emplace_back(index[h.to()], h.kind());
      o.edge_start.push_back(static_cast<std::uint32_t>(o.edges.size()));
    }
    for (const auto& s : b.injections)
      if (allowed(x.space.info(b.channel[s.to()]).tail, d)) o.injections.emplace_back(index[s.to()], s.kind());
    for (std::uint32_t g : b.expanded)
      if (index[g] != none) o.expanded.push_back(index[g]);
    r.configurations += o.channel.size();
  }
  return r;
}

}  // namespace menger
