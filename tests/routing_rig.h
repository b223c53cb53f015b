// Test helpers shared by the turn-model and textbook routing tests: a rig that
// asks a routing for its hops on the fault-free network, and the channel
// dependency graph of a state-free routing computed straight from those hops
// (no engine code), with Kahn's check for cycles.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "models/routing_torus.h"
#include "verify/fault_model.h"

namespace menger::routing_rig {

using Strings = std::vector<std::string>;

// A network, a routing on it, and a fault-free view to ask the routing through.
struct Rig {
  Rig(const std::string& topo, const std::string& routing_spec)
      : net(Registry::builtin().build(topo)),
        model(net, FaultModelSpec{}),
        routing(RoutingRegistry::builtin().build(routing_spec, net)),
        lattice(net, "test"),
        view(model, routing->knowledge()),
        none(model.universe().size()) {
    view.reset(none, 0);
  }
  NodeId node(const std::string& label) const {
    auto v = net.topology().find_node(label);
    EXPECT_TRUE(v.has_value()) << label;
    return v.value_or(0);
  }
  Hops hops(NodeId here, NodeId dst) {
    Hops out;
    view.at(here);
    routing->next(here, routing->start(here, dst, view), dst, view, out);
    return out;
  }
  std::string direction(PortId p) const {
    for (std::size_t d = 0; d < lattice.dims(); ++d)
      for (int dir : {1, -1})
        if (lattice.factor(d).ports() == 2 || dir == 1)
          if (lattice.port(d, dir) == p) return direction_name(d, dir);
    return "?";
  }
  // Offered hops as "X+/0" (direction / VC), in the routing's order.
  Strings offered(const std::string& here, const std::string& dst) {
    Strings out;
    for (const Hop& h : hops(node(here), node(dst))) out.push_back(direction(h.port) + "/" + std::to_string(h.vc));
    return out;
  }
  NodeId peer(NodeId v, const Hop& h) const { return net.port(v, h.port).peer; }

  Network net;
  FaultModel model;
  std::unique_ptr<Routing> routing;
  Lattice lattice;
  RecordingFaultView view;
  FaultSet none;
};

// Channel dependency graph of a state-free routing (every (node, destination)
// pair is reachable: inject there).  Only channels whose VC is `counted` are
// vertices; c1 -> c2 when a packet on c1 may next request c2, directly or after
// hops on uncounted channels (Duato's indirect dependencies).
using Graph = std::vector<std::set<std::size_t>>;
inline Graph dependency_graph(Rig& r, const std::function<bool(std::uint32_t)>& counted) {
  const std::size_t ports = r.net.num_ports(0), vcs = r.routing->vcs();
  auto id = [&](NodeId v, const Hop& h) { return (v * ports + h.port) * vcs + h.vc; };
  Graph g(r.net.num_nodes() * ports * vcs);
  for (NodeId dst = 0; dst < r.net.num_nodes(); ++dst)
    for (NodeId u = 0; u < r.net.num_nodes(); ++u) {
      if (u == dst) continue;
      for (const Hop& h1 : r.hops(u, dst)) {
        if (!counted(h1.vc)) continue;
        std::vector<NodeId> stack{r.peer(u, h1)};
        std::set<NodeId> seen(stack.begin(), stack.end());
        while (!stack.empty()) {
          const NodeId w = stack.back();
          stack.pop_back();
          if (w == dst) continue;
          for (const Hop& h2 : r.hops(w, dst)) {
            if (counted(h2.vc)) g[id(u, h1)].insert(id(w, h2));
            else if (seen.insert(r.peer(w, h2)).second) stack.push_back(r.peer(w, h2));
          }
        }
      }
    }
  return g;
}

inline bool acyclic(const Graph& g) {  // Kahn: every vertex gets removed
  std::vector<std::size_t> indegree(g.size(), 0), ready;
  for (const auto& out : g)
    for (std::size_t c : out) ++indegree[c];
  for (std::size_t c = 0; c < g.size(); ++c)
    if (indegree[c] == 0) ready.push_back(c);
  std::size_t removed = 0;
  while (!ready.empty()) {
    const std::size_t c = ready.back();
    ready.pop_back();
    ++removed;
    for (std::size_t x : g[c])
      if (--indegree[x] == 0) ready.push_back(x);
  }
  return removed == g.size();
}

inline bool all_vcs(std::uint32_t) { return true; }
inline std::function<bool(std::uint32_t)> only_vc(std::uint32_t vc) {
  return [vc](std::uint32_t v) { return v == vc; };
}

// The routing refuses the topology with an InputError naming both.
inline void expect_refused(const std::string& name, const std::string& topo) {
  Network net(Registry::builtin().build(topo));
  try {
    RoutingRegistry::builtin().build(name, net);
    ADD_FAILURE() << name << " accepted " << topo;
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(name), std::string::npos) << what;
    EXPECT_NE(what.find(topo), std::string::npos) << what;
  }
}

}  // namespace menger::routing_rig
