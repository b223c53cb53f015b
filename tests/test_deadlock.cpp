// Deadlock engine (verify/dependency_graph, verify/deadlock, verify/deadlock_evidence)
// against a brute-force dependency graph built pair by pair, the classic results
// (Dally and Seitz: dimension order on meshes and rings), forged evidence, the
// lazy fault search against enumerating every fault set, and thread counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <tbb/global_control.h>

#include "budget_stops.h"
#include "core/budget.h"
#include "core/error.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/route/route_run.h"
#include "verify/route/route_witness.h"

namespace menger {
namespace {

using Dep = std::pair<ChannelId, ChannelId>;

// Every dependency, pair by pair, with no memory shared between pairs.
std::set<Dep> brute_dependencies(const RouteSetup& s, const FaultSet& faults) {
  const Network& net = *s.net;
  const ChannelSpace space(net, s.routing->vcs());
  RecordingFaultView view(*s.model, s.routing->knowledge());
  std::set<Dep> deps;
  for (NodeId a : s.model->terminals())
    for (NodeId d : s.model->terminals()) {
      if (a == d || !s.model->pair_required(a, d)) continue;
      view.reset(faults, 0);
      std::set<std::tuple<std::int64_t, NodeId, PacketState>> seen;
      view.at(a);
      std::vector<std::tuple<std::int64_t, NodeId, PacketState>> stack{{-1, a, s.routing->start(a, d, view)}};
      while (!stack.empty()) {
        auto [held, here, st] = stack.back();
        stack.pop_back();
        if (here == d) continue;
        Hops hops;
        view.at(here);
        s.routing->next(here, st, d, view, hops);
        for (const Hop& h : hops) {
          const PortSlot& slot = net.port(here, h.port);
          if (view.hop_blocked(slot)) continue;
          const ChannelId c = space.channel(slot.link, here, h.vc);
          if (held >= 0) deps.emplace(static_cast<ChannelId>(held), c);
          if (seen.emplace(c, slot.peer, h.state).second) stack.emplace_back(c, slot.peer, h.state);
        }
      }
    }
  return deps;
}

// Kahn's algorithm on the brute-force graph.
bool brute_acyclic(const std::set<Dep>& deps, ChannelId channels) {
  std::vector<std::uint32_t> indeg(channels, 0);
  std::multimap<ChannelId, ChannelId> out;
  for (auto [a, b] : deps) {
    ++indeg[b];
    out.emplace(a, b);
  }
  std::vector<ChannelId> ready;
  for (ChannelId c = 0; c < channels; ++c)
    if (!indeg[c]) ready.push_back(c);
  std::size_t removed = 0;
  while (!ready.empty()) {
    const ChannelId c = ready.back();
    ready.pop_back();
    ++removed;
    auto [lo, hi] = out.equal_range(c);
    for (auto it = lo; it != hi; ++it)
      if (--indeg[it->second] == 0) ready.push_back(it->second);
  }
  return removed == channels;
}

struct Case {
  std::string model, routing;
};

TEST(DependencyGraph, MatchesBruteForcePairByPair) {
  const std::vector<Case> cases = {{"mesh(4,4)", "dor"},          {"torus(4,4)", "dor"},
                                   {"torus(3,3,3)", "dor"},       {"hypercube(4)", "dor"},
                                   {"hypercube(3)", "shortest"},  {"mesh(3,4)", "shortest"},
                                   {"torus(4,4)", "ft-torus"},    {"mikant(3,3)", "mikant-shortest"},
                                   {"mikant(3,3)", "mikant-x-turns"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.model + " " + c.routing);
    RouteSetup s = make_route_setup(c.model, c.routing, "nodes");
    const DependencyAnalysis a = analyse_dependencies(*s.routing, *s.model, {});
    const auto deps = brute_dependencies(s, FaultSet(s.model->universe().size()));
    const ChannelSpace space(*s.net, s.routing->vcs());
    EXPECT_EQ(a.direct_dependencies, deps.size());
    EXPECT_EQ(a.acyclic, brute_acyclic(deps, space.size()));
    for (const auto& d : a.cycle) EXPECT_TRUE(deps.count({d.from, d.to})) << "a cycle edge the routing never makes";
    if (!a.cycle.empty()) {
      EXPECT_EQ(a.cycle.front().from, a.cycle.back().to);
    }
    for (std::size_t i = 1; i < a.cycle.size(); ++i) EXPECT_EQ(a.cycle[i - 1].to, a.cycle[i].from);
  }
}

TEST(Deadlock, DimensionOrderOnMeshIsFreeWithACheckedOrder) {
  RouteSetup s = make_route_setup("mesh(4,4)", "dor", "nodes");
  const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
  ASSERT_EQ(r.status, DeadlockResult::Status::Free);
  DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  EXPECT_TRUE(check_deadlock_evidence(deadlock_evidence_from_json(to_json(e))).valid);
  // A forged order: the last channel first.
  std::rotate(e.order.rbegin(), e.order.rbegin() + 1, e.order.rend());
  EXPECT_FALSE(check_deadlock_evidence(e).valid);
  e.order.pop_back();
  EXPECT_FALSE(check_deadlock_evidence(e).valid);
}

TEST(Deadlock, DimensionOrderOnRingsDeadlocksWithAReplayableWitness) {
  for (const std::string model : {"torus(4,4)", "torus(5,3)", "torus(4,4,4)"}) {
    SCOPED_TRACE(model);
    RouteSetup s = make_route_setup(model, "dor", "nodes");
    const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
    ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock);
    EXPECT_FALSE(r.plain.adaptive);
    DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
    EXPECT_TRUE(check_deadlock_evidence(deadlock_evidence_from_json(to_json(e))).valid);
    e.packets.pop_back();  // the ring no longer closes: someone can move
    EXPECT_FALSE(check_deadlock_evidence(e).valid);
  }
}

// The evidence checkers follow every pair of the network a witness names, so
// they honour the check's budget (fuzzing: fuzz/corpus/witness/finding-*
// names mikant(7,3) and ran past 10 s under ASan): UNKNOWN, never a hang.
TEST(Deadlock, EvidenceChecksStopAtTheBudget) {
  RouteSetup s = make_route_setup("torus(4,4)", "dor", "nodes");
  const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
  ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock);
  const DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  const Budget expired = Budget::until(Clock::now() - std::chrono::seconds(1));
  EXPECT_THROW(check_deadlock_evidence(e, expired), BudgetExhausted);
}

