// Classic deadlock-free routings: the turn model on 2D meshes (Glass & Ni,
// "The turn model for adaptive routing", ISCA 1992 / JACM 1994: west-first,
// north-last, negative-first, and minimal-adaptive with every turn), and the
// dateline routings on tori (Dally & Seitz, IEEE TC 1987: dor-dateline; Duato,
// IEEE TPDS 1993: duato-torus).
//
// Where the expected values come from:
//   * hop sets at given nodes are worked by hand from the rules (X = dimension
//     0, west = X-, south = Y-; + on a half-way tie in a ring);
//   * VC patterns along wrapping paths are worked by hand from the dateline
//     rule of routing_torus_dateline.cpp (VC 0 while the wraparound is still
//     ahead after the hop, else VC 1);
//   * delivery and minimality: RouteRunner over every pair, compared with the
//     lattice distance (the runner reports the longest adaptive branch);
//   * deadlock freedom: a channel dependency graph built here from the routing
//     answers (Dally & Seitz's definition; for duato-torus the escape channels
//     with Duato's indirect dependencies through adaptive hops), independent of
//     the engine in verify/.  The cyclic cases (dor on a torus, minimal-adaptive
//     on a mesh) show that the check can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "models/routing_torus.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"
#include "tests/routing_rig.h"

