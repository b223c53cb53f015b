// Ground truth for the wormhole deadlock check: an explicit-state model of a
// wormhole network at flit level, knowing nothing of dependency graphs or
// configurations.  Used by test_deadlock_exact.cpp.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "verify/route/route_run.h"

namespace menger {

// Every state a wormhole network reaches from empty: each channel buffers one
// flit of one packet; a packet of l flits (each packet's length chosen at
// injection, 1..max_length) enters by its head, which moves by any hop the
// routing offers into an empty channel, its flits following one channel
// behind another, so a packet in the network holds its last l channels (fewer
// while its tail is still at the source).  A packet whose head reaches its
// destination drains (all at once here: draining never waits, and freeing
// channels sooner only allows more).  Returns whether some reachable state is
// a deadlock: packets in the network and no head can move.
struct WormModel {
  const Network& net;
  const FaultModel& model;
  const Routing& routing;
  std::uint32_t max_length = 3;
  std::size_t max_states = 100'000;
  std::function<bool(NodeId, NodeId)> traffic = [](NodeId, NodeId) { return true; };
  std::size_t states_seen = 0;

  struct Worm {
    NodeId dst;
    PacketState state;                 // at the head
    std::uint32_t unsent;              // flits still at the source
    std::vector<ChannelId> channels;   // held, tail first
    auto operator<=>(const Worm&) const = default;
  };
  using State = std::vector<Worm>;  // sorted: one state, one representation

  static std::string encode(const State& s) {
    std::string e;
    for (const Worm& w : s) {
      e += std::to_string(w.dst) + ":" + std::to_string(w.unsent) + ":";
      for (auto x : w.state.w) e += std::to_string(x) + ",";
      for (ChannelId c : w.channels) e += "/" + std::to_string(c);
      e += ";";
    }
    return e;
  }

  bool deadlock_reachable() {
    const ChannelSpace space(net, routing.vcs());
    RecordingFaultView view(model, routing.knowledge());
    const FaultSet none(model.universe().size());
    std::unordered_set<std::string> seen;
    std::vector<State> stack{State{}};
    seen.insert(encode(stack.front()));
    auto offers = [&](NodeId here, const PacketState& st, NodeId dst, auto&& take) {
      view.reset(none, 0);
      view.at(here);
      Hops hops;
      routing.next(here, st, dst, view, hops);
      for (const Hop& h : hops) {
        const PortSlot& slot = net.port(here, h.port);
        if (slot.connected() && !view.hop_blocked(slot)) take(space.channel(slot.link, here, h.vc), h.state);
      }
    };
    auto push = [&](State n) {
      std::sort(n.begin(), n.end());
      if (!seen.insert(encode(n)).second) return;
      if (++states_seen > max_states) throw std::runtime_error("worm model: too many states");
      stack.push_back(std::move(n));
    };
    while (!stack.empty()) {
      const State s = std::move(stack.back());
      stack.pop_back();
      std::vector<char> held(space.size(), 0);
      for (const Worm& w : s)
        for (ChannelId c : w.channels) held[c] = 1;
      bool progress = false;
      for (std::size_t i = 0; i < s.size(); ++i) {
        const Worm& w = s[i];
        const NodeId head = space.info(w.channels.back()).head;
        if (head == w.dst) {  // drains
          progress = true;
          State n = s;
          n.erase(n.begin() + static_cast<std::ptrdiff_t>(i));
          push(std::move(n));
          continue;
        }
        offers(head, w.state, w.dst, [&](ChannelId c, const PacketState& st) {
          if (held[c]) return;
          progress = true;
          State n = s;
          Worm& m = n[i];
          m.channels.push_back(c);
          m.state = st;
          if (m.unsent > 0) --m.unsent;
          else m.channels.erase(m.channels.begin());
          push(std::move(n));
        });
      }
      if (!s.empty() && !progress) return true;
      for (NodeId src : model.terminals())
        for (NodeId dst : model.terminals()) {
          if (src == dst || !traffic(src, dst) || !model.pair_required(src, dst)) continue;
          view.reset(none, 0);
          view.at(src);
          const PacketState st = routing.start(src, dst, view);
          offers(src, st, dst, [&](ChannelId c, const PacketState& next) {
            if (held[c]) return;
            for (std::uint32_t l = 1; l <= max_length; ++l) {
              State n = s;
              n.push_back(Worm{dst, next, l - 1, {c}});
              push(std::move(n));
            }
          });
        }
    }
    return false;
  }
};

}  // namespace menger
