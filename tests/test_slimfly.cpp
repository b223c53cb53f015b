// Slim Fly (Besta and Hoefler, SC 2014) on MMS graphs, its GF(q) arithmetic, and
// the slimfly-min routing.
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
//   * routes against that search's distances.
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
#include "verify/route_run.h"

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

}  // namespace
}  // namespace menger
