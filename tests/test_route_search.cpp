// The routing executor and the lazy exhaustive search (issue 4): outcomes of
// single runs, the search against brute-force enumeration of every fault set,
// the reference routing's tolerance against the flow engine's connectivity,
// determinism across thread counts, budgets.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <functional>
#include <map>

#include "budget_stops.h"
#include "core/error.h"
#include "fault_oracle.h"
#include "test_instance.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/route/route_search.h"
#include "verify/tolerance/tolerance.h"

namespace menger {
namespace {

using testing::Instance;
using testing::for_each_set;
using testing::make;

// A hypercube routing written for these tests: correct dimensions in
// ascending order, skipping unusable ports; with no usable correcting port it
// misroutes once over the lowest usable other dimension.  At the source it
// drops the packet when at least two neighbours of the destination are faulty
// (a count question, to exercise budget-aware reads).  Local knowledge, except
// that count, so the routing is declared Global.
class GreedyCube final : public Routing {
 public:
  explicit GreedyCube(const Network& net) : net_(net) {}
  std::string spec() const override { return "test-greedy-cube"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Global; }
  PacketState start(NodeId, NodeId dst, FaultView& f) const override {
    std::vector<NodeId> around;
    for (const PortSlot& p : net_.ports(dst)) around.push_back(p.peer);
    PacketState s;
    s.w[1] = f.faulty_nodes_at_least(around, 2) ? 1 : 0;
    return s;
  }
  void next(NodeId here, const PacketState& s, NodeId dst, FaultView& f, Hops& out) const override {
    if (s.w[1]) return;
    const PortId n = net_.num_ports(here);
    for (PortId i = 0; i < n; ++i)
      if (((here ^ dst) >> i & 1U) && f.port_usable(here, i)) {
        out.push_back(Hop{i, 0, s});
        return;
      }
    if (s.w[0]) return;
    for (PortId i = 0; i < n; ++i)
      if (!((here ^ dst) >> i & 1U) && f.port_usable(here, i)) {
        PacketState t = s;
        t.w[0] = 1;
        out.push_back(Hop{i, 0, t});
        return;
      }
  }

