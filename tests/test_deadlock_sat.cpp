// The exact deadlock check by SAT (verify/deadlock/deadlock_sat.h): it agrees with the
// case tree where both decide, its refutations re-check against a formula the
// checker rebuilds (verify/check/deadlock_sat_check.h), and forged certificates are
// refused.  Its agreement with the explicit-state models is tested with the
// rest of the exact check (tests/test_deadlock_exact.cpp).
#include <gtest/gtest.h>

#include "setup/setup.h"
#include "tests/node_faults.h"
#include "verify/deadlock/deadlock.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/check/deadlock_evidence_check.h"

namespace menger {
namespace {

// The exact check alone, as if Duato's condition had failed, as evidence.
struct Decided {
  DeadlockResult r;
  std::optional<DeadlockEvidence> evidence;
};
Decided decide(const RouteSetup& s, const FaultSet& f, SwitchingModel sw, std::uint64_t case_budget) {
  Decided d;
  d.r.exact = decide_deadlock(explore(*s.routing, *s.model, &f, static_cast<std::uint32_t>(f.count())),
                              {sw, case_budget});
  d.r.switching = sw;
  if (d.r.exact->status == ExactResult::Status::Unknown) return d;
  d.r.status = d.r.exact->status == ExactResult::Status::Free ? DeadlockResult::Status::Free
                                                              : DeadlockResult::Status::Deadlock;
  d.evidence = make_deadlock_evidence(*s.routing, *s.model, f, d.r);
  return d;
}

struct Instance {
  std::string model, routing;
  std::vector<std::string> faults;
  std::uint32_t buffers;
};

// With a case budget of 0 the case tree stops at once and SAT decides.
TEST(DeadlockSat, CutThroughAgreesWithTheCaseTree) {
  const std::vector<Instance> instances = {
      {"torus(4)", "dor(flow=bubble)", {}, 2},
      {"torus(6)", "dor(flow=bubble)", {}, 2},
      {"torus(3,3)", "dor(flow=bubble)", {}, 2},
      {"torus(4)", "fir(config=adaptive, br=vc)", {}, 2},
      {"torus(4)", "dor", {}, 1},
      {"torus(3,3)", "ft-torus(escapes=one, flow=bubble)", {"(0,0)"}, 2},
      {"torus(4,4)", "ft-torus(escapes=one, flow=bubble)", {"(0,0)"}, 2},
      {"torus(4,4)", "ft-torus(flow=bubble)", {"(0,0)"}, 2},
      {"torus(4,4)", "ft-torus(flow=bubble)", {"(0,0)", "(1,0)", "(3,1)"}, 2},
  };
  std::size_t by_sat = 0, deadlocks = 0;
  for (const Instance& in : instances) {
    SCOPED_TRACE(in.model + " " + in.routing);
    RouteSetup s = make_route_setup(in.model, in.routing, "nodes");
    const FaultSet f = faults_of(s, in.faults);
    const SwitchingModel sw{Switching::CutThrough, in.buffers};
    const Decided tree = decide(s, f, sw, 200'000);
    const Decided sat = decide(s, f, sw, 0);
    ASSERT_NE(tree.r.exact->status, ExactResult::Status::Unknown) << tree.r.exact->reason;
    ASSERT_NE(sat.r.exact->status, ExactResult::Status::Unknown) << sat.r.exact->reason;
    EXPECT_EQ(sat.r.exact->status, tree.r.exact->status) << sat.r.exact->reason << " / " << tree.r.exact->reason;
    if (sat.r.exact->status == ExactResult::Status::Deadlock) {  // its witness: as the tree's (test_deadlock_exact)
      ++deadlocks;
      continue;
    }
    const EvidenceCheck c = check_deadlock_evidence(deadlock_evidence_from_json(to_json(*sat.evidence)));
    EXPECT_TRUE(c.valid) << (c.problems.empty() ? "" : c.problems.front());
    // A FREE verdict with no channel kept at all needs no split; others are SAT's.
    if (sat.r.exact->sat) {
      ++by_sat;
      EXPECT_TRUE(sat.evidence->sat.has_value());
    }
  }
  EXPECT_GE(by_sat, 3u);
  EXPECT_GE(deadlocks, 2u);
}

// Duato, Yalamanchili and Ni's linear array with extra channels (Figure 3.27,
// proofs/known/deadlock-textbook-array.toml) under wormhole: FREE only by SAT.
TEST(DeadlockSat, WormholeRefutationAndForgeries) {
  RouteSetup s = make_route_setup("mesh(4)", "array-extra-channels", "nodes");
  const FaultSet none(s.model->universe().size());
  const Decided d = decide(s, none, {Switching::Wormhole, 1}, 20'000);
  ASSERT_EQ(d.r.exact->status, ExactResult::Status::Free) << d.r.exact->reason;
  ASSERT_TRUE(d.evidence && d.evidence->sat);
  const DeadlockEvidence good = deadlock_evidence_from_json(to_json(*d.evidence));
  const EvidenceCheck ok = check_deadlock_evidence(good);
  ASSERT_TRUE(ok.valid) << ok.problems.front();
  EXPECT_NE(ok.summary.find("DRAT"), std::string::npos) << ok.summary;

  auto refused = [&](DeadlockEvidence e, const std::string& what, const std::string& why) {
    const EvidenceCheck c = check_deadlock_evidence(e);
    EXPECT_FALSE(c.valid) << what;
    if (!c.valid) {
      EXPECT_NE(c.problems.front().find(why), std::string::npos) << what << ": " << c.problems.front();
    }
  };
  DeadlockEvidence dropped = good;  // a configuration without a variable
  dropped.sat->configs.pop_back();
  refused(dropped, "a configuration dropped", "no variable");
  DeadlockEvidence twice = good;
  twice.sat->configs.back() = twice.sat->configs.front();
  refused(twice, "a configuration listed twice", "twice");
  DeadlockEvidence renamed = good;
  renamed.sat->configs.front().state = "A=7";
  refused(renamed, "a state the routing never reaches", "not one the routing reaches");
  DeadlockEvidence swapped = good;  // same set, other numbering: the proof speaks of other variables
  std::swap(swapped.sat->configs.front(), swapped.sat->configs.back());
  refused(swapped, "variables renumbered", "DRAT");
  DeadlockEvidence truncated = good;  // the proof's first lemma only
  truncated.sat->proof = good.sat->proof.substr(0, good.sat->proof.find('\n') + 1);
  refused(truncated, "a truncated proof", "DRAT");
  DeadlockEvidence empty = good;
  empty.sat->proof = "0\n";
  refused(empty, "the empty clause claimed at once", "DRAT");
  DeadlockEvidence ring = good;  // a "cycle" that is no ring of links
  ring.sat->cycles = {{0, 1}};
  refused(ring, "a cut cycle of unlinked configurations", "no hop links");
  DeadlockEvidence sets = good;  // sets that never fill are a cut-through notion
  sets.sat->sets = {{good.sat->configs.front().channel}};
  refused(sets, "a wormhole certificate with sets", "wormhole certificate lists sets");
}

TEST(DeadlockSat, CutThroughForgeries) {
  RouteSetup s = make_route_setup("torus(4,4)", "ft-torus(flow=bubble)", "nodes");
  const FaultSet f = faults_of(s, {"(0,0)"});
  const Decided d = decide(s, f, {Switching::CutThrough, 2}, 0);
  ASSERT_EQ(d.r.exact->status, ExactResult::Status::Free) << d.r.exact->reason;
  ASSERT_TRUE(d.evidence && d.evidence->sat);
  const DeadlockEvidence& good = *d.evidence;
  ASSERT_FALSE(good.sat->sets.empty());
  EXPECT_TRUE(check_deadlock_evidence(good).valid);
  DeadlockEvidence no_sets = good;  // without the sets that never fill, a deadlock is consistent
  no_sets.sat->sets.clear();
  EXPECT_FALSE(check_deadlock_evidence(no_sets).valid);
  DeadlockEvidence bigger_set = good;  // a set with a channel entered by a one-buffer hop from outside
  bigger_set.sat->sets.front().push_back(good.sat->configs.front().channel);
  const EvidenceCheck c = check_deadlock_evidence(bigger_set);
  EXPECT_FALSE(c.valid && c.problems.empty());
  DeadlockEvidence one_buffer = good;  // one buffer: bubble hops never move, and the formula is another
  one_buffer.buffers = 1;
  EXPECT_FALSE(check_deadlock_evidence(one_buffer).valid);
  DeadlockEvidence no_faults = good;
  no_faults.fault_set.clear();
  EXPECT_FALSE(check_deadlock_evidence(no_faults).valid);
}

}  // namespace
}  // namespace menger