TEST(Deadlock, DuatoEscapeChannelsProveTheAdaptiveTorusRoutingFree) {
  RouteSetup s = make_route_setup("torus(4,4)", "duato-torus", "nodes");
  const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
  ASSERT_EQ(r.status, DeadlockResult::Status::Free);
  EXPECT_FALSE(r.plain.acyclic);  // the adaptive VC alone has ring cycles
  ASSERT_TRUE(r.escape.has_value());
  EXPECT_EQ(vc_set_text(r.escape->escape_vcs), "{0,1}");
  DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  EXPECT_TRUE(check_deadlock_evidence(e).valid);
  e.escape_vcs = {false, false, true};  // the adaptive VC as escape: its order cannot be right
  EXPECT_FALSE(check_deadlock_evidence(e).valid);
}

TEST(Deadlock, AllTurnsOnAMeshGiveADeadlockedConfiguration) {
  RouteSetup s = make_route_setup("mesh(4,4)", "minimal-adaptive", "nodes");
  const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
  ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock);
  EXPECT_TRUE(r.plain.adaptive);
  DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  EXPECT_TRUE(check_deadlock_evidence(e).valid);
  e.packets.erase(e.packets.begin());
  EXPECT_FALSE(check_deadlock_evidence(e).valid);
  for (const std::string free : {"west-first", "north-last", "negative-first"}) {
    RouteSetup t = make_route_setup("mesh(4,4)", free, "nodes");
    EXPECT_EQ(check_deadlock(*t.routing, *t.model, {}).status, DeadlockResult::Status::Free) << free;
  }
}