 private:
  const Network& net_;
};

// Goes back and forth between the source and its port-0 neighbour for ever.
class PingPong final : public Routing {
 public:
  std::string spec() const override { return "test-ping-pong"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  void next(NodeId, const PacketState& s, NodeId, FaultView&, Hops& out) const override { out.push_back({0, 0, s}); }
};

// Counts its hops in the state: never repeats a configuration, so only the hop
// limit stops it.
class Wanderer final : public Routing {
 public:
  std::string spec() const override { return "test-wanderer"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  void next(NodeId, const PacketState& s, NodeId, FaultView&, Hops& out) const override {
    PacketState t = s;
    ++t.w[0];
    out.push_back({0, 0, t});
  }
};

// Asks about a node two hops away: a local routing must not.
class Nosy final : public Routing {
 public:
  std::string spec() const override { return "test-nosy"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  void next(NodeId here, const PacketState&, NodeId, FaultView& f, Hops&) const override { f.node_faulty(here ^ 3U); }
};

TEST(RouteRun, ShortestRoutingDeliversAlongShortestPaths) {
  Instance q = make("hypercube(4)", UnitChoice::Nodes);
  auto r = RoutingRegistry::builtin().build("shortest(choice=first)", *q.net);
  RouteRunner run(*r, *q.model, {});
  FaultSet none(q.model->universe().size());
  for (NodeId s = 0; s < 16; ++s)
    for (NodeId d = 0; d < 16; ++d) {
      RunResult res = run.run(none, s, d, std::nullopt);
      ASSERT_TRUE(res.delivered());
      EXPECT_EQ(res.hops, static_cast<std::uint32_t>(__builtin_popcount(s ^ d)));
      if (s == d) continue;
      EXPECT_EQ(res.trace.front().node, s);
      EXPECT_EQ(res.trace.back().node, d);
      EXPECT_EQ(res.trace.size(), res.hops + 1);
    }
}

TEST(RouteRun, OutcomesOfBrokenRoutings) {
  Instance q = make("hypercube(3)", UnitChoice::Nodes);
  FaultSet none(q.model->universe().size());
  PingPong ping;
  EXPECT_EQ(RouteRunner(ping, *q.model, {}).run(none, 0, 7, std::nullopt).outcome, RunOutcome::Livelock);
  Wanderer wander;
  RunResult w = RouteRunner(wander, *q.model, {}).run(none, 0, 7, std::nullopt);
  EXPECT_EQ(w.outcome, RunOutcome::HopLimit);
  EXPECT_EQ(w.hops, 2 * 8 + 16);
  Nosy nosy;
  EXPECT_THROW(RouteRunner(nosy, *q.model, {}).run(none, 0, 7, std::nullopt), InternalError);

  auto dor = RoutingRegistry::builtin().build("shortest(choice=first)", *q.net);
  FaultSet cut(q.model->universe().size());
  for (PortId p = 0; p < 3; ++p) cut.insert(*q.model->unit_of_node(q.net->port(7, p).peer));
  RunResult none_left = RouteRunner(*dor, *q.model, {}).run(cut, 0, 7, std::nullopt);
  EXPECT_EQ(none_left.outcome, RunOutcome::NoRoute);
  EXPECT_EQ(RouteRunner(*dor, *q.model, {}).run(none, 0, 7, 2).outcome, RunOutcome::TooLong);
}

TEST(RouteRun, AFaultOnTheChosenHopBlocksAFaultObliviousRouting) {
  Instance q = make("hypercube(3)", UnitChoice::Links);
  PingPong ping;  // reads nothing, so only the runner's hop check sees the fault
  FaultSet f(q.model->universe().size());
  f.insert(*q.model->unit_of_link(q.net->port(0, 0).link));
  RouteRunner run(ping, *q.model, {});
  RunResult res = run.run(f, 0, 7, std::nullopt);
  EXPECT_EQ(res.outcome, RunOutcome::Blocked);
  EXPECT_TRUE(run.reads().empty());
}

bool same_run(const RunResult& a, const RunResult& b) {
  if (a.outcome != b.outcome || a.hops != b.hops || a.trace.size() != b.trace.size()) return false;
  for (std::size_t i = 0; i < a.trace.size(); ++i) {
    const TraceStep &x = a.trace[i], &y = b.trace[i];
    if (x.node != y.node || x.state != y.state || x.port != y.port || x.moved != y.moved) return false;
  }
  return true;
}

bool subset(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
  return std::includes(b.begin(), b.end(), a.begin(), a.end());
}

// The completeness argument of route_search.h, checked: every fault set F* of
// size <= k has an explored subset whose run is identical; and the search's
// minimum failing size is brute force's.
void check_against_brute_force(const std::string& spec, UnitChoice units, const Routing& routing, std::uint32_t k) {
  Instance in = make(spec, units);
  const FaultModel& m = *in.model;
  RouteRunner runner(routing, m, RunLimits{0, std::nullopt, k});
  std::optional<std::size_t> brute_min;
  std::uint64_t sets = 0;
  for (const RoutePair& p : required_pairs(m)) {
    auto explored = explore_all(routing, m, p, k);
    for_each_set(m.universe().size(), k, [&](const std::vector<std::size_t>& f) {
      FaultSet fs(m.universe().size());
      for (std::size_t u : f) fs.insert(u);
      for (NodeId v : {p.s, p.d})
        if (auto u = m.unit_of_node(v); u && fs.contains(*u)) return;
      ++sets;
      RunResult direct = runner.run(fs, p.s, p.d, std::nullopt);
      if (!direct.delivered() && (!brute_min || f.size() < *brute_min)) brute_min = f.size();
      bool explained = std::any_of(explored.begin(), explored.end(), [&](const ExploredRun& e) {
        return subset(e.faults, f) && same_run(e.run, direct);
      });
      ASSERT_TRUE(explained) << spec << " " << routing.spec() << " pair " << p.s << "->" << p.d << " set "
                             << fs.to_string(m.universe());
    });
  }
  RouteCheckOptions opt;
  opt.k = k;
  opt.symmetry = false;
  RouteCheckResult r = route_check(routing, m, opt);
  RouteCheckOptions all = opt;
  all.settle_all = true;  // searching every level must not change the least failure
  RouteCheckResult settled = route_check(routing, m, all);
  ASSERT_EQ(settled.status, r.status);
  if (r.failure) {
    EXPECT_EQ(settled.failure->faults, r.failure->faults);
  }
  EXPECT_GE(settled.runs(), r.runs());
  opt.naive = true;  // the blind baseline must pick the very same least failure
  RouteCheckResult naive = route_check(routing, m, opt);
  ASSERT_EQ(naive.status, r.status) << spec << " " << routing.spec();
  if (r.failure) {
    EXPECT_EQ(naive.failure->faults, r.failure->faults) << spec << " " << routing.spec();
    EXPECT_EQ(naive.failure->pair.s, r.failure->pair.s);
    EXPECT_EQ(naive.failure->pair.d, r.failure->pair.d);
    EXPECT_LE(r.runs(), naive.runs());
  }
  if (brute_min) {
    ASSERT_EQ(r.status, RouteCheckResult::Status::Fails) << spec << " " << routing.spec();
    EXPECT_EQ(r.failure->faults.count(), *brute_min) << spec << " " << routing.spec();
    EXPECT_FALSE(runner.run(r.failure->faults, r.failure->pair.s, r.failure->pair.d, std::nullopt).delivered());
  } else {
    EXPECT_EQ(r.status, RouteCheckResult::Status::Holds) << spec << " " << routing.spec();
  }
  EXPECT_GT(sets, 0u);
}

TEST(RouteSearch, LazySearchExplainsEveryFaultSetOfBruteForce) {
  for (const char* spec : {"hypercube(3)", "hypercube(4)"}) {
    Network net(Registry::builtin().build(spec));
    GreedyCube greedy(net);
    check_against_brute_force(spec, UnitChoice::Nodes, greedy, 3);
    check_against_brute_force(spec, UnitChoice::Links, greedy, 2);
  }
  // 004's routings ask path questions (recorded as the path found) and counts.
  for (const char* spec : {"hdn(base=hypercube(2), k=1, s=[2])", "hdn(base=torus(3,2), k=1, s=[3])"}) {
    Network net(Registry::builtin().build(spec));
    for (const char* routing : {"hdn-ft1", "hdn-ft2"}) {
      auto r = RoutingRegistry::builtin().build(routing, net);
      check_against_brute_force(spec, UnitChoice::Nodes, *r, 2);
    }
  }
  for (const char* spec : {"hypercube(3)", "torus(3,3)", "mesh(3,3)"}) {
    Network net(Registry::builtin().build(spec));
    for (const char* routing : {"shortest", "shortest(choice=first)"}) {
      auto r = RoutingRegistry::builtin().build(routing, net);
      check_against_brute_force(spec, UnitChoice::Nodes, *r, 2);
      check_against_brute_force(spec, UnitChoice::Links, *r, 2);
    }
  }
}

TEST(RouteSearch, ReferenceRoutingToleratesExactlyTheConnectivity) {
  // The adaptive reference routing searches breadth-first at every hop: small instances.
  for (const char* spec : {"hypercube(3)", "torus(3,4)", "mesh(3,3)", "mikant(2,2)", "kary_ntree(2,2)"}) {
    for (UnitChoice units : {UnitChoice::Nodes, UnitChoice::Links}) {
      Instance in = make(spec, units);
      ToleranceResult flow = flow_tolerance(*in.model);
      ASSERT_TRUE(flow.min_cut);
      auto r = RoutingRegistry::builtin().build("shortest", *in.net);
      RouteCheckOptions opt;
      opt.k = static_cast<std::uint32_t>(*flow.min_cut);
      RouteCheckResult res = route_check(*r, *in.model, opt);
      ASSERT_EQ(res.status, RouteCheckResult::Status::Fails) << spec;
      EXPECT_EQ(res.failure->faults.count(), *flow.min_cut) << spec;
      EXPECT_TRUE(res.failure->disconnected) << spec;
      EXPECT_TRUE(res.minimum_proved);
      opt.excuse_disconnected = true;
      EXPECT_EQ(route_check(*r, *in.model, opt).status, RouteCheckResult::Status::Holds) << spec;
    }
  }
}

TEST(RouteSearch, SameAnswerAndCountsForAnyThreadCount) {
  Instance q = make("hypercube(5)", UnitChoice::Nodes);
  GreedyCube greedy(*q.net);
  RouteCheckOptions opt;
  opt.k = 3;
  opt.chunk_pairs = 64;
  auto solve = [&](int threads) {
    tbb::task_arena arena(threads);
    RouteCheckResult r;
    arena.execute([&] { r = route_check(greedy, *q.model, opt); });
    return r;
  };
  RouteCheckResult one = solve(1), two = solve(2);
  ASSERT_EQ(one.status, two.status);
  ASSERT_EQ(one.failure.has_value(), two.failure.has_value());
  if (one.failure) {
    EXPECT_EQ(one.failure->faults, two.failure->faults);
    EXPECT_EQ(one.failure->pair.s, two.failure->pair.s);
    EXPECT_EQ(one.failure->pair.d, two.failure->pair.d);
  }
  for (std::size_t j = 0; j < one.levels.size(); ++j) {
    EXPECT_EQ(one.levels[j].runs, two.levels[j].runs);
    EXPECT_EQ(one.levels[j].failures, two.levels[j].failures);
  }
  EXPECT_LT(static_cast<double>(one.runs()), one.naive_runs);
}

TEST(RouteSearch, AnExhaustedBudgetIsUnknownWithCoverage) {
  Instance q = make("hypercube(4)", UnitChoice::Nodes);
  auto r = RoutingRegistry::builtin().build("shortest", *q.net);
  RouteCheckOptions opt;
  opt.k = 3;
  opt.excuse_disconnected = true;
  const auto run = [&](const Budget& b) {
    opt.budget = b;
    return route_check(*r, *q.model, opt);
  };
  const RouteCheckResult res = run(testing::stopping_at(testing::first_stop_after_preparation(run)));
  EXPECT_EQ(res.status, RouteCheckResult::Status::Unknown);
  EXPECT_NE(res.coverage.text().find("settled"), std::string::npos);
  EXPECT_EQ(res.coverage.settled, res.pairs_settled);
  EXPECT_EQ(res.coverage.total, res.pairs_examined);
}

TEST(RouteSearch, PathBoundFormulasUseFaultsAndDistance) {
  Instance q = make("hypercube(4)", UnitChoice::Links);
  auto r = RoutingRegistry::builtin().build("shortest", *q.net);
  RouteCheckOptions opt;
  opt.k = 1;
  opt.path_bound = "distance";  // a failed link between neighbours forces a detour of 2 extra hops
  RouteCheckResult res = route_check(*r, *q.model, opt);
  ASSERT_EQ(res.status, RouteCheckResult::Status::Fails);
  EXPECT_EQ(res.failure->run.outcome, RunOutcome::TooLong);
  EXPECT_EQ(res.failure->faults.count(), 1u);
  opt.path_bound = "distance + 2*faults";
  EXPECT_EQ(route_check(*r, *q.model, opt).status, RouteCheckResult::Status::Holds);
  opt.path_bound = "distance + nosuchvar";
  EXPECT_THROW(route_check(*r, *q.model, opt), InputError);
}

}  // namespace
}  // namespace menger

namespace menger {
namespace {

// One source per orbit of the translations gives the same verdict and the same
// least failure size as every pair (tori, hypercubes; routings that commute
// with translations).
TEST(RouteSearch, TranslationsGiveTheSameAnswerAsEveryPair) {
  struct Case {
    const char* spec;
    const char* routing;
    UnitChoice units;
    std::uint32_t k;
  };
  for (const Case& c : {Case{"torus(4,4)", "ft-torus", UnitChoice::Nodes, 4}, Case{"torus(3,4)", "dor", UnitChoice::Links, 1},
                        Case{"hypercube(3)", "shortest", UnitChoice::Nodes, 3}}) {
    Instance in = make(c.spec, c.units);
    auto r = RoutingRegistry::builtin().build(c.routing, *in.net);
    RouteCheckOptions opt;
    opt.k = c.k;
    opt.excuse_disconnected = true;
    RouteCheckResult sym = route_check(*r, *in.model, opt);
    opt.symmetry = false;
    RouteCheckResult all = route_check(*r, *in.model, opt);
    EXPECT_TRUE(sym.symmetry_used) << c.spec;
    EXPECT_LT(sym.pairs_examined, all.pairs_examined) << c.spec;
    ASSERT_EQ(sym.status, all.status) << c.spec << " " << c.routing;
    if (all.failure) {
      EXPECT_EQ(sym.failure->faults.count(), all.failure->faults.count()) << c.spec;
    }
  }
}

}  // namespace
}  // namespace menger

namespace menger {
namespace {

// Issue 36: --settle-all's per-level counts are counts over every pair, with
// symmetry as without it (a representative's count times its orbit's size).
// Every family with symmetry, node and link faults, against --no-symmetry.
TEST(RouteSearch, SettleAllCountsEveryPairWithSymmetryAsWithout) {
  struct Case {
    const char* model;
    const char* routing;
    UnitChoice units;
    std::uint32_t k;
  };
  const Case cases[] = {
      {"torus(4)", "shortest", UnitChoice::Nodes, 2},  // the example: 4 disconnected, not 1
      {"torus(3,3)", "shortest", UnitChoice::Nodes, 2},
      {"torus(4,3)", "dor", UnitChoice::Links, 2},
      {"hypercube(3)", "shortest", UnitChoice::Nodes, 3},
      {"hypercube(3)", "shortest", UnitChoice::Links, 2},
      {"mesh(3,3)", "dor", UnitChoice::Nodes, 2},
      {"kary_ntree(2,2)", "shortest", UnitChoice::Nodes, 2},
      {"mikant(2,2)", "mikant-x-turns", UnitChoice::SwitchLinks, 2},
      {"dragonfly(p=1, a=2, h=1)", "shortest", UnitChoice::Nodes, 2},
      {"hyperx(S=[3,3], T=0)", "shortest", UnitChoice::Links, 2},
      {"rdn(base=hypercube(1), k=1)", "shortest", UnitChoice::Nodes, 2},
  };
  std::size_t with_symmetry = 0;
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.model) + " " + c.routing);
    const Instance in = make(c.model, c.units);
    const auto routing = RoutingRegistry::builtin().build(c.routing, *in.net);
    RouteCheckOptions opt;
    opt.k = c.k;
    opt.settle_all = true;
    const RouteCheckResult sym = route_check(*routing, *in.model, opt);
    opt.symmetry = false;
    const RouteCheckResult plain = route_check(*routing, *in.model, opt);
    if (sym.runs() < plain.runs()) ++with_symmetry;  // the symmetric search did take representatives
    ASSERT_EQ(sym.status, plain.status);
    ASSERT_EQ(sym.levels.size(), plain.levels.size());
    for (std::size_t j = 0; j < plain.levels.size(); ++j) {
      EXPECT_EQ(sym.levels[j].disconnected, plain.levels[j].disconnected) << "level " << j;
      EXPECT_EQ(sym.levels[j].failures, plain.levels[j].failures) << "level " << j;
    }
  }
  EXPECT_GE(with_symmetry, 6u);  // else the test compares the plain search with itself
}

}  // namespace
}  // namespace menger
