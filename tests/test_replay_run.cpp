// The checkers' run of a routing (verify/check/replay_run.h) against the
// engine's (verify/route/route_run.h), written apart: on random (s, d, F)
// over routings that are adaptive, local, global, drop packets, meet faults
// and circle, both give the same outcome, hop count and branch, and every
// unit the engine recorded as read is one the checker saw asked about (the
// engine keeps only the reads its answer depended on).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/check/replay_run.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

using testing::make;

ReplayEnd as_replay_end(RunOutcome o) {
  switch (o) {
    case RunOutcome::Delivered: return ReplayEnd::Delivered;
    case RunOutcome::NoRoute: return ReplayEnd::NoRoute;
    case RunOutcome::Blocked: return ReplayEnd::Blocked;
    case RunOutcome::Livelock: return ReplayEnd::Livelock;
    case RunOutcome::HopLimit: return ReplayEnd::HopLimit;
    case RunOutcome::TooLong: break;
  }
  ADD_FAILURE() << "no path bound was asked";
  return ReplayEnd::Delivered;
}

struct Case {
  const char* model;
  const char* routing;
  UnitChoice units;
};

// Outcomes seen over every case, so that the test shows it met each kind.
std::map<ReplayEnd, int> compare_on_random_runs(const Case& c, std::uint32_t k, int runs, std::uint64_t seed) {
  const auto i = make(c.model, c.units);
  const auto routing = RoutingRegistry::builtin().build(c.routing, *i.net);
  RunLimits limits;
  limits.fault_budget = k;
  RouteRunner engine(*routing, *i.model, limits);
  const std::uint32_t hop_limit = hop_limit_for(*i.net);
  const auto& terminals = i.model->terminals();
  const std::size_t units = i.model->universe().size();
  std::mt19937_64 rng(seed);
  std::map<ReplayEnd, int> seen;
  for (int r = 0; r < runs; ++r) {
    const NodeId s = terminals[rng() % terminals.size()], d = terminals[rng() % terminals.size()];
    if (s == d) continue;
    std::vector<std::size_t> f;
    for (std::uint64_t n = rng() % (k + 1); n > 0; --n) f.push_back(rng() % units);
    std::sort(f.begin(), f.end());
    f.erase(std::unique(f.begin(), f.end()), f.end());
    std::erase_if(f, [&](std::size_t u) { return i.model->unit_of_node(s) == u || i.model->unit_of_node(d) == u; });
    const FaultSet faults(units, f);
    const RunResult a = engine.run(faults, s, d, std::nullopt, true);
    const std::vector<std::size_t> engine_reads = engine.reads();
    const Replay b = replay_every_branch(*routing, *i.model, faults, s, d, hop_limit);
    SCOPED_TRACE(i.net->label(s) + " -> " + i.net->label(d) + " with " + std::to_string(f.size()) + " faults");
    ++seen[b.end];
    EXPECT_EQ(as_replay_end(a.outcome), b.end);
    EXPECT_EQ(a.hops, b.hops);
    EXPECT_EQ(a.trace.size(), b.branch.size());
    if (a.trace.size() != b.branch.size()) continue;
    for (std::size_t n = 0; n < a.trace.size(); ++n) {
      EXPECT_EQ(a.trace[n].node, b.branch[n].node) << "step " << n;
      EXPECT_EQ(a.trace[n].state, b.branch[n].state) << "step " << n;
      EXPECT_EQ(a.trace[n].moved, b.branch[n].moved) << "step " << n;
      if (a.trace[n].moved) {
        EXPECT_EQ(a.trace[n].port, b.branch[n].port) << "step " << n;
      }
    }
    EXPECT_TRUE(std::includes(b.reads.begin(), b.reads.end(), engine_reads.begin(), engine_reads.end()));
  }
  return seen;
}

