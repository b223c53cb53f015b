// The engine's cycle analysis, read where the exploration holds the graph H
// (verify/deadlock/dependency_view.cpp), against the materialised analysis it
// replaced (tests/materialized_cycles.h: H copied out, boost's strong
// components): same verdict, same cycle with the same packets, same order of
// the escape channels, same rings and counts, for every escape set of every
// instance below, fault-free and under fault sets, with and without bubble
// flow control (with a cycle through bubble rings: ft-torus(flow=bubble)'s
// deadlock at three faults on torus(4,4)).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "setup/setup.h"
#include "tests/node_faults.h"
#include "tests/materialized_cycles.h"
#include "verify/deadlock/dependency_graph.h"

namespace menger {
namespace {

struct ViewCase {
  std::string model, routing, faults;
  std::vector<std::string> named = {};  // one more fault set, of these nodes
};

// Every non-empty set of the routing's VCs.
std::vector<std::vector<bool>> escape_sets(std::uint32_t vcs) {
  std::vector<std::vector<bool>> out;
  for (std::uint32_t m = 1; m < (1u << vcs); ++m) {
    std::vector<bool> set(vcs);
    for (std::uint32_t v = 0; v < vcs; ++v) set[v] = (m >> v) & 1u;
    out.push_back(set);
  }
  return out;
}

// The fault-free set, and sets of one and two units spread over the universe.
std::vector<FaultSet> fault_sets(const FaultModel& m) {
  const std::size_t n = m.universe().size();
  std::vector<FaultSet> out{FaultSet(n)};
  for (std::size_t u : {std::size_t{0}, n / 3, n - 1}) {
    FaultSet f(n);
    f.insert(u);
    out.push_back(f);
  }
  for (std::size_t u : {std::size_t{1}, n / 2}) {
    FaultSet f(n);
    f.insert(0);
    f.insert(u);
    out.push_back(f);
  }
  return out;
}

std::string mask_text(const std::vector<bool>& set) {
  std::string out;
  for (bool b : set) out += b ? '1' : '0';
  return out;
}

void expect_same(const DependencyAnalysis& v, const DependencyAnalysis& m, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(v.graph_vertices, m.graph_vertices);
  EXPECT_EQ(v.graph_edges, m.graph_edges);
  EXPECT_EQ(v.direct_dependencies, m.direct_dependencies);
  EXPECT_EQ(v.escape_channels_used, m.escape_channels_used);
  EXPECT_EQ(v.cut_through, m.cut_through);
  EXPECT_EQ(v.rings, m.rings);
  ASSERT_EQ(v.acyclic, m.acyclic);
  EXPECT_EQ(v.order, m.order);
  ASSERT_EQ(v.cycle.size(), m.cycle.size());
  for (std::size_t i = 0; i < v.cycle.size(); ++i) {
    EXPECT_EQ(v.cycle[i].from, m.cycle[i].from) << i;
    EXPECT_EQ(v.cycle[i].to, m.cycle[i].to) << i;
    EXPECT_EQ(v.cycle[i].packet, m.cycle[i].packet) << i;
    EXPECT_EQ(v.cycle[i].via, m.cycle[i].via) << i;
  }
}

class DependencyView : public ::testing::TestWithParam<ViewCase> {};

TEST_P(DependencyView, AgreesWithTheMaterialisedGraph) {
  const ViewCase& c = GetParam();
  const RouteSetup s = make_route_setup(c.model, c.routing, c.faults);
  std::uint64_t cyclic = 0, acyclic = 0, rings = 0;
  std::vector<FaultSet> sets = fault_sets(*s.model);
  if (!c.named.empty()) sets.push_back(faults_of(s, c.named));
  for (const FaultSet& f : sets) {
    const Exploration x = explore(*s.routing, *s.model, &f, static_cast<std::uint32_t>(f.count()));
    for (const auto& set : escape_sets(s.routing->vcs())) {
      const DependencyAnalysis v = analyse_dependencies(x, set);
      DependencyAnalysis m;
      const ConfigurationGraph g = configuration_graph(x, set, false, false, m);
      materialized::analyse_cycles(g, m, x.budget);
      expect_same(v, m, c.model + " " + c.routing + " faults " + f.to_string(s.model->universe()) +
                            " escape mask " + mask_text(set));
      (v.acyclic ? acyclic : cyclic) += 1;
      rings += v.rings.size();
    }
  }
  // Each instance shows something: counted so that a list of trivial cases is noticed.
  RecordProperty("cyclic", static_cast<int>(cyclic));
  RecordProperty("acyclic", static_cast<int>(acyclic));
  RecordProperty("rings", static_cast<int>(rings));
}

INSTANTIATE_TEST_SUITE_P(
    Instances, DependencyView,
    ::testing::Values(ViewCase{"mesh(4,4)", "dor", "nodes"}, ViewCase{"mesh(4,4)", "west-first", "nodes"},
                      ViewCase{"mesh(4,4)", "north-last-split", "nodes"},
                      ViewCase{"torus(4,4)", "dor", "nodes"}, ViewCase{"torus(4,4)", "dor-dateline", "nodes"},
                      ViewCase{"torus(4,4)", "duato-torus", "nodes"}, ViewCase{"torus(5,4)", "duato-bubble", "nodes"},
                      ViewCase{"torus(4,4)", "ft-torus(flow=bubble)", "nodes", {"(0,0)", "(1,0)", "(3,1)"}},
                      ViewCase{"torus(5,5)", "ft-torus(flow=bubble)", "nodes"},
                      ViewCase{"torus(4,4)", "fir(config=ft, br=vc)", "nodes"},
                      ViewCase{"torus(4,4)", "fir(config=adaptive)", "nodes"},
                      ViewCase{"torus(6)", "duato-ring", "nodes"}, ViewCase{"hypercube(4)", "duato-hypercube", "nodes"},
                      ViewCase{"mikant(3,3)", "mikant-shortest", "switches"},
                      ViewCase{"fattree(4)", "clos-ecmp", "switches"}),
    [](const ::testing::TestParamInfo<ViewCase>& i) { return "case" + std::to_string(i.index); });

// Across the instances both verdicts, rings and escape-only cycles occur: the
// comparison above is not between two empty answers.
TEST(DependencyView, TheInstancesCoverCyclesRingsAndOrders) {
  std::uint64_t cyclic = 0, acyclic = 0, rings = 0, via = 0;
  for (const auto& [model, routing] : std::vector<std::pair<std::string, std::string>>{
           {"torus(4,4)", "duato-torus"}, {"torus(5,4)", "duato-bubble"}, {"mesh(4,4)", "north-last-split"}}) {
    const RouteSetup s = make_route_setup(model, routing, "nodes");
    const Exploration x = explore(*s.routing, *s.model);
    for (const auto& set : escape_sets(s.routing->vcs())) {
      const DependencyAnalysis v = analyse_dependencies(x, set);
      (v.acyclic ? acyclic : cyclic) += 1;
      rings += v.rings.size();
      for (const auto& d : v.cycle) via += d.via.size();
    }
  }
  EXPECT_GT(cyclic, 0u);
  EXPECT_GT(acyclic, 0u);
  EXPECT_GT(rings, 0u);
  EXPECT_GT(via, 0u);
}

}  // namespace
}  // namespace menger
