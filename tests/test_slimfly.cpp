// Slim Fly (Besta and Hoefler, SC 2014) on MMS graphs, its GF(q) arithmetic, and
// the slimfly-min and slimfly-valiant routings.
//
// Where the expected values come from:
//   * GF(q): the field axioms checked over every pair / triple of elements, and
//     the primitive element's powers covering every non-zero element;
//   * generator sets X, X' for q = 3, 4, 5, 7 worked by hand from the rules of
//     slimfly.h (least primitive element: 2 mod 3, t in GF(4) = GF(2)[t]/(t^2+t+1),
//     2 mod 5, 3 mod 7);
//   * adjacency against the MMS rule evaluated here pair by pair;
//   * degree (3q - delta)/2, 2q^2 routers and diameter 2 (McKay, Miller and
//     Siran) by counting and by a breadth-first search written here;
//   * routes against that search's distances; Valiant's routes against the
//     two legs rebuilt here from the distances and the ports (the lowest-port
//     common neighbour), one route per intermediate router.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/galois_field.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "models/slimfly.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

using Elements = std::vector<std::uint32_t>;

std::string error_of(const std::string& spec) {
  try {
    Registry::builtin().build(spec);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(GaloisField, AxiomsHoldAndThePrimitiveElementGeneratesEveryUnit) {
  for (std::uint32_t q : {2u, 3u, 4u, 5u, 7u, 8u, 9u, 16u, 25u, 27u}) {
    SCOPED_TRACE(q);
    GaloisField f(q);
    for (std::uint32_t a = 0; a < q; ++a) {
      EXPECT_EQ(f.add(a, 0), a);
      EXPECT_EQ(f.mul(a, 1), a);
      EXPECT_EQ(f.add(a, f.neg(a)), 0u);
      bool invertible = a == 0;
      for (std::uint32_t b = 0; b < q; ++b) {
        EXPECT_EQ(f.add(a, b), f.add(b, a));
        EXPECT_EQ(f.mul(a, b), f.mul(b, a));
        invertible |= f.mul(a, b) == 1;
        for (std::uint32_t c = 0; c < q; ++c) {
          EXPECT_EQ(f.mul(a, f.mul(b, c)), f.mul(f.mul(a, b), c));
          EXPECT_EQ(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c)));
        }
      }
      EXPECT_TRUE(invertible) << a;
    }
    std::vector<bool> hit(q, false);
    for (std::uint32_t e = 0; e + 1 < q; ++e) hit[f.power_of_primitive(e)] = true;
    for (std::uint32_t a = 1; a < q; ++a) EXPECT_TRUE(hit[a]) << a;
  }
}

TEST(GaloisField, RefusesWhatIsNotAPrimePower) {
  for (std::uint32_t q : {0u, 1u, 6u, 12u, 100u}) EXPECT_THROW(GaloisField{q}, InputError) << q;
}

TEST(SlimFly, GeneratorSetsByHand) {
  struct Case {
    std::uint32_t q, xi;
    Elements x, x2;
  };
  const Case cases[] = {
      {3, 2, {1, 2}, {1, 2}},              // delta -1, w 1: {1} u {xi}, {xi} u {xi^2 = 1}
      {4, 2, {1, 3}, {1, 2}},              // delta 0: {1, xi^2 = t+1}, {xi = t, xi^3 = 1}
      {5, 2, {1, 4}, {2, 3}},              // delta 1: {1, 4}, {2, 8 = 3}
      {7, 3, {1, 2, 5, 6}, {1, 3, 4, 6}},  // delta -1, w 2: {1, 2} u {6, 5}, {3, 6} u {4, 1}
  };
  for (const Case& c : cases) {
    SlimFly sf(c.q, 0);
    EXPECT_EQ(sf.field().primitive(), c.xi) << c.q;
    EXPECT_EQ(sf.generators(0), c.x) << c.q;
    EXPECT_EQ(sf.generators(1), c.x2) << c.q;
  }
}

// The MMS rule, from the field and the sets: is router a adjacent to router b?
bool mms_adjacent(const SlimFly& sf, NodeId a, NodeId b) {
  const std::uint32_t q = sf.q();
  const GaloisField& f = sf.field();
  auto in = [](const Elements& set, std::uint32_t e) { return std::find(set.begin(), set.end(), e) != set.end(); };
  const std::uint32_t sa = a / (q * q), xa = a / q % q, ya = a % q, sb = b / (q * q), xb = b / q % q, yb = b % q;
  if (sa == sb) return xa == xb && in(sf.generators(sa), f.sub(ya, yb));
  if (sa == 1) return mms_adjacent(sf, b, a);
  return ya == f.add(f.mul(xb, xa), yb);  // (0,x,y) - (1,m,c): y = m x + c
}