// A deadlock witness's requests are confirmed, not read past (issue 21): a
// packet said to request a channel it never asks for, or fewer than it asks
// for, makes the witness invalid, and so do numbers beyond their field's range.
TEST(Deadlock, WitnessRequestsAreCheckedExactly) {
  RouteSetup s = make_route_setup("mesh(4,4)", "minimal-adaptive", "nodes");
  const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
  ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock);
  const DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  ASSERT_TRUE(check_deadlock_evidence(e).valid);
  ASSERT_FALSE(e.packets.empty());
  DeadlockEvidence fewer = e;
  ASSERT_FALSE(fewer.packets[0].requests.empty());
  fewer.packets[0].requests.pop_back();
  EXPECT_FALSE(check_deadlock_evidence(fewer).valid);
  DeadlockEvidence more = e;
  more.packets[0].requests.push_back(e.packets[0].channel);  // its own channel: never a request
  EXPECT_FALSE(check_deadlock_evidence(more).valid);
  nlohmann::json j = to_json(e);
  j["packets"][0]["channel"][2] = 4294967296ull;  // VC 2^32: once cut silently to 0
  EXPECT_THROW(deadlock_evidence_from_json(j), InputError);
  j = to_json(e);
  j["format"] = nullptr;
  EXPECT_FALSE(is_deadlock_evidence(j));
  // A channel over an unconnected port (a mesh corner's missing neighbour; an
  // InfiniBand switch's port 0): one clear error, once a crash.
  DeadlockEvidence dangling = e;
  const NodeId corner = *s.net->find_node(dangling.packets[0].channel.node == "(0,0)" ? "(3,3)" : "(0,0)");
  PortId open = 0;
  while (open < s.net->num_ports(corner) && s.net->port(corner, open).connected()) ++open;
  ASSERT_LT(open, s.net->num_ports(corner));
  dangling.packets[0].channel.node = s.net->label(corner);
  dangling.packets[0].channel.port = open;
  EXPECT_THROW(check_deadlock_evidence(dangling), InputError);
}

TEST(Deadlock, SameAnswerForAnyThreadCount) {
  auto run = [](int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    RouteSetup s = make_route_setup("torus(5,5)", "ft-torus", "nodes");
    const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
    return to_json(make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r)).dump() +
           std::to_string(r.plain.configurations) + std::to_string(r.plain.graph_edges);
  };
  EXPECT_EQ(run(1), run(2));
}

// The least fault-set size at which the verdict is not FREE, by enumerating
// every set of size <= k (nullopt: none).
std::optional<std::size_t> brute_least_failing(const RouteSetup& s, std::uint32_t k) {
  const std::size_t n = s.model->universe().size();
  for (std::size_t j = 0; j <= k; ++j) {
    std::vector<bool> pick(n, false);
    std::fill(pick.begin(), pick.begin() + static_cast<std::ptrdiff_t>(j), true);
    do {
      FaultSet f(n);
      for (std::size_t u = 0; u < n; ++u)
        if (pick[u]) f.insert(u);
      DeadlockOptions o;
      o.faults = &f;
      o.fault_budget = k;
      if (check_deadlock(*s.routing, *s.model, o).status != DeadlockResult::Status::Free) return j;
    } while (std::prev_permutation(pick.begin(), pick.end()));
  }
  return std::nullopt;
}

TEST(DeadlockFaults, LazySearchFindsTheLeastFailingSizeOfBruteForce) {
  const std::vector<Case> cases = {{"mesh(3,3)", "shortest(choice=first)"}, {"mesh(3,3)", "dor"}, {"mesh(4,4)", "shortest(choice=first)"},
                                   {"hypercube(3)", "shortest"}};
  for (const auto& c : cases)
    for (const std::string units : {"links", "nodes"}) {
      SCOPED_TRACE(c.model + " " + c.routing + " " + units);
      RouteSetup s = make_route_setup(c.model, c.routing, units);
      const DeadlockSearchResult r = search_deadlock_faults(*s.routing, *s.model, 2, {}, Budget());
      const auto brute = brute_least_failing(s, 2);
      ASSERT_TRUE(r.complete);
      EXPECT_EQ(r.failing.has_value(), brute.has_value());
      if (r.failing && brute) {
        EXPECT_EQ(r.failing->count(), *brute);
      }
    }
}

