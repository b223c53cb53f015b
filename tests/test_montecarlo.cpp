// The Monte Carlo engine and the reliability experiments (issue 6): interval
// formulas against hand-worked values, the survival check against a
// brute-force oracle, the sampler against exact enumeration, and identical
// tallies for any thread count and shard size.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <cmath>

#include "core/error.h"
#include "test_instance.h"
#include "fault_oracle.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/reliability/reliability.h"
#include "verify/route/route_run.h"
#include "verify/route/route_search.h"
#include "verify/reliability/survival.h"

namespace menger {
namespace {

using testing::Instance;
using testing::make;

TEST(Statistics, NormalQuantile) {
  EXPECT_NEAR(normal_quantile(0.95), 1.959964, 1e-6);
  EXPECT_NEAR(normal_quantile(0.99), 2.575829, 1e-6);
  EXPECT_THROW(normal_quantile(1.0), InputError);
  EXPECT_THROW(normal_quantile(0.0), InputError);
}

// Hand-worked Wilson intervals: for 0 of n the upper bound is z^2 / (n + z^2);
// 5 of 10 is symmetric about 1/2 with half-width z/(1+z^2/n) sqrt(1/40 + z^2/400).
TEST(Statistics, WilsonInterval) {
  const double z = 1.959963984540054;
  const Interval none = wilson_interval(0, 10, 0.95);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, z * z / (10 + z * z), 1e-12);
  const Interval all = wilson_interval(10, 10, 0.95);
  EXPECT_EQ(all.high, 1.0);
  EXPECT_NEAR(all.low, 1 - z * z / (10 + z * z), 1e-12);
  const Interval half = wilson_interval(5, 10, 0.95);
  const double hw = z / (1 + z * z / 10) * std::sqrt(0.025 + z * z / 400);
  EXPECT_NEAR(half.low, 0.5 - hw, 1e-12);
  EXPECT_NEAR(half.high, 0.5 + hw, 1e-12);
  EXPECT_NEAR(half.low, 0.2366, 1e-4);  // the value printed in Brown, Cai and DasGupta's tables
  const Interval empty = wilson_interval(0, 0, 0.95);
  EXPECT_EQ(empty.low, 0.0);
  EXPECT_EQ(empty.high, 1.0);
}

TEST(Statistics, MeanInterval) {
  Accumulator a;
  for (double x : {1.0, 2.0, 3.0, 4.0}) a.add(x);
  // s^2 = 5/3, se = sqrt(5/12)
  EXPECT_NEAR(standard_error(a), std::sqrt(5.0 / 12), 1e-12);
  const Interval i = mean_interval(a, 0.95);
  EXPECT_NEAR(i.value, 2.5, 1e-12);
  EXPECT_NEAR(i.high - 2.5, 1.959964 * std::sqrt(5.0 / 12), 1e-5);
}

TEST(Survival, MatchesBruteForceOracle) {
  struct Case {
    std::string spec;
    UnitChoice units;
  };
  const std::vector<Case> cases = {{"min(stages=3, radix=4, wiring=deterministic)", UnitChoice::Components},
                                   {"min(stages=4, radix=2, wiring=random, seed=3)", UnitChoice::Components},
                                   {"min(stages=3, radix=4, wiring=replicated)", UnitChoice::Components},
                                   {"torus(4,4)", UnitChoice::Nodes},
                                   {"hypercube(4)", UnitChoice::Links},
                                   {"mikant(2,2)", UnitChoice::Links},
                                   {"mikant(2,2)", UnitChoice::Switches}};
  for (const Case& c : cases) {
    Instance in = make(c.spec, c.units);
    SurvivalChecker fast(*in.model), search(*in.model, true);
    const std::size_t n = in.model->universe().size();
    std::vector<std::size_t> order(n);
    int broken = 0;
    for (std::uint64_t trial = 0; trial < 300; ++trial) {
      Rng rng(7, trial);
      const std::size_t m = 1 + rng.below(std::min<std::size_t>(n, 8));
      draw_units(rng, m, order);
      std::vector<std::size_t> units(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(m));
      FaultSet f(n);
      for (std::size_t u : units) f.insert(u);
      const bool expected = !testing::breaks(*in.model, units);
      broken += !expected;
      ASSERT_EQ(fast.survives(f), expected) << c.spec << " " << f.to_string(in.model->universe()) << " by "
                                            << fast.method();
      ASSERT_EQ(search.survives(f), expected) << c.spec << " " << f.to_string(in.model->universe());
    }
    EXPECT_GT(broken, 0) << c.spec << ": the oracle never saw a breaking set; the test proves nothing";
    EXPECT_TRUE(fast.survives(FaultSet(n))) << c.spec;
  }
}

TEST(Survival, ToleratedPrefixIsTheFirstBreakingPrefix) {
  Instance in = make("min(stages=3, radix=4, wiring=random)", UnitChoice::Components);
  SurvivalChecker c(*in.model);
  std::vector<std::size_t> order(in.model->universe().size());
  for (std::uint64_t trial = 0; trial < 40; ++trial) {
    Rng rng(3, trial);
    draw_units(rng, order.size(), order);
    const std::size_t t = c.tolerated_prefix(order);
    std::size_t linear = 0;  // add faults one at a time until the network breaks
    while (linear < order.size() &&
           !testing::breaks(*in.model, std::vector<std::size_t>(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(linear) + 1)))
      ++linear;
    ASSERT_EQ(t, linear) << "trial " << trial;
  }
}

TEST(Exact, BinomialAndLimit) {
  EXPECT_EQ(binomial(48, 4), 194580u);
  EXPECT_EQ(binomial(5, 0), 1u);
  EXPECT_EQ(binomial(3, 5), 0u);
  EXPECT_EQ(binomial(200, 100), UINT64_MAX);
  Instance in = make("min(stages=3, radix=4, wiring=deterministic)", UnitChoice::Components);
  EXPECT_THROW(exact_completeness(*in.model, 6, 1'000'000), InputError);
}

// Exact counts by enumeration against a brute-force count with the oracle.
TEST(Exact, CountsMatchOracle) {
  Instance in = make("min(stages=4, radix=2, wiring=deterministic)", UnitChoice::Components);
  const std::size_t n = in.model->universe().size();
  for (std::size_t f = 0; f <= 3; ++f) {
    std::uint64_t surviving = 0, total = 0;
    std::vector<std::size_t> pick;
    std::function<void(std::size_t)> walk = [&](std::size_t from) {
      if (pick.size() == f) {
        ++total;
        surviving += !testing::breaks(*in.model, pick);
        return;
      }
      for (std::size_t u = from; u < n; ++u) {
        pick.push_back(u);
        walk(u + 1);
        pick.pop_back();
      }
    };
    walk(0);
    const ExactCount e = exact_completeness(*in.model, f, 1'000'000);
    EXPECT_EQ(e.total, total) << f;
    EXPECT_EQ(e.surviving, surviving) << f;
  }
}

// The sampler's 99.9% intervals contain the exact values (a fixed seed: the
// test is deterministic, and would fail if the sampler were biased).
TEST(Sampler, AgreesWithExactCompleteness) {
  Instance in = make("min(stages=3, radix=4, wiring=deterministic)", UnitChoice::Components);
  CompletenessExperiment e(*in.model, 4);
  SampleOptions o;
  o.seed = 2026;
  o.trials = 20'000;
  o.confidence = 0.999;
  const SampleResult r = sample(e, o);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.trials, 20'000u);
  for (std::size_t f = 1; f <= 4; ++f) {
    const ExactCount exact = exact_completeness(*in.model, f, 1'000'000);
    const Interval i = series_interval(e.series()[f], r.tally[f], o.confidence);
    EXPECT_LE(i.low, exact.ratio()) << f;
    EXPECT_GE(i.high, exact.ratio()) << f;
  }
  // E[T] = sum over f of P(complete | f): on the 8-endpoint network every f is enumerable.
  Instance small = make("min(stages=3, radix=2, wiring=deterministic)", UnitChoice::Components);
  CompletenessExperiment es(*small.model, 0);
  const SampleResult rs = sample(es, o);
  double expected = 0;
  for (std::size_t f = 1; f <= small.model->universe().size(); ++f) {
    const double p = exact_completeness(*small.model, f, 10'000'000).ratio();
    if (p == 0) break;  // P(complete | f) never grows with f
    expected += p;
  }
  const Interval mean = series_interval(es.series()[0], rs.tally[0], o.confidence);
  EXPECT_LE(mean.low, expected);
  EXPECT_GE(mean.high, expected);
  EXPECT_GT(expected, 1.0);  // the instance tolerates something: the comparison is not vacuous
}

void expect_same_tally(const Tally& a, const Tally& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].n, b[i].n) << i;
    EXPECT_EQ(a[i].sum, b[i].sum) << i;
    EXPECT_EQ(a[i].sum_squares, b[i].sum_squares) << i;
  }
}

