// Route-check spread over processes (verify/route/route_search.h, "Processes"):
// the merge in chunk order must give exactly the sequential answer and
// counts, however late the results come back.  An in-process ShardFarm plays
// R ranks that each take a chunk before any earlier result is known and
// answer in reverse order, the worst case for the cut at the merge; mpirun
// itself is tested end to end by tests/mpi_same_output.sh.
#include <gtest/gtest.h>

#include <map>

#include "core/error.h"
#include "models/routing_registry.h"
#include "lagging_farm.h"
#include "test_instance.h"
#include "verify/route/route_search.h"

namespace menger {
namespace {

using testing::make;

using testing::LaggingFarm;

struct Question {
  std::string model, routing;
  UnitChoice units = UnitChoice::Nodes;
  std::uint32_t k = 1;
  std::size_t chunk_pairs = 1;
  bool settle_all = false, excuse = false, naive = false, symmetry = true, symbolic = false;
  std::optional<std::string> path_bound;
};

RouteCheckResult check(const Question& q, const ShardFarm* farm) {
  const auto i = make(q.model, q.units);
  const auto r = RoutingRegistry::builtin().build(q.routing, *i.net);
  RouteCheckOptions opt;
  opt.k = q.k;
  opt.chunk_pairs = q.chunk_pairs;
  opt.settle_all = q.settle_all;
  opt.excuse_disconnected = q.excuse;
  opt.naive = q.naive;
  opt.symmetry = q.symmetry;
  opt.symbolic = q.symbolic;
  opt.path_bound = q.path_bound;
  opt.farm = farm;
  return route_check(*r, *i.model, opt);
}

void expect_same(const RouteCheckResult& a, const RouteCheckResult& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.pairs_settled, b.pairs_settled);
  ASSERT_EQ(a.levels.size(), b.levels.size());
  for (std::size_t j = 0; j < a.levels.size(); ++j) {
    SCOPED_TRACE("level " + std::to_string(j));
    EXPECT_EQ(a.levels[j].runs, b.levels[j].runs);
    EXPECT_EQ(a.levels[j].failures, b.levels[j].failures);
    EXPECT_EQ(a.levels[j].disconnected, b.levels[j].disconnected);
  }
  ASSERT_EQ(a.failure.has_value(), b.failure.has_value());
  if (!a.failure) return;
  EXPECT_EQ(a.failure->faults.units(), b.failure->faults.units());
  EXPECT_EQ(a.failure->pair.s, b.failure->pair.s);
  EXPECT_EQ(a.failure->pair.d, b.failure->pair.d);
  EXPECT_EQ(a.failure->run.outcome, b.failure->run.outcome);
  EXPECT_EQ(a.failure->run.trace.size(), b.failure->run.trace.size());
  EXPECT_EQ(a.failure->path_bound, b.failure->path_bound);
}

TEST(RouteFarm, ResultsMergedLateGiveTheSequentialAnswerAndCounts) {
  const auto ask = [](std::string model, std::string routing, UnitChoice units, std::uint32_t k,
                       std::size_t chunk_pairs) {
    Question q;
    q.model = std::move(model);
    q.routing = std::move(routing);
    q.units = units;
    q.k = k;
    q.chunk_pairs = chunk_pairs;
    return q;
  };
  const std::string hdn = "hdn(base=hypercube(3), k=1, s=[4])";
  std::vector<Question> questions = {
      ask("torus(4,4)", "dor", UnitChoice::Nodes, 2, 1),
      ask("torus(4,4)", "dor", UnitChoice::Nodes, 2, 3),
      ask("torus(4,4)", "dor", UnitChoice::Nodes, 2, 2),
      ask("torus(4,4)", "shortest", UnitChoice::Nodes, 4, 2),  // fails by a cut
      ask("torus(4,4)", "shortest", UnitChoice::Nodes, 4, 2),
      ask("torus(3,4)", "dor", UnitChoice::Links, 2, 2),
      ask("mikant(3,3)", "mikant-x-turns", UnitChoice::SwitchLinks, 2, 5),
      ask(hdn, "hdn-ft1", UnitChoice::Nodes, 2, 7),  // holds
      ask(hdn, "hdn-ft1", UnitChoice::Nodes, 2, 16),
      ask("torus(4,4)", "ft-torus", UnitChoice::Nodes, 5, 3),  // fails at 4 in several chunks
      ask("torus(4,4)", "dor", UnitChoice::Nodes, 2, 1),       // symbolic (below)
      ask(hdn, "hdn-ft1", UnitChoice::Nodes, 4, 5),             // symbolic: fails at 4
  };
  questions[10].symbolic = true;
  questions[11].symbolic = true;
  questions[1].symmetry = false;
  questions[2].settle_all = true;
  questions[4].excuse = true;
  questions[5].naive = true;
  questions[8].path_bound = "distance + faults";
  for (const Question& q : questions) {
    SCOPED_TRACE(q.model + " " + q.routing + " k=" + std::to_string(q.k));
    const RouteCheckResult plain = check(q, nullptr);
    for (std::size_t batch : {1, 2, 3, 1000}) {
      SCOPED_TRACE("batch " + std::to_string(batch));
      const LaggingFarm farm(batch);
      expect_same(plain, check(q, &farm));
    }
  }
}

TEST(RouteFarm, ABudgetIsOneClearError) {
  const auto i = make("torus(4,4)", UnitChoice::Nodes);
  const auto r = RoutingRegistry::builtin().build("dor", *i.net);
  const LaggingFarm farm(2);
  RouteCheckOptions opt;
  opt.farm = &farm;
  opt.budget = Budget::until(Clock::now() + std::chrono::seconds(5));
  EXPECT_THROW(route_check(*r, *i.model, opt), InputError);
}

}  // namespace
}  // namespace menger