// Fault sets up to translation (deadlock.h, "Symmetry") against every set:
// the same verdict, a least failing set of the same size whose own analysis
// gives the failing verdict again, and fewer analyses.
TEST(DeadlockFaults, TranslationOrbitsGiveThePlainSearchsVerdict) {
  struct Sym {
    std::string model, routing, units, escape;
    std::uint32_t k;
  };
  const std::vector<Sym> cases = {{"torus(4,4)", "ft-torus(flow=bubble)", "nodes", "1,2", 3},
                                  {"torus(3,3,3)", "ft-torus(flow=bubble)", "nodes", "1,2", 2},
                                  {"torus(4,4)", "ft-torus(flow=bubble, combine=yes)", "nodes", "1,2", 3},
                                  {"torus(3,3)", "dor", "nodes", "", 2},
                                  {"torus(3,3)", "dor", "links", "", 2}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.model + " " + c.routing + " " + c.units);
    RouteSetup s = make_route_setup(c.model, c.routing, c.units);
    const auto escape = parse_vc_set(c.escape, s.routing->vcs(), "escape");
    const DeadlockSearchResult plain = search_deadlock_faults(*s.routing, *s.model, c.k, escape, Budget(), false);
    const DeadlockSearchResult sym = search_deadlock_faults(*s.routing, *s.model, c.k, escape, Budget(), true);
    EXPECT_TRUE(plain.symmetry.empty());
    EXPECT_FALSE(sym.symmetry.empty()) << "the translations were not used";
    ASSERT_EQ(sym.failing.has_value(), plain.failing.has_value());
    EXPECT_LT(sym.analyses, plain.analyses);
    if (!plain.failing) continue;
    EXPECT_EQ(sym.failing->count(), plain.failing->count());
    EXPECT_EQ(sym.failing_result->status, plain.failing_result->status);
    DeadlockOptions o;
    o.escape_vcs = escape;
    o.faults = &*sym.failing;
    o.fault_budget = c.k;
    EXPECT_EQ(check_deadlock(*s.routing, *s.model, o).status, sym.failing_result->status);
  }
  // Datelines break translation symmetry: duato-torus does not declare it, and gets no reduction.
  RouteSetup s = make_route_setup("torus(4,3)", "duato-torus", "links");
  EXPECT_TRUE(search_deadlock_faults(*s.routing, *s.model, 1, {}, Budget(), true).symmetry.empty());
}

// The fault-free analysis is made first (it is the evidence); the budget is
// checked again before every later set.  The least test stop that lets the
// fault-free analysis finish stops the search at its next check.  On one
// thread: the exploration's checks are counted per thread, so with several
// the count to the end of the analysis depends on how TBB shares it out.
TEST(DeadlockFaults, BudgetEndsInUnknownWithCoverage) {
  const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
  RouteSetup s = make_route_setup("mesh(4,4)", "dor", "links");
  const auto run = [&](const Budget& b) { return search_deadlock_faults(*s.routing, *s.model, 3, {}, b); };
  const DeadlockSearchResult r = run(testing::stopping_at(testing::first_stop_after_preparation(run)));
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.analyses, 1u);
  EXPECT_FALSE(r.failing);
  EXPECT_NE(r.coverage.text().find("fault-free network is FREE"), std::string::npos) << r.coverage.text();
  EXPECT_EQ(r.coverage.unit, "fault sets");
  EXPECT_EQ(r.coverage.settled, r.analyses);
}