TEST(Sampler, SameTallyForAnyThreadCountAndShardSize) {
  Instance in = make("mikant(3,3)", UnitChoice::Links);
  std::vector<std::unique_ptr<Routing>> owned;
  std::vector<const Routing*> routings;
  for (const char* spec : {"mikant-shortest", "mikant-x-turns", "shortest"}) {
    owned.push_back(RoutingRegistry::builtin().build(spec, *in.net));
    routings.push_back(owned.back().get());
  }
  RoutingExperiment e(*in.model, routings, 10);
  SampleOptions o;
  o.seed = 99;
  o.trials = 3000;
  Tally one, two, odd;
  {
    tbb::global_control c(tbb::global_control::max_allowed_parallelism, 1);
    one = sample(e, o).tally;
  }
  {
    tbb::global_control c(tbb::global_control::max_allowed_parallelism, 2);
    two = sample(e, o).tally;
    o.shard = 37;
    o.round = 3;
    odd = sample(e, o).tally;
  }
  expect_same_tally(one, two);
  expect_same_tally(one, odd);
  o.seed = 100;  // and another seed draws other trials
  EXPECT_NE(sample(e, o).tally[1].sum, one[1].sum);
}

// The reference routing ("any fault-free shortest path") delivers exactly the
// pairs the faults leave connected, along shortest paths: with no faults its
// mean path length is the torus's mean distance, 32/15 on torus(4,4).
TEST(RoutingExperiment, ReferenceRoutingMatchesConnectivity) {
  Instance in = make("torus(4,4)", UnitChoice::Nodes);
  auto shortest = RoutingRegistry::builtin().build("shortest", *in.net);
  SampleOptions o;
  o.trials = 4000;
  RoutingExperiment faulty(*in.model, {shortest.get()}, 5);
  const SampleResult r = sample(faulty, o);
  EXPECT_EQ(r.tally[0].sum, r.tally[1].sum);
  EXPECT_LT(r.tally[0].sum, 4000.0);  // some pairs were cut: the comparison is not vacuous
  RoutingExperiment clean(*in.model, {shortest.get()}, 0);
  const SampleResult c = sample(clean, o);
  EXPECT_EQ(c.tally[1].sum, 4000.0);
  const Interval len = series_interval(clean.series()[2], c.tally[2], 0.999);
  EXPECT_LE(len.low, 32.0 / 15);
  EXPECT_GE(len.high, 32.0 / 15);
}

