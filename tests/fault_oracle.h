// Brute-force oracle for tolerance tests: the least number of fault units whose
// failure disconnects a required pair, by enumerating unit sets in increasing
// size and searching each damaged network.  Shares no code with the engines.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "verify/fault_model.h"

namespace menger::testing {

// Nodes reached from s by paths of >= 1 link relaying only through healthy
// switches and routers.
inline std::vector<char> reach_from(const Network& net, NodeId s, const std::vector<char>& dead_node,
                                    const std::vector<char>& dead_link) {
  std::vector<char> seen(net.num_nodes(), 0);
  std::vector<NodeId> frontier;
  auto expand = [&](NodeId v) {
    for (const PortSlot& p : net.ports(v))
      if (p.connected() && p.dir != PortDir::In && !dead_link[p.link] && !dead_node[p.peer] && !seen[p.peer]) {
        seen[p.peer] = 1;
        frontier.push_back(p.peer);
      }
  };
  expand(s);
  for (std::size_t i = 0; i < frontier.size(); ++i)
    if (net.forwards(frontier[i])) expand(frontier[i]);
  return seen;
}

// Every set of at most k of the units 0..n-1, by enumeration (the empty set
// first, then in lexicographic order).
inline void for_each_set(std::size_t n, std::size_t k, const std::function<void(const std::vector<std::size_t>&)>& f) {
  std::vector<std::size_t> chosen;
  std::function<void(std::size_t)> go = [&](std::size_t from) {
    f(chosen);
    if (chosen.size() == k) return;
    for (std::size_t u = from; u < n; ++u) {
      chosen.push_back(u);
      go(u + 1);
      chosen.pop_back();
    }
  };
  go(0);
}

// The nodes and links the failure of `units` takes down, as flags.
struct DeadElements {
  std::vector<char> node, link;
};
inline DeadElements dead_elements(const FaultModel& m, const std::vector<std::size_t>& units) {
  DeadElements dead{std::vector<char>(m.network().num_nodes(), 0), std::vector<char>(m.network().num_links(), 0)};
  for (std::size_t u : units) {
    if (m.universe().kind() == UnitKind::Link) dead.link[m.universe().link_of(u)] = 1;
    else
      for (NodeId v : m.universe().nodes_of(u)) dead.node[v] = 1;
  }
  return dead;
}

inline bool breaks(const FaultModel& m, const std::vector<std::size_t>& units) {
  const Network& net = m.network();
  const auto [dead_node, dead_link] = dead_elements(m, units);
  for (NodeId s : m.terminals()) {
    if (dead_node[s]) continue;
    const auto seen = reach_from(net, s, dead_node, dead_link);
    for (NodeId t : m.terminals())
      if (!dead_node[t] && m.pair_required(s, t) && !seen[t]) return true;
  }
  return false;
}

// Least size (unit weights) of a breaking set, searching sizes 0..max_size;
// nullopt if none that small exists.
inline std::optional<std::size_t> brute_min_breaking(const FaultModel& m, std::size_t max_size) {
  const std::size_t n = m.universe().size();
  std::vector<std::size_t> chosen;
  std::function<bool(std::size_t, std::size_t)> pick = [&](std::size_t from, std::size_t left) {
    if (left == 0) return breaks(m, chosen);
    for (std::size_t u = from; u + left <= n; ++u) {
      chosen.push_back(u);
      if (pick(u + 1, left - 1)) return true;
      chosen.pop_back();
    }
    return false;
  };
  for (std::size_t k = 0; k <= std::min(max_size, n); ++k) {
    chosen.clear();
    if (pick(0, k)) return k;
  }
  return std::nullopt;
}

}  // namespace menger::testing
