// Routings on tori and meshes (paper 003, Gomez, Lopez and Duato): dimension
// order routing `dor` and the fault-tolerant methodology `ft-torus` (003
// section 2), plus the translations of the torus family and the hypercube.
//
// Where the expected values come from:
//   * DOR paths are written down by hand from the labels (dimension 0 first,
//     shortest way round each ring, + on a half-way tie);
//   * fault-free lengths are compared with a breadth-first search written here;
//   * 003 has no worked example with faults (its figures show the header
//     format, Figure 2.1, and FIR register settings).  The ft-torus examples
//     below are small cases worked by hand from the rules of section 2: first
//     all minimal paths S->D, then an intermediate node I inside the minimal
//     cube, then adaptivity switched off, then I outside the cube, then
//     misrouting (the order is our reading, see routing_torus_ft.cpp);
//   * brute force: every node-fault set of size 1 and 2 on small tori, every
//     healthy pair that the faults leave connected must be delivered (implied
//     by 003 section 5, "This methodology is 7-fault tolerant").
#include <gtest/gtest.h>

#include <iostream>

#include <algorithm>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/product_graph.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

constexpr std::uint32_t kFar = UINT32_MAX;

struct Bench {
  explicit Bench(const std::string& topo, const std::string& routing_spec)
      : net(Registry::builtin().build(topo)),
        model(net, FaultModelSpec{}),
        routing(RoutingRegistry::builtin().build(routing_spec, net)),
        runner(*routing, model, RunLimits{}) {}
  NodeId node(const std::string& label) const {
    auto v = net.topology().find_node(label);
    EXPECT_TRUE(v.has_value()) << label;
    return v.value_or(0);
  }
  FaultSet faults(const std::vector<std::string>& labels) const {
    FaultSet f(model.universe().size());
    for (const auto& l : labels) f.insert(*model.unit_of_node(node(l)));
    return f;
  }
  RunResult run(const std::string& s, const std::string& d, const std::vector<std::string>& faulty = {}) {
    return runner.run(faults(faulty), node(s), node(d), std::nullopt);
  }
  std::vector<std::string> path(const RunResult& r) const {
    std::vector<std::string> out;
    for (const TraceStep& t : r.trace) out.push_back(net.label(t.node));
    return out;
  }
  Network net;
  FaultModel model;
  std::unique_ptr<Routing> routing;
  RouteRunner runner;
};

// Hop distances from s avoiding the nodes marked faulty (our own BFS).
std::vector<std::uint32_t> bfs(const Network& net, NodeId s, const std::vector<bool>& faulty) {
  std::vector<std::uint32_t> dist(net.num_nodes(), kFar);
  std::deque<NodeId> queue{s};
  dist[s] = 0;
  while (!queue.empty()) {
    NodeId x = queue.front();
    queue.pop_front();
    for (const PortSlot& p : net.ports(x)) {
      if (!p.connected() || faulty[p.peer] || dist[p.peer] != kFar) continue;
      dist[p.peer] = dist[x] + 1;
      queue.push_back(p.peer);
    }
  }
  return dist;
}

using Path = std::vector<std::string>;

// ---------------------------------------------------------------------------
// Translations.

TEST(RoutingTorusTranslations, GeneratorsArePortPreservingAutomorphisms) {
  for (const char* spec : {"torus(4,3)", "torus(3,2,5)", "torus(5)", "hypercube(3)", "hypercube(1)"}) {
    SCOPED_TRACE(spec);
    auto topo = Registry::builtin().build(spec);
    const auto gens = topo->translations();
    const auto* pg = dynamic_cast<const ProductGraph*>(topo.get());
    ASSERT_NE(pg, nullptr);
    EXPECT_EQ(gens.size(), pg->factors().size());
    const auto n = static_cast<NodeId>(topo->node_count());
    for (const auto& t : gens) {
      ASSERT_EQ(t.size(), n);
      std::vector<bool> hit(n, false);
      for (NodeId v = 0; v < n; ++v) {
        ASSERT_LT(t[v], n);
        EXPECT_FALSE(hit[t[v]]) << "not a permutation";
        hit[t[v]] = true;
        EXPECT_NE(t[v], v) << "a translation generator moves every node";
        for (PortId p = 0; p < topo->port_count(v); ++p) {
          auto a = topo->peer(v, p);
          auto b = topo->peer(t[v], p);
          ASSERT_EQ(a.has_value(), b.has_value());
          if (a) {
            EXPECT_EQ(*b, (PortPeer{t[a->node], a->port})) << topo->label(v) << " port " << p;
          }
        }
      }
    }
  }
}

