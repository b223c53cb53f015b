// Automorphism groups (verify/symmetry/automorphisms.h): nauty's answers against
// brute force over every permutation of small networks, against group
// orders known in closed form, and the independent check against permutations
// that are not automorphisms.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "core/error.h"
#include "test_instance.h"
#include "verify/symmetry/automorphisms.h"

namespace menger {
namespace {

using testing::make;

// Counts the node permutations the independent check accepts (n! of them tried).
std::uint64_t brute_force_order(const FaultModel& m, std::vector<NodeId> fixed = {}) {
  Permutation p(m.network().num_nodes());
  std::iota(p.begin(), p.end(), 0);
  std::uint64_t count = 0;
  do {
    bool fixes = std::all_of(fixed.begin(), fixed.end(), [&](NodeId v) { return p[v] == v; });
    count += fixes && !automorphism_problem(m, p);
  } while (std::next_permutation(p.begin(), p.end()));
  return count;
}

// The order of the group the generators span: the closure of the identity
// under composition with the generators (small groups only).
std::uint64_t spanned_order(NodeId n, const std::vector<Permutation>& gens) {
  Permutation id(n);
  std::iota(id.begin(), id.end(), 0);
  std::set<Permutation> seen{id};
  std::vector<Permutation> queue{id};
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (const auto& g : gens) {
      Permutation q(n);
      for (NodeId v = 0; v < n; ++v) q[v] = g[queue[i][v]];
      if (seen.insert(q).second) queue.push_back(q);
    }
  return seen.size();
}

struct Small {
  const char* spec;
  UnitChoice units;
};

class BruteForce : public ::testing::TestWithParam<Small> {};

TEST_P(BruteForce, NautyOrderAndGeneratorsMatchEveryPermutation) {
  const auto i = make(GetParam().spec, GetParam().units);
  const NodeGroup g = fault_model_automorphisms(*i.model);
  const std::uint64_t expected = brute_force_order(*i.model);
  EXPECT_EQ(g.order, std::to_string(expected));
  EXPECT_EQ(spanned_order(i.net->num_nodes(), g.generators), expected);
  const NodeId zero[] = {0};
  const NodeGroup stab = fault_model_automorphisms(*i.model, zero);
  EXPECT_EQ(stab.order, std::to_string(brute_force_order(*i.model, {0})));
  for (const auto& p : stab.generators) EXPECT_EQ(p[0], 0u);
}

INSTANTIATE_TEST_SUITE_P(SmallNetworks, BruteForce,
                         ::testing::Values(Small{"hypercube(3)", UnitChoice::Nodes}, Small{"torus(3,3)", UnitChoice::Nodes},
                                           Small{"mesh(2,4)", UnitChoice::Nodes}, Small{"mesh(3,3)", UnitChoice::Links},
                                           Small{"torus(2,3)", UnitChoice::Links},
                                           Small{"kary_ntree(k=2, n=2)", UnitChoice::Switches}));

TEST(Automorphisms, ClosedFormOrders) {
  // |Aut Q_n| = 2^n n!; |Aut C_5 x C_5| = |D_5|^2 * 2 (swap of the factors).
  EXPECT_EQ(network_automorphisms(*make("hypercube(5)", UnitChoice::Nodes).net).order, "3840");
  EXPECT_EQ(network_automorphisms(*make("torus(5,5)", UnitChoice::Nodes).net).order, "200");
  EXPECT_EQ(network_automorphisms(*make("torus(5,7)", UnitChoice::Nodes).net).order, "140");
}

TEST(Automorphisms, OrbitsOfNodesAndPairs) {
  const auto q = make("hypercube(4)", UnitChoice::Nodes);
  const NodeGroup g = network_automorphisms(*q.net);
  EXPECT_EQ(g.orbit_count(), 1u);
  EXPECT_EQ(ordered_pair_orbits(*q.net, g), 4u);  // one per distance 1..4
  // C_5 x C_5 from (0,0): (1,0) (2,0) (1,1) (2,2) (1,2): five orbits of the stabiliser.
  const auto t = make("torus(5,5)", UnitChoice::Nodes);
  EXPECT_EQ(ordered_pair_orbits(*t.net, network_automorphisms(*t.net)), 5u);
  // A 3x3 mesh: corners, edge middles, centre.
  const auto m = make("mesh(3,3)", UnitChoice::Nodes);
  EXPECT_EQ(network_automorphisms(*m.net).orbit_count(), 3u);
}

TEST(AutomorphismCheck, RejectsWhatIsNotAnAutomorphism) {
  const auto i = make("mesh(2,3)", UnitChoice::Nodes);
  Permutation id(i.net->num_nodes());
  std::iota(id.begin(), id.end(), 0);
  EXPECT_FALSE(automorphism_problem(*i.model, id));
  Permutation shortp(id.begin(), id.end() - 1);
  EXPECT_TRUE(automorphism_problem(*i.model, shortp));
  Permutation twice = id;
  twice[1] = 0;
  EXPECT_TRUE(automorphism_problem(*i.model, twice));
  Permutation swap = id;  // a corner with the middle of its side: degrees differ
  std::swap(swap[0], swap[1]);
  ASSERT_TRUE(automorphism_problem(*i.model, swap));
  EXPECT_NE(automorphism_problem(*i.model, swap)->find("links"), std::string::npos);
}

TEST(AutomorphismCheck, FaultWeightsAndImmortalNodesAreKept) {
  // Unit weights are part of the model: alternating weights halve the ring's group.
  auto i = make("torus(4)", UnitChoice::Nodes);
  FaultModelSpec s;
  s.units = UnitChoice::Nodes;
  s.weights = {1, 2, 1, 2};
  const FaultModel weighted(*i.net, s);
  const NodeGroup g = fault_model_automorphisms(weighted);
  EXPECT_EQ(g.order, std::to_string(brute_force_order(weighted)));
  EXPECT_EQ(g.order, "4");  // the ring's 8 symmetries, halved by the alternating weights
  Permutation rotate_one{1, 2, 3, 0};
  ASSERT_TRUE(automorphism_problem(weighted, rotate_one));
}

TEST(PairOrbits, UnionFindOverGenerators) {
  // The 4-cycle's rotation: the four ordered neighbour pairs are one orbit
  // under rotation and reversal.
  const std::vector<Permutation> rot{{1, 2, 3, 0}};
  const std::vector<std::pair<NodeId, NodeId>> pairs{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {1, 0}, {2, 1}, {3, 2}, {0, 3}};
  const auto ordered = pair_orbit_roots(pairs, rot, false);
  EXPECT_EQ(ordered[3], 0u);
  EXPECT_EQ(ordered[7], 4u);
  const auto unordered = pair_orbit_roots(pairs, rot, true);
  EXPECT_EQ(unordered[7], 0u);
  EXPECT_THROW(pair_orbit_roots({{0, 1}}, rot, false), InputError);
}

}  // namespace
}  // namespace menger
