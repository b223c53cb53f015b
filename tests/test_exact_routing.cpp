// Exact values of the routing experiment (verify/exact_routing.h): a
// hand-worked ring, the sampler's intervals around the exact values, the same
// bits for any thread count, and a clear refusal above the limit.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "core/error.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/exact_routing.h"

namespace menger {
namespace {

using testing::Instance;
using testing::make;

// The 4-node ring with node faults, routed by any shortest fault-free path.
// One fault leaves a 3-node path: every pair connected and delivered, 4 of its
// 6 ordered pairs 1 hop apart and 2 pairs 2 hops, mean 8/6.  Two faults: of
// the 6 sets, the 4 adjacent ones leave two neighbours (1 hop), the 2
// opposite ones leave two nodes cut apart: connected and delivered 4/6.
TEST(ExactRouting, HandWorkedRing) {
  Instance in = make("torus(4)", UnitChoice::Nodes);
  auto shortest = RoutingRegistry::builtin().build("shortest", *in.net);
  RoutingExperiment one(*in.model, {shortest.get()}, 1), two(*in.model, {shortest.get()}, 2);
  const ExactRouting a = exact_routing(one, 1'000'000), b = exact_routing(two, 1'000'000);
  ASSERT_EQ(a.values.size(), 3u);
  EXPECT_EQ(a.fault_sets, 4u);
  EXPECT_DOUBLE_EQ(*a.values[0], 1.0);
  EXPECT_DOUBLE_EQ(*a.values[1], 1.0);
  EXPECT_DOUBLE_EQ(*a.values[2], 8.0 / 6.0);
  EXPECT_EQ(b.fault_sets, 6u);
  EXPECT_DOUBLE_EQ(*b.values[0], 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(*b.values[1], 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(*b.values[2], 1.0);
}

// The sampler's 99.9% intervals hold the exact values (ratios and means).
void expect_sampler_agrees(const std::string& spec, UnitChoice units, std::vector<std::string> routing_specs,
                           std::size_t m) {
  Instance in = make(spec, units);
  std::vector<std::unique_ptr<Routing>> owned;
  std::vector<const Routing*> routings;
  for (const auto& r : routing_specs) {
    owned.push_back(RoutingRegistry::builtin().build(r, *in.net));
    routings.push_back(owned.back().get());
  }
  RoutingExperiment e(*in.model, routings, m);
  const ExactRouting exact = exact_routing(e, 10'000'000);
  SampleOptions o;
  o.trials = 20000;
  o.confidence = 0.999;
  const SampleResult r = sample(e, o);
  std::size_t strict = 0;  // series whose exact value is not 0 or 1 (a real test of the interval)
  for (std::size_t s = 0; s < e.series().size(); ++s) {
    ASSERT_TRUE(exact.values[s]) << spec << " " << e.series()[s].name;
    const Interval i = series_interval(e.series()[s], r.tally[s], o.confidence);
    EXPECT_LE(i.low, *exact.values[s] + 1e-12) << spec << " " << e.series()[s].name;
    EXPECT_GE(i.high, *exact.values[s] - 1e-12) << spec << " " << e.series()[s].name;
    strict += *exact.values[s] != 0 && *exact.values[s] != 1;
  }
  EXPECT_GT(strict, 1u) << spec;
}

TEST(ExactRouting, SamplerIntervalsHoldTheExactValues) {
  expect_sampler_agrees("mikant(3,3)", UnitChoice::Links, {"mikant-shortest", "mikant-x-turns"}, 1);
  expect_sampler_agrees("torus(4,4)", UnitChoice::Nodes, {"ft-torus", "dor"}, 3);
}

TEST(ExactRouting, SameBitsForAnyThreadCount) {
  Instance in = make("torus(4,4)", UnitChoice::Nodes);
  auto ft = RoutingRegistry::builtin().build("ft-torus", *in.net);
  RoutingExperiment e(*in.model, {ft.get()}, 4);
  std::vector<std::optional<double>> one, two;
  {
    tbb::global_control c(tbb::global_control::max_allowed_parallelism, 1);
    one = exact_routing(e, 10'000'000).values;
  }
  {
    tbb::global_control c(tbb::global_control::max_allowed_parallelism, 2);
    two = exact_routing(e, 10'000'000).values;
  }
  EXPECT_EQ(one, two);
}

TEST(ExactRouting, RefusedAboveTheLimit) {
  Instance in = make("mikant(3,3)", UnitChoice::Links);
  auto r = RoutingRegistry::builtin().build("mikant-shortest", *in.net);
  RoutingExperiment e(*in.model, {r.get()}, 2);
  EXPECT_EQ(exact_routing_cost(e), 9045u * 54u * 53u);
  EXPECT_THROW(exact_routing(e, 1000), InputError);
}

}  // namespace
}  // namespace menger
