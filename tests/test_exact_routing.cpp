// Exact values of the routing experiment (verify/route/exact_routing.h): a
// hand-worked ring, the sampler's intervals around the exact values, symmetry
// against brute force, the same bits for any thread count, and a clear
// refusal above the limit.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "core/error.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/route/exact_routing.h"
#include "verify/route/route_run.h"
#include "verify/route/route_search.h"

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

// With symmetry only the orbit roots are routed from; the values equal the
// brute-force ones that route from every terminal.  Node faults on a torus,
// link faults on a hypercube, and a bubble-flow DOR.  The built-in families
// with translations are vertex-transitive, so every case has one orbit: a
// weight other than the orbit's size (N) would be caught, the split between
// several orbits cannot be exercised here.
void expect_symmetry_agrees(const std::string& spec, UnitChoice units, const std::string& routing, std::size_t m,
                            std::uint64_t sources) {
  Instance in = make(spec, units);
  auto r = RoutingRegistry::builtin().build(routing, *in.net);
  RoutingExperiment e(*in.model, {r.get()}, m);
  const ExactRouting fast = exact_routing(e, 100'000'000), brute = exact_routing(e, 100'000'000, Symmetry::Ignore);
  EXPECT_EQ(fast.sources, sources) << spec;
  EXPECT_EQ(brute.sources, in.model->terminals().size()) << spec;
  EXPECT_LT(fast.runs * 2, brute.runs) << spec;
  EXPECT_EQ(exact_routing_cost(e), exact_routing_cost(e, Symmetry::Ignore) / in.model->terminals().size() * sources);
  ASSERT_EQ(fast.values.size(), brute.values.size());
  std::size_t strict = 0;
  for (std::size_t s = 0; s < fast.values.size(); ++s) {
    ASSERT_EQ(fast.values[s].has_value(), brute.values[s].has_value()) << spec << " series " << s;
    if (!fast.values[s]) continue;
    EXPECT_NEAR(*fast.values[s], *brute.values[s], 1e-12) << spec << " series " << s;
    strict += *brute.values[s] != 0 && *brute.values[s] != 1;
  }
  EXPECT_GT(strict, 0u) << spec << ": no series between 0 and 1 to compare";
}

TEST(ExactRouting, SymmetryGivesTheBruteForceValues) {
  expect_symmetry_agrees("torus(4,4)", UnitChoice::Nodes, "ft-torus", 3, 1);
  expect_symmetry_agrees("torus(3,5)", UnitChoice::Links, "ft-torus", 2, 1);
  expect_symmetry_agrees("hypercube(4)", UnitChoice::Links, "shortest", 2, 1);
  expect_symmetry_agrees("torus(4,4)", UnitChoice::Links, "dor(flow=bubble)", 2, 1);
}

// No reduction where the routing does not commute with the translations
// (dateline DOR treats one ring position specially) or there are none (mesh).
TEST(ExactRouting, NoSymmetryWhereItDoesNotHold) {
  for (const auto& [spec, routing] : {std::pair<std::string, std::string>{"torus(4,4)", "dor-dateline"},
                                      {"mesh(4,4)", "dor"}}) {
    Instance in = make(spec, UnitChoice::Nodes);
    auto r = RoutingRegistry::builtin().build(routing, *in.net);
    RoutingExperiment e(*in.model, {r.get()}, 1);
    EXPECT_EQ(exact_routing(e, 10'000'000).sources, in.model->terminals().size()) << spec << " " << routing;
  }
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

// Exact fractions of tolerated fault combinations (003 section 5), against a
// direct loop written here: every combination, every pair routed, a pair the
// faults disconnect excused.
std::uint64_t tolerated_by_hand(const Instance& in, const Routing& routing, std::size_t m) {
  const FaultModel& model = *in.model;
  const std::size_t n = model.universe().size();
  RunLimits limits;
  limits.fault_budget = static_cast<std::uint32_t>(m);
  RouteRunner runner(routing, model, limits);
  std::vector<std::size_t> pick(m);
  for (std::size_t i = 0; i < m; ++i) pick[i] = i;
  std::uint64_t tolerated = 0;
  do {
    FaultSet f(n);
    for (std::size_t u : pick) f.insert(u);
    const FailedElements failed(model.universe(), f);
    bool ok = true;
    for (NodeId s : model.terminals())
      for (NodeId d : model.terminals())
        if (ok && s != d && !failed.node_failed(s) && !failed.node_failed(d) && model.pair_required(s, d))
          ok = runner.run(f, s, d, std::nullopt, false).delivered() || !physically_connected(model.network(), failed, s, d);
    tolerated += ok;
  } while (next_combination(pick, n));
  return tolerated;
}

TEST(ExactCombinations, EqualADirectCountWithAndWithoutTheMemo) {
  struct Case {
    std::string spec, routing;
    UnitChoice units;
    std::size_t m;
  };
  // The mesh has no translations: no memo either way.
  for (const Case& c : {Case{"torus(4,4)", "ft-torus", UnitChoice::Nodes, 4}, Case{"torus(3,3)", "ft-torus", UnitChoice::Links, 4},
                        Case{"mesh(4,4)", "ft-torus", UnitChoice::Nodes, 2}}) {
    Instance in = make(c.spec, c.units);
    auto r = RoutingRegistry::builtin().build(c.routing, *in.net);
    const CombinationExperiment memo(*in.model, {r.get()}, c.m), naive(*in.model, {r.get()}, c.m, 0, false);
    const auto a = exact_combinations(memo, 100'000'000), b = exact_combinations(naive, 100'000'000);
    const std::uint64_t hand = tolerated_by_hand(in, *r, c.m);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].total, binomial(in.model->universe().size(), c.m)) << c.spec;
    EXPECT_EQ(a[0].surviving, hand) << c.spec << " " << c.routing;
    EXPECT_EQ(b[0].surviving, hand) << c.spec << " " << c.routing;
    EXPECT_GT(hand, 0u) << c.spec;
    EXPECT_LT(hand, a[0].total) << c.spec << ": every combination tolerated is too easy a case";
  }
}

TEST(ExactCombinations, SamplerIntervalsHoldTheExactFractions) {
  Instance in = make("torus(4,4)", UnitChoice::Nodes);
  auto r = RoutingRegistry::builtin().build("ft-torus", *in.net);
  for (std::size_t m : {4, 5}) {
    const CombinationExperiment e(*in.model, {r.get()}, m);
    const double exact = exact_combinations(e, 100'000'000)[0].ratio();
    SampleOptions o;
    o.trials = 4000;
    o.confidence = 0.999;
    const SampleResult s = sample(e, o);
    const Interval i = series_interval(e.series()[0], s.tally[0], o.confidence);
    EXPECT_LE(i.low, exact) << m;
    EXPECT_GE(i.high, exact) << m;
  }
  // No fault: the one empty combination, tolerated (ft-torus delivers every pair of the whole torus).
  const auto none = exact_combinations(CombinationExperiment(*in.model, {r.get()}, 0), 1'000'000);
  EXPECT_EQ(none[0].total, 1u);
  EXPECT_EQ(none[0].surviving, 1u);
  const CombinationExperiment big(*in.model, {r.get()}, 8);
  EXPECT_EQ(exact_combinations_cost(big), 12870u * 16u * 15u);
  EXPECT_THROW(exact_combinations(big, 1000), InputError);
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
