// HyperX (Ahn et al., SC 2009) and its routings: hyperx-dor, hyperx-min-adaptive,
// hyperx-dal.
//
// Where the expected values come from:
//   * adjacency: every pair of switches is decoded to coordinates here (mixed
//     radix, dimension 0 least significant, as hyperx.h documents) and must be
//     joined by exactly K links iff the coordinates differ in one place;
//   * counts: P = prod S_i switches, K * P * sum (S_i - 1) / 2 switch links plus
//     P*T terminal links, radix T + K sum (S_i - 1) (the paper's formulas);
//   * ports of hyperx(S=[3,3]) worked by hand from the numbering of hyperx.h;
//   * diameters by a breadth-first search written here;
//   * routes: RouteRunner over every pair (longest adaptive branch), against
//     the Hamming distance of the coordinates.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/hyperx.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

std::vector<std::uint32_t> decode(std::uint64_t id, const std::vector<std::uint32_t>& sizes) {
  std::vector<std::uint32_t> c;
  for (std::uint32_t s : sizes) c.push_back(static_cast<std::uint32_t>(id % s)), id /= s;
  return c;
}

std::uint32_t hamming(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  std::uint32_t h = 0;
  for (std::size_t i = 0; i < a.size(); ++i) h += a[i] != b[i];
  return h;
}