TEST(ReplayRun, AgreesWithTheEngineRunner) {
  const Case cases[] = {
      {"torus(4,4)", "shortest", UnitChoice::Nodes},                     // adaptive, global
      {"torus(4,4)", "ft-torus", UnitChoice::Nodes},                     // a descriptor search at the source
      {"torus(4,4)", "ft-torus(flow=bubble)", UnitChoice::Links},        // the tag in the state
      {"mesh(4,4)", "dor", UnitChoice::Links},                           // meets its faults
      {"mikant(4,3)", "mikant-x-turns(choice=all, saved=no)", UnitChoice::Links},  // local, adaptive
      {"mikant(4,3)", "mikant-shortest", UnitChoice::Links},             // takes faulty ports
      {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1", UnitChoice::Nodes},
      {"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft2", UnitChoice::Nodes},
      {"dragonfly(p=1, a=4, h=1)", "dragonfly-ugal", UnitChoice::Links},
  };
  std::map<ReplayEnd, int> seen;
  std::uint64_t seed = 1;
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.model) + " " + c.routing);
    for (const auto& [end, n] : compare_on_random_runs(c, 3, 150, seed++)) seen[end] += n;
  }
  EXPECT_GT(seen[ReplayEnd::Delivered], 0);
  EXPECT_GT(seen[ReplayEnd::Blocked], 0);
  EXPECT_GT(seen[ReplayEnd::NoRoute], 0);
}

// Port 0 (x+ on a torus) at every node: a packet for another row circles its
// ring.  With `count`, the state counts the hops and never repeats.
class AlwaysPortZero final : public Routing {
 public:
  explicit AlwaysPortZero(bool count) : count_(count) {}
  std::string spec() const override { return count_ ? "port-zero-counting" : "port-zero"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  void next(NodeId, const PacketState& state, NodeId, FaultView&, Hops& out) const override {
    Hop h;
    h.state = state;
    if (count_) ++h.state.w[0];
    out.push_back(h);
  }

 private:
  bool count_;
};

// torus(4,4) labels nodes x + 4y: from node 0 to node 4 (the next row) x+
// never arrives.
TEST(ReplayRun, ACirclingPacketIsALivelockEndingWhereItBegan) {
  const auto i = make("torus(4,4)", UnitChoice::Nodes);
  const FaultSet none(i.model->universe().size(), {});
  const Replay r = replay_every_branch(AlwaysPortZero(false), *i.model, none, 0, 4, hop_limit_for(*i.net));
  EXPECT_EQ(r.end, ReplayEnd::Livelock);
  EXPECT_EQ(r.hops, 3u);
  ASSERT_EQ(r.branch.size(), 5u);  // 0 1 2 3, then 0 met again
  EXPECT_EQ(r.branch.front().node, r.branch.back().node);
  EXPECT_FALSE(r.branch.back().moved);
  EXPECT_TRUE(r.branch[3].moved);
}

TEST(ReplayRun, AStateThatNeverRepeatsEndsAtTheHopLimit) {
  const auto i = make("torus(4,4)", UnitChoice::Nodes);
  const FaultSet none(i.model->universe().size(), {});
  const Replay r = replay_every_branch(AlwaysPortZero(true), *i.model, none, 0, 4, 10);
  EXPECT_EQ(r.end, ReplayEnd::HopLimit);
  EXPECT_EQ(r.hops, 10u);
  EXPECT_EQ(r.branch.size(), 11u);
}

TEST(ReplayRun, AFaultOnTheWayBlocksAndIsNotARead) {
  const auto i = make("torus(4,4)", UnitChoice::Nodes);
  const auto dor = RoutingRegistry::builtin().build("dor", *i.net);
  const std::size_t node1 = *i.model->unit_of_node(1);
  const FaultSet one(i.model->universe().size(), std::vector<std::size_t>{node1});
  const Replay r = replay_every_branch(*dor, *i.model, one, 0, 2, hop_limit_for(*i.net));
  EXPECT_EQ(r.end, ReplayEnd::Blocked);
  EXPECT_EQ(r.hops, 0u);
  EXPECT_TRUE(std::find(r.reads.begin(), r.reads.end(), node1) == r.reads.end());
  const Replay healthy = replay_every_branch(*dor, *i.model, FaultSet(i.model->universe().size(), {}), 0, 2,
                                             hop_limit_for(*i.net));
  EXPECT_EQ(healthy.end, ReplayEnd::Delivered);
  EXPECT_EQ(healthy.hops, 2u);
  EXPECT_TRUE(std::find(healthy.reads.begin(), healthy.reads.end(), node1) != healthy.reads.end());
}

}  // namespace
}  // namespace menger
