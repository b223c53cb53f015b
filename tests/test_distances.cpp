// Exact distances: the bit-parallel search against the one-source BFS and a
// brute-force Floyd-Warshall written here, with the relay rule (endpoints never
// forward), symmetry, disconnection and thread counts.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <filesystem>
#include <fstream>

#include "models/registry.h"
#include "verify/structure/distances.h"

namespace menger {
namespace {

constexpr std::uint32_t kInf = 1u << 30;

// All-pairs distances by Floyd-Warshall over arcs, where only forwarding nodes
// may be intermediate: the textbook recurrence with k restricted to relays.
std::vector<std::vector<std::uint32_t>> floyd_warshall(const Network& net) {
  const NodeId n = net.num_nodes();
  std::vector<std::vector<std::uint32_t>> d(n, std::vector<std::uint32_t>(n, kInf));
  for (NodeId v = 0; v < n; ++v) {
    d[v][v] = 0;
    for (NodeId u : net.out_neighbors(v)) d[v][u] = std::min(d[v][u], 1u);
  }
  for (NodeId k = 0; k < n; ++k) {
    if (!net.forwards(k)) continue;
    for (NodeId i = 0; i < n; ++i)
      for (NodeId j = 0; j < n; ++j) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
  }
  return d;
}

DistanceSummary brute_force(const Network& net) {
  const auto d = floyd_warshall(net);
  DistanceSummary s;
  for (NodeId a = 0; a < net.num_nodes(); ++a) {
    if (!net.is_terminal(a)) continue;
    ++s.terminals;
    for (NodeId b = 0; b < net.num_nodes(); ++b) {
      if (a == b || !net.is_terminal(b)) continue;
      ++s.pairs;
      if (d[a][b] >= kInf) {
        ++s.unreachable;
        continue;
      }
      s.distance_sum += d[a][b];
      s.diameter = std::max(s.diameter, d[a][b]);
    }
  }
  return s;
}

void expect_same(const DistanceSummary& a, const DistanceSummary& b, const std::string& what) {
  EXPECT_EQ(a.terminals, b.terminals) << what;
  EXPECT_EQ(a.pairs, b.pairs) << what;
  EXPECT_EQ(a.unreachable, b.unreachable) << what;
  EXPECT_EQ(a.distance_sum, b.distance_sum) << what;
  EXPECT_EQ(a.diameter, b.diameter) << what;
}

DistanceSummary run(const Network& net, DistanceMethod m, bool symmetry = true) {
  DistanceOptions o;
  o.method = m;
  o.use_symmetry = symmetry;
  return terminal_distances(net, o);
}

const char* const kSmall[] = {"hypercube(4)", "torus(3,2,5)", "mesh(3,4)", "kary_ntree(3,2)", "mikant(2,3)",
                              "mikant(3,2)", "min(stages=2, radix=4, wiring=random, seed=2)",
                              "min(stages=3, radix=2, wiring=replicated)", "hdn(base=hypercube(2), k=1, s=[2])"};

TEST(Distances, BothMethodsMatchBruteForce) {
  for (const char* spec : kSmall) {
    Network net(Registry::builtin().build(spec));
    const DistanceSummary truth = brute_force(net);
    expect_same(run(net, DistanceMethod::PerSource, false), truth, std::string(spec) + " per-source");
    expect_same(run(net, DistanceMethod::BitParallel, false), truth, std::string(spec) + " bit-parallel");
  }
}

TEST(Distances, MethodsAgreeWithWitnessesOnLargerNetworks) {
  // More than 64 terminals: several bit-parallel batches, a partial last one.
  for (const char* spec : {"mikant(3,3)", "min(stages=3, radix=4, wiring=deterministic)", "mesh(9,11)",
                           "hdn(base=torus(3,2,5), k=1, s=[15])", "kary_ntree(4,3)"}) {
    Network net(Registry::builtin().build(spec));
    const DistanceSummary a = run(net, DistanceMethod::PerSource), b = run(net, DistanceMethod::BitParallel);
    expect_same(a, b, spec);
    EXPECT_EQ(a.diameter_source, b.diameter_source) << spec;  // same tie-break: smallest (source, target)
    EXPECT_EQ(a.diameter_target, b.diameter_target) << spec;
    EXPECT_EQ(distances_from(net, a.diameter_source)[a.diameter_target], a.diameter) << spec;
  }
}

TEST(Distances, SymmetryShortcutGivesTheFullAnswer) {
  for (const char* spec : {"torus(4,3)", "torus(3,2,5)", "hypercube(6)"}) {
    Network net(Registry::builtin().build(spec));
    const DistanceSummary full = run(net, DistanceMethod::BitParallel, false);
    const DistanceSummary sym = run(net, DistanceMethod::BitParallel, true);
    EXPECT_TRUE(sym.by_symmetry) << spec;
    EXPECT_EQ(sym.sources_total, 1u) << spec;
    expect_same(sym, full, spec);
  }
  Network mesh(Registry::builtin().build("mesh(4,4)"));
  EXPECT_FALSE(run(mesh, DistanceMethod::BitParallel).by_symmetry);  // not vertex-transitive
}

TEST(Distances, EndpointsNeverRelay) {
  // Two switches joined only through an endpoint: the endpoint must not relay.
  const auto dir = std::filesystem::temp_directory_path() / ("menger_relay_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "relay.dot") << "graph { a [kind=endpoint]; b [kind=endpoint]; m [kind=endpoint];"
                                      " s1 [kind=switch]; s2 [kind=switch]; a -- s1; s1 -- m; m -- s2; s2 -- b; }";
  Network net(Registry::builtin().build("file(" + (dir / "relay.dot").string() + ")"));
  for (DistanceMethod method : {DistanceMethod::PerSource, DistanceMethod::BitParallel}) {
    const DistanceSummary s = run(net, method);
    EXPECT_EQ(s.terminals, 3u);
    EXPECT_EQ(s.pairs, 6u);
    EXPECT_EQ(s.unreachable, 2u);  // a <-> b; both reach m
    EXPECT_EQ(net.label(s.unreachable_source), "a");
    EXPECT_EQ(net.label(s.unreachable_target), "b");
    expect_same(s, brute_force(net), "relay");
  }
  std::filesystem::remove_all(dir);
}

TEST(Distances, IndependentOfTheThreadCount) {
  Network net(Registry::builtin().build("hdn(base=hypercube(3), k=2, s=[4,2])"));
  DistanceSummary one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = run(net, DistanceMethod::BitParallel);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = run(net, DistanceMethod::BitParallel);
  }
  expect_same(one, two, "threads");
  EXPECT_EQ(one.diameter_source, two.diameter_source);
  EXPECT_EQ(one.diameter_target, two.diameter_target);
}

TEST(Distances, ADeadlineInThePastCoversNothing) {
  Network net(Registry::builtin().build("mikant(3,3)"));
  DistanceOptions o;
  o.budget = Budget::until(Clock::now() - std::chrono::seconds(1));
  const DistanceSummary s = terminal_distances(net, o);
  EXPECT_FALSE(s.complete());
  EXPECT_EQ(s.sources_done, 0u);
  EXPECT_EQ(s.sources_total, 54u);
}

}  // namespace
}  // namespace menger
