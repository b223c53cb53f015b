// Ground truth for the deadlock engines: an explicit-state model of a network
// of FIFO channel buffers (virtual cut-through), knowing nothing of dependency
// graphs.  Used by test_bubble.cpp and test_deadlock_exact.cpp.
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <string>
#include <unordered_set>
#include <stdexcept>
#include <vector>

#include "verify/route/route_run.h"

namespace menger {

// Every state the network can reach from empty when each channel buffers
// `capacity` whole packets (virtual cut-through), packets are injected at any
// time for any destination, move from the head of their channel by any hop the
// routing offers when the next channel has room (two packets for a bubble hop)
// and are consumed at their destination.  Returns whether some reachable state
// is a deadlock: packets in the network and none of them can move.
struct FlowModel {
  const Network& net;
  const FaultModel& model;
  const Routing& routing;
  std::size_t capacity = 2;
  std::size_t max_states = 3'000'000;
  // Which (source, destination) pairs inject packets: all by default.  A deadlock
  // reachable with less traffic is reachable with all of it.
  std::function<bool(NodeId, NodeId)> traffic = [](NodeId, NodeId) { return true; };
  const FaultSet* faults = nullptr;  // null: none

  struct Packet {
    NodeId dst;
    PacketState state;
    auto operator<=>(const Packet&) const = default;
  };
  using State = std::vector<std::vector<Packet>>;  // per channel, head first

  std::size_t states_seen = 0;

  bool failed(const FaultSet& f, NodeId v) const {
    auto u = model.unit_of_node(v);
    return u && f.contains(*u);
  }

  // States are kept as strings (per channel: its packet count, then two bytes
  // per packet naming an interned (destination, state)): a 3x3 torus with 3
  // VCs has 108 channels, and millions of states as vectors would not fit.
  std::map<Packet, std::uint16_t> ids{};
  std::vector<Packet> packets{};
  std::string encode(const State& s) {
    std::string e;
    for (const auto& ch : s) {
      e.push_back(static_cast<char>(ch.size()));
      for (const Packet& p : ch) {
        auto [it, fresh] = ids.try_emplace(p, static_cast<std::uint16_t>(packets.size()));
        if (fresh) packets.push_back(p);
        if (packets.size() > 65535) throw std::runtime_error("flow model: too many kinds of packet");
        e.push_back(static_cast<char>(it->second & 0xff));
        e.push_back(static_cast<char>(it->second >> 8));
      }
    }
    return e;
  }
  State decode(const std::string& e, std::size_t channels) const {
    State s(channels);
    std::size_t i = 0;
    for (auto& ch : s) {
      const auto n = static_cast<unsigned char>(e[i++]);
      for (unsigned k = 0; k < n; ++k, i += 2)
        ch.push_back(packets[static_cast<unsigned char>(e[i]) | static_cast<unsigned char>(e[i + 1]) << 8]);
    }
    return s;
  }

  bool deadlock_reachable() {
    const ChannelSpace space(net, routing.vcs());
    RecordingFaultView view(model, routing.knowledge());
    const FaultSet none(model.universe().size());
    const FaultSet& f = faults ? *faults : none;
    std::unordered_set<std::string> seen;
    std::vector<std::string> queue{encode(State(space.size()))};
    seen.insert(queue.front());
    auto moves = [&](NodeId here, const PacketState& st, NodeId dst, const State& s, auto&& take) {
      view.reset(f, 0);
      view.at(here);
      Hops hops;
      routing.next(here, st, dst, view, hops);
      for (const Hop& h : hops) {
        const PortSlot& slot = net.port(here, h.port);
        if (!slot.connected() || view.hop_blocked(slot)) continue;  // as the engines: a faulty hop is not taken
        const ChannelId c = space.channel(slot.link, here, h.vc);
        if (s[c].size() + (h.bubble ? 2 : 1) <= capacity) take(c, Packet{dst, h.state});
      }
    };
    while (!queue.empty()) {
      const State s = decode(queue.back(), space.size());  // depth first: full networks come soon
      queue.pop_back();
      auto push = [&](const State& n) {
        std::string e = encode(n);
        if (!seen.insert(e).second) return;
        if (++states_seen > max_states) throw std::runtime_error("flow model: too many states");
        queue.push_back(std::move(e));
      };
      bool occupied = false, progress = false;
      for (ChannelId c = 0; c < space.size(); ++c) {
        if (s[c].empty()) continue;
        occupied = true;
        const Packet p = s[c].front();
        const NodeId head = space.info(c).head;
        State rest = s;
        rest[c].erase(rest[c].begin());
        if (head == p.dst) {
          progress = true;
          push(rest);
          continue;
        }
        moves(head, p.state, p.dst, rest, [&](ChannelId n, Packet q) {
          progress = true;
          State m = rest;
          m[n].push_back(q);
          push(std::move(m));
        });
      }
      if (occupied && !progress) return true;
      for (NodeId src : model.terminals())
        for (NodeId dst : model.terminals()) {
          if (src == dst || !traffic(src, dst) || !model.pair_required(src, dst) || failed(f, src) || failed(f, dst))
            continue;
          view.reset(f, 0);
          view.at(src);
          const PacketState st = routing.start(src, dst, view);
          moves(src, st, dst, s, [&](ChannelId n, Packet q) {
            State m = s;
            m[n].push_back(q);
            push(std::move(m));
          });
        }
    }
    return false;
  }
};

}  // namespace menger
