// Routing::port_automorphism_invariant() is a declaration; here every routing
// that makes it is run against every generator of the port-keeping group of
// several networks (nauty, re-checked), on random (s, d, F), and must commute
// (verify/check/routing_symmetry_check.h).  The study of routings that do not
// declare it documents why (004's Algorithm 1 reads coordinates).
#include <gtest/gtest.h>

#include "core/error.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/symmetry/automorphisms.h"
#include "verify/route/route_search.h"
#include "verify/check/routing_symmetry_check.h"

namespace menger {
namespace {

using testing::make;

struct Case {
  const char* model;
  const char* routing;
};

// The first generator the routing does not commute with, or "".  With
// `colours`, of the subgroup that keeps the routing's symmetry colours (as
// the search uses it); without, of the whole port-keeping group.
std::string first_mismatch(const Case& c, std::uint32_t k, std::size_t runs, bool colours = true) {
  const auto i = make(c.model, UnitChoice::Nodes);
  const auto routing = RoutingRegistry::builtin().build(c.routing, *i.net);
  const std::vector<std::uint64_t> kept = colours ? routing->symmetry_colours(*i.net) : std::vector<std::uint64_t>{};
  const NodeGroup g = fault_model_automorphisms(*i.model, {}, Preserve::Ports, kept);
  EXPECT_FALSE(g.generators.empty()) << c.model;
  for (std::size_t n = 0; n < g.generators.size(); ++n)
    if (auto why = commutation_problem(*routing, *i.model, g.generators[n], k, runs, 1 + n))
      return "generator " + std::to_string(n) + ": " + *why;
  return "";
}

TEST(RoutingSymmetry, DeclaredRoutingsCommuteWithEveryPortAutomorphism) {
  const Case cases[] = {{"torus(4,5)", "shortest"},
                        {"torus(4,5)", "shortest(choice=first)"},
                        {"hypercube(4)", "shortest"},
                        {"hdn(base=hypercube(3), k=1, s=[4])", "shortest"},
                        {"hdn(base=hypercube(2), k=2, s=[2,2])", "shortest(choice=first)"},
                        {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1(order=port)"},
                        {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft2(order=port)"},
                        {"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft1(order=port)"},
                        {"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft2(order=port)"},
                        {"hdn(base=hypercube(2), k=2, s=[2,2])", "hdn-ft1(order=port)"},
                        {"hdn(base=hypercube(3), k=2, s=[4,2])", "hdn-ft1(order=port)"},
                        // node-id order: the subgroup that keeps node-ids
                        {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1"},
                        {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft2"},
                        {"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft1"},
                        {"hdn(base=hypercube(3), k=2, s=[4,2])", "hdn-ft1"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.model) + " " + c.routing);
    const auto i = make(c.model, UnitChoice::Nodes);
    ASSERT_TRUE(RoutingRegistry::builtin().build(c.routing, *i.net)->port_automorphism_invariant());
    EXPECT_EQ(first_mismatch(c, 3, 300), "");
  }
}

TEST(RoutingSymmetry, TheCheckFindsATieBreakByNodeId) {
  // 004's Step-1 by node-id (reading 4 of models/routing_hdn.cpp): the
  // automorphism x -> x XOR 2 of node-ids reverses the order of two
  // neighbours.  On the 3x2 torus base a reflection does the same.
  // Hence node-id order declares the node-id colours (symmetry_colours).
  EXPECT_NE(first_mismatch({"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1"}, 2, 400, false), "");
  EXPECT_NE(first_mismatch({"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft1"}, 2, 400, false), "");
  EXPECT_NE(first_mismatch({"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft2"}, 2, 400, false), "");
}

// Issue 20: a search that examines one pair per orbit gives the answer of the
// search over every pair (status, least failing size, its pair's orbit).
TEST(RoutingSymmetry, OrbitSearchEqualsTheFullSearch) {
  struct Search {
    const char* model;
    const char* routing;
    std::uint32_t k;
    bool symbolic = false;
  };
  const Search cases[] = {{"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1(order=port)", 4},
                          {"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft2(order=port)", 3},
                          {"hdn(base=hypercube(2), k=1, s=[2])", "shortest(choice=first)", 3},
                          {"torus(3,4)", "shortest", 4},
                          {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1", 4, true},
                          {"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft2", 3, true}};
  for (const Search& c : cases) {
    SCOPED_TRACE(std::string(c.model) + " " + c.routing);
    const auto i = make(c.model, UnitChoice::Nodes);
    const auto routing = RoutingRegistry::builtin().build(c.routing, *i.net);
    RouteCheckOptions opt;
    opt.k = c.k;
    opt.symbolic = c.symbolic;
    const RouteCheckResult with = route_check(*routing, *i.model, opt);
    opt.symmetry = false;
    const RouteCheckResult without = route_check(*routing, *i.model, opt);
    EXPECT_TRUE(with.symmetry_used);
    EXPECT_LT(with.pairs_examined, without.pairs_examined);
    EXPECT_EQ(with.status, without.status);
    ASSERT_EQ(with.failure.has_value(), without.failure.has_value());
    if (with.failure) {
      EXPECT_EQ(with.failure->faults.count(), without.failure->faults.count());
    }
  }
}

TEST(RoutingSymmetry, ANonAutomorphismIsNamed) {
  const auto i = make("torus(4)", UnitChoice::Nodes);
  const auto routing = RoutingRegistry::builtin().build("shortest", *i.net);
  const auto why = commutation_problem(*routing, *i.model, {1, 0, 2, 3}, 1, 10, 1);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("not a port automorphism"), std::string::npos);
}

}  // namespace
}  // namespace menger