std::vector<std::uint32_t> bfs(const Network& net, NodeId s) {
  std::vector<std::uint32_t> dist(net.num_nodes(), UINT32_MAX);
  std::deque<NodeId> queue{s};
  dist[s] = 0;
  while (!queue.empty()) {
    const NodeId v = queue.front();
    queue.pop_front();
    for (NodeId w : net.out_neighbors(v))
      if (dist[w] == UINT32_MAX) dist[w] = dist[v] + 1, queue.push_back(w);
  }
  return dist;
}

TEST(SlimFly, AdjacencyIsTheMmsRule) {
  for (std::uint32_t q : {3u, 4u, 5u, 7u, 8u, 9u}) {
    SCOPED_TRACE(q);
    Network net(Registry::builtin().build("slimfly(q=" + std::to_string(q) + ", p=0)"));
    const auto& sf = dynamic_cast<const SlimFly&>(net.topology());
    std::vector<std::vector<int>> links(net.num_nodes(), std::vector<int>(net.num_nodes(), 0));
    for (const Link& l : net.links()) ++links[l.a][l.b], ++links[l.b][l.a];
    for (NodeId a = 0; a < net.num_nodes(); ++a)
      for (NodeId b = 0; b < net.num_nodes(); ++b)
        ASSERT_EQ(links[a][b], a != b && mms_adjacent(sf, a, b) ? 1 : 0) << net.label(a) << " " << net.label(b);
  }
}

TEST(SlimFly, RoutersDegreeAndDiameterTwo) {
  for (std::uint32_t q : {3u, 4u, 5u, 7u, 8u, 9u, 11u, 13u}) {
    SCOPED_TRACE(q);
    Network net(Registry::builtin().build("slimfly(q=" + std::to_string(q) + ", p=0)"));
    const int delta = q % 4 == 3 ? -1 : static_cast<int>(q % 4);
    EXPECT_EQ(net.num_nodes(), 2 * q * q);
    for (NodeId v = 0; v < net.num_nodes(); ++v) {
      EXPECT_EQ(net.kind(v), NodeKind::Router);
      ASSERT_EQ(static_cast<int>(net.degree(v)), (3 * static_cast<int>(q) - delta) / 2) << net.label(v);
    }
    std::uint32_t diameter = 0;
    for (NodeId v = 0; v < net.num_nodes(); ++v)
      for (std::uint32_t d : bfs(net, v)) diameter = std::max(diameter, d);
    EXPECT_EQ(diameter, 2u);
  }
}

TEST(SlimFly, EndpointsDefaultToCeilHalfTheNetworkDegree) {
  auto q5 = Registry::builtin().build("slimfly(q=5)");  // k' = 7: p = 4, 200 endpoints
  EXPECT_EQ(q5->spec(), "slimfly(q=5, p=4)");
  EXPECT_EQ(q5->node_count(), 50u + 200u);
  auto q19 = Registry::builtin().build("slimfly(19)");  // k' = 29: p = 15, 10,830 endpoints
  EXPECT_EQ(q19->spec(), "slimfly(q=19, p=15)");
  EXPECT_EQ(q19->node_count(), 722u + 10830u);
  Network net(Registry::builtin().build("slimfly(q=4, p=2)"));  // k' = 6
  const NodeId r = *net.find_node("(1,2,3)");
  EXPECT_EQ(net.num_ports(r), 8u);
  EXPECT_EQ(net.label(net.port(r, 1).peer), "(1,2,3;1)");
  EXPECT_EQ(net.kind(r), NodeKind::Switch);
}

TEST(SlimFly, ImpossibleParametersAreRefused) {
  EXPECT_NE(error_of("slimfly(q=6)").find("not a prime power"), std::string::npos);
  EXPECT_NE(error_of("slimfly(q=12)").find("not a prime power"), std::string::npos);
  EXPECT_NE(error_of("slimfly(q=2)").find("'q' must be in 3..256"), std::string::npos);
  EXPECT_NE(error_of("slimfly(q=257)").find("'q' must be in 3..256"), std::string::npos);
  EXPECT_NE(error_of("slimfly(q=5, p=-1)").find("'p' must be"), std::string::npos);
}

// ---------------------------------------------------------------------------
// slimfly-min.