TEST(RoutingExperiment, RefusesImpossibleFaultCounts) {
  Instance in = make("torus(3,3)", UnitChoice::Nodes);
  auto shortest = RoutingRegistry::builtin().build("shortest", *in.net);
  EXPECT_THROW(RoutingExperiment(*in.model, {shortest.get()}, 8), InputError);
  EXPECT_THROW(RoutingExperiment(*in.model, {shortest.get()}, 10), InputError);
  EXPECT_NO_THROW(RoutingExperiment(*in.model, {shortest.get()}, 7));
  EXPECT_THROW(CompletenessExperiment(*in.model, 10), InputError);
}

TEST(Sampler, StopsAtTargetHalfWidth) {
  Instance in = make("min(stages=3, radix=4, wiring=deterministic)", UnitChoice::Components);
  CompletenessExperiment e(*in.model, 2);
  SampleOptions o;
  o.trials = 1'000'000;
  o.half_width = 0.01;
  const SampleResult r = sample(e, o);
  EXPECT_TRUE(r.stopped_by_width);
  EXPECT_LT(r.trials, 1'000'000u);
  for (std::size_t f = 1; f <= 2; ++f) EXPECT_LE(series_interval(e.series()[f], r.tally[f], 0.95).half_width(), 0.01);
  o.budget = Budget::until(Clock::now());  // already over: nothing runs, nothing is invented
  o.half_width.reset();
  const SampleResult none = sample(e, o);
  EXPECT_FALSE(none.complete);
  EXPECT_EQ(none.trials, 0u);
}

}  // namespace
}  // namespace menger

namespace menger {
namespace {

// Fault combinations: the sampled fraction against enumerating every set of
// four faulty nodes in the test, routing all pairs of each with its own runner
// (ft-torus tolerates 3 node faults on this torus, not every 4).
TEST(CombinationExperiment, AgreesWithEnumeration) {
  Instance in = make("torus(4,4)", UnitChoice::Nodes);
  auto ft = RoutingRegistry::builtin().build("ft-torus", *in.net);
  const std::size_t n = in.model->universe().size();
  RouteRunner runner(*ft, *in.model, RunLimits{});
  std::uint64_t tolerated = 0, total = 0;
  std::vector<std::size_t> pick = {0, 1, 2, 3};  // every 4-subset, in lexicographic order
  while (true) {
    FaultSet f(n);
    for (std::size_t u : pick) f.insert(u);
    bool ok = true;
    for (NodeId s = 0; s < in.net->num_nodes() && ok; ++s)
      for (NodeId d = 0; d < in.net->num_nodes() && ok; ++d)
        if (s != d && !f.contains(s) && !f.contains(d) && !runner.run(f, s, d, std::nullopt, false).delivered() &&
            physically_connected(*in.model, f, s, d))
          ok = false;
    tolerated += ok;
    ++total;
    std::size_t i = 4;
    while (i > 0 && pick[i - 1] == n - 4 + i - 1) --i;
    if (i == 0) break;
    ++pick[i - 1];
    for (std::size_t j = i; j < 4; ++j) pick[j] = pick[j - 1] + 1;
  }
  ASSERT_EQ(total, binomial(n, 4));
  const double exact = double(tolerated) / double(total);
  ASSERT_GT(exact, 0.0);
  ASSERT_LT(exact, 1.0);
  CombinationExperiment e(*in.model, {ft.get()}, 4);
  SampleOptions o;
  o.trials = 3000;
  o.confidence = 0.999;
  const SampleResult r = sample(e, o);
  const Interval i = series_interval(e.series()[0], r.tally[0], o.confidence);
  EXPECT_LE(i.low, exact);
  EXPECT_GE(i.high, exact);
}

}  // namespace
}  // namespace menger
