// The evidence checkers' shared view of a network (deadlock_evidence_check.h,
// deadlock_exact_check.h): model, routing and faults rebuilt from the
// evidence's specs, channels named by (node, port, vc), and the routing's
// usable hops asked directly.  Nothing here uses dependency_graph.h or
// ChannelSpace: the checkers stay independent of the engine.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "core/budget.h"
#include "core/error.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/check/deadlock_scope.h"
#include "verify/check/fixed_fault_view.h"
#include "verify/check/leaf_fault_view.h"
#include "verify/spec_resolver.h"

namespace menger {

struct DeadlockChecker {
  using Key = std::tuple<NodeId, PortId, std::uint32_t>;  // channel: node it leaves, port, vc

 private:
  RouteSetup own_;  // when built from the evidence's specs

 public:
  const RouteSetup& setup;
  FaultSet faults;
  EvidenceCheck out;
  Budget budget;  // the check's (SpecResolver::budget)
  const DeadlockScope* scope = nullptr;  // a proof record's; null: every unit decided by `faults`

  DeadlockChecker(const DeadlockEvidence& e, const SpecResolver& specs)
      : own_(make_route_setup(specs, e.model, e.routing, e.faults_model)), setup(own_),
        faults(setup.model->universe().size()), budget(specs.budget) {
    read_faults(e);
  }
  // On a network already built (a proof's records share one), under `scope`.
  DeadlockChecker(const DeadlockEvidence& e, const RouteSetup& built, const Budget& b, const DeadlockScope* s)
      : setup(built), faults(setup.model->universe().size()), budget(b), scope(s) {
    read_faults(e);
  }
  void read_faults(const DeadlockEvidence& e) {
    std::map<std::string, std::size_t> unit;
    for (std::size_t u = 0; u < setup.model->universe().size(); ++u) unit[setup.model->universe().label(u)] = u;
    for (const auto& l : e.fault_set) {
      auto it = unit.find(l);
      if (it == unit.end()) throw InputError("deadlock evidence: no fault unit labelled " + l);
      faults.insert(it->second);
    }
  }
  // A fault view of the check's own: the fixed fault set, or a proof record's scope.
  std::unique_ptr<CheckerFaultView> make_view() const {
    const FaultKnowledge k = setup.routing->knowledge();
    if (scope) return std::make_unique<LeafFaultView>(*setup.model, k, scope->state, faults, scope->left);
    return std::make_unique<FixedFaultView>(*setup.model, k, faults);
  }
  const Network& net() const { return *setup.net; }
  bool failed(NodeId v) const {
    auto u = setup.model->unit_of_node(v);
    return u && faults.contains(*u);
  }
  // Asked of the view, so that under a proof's scope a hop into a unit the
  // record does not decide is refused.
  static bool blocked(const PortSlot& s, CheckerFaultView& view) {
    return !s.connected() || s.dir == PortDir::In || view.hop_blocked(s);
  }
  Key key(const ChannelRef& c) {
    auto v = net().find_node(c.node);
    if (!v || c.port >= net().num_ports(*v) || c.vc >= setup.routing->vcs())
      throw InputError("deadlock evidence: no channel " + c.node + " port " + std::to_string(c.port) + " vc " +
                       std::to_string(c.vc));
    // A channel leaves over a connected port that may send (an InfiniBand
    // switch's port 0 is its management port: no link, no channel).
    const PortSlot& slot = net().port(*v, c.port);
    if (!slot.connected() || slot.dir == PortDir::In)
      throw InputError("deadlock evidence: port " + std::to_string(c.port) + " of " + c.node +
                       " is no channel (unconnected or inbound only)");
    return {*v, c.port, c.vc};
  }
  std::string name(const Key& k) const {
    const auto& [v, p, vc] = k;
    return net().label(v) + "->" + net().label(net().port(v, p).peer) + " vc" + std::to_string(vc);
  }
  void problem(std::string p) {
    if (out.problems.size() < 10) out.problems.push_back(std::move(p));
  }
  struct Step {
    Key channel;
    NodeId peer;
    PacketState state;
    bool bubble;
  };
  // The usable hops of a configuration.
  std::vector<Step> hops(NodeId here, const PacketState& st, NodeId d, CheckerFaultView& view) {
    Hops h;
    view.at(here);
    setup.routing->next(here, st, d, view, h);
    std::vector<Step> out_hops;
    for (const Hop& x : h) {
      if (x.port >= net().num_ports(here)) continue;
      const PortSlot& s = net().port(here, x.port);
      if (!blocked(s, view)) out_hops.push_back({Key{here, x.port, x.vc}, s.peer, x.state, x.bubble});
    }
    return out_hops;
  }
  // Every packet to follow.  The budget per source, the memory limit before
  // the list doubles (a torus(64,64) has 16.7 million packets);
  // room for every ordered pair reserved when it fits (a doubling copies, unchecked).
  std::vector<std::pair<NodeId, NodeId>> pairs() const {
    constexpr const char* kPhase = "listing the packets to follow";
    const std::vector<NodeId>& terminals = setup.model->terminals();
    std::vector<std::pair<NodeId, NodeId>> p;
    const std::uint64_t most = std::uint64_t{terminals.size()} * terminals.size() * sizeof(p.front());
    if (resident_bytes() + most < budget.memory_limit()) p.reserve(terminals.size() * terminals.size());
    for (std::size_t i = 0; i < terminals.size(); ++i) {
      budget.check(kPhase, i, terminals.size());
      const NodeId s = terminals[i];
      for (NodeId d : terminals) {
        if (s == d || !setup.model->pair_required(s, d) || failed(s) || failed(d)) continue;
        if (p.size() == p.capacity())
          budget.check_memory_for(kPhase, std::max<std::uint64_t>(p.capacity(), 1024) * 2 * sizeof(p.front()));
        p.emplace_back(s, d);
      }
    }
    return p;
  }
};

}  // namespace menger