std::string error_of(const std::string& spec) {
  try {
    Registry::builtin().build(spec);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Largest BFS distance between nodes that `keep` selects (paths through forwarding nodes only).
std::uint32_t diameter(const Network& net, bool (*keep)(NodeKind)) {
  std::uint32_t best = 0;
  for (NodeId s = 0; s < net.num_nodes(); ++s) {
    if (!keep(net.kind(s))) continue;
    std::vector<std::uint32_t> dist(net.num_nodes(), UINT32_MAX);
    std::deque<NodeId> queue{s};
    dist[s] = 0;
    while (!queue.empty()) {
      const NodeId v = queue.front();
      queue.pop_front();
      if (v != s && !net.forwards(v)) continue;
      for (NodeId w : net.out_neighbors(v))
        if (dist[w] == UINT32_MAX) dist[w] = dist[v] + 1, queue.push_back(w);
    }
    for (NodeId t = 0; t < net.num_nodes(); ++t)
      if (keep(net.kind(t))) best = std::max(best, dist[t]);
  }
  return best;
}

TEST(HyperX, SwitchesAreJoinedByKLinksExactlyWhenOneCoordinateDiffers) {
  const std::vector<std::uint32_t> sizes{2, 3, 4};
  Network net(Registry::builtin().build("hyperx(S=[2,3,4], K=2, T=2)"));
  const std::uint64_t switches = 24;
  std::vector<std::vector<int>> links(switches, std::vector<int>(switches, 0));
  for (const Link& l : net.links())
    if (l.a < switches && l.b < switches) ++links[l.a][l.b], ++links[l.b][l.a];
  for (NodeId a = 0; a < switches; ++a)
    for (NodeId b = 0; b < switches; ++b)
      EXPECT_EQ(links[a][b], a != b && hamming(decode(a, sizes), decode(b, sizes)) == 1 ? 2 : 0)
          << net.label(a) << " " << net.label(b);
}

TEST(HyperX, CountsAndRadixFollowThePapersFormulas) {
  Network net(Registry::builtin().build("hyperx(S=[2,3,4], K=2, T=2)"));
  const std::uint64_t P = 2 * 3 * 4, K = 2, T = 2, degree_sum = 1 + 2 + 3;
  EXPECT_EQ(net.num_nodes(), P + P * T);
  EXPECT_EQ(net.num_links(), K * P * degree_sum / 2 + P * T);
  for (NodeId v = 0; v < P; ++v) {
    EXPECT_EQ(net.kind(v), NodeKind::Switch);
    EXPECT_EQ(net.num_ports(v), T + K * degree_sum);
    EXPECT_EQ(net.degree(v), T + K * degree_sum);
  }
  for (NodeId v = P; v < net.num_nodes(); ++v) EXPECT_EQ(net.kind(v), NodeKind::Endpoint);
}

TEST(HyperX, PortsAndLabelsByHand) {
  Network net(Registry::builtin().build("hyperx(S=[3,3])"));
  // Switch (1,2) has id 1 + 2*3 = 7; port 0 is its terminal (1,2;0), id 9 + 7.
  const NodeId sw = *net.find_node("(1,2)");
  EXPECT_EQ(sw, 7u);
  EXPECT_EQ(net.label(net.port(sw, 0).peer), "(1,2;0)");
  EXPECT_EQ(net.port(sw, 0).peer, 16u);
  // Dimension 1 first: x_1 = 0, then x_1 = 2; then dimension 2: x_2 = 0, x_2 = 1.
  const char* expected[] = {"(0,2)", "(2,2)", "(1,0)", "(1,1)"};
  for (PortId p = 1; p <= 4; ++p) EXPECT_EQ(net.label(net.port(sw, p).peer), expected[p - 1]) << p;
  // Far ends: at (0,2) the dimension-1 neighbours are x_1 = 1 (port 1) and x_1 = 2 (port 2).
  EXPECT_EQ(net.port(sw, 1).peer_port, 1u);
  EXPECT_EQ(net.port(sw, 3).peer_port, 4u);  // at (1,0): x_2 = 1 (port 3), x_2 = 2 (port 4)
}

TEST(HyperX, DiameterIsLBetweenSwitchesAndLPlus2BetweenTerminals) {
  Network sw(Registry::builtin().build("hyperx(S=[3,4,2], T=0)"));
  EXPECT_EQ(sw.kind(0), NodeKind::Router);
  EXPECT_EQ(diameter(sw, [](NodeKind) { return true; }), 3u);
  Network with_terminals(Registry::builtin().build("hyperx(S=[3,4,2], T=2)"));
  EXPECT_EQ(diameter(with_terminals, [](NodeKind k) { return k == NodeKind::Endpoint; }), 5u);
}

TEST(HyperX, SchemaOneSizeWithLAndCanonicalSpec) {
  auto t = Registry::builtin().build("hyperx(S=[4], L=3)");
  EXPECT_EQ(t->spec(), "hyperx(S=[4,4,4], K=1, T=1)");
  EXPECT_EQ(Registry::builtin().build(t->spec())->spec(), t->spec());
  EXPECT_EQ(Registry::builtin().build("hyperx([2,5], K=3, T=0)")->spec(), "hyperx(S=[2,5], K=3, T=0)");
}

TEST(HyperX, ImpossibleParametersAreRefused) {
  EXPECT_NE(error_of("hyperx(S=[1,3])").find("'S' must be in 2..65536"), std::string::npos);
  EXPECT_NE(error_of("hyperx(S=[3,3], L=3)").find("L=3 but S lists 2 sizes"), std::string::npos);
  EXPECT_NE(error_of("hyperx(S=[3,3], K=0)").find("'K' must be"), std::string::npos);
  EXPECT_NE(error_of("hyperx(S=[3,3], T=-1)").find("'T' must be"), std::string::npos);
  EXPECT_NE(error_of("hyperx(S=[65536,65536,65536])").find("too large"), std::string::npos);
  EXPECT_NE(error_of("hyperx()").find("S"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Routings.

struct Rig {
  Rig(const std::string& topo, const std::string& routing_spec)
      : net(Registry::builtin().build(topo)),
        hx(dynamic_cast<const HyperX&>(net.topology())),
        model(net, FaultModelSpec{}),
        routing(RoutingRegistry::builtin().build(routing_spec, net)),
        view(model, routing->knowledge()),
        none(model.universe().size()) {
    view.reset(none, 0);
  }
  Hops hops(NodeId here, NodeId dst, const PacketState& st = {}) {
    Hops out;
    view.at(here);
    routing->next(here, st, dst, view, out);
    return out;
  }
  std::vector<std::uint32_t> coords(NodeId v) const {
    std::vector<std::uint32_t> c;
    for (std::size_t d = 0; d < hx.dims(); ++d) c.push_back(hx.coord(hx.switch_of(v), d));
    return c;
  }
  Network net;
  const HyperX& hx;
  FaultModel model;
  std::unique_ptr<Routing> routing;
  RecordingFaultView view;
  FaultSet none;
};

// Every pair of terminals is delivered; the longest adaptive branch has at most
// `extra_per_dim` * (differing coordinates) switch hops beyond the minimum.
void expect_delivery(const std::string& topo, const std::string& routing, std::uint32_t hops_per_dim) {
  SCOPED_TRACE(topo + " " + routing);
  Rig r(topo, routing);
  RouteRunner runner(*r.routing, r.model, RunLimits{});
  for (NodeId s = 0; s < r.net.num_nodes(); ++s)
    for (NodeId d = 0; d < r.net.num_nodes(); ++d) {
      if (s == d || !r.net.is_terminal(s) || !r.net.is_terminal(d)) continue;
      RunResult res = runner.run(r.none, s, d, std::nullopt, false);
      ASSERT_TRUE(res.delivered()) << r.net.label(s) << " -> " << r.net.label(d) << ": " << res.detail;
      const std::uint32_t ends = r.hx.terminals_per_switch() ? 2 : 0;
      EXPECT_EQ(res.hops, hops_per_dim * hamming(r.coords(s), r.coords(d)) + ends)
          << r.net.label(s) << " -> " << r.net.label(d);
    }
}

TEST(HyperXRouting, DorAndMinimalAdaptiveAreMinimalDalTakesAtMostTwoHopsPerDimension) {
  expect_delivery("hyperx(S=[3,2,3], K=2, T=1)", "hyperx-dor", 1);
  expect_delivery("hyperx(S=[3,2,3], K=2, T=1)", "hyperx-min-adaptive", 1);
  expect_delivery("hyperx(S=[3,4], T=0)", "hyperx-min-adaptive", 1);
  // DAL's longest branch derouted once in every dimension with a third coordinate (S >= 3).
  expect_delivery("hyperx(S=[3,3,4], K=1, T=1)", "hyperx-dal", 2);
  expect_delivery("hyperx(S=[4,3], K=2, T=0)", "hyperx-dal", 2);
}

TEST(HyperXRouting, DorCorrectsTheLowestDifferingDimensionOverCopyZero) {
  Rig r("hyperx(S=[3,3,3], K=2)", "hyperx-dor");
  const NodeId a = *r.net.find_node("(0,1,2)"), b = *r.net.find_node("(2,1,0;0)");
  const Hops h = r.hops(a, b);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(r.net.label(r.net.port(a, h[0].port).peer), "(2,1,2)");
  EXPECT_EQ(h[0].port, r.hx.port_towards(a, 0, 2, 0));
  EXPECT_EQ(h[0].vc, 0u);
}

TEST(HyperXRouting, DalOffersEscapeMinimalAndOneDeroutePerDimension) {
  Rig r("hyperx(S=[4,4], T=0)", "hyperx-dal");
  const NodeId a = *r.net.find_node("(0,0)"), b = *r.net.find_node("(1,1)");
  // Fresh packet: DOR escape (dimension 1) on VC 0; minimal in both dimensions on
  // VC 1; deroutes to x_1 in {2,3} and x_2 in {2,3} on VC 1.
  std::vector<std::string> offered;
  for (const Hop& h : r.hops(a, b))
    offered.push_back(r.net.label(r.net.port(a, h.port).peer) + "/" + std::to_string(h.vc) + "/" +
                      std::to_string(h.state.w[0]));
  EXPECT_EQ(offered, (std::vector<std::string>{"(1,0)/0/0", "(1,0)/1/0", "(0,1)/1/0", "(2,0)/1/1", "(3,0)/1/1",
                                               "(0,2)/1/2", "(0,3)/1/2"}));
  PacketState derouted;
  derouted.w[0] = 3;  // both dimensions already derouted: escape and minimal hops only
  EXPECT_EQ(r.hops(a, b, derouted).size(), 3u);
}

TEST(HyperXRouting, RefusesOtherNetworks) {
  Network mesh(Registry::builtin().build("mesh(3,3)"));
  for (const char* name : {"hyperx-dor", "hyperx-min-adaptive", "hyperx-dal"}) {
    try {
      RoutingRegistry::builtin().build(name, mesh);
      ADD_FAILURE() << name << " accepted a mesh";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("HyperX networks only"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace menger
