// The exact deadlock check (verify/deadlock_exact.h) against the
// explicit-state model of FIFO channel buffers (tests/flow_model.h), which
// tries every interleaving of injections and moves, on small networks; and its
// evidence against the independent checker, with forgeries.
#include <gtest/gtest.h>

#include "core/error.h"
#include "setup/setup.h"
#include "tests/flow_model.h"
#include "verify/deadlock.h"
#include "verify/deadlock_evidence.h"
#include "verify/deadlock_evidence_check.h"

namespace menger {
namespace {

FaultSet faults_of(const RouteSetup& s, const std::vector<std::string>& nodes) {
  FaultSet f(s.model->universe().size());
  for (const auto& n : nodes) f.insert(*s.model->unit_of_node(*s.net->find_node(n)));
  return f;
}

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
// million states in this model and are not compared.)  Both verdicts are
// computed; neither is written here.
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

}  // namespace
}  // namespace menger
