#include "verify/route/routing_equivalence.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "core/error.h"
#include "verify/route/route_run.h"

namespace menger {

namespace {

using HopKey = std::tuple<PortId, std::uint32_t, bool>;

// The hops of one routing at one configuration, sorted by (port, vc, bubble).
std::vector<Hop> offered(const Routing& r, RecordingFaultView& view, NodeId here, const PacketState& st,
                         NodeId dst) {
  Hops h;
  view.at(here);
  r.next(here, st, dst, view, h);
  std::vector<Hop> out(h.begin(), h.end());
  std::sort(out.begin(), out.end(), [](const Hop& x, const Hop& y) {
    return HopKey{x.port, x.vc, x.bubble} < HopKey{y.port, y.vc, y.bubble};
  });
  return out;
}

std::vector<std::string> hop_texts(const Network& net, NodeId here, const std::vector<Hop>& hops) {
  std::vector<std::string> out;
  for (const Hop& h : hops) {
    const bool exists = h.port < net.num_ports(here) && net.port(here, h.port).connected();
    out.push_back("to " + (exists ? net.label(net.port(here, h.port).peer) : "port " + std::to_string(h.port)) +
                  " vc" + std::to_string(h.vc) + (h.bubble ? " (bubble)" : ""));
  }
  return out;
}

bool same_hops(const std::vector<Hop>& x, const std::vector<Hop>& y) {
  return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const Hop& p, const Hop& q) {
    return p.port == q.port && p.vc == q.vc && p.bubble == q.bubble;
  });
}

}  // namespace

EquivalenceResult compare_routings(const Routing& a, const Routing& b, const FaultModel& model,
                                   const FaultSet* faults) {
  if (a.vcs() != b.vcs())
    throw InputError(a.spec() + " uses " + std::to_string(a.vcs()) + " virtual channel(s), " + b.spec() + " " +
                     std::to_string(b.vcs()) + ": they cannot be the same routing");
  const Network& net = model.network();
  const FaultSet none(model.universe().size());
  const FaultSet& f = faults ? *faults : none;
  auto failed = [&](NodeId v) {
    const auto u = model.unit_of_node(v);
    return u && f.contains(*u);
  };
  RecordingFaultView va(model, a.knowledge()), vb(model, b.knowledge());
  EquivalenceResult res;
  for (NodeId d : model.terminals())
    for (NodeId s : model.terminals()) {
      if (s == d || !model.pair_required(s, d) || failed(s) || failed(d)) continue;
      ++res.pairs;
      va.reset(f, 0);
      vb.reset(f, 0);
      va.at(s);
      vb.at(s);
      // (node, state in a, state in b, way in as text)
      using Cfg = std::tuple<NodeId, PacketState, PacketState, std::string>;
      std::set<std::tuple<NodeId, PacketState, PacketState>> seen;
      std::vector<Cfg> stack{{s, a.start(s, d, va), b.start(s, d, vb), "injection"}};
      while (!stack.empty()) {
        auto [here, sa, sb, way] = stack.back();
        stack.pop_back();
        if (here == d) continue;
        ++res.configurations;
        const std::vector<Hop> ha = offered(a, va, here, sa, d), hb = offered(b, vb, here, sb, d);
        res.hops_compared += ha.size();
        if (!same_hops(ha, hb)) {
          res.equivalent = false;
          res.difference = RoutingDifference{s, d, here, way, hop_texts(net, here, ha), hop_texts(net, here, hb)};
          return res;
        }
        for (std::size_t i = 0; i < ha.size(); ++i) {
          if (ha[i].port >= net.num_ports(here) || !net.port(here, ha[i].port).connected()) continue;
          if (va.hop_blocked(net.port(here, ha[i].port))) continue;
          const NodeId peer = net.port(here, ha[i].port).peer;
          if (seen.emplace(peer, ha[i].state, hb[i].state).second)
            stack.emplace_back(peer, ha[i].state, hb[i].state,
                               net.label(here) + "->" + net.label(peer) + " vc" + std::to_string(ha[i].vc));
        }
      }
    }
  return res;
}

}  // namespace menger
