// The exact deadlock check (verify/deadlock/deadlock_exact.h) against the
// explicit-state model of FIFO channel buffers (tests/flow_model.h), which
// tries every interleaving of injections and moves, on small networks; and its
// evidence against the independent checker, with forgeries.
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <set>

#include "core/error.h"
#include "setup/setup.h"
#include "tests/node_faults.h"
#include "tests/flow_model.h"
#include "tests/traffic_subset.h"
#include "tests/worm_model.h"
#include "verify/deadlock/deadlock.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/check/deadlock_evidence_check.h"

namespace menger {
namespace {

ExactResult exact(const RouteSetup& s, const FaultSet& f, std::uint32_t buffers) {
  const Exploration x = explore(*s.routing, *s.model, &f, static_cast<std::uint32_t>(f.count()));
  return decide_deadlock(x, {{Switching::CutThrough, buffers}});
}

struct Instance {
  std::string model, routing;
  std::vector<std::string> faults;
  std::uint32_t buffers;
};

// Instances small enough for the explicit-state model to settle in under 40,000
// states: rings of 4 and 6 nodes, 2x2 and 3x3 meshes and tori, 1 or 2 VCs, with
// and without bubble flow control.  (Larger ones, e.g. torus(3,3) with
// dor(flow=bubble), torus(6) with it, or duato-torus on torus(4), exceed a
// million states with all traffic; they are compared on chosen traffic
// below.)  Both verdicts are computed; neither is written here.
const std::vector<Instance> kCompared = {
    {"torus(4)", "dor", {}, 1},
    {"torus(4)", "dor", {}, 2},
    {"torus(4)", "dor(flow=bubble)", {}, 2},
    {"torus(4)", "direction-order(flow=bubble)", {}, 2},
    {"torus(6)", "dor", {}, 1},
    {"mesh(2,2)", "dor", {}, 1},
    {"mesh(3,3)", "minimal-adaptive", {}, 1},
    {"torus(2,2)", "dor", {}, 1},
    {"torus(4)", "fir(config=adaptive, br=port)", {}, 2},
};

// Instances for the certificates (no ground truth needed).
const std::vector<Instance> kInstances = {
    {"torus(4)", "dor(flow=bubble)", {}, 2},
    {"torus(6)", "dor(flow=bubble)", {}, 2},
    {"torus(3,3)", "dor(flow=bubble)", {}, 2},
    {"torus(4)", "fir(config=adaptive, br=vc)", {}, 2},
    {"torus(3,3)", "ft-torus(escapes=one, flow=bubble)", {"(0,0)"}, 2},
    {"torus(4,4)", "ft-torus(flow=bubble)", {"(0,0)"}, 2},
};

TEST(DeadlockExact, AgreesWithTheExplicitStateModel) {
  std::size_t compared = 0, deadlocks = 0;
  for (const Instance& in : kCompared) {
    SCOPED_TRACE(in.model + " " + in.routing + " B=" + std::to_string(in.buffers));
    RouteSetup s = make_route_setup(in.model, in.routing, "nodes");
    const FaultSet f = faults_of(s, in.faults);
    const ExactResult r = exact(s, f, in.buffers);
    ASSERT_NE(r.status, ExactResult::Status::Unknown) << r.reason;
    FlowModel flow{*s.net, *s.model, *s.routing};
    flow.capacity = in.buffers;
    flow.faults = &f;
    flow.max_states = 40'000;
    bool truth = false;
    try {
      truth = flow.deadlock_reachable();
    } catch (const std::runtime_error&) {
      ADD_FAILURE() << "the explicit-state model did not settle within 40,000 states";
      continue;
    }
    ++compared;
    deadlocks += truth;
    EXPECT_EQ(r.status == ExactResult::Status::Deadlock, truth) << r.reason;
  }
  // Most instances must be settled by the model, and both verdicts must occur.
  EXPECT_EQ(compared, kCompared.size());
  EXPECT_GT(deadlocks, 0u);
  EXPECT_LT(deadlocks, compared);
}

// Where all traffic has too many states for the explicit-state model (3x3
// meshes and tori, 4x4 tori, up to 3 VCs, the catalog's routings and 003's
// faulty tori), both sides get the same few (source, destination) pairs: the
// engine through an exploration restricted to them, the model through its
// traffic filter.  The pairs: those of the engine's own all-traffic deadlock
// schedule (does the model reach a deadlock with them alone?), that set less
// one pair (often free, and the hard side), and small sets drawn with a fixed
// seed.  Verdicts must agree wherever the model settles; an engine UNKNOWN is
// a failure.
using Traffic = std::set<std::pair<NodeId, NodeId>>;

// An explicit-state model's answer; nullopt when it passes its state bound.
template <class Model>
std::optional<bool> settle(Model& m) {
  try {
    return m.deadlock_reachable();
  } catch (const std::runtime_error&) {
    return std::nullopt;
  }
}

std::vector<Traffic> traffic_sets(const RouteSetup& s, const FaultSet& f, const Exploration& all,
                                  const SwitchingModel& sw, std::mt19937& rng) {
  std::vector<Traffic> sets;
  const ExactResult whole = decide_deadlock(all, {sw});
  if (whole.status == ExactResult::Status::Deadlock) {
    Traffic used;
    for (const auto& p : whole.schedule) used.emplace(p.packet.src, p.packet.dst);
    sets.push_back(used);
    for (std::size_t i = 0; i < std::min<std::size_t>(used.size(), 3); ++i) {
      Traffic less = used;
      less.erase(std::next(less.begin(), static_cast<std::ptrdiff_t>(rng() % less.size())));
      sets.push_back(less);
    }
  }
  std::vector<NodeId> healthy;
  for (NodeId t : s.model->terminals())
    if (!f.contains(*s.model->unit_of_node(t))) healthy.push_back(t);
  for (std::size_t want : {2, 3, 3}) {
    Traffic pairs;
    while (pairs.size() < want) {
      const NodeId a = healthy[rng() % healthy.size()], b = healthy[rng() % healthy.size()];
      if (a != b) pairs.emplace(a, b);
    }
    sets.push_back(pairs);
  }
  return sets;
}

TEST(DeadlockExact, AgreesWithTheExplicitStateModelOnChosenTraffic) {
  const std::vector<Instance> instances = {
      {"mesh(3,3)", "dor", {}, 1},
      {"mesh(3,3)", "minimal-adaptive", {}, 1},
      {"mesh(3,3)", "west-first", {}, 1},
      {"torus(3,3)", "dor", {}, 1},
      {"torus(3,3)", "dor(flow=bubble)", {}, 2},
      {"torus(3,3)", "duato-torus", {}, 1},
      {"torus(3,3)", "ft-torus(escapes=one, flow=bubble)", {"(0,0)"}, 2},
      {"torus(4,4)", "dor", {}, 1},
      {"torus(4,4)", "dor", {}, 2},
      {"torus(4,4)", "direction-order(flow=bubble)", {}, 2},
      {"torus(4,4)", "ft-torus(flow=bubble)", {"(0,0)", "(1,0)", "(3,1)"}, 2},
      {"torus(4,4)", "ft-torus(escapes=one, flow=bubble)", {"(0,0)"}, 2},
      {"torus(4,4)", "fir(config=adaptive, br=port)", {}, 2},
      {"torus(3,3)", "duato-bubble", {}, 2},
  };
  std::mt19937 rng(18);
  std::size_t compared = 0, deadlocks = 0, too_big = 0, sat_decided = 0;
  for (const Instance& in : instances) {
    RouteSetup s = make_route_setup(in.model, in.routing, "nodes");
    const FaultSet f = faults_of(s, in.faults);
    const Exploration all = explore(*s.routing, *s.model, &f, static_cast<std::uint32_t>(f.count()));
    for (const Traffic& pairs : traffic_sets(s, f, all, {Switching::CutThrough, in.buffers}, rng)) {
      auto traffic = [&](NodeId a, NodeId b) { return pairs.count({a, b}) > 0; };
      std::string named;
      for (auto [a, b] : pairs) named += " " + s.net->label(a) + "->" + s.net->label(b);
      SCOPED_TRACE(in.model + " " + in.routing + " B=" + std::to_string(in.buffers) + ":" + named);
      FlowModel flow{*s.net, *s.model, *s.routing};
      flow.capacity = in.buffers;
      flow.faults = &f;
      flow.traffic = traffic;
      flow.max_states = 30'000;
      const auto settled = settle(flow);
      if (!settled) {
        ++too_big;
        continue;
      }
      const bool truth = *settled;
      const Exploration mine = restrict_traffic(all, traffic);
      const ExactResult r = decide_deadlock(mine, {{Switching::CutThrough, in.buffers}});
      EXPECT_NE(r.status, ExactResult::Status::Unknown) << r.reason;
      // SAT instead of the case tree (a case budget of 0, deadlock_sat.h).
      const ExactResult by_sat = decide_deadlock(mine, {{Switching::CutThrough, in.buffers}, 0});
      if (by_sat.status != ExactResult::Status::Unknown)
        EXPECT_EQ(by_sat.status == ExactResult::Status::Deadlock, truth) << by_sat.reason;
      else
        EXPECT_FALSE(!truth) << "SAT leaves UNKNOWN where no deadlock exists: " << by_sat.reason;
      sat_decided += by_sat.status != ExactResult::Status::Unknown;
      if (r.status == ExactResult::Status::Unknown) continue;
      ++compared;
      deadlocks += truth;
      EXPECT_EQ(r.status == ExactResult::Status::Deadlock, truth) << r.reason;
    }
  }
  std::cout << "compared " << compared << " (deadlocks " << deadlocks << "), by SAT " << sat_decided
            << ", beyond the model " << too_big << "\n";
  EXPECT_GE(sat_decided, compared - 2);
  EXPECT_GT(deadlocks, 5u);
  EXPECT_GT(compared - deadlocks, 5u);
  EXPECT_LT(too_big, compared / 2);
}

// Wormhole against the flit-level model (tests/worm_model.h) on chosen
// traffic as above: a FREE verdict (packets of any length) must leave the
// model without a deadlock for packets of up to 4 flits; a DEADLOCK must be
// one the model reaches with packets as long as the witness's longest worm.
TEST(DeadlockExact, WormholeAgreesWithTheFlitLevelModel) {
  const std::vector<std::pair<std::string, std::string>> instances = {
      {"mesh(3,3)", "north-last-split"}, {"mesh(3,3)", "minimal-adaptive"}, {"mesh(3,3)", "west-first"},
      {"mesh(3,3)", "negative-first"},   {"torus(4)", "dor"},               {"torus(3,3)", "dor-dateline"},
      {"torus(3,3)", "duato-torus"},     {"torus(4,4)", "dor"},
  };
  std::mt19937 rng(5);
  std::size_t compared = 0, deadlocks = 0, longer = 0, too_big = 0, unknown = 0;
  for (const auto& [model, routing] : instances) {
    RouteSetup s = make_route_setup(model, routing, "nodes");
    const FaultSet none(s.model->universe().size());
    const Exploration all = explore(*s.routing, *s.model);
    for (const Traffic& pairs : traffic_sets(s, none, all, {Switching::Wormhole, 1}, rng)) {
      auto traffic = [&](NodeId a, NodeId b) { return pairs.count({a, b}) > 0; };
      std::string named;
      for (auto [a, b] : pairs) named += " " + s.net->label(a) + "->" + s.net->label(b);
      SCOPED_TRACE(model + " " + routing + ":" + named);
      const ExactResult r = decide_deadlock(restrict_traffic(all, traffic), {{Switching::Wormhole, 1}});
      std::uint32_t length = 4;
      if (r.status == ExactResult::Status::Deadlock) {
        length = 1;
        for (const auto& p : r.schedule) length = std::max(length, p.holds);
        longer += length > 1;
      }
      WormModel worms{*s.net, *s.model, *s.routing};
      worms.max_length = length;
      worms.traffic = traffic;
      worms.max_states = 50'000;
      const auto settled = settle(worms);
      if (!settled) {
        ++too_big;
        continue;
      }
      const bool truth = *settled;
      if (r.status == ExactResult::Status::Unknown) {
        ++unknown;
        EXPECT_FALSE(truth) << "the model deadlocks where the engine says " << r.reason;
        continue;
      }
      ++compared;
      deadlocks += truth;
      EXPECT_EQ(r.status == ExactResult::Status::Deadlock, truth) << r.reason;
    }
  }
  std::cout << "compared " << compared << " (deadlocks " << deadlocks << ", " << longer
            << " with worms of several channels), engine UNKNOWN " << unknown << ", beyond the model " << too_big
            << "\n";
  EXPECT_GT(deadlocks, 3u);
  EXPECT_GT(longer, 0u);
  EXPECT_GT(compared - deadlocks, 5u);
}

DeadlockResult engine(const RouteSetup& s, const FaultSet& f, std::optional<SwitchingModel> m = std::nullopt) {
  DeadlockOptions o;
  o.faults = &f;
  o.fault_budget = static_cast<std::uint32_t>(f.count());
  o.switching = m;
  return check_deadlock(*s.routing, *s.model, o);
}

// 003's FT-FIR beyond its fault budget (proofs/003/ft-fir-escape-channels.toml):
// the exact check settles what Duato's condition left UNKNOWN, and the
// schedule replays; every forgery of it is refused.
TEST(DeadlockExact, ScheduleReplaysAndForgeriesFail) {
  RouteSetup s = make_route_setup("torus(4,4)", "ft-torus(flow=bubble)", "nodes");
  const FaultSet f = faults_of(s, {"(0,0)", "(1,0)", "(3,1)"});
  const DeadlockResult r = engine(s, f);
  ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock) << r.reason;
  ASSERT_TRUE(r.exact.has_value());
  const DeadlockEvidence good = make_deadlock_evidence(*s.routing, *s.model, f, r);
  const EvidenceCheck ok = check_deadlock_evidence(deadlock_evidence_from_json(to_json(good)));
  ASSERT_TRUE(ok.valid) << ok.problems.front();
  DeadlockEvidence missing = good;  // one packet fewer: some head can move
  missing.schedule.pop_back();
  EXPECT_FALSE(check_deadlock_evidence(missing).valid);
  DeadlockEvidence more = good;  // three buffers: room everywhere
  more.buffers = 3;
  EXPECT_FALSE(check_deadlock_evidence(more).valid);
  DeadlockEvidence swapped = good;  // the last arrival first: its route is then other
  std::rotate(swapped.schedule.begin(), swapped.schedule.end() - 1, swapped.schedule.end());
  const EvidenceCheck c = check_deadlock_evidence(swapped);
  (void)c;  // may or may not be valid; what matters is that it is checked, below
  DeadlockEvidence wrong_state = good;
  wrong_state.schedule[0].hops[0].state = "A=9";
  EXPECT_FALSE(check_deadlock_evidence(wrong_state).valid);
  DeadlockEvidence no_faults = good;  // without the faults, the routing takes other paths
  no_faults.fault_set.clear();
  EXPECT_FALSE(check_deadlock_evidence(no_faults).valid);
}

// A FREE verdict of the exact check where Duato's condition fails: its case
// tree re-checks, and trees with a case cut off, or a split that is not a set
// that never fills, are refused.
TEST(DeadlockExact, CaseTreeCertificatesAndForgeries) {
  std::size_t found = 0;
  for (const Instance& in : kInstances) {
    RouteSetup s = make_route_setup(in.model, in.routing, "nodes");
    if (in.buffers < 2 && in.routing.find("bubble") == std::string::npos) continue;
    const FaultSet f = faults_of(s, in.faults);
    // The exact check alone, as if Duato's condition had failed.
    const SwitchingModel sw{Switching::CutThrough, in.buffers};
    DeadlockResult r;
    r.exact = decide_deadlock(explore(*s.routing, *s.model, &f, static_cast<std::uint32_t>(f.count())), {sw});
    r.switching = sw;
    if (r.exact->status != ExactResult::Status::Free) continue;
    r.status = DeadlockResult::Status::Free;
    SCOPED_TRACE(in.model + " " + in.routing);
    ++found;

    const DeadlockEvidence good = make_deadlock_evidence(*s.routing, *s.model, f, r);
    const EvidenceCheck ok = check_deadlock_evidence(deadlock_evidence_from_json(to_json(good)));
    EXPECT_TRUE(ok.valid) << (ok.problems.empty() ? "" : ok.problems.front());
    if (good.cases.split.empty()) continue;
    DeadlockEvidence cut = good;
    cut.cases.cases.pop_back();
    EXPECT_FALSE(check_deadlock_evidence(cut).valid);
    DeadlockEvidence leaf = good;
    leaf.cases = {};
    EXPECT_FALSE(check_deadlock_evidence(leaf).valid);
  }
  EXPECT_GT(found, 0u) << "no instance needed the exact check to prove freedom";
}

TEST(DeadlockExact, ModelsAreStatedAndRefusedWhereTheyDoNotApply) {
  RouteSetup s = make_route_setup("torus(4)", "dor(flow=bubble)", "nodes");
  const Exploration x = explore(*s.routing, *s.model);
  EXPECT_THROW(decide_deadlock(x, {{Switching::Wormhole, 1}}), InputError);
  EXPECT_THROW(decide_deadlock(x, {{Switching::CutThrough, 1}}), InputError);
  EXPECT_THROW(decide_deadlock(x, {{Switching::CutThrough, 0}}), InputError);
  ExactOptions tight{{Switching::CutThrough, 2}, 0, 0};
  RouteSetup d = make_route_setup("torus(4)", "dor", "nodes");
  const ExactResult r = decide_deadlock(explore(*d.routing, *d.model), tight);
  EXPECT_EQ(r.status, ExactResult::Status::Unknown);
  EXPECT_NE(r.reason.find("budget"), std::string::npos) << r.reason;
}

// Wormhole: dimension order on a ring deadlocks with one-flit packets; the
// west-first turn model on a mesh is free, and the wormhole fixpoint proves it.
TEST(DeadlockExact, Wormhole) {
  RouteSetup ring = make_route_setup("torus(4)", "dor", "nodes");
  const ExactResult r = decide_deadlock(explore(*ring.routing, *ring.model), {{Switching::Wormhole, 1}});
  EXPECT_EQ(r.status, ExactResult::Status::Deadlock) << r.reason;
  RouteSetup mesh = make_route_setup("mesh(3,3)", "west-first", "nodes");
  const ExactResult m = decide_deadlock(explore(*mesh.routing, *mesh.model), {{Switching::Wormhole, 1}});
  EXPECT_EQ(m.status, ExactResult::Status::Free) << m.reason;
}

// The north-last routing with split north channels (Duato, Yalamanchili and
// Ni, Example 3.5): free under virtual cut-through, deadlocked under wormhole
// by worms of several channels; the witness replays, and shortening a worm
// (its body's channels then empty) is refused.
TEST(DeadlockExact, WormsOfSeveralChannelsReplay) {
  RouteSetup s = make_route_setup("mesh(3,3)", "north-last-split", "nodes");
  const FaultSet none(s.model->universe().size());
  EXPECT_EQ(engine(s, none, SwitchingModel{Switching::CutThrough, 1}).status, DeadlockResult::Status::Free);
  const DeadlockResult r = engine(s, none, SwitchingModel{Switching::Wormhole, 1});
  ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock) << r.reason;
  const DeadlockEvidence good = make_deadlock_evidence(*s.routing, *s.model, none, r);
  const EvidenceCheck ok = check_deadlock_evidence(deadlock_evidence_from_json(to_json(good)));
  ASSERT_TRUE(ok.valid) << ok.problems.front();
  const auto longest = std::max_element(good.schedule.begin(), good.schedule.end(),
                                        [](const auto& a, const auto& b) { return a.holds < b.holds; });
  ASSERT_GT(longest->holds, 1u);
  DeadlockEvidence shorter = good;
  shorter.schedule[static_cast<std::size_t>(longest - good.schedule.begin())].holds = 1;
  EXPECT_FALSE(check_deadlock_evidence(shorter).valid);
  DeadlockEvidence cut_through = good;
  cut_through.switching = "cut-through";
  EXPECT_FALSE(check_deadlock_evidence(cut_through).valid);
}

}  // namespace
}  // namespace menger
