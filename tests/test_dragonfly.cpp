// The dragonfly (models/dragonfly.h) and its routings (routing_dragonfly.cpp).
//
// Where the expected values come from:
//   * counts: Kim, Dally, Scott and Abts (ISCA 2008, section 3): g groups of a
//     routers, a*p terminals per group, all-to-all local links, a*h global
//     links per group; with g = a*h + 1 every two groups share one global link;
//   * adjacencies of the arrangements on small instances, worked by hand from
//     the definitions in models/dragonfly.h;
//   * router diameter 3 (local-global-local) with g = a*h + 1: breadth-first
//     search here over the routers, not the engine;
//   * routes: every branch of every routing walked here, hop by hop, and
//     checked against the local-global-local rule, Valiant's detour and the
//     VC scheme (VC = global hops taken, capped at vcs - 1).
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/dragonfly.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

const Dragonfly& df_of(const Network& net) { return dynamic_cast<const Dragonfly&>(net.topology()); }

// Global links (router pairs in different groups) between every two groups.
std::map<std::pair<std::uint32_t, std::uint32_t>, int> global_links(const Network& net) {
  const Dragonfly& df = df_of(net);
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> count;
  for (LinkId l = 0; l < net.num_links(); ++l) {
    const auto& link = net.link(l);
    if (link.a >= df.routers() || link.b >= df.routers()) continue;
    const std::uint32_t ga = df.group_of(link.a), gb = df.group_of(link.b);
    if (ga != gb) ++count[{std::min(ga, gb), std::max(ga, gb)}];
  }
  return count;
}

std::string links_of(const std::string& spec) {
  Network net(Registry::builtin().build(spec));
  std::set<std::string> out;
  for (LinkId l = 0; l < net.num_links(); ++l) {
    const auto& link = net.link(l);
    if (net.kind(link.a) == NodeKind::Endpoint || net.kind(link.b) == NodeKind::Endpoint) continue;
    const std::string a = net.label(link.a), b = net.label(link.b);
    if (a.substr(0, 2) == b.substr(0, 2)) continue;  // local link
    out.insert(std::min(a, b) + "-" + std::max(a, b));
  }
  std::string s;
  for (const auto& e : out) s += (s.empty() ? "" : " ") + e;
  return s;
}

TEST(Dragonfly, CountsFollowTheDefinition) {
  for (const char* arr : {"absolute", "relative", "circulant", "palmtree"})
    for (std::uint32_t p : {1u, 2u})
      for (std::uint32_t a : {1u, 2u, 4u})
        for (std::uint32_t h : {1u, 2u, 3u}) {
          const std::uint32_t g = a * h + 1;
          const std::string spec = "dragonfly(p=" + std::to_string(p) + ",a=" + std::to_string(a) +
                                   ",h=" + std::to_string(h) + ",arrangement=" + arr + ")";
          SCOPED_TRACE(spec);
          Network net(Registry::builtin().build(spec));
          EXPECT_EQ(net.num_nodes(), g * a * (1 + p));
          // Terminal links, local all-to-all, one global link per pair of groups.
          EXPECT_EQ(net.num_links(), g * a * p + g * a * (a - 1) / 2 + g * (g - 1) / 2);
          const auto pairs = global_links(net);
          EXPECT_EQ(pairs.size(), g * (g - 1) / 2);
          for (const auto& [groups, n] : pairs) EXPECT_EQ(n, 1) << groups.first << "," << groups.second;
          for (NodeId r = 0; r < df_of(net).routers(); ++r) EXPECT_EQ(net.degree(r), p + a - 1 + h);
        }
}

