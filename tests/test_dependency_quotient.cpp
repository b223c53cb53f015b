// Dally and Seitz's check on one destination per translation orbit
// (verify/deadlock/dependency_quotient.h) against the whole channel dependency graph.
//
// Where the expected values come from: the engine's full exploration of every
// destination (verify/deadlock/dependency_graph.h), which the quotient check must agree
// with on acyclicity, packets, configurations and channels used; the quotient's
// order is checked here against every edge of the full graph.  A routing that
// declares a symmetry it does not have must be caught.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "core/error.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/check/routing_symmetry_check.h"
#include "verify/deadlock/dependency_quotient.h"
#include "verify/fault_model.h"

namespace menger {
namespace {

struct Case {
  Network net;
  FaultModel model;
  std::unique_ptr<Routing> routing;
  Case(const std::string& topo, const std::string& r)
      : net(Registry::builtin().build(topo)), model(net, FaultModelSpec{}),
        routing(RoutingRegistry::builtin().build(r, net)) {}
};

// Which pass: destinations up to translation; without translations, every
// destination explored and dropped, or one endpoint per switch where the
// routing declares it reads a destination only through its switch (both forced
// on these small networks).
enum class Pass { Translations, EveryDestination, OnePerSwitch };

// Quotient and full analyses agree; when acyclic, the quotient's order is one
// every dependency of the full graph goes forward in, and the certificate made
// from it passes the independent checker.
void expect_agreement(const std::string& topo, const std::string& routing, bool applies,
                      Pass pass = Pass::Translations) {
  SCOPED_TRACE(topo + " " + routing + (pass == Pass::EveryDestination ? " every destination"
                                       : pass == Pass::OnePerSwitch   ? " one endpoint per switch"
                                                                      : ""));
  Case c(topo, routing);
  const auto q = pass == Pass::Translations
                     ? quick_plain_check(*c.routing, c.model)
                     : quick_plain_check(*c.routing, c.model, false, 0, Budget(), pass == Pass::OnePerSwitch);
  DependencyAnalysis full_stats;
  const ConfigurationGraph g = configuration_graph(*c.routing, c.model, {}, full_stats);
  const DependencyAnalysis full = analyse_dependencies(*c.routing, c.model, {});
  if (!applies || !full.acyclic) {
    EXPECT_FALSE(q.has_value());
    return;
  }
  ASSERT_TRUE(q.has_value());
  const DependencyAnalysis& a = q->analysis;
  EXPECT_TRUE(a.acyclic);
  EXPECT_EQ(a.packets, full.packets);
  EXPECT_EQ(a.configurations, full.configurations);
  EXPECT_EQ(a.escape_channels_used, full.escape_channels_used);
  EXPECT_EQ(q->terminals, c.model.terminals().size());
  const bool twins = pass == Pass::OnePerSwitch && c.routing->destination_switch_invariant();
  EXPECT_EQ(q->one_per_switch, twins);
  if (pass == Pass::EveryDestination || (pass == Pass::OnePerSwitch && !twins)) EXPECT_EQ(q->destinations, q->terminals);
  else if (pass == Pass::OnePerSwitch) EXPECT_LE(q->destinations, q->terminals);  // p = 1: nothing shared
  else EXPECT_LT(q->destinations, q->terminals);
  std::map<ChannelId, std::size_t> position;
  for (std::size_t i = 0; i < a.order.size(); ++i) position[a.order[i]] = i;
  ASSERT_EQ(position.size(), a.order.size());
  for (const auto& e : g.edges) {
    ASSERT_TRUE(position.count(e.from) && position.count(e.to)) << e.from << " -> " << e.to;
    EXPECT_LT(position[e.from], position[e.to]) << e.from << " -> " << e.to;
  }
  DeadlockResult r;
  r.status = DeadlockResult::Status::Free;
  r.method = "quick check";
  r.plain = a;
  const DeadlockEvidence e = make_deadlock_evidence(*c.routing, c.model, FaultSet(c.model.universe().size()), r);
  const EvidenceCheck chk = check_deadlock_evidence(deadlock_evidence_from_json(to_json(e)));
  EXPECT_TRUE(chk.valid) << (chk.problems.empty() ? "" : chk.problems[0]);
}

TEST(DependencyQuotient, DestinationByDestinationAgreesWithTheWholeGraph) {
  // Networks with endpoints (the folded first hop) and without, adaptive and
  // deterministic; every destination, and one endpoint per switch where declared.
  for (Pass pass : {Pass::EveryDestination, Pass::OnePerSwitch}) {
    expect_agreement("fattree(4)", "clos-dmodk", true, pass);
    expect_agreement("fattree(4)", "clos-ecmp", true, pass);
    expect_agreement("fattree(6)", "clos-ecmp", true, pass);
    expect_agreement("kary_ntree(3,3)", "shortest(choice=first)", true, pass);
    expect_agreement("dragonfly(p=2, a=4, h=2)", "dragonfly-min", true, pass);
    expect_agreement("dragonfly(p=3, a=3, h=2)", "dragonfly-ugal", true, pass);
    expect_agreement("dragonfly(p=1, a=2, h=2)", "dragonfly-valiant", true, pass);
    expect_agreement("dragonfly(p=2, a=2, h=2)", "dragonfly-valiant", true, pass);
    expect_agreement("mesh(4,4)", "west-first", true, pass);
    expect_agreement("jellyfish(20,4,1,seed=7)", "updown", true, pass);
    expect_agreement("dragonfly(p=2, a=4, h=2)", "dragonfly-min(vcs=1)", true, pass);  // cyclic: left alone
  }
}

// One endpoint per switch gives the same graph as every destination: the
// same dependencies, channels, packets, configurations and order.
TEST(DependencyQuotient, OneEndpointPerSwitchIsEveryDestination) {
  for (const auto& [topo, routing] : std::vector<std::pair<std::string, std::string>>{
           {"fattree(6)", "clos-ecmp"}, {"dragonfly(p=3, a=3, h=2)", "dragonfly-min"},
           {"dragonfly(p=3, a=3, h=2)", "dragonfly-ugal"}, {"dragonfly(p=2, a=2, h=2)", "dragonfly-valiant"},
           {"slimfly(q=5)", "slimfly-valiant"}, {"hyperx(S=[3,3], K=1, T=3)", "hyperx-dor"}}) {
    SCOPED_TRACE(topo + " " + routing);
    Case c(topo, routing);
    const auto every = quick_plain_check(*c.routing, c.model, false, 0, Budget(), false);
    const auto twins = quick_plain_check(*c.routing, c.model, false, 0, Budget(), true);
    ASSERT_TRUE(every && twins);
    EXPECT_TRUE(twins->one_per_switch);
    EXPECT_LT(twins->destinations, every->destinations);
    EXPECT_EQ(twins->analysis.direct_dependencies, every->analysis.direct_dependencies);
    EXPECT_EQ(twins->analysis.escape_channels_used, every->analysis.escape_channels_used);
    EXPECT_EQ(twins->analysis.order, every->analysis.order);
    EXPECT_EQ(twins->analysis.packets, every->analysis.packets);
    EXPECT_EQ(twins->analysis.configurations, every->analysis.configurations);
  }
}

// D-mod-k reads the destination's index, so two hosts of one edge switch take
// different up ports: a routing that declares otherwise is caught, by the
// spot-check alone and before the pass relies on it.
class DmodkClaimingTwins final : public Routing {
 public:
  explicit DmodkClaimingTwins(const Network& net) : r_(RoutingRegistry::builtin().build("clos-dmodk", net)) {}
  std::string spec() const override { return "clos-dmodk claiming twins"; }
  FaultKnowledge knowledge() const override { return r_->knowledge(); }
  bool destination_switch_invariant() const override { return true; }
  void next(NodeId here, const PacketState& s, NodeId dst, FaultView& f, Hops& out) const override {
    r_->next(here, s, dst, f, out);
  }