// Follows the (deterministic) route from s to d: the router-to-router VCs in order.
std::vector<std::uint32_t> route_vcs(const Network& net, const Routing& routing, RecordingFaultView& view, NodeId s,
                                     NodeId d) {
  std::vector<std::uint32_t> vcs;
  NodeId here = s;
  PacketState st = routing.start(s, d, view);
  for (int steps = 0; here != d && steps < 8; ++steps) {
    Hops out;
    view.at(here);
    routing.next(here, st, d, view, out);
    EXPECT_EQ(out.size(), 1u);
    if (out.empty()) break;
    const NodeId next = net.port(here, out[0].port).peer;
    if (net.forwards(here) && net.forwards(next)) vcs.push_back(out[0].vc);
    here = next, st = out[0].state;
  }
  EXPECT_EQ(here, d);
  return vcs;
}

TEST(SlimFlyRouting, MinimalRoutesWithTheHopIndexAsVirtualChannel) {
  for (std::uint32_t vcs : {1u, 2u}) {
    Network net(Registry::builtin().build("slimfly(q=5, p=1)"));
    FaultModel model(net, FaultModelSpec{});
    auto routing = RoutingRegistry::builtin().build("slimfly-min(vcs=" + std::to_string(vcs) + ")", net);
    EXPECT_EQ(routing->vcs(), vcs);
    RecordingFaultView view(model, routing->knowledge());
    FaultSet none(model.universe().size());
    view.reset(none, 0);
    const NodeId routers = 50;
    for (NodeId a = 0; a < routers; ++a) {
      const auto dist = bfs(net, a);
      for (NodeId b = 0; b < routers; ++b) {
        if (a == b) continue;
        const auto got = route_vcs(net, *routing, view, routers + a, routers + b);  // endpoint to endpoint
        ASSERT_EQ(got.size(), dist[b]) << net.label(a) << " " << net.label(b);
        for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], vcs == 2 ? i : 0u);
      }
    }
  }
}