namespace menger {
namespace {

using namespace routing_rig;

// Every pair is delivered fault-free, and every adaptive branch is minimal.
void expect_all_pairs_minimal(const std::string& topo, const std::string& routing) {
  SCOPED_TRACE(topo + " " + routing);
  Rig r(topo, routing);
  RouteRunner runner(*r.routing, r.model, RunLimits{});
  for (NodeId s = 0; s < r.net.num_nodes(); ++s)
    for (NodeId d = 0; d < r.net.num_nodes(); ++d) {
      if (s == d) continue;
      RunResult res = runner.run(r.none, s, d, std::nullopt, false);
      ASSERT_TRUE(res.delivered()) << r.net.label(s) << " -> " << r.net.label(d) << ": " << res.detail;
      EXPECT_EQ(res.hops, r.lattice.distance(s, d)) << r.net.label(s) << " -> " << r.net.label(d);
    }
}


// ---------------------------------------------------------------------------
// Turn model on 2D meshes.

const char* const kTurnRoutings[] = {"west-first", "north-last", "negative-first", "minimal-adaptive"};

TEST(RoutingTurnModel, WestFirstHopsByHand) {
  Rig r("mesh(4,4)", "west-first");
  EXPECT_EQ(r.offered("(2,1)", "(0,3)"), (Strings{"X-/0"}));  // west pending: west only
  EXPECT_EQ(r.offered("(0,1)", "(3,3)"), (Strings{"X+/0", "Y+/0"}));
  EXPECT_EQ(r.offered("(1,2)", "(3,0)"), (Strings{"X+/0", "Y-/0"}));
  EXPECT_EQ(r.offered("(3,3)", "(0,0)"), (Strings{"X-/0"}));
  EXPECT_EQ(r.offered("(2,2)", "(2,0)"), (Strings{"Y-/0"}));
}

TEST(RoutingTurnModel, NorthLastHopsByHand) {
  Rig r("mesh(4,4)", "north-last");
  EXPECT_EQ(r.offered("(1,1)", "(3,3)"), (Strings{"X+/0"}));  // north waits for X
  EXPECT_EQ(r.offered("(2,1)", "(0,3)"), (Strings{"X-/0"}));
  EXPECT_EQ(r.offered("(3,1)", "(3,3)"), (Strings{"Y+/0"}));  // north is all that is left
  EXPECT_EQ(r.offered("(1,3)", "(3,0)"), (Strings{"X+/0", "Y-/0"}));
  EXPECT_EQ(r.offered("(3,3)", "(0,0)"), (Strings{"X-/0", "Y-/0"}));
}

TEST(RoutingTurnModel, NegativeFirstHopsByHand) {
  Rig r("mesh(4,4)", "negative-first");
  EXPECT_EQ(r.offered("(2,1)", "(0,3)"), (Strings{"X-/0"}));  // W before N
  EXPECT_EQ(r.offered("(1,2)", "(3,0)"), (Strings{"Y-/0"}));  // S before E
  EXPECT_EQ(r.offered("(2,2)", "(0,0)"), (Strings{"X-/0", "Y-/0"}));
  EXPECT_EQ(r.offered("(1,1)", "(3,3)"), (Strings{"X+/0", "Y+/0"}));
  EXPECT_EQ(r.offered("(1,1)", "(3,1)"), (Strings{"X+/0"}));
}

TEST(RoutingTurnModel, MinimalAdaptiveHopsByHand) {
  Rig r("mesh(4,4)", "minimal-adaptive");
  EXPECT_EQ(r.offered("(2,1)", "(0,3)"), (Strings{"X-/0", "Y+/0"}));
  EXPECT_EQ(r.offered("(1,2)", "(3,0)"), (Strings{"X+/0", "Y-/0"}));
  EXPECT_EQ(r.offered("(1,1)", "(3,3)"), (Strings{"X+/0", "Y+/0"}));
  EXPECT_EQ(r.offered("(2,2)", "(2,0)"), (Strings{"Y-/0"}));
}

TEST(RoutingTurnModel, SpecsAndChannels) {
  for (const char* name : kTurnRoutings) {
    Rig r("mesh(4,4)", name);
    EXPECT_EQ(r.routing->spec(), name);
    EXPECT_EQ(r.routing->vcs(), 1u);
    EXPECT_EQ(r.routing->knowledge(), FaultKnowledge::Local);
    EXPECT_FALSE(r.routing->translation_invariant());
  }
}

TEST(RoutingTurnModel, EveryPairDeliveredOnMinimalPaths) {
  for (const char* name : kTurnRoutings)
    for (const char* topo : {"mesh(4,4)", "mesh(3,5)", "mesh(2,2)"}) expect_all_pairs_minimal(topo, name);
}

// No two consecutive hops make a turn the model prohibits (Glass & Ni, section 3);
// minimal-adaptive makes all eight 90-degree turns.
TEST(RoutingTurnModel, ProhibitedTurnsNeverTaken) {
  using Turn = std::pair<std::string, std::string>;
  const std::map<std::string, std::function<bool(const std::string&, const std::string&)>> prohibited{
      {"west-first", [](const std::string& a, const std::string& b) { return a != "X-" && b == "X-"; }},
      {"north-last", [](const std::string& a, const std::string& b) { return a == "Y+" && b != "Y+"; }},
      {"negative-first", [](const std::string& a, const std::string& b) { return a[1] == '+' && b[1] == '-'; }},
      {"minimal-adaptive", [](const std::string&, const std::string&) { return false; }}};
  for (const auto& [name, forbidden] : prohibited) {
    SCOPED_TRACE(name);
    Rig r("mesh(4,4)", name);
    std::set<Turn> turns;
    for (NodeId dst = 0; dst < r.net.num_nodes(); ++dst)
      for (NodeId u = 0; u < r.net.num_nodes(); ++u) {
        if (u == dst) continue;
        for (const Hop& h1 : r.hops(u, dst)) {
          const NodeId v = r.peer(u, h1);
          if (v == dst) continue;
          for (const Hop& h2 : r.hops(v, dst)) {
            const Turn t{r.direction(h1.port), r.direction(h2.port)};
            EXPECT_FALSE(forbidden(t.first, t.second)) << r.net.label(u) << " " << t.first << " -> " << t.second;
            if (t.first[0] != t.second[0]) turns.insert(t);
          }
        }
      }
    EXPECT_EQ(turns.size(), name == "minimal-adaptive" ? 8u : 6u);
  }
}

TEST(RoutingTurnModel, DependencyGraphsAcyclicExceptMinimalAdaptive) {
  for (const char* topo : {"mesh(4,4)", "mesh(3,5)"})
    for (const char* name : kTurnRoutings) {
      SCOPED_TRACE(std::string(topo) + " " + name);
      Rig r(topo, name);
      EXPECT_EQ(acyclic(dependency_graph(r, all_vcs)), std::string(name) != "minimal-adaptive");
    }
}


TEST(RoutingTurnModel, InputErrorsOffTwoDimensionalMeshes) {
  for (const char* topo : {"torus(4,4)", "mesh(4,4,4)", "mesh(5)", "hypercube(2)"}) {
    for (const char* name : kTurnRoutings) expect_refused(name, topo);
  }
  Network tree(Registry::builtin().build("kary_ntree(2,2)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("west-first", tree), InputError);
}

// ---------------------------------------------------------------------------
// dor-dateline on tori.

// (node, VC) of every hop of the fault-free route s -> d.
std::vector<std::pair<std::string, std::uint32_t>> vc_trace(Rig& r, const std::string& s, const std::string& d) {
  RouteRunner runner(*r.routing, r.model, RunLimits{});
  RunResult res = runner.run(r.none, r.node(s), r.node(d), std::nullopt);
  EXPECT_TRUE(res.delivered()) << res.detail;
  std::vector<std::pair<std::string, std::uint32_t>> out;
  for (const TraceStep& t : res.trace)
    if (t.moved) out.emplace_back(r.net.label(t.node), t.vc);
  EXPECT_EQ(r.net.label(res.trace.back().node), d);
  return out;
}

using VcTrace = std::vector<std::pair<std::string, std::uint32_t>>;

TEST(RoutingTorusDateline, VcPatternAlongWrappingPaths) {
  Rig r("torus(4,4)", "dor-dateline");
  // X 2 -> 0 is a half-way tie, taken +: (2,.) -> (3,.) on VC 0 (wraparound
  // still ahead), (3,.) -> (0,.) is the wrap hop, VC 1; then Y starts afresh.
  EXPECT_EQ(vc_trace(r, "(2,2)", "(0,0)"), (VcTrace{{"(2,2)", 0}, {"(3,2)", 1}, {"(0,2)", 0}, {"(0,3)", 1}}));
  // Y 3 -> 1 (tie, +) wraps at once: the wrap hop and the one after on VC 1.
  EXPECT_EQ(vc_trace(r, "(2,3)", "(0,1)"), (VcTrace{{"(2,3)", 0}, {"(3,3)", 1}, {"(0,3)", 1}, {"(0,0)", 1}}));
  // X 0 -> 3 is one hop the - way, over the wraparound: VC 1.
  EXPECT_EQ(vc_trace(r, "(0,1)", "(3,1)"), (VcTrace{{"(0,1)", 1}}));
  // A path that never wraps runs on VC 1 (the rule cannot tell it from one that has).
  EXPECT_EQ(vc_trace(r, "(0,0)", "(2,1)"), (VcTrace{{"(0,0)", 1}, {"(1,0)", 1}, {"(2,0)", 1}}));
}

TEST(RoutingTorusDateline, VcPatternOnLargerRings) {
  Rig five("torus(5,5)", "dor-dateline");
  // X 1 -> 4 is 2 hops the - way: 1 -> 0 on VC 0, 0 -> 4 (wrap) on VC 1.
  EXPECT_EQ(vc_trace(five, "(1,0)", "(4,0)"), (VcTrace{{"(1,0)", 0}, {"(0,0)", 1}}));
  // X 3 -> 0 the + way: 3 -> 4 on VC 0, 4 -> 0 on VC 1; Y 0 -> 3 the - way over the wrap.
  EXPECT_EQ(vc_trace(five, "(3,0)", "(0,3)"), (VcTrace{{"(3,0)", 0}, {"(4,0)", 1}, {"(0,0)", 1}, {"(0,4)", 1}}));
  Rig six("torus(6,6)", "dor-dateline");
  // X 4 -> 1 is a tie, +: 4 -> 5 VC 0, wrap 5 -> 0 VC 1, 0 -> 1 VC 1.
  EXPECT_EQ(vc_trace(six, "(4,2)", "(1,2)"), (VcTrace{{"(4,2)", 0}, {"(5,2)", 1}, {"(0,2)", 1}}));
  // X 3 -> 1 the - way without wrapping: VC 1 throughout.
  EXPECT_EQ(vc_trace(six, "(3,2)", "(1,2)"), (VcTrace{{"(3,2)", 1}, {"(2,2)", 1}}));
  // Order Y first: Y 4 -> 1 wraps (VC 0, 1, 1), then X 5 -> 0 is the wrap hop (VC 1).
  Rig yx("torus(6,6)", "dor-dateline(order=[1,0])");
  EXPECT_EQ(yx.routing->spec(), "dor-dateline(order=[1,0])");
  EXPECT_EQ(vc_trace(yx, "(5,4)", "(0,1)"), (VcTrace{{"(5,4)", 0}, {"(5,5)", 1}, {"(5,0)", 1}, {"(5,1)", 1}}));
}

TEST(RoutingTorusDateline, SpecsAndChannels) {
  Rig r("torus(4,4)", "dor-dateline");
  EXPECT_EQ(r.routing->spec(), "dor-dateline");
  EXPECT_EQ(r.routing->vcs(), 2u);
  EXPECT_EQ(r.routing->knowledge(), FaultKnowledge::Local);
  EXPECT_FALSE(r.routing->translation_invariant());
}

TEST(RoutingTorusDateline, EveryPairDeliveredOnMinimalPaths) {
  for (const char* topo : {"torus(4,4)", "torus(5,3)", "torus(6)", "torus(3,4,3)"})
    expect_all_pairs_minimal(topo, "dor-dateline");
  expect_all_pairs_minimal("torus(4,5)", "dor-dateline(order=[1,0])");
}

// Same paths as dor (routing_torus.cpp): the VCs are the only difference.
TEST(RoutingTorusDateline, SamePortsAsDor) {
  Rig r("torus(5,4)", "dor-dateline");
  auto dor = RoutingRegistry::builtin().build("dor", r.net);
  for (NodeId d = 0; d < r.net.num_nodes(); ++d)
    for (NodeId v = 0; v < r.net.num_nodes(); ++v) {
      if (v == d) continue;
      Hops mine = r.hops(v, d), theirs;
      dor->next(v, PacketState{}, d, r.view, theirs);
      ASSERT_EQ(mine.size(), 1u);
      ASSERT_EQ(theirs.size(), 1u);
      EXPECT_EQ(mine[0].port, theirs[0].port);
      EXPECT_LT(mine[0].vc, 2u);
    }
}

TEST(RoutingTorusDateline, DependencyGraphAcyclicWhereDorIsCyclic) {
  for (const char* topo : {"torus(4,4)", "torus(5,5)", "torus(6,3)", "torus(3,4,3)"}) {
    SCOPED_TRACE(topo);
    Rig dateline(topo, "dor-dateline");
    EXPECT_TRUE(acyclic(dependency_graph(dateline, all_vcs)));
    const std::string order = std::string(topo) == "torus(3,4,3)" ? "[2,0,1]" : "[1,0]";
    Rig yx(topo, "dor-dateline(order=" + order + ")");
    EXPECT_TRUE(acyclic(dependency_graph(yx, all_vcs)));
    Rig dor(topo, "dor");  // one VC: the 4-or-more rings close cycles
    EXPECT_FALSE(acyclic(dependency_graph(dor, all_vcs)));
  }
}

TEST(RoutingTorusDateline, InputErrorsOffTori) {
  for (const char* topo : {"mesh(4,4)", "torus(4,2)", "hypercube(3)"}) {
    for (const char* name : {"dor-dateline", "duato-torus"}) expect_refused(name, topo);
  }
  Network t(Registry::builtin().build("torus(4,4)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("dor-dateline(order=[0,0])", t), InputError);
  EXPECT_THROW(RoutingRegistry::builtin().build("dor-dateline(order=[0])", t), InputError);
  EXPECT_THROW(RoutingRegistry::builtin().build("duato-torus(order=[0,1])", t), InputError);
}

// ---------------------------------------------------------------------------
// duato-torus.

TEST(RoutingTorusDuato, HopsByHand) {
  Rig r("torus(4,4)", "duato-torus");
  EXPECT_EQ(r.routing->spec(), "duato-torus");
  EXPECT_EQ(r.routing->vcs(), 3u);
  EXPECT_FALSE(r.routing->translation_invariant());
  // Adaptive VC 2 in both productive directions, then the escape X hop (no wrap: VC 1).
  EXPECT_EQ(r.offered("(0,0)", "(1,1)"), (Strings{"X+/2", "Y+/2", "X+/1"}));
  // X 2 -> 0 and Y 1 -> 3 are ties, taken +; the X wraparound lies ahead: escape on VC 0.
  EXPECT_EQ(r.offered("(2,1)", "(0,3)"), (Strings{"X+/2", "Y+/2", "X+/0"}));
  // The escape hop crosses the X wraparound: VC 1.
  EXPECT_EQ(r.offered("(3,0)", "(1,0)"), (Strings{"X+/2", "X+/1"}));
  // X done: the escape hop is in Y, 0 -> 3 the - way over the wraparound.
  EXPECT_EQ(r.offered("(2,0)", "(2,3)"), (Strings{"Y-/2", "Y-/1"}));
}

// The escape hop is dor-dateline's hop from the same node, wherever the packet came from.
TEST(RoutingTorusDuato, EscapeIsDorDateline) {
  Rig r("torus(5,4)", "duato-torus");
  auto escape = RoutingRegistry::builtin().build("dor-dateline", r.net);
  for (NodeId d = 0; d < r.net.num_nodes(); ++d)
    for (NodeId v = 0; v < r.net.num_nodes(); ++v) {
      if (v == d) continue;
      Hops mine = r.hops(v, d), theirs;
      escape->next(v, PacketState{}, d, r.view, theirs);
      ASSERT_EQ(theirs.size(), 1u);
      const auto o = r.lattice.offsets(v, d);
      const auto productive = static_cast<std::size_t>(std::count_if(o.begin(), o.end(), [](int x) { return x != 0; }));
      ASSERT_EQ(mine.size(), productive + 1);
      EXPECT_EQ(mine.back().port, theirs[0].port);
      EXPECT_EQ(mine.back().vc, theirs[0].vc);
      for (std::size_t i = 0; i + 1 < mine.size(); ++i) EXPECT_EQ(mine[i].vc, 2u);
    }
}

TEST(RoutingTorusDuato, EveryPairDeliveredOnMinimalPaths) {
  for (const char* topo : {"torus(4,4)", "torus(5,3)", "torus(3,4,3)"})
    expect_all_pairs_minimal(topo, "duato-torus");
}

// Duato's condition: the escape channels (VCs 0, 1) with direct and indirect
// dependencies are acyclic; the whole graph is not (VC 2 rings close cycles).
TEST(RoutingTorusDuato, ExtendedEscapeDependencyGraphAcyclic) {
  for (const char* topo : {"torus(4,4)", "torus(5,5)", "torus(6,3)", "torus(3,4,3)"}) {
    SCOPED_TRACE(topo);
    Rig r(topo, "duato-torus");
    EXPECT_TRUE(acyclic(dependency_graph(r, [](std::uint32_t vc) { return vc < 2; })));
    EXPECT_FALSE(acyclic(dependency_graph(r, all_vcs)));
  }
}

}  // namespace
}  // namespace menger