 private:
  std::unique_ptr<Routing> r_;
};

TEST(DependencyQuotient, AFalseOneEndpointPerSwitchDeclarationIsCaught) {
  Case c("fattree(4)", "clos-ecmp");
  EXPECT_FALSE(endpoint_swap_problem(*c.routing, c.model, 64, 1).has_value());
  DmodkClaimingTwins lying(c.net);
  const auto why = endpoint_swap_problem(lying, c.model, 64, 1);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("hops offered differ"), std::string::npos) << *why;
  EXPECT_THROW(quick_plain_check(lying, c.model, false, 0, Budget(), true), InternalError);
  for (const auto& [topo, r] : std::vector<std::pair<std::string, std::string>>{
           {"dragonfly(p=3, a=3, h=2)", "dragonfly-min"}, {"dragonfly(p=3, a=3, h=2)", "dragonfly-valiant"},
           {"dragonfly(p=3, a=3, h=2)", "dragonfly-ugal"}, {"slimfly(q=5)", "slimfly-min"},
           {"slimfly(q=5)", "slimfly-valiant"}, {"hyperx(S=[3,3], K=1, T=3)", "hyperx-dor"},
           {"hyperx(S=[3,3], K=1, T=3)", "hyperx-min-adaptive"}, {"hyperx(S=[3,3], K=1, T=3)", "hyperx-dal"}}) {
    Case d(topo, r);
    EXPECT_TRUE(d.routing->destination_switch_invariant()) << r;
    EXPECT_FALSE(endpoint_swap_problem(*d.routing, d.model, 256, 2).has_value()) << r;
  }
}

TEST(DependencyQuotient, AgreesWithTheWholeGraph) {
  expect_agreement("hypercube(5)", "dor", true);
  expect_agreement("hypercube(4)", "shortest(choice=first)", true);
  expect_agreement("dragonfly(p=2, a=4, h=2, arrangement=relative)", "dragonfly-min", true);
  expect_agreement("dragonfly(p=2, a=3, h=2, arrangement=circulant)", "dragonfly-min", true);
  expect_agreement("dragonfly(p=1, a=4, h=2, g=6, arrangement=relative)", "dragonfly-min", true);
  expect_agreement("dragonfly(p=2, a=4, h=2, g=8, arrangement=circulant)", "dragonfly-min", true);
}

TEST(DependencyQuotient, CyclicGraphsAreLeftToTheWholeAnalysis) {
  // Cyclic: the quotient is cyclic too (the header's lifting argument), and the
  // caller analyses the whole graph for its cycle and packets.
  expect_agreement("torus(4,4)", "dor", true);
  expect_agreement("torus(5,3)", "dor", true);
  expect_agreement("dragonfly(p=2, a=4, h=2, arrangement=relative)", "dragonfly-min(vcs=1)", true);
  expect_agreement("torus(4,4)", "shortest", true);
}

TEST(DependencyQuotient, AppliesOnlyWhereTheSymmetryIsDeclaredAndExists) {
  expect_agreement("dragonfly(p=2, a=4, h=2)", "dragonfly-min", false);                        // absolute: no translations
  expect_agreement("dragonfly(p=2, a=4, h=2, arrangement=relative)", "dragonfly-valiant", false);  // not declared
  expect_agreement("torus(4,4)", "dor-dateline", false);                                        // the dateline breaks it
  expect_agreement("mesh(4,4)", "dor", false);                                                  // no translations
}

// Dimension order whose first dimension depends on the destination's id: it
// delivers, but does not commute with the translations it claims to.
class BrokenDeclaration final : public Routing {
 public:
  explicit BrokenDeclaration(const Network& net)
      : x_(RoutingRegistry::builtin().build("dor(order=[0,1])", net)),
        y_(RoutingRegistry::builtin().build("dor(order=[1,0])", net)) {}
  std::string spec() const override { return "broken"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  bool translation_invariant() const override { return true; }
  void next(NodeId here, const PacketState& s, NodeId dst, FaultView& f, Hops& out) const override {
    (dst % 3 == 0 ? x_ : y_)->next(here, s, dst, f, out);
  }

 private:
  std::unique_ptr<Routing> x_, y_;
};

TEST(DependencyQuotient, ADeclarationTheRoutingBreaksIsCaught) {
  Case c("torus(6,6)", "dor");
  BrokenDeclaration broken(c.net);
  EXPECT_THROW(quick_plain_check(broken, c.model), InternalError);
}

TEST(DependencyQuotient, CheckDeadlockUsesItOnlyWhenAsked) {
  Case c("dragonfly(p=2, a=4, h=2, arrangement=circulant)", "dragonfly-min");
  DeadlockOptions opt;
  const DeadlockResult whole = check_deadlock(*c.routing, c.model, opt);
  opt.quick_plain_check = true;
  const DeadlockResult quotient = check_deadlock(*c.routing, c.model, opt);
  EXPECT_EQ(whole.status, DeadlockResult::Status::Free);
  EXPECT_EQ(quotient.status, DeadlockResult::Status::Free);
  EXPECT_EQ(whole.plain.destinations_explored, 0u);
  EXPECT_EQ(quotient.plain.destinations_explored, 8u);  // one orbit of 9 groups per terminal position
  EXPECT_NE(quotient.method.find("one destination per translation orbit"), std::string::npos);
  // With faults the whole analysis runs, since the faults break the symmetry.
  FaultSet one(c.model.universe().size());
  one.insert(0);
  opt.faults = &one;
  EXPECT_EQ(check_deadlock(*c.routing, c.model, opt).plain.destinations_explored, 0u);
}

}  // namespace
}  // namespace menger