TEST(SlimFlyRouting, RefusesOtherNetworks) {
  Network net(Registry::builtin().build("hyperx(S=[3,3])"));
  EXPECT_THROW(RoutingRegistry::builtin().build("slimfly-min", net), InputError);
  Network sf(Registry::builtin().build("slimfly(q=3)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("slimfly-min(vcs=3)", sf), InputError);
}

// ---------------------------------------------------------------------------
// slimfly-valiant.

// One way through the network: the routers visited in order, and the VC of
// each router-to-router hop.
struct Branch {
  std::vector<NodeId> routers;
  std::vector<std::uint32_t> vcs;
};

// Every branch from `here` to d, following every hop the routing offers
// (at most 8 steps per branch; a longer one fails the test).
void follow_all(const Network& net, const Routing& routing, RecordingFaultView& view, NodeId here,
                const PacketState& st, NodeId d, Branch so_far, std::vector<Branch>& out) {
  if (net.forwards(here)) so_far.routers.push_back(here);
  if (here == d) {
    out.push_back(so_far);
    return;
  }
  ASSERT_LT(so_far.routers.size() + so_far.vcs.size(), 12u) << "no delivery to " << net.label(d);
  Hops hops;
  view.at(here);
  routing.next(here, st, d, view, hops);
  ASSERT_FALSE(hops.empty()) << "dropped at " << net.label(here) << " for " << net.label(d);
  for (const Hop& h : hops) {
    const NodeId next = net.port(here, h.port).peer;
    Branch b = so_far;
    if (net.forwards(here) && net.forwards(next)) b.vcs.push_back(h.vc);
    follow_all(net, routing, view, next, h.state, d, b, out);
  }
}

// The minimal leg from router a to router b != a, rebuilt from the distances
// and the ports: adjacent, else through the neighbour behind the lowest port.
std::vector<NodeId> leg(const Network& net, const SlimFly& sf, const std::vector<std::vector<std::uint32_t>>& dist,
                        NodeId a, NodeId b) {
  if (dist[a][b] == 1) return {a, b};
  for (PortId p = sf.endpoints_per_router(); p < net.num_ports(a); ++p) {
    const NodeId m = net.port(a, p).peer;
    if (dist[m][b] == 1) return {a, m, b};
  }
  ADD_FAILURE() << "no common neighbour of " << net.label(a) << " and " << net.label(b);
  return {};
}

// Valiant's route via `via`: both legs, cut at the first visit of the
// destination router (a router delivers to its own endpoints whatever the leg).
std::vector<NodeId> valiant_route(const Network& net, const SlimFly& sf,
                                  const std::vector<std::vector<std::uint32_t>>& dist, NodeId from, NodeId via,
                                  NodeId to) {
  std::vector<NodeId> route = leg(net, sf, dist, from, via);
  const std::vector<NodeId> second = leg(net, sf, dist, via, to);
  route.insert(route.end(), second.begin() + 1, second.end());
  route.erase(std::find(route.begin(), route.end(), to) + 1, route.end());
  return route;
}

// Checks every pair of terminals of `spec` (endpoints, or routers with p = 0):
// one branch per intermediate router other than the two ends (none between
// terminals of one router), each the route rebuilt above, at most 4 router
// hops, hop i on VC min(i, vcs - 1).  Returns how many branches had each
// number of router hops.
std::vector<std::size_t> check_valiant(const std::string& spec, std::uint32_t vcs) {
  Network net(Registry::builtin().build(spec));
  const auto& sf = dynamic_cast<const SlimFly&>(net.topology());
  FaultModel model(net, FaultModelSpec{});
  auto routing = RoutingRegistry::builtin().build("slimfly-valiant(vcs=" + std::to_string(vcs) + ")", net);
  EXPECT_EQ(routing->vcs(), vcs);
  RecordingFaultView view(model, routing->knowledge());
  FaultSet none(model.universe().size());
  view.reset(none, 0);
  const auto routers = static_cast<NodeId>(sf.routers());
  std::vector<std::vector<std::uint32_t>> dist;
  for (NodeId r = 0; r < routers; ++r) dist.push_back(bfs(net, r));
  const NodeId first = sf.endpoints_per_router() == 0 ? 0 : routers;
  std::vector<std::size_t> lengths(5, 0);
  for (NodeId s = first; s < net.num_nodes(); ++s)
    for (NodeId d = first; d < net.num_nodes(); ++d) {
      if (s == d) continue;
      const NodeId rs = sf.router_of(s), rd = sf.router_of(d);
      std::vector<Branch> got;
      follow_all(net, *routing, view, s, routing->start(s, d, view), d, {}, got);
      std::vector<std::vector<NodeId>> want, seen;
      if (rs == rd) want.push_back({rs});
      for (NodeId via = 0; rs != rd && via < routers; ++via)
        if (via != rs && via != rd) want.push_back(valiant_route(net, sf, dist, rs, via, rd));
      for (const Branch& b : got) {
        seen.push_back(b.routers);
        EXPECT_LE(b.vcs.size(), 4u);
        EXPECT_EQ(b.vcs.size() + 1, b.routers.size());
        for (std::size_t i = 0; i < b.vcs.size(); ++i) EXPECT_EQ(b.vcs[i], std::min<std::size_t>(i, vcs - 1));
        if (b.vcs.size() < lengths.size()) ++lengths[b.vcs.size()];
      }
      std::sort(want.begin(), want.end());
      std::sort(seen.begin(), seen.end());
      EXPECT_EQ(seen, want) << net.label(s) << " -> " << net.label(d);
      if (seen != want) return lengths;
    }
  return lengths;
}

TEST(SlimFlyRouting, ValiantOffersEveryIntermediateAndFollowsTwoMinimalLegs) {
  // q = 4, 5, 3: delta = 0, 1, -1; p = 2 has pairs on one router, p = 0 router terminals.
  for (const char* spec : {"slimfly(q=4, p=1)", "slimfly(q=5, p=1)", "slimfly(q=3, p=2)", "slimfly(q=4, p=0)"}) {
    SCOPED_TRACE(spec);
    const auto lengths = check_valiant(spec, 4);
    // Routes of 4 router hops occur, and so do first legs cut short at the
    // destination router (1 hop); no route stays on one router but those
    // between terminals of one router.
    EXPECT_GT(lengths[4], 0u);
    EXPECT_GT(lengths[1], 0u);
    EXPECT_EQ(lengths[0], std::string(spec).find("p=2") != std::string::npos ? 18u * 2u : 0u);
  }
}

TEST(SlimFlyRouting, ValiantWithFewerVirtualChannelsSharesTheLastOne) {
  for (std::uint32_t vcs : {1u, 2u, 3u}) {
    SCOPED_TRACE(vcs);
    check_valiant("slimfly(q=4, p=1)", vcs);
  }
}

TEST(SlimFlyRouting, ValiantIsRefusedOffTheSlimFlyAndBeyondFourVirtualChannels) {
  Network hx(Registry::builtin().build("hyperx(S=[3,3])"));
  try {
    RoutingRegistry::builtin().build("slimfly-valiant", hx);
    ADD_FAILURE() << "slimfly-valiant accepted a HyperX";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("slimfly-valiant is defined on Slim Fly networks only"), std::string::npos)
        << e.what();
  }
  Network sf(Registry::builtin().build("slimfly(q=3)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("slimfly-valiant(vcs=5)", sf), InputError);
  EXPECT_THROW(RoutingRegistry::builtin().build("slimfly-valiant(vcs=0)", sf), InputError);
  EXPECT_EQ(RoutingRegistry::builtin().build("slimfly-valiant", sf)->spec(), "slimfly-valiant(vcs=4)");
}

}  // namespace
}  // namespace menger
