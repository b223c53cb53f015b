// The exact deadlock checkers' own view of the routing (deadlock_exact_check.h,
// deadlock_sat_check.h): a walker with a fault view of its own, and every
// reachable configuration found by its own depth-first walk.  Nothing here
// comes from the engine's exploration.
#pragma once

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/budget.h"
#include "verify/check/deadlock_checker.h"
#include "verify/check/fixed_fault_view.h"

namespace menger::exact_check {

using Key = DeadlockChecker::Key;
using Offer = DeadlockChecker::Step;

// The checker with a fault view of its own for starting and moving packets.
struct Walker {
  DeadlockChecker& c;
  std::unique_ptr<CheckerFaultView> owned_view;
  CheckerFaultView& view;
  explicit Walker(DeadlockChecker& checker) : c(checker), owned_view(checker.make_view()), view(*owned_view) {}
  const Network& net() const { return c.net(); }
  const Routing& routing() const { return *c.setup.routing; }
  PacketState start(NodeId src, NodeId dst) {
    view.at(src);
    return routing().start(src, dst, view);
  }
  std::vector<Offer> offers(NodeId here, const PacketState& st, NodeId dst) {
    return c.hops(here, st, dst, view);
  }
  std::vector<std::pair<NodeId, NodeId>> pairs() const { return c.pairs(); }
  Key key(const ChannelRef& r) { return c.key(r); }
  std::string name(const Key& k) const { return c.name(k); }
};

// Every reachable configuration (channel, state, destination), found by its
// own depth-first walk from every required pair.
struct Space {
  struct Config {
    Key channel;
    NodeId head, dst;
    PacketState state;
    std::vector<std::pair<std::size_t, bool>> out;  // (config, bubble)
  };
  std::vector<Config> configs;
  std::vector<std::pair<std::size_t, bool>> injections;

  explicit Space(Walker& w) {
    std::map<std::tuple<Key, PacketState, NodeId>, std::size_t> id;
    std::vector<std::size_t> stack;
    auto enter = [&](const Offer& o, NodeId dst) {
      auto [it, fresh] = id.try_emplace({o.channel, o.state, dst}, configs.size());
      if (fresh) {
        configs.push_back({o.channel, o.peer, dst, o.state, {}});
        stack.push_back(it->second);
      }
      return it->second;
    };
    for (auto [s, d] : w.pairs()) {
      w.c.budget.check("checking exact deadlock evidence");
      for (const Offer& o : w.offers(s, w.start(s, d), d)) injections.emplace_back(enter(o, d), o.bubble);
      while (!stack.empty()) {
        const std::size_t g = stack.back();
        stack.pop_back();
        if (configs[g].head == configs[g].dst) continue;
        const NodeId here = configs[g].head;
        const PacketState st = configs[g].state;
        std::vector<std::pair<std::size_t, bool>> out;
        for (const Offer& o : w.offers(here, st, configs[g].dst)) out.emplace_back(enter(o, d), o.bubble);
        configs[g].out = std::move(out);
      }
    }
  }
};

// A split set must be entered from outside by bubble hops only (never filled).
inline void check_closed(const Space& sp, const std::set<Key>& r, Walker& w, std::vector<std::string>& problems) {
  for (const auto& [t, bubble] : sp.injections)
    if (!bubble && r.count(sp.configs[t].channel))
      problems.push_back("a packet is injected into " + w.name(sp.configs[t].channel) +
                         " by a one-buffer hop, so the split set through it can fill");
  for (const auto& c : sp.configs)
    for (const auto& [t, bubble] : c.out)
      if (!bubble && r.count(sp.configs[t].channel) && !r.count(c.channel))
        problems.push_back("a one-buffer hop from " + w.name(c.channel) + " enters the split set at " +
                           w.name(sp.configs[t].channel) + ", so the set can fill");
}

}  // namespace menger::exact_check