TEST(RoutingTorusTranslations, MeshHasNone) {
  EXPECT_TRUE(Registry::builtin().build("mesh(3,3)")->translations().empty());
}

TEST(RoutingTorusTranslations, TorusShiftIsPlusOneInOneDimension) {
  auto topo = Registry::builtin().build("torus(4,3)");
  const auto gens = topo->translations();
  ASSERT_EQ(gens.size(), 2u);
  EXPECT_EQ(topo->label(gens[0][*topo->find_node("(3,2)")]), "(0,2)");
  EXPECT_EQ(topo->label(gens[1][*topo->find_node("(3,2)")]), "(3,0)");
}

// ---------------------------------------------------------------------------
// Dimension-order routing.

TEST(RoutingTorusDor, PathsByLabelOnATorus) {
  Bench b("torus(4,4)", "dor");
  // X offset 2 is a half-way tie in a 4-ring: + is taken; Y offset 3 is -1.
  auto r = b.run("(0,0)", "(2,3)");
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.path(r), (Path{"(0,0)", "(1,0)", "(2,0)", "(2,3)"}));
  r = b.run("(3,1)", "(0,2)");  // X wraps 3 -> 0
  EXPECT_EQ(b.path(r), (Path{"(3,1)", "(0,1)", "(0,2)"}));

  Bench yx("torus(4,4)", "dor(order=[1,0])");
  r = yx.run("(0,0)", "(2,3)");
  EXPECT_EQ(yx.path(r), (Path{"(0,0)", "(0,3)", "(1,3)", "(2,3)"}));
}

TEST(RoutingTorusDor, PathsByLabelOnAMeshAndAHypercube) {
  Bench b("mesh(4,4)", "dor");
  auto r = b.run("(3,0)", "(1,2)");
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.path(r), (Path{"(3,0)", "(2,0)", "(1,0)", "(1,1)", "(1,2)"}));
  Bench h("hypercube(3)", "dor");
  r = h.run("000", "101");
  EXPECT_EQ(h.path(r), (Path{"000", "001", "101"}));
}

// 003 section 2: X+ Y+ Z+ X- Y- Z-: every + hop before any - hop.
TEST(RoutingTorusDirectionOrder, PositiveDirectionsFirstByLabel) {
  Bench b("mesh(4,4)", "direction-order");
  auto r = b.run("(3,0)", "(1,2)");  // Y+ twice, then X- twice (dor would go X first)
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.path(r), (Path{"(3,0)", "(3,1)", "(3,2)", "(2,2)", "(1,2)"}));
  r = b.run("(0,3)", "(2,1)");  // X+ first, then Y-
  EXPECT_EQ(b.path(r), (Path{"(0,3)", "(1,3)", "(2,3)", "(2,2)", "(2,1)"}));
  Bench t("torus(4,4)", "direction-order");
  r = t.run("(0,0)", "(3,1)");  // X offset -1 (wraps), Y offset +1: Y+ first
  EXPECT_EQ(t.path(r), (Path{"(0,0)", "(0,1)", "(3,1)"}));
}

TEST(RoutingTorusDor, FaultFreeEveryPairAtGraphDistance) {
  for (const char* topo : {"torus(4,4)", "torus(5,3)", "torus(3,4,2)", "mesh(3,4)", "mesh(2,3,2)", "hypercube(4)"}) {
    for (const char* rs : {"dor", "direction-order", "ft-torus"}) {
      if (std::string(rs) == "ft-torus" && std::string(topo) != "torus(4,4)" && std::string(topo) != "torus(5,3)" &&
          std::string(topo) != "mesh(3,4)")
        continue;
      SCOPED_TRACE(std::string(topo) + " " + rs);
      Bench b(topo, rs);
      const std::vector<bool> none(b.net.num_nodes(), false);
      FaultSet f(b.model.universe().size());
      for (NodeId s = 0; s < b.net.num_nodes(); ++s) {
        const auto dist = bfs(b.net, s, none);
        for (NodeId d = 0; d < b.net.num_nodes(); ++d) {
          if (s == d) continue;
          auto r = b.runner.run(f, s, d, std::nullopt, false);
          ASSERT_TRUE(r.delivered()) << b.net.label(s) << "->" << b.net.label(d) << ": " << r.detail;
          EXPECT_EQ(r.hops, dist[d]) << b.net.label(s) << "->" << b.net.label(d);
        }
      }
    }
  }
}

