// The textbook examples of models/routing_textbook.cpp (issue 18): Duato's
// unidirectional ring with cA and cH channels (duato-ring), the hypercube
// with a and b channels of Duato, Yalamanchili and Ni's chapter 3 exercise
// (duato-hypercube), and the linear array with extra channels of the book's
// Figure 3.27 exercise (array-extra-channels).
//
// Where the expected values come from:
//   * hop sets at given nodes are worked by hand from the rules written in
//     the routing file's header (ring: cA = VC 0, cH = VC 1; hypercube: b =
//     VC 0, a = VC 1; array: extra channels on VC 1);
//   * dependency graphs are built here from the routing answers (Dally and
//     Seitz's definition, and Duato's indirect dependencies through channels
//     outside the escape VC), independent of verify/;
//   * deadlock freedom under cut-through with one buffer: the explicit-state
//     model of tests/flow_model.h (every interleaving of injections and moves)
//     on the 4-node instances, against the exact engine; under wormhole, the
//     flit-level model of tests/worm_model.h with short worms and chosen
//     traffic (all traffic passes its state bound).
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "models/routing_torus.h"
#include "setup/setup.h"
#include "tests/routing_rig.h"
#include "tests/flow_model.h"
#include "tests/worm_model.h"
#include "verify/deadlock/deadlock.h"
#include "verify/fault_model.h"