TEST(Dragonfly, FewerGroupsShareTheGlobalPortsAmongThem) {
  // g < a*h + 1: every pair of groups still joined, no port used twice (the
  // network build checks the peer relation), parallel links where ports remain.
  for (const char* arr : {"absolute", "relative", "circulant", "palmtree"})
    for (std::uint32_t g : {2u, 3u, 4u, 5u, 6u, 8u}) {
      const std::string spec = "dragonfly(p=1,a=4,h=2,g=" + std::to_string(g) + ",arrangement=" + arr + ")";
      SCOPED_TRACE(spec);
      Network net(Registry::builtin().build(spec));
      const auto pairs = global_links(net);
      EXPECT_EQ(pairs.size(), g * (g - 1) / 2);
      int total = 0;
      for (const auto& [groups, n] : pairs) {
        EXPECT_GE(n, 1);
        total += n;
      }
      EXPECT_LE(total, static_cast<int>(g * 4 * 2 / 2));
      EXPECT_GE(total, static_cast<int>(g * ((4 * 2) / (g - 1)) * (g - 1) / 2));  // every full copy used
    }
}

TEST(Dragonfly, ArrangementsLinkTheGroupsAsDefined) {
  // a = 2, h = 1, g = 3: ports k = 0 (R0) and 1 (R1) of each group.
  EXPECT_EQ(links_of("dragonfly(p=1,a=2,h=1,arrangement=absolute)"), "G0.R0-G1.R0 G0.R1-G2.R0 G1.R1-G2.R1");
  EXPECT_EQ(links_of("dragonfly(p=1,a=2,h=1,arrangement=relative)"), "G0.R0-G1.R1 G0.R1-G2.R0 G1.R0-G2.R1");
  // a = 2, h = 2, g = 5, circulant: k = 0 (R0) +1, k = 1 (R0) -1, k = 2 (R1) +2,
  // k = 3 (R1) -2; the far end uses the slot of the opposite sign.
  const std::string c = links_of("dragonfly(p=1,a=2,h=2,arrangement=circulant)");
  for (const char* e : {"G0.R0-G1.R0", "G0.R0-G4.R0", "G0.R1-G2.R1", "G0.R1-G3.R1", "G1.R1-G3.R1"})
    EXPECT_NE(c.find(e), std::string::npos) << e << " in " << c;
  // Relative, g = 5, a = 2, h = 2: port k of group i reaches group i + k + 1.
  const std::string r = links_of("dragonfly(p=1,a=2,h=2,arrangement=relative)");
  for (const char* e : {"G0.R0-G1.R1", "G0.R0-G2.R1", "G0.R1-G3.R0", "G0.R1-G4.R0"})
    EXPECT_NE(r.find(e), std::string::npos) << e << " in " << r;
}

// The palm tree of Camarero, Vallejo and Beivide (ACM TACO 11(4), 2014), at
// g = a*h + 1: global port j of router r in group i reaches router a-1-r of
// group i - (r*h + j) - 1 (mod g), at its global port h-1-j.
TEST(Dragonfly, PalmTreeIsCamareroVallejoBeivides) {
  for (std::uint32_t a : {2u, 3u, 4u})
    for (std::uint32_t h : {1u, 2u, 3u}) {
      const std::string spec =
          "dragonfly(p=1,a=" + std::to_string(a) + ",h=" + std::to_string(h) + ",arrangement=palmtree)";
      SCOPED_TRACE(spec);
      Network net(Registry::builtin().build(spec));
      const Dragonfly& df = df_of(net);
      const std::uint32_t g = a * h + 1;
      for (std::uint32_t i = 0; i < g; ++i)
        for (std::uint32_t r = 0; r < a; ++r)
          for (std::uint32_t j = 0; j < h; ++j) {
            const PortSlot& s = net.port(df.router(i, r), df.global_port(j));
            ASSERT_TRUE(s.connected());
            EXPECT_EQ(s.peer, df.router((i + g - (r * h + j + 1) % g) % g, a - 1 - r));
            EXPECT_EQ(s.peer_port, df.global_port(h - 1 - j));
          }
    }
}

