// Randomized differential test of the tolerance engines (DESIGN.md: "Both
// engines must agree on every family where both apply"): on small instances of
// every family and on random graphs, under node, switch, link and switch-link
// faults, the flow engine, the Z3 engine and brute-force enumeration must find
// the same least breaking size, and every breaking set must break.  Random
// groupings of nodes (component faults) compare Z3 with brute force.  A failure
// prints the instance (spec, faults, seed) so it can be added to the corpus.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "core/rng.h"
#include "fault_oracle.h"
#include "models/registry.h"
#include "verify/tolerance/tolerance.h"
#include "verify/tolerance/tolerance_smt.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kBruteLimit = 4;  // brute force searches sets up to this size

// Compares the engines; returns the least breaking size found (for coverage counts).
std::optional<std::size_t> compare_engines(const Network& net, FaultModelSpec spec, const std::string& what) {
  if (spec.pairs == PairChoice::InputsToOutputs && !net.has_directed_links()) return std::nullopt;
  FaultModel m(net, spec);
  const auto truth = testing::brute_min_breaking(m, kBruteLimit);
  const SmtOutcome smt = smt_min_breaking_set(m);
  EXPECT_TRUE(smt.complete) << what;
  if (truth) {
    EXPECT_EQ(smt.min_cut, std::optional<std::uint64_t>(*truth)) << what;
    EXPECT_TRUE(testing::breaks(m, smt.breaking_set)) << what << " (smt witness)";
  } else {
    EXPECT_TRUE(!smt.min_cut || *smt.min_cut > kBruteLimit) << what;
  }
  if (!m.flow_expressible()) return truth;
  const ToleranceResult flow = flow_tolerance(m);
  EXPECT_TRUE(flow.complete) << what;
  EXPECT_EQ(flow.min_cut, smt.min_cut) << what << ": flow and smt disagree";
  if (flow.min_cut) {
    EXPECT_TRUE(testing::breaks(m, flow.breaking_set)) << what << " (flow witness)";
  }
  return truth;
}

TEST(ToleranceDifferential, EveryFamilyEveryFaultKind) {
  const char* specs[] = {"hypercube(3)",
                         "torus(3,3)",
                         "torus(3,2,2)",
                         "mesh(3,3)",
                         "mesh(2,2,2)",
                         "kary_ntree(2,2)",
                         "kary_ntree(3,2)",
                         "mikant(2,2)",
                         "mikant(3,2)",
                         "min(stages=2, radix=2, wiring=non_interwired)",
                         "min(stages=2, radix=2, wiring=replicated)",
                         "min(stages=2, radix=2, wiring=deterministic)",
                         "min(stages=2, radix=2, wiring=random, seed=4)",
                         "rdn(base=hypercube(1), k=1)",
                         "hdn(base=hypercube(2), k=1, s=[2])"};
  for (const char* spec : specs) {
    Network net(Registry::builtin().build(spec));
    for (UnitChoice u : {UnitChoice::Nodes, UnitChoice::Switches, UnitChoice::Links, UnitChoice::SwitchLinks,
                         UnitChoice::Components}) {
      FaultModelSpec s;
      s.units = u;
      s.pairs = default_pairs(net);
      compare_engines(net, s, std::string(spec) + " faults=" + to_string(u));
    }
  }
}

// A random network: n nodes, some endpoints hanging on one or two switches or
// routers, random links among the rest; undirected or directed.
fs::path random_network(Rng& rng, const fs::path& dir, int index, bool directed) {
  const fs::path file = dir / ("random" + std::to_string(index) + ".dot");
  std::ofstream out(file);
  const int core = 4 + static_cast<int>(rng.below(4)), ends = static_cast<int>(rng.below(4));
  const bool switches = rng.below(2) == 0;
  const std::uint64_t density = 30 + rng.below(60);  // percent of possible core links
  out << (directed ? "digraph" : "graph") << " G {\n";
  for (int i = 0; i < core; ++i) out << "  c" << i << " [kind=" << (switches ? "switch" : "router") << "];\n";
  for (int i = 0; i < ends; ++i) out << "  e" << i << " [kind=endpoint];\n";
  const char* arrow = directed ? " -> " : " -- ";
  for (int a = 0; a < core; ++a)
    for (int b = 0; b < core; ++b) {
      if (a == b || (!directed && b < a)) continue;
      if (rng.below(100) < density) out << "  c" << a << arrow << "c" << b << ";\n";
    }
  for (int i = 0; i < ends; ++i) {
    const int homes = 1 + static_cast<int>(rng.below(2));
    for (int h = 0; h < homes; ++h) {
      const int c = static_cast<int>(rng.below(static_cast<std::uint64_t>(core)));
      out << "  e" << i << arrow << "c" << c << ";\n";
      if (directed) out << "  c" << (c + 1) % core << arrow << "e" << i << ";\n";
    }
  }
  out << "}\n";
  return file;
}

TEST(ToleranceDifferential, RandomNetworksAndGroupings) {
  const fs::path dir = fs::temp_directory_path() / ("menger_diff_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Rng rng(2026, 11);
  std::map<std::size_t, int> sizes;  // least breaking sizes seen: the test must not be vacuous
  for (int i = 0; i < 60; ++i) {
    const bool directed = i % 3 == 2;
    const fs::path file = random_network(rng, dir, i, directed);
    Network net(Registry::builtin().build("file(" + file.string() + ")"));
    const std::string what = "seed 2026 instance " + std::to_string(i) + " (" + file.string() + ")";
    for (UnitChoice u : {UnitChoice::Nodes, UnitChoice::Switches, UnitChoice::Links, UnitChoice::SwitchLinks}) {
      FaultModelSpec s;
      s.units = u;
      s.pairs = default_pairs(net);
      if (auto k = compare_engines(net, s, what + " faults=" + to_string(u))) ++sizes[*k];
    }
    // Random disjoint groups of forwarding nodes: only Z3 and brute force apply.
    FaultModelSpec g;
    g.units = UnitChoice::Components;
    g.pairs = default_pairs(net);
    std::vector<NodeId> relays;
    for (NodeId v = 0; v < net.num_nodes(); ++v)
      if (net.forwards(v)) relays.push_back(v);
    rng.shuffle(relays);
    for (std::size_t k = 0; k + 1 < relays.size(); k += 2 + rng.below(2)) {
      Component c{"g" + std::to_string(k), {relays[k], relays[k + 1]}};
      if (k + 2 < relays.size() && rng.below(2)) c.nodes.push_back(relays[k + 2]), ++k;
      g.groups.push_back(c);
    }
    if (!g.groups.empty())
      if (auto k = compare_engines(net, g, what + " random groups")) ++sizes[*k];
  }
  fs::remove_all(dir);
  for (std::size_t k : {0u, 1u, 2u, 3u}) EXPECT_GE(sizes[k], 5) << "few instances whose least breaking set has size " << k;
}

}  // namespace
}  // namespace menger