// A livelock bug: the packet always takes port 0 (x+ on a torus) and counts
// its hops, so a packet for another row circles its ring for ever and its
// state never repeats.  `limit` > 0 stops counting there (a bounded state).
class LapCounter final : public Routing {
 public:
  explicit LapCounter(std::int32_t limit = 0) : limit_(limit) {}
  std::string spec() const override { return "lap-counter"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  void next(NodeId, const PacketState& state, NodeId, FaultView&, Hops& out) const override {
    Hop h;
    h.state = state;
    if (!limit_ || h.state.w[0] < limit_) ++h.state.w[0];
    out.push_back(h);
  }
  std::string describe_state(const PacketState& state) const override {
    return "lap counter " + std::to_string(state.w[0]);
  }

 private:
  std::int32_t limit_;
};

TEST(DependencyGraph, AStateThatGrowsAtEveryHopIsRefusedNamingIt) {
  RouteSetup s = make_route_setup("torus(4,4)", "dor", "nodes");
  const std::uint64_t cap = packet_state_cap(*s.net);
  EXPECT_EQ(cap, 4u * (2 * 16 + 16));
  try {
    check_deadlock(LapCounter(), *s.model, {});
    FAIL() << "a state that grows for ever was explored to the end";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("lap-counter keeps making new packet states"), std::string::npos) << what;
    EXPECT_NE(what.find("more than " + std::to_string(cap) + " distinct states"), std::string::npos) << what;
    // The latest state and the one it was made from, by describe_state, the hop and the destination.
    EXPECT_NE(what.find("[lap counter " + std::to_string(cap + 1) + "], made at"), std::string::npos) << what;
    EXPECT_NE(what.find("from [lap counter " + std::to_string(cap) + "]"), std::string::npos) << what;
    EXPECT_NE(what.find("its packets for "), std::string::npos) << what;
    EXPECT_NE(what.find("->"), std::string::npos) << what;
    EXPECT_NE(what.find("livelock"), std::string::npos) << what;
  }
  // The quick check (dependency_quotient.h) explores with the same bound.
  DeadlockOptions quick;
  quick.quick_plain_check = true;
  EXPECT_THROW(check_deadlock(LapCounter(), *s.model, quick), InputError);
  // Route-check's view of the same routing: a run ends at the hop limit.
  const LapCounter lap;  // the runner keeps a reference: not a temporary
  RouteRunner runner(lap, *s.model, {});
  const FaultSet none(s.model->universe().size());
  EXPECT_EQ(runner.run(none, 0, 4, std::nullopt).outcome, RunOutcome::HopLimit);
}

// A counter that stops at the cap is a bounded state: explored to the end.
TEST(DependencyGraph, StatesUpToTheCapAreExplored) {
  RouteSetup s = make_route_setup("torus(4,4)", "dor", "nodes");
  const auto cap = static_cast<std::int32_t>(packet_state_cap(*s.net));
  // States 1..cap (the injected 0 is never held on a channel): exactly the cap.
  const DeadlockResult r = check_deadlock(LapCounter(cap), *s.model, {});
  EXPECT_EQ(r.status, DeadlockResult::Status::Deadlock);  // the rings, once the counter stops
  EXPECT_THROW(check_deadlock(LapCounter(cap + 1), *s.model, {}), InputError);
}

// The exploration checks the budget it is passed as it goes, whether the
// routing's state grows or not.
TEST(DependencyGraph, TheExplorationStopsAtTheBudget) {
  RouteSetup s = make_route_setup("torus(6,6,6)", "duato-torus", "nodes");
  {
    const Budget gone = Budget::until(Clock::now());  // gone by the first check
    EXPECT_THROW(explore(*s.routing, *s.model, nullptr, 0, gone), BudgetExhausted);
    EXPECT_THROW(explore(LapCounter(), *s.model, nullptr, 0, gone), BudgetExhausted);  // before the cap
  }
  {
    const Budget cancelled;
    cancelled.cancel();
    try {
      explore(*s.routing, *s.model, nullptr, 0, cancelled);
      ADD_FAILURE() << "a cancelled exploration ran to the end";
    } catch (const BudgetExhausted& e) {
      EXPECT_EQ(e.cause(), StopCause::Interrupted);
      EXPECT_NE(std::string(e.what()).find("channel dependency graph"), std::string::npos) << e.what();
    }
  }
}

TEST(Deadlock, EscapeSetsThatDoNotFitAreInputErrors) {
  RouteSetup s = make_route_setup("torus(4,4)", "ft-torus", "nodes");
  EXPECT_THROW(parse_vc_set("0,3", 3, "escape"), InputError);
  EXPECT_THROW(parse_vc_set("0,,1", 3, "escape"), InputError);
  EXPECT_THROW(parse_vc_set("x", 3, "escape"), InputError);
  DeadlockOptions o;
  o.escape_vcs = {true, false};
  EXPECT_THROW(check_deadlock(*s.routing, *s.model, o), InputError);
}

}  // namespace
}  // namespace menger