// Palm tree and relative are mirror images: group i -> -i (mod g), routers
// and terminals kept, maps every port of one onto the same port of the other.
TEST(Dragonfly, PalmTreeMirrorsRelative) {
  for (const char* sizes : {"p=1,a=4,h=2", "p=2,a=3,h=2,g=5", "p=1,a=4,h=2,g=6"}) {
    SCOPED_TRACE(sizes);
    Network palm(Registry::builtin().build(std::string("dragonfly(") + sizes + ",arrangement=palmtree)"));
    Network rel(Registry::builtin().build(std::string("dragonfly(") + sizes + ",arrangement=relative)"));
    const Dragonfly& df = df_of(palm);
    const auto mirror = [&](NodeId v) {
      const NodeId r = df.router_of(v);
      const NodeId m = df.router((df.groups() - df.group_of(r)) % df.groups(), r % df.a());
      return v < df.routers() ? m : df.routers() + m * df.p() + df.terminal_port(v);
    };
    ASSERT_EQ(palm.num_nodes(), rel.num_nodes());
    for (NodeId v = 0; v < palm.num_nodes(); ++v)
      for (PortId q = 0; q < palm.num_ports(v); ++q) {
        const PortSlot &a = palm.port(v, q), &b = rel.port(mirror(v), q);
        ASSERT_EQ(a.connected(), b.connected());
        if (a.connected()) {
          EXPECT_EQ(mirror(a.peer), b.peer);
        }
      }
    EXPECT_FALSE(palm.topology().translations().empty());
  }
}

// p = 0: the router graph alone, each router a terminal, the links among
// routers those of the same dragonfly with terminals (ports one lower).
TEST(Dragonfly, NoTerminalsIsTheRouterGraph) {
  for (const char* arr : {"absolute", "palmtree"}) {
    SCOPED_TRACE(arr);
    Network bare(Registry::builtin().build(std::string("dragonfly(p=0,a=4,h=2,g=7,arrangement=") + arr + ")"));
    Network full(Registry::builtin().build(std::string("dragonfly(p=1,a=4,h=2,g=7,arrangement=") + arr + ")"));
    const Dragonfly& df = df_of(bare);
    EXPECT_EQ(bare.num_nodes(), df.routers());
    for (NodeId v = 0; v < bare.num_nodes(); ++v) {
      EXPECT_EQ(bare.kind(v), NodeKind::Router);
      ASSERT_EQ(bare.num_ports(v) + 1, full.num_ports(v));
      for (PortId q = 0; q < bare.num_ports(v); ++q) {
        const PortSlot &a = bare.port(v, q), &b = full.port(v, q + 1);
        ASSERT_EQ(a.connected(), b.connected());
        if (a.connected()) {
          EXPECT_EQ(a.peer, b.peer);
        }
      }
    }
    const FaultModel model(bare, FaultModelSpec{});
    EXPECT_EQ(model.terminals().size(), df.routers());
  }
}

TEST(Dragonfly, PortsAndLabelsAreTheDocumentedOnes) {
  Network net(Registry::builtin().build("dragonfly(p=2,a=4,h=2)"));
  const Dragonfly& df = df_of(net);
  EXPECT_EQ(net.spec(), "dragonfly(p=2, a=4, h=2, g=9, arrangement=absolute)");
  const NodeId r = *net.topology().find_node("G3.R1");
  EXPECT_EQ(r, 3u * 4 + 1);
  EXPECT_EQ(net.label(net.port(r, 0).peer), "G3.R1.T0");
  EXPECT_EQ(net.label(net.port(r, 1).peer), "G3.R1.T1");
  EXPECT_EQ(net.label(net.port(r, 2).peer), "G3.R0");  // local port p + q: router q (q < r)
  EXPECT_EQ(net.label(net.port(r, 3).peer), "G3.R2");  // router q + 1 (q >= r)
  EXPECT_EQ(net.label(net.port(r, 4).peer), "G3.R3");
  // Global ports 5, 6 are k = 2, 3: absolute slots 2, 3 of group 3 reach groups 2 and 4.
  EXPECT_EQ(df.group_of(net.port(r, 5).peer), 2u);
  EXPECT_EQ(df.group_of(net.port(r, 6).peer), 4u);
}

