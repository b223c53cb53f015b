// Translations and the memo of translated runs (verify/symmetry/translations.h,
// verify/route/translated_runs.h): the per-source translations are automorphisms
// taking each source to its root, and the memo answers every pair of random
// fault combinations exactly as a direct run does, for node and link faults;
// the combinations experiment gives the same tally with and without it.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/rng.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/reliability/reliability.h"
#include "verify/route/route_run.h"
#include "verify/route/translated_runs.h"
#include "verify/symmetry/translations.h"

namespace menger {
namespace {

using testing::Instance;
using testing::make;

// Every t_s maps s to its root, links to links (with their ports) and units
// one-to-one.
void expect_automorphisms(const std::string& spec, UnitChoice units) {
  Instance in = make(spec, units);
  auto frames = SourceFrames::build(*in.model, 1u << 24);
  ASSERT_TRUE(frames.has_value()) << spec;
  const Network& net = *in.net;
  for (NodeId s = 0; s < net.num_nodes(); ++s) {
    EXPECT_EQ(frames->node(s, s), frames->root(s));
    for (const Link& l : net.links()) {
      const PortSlot& image = net.port(frames->node(s, l.a), l.pa);
      EXPECT_EQ(image.peer, frames->node(s, l.b)) << spec << " source " << s;
      EXPECT_EQ(image.peer_port, l.pb);
    }
    std::vector<std::uint32_t> img;
    for (std::size_t u = 0; u < in.model->universe().size(); ++u) img.push_back(frames->unit(s, u));
    std::sort(img.begin(), img.end());
    EXPECT_TRUE(std::adjacent_find(img.begin(), img.end()) == img.end()) << spec << ": units collide";
  }
}

TEST(SourceFrames, TranslationsAreAutomorphisms) {
  expect_automorphisms("torus(4,4)", UnitChoice::Nodes);
  expect_automorphisms("torus(3,5,4)", UnitChoice::Links);
  expect_automorphisms("hypercube(4)", UnitChoice::Links);
}

TEST(SourceFrames, NoneWithoutTranslations) {
  Instance mesh = make("mesh(4,4)", UnitChoice::Nodes);
  EXPECT_FALSE(SourceFrames::build(*mesh.model, 1u << 24).has_value());
  Instance torus = make("torus(8,8)", UnitChoice::Nodes);
  EXPECT_FALSE(SourceFrames::build(*torus.model, 100).has_value()) << "over the table limit";
}

// The memo against direct runs on every pair of `trials` random combinations
// of m faults; returns how many pairs were not delivered (so that a test can
// require the comparison to have met failures, not only deliveries).
std::size_t compare_with_direct_runs(const std::string& spec, const std::string& routing, UnitChoice units,
                                     std::size_t m, std::size_t trials, std::size_t cap = 4'000'000) {
  Instance in = make(spec, units);
  auto r = RoutingRegistry::builtin().build(routing, *in.net);
  auto memo = TranslatedRuns::make(*r, *in.model, m, cap);
  EXPECT_TRUE(memo) << spec;
  if (!memo) return 0;
  RunLimits limits;
  limits.fault_budget = static_cast<std::uint32_t>(m);
  RouteRunner memo_runner(*r, *in.model, limits), direct(*r, *in.model, limits);
  TranslatedRuns::Frame frame(*in.model);
  const std::size_t n = in.model->universe().size();
  std::vector<std::size_t> order(n);
  std::size_t failed = 0;
  for (std::size_t t = 0; t < trials; ++t) {
    Rng rng(7, t);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    draw_units(rng, m, order);
    FaultSet f(n);
    for (std::size_t i = 0; i < m; ++i) f.insert(order[i]);
    const FailedElements failed_elements(in.model->universe(), f);
    for (NodeId s = 0; s < in.net->num_nodes(); ++s) {
      if (failed_elements.node_failed(s)) continue;
      memo->enter(memo_runner, std::span<const std::size_t>(order.data(), m), s, frame);
      for (NodeId d = 0; d < in.net->num_nodes(); ++d) {
        if (d == s || failed_elements.node_failed(d)) continue;
        const bool want = direct.run(f, s, d, std::nullopt, false).delivered();
        EXPECT_EQ(memo->delivered(memo_runner, d, frame), want)
            << spec << " " << f.to_string(in.model->universe()) << " pair " << s << " -> " << d;
        failed += !want;
      }
    }
  }
  EXPECT_GT(memo->runs(), 0u);
  return failed;
}

TEST(TranslatedRuns, SameAnswersAsDirectRunsNodeFaults) {
  // Four faulty nodes of 16, and 14 of 64, defeat ft-torus now and then.
  EXPECT_GT(compare_with_direct_runs("torus(4,4)", "ft-torus", UnitChoice::Nodes, 4, 60), 0u);
  EXPECT_GT(compare_with_direct_runs("torus(4,4,4)", "ft-torus", UnitChoice::Nodes, 14, 16), 0u);
  // A memo full after 50 entries: later misses are run and not kept.
  EXPECT_GT(compare_with_direct_runs("torus(4,4)", "ft-torus", UnitChoice::Nodes, 5, 30, 50), 0u);
}

TEST(TranslatedRuns, SameAnswersAsDirectRunsLinkFaults) {
  EXPECT_GT(compare_with_direct_runs("torus(5,5)", "ft-torus", UnitChoice::Links, 6, 40), 0u);
  EXPECT_GT(compare_with_direct_runs("torus(4,4)", "dor(flow=bubble)", UnitChoice::Links, 2, 40), 0u);
}

TEST(TranslatedRuns, OnlyForRoutingsThatCommuteWithTranslations) {
  Instance torus = make("torus(4,4)", UnitChoice::Nodes);
  auto dateline = RoutingRegistry::builtin().build("dor-dateline", *torus.net);
  EXPECT_FALSE(TranslatedRuns::make(*dateline, *torus.model, 2));
  Instance mesh = make("mesh(4,4)", UnitChoice::Nodes);
  auto ft = RoutingRegistry::builtin().build("ft-torus", *mesh.net);
  EXPECT_FALSE(TranslatedRuns::make(*ft, *mesh.model, 2));
}

// The experiment's tally is the same with and without the memo (it only
// changes the cost), and the memo did the work.
TEST(CombinationExperiment, MemoChangesNoResult) {
  Instance in = make("torus(4,4,4)", UnitChoice::Nodes);
  auto ft = RoutingRegistry::builtin().build("ft-torus", *in.net);
  SampleOptions o;
  o.trials = 64;
  o.shard = 4;
  CombinationExperiment with(*in.model, {ft.get()}, 14), without(*in.model, {ft.get()}, 14, 0, false);
  ASSERT_NE(with.memo(0), nullptr);
  ASSERT_EQ(without.memo(0), nullptr);
  const SampleResult a = sample(with, o), b = sample(without, o);
  EXPECT_EQ(a.tally[0].sum, b.tally[0].sum);
  EXPECT_EQ(a.tally[0].n, b.tally[0].n);
  EXPECT_GT(a.tally[0].sum, 0);
  EXPECT_LT(a.tally[0].sum, 64) << "some combinations of 14 faults defeat ft-torus on the 4x4x4 torus";
}

}  // namespace
}  // namespace menger