TEST(RoutingTorusDor, ReadsNoFaultsAndIsBlocked) {
  Bench b("torus(4,4)", "dor");
  auto r = b.run("(0,0)", "(2,0)", {"(1,0)"});
  EXPECT_EQ(r.outcome, RunOutcome::Blocked);
  b.run("(0,0)", "(2,1)", {"(3,3)"});
  EXPECT_TRUE(b.runner.reads().size() == 3u);  // only the hops taken: (1,0), (2,0), (2,1)
}

TEST(RoutingTorusDor, SpecsAndInvariance) {
  Bench t("torus(4,4)", "dor");
  EXPECT_TRUE(t.routing->translation_invariant());
  EXPECT_EQ(t.routing->spec(), "dor");
  Bench m("mesh(4,4)", "dor(order=[1,0])");
  EXPECT_FALSE(m.routing->translation_invariant());
  EXPECT_EQ(m.routing->spec(), "dor(order=[1,0])");
}

TEST(RoutingTorusDor, BuilderRejectsOtherNetworks) {
  Network tree(Registry::builtin().build("kary_ntree(2,2)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("dor", tree), InputError);
  Network t(Registry::builtin().build("torus(4,4)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("dor(order=[0,0])", t), InputError);
  EXPECT_THROW(RoutingRegistry::builtin().build("dor(order=[0])", t), InputError);
  EXPECT_THROW(RoutingRegistry::builtin().build("ft-torus", tree), InputError);
  Network h(Registry::builtin().build("hypercube(3)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("ft-torus", h), InputError);
}

// ---------------------------------------------------------------------------
// The fault-tolerant methodology (003 section 2): examples worked by hand.

TEST(RoutingTorusFt, FaultFreeIsMinimalAdaptive) {
  Bench b("torus(4,4)", "ft-torus");
  EXPECT_TRUE(b.routing->translation_invariant());
  EXPECT_EQ(b.routing->knowledge(), FaultKnowledge::Global);
  EXPECT_EQ(b.routing->vcs(), 3u);
  FaultSet none(b.model.universe().size());
  RecordingFaultView view(b.model, FaultKnowledge::Global);
  view.reset(none, 0);
  const PacketState st = b.routing->start(b.node("(0,0)"), b.node("(1,1)"), view);
  EXPECT_EQ(b.routing->describe_state(st), "A=1");
  // Both productive directions (X+ and Y+) on the adaptive channel, plus the
  // escape channel E1 of the direction-order subfunction (X+ first).
  Hops hops;
  b.routing->next(b.node("(0,0)"), st, b.node("(1,1)"), view, hops);
  const auto* pg = dynamic_cast<const ProductGraph*>(&b.net.topology());
  ASSERT_EQ(hops.size(), 3u);
  EXPECT_EQ(hops[0].port, pg->port_of(0, 1));
  EXPECT_EQ(hops[0].vc, 0u);
  EXPECT_EQ(hops[1].port, pg->port_of(1, 1));
  EXPECT_EQ(hops[1].vc, 0u);
  EXPECT_EQ(hops[2].port, pg->port_of(0, 1));
  EXPECT_EQ(hops[2].vc, 2u);
}

// One fault inside the minimal cube of (0,0) -> (2,1): the intermediate node is
// taken inside the cube (section 2), nearest the source first.
TEST(RoutingTorusFt, IntermediateNodeInsideTheMinimalCube) {
  Bench b("torus(4,4)", "ft-torus");
  auto r = b.run("(0,0)", "(2,1)", {"(1,0)"});
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.path(r), (Path{"(0,0)", "(0,1)", "(1,1)", "(2,1)"}));
  EXPECT_EQ(r.hops, 3u);
  EXPECT_EQ(b.routing->describe_state(r.trace.front().state), "I=(0,1) A=1 | A=1");
  EXPECT_EQ(b.routing->describe_state(r.trace.back().state), "A=1");  // second subheader at I
}

// (0,0) -> (2,0) in a 5x5 torus with (1,0) faulty: the cube is the straight line
// through the fault, so I lies outside it; the shortest detour is the other way
// round the X ring, I = (4,0), two adaptive minimal subpaths.
TEST(RoutingTorusFt, IntermediateNodeOutsideTheCube) {
  Bench b("torus(5,5)", "ft-torus");
  auto r = b.run("(0,0)", "(2,0)", {"(1,0)"});
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.path(r), (Path{"(0,0)", "(4,0)", "(3,0)", "(2,0)"}));
  EXPECT_EQ(b.routing->describe_state(r.trace.front().state), "I=(4,0) A=1 | A=1");
}

// (0,0,0) -> (1,1,1) with (0,1,0) and (1,0,1) faulty: every intermediate node of
// the 2x2x2 cube sees a fault in one of its subcubes, but the deterministic
// X+Y+Z+X-Y-Z- path (1,0,0), (1,1,0), (1,1,1) is clean: adaptivity is switched off.
TEST(RoutingTorusFt, AdaptivitySwitchedOff) {
  Bench b("torus(3,3,3)", "ft-torus");
  auto r = b.run("(0,0,0)", "(1,1,1)", {"(0,1,0)", "(1,0,1)"});
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.path(r), (Path{"(0,0,0)", "(1,0,0)", "(1,1,0)", "(1,1,1)"}));
  EXPECT_EQ(b.routing->describe_state(r.trace.front().state), "A=0");
  for (const TraceStep& t : r.trace)
    if (t.moved) {
      EXPECT_EQ(t.vc, 2u);  // escape channel E1 only
    }
}

// The deterministic subfunction is direction order X+ Y+ Z+ X- Y- Z- (sections
// 2 and 4), not plain dimension order: (1,0,0) -> (0,1,1) goes Y+ Z+ before X-.
// Same faults as above: they defeat every intermediate node of the cube, and
// plain dimension order (X- first, to (0,0,0) then (0,1,0)) would be blocked.
TEST(RoutingTorusFt, DirectionOrderSubfunction) {
  Bench b("torus(3,3,3)", "ft-torus");
  auto r = b.run("(1,0,0)", "(0,1,1)", {"(0,1,0)", "(1,0,1)"});
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.path(r), (Path{"(1,0,0)", "(1,1,0)", "(1,1,1)", "(0,1,1)"}));
  EXPECT_EQ(b.routing->describe_state(r.trace.front().state), "A=0");
}

// Two faults next to the source of a 4x4 torus: (1,0) and (0,1).  The half-way
// tie rule sends every minimal route of offset 2 the + way, into the faults,
// so no intermediate node works (checked by hand for the S->I->D length 4
// candidates); misrouting X- is the first mechanism left.  To (1,1): X- twice,
// then deterministic (Y+ before X-, direction order); to (2,2): X- once, then
// the minimal cube from (3,0) is clean, so adaptivity stays on.
TEST(RoutingTorusFt, MisroutingWhenNoIntermediateNodeWorks) {
  Bench b("torus(4,4)", "ft-torus");
  auto r = b.run("(0,0)", "(1,1)", {"(1,0)", "(0,1)"});
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.routing->describe_state(r.trace.front().state), "A=0 mis=X-2");
  EXPECT_EQ(b.path(r), (Path{"(0,0)", "(3,0)", "(2,0)", "(2,1)", "(1,1)"}));
  EXPECT_EQ(b.routing->describe_state(r.trace[1].state), "A=0 mis=X-1");  // hops left, decremented
  r = b.run("(0,0)", "(2,2)", {"(1,0)", "(0,1)"});
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.routing->describe_state(r.trace.front().state), "A=1 mis=X-1");
  EXPECT_EQ(r.hops, 4u);
}