TEST(Dragonfly, RouterDiameterIsThree) {
  for (const char* arr : {"absolute", "relative", "circulant", "palmtree"}) {
    Network net(Registry::builtin().build(std::string("dragonfly(p=1,a=4,h=2,arrangement=") + arr + ")"));
    const Dragonfly& df = df_of(net);
    std::uint32_t diameter = 0;
    for (NodeId s = 0; s < df.routers(); ++s) {
      std::vector<std::uint32_t> dist(df.routers(), UINT32_MAX);
      std::deque<NodeId> q{s};
      dist[s] = 0;
      while (!q.empty()) {
        const NodeId x = q.front();
        q.pop_front();
        for (const PortSlot& slot : net.ports(x))
          if (slot.connected() && slot.peer < df.routers() && dist[slot.peer] == UINT32_MAX) {
            dist[slot.peer] = dist[x] + 1;
            q.push_back(slot.peer);
          }
      }
      for (auto d : dist) diameter = std::max(diameter, d);
    }
    EXPECT_EQ(diameter, 3u) << arr;
  }
}

TEST(Dragonfly, RefusesImpossibleParameters) {
  auto error_of = [](const std::string& spec) -> std::string {
    try {
      Registry::builtin().build(spec);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(error_of("dragonfly(p=1,a=2,h=1,g=4)").find("g <= a*h + 1"), std::string::npos);
  EXPECT_NE(error_of("dragonfly(p=1,a=2,h=1,arrangement=palm)").find("must be one of"), std::string::npos);
  EXPECT_NE(error_of("dragonfly(p=-1,a=2,h=1)").find("'p' must be in"), std::string::npos);
  EXPECT_NE(error_of("dragonfly(p=64,a=4096,h=64)").find("too large"), std::string::npos);
}

// Every branch of a routing from s to d, as the list of nodes and VCs visited.
struct Branch {
  std::vector<NodeId> nodes;
  std::vector<std::uint32_t> vcs;
};

struct Walker {
  explicit Walker(const std::string& topo, const std::string& routing)
      : net(Registry::builtin().build(topo)),
        model(net, FaultModelSpec{}),
        r(RoutingRegistry::builtin().build(routing, net)),
        view(model, r->knowledge()),
        none(model.universe().size()) {
    view.reset(none, 0);
  }
  std::vector<Branch> branches(NodeId s, NodeId d) {
    std::vector<Branch> out;
    view.at(s);
    walk(s, r->start(s, d, view), d, Branch{{s}, {}}, out);
    return out;
  }
  void walk(NodeId here, const PacketState& st, NodeId d, Branch b, std::vector<Branch>& out) {
    if (here == d) {
      out.push_back(b);
      return;
    }
    ASSERT_LT(b.nodes.size(), 12u) << "route too long";
    Hops hops;
    view.at(here);
    r->next(here, st, d, view, hops);
    ASSERT_FALSE(hops.empty()) << net.label(here) << " -> " << net.label(d) << ": no hop";
    for (const Hop& h : hops) {
      Branch c = b;
      c.nodes.push_back(net.port(here, h.port).peer);
      c.vcs.push_back(h.vc);
      walk(c.nodes.back(), h.state, d, c, out);
    }
  }
  Network net;
  FaultModel model;
  std::unique_ptr<Routing> r;
  RecordingFaultView view;
  FaultSet none;
};

// Global hops of a branch, and whether its VCs follow the scheme.
int globals(const Dragonfly& df, const Branch& b) {
  int n = 0;
  for (std::size_t i = 1; i + 1 < b.nodes.size(); ++i)
    if (b.nodes[i] < df.routers() && b.nodes[i + 1] < df.routers() &&
        df.group_of(b.nodes[i]) != df.group_of(b.nodes[i + 1]))
      ++n;
  return n;
}
void expect_vc_scheme(const Dragonfly& df, const Branch& b, std::uint32_t vcs) {
  std::uint32_t taken = 0;
  for (std::size_t i = 0; i + 1 < b.nodes.size(); ++i) {
    EXPECT_EQ(b.vcs[i], std::min(taken, vcs - 1)) << "hop " << i;
    const NodeId x = b.nodes[i], y = b.nodes[i + 1];
    if (x < df.routers() && y < df.routers() && df.group_of(x) != df.group_of(y)) ++taken;
  }
}

TEST(DragonflyRouting, MinimalIsLocalGlobalLocal) {
  for (const char* arr : {"absolute", "relative", "circulant", "palmtree"}) {
    Walker w(std::string("dragonfly(p=2,a=4,h=2,arrangement=") + arr + ")", "dragonfly-min");
    const Dragonfly& df = df_of(w.net);
    for (NodeId s = df.routers(); s < w.net.num_nodes(); ++s)
      for (NodeId d = df.routers(); d < w.net.num_nodes(); ++d) {
        if (s == d) continue;
        const auto bs = w.branches(s, d);
        ASSERT_EQ(bs.size(), 1u);  // deterministic
        const Branch& b = bs[0];
        const bool same_group = df.group_of(df.router_of(s)) == df.group_of(df.router_of(d));
        EXPECT_EQ(globals(df, b), same_group ? 0 : 1);
        EXPECT_LE(b.nodes.size() - 1, 5u);  // terminal, <= 3 router hops, terminal
        expect_vc_scheme(df, b, 2);
      }
  }
}

TEST(DragonflyRouting, ValiantVisitsEveryIntermediateGroup) {
  Walker w("dragonfly(p=1,a=2,h=2,arrangement=relative)", "dragonfly-valiant");
  const Dragonfly& df = df_of(w.net);
  for (NodeId s = df.routers(); s < w.net.num_nodes(); ++s)
    for (NodeId d = df.routers(); d < w.net.num_nodes(); ++d) {
      if (s == d) continue;
      const std::uint32_t gs = df.group_of(df.router_of(s)), gd = df.group_of(df.router_of(d));
      const auto bs = w.branches(s, d);
      std::set<std::uint32_t> via;
      for (const Branch& b : bs) {
        EXPECT_EQ(globals(df, b), 2);
        expect_vc_scheme(df, b, 3);
        for (NodeId v : b.nodes)
          if (v < df.routers() && df.group_of(v) != gs && df.group_of(v) != gd) via.insert(df.group_of(v));
      }
      EXPECT_EQ(via.size(), df.groups() - (gs == gd ? 1u : 2u));  // one branch per intermediate group
      EXPECT_EQ(bs.size(), via.size());
    }
}

TEST(DragonflyRouting, UgalOffersMinimalAndEveryValiantRoute) {
  Walker u("dragonfly(p=1,a=2,h=2)", "dragonfly-ugal");
  Walker m("dragonfly(p=1,a=2,h=2)", "dragonfly-min(vcs=3)");
  Walker v("dragonfly(p=1,a=2,h=2)", "dragonfly-valiant");
  const Dragonfly& df = df_of(u.net);
  auto key = [](const std::vector<Branch>& bs) {
    std::set<std::pair<std::vector<NodeId>, std::vector<std::uint32_t>>> k;
    for (const Branch& b : bs) k.insert({b.nodes, b.vcs});
    return k;
  };
  for (NodeId s = df.routers(); s < u.net.num_nodes(); ++s)
    for (NodeId d = df.routers(); d < u.net.num_nodes(); ++d) {
      if (s == d) continue;
      auto expected = key(v.branches(s, d));
      for (const auto& b : key(m.branches(s, d))) expected.insert(b);
      EXPECT_EQ(key(u.branches(s, d)), expected) << u.net.label(s) << " -> " << u.net.label(d);
    }
}

TEST(DragonflyRouting, TerminalsOfOneRouterStayThere) {
  Walker w("dragonfly(p=2,a=2,h=1)", "dragonfly-valiant");
  const NodeId s = *w.net.topology().find_node("G1.R0.T0"), d = *w.net.topology().find_node("G1.R0.T1");
  const auto bs = w.branches(s, d);
  ASSERT_EQ(bs.size(), 1u);
  EXPECT_EQ(bs[0].nodes.size(), 3u);
}

TEST(DragonflyRouting, RefusesOtherNetworks) {
  Network net(Registry::builtin().build("torus(4,4)"));
  try {
    RoutingRegistry::builtin().build("dragonfly-min", net);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("defined on dragonfly networks only"), std::string::npos);
  }
}

}  // namespace
}  // namespace menger
