// The independent checkers' fault view (verify/check/fixed_fault_view.h)
// against the engine's RecordingFaultView: the same answers under every fault
// set tried, and the Local-knowledge rule held by the checker on its own.
#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "setup/setup.h"
#include "verify/check/fixed_fault_view.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

FaultSet random_faults(std::size_t universe, std::mt19937& rng) {
  FaultSet f(universe);
  std::bernoulli_distribution fails(0.2);
  for (std::size_t u = 0; u < universe; ++u)
    if (fails(rng)) f.insert(u);
  return f;
}

PathQuestion whole_network(NodeId from, NodeId to) {
  PathQuestion q;
  q.from = from;
  q.to = to;
  q.inside = [](NodeId, PortId) { return true; };
  return q;
}

TEST(FixedFaultView, AnswersAsTheEngineViewDoes) {
  for (const char* units : {"nodes", "links"}) {
    const RouteSetup s = make_route_setup("mesh(4,4)", "shortest", units);
    const Network& net = *s.net;
    std::mt19937 rng(37);
    for (int trial = 0; trial < 40; ++trial) {
      const FaultSet faults = random_faults(s.model->universe().size(), rng);
      FixedFaultView mine(*s.model, FaultKnowledge::Global, faults);
      RecordingFaultView engine(*s.model, FaultKnowledge::Global);
      engine.reset(faults, static_cast<std::uint32_t>(faults.count()));
      for (NodeId v = 0; v < net.num_nodes(); ++v) {
        mine.at(v);
        engine.at(v);
        ASSERT_EQ(mine.node_faulty(v), engine.node_faulty(v)) << units << " node " << net.label(v);
      }
      for (LinkId l = 0; l < net.num_links(); ++l)
        ASSERT_EQ(mine.link_faulty(l), engine.link_faulty(l)) << units << " link " << net.link_label(l);
      const std::vector<NodeId> row{0, 1, 2, 3};
      for (std::uint32_t t = 0; t <= 4; ++t) EXPECT_EQ(mine.faulty_nodes_at_least(row, t), engine.faulty_nodes_at_least(row, t));
      const PathAnswer a = mine.least_path(whole_network(0, net.num_nodes() - 1));
      const PathAnswer b = engine.least_path(whole_network(0, net.num_nodes() - 1));
      EXPECT_EQ(a.nodes, b.nodes) << units << " trial " << trial;
      EXPECT_EQ(a.ports, b.ports) << units << " trial " << trial;
    }
  }
}

TEST(FixedFaultView, HoldsTheLocalKnowledgeRuleOnItsOwn) {
  const RouteSetup s = make_route_setup("mesh(4,4)", "dor", "nodes");
  const Network& net = *s.net;
  const FaultSet none(s.model->universe().size());
  FixedFaultView view(*s.model, FaultKnowledge::Local, none);
  view.at(0);
  EXPECT_FALSE(view.node_faulty(0));
  for (const PortSlot& p : net.ports(0)) {
    if (!p.connected()) continue;
    EXPECT_FALSE(view.node_faulty(p.peer));
    EXPECT_FALSE(view.link_faulty(p.link));
  }
  const NodeId far = net.num_nodes() - 1;  // the opposite corner
  EXPECT_THROW(view.node_faulty(far), InternalError);
  EXPECT_THROW(view.faulty_nodes_at_least(std::vector<NodeId>{far}, 1), InternalError);
  // A path question is answered with the whole fault set, as the engine does,
  // and the rule holds again after it.
  EXPECT_EQ(view.least_path(whole_network(0, far)).length(), 6u);
  EXPECT_THROW(view.node_faulty(far), InternalError);
}

}  // namespace
}  // namespace menger