// translation_invariant() is a promise the engines rely on: routing a
// translated pair under translated faults takes the translated path.
TEST(RoutingTorusFt, CommutesWithTranslations) {
  for (const auto& [topo, rs] : {std::pair{"torus(4,4)", "ft-torus"}, {"torus(3,3,3)", "ft-torus"},
                                 {"torus(4,4)", "ft-torus(combine=yes)"}, {"torus(3,3,3)", "ft-torus(combine=yes)"}}) {
    SCOPED_TRACE(std::string(topo) + " " + rs);
    Bench b(topo, rs);
    const auto gens = b.net.topology().translations();
    const NodeId n = b.net.num_nodes();
    std::uint64_t seed = 12345;
    auto rnd = [&](NodeId m) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      return static_cast<NodeId>((seed >> 33) % m);
    };
    for (int trial = 0; trial < 300; ++trial) {
      // Four faults on the 4x4 torus reach stages (f) and (g) of combine=yes.
      std::vector<NodeId> fs{rnd(n), rnd(n), rnd(n), rnd(n)};
      const NodeId s = rnd(n), d = rnd(n);
      if (s == d || std::count(fs.begin(), fs.end(), s) || std::count(fs.begin(), fs.end(), d)) continue;
      const auto& t = gens[trial % gens.size()];
      FaultSet f(b.model.universe().size()), tf(b.model.universe().size());
      for (NodeId v : fs) {
        f.insert(*b.model.unit_of_node(v));
        tf.insert(*b.model.unit_of_node(t[v]));
      }
      auto r = b.runner.run(f, s, d, std::nullopt);
      std::vector<NodeId> moved;
      for (const TraceStep& step : r.trace) moved.push_back(t[step.node]);
      auto tr = b.runner.run(tf, t[s], t[d], std::nullopt);
      ASSERT_EQ(r.outcome, tr.outcome);
      std::vector<NodeId> got;
      for (const TraceStep& step : tr.trace) got.push_back(step.node);
      EXPECT_EQ(moved, got) << b.net.label(s) << "->" << b.net.label(d);
    }
  }
}

