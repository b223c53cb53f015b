// Progress (core/progress.h): what the engines report as they merge work, and
// the lines the CLI's display makes of it (io/progress_display.h).
#include <gtest/gtest.h>

#include <vector>

#include "core/progress.h"
#include "io/progress_display.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/reliability/montecarlo.h"
#include "verify/reliability/reliability.h"
#include "verify/route/route_search.h"
#include "verify/tolerance/tolerance.h"

namespace menger {
namespace {

using testing::make;

// Every report of a run, in order.
struct Recorder {
  std::vector<Coverage> seen;
  Progress sink() {
    return [this](const Coverage& c) { seen.push_back(c); };
  }
};

// Reports grow, never pass their total (when one is known: a deadlock search
// learns its total level by level), and the last is the result's coverage.
void expect_reports_end_at(const std::vector<Coverage>& seen, const Coverage& final) {
  ASSERT_FALSE(seen.empty());
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(seen[i].unit, final.unit);
    if (seen[i].total) {
      EXPECT_EQ(seen[i].total, final.total);
      EXPECT_LE(seen[i].settled, seen[i].total);
    }
    if (i > 0) {
      EXPECT_GE(seen[i].settled, seen[i - 1].settled);
    }
  }
  EXPECT_EQ(seen.back().settled, final.settled);
}

TEST(Progress, RouteCheckReportsEachMergedChunk) {
  const auto i = make("torus(4,4)", UnitChoice::Nodes);
  const auto r = RoutingRegistry::builtin().build("shortest", *i.net);
  RouteCheckOptions opt;
  opt.k = 2;
  opt.symmetry = false;
  opt.chunk_pairs = 16;
  Recorder rec;
  opt.progress = rec.sink();
  const RouteCheckResult res = route_check(*r, *i.model, opt);
  EXPECT_EQ(rec.seen.size(), (res.pairs_examined + 15) / 16);
  expect_reports_end_at(rec.seen, res.coverage);
}

TEST(Progress, ToleranceReportsEachMergedBlock) {
  const auto i = make("torus(5,5)", UnitChoice::Nodes);
  ToleranceOptions o;
  o.symmetry = false;
  o.chunk_pairs = 4;
  Recorder rec;
  o.progress = rec.sink();
  const ToleranceResult r = flow_tolerance(*i.model, o);
  EXPECT_EQ(rec.seen.size(), r.coverage.total);
  expect_reports_end_at(rec.seen, r.coverage);
}

TEST(Progress, DeadlockSearchReportsTheFaultSetsSettled) {
  const auto i = make("mesh(3,3)", UnitChoice::Links);
  const auto r = RoutingRegistry::builtin().build("dor", *i.net);
  DeadlockSearchOptions o;
  o.k = 1;
  Recorder rec;
  o.progress = rec.sink();
  const DeadlockSearchResult s = search_deadlock_faults(*r, *i.model, o);
  ASSERT_TRUE(s.complete);
  expect_reports_end_at(rec.seen, s.coverage);
}

TEST(Progress, SamplingReportsTrialsMerged) {
  const auto i = make("torus(3,3)", UnitChoice::Nodes);
  CompletenessExperiment e(*i.model, 2, false);
  SampleOptions o;
  o.trials = 1000;
  o.shard = 100;
  o.round = 2;
  Recorder rec;
  o.progress = rec.sink();
  const SampleResult r = sample(e, o);
  ASSERT_EQ(rec.seen.size(), 10u);
  EXPECT_EQ(rec.seen.back().settled, r.trials);
  EXPECT_EQ(rec.seen.front().unit, "trials");
  EXPECT_EQ(rec.seen.front().total, 1000u);
}

Coverage pairs(std::uint64_t settled, std::uint64_t total) {
  Coverage c;
  c.unit = "pairs";
  c.settled = settled;
  c.total = total;
  return c;
}

// The time left comes from this run's own pace: what a checkpoint handed over
// at the start (the first report) is not pace.
TEST(ProgressLine, TheTimeLeftComesFromThisRunsPace) {
  EXPECT_EQ(progress_line(pairs(10, 100), 5, 0, 0), "10 of 100 pairs (10.0%), 5 s, about 45 s left");
  // 60 pairs came from a checkpoint at 0 s; 10 more took 10 s: 30 left at 1 a second.
  EXPECT_EQ(progress_line(pairs(70, 100), 10, 60, 0), "70 of 100 pairs (70.0%), 10 s, about 30 s left");
  EXPECT_EQ(progress_line(pairs(60, 100), 10, 60, 0), "60 of 100 pairs (60.0%), 10 s") << "no pace yet";
  EXPECT_EQ(progress_line(pairs(100, 100), 3, 0, 0), "100 of 100 pairs (100.0%), 3 s") << "nothing left";
  Coverage open = pairs(7, 0);
  open.so_far = "curve point 2";
  EXPECT_EQ(progress_line(open, 2, 0, 0), "7 pairs, 2 s; curve point 2");
}

}  // namespace
}  // namespace menger