namespace menger {
namespace {

using namespace routing_rig;


// The exact engine (cut-through, 1 buffer) against the explicit-state model.
void expect_free_like_the_model(const std::string& topo, const std::string& routing) {
  SCOPED_TRACE(topo + " " + routing);
  RouteSetup s = make_route_setup(topo, routing, "nodes");
  const FaultSet none(s.model->universe().size());
  const ExactResult r = decide_deadlock(explore(*s.routing, *s.model), {{Switching::CutThrough, 1}});
  EXPECT_EQ(r.status, ExactResult::Status::Free) << r.reason;
  FlowModel flow{*s.net, *s.model, *s.routing};
  flow.capacity = 1;
  flow.faults = &none;
  flow.max_states = 200'000;
  EXPECT_FALSE(flow.deadlock_reachable());
}

// Wormhole: the flit-level model (worms of 1..`length` flits, the pairs
// `traffic` allows) reaches no deadlock, and the exact engine reports none.
// Returns the engine's verdict.
ExactResult::Status expect_no_worm_deadlock(const std::string& topo, const std::string& routing,
                                            std::uint32_t length,
                                            const std::function<bool(NodeId, NodeId)>& traffic) {
  SCOPED_TRACE(topo + " " + routing + " wormhole, worms of <= " + std::to_string(length) + " flits");
  RouteSetup s = make_route_setup(topo, routing, "nodes");
  const ExactResult r = decide_deadlock(explore(*s.routing, *s.model), {{Switching::Wormhole, 1}});
  EXPECT_NE(r.status, ExactResult::Status::Deadlock) << r.reason;
  WormModel worms{*s.net, *s.model, *s.routing};
  worms.max_length = length;
  worms.max_states = 400'000;
  worms.traffic = traffic;
  EXPECT_FALSE(worms.deadlock_reachable());
  return r.status;
}

// ---------------------------------------------------------------------------
// duato-ring: torus(N), + links only; cA = VC 0 always, cH = VC 1 when j > i.

TEST(RoutingTextbookRing, HopsByHand) {
  Rig r("torus(4)", "duato-ring");
  EXPECT_EQ(r.routing->spec(), "duato-ring");
  EXPECT_EQ(r.routing->vcs(), 2u);
  EXPECT_EQ(r.offered("(0)", "(2)"), (Strings{"X+/0", "X+/1"}));  // j > i: cA0 or cH0
  EXPECT_EQ(r.offered("(1)", "(2)"), (Strings{"X+/0", "X+/1"}));
  EXPECT_EQ(r.offered("(2)", "(3)"), (Strings{"X+/0", "X+/1"}));
  EXPECT_EQ(r.offered("(3)", "(0)"), (Strings{"X+/0"}));          // j < i: cA3 only
  EXPECT_EQ(r.offered("(2)", "(1)"), (Strings{"X+/0"}));          // the long way round, + only
  EXPECT_EQ(r.offered("(1)", "(0)"), (Strings{"X+/0"}));
  Rig six("torus(6)", "duato-ring");
  EXPECT_EQ(six.offered("(4)", "(5)"), (Strings{"X+/0", "X+/1"}));
  EXPECT_EQ(six.offered("(5)", "(4)"), (Strings{"X+/0"}));
}

// Dally and Seitz's condition fails (the cA channels close the ring), and so
// does Duato's with either whole VC as the escape set: cA alone is cyclic and
// cH alone cannot leave n_{N-1}.
TEST(RoutingTextbookRing, DependencyGraphsCyclic) {
  for (const char* topo : {"torus(4)", "torus(5)", "torus(6)"}) {
    SCOPED_TRACE(topo);
    Rig r(topo, "duato-ring");
    EXPECT_FALSE(acyclic(dependency_graph(r, all_vcs)));
    EXPECT_FALSE(acyclic(dependency_graph(r, only_vc(0))));
    EXPECT_TRUE(acyclic(dependency_graph(r, only_vc(1))));
    const NodeId last = static_cast<NodeId>(r.net.num_nodes() - 1);
    for (const Hop& h : r.hops(last, 0)) EXPECT_EQ(h.vc, 0u);
  }
}

TEST(RoutingTextbookRing, FreeLikeTheExplicitStateModels) {
  expect_free_like_the_model("torus(4)", "duato-ring");
  // Worms of <= 2 flits between nodes two apart (all traffic passes 400,000 states).
  auto two_apart = [](NodeId a, NodeId b) { return (b + 4 - a) % 4 == 2; };
  EXPECT_EQ(expect_no_worm_deadlock("torus(4)", "duato-ring", 2, two_apart), ExactResult::Status::Free);
}

TEST(RoutingTextbookRing, InputErrorsOffRings) {
  for (const char* topo : {"torus(4,4)", "mesh(4)", "hypercube(2)"}) expect_refused("duato-ring", topo);
}

// ---------------------------------------------------------------------------
// duato-hypercube: a (VC 1) in every differing dimension, b (VC 0) in the lowest.

TEST(RoutingTextbookHypercube, HopsByHand) {
  Rig r("hypercube(3)", "duato-hypercube");
  EXPECT_EQ(r.routing->spec(), "duato-hypercube");
  EXPECT_EQ(r.routing->vcs(), 2u);
  // Labels are bit strings, dimension 0 rightmost: 000 -> 111 differs everywhere.
  EXPECT_EQ(r.offered("000", "111"), (Strings{"X+/1", "Y+/1", "Z+/1", "X+/0"}));
  EXPECT_EQ(r.offered("110", "011"), (Strings{"X+/1", "Z+/1", "X+/0"}));
  EXPECT_EQ(r.offered("101", "011"), (Strings{"Y+/1", "Z+/1", "Y+/0"}));
  EXPECT_EQ(r.offered("001", "101"), (Strings{"Z+/1", "Z+/0"}));
}

// Duato's condition with escape VC 0 (b: e-cube), direct and indirect
// dependencies: acyclic; the a channels alone, and all channels, are cyclic.
TEST(RoutingTextbookHypercube, EscapeAcyclicWholeGraphCyclic) {
  for (int n = 2; n <= 5; ++n) {
    const std::string topo = "hypercube(" + std::to_string(n) + ")";
    SCOPED_TRACE(topo);
    Rig r(topo, "duato-hypercube");
    EXPECT_TRUE(acyclic(dependency_graph(r, only_vc(0))));
    EXPECT_FALSE(acyclic(dependency_graph(r, only_vc(1))));
    EXPECT_FALSE(acyclic(dependency_graph(r, all_vcs)));
  }
}

TEST(RoutingTextbookHypercube, InputErrorsOffHypercubes) {
  for (const char* topo : {"torus(4,4)", "mesh(2,2)"}) expect_refused("duato-hypercube", topo);
}

// ---------------------------------------------------------------------------
// array-extra-channels: mesh(4); cH/cL on VC 0, cA1 = X+ VC 1 at n1, cB2 = X- VC 1 at n2.

TEST(RoutingTextbookArray, HopsByHand) {
  Rig r("mesh(4)", "array-extra-channels");
  EXPECT_EQ(r.routing->spec(), "array-extra-channels");
  EXPECT_EQ(r.routing->vcs(), 2u);
  EXPECT_EQ(r.offered("(0)", "(3)"), (Strings{"X+/0"}));          // cH0
  EXPECT_EQ(r.offered("(1)", "(2)"), (Strings{"X+/0", "X+/1"}));  // cH1 or cA1
  EXPECT_EQ(r.offered("(1)", "(3)"), (Strings{"X+/0", "X+/1"}));
  EXPECT_EQ(r.offered("(2)", "(3)"), (Strings{"X+/0", "X-/1"}));  // cH2 or cB2 (back down)
  EXPECT_EQ(r.offered("(3)", "(0)"), (Strings{"X-/0"}));          // cL3
  EXPECT_EQ(r.offered("(2)", "(1)"), (Strings{"X-/0"}));          // cL2, not cB2
  EXPECT_EQ(r.offered("(1)", "(0)"), (Strings{"X-/0"}));          // cL1
}

// The cycle cH1 -> cB2 -> cH1: cyclic with all channels; the extra channels
// (VC 1) alone are acyclic but do not connect (n0 has none), and VC 0 with
// its indirect dependencies through cB2 has the self-loop cH1 -> cH1.
TEST(RoutingTextbookArray, DependencyGraphsCyclic) {
  Rig r("mesh(4)", "array-extra-channels");
  EXPECT_FALSE(acyclic(dependency_graph(r, all_vcs)));
  const Graph vc0 = dependency_graph(r, only_vc(0));
  const std::size_t ports = r.net.num_ports(0);
  const std::size_t ch1 = (1 * ports + r.lattice.port(0, 1)) * 2 + 0;
  EXPECT_EQ(vc0[ch1].count(ch1), 1u);
  EXPECT_FALSE(acyclic(vc0));
}

// Under wormhole the engine's fixpoint keeps a worm on cH1 and cB2 whose head
// asks for its own tail's channel (or cA1); SAT refutes every deadlocked
// configuration of worms (verify/deadlock/deadlock_sat.h), and the flit-level model
// finds no deadlock either.
TEST(RoutingTextbookArray, FreeLikeTheExplicitStateModels) {
  expect_free_like_the_model("mesh(4)", "array-extra-channels");
  RouteSetup s = make_route_setup("mesh(4)", "array-extra-channels", "nodes");
  DeadlockOptions o;
  o.switching = SwitchingModel{Switching::Wormhole, 1};
  const DeadlockResult w = check_deadlock(*s.routing, *s.model, o);
  EXPECT_EQ(w.status, DeadlockResult::Status::Free) << w.method << " " << w.reason;
  ASSERT_TRUE(w.exact && w.exact->sat);
  // Upward packets only: downward ones hold only cL channels, which no upward
  // packet uses.  Worms of <= 3 flits.
  auto upward = [](NodeId a, NodeId b) { return a < b; };
  expect_no_worm_deadlock("mesh(4)", "array-extra-channels", 3, upward);
}

TEST(RoutingTextbookArray, InputErrorsOffTheFourNodeArray) {
  for (const char* topo : {"mesh(5)", "torus(4)", "mesh(2,2)"}) expect_refused("array-extra-channels", topo);
}

}  // namespace
}  // namespace menger