// combine=yes (misrouting with an intermediate node, Figure 2.1's two
// subheaders).  {(1,0), (3,0), (0,1), (2,3)} leave (0,0) only its Y- neighbour
// (0,3), and (2,0) only (2,1); the plain reading finds no descriptor (route-check
// names this least set on torus(4,4)).  Stage (f): misrouting Y-1 to (0,3)
// fails for every I (checked by hand for the nearest: (1,2) -> (2,0) ties the
// Y offset 2 the + way, into (2,3)); Y-2 to (0,2) then I = (1,1) by direction
// order X+ Y- ((1,2), (1,1)) and on to (2,0) by X+ Y- ((2,1), (2,0)): no fault.
TEST(RoutingTorusFt, MisroutingThenIntermediateNode) {
  const std::vector<std::string> faults{"(1,0)", "(3,0)", "(0,1)", "(2,3)"};
  Bench plain("torus(4,4)", "ft-torus");
  EXPECT_EQ(plain.run("(0,0)", "(2,0)", faults).outcome, RunOutcome::NoRoute);
  Bench b("torus(4,4)", "ft-torus(combine=yes)");
  auto r = b.run("(0,0)", "(2,0)", faults);
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(b.routing->describe_state(r.trace.front().state), "I=(1,1) A=0 mis=Y-2 | A=0");
  EXPECT_EQ(b.path(r), (Path{"(0,0)", "(0,3)", "(0,2)", "(1,2)", "(1,1)", "(2,1)", "(2,0)"}));
}

// combine=yes only adds stages after (e): every pair the plain reading
// delivers takes the same path, and some pairs only combine=yes delivers.
TEST(RoutingTorusFt, CombineOnlyAddsDescriptorsAfterTheOthers) {
  for (const auto& [topo, count] : {std::pair{"torus(4,4)", 5}, {"torus(3,3,3)", 7}}) {
    SCOPED_TRACE(topo);
    Bench plain(topo, "ft-torus"), comb(topo, "ft-torus(combine=yes)");
    const NodeId n = plain.net.num_nodes();
    std::uint64_t seed = 99;
    auto rnd = [&](NodeId m) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      return static_cast<NodeId>((seed >> 33) % m);
    };
    std::size_t rescued = 0, via_second = 0;
    for (int trial = 0; trial < 400; ++trial) {
      FaultSet f(plain.model.universe().size());
      for (int k = 0; k < count; ++k) f.insert(*plain.model.unit_of_node(rnd(n)));
      for (NodeId s = 0; s < n; ++s)
        for (NodeId d = 0; d < n; ++d) {
          if (s == d || f.contains(*plain.model.unit_of_node(s)) || f.contains(*plain.model.unit_of_node(d))) continue;
          auto a = plain.runner.run(f, s, d, std::nullopt), c = comb.runner.run(f, s, d, std::nullopt);
          if (a.delivered()) {
            ASSERT_TRUE(c.delivered());
            EXPECT_EQ(plain.path(a), comb.path(c));
          } else if (c.delivered()) {
            ++rescued;
            const std::string st = comb.routing->describe_state(c.trace.front().state);
            if (st.find("mis=") > st.find(" | ")) ++via_second;
          }
        }
    }
    EXPECT_GT(rescued, 0u) << "no pair needed stage (f) or (g)";
    std::cout << topo << ": " << rescued << " pairs only combine=yes delivers, " << via_second << " by stage (g)\n";
  }
}

