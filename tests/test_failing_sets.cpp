// The failing fault sets of the least failing size, with every pair each
// breaks (RouteCheckOptions::list_failures; route-check --failures N, issue
// 42's blast radius).  Three ways to the same list: the lazy search, the
// naive search (every set of that size, blindly), and brute force with the
// checkers' own runner (verify/check/replay_run.h), which shares no code
// with the engine's.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/error.h"
#include "core/hop_limit.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/check/replay_run.h"
#include "verify/route/route_search.h"

namespace menger {
namespace {

using testing::make;
using Listing = std::map<std::vector<std::size_t>, std::vector<std::pair<NodeId, NodeId>>>;

Listing listing(const RouteCheckResult& r) {
  Listing out;
  for (const FailingSet& f : r.failing_sets)
    for (const RoutePair& p : f.pairs) out[f.units].emplace_back(p.s, p.d);
  return out;
}

RouteCheckResult listed(const Routing& routing, const FaultModel& model, std::uint32_t k, bool naive,
                        std::size_t most = 1'000'000) {
  RouteCheckOptions o;
  o.k = k;
  o.naive = naive;
  o.list_failures = most;
  return route_check(routing, model, o);
}

// Every set of `size` units, every required pair whose ends it leaves
// healthy, run by the checkers' runner: the sets that make some pair fail.
Listing brute_force(const Routing& routing, const FaultModel& model, std::size_t size) {
  const Network& net = model.network();
  const std::size_t n = model.universe().size();
  Listing out;
  std::vector<bool> pick(n, false);
  std::fill(pick.end() - static_cast<std::ptrdiff_t>(size), pick.end(), true);
  do {
    FaultSet f(n);
    std::vector<std::size_t> units;
    for (std::size_t u = 0; u < n; ++u)
      if (pick[u]) f.insert(u), units.push_back(u);
    for (const RoutePair& p : required_pairs(model)) {
      const auto su = model.unit_of_node(p.s), du = model.unit_of_node(p.d);
      if ((su && pick[*su]) || (du && pick[*du])) continue;
      if (replay_every_branch(routing, model, f, p.s, p.d, hop_limit_for(net)).end != ReplayEnd::Delivered)
        out[units].emplace_back(p.s, p.d);
    }
  } while (std::next_permutation(pick.begin(), pick.end()));
  return out;
}

struct Case {
  const char* model;
  UnitChoice units;
  const char* routing;
  std::uint32_t k;
};

TEST(FailingSets, LazyNaiveAndBruteForceListTheSameSetsAndPairs) {
  for (const Case& c : {Case{"torus(4,4)", UnitChoice::Nodes, "dor", 1}, Case{"mesh(3,3)", UnitChoice::Nodes, "shortest", 2},
                        Case{"torus(4,4)", UnitChoice::Nodes, "ft-torus", 4},
                        Case{"mikant(2,2)", UnitChoice::SwitchLinks, "mikant-x-turns", 2}}) {
    SCOPED_TRACE(std::string(c.model) + " " + c.routing);
    auto inst = make(c.model, c.units);
    auto routing = RoutingRegistry::builtin().build(c.routing, *inst.net);
    const RouteCheckResult lazy = listed(*routing, *inst.model, c.k, false);
    ASSERT_EQ(lazy.status, RouteCheckResult::Status::Fails);
    const std::size_t size = lazy.failure->faults.count();
    EXPECT_EQ(lazy.failing_sets_found, lazy.failing_sets.size());
    for (const FailingSet& f : lazy.failing_sets) EXPECT_EQ(f.units.size(), size);
    EXPECT_EQ(listing(lazy), listing(listed(*routing, *inst.model, c.k, true)));
    EXPECT_EQ(listing(lazy), brute_force(*routing, *inst.model, size));
    // Every pair examined, so the level's failures are exactly the pairs listed.
    std::uint64_t listed_pairs = 0;
    for (const FailingSet& f : lazy.failing_sets) listed_pairs += f.pairs.size();
    EXPECT_EQ(listed_pairs, lazy.levels[size].failures);
    EXPECT_FALSE(lazy.symmetry_used);
  }
}

TEST(FailingSets, TheFirstNAreTheLeastSetsAndTheLeastFailureIsAmongThem) {
  auto inst = make("torus(4,4)", UnitChoice::Nodes);
  auto routing = RoutingRegistry::builtin().build("ft-torus", *inst.net);
  const RouteCheckResult all = listed(*routing, *inst.model, 4, false);
  const RouteCheckResult three = listed(*routing, *inst.model, 4, false, 3);
  ASSERT_EQ(three.failing_sets.size(), 3u);
  EXPECT_EQ(three.failing_sets_found, all.failing_sets_found);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(three.failing_sets[i].units, all.failing_sets[i].units);
  const auto& least = all.failure->faults.units();
  const auto it = std::find_if(all.failing_sets.begin(), all.failing_sets.end(),
                               [&](const FailingSet& f) { return f.units == least; });
  ASSERT_NE(it, all.failing_sets.end());
  EXPECT_TRUE(std::any_of(it->pairs.begin(), it->pairs.end(), [&](const RoutePair& p) {
    return p.s == all.failure->pair.s && p.d == all.failure->pair.d;
  }));
}

TEST(FailingSets, ARoutingThatHoldsListsNothingAndTheSymbolicSearchIsRefused) {
  auto inst = make("torus(4,4)", UnitChoice::Nodes);
  auto routing = RoutingRegistry::builtin().build("ft-torus", *inst.net);
  const RouteCheckResult holds = listed(*routing, *inst.model, 2, false);
  EXPECT_EQ(holds.status, RouteCheckResult::Status::Holds);
  EXPECT_TRUE(holds.failing_sets.empty());
  EXPECT_EQ(holds.failing_sets_found, 0u);
  RouteCheckOptions o;
  o.list_failures = 1;
  o.symbolic = true;
  EXPECT_THROW(route_check(*routing, *inst.model, o), InputError);
  o.symbolic = false;
  o.checkpoint = "never-written.jsonl";
  EXPECT_THROW(route_check(*routing, *inst.model, o), InputError);
}

}  // namespace
}  // namespace menger