// A pair the faults disconnect: the source finds no descriptor and drops the packet.
TEST(RoutingTorusFt, DisconnectedPairIsDropped) {
  Bench b("mesh(3,3)", "ft-torus");
  auto r = b.run("(0,0)", "(2,2)", {"(1,0)", "(0,1)"});
  EXPECT_EQ(r.outcome, RunOutcome::NoRoute);
}

// ---------------------------------------------------------------------------
// Brute force: every node-fault set of size <= 2 (003 section 5 claims 7).

struct BruteResult {
  std::size_t runs = 0, failures = 0;
  std::uint32_t max_stretch = 0;
  std::string first_failure;
};

void all_sets(std::size_t n, std::size_t k, std::size_t from, std::vector<NodeId>& cur,
              const std::function<void(const std::vector<NodeId>&)>& f) {
  if (cur.size() == k) return f(cur);
  for (std::size_t v = from; v < n; ++v) {
    cur.push_back(static_cast<NodeId>(v));
    all_sets(n, k, v + 1, cur, f);
    cur.pop_back();
  }
}

// With `one_source` only source 0 is examined (the routing is translation
// invariant on a torus, so every pair is a translate of a pair from 0).
BruteResult brute_force(const std::string& topo, std::size_t max_faults, bool one_source,
                        const std::string& routing = "ft-torus", std::size_t min_faults = 0) {
  Bench b(topo, routing);
  BruteResult out;
  const NodeId n = b.net.num_nodes();
  for (std::size_t k = min_faults; k <= max_faults; ++k) {
    std::vector<NodeId> cur;
    all_sets(n, k, 0, cur, [&](const std::vector<NodeId>& fs) {
      std::vector<bool> faulty(n, false);
      FaultSet f(b.model.universe().size());
      for (NodeId v : fs) {
        faulty[v] = true;
        f.insert(*b.model.unit_of_node(v));
      }
      for (NodeId s = 0; s < (one_source ? 1 : n); ++s) {
        if (faulty[s]) continue;
        const auto dist = bfs(b.net, s, faulty);
        for (NodeId d = 0; d < n; ++d) {
          if (d == s || faulty[d] || dist[d] == kFar) continue;
          auto r = b.runner.run(f, s, d, std::nullopt, false);
          ++out.runs;
          if (!r.delivered()) {
            if (out.failures++ == 0)
              out.first_failure = f.to_string(b.model.universe()) + " " + b.net.label(s) + "->" +
                                  b.net.label(d) + ": " + r.detail;
            continue;
          }
          out.max_stretch = std::max(out.max_stretch, r.hops - dist[d]);
        }
      }
    });
  }
  return out;
}

TEST(RoutingTorusBrute, Torus4x4UpToTwoNodeFaults) {
  auto r = brute_force("torus(4,4)", 2, false);
  EXPECT_EQ(r.failures, 0u) << r.first_failure;
  RecordProperty("max_stretch", static_cast<int>(r.max_stretch));
}

TEST(RoutingTorusBrute, Torus5x5UpToTwoNodeFaults) {
  auto r = brute_force("torus(5,5)", 2, true);
  EXPECT_EQ(r.failures, 0u) << r.first_failure;
}

TEST(RoutingTorusBrute, Torus4x4x4UpToTwoNodeFaults) {
  auto r = brute_force("torus(4,4,4)", 2, true);
  EXPECT_EQ(r.failures, 0u) << r.first_failure;
}

// combine=yes against the lazy engine (proofs/003/ft-methodology-7-faults-combined.toml):
// route-check says the 4x4 torus tolerates any 4 node faults and that
// {(1,0), (3,0), (0,1), (1,2), (2,3)} defeats (0,0) -> (1,1).  Every set of
// <= 4, every pair from (0,0) (translations), by brute force; then that set.
TEST(RoutingTorusBrute, CombinedTorus4x4AgreesWithTheLazyEngine) {
  auto r = brute_force("torus(4,4)", 4, true, "ft-torus(combine=yes)");
  EXPECT_EQ(r.failures, 0u) << r.first_failure;
  Bench b("torus(4,4)", "ft-torus(combine=yes)");
  auto run = b.run("(0,0)", "(1,1)", {"(1,0)", "(3,0)", "(0,1)", "(1,2)", "(2,3)"});
  EXPECT_FALSE(run.delivered());
  auto five = brute_force("torus(4,4)", 5, true, "ft-torus(combine=yes)", 5);
  EXPECT_GT(five.failures, 0u);
}

}  // namespace
}  // namespace menger
