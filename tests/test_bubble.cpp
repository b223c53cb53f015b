// Bubble flow control (003 section 3; verify/deadlock/dependency_graph.h): the ring
// contraction of the deadlock engine against a ground truth that knows nothing
// of dependency graphs, an explicit-state model of the flow control itself, and
// the certificate and witness checks against forged evidence.
#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <map>
#include <set>

#include "setup/setup.h"
#include "tests/flow_model.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/route/route_witness.h"

namespace menger {
namespace {

// Options naming the escape VCs, the rest at their defaults.
DeadlockOptions escape_only(std::vector<bool> escape) {
  DeadlockOptions o;
  o.escape_vcs = std::move(escape);
  return o;
}


DeadlockResult verdict(const RouteSetup& s) { return check_deadlock(*s.routing, *s.model, {}); }

TEST(BubbleFlowControl, EngineAgreesWithTheExplicitStateModelOnARing) {
  struct Case {
    std::string routing;
    DeadlockResult::Status engine;
    bool deadlock;
  };
  const std::vector<Case> cases = {{"dor", DeadlockResult::Status::Deadlock, true},
                                   {"dor(flow=bubble)", DeadlockResult::Status::Free, false},
                                   {"direction-order(flow=bubble)", DeadlockResult::Status::Free, false}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.routing);
    RouteSetup s = make_route_setup("torus(4)", c.routing, "nodes");
    EXPECT_EQ(verdict(s).status, c.engine);
    FlowModel flow{*s.net, *s.model, *s.routing};
    EXPECT_EQ(flow.deadlock_reachable(), c.deadlock);
    if (!c.deadlock) {
      EXPECT_GT(flow.states_seen, 1000u);  // it explored every state, not stopped at once
    }
  }
}

TEST(BubbleFlowControl, ProtectsTheRingsOfDimensionOrderOnTori) {
  for (const std::string model : {"torus(4,4)", "torus(5,3)", "torus(4,4,4)", "torus(3,4,5)"})
    for (const std::string routing : {"dor(flow=bubble)", "direction-order(flow=bubble)"}) {
      SCOPED_TRACE(model + " " + routing);
      RouteSetup s = make_route_setup(model, routing, "nodes");
      const DeadlockResult r = verdict(s);
      ASSERT_EQ(r.status, DeadlockResult::Status::Free);
      EXPECT_FALSE(r.plain.rings.empty());
      for (const auto& ring : r.plain.rings) EXPECT_GE(ring.size(), 3u);
      const DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
      const EvidenceCheck c = check_deadlock_evidence(deadlock_evidence_from_json(to_json(e)));
      EXPECT_TRUE(c.valid) << (c.problems.empty() ? "" : c.problems[0]);
    }
}

TEST(BubbleFlowControl, RingsOnlyWhereARingIsUsedWithOneBufferHops) {
  // A mesh has no rings; the same routing is free with or without the bubble.
  RouteSetup s = make_route_setup("mesh(4,4)", "dor(flow=bubble)", "nodes");
  const DeadlockResult r = verdict(s);
  EXPECT_EQ(r.status, DeadlockResult::Status::Free);
  EXPECT_TRUE(r.plain.rings.empty());
  EXPECT_TRUE(r.plain.bubble_hops);
}

// dor(flow=bubble) with the bubble dropped on turns: a packet turning into a Y
// ring enters it with one buffer, so that ring is not protected and its cycle
// must still be reported.  The X rings, entered only by injection, stay protected.
class BubbleAtInjectionOnly final : public Routing {
 public:
  explicit BubbleAtInjectionOnly(std::unique_ptr<Routing> inner) : inner_(std::move(inner)) {}
  std::string spec() const override { return "test-bubble-at-injection-only"; }
  FaultKnowledge knowledge() const override { return inner_->knowledge(); }
  void next(NodeId here, const PacketState& st, NodeId dst, FaultView& f, Hops& out) const override {
    inner_->next(here, st, dst, f, out);
    for (Hop& h : out) h.bubble = h.bubble && st.w[0] == 0;  // word 0 is 0 only before the first hop
  }

 private:
  std::unique_ptr<Routing> inner_;
};

TEST(BubbleFlowControl, AnUnprotectedRingIsStillACycle) {
  RouteSetup s = make_route_setup("torus(4,4)", "dor(flow=bubble)", "nodes");
  const BubbleAtInjectionOnly broken(std::move(s.routing));
  const DeadlockResult r = check_deadlock(broken, *s.model, {});
  ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock);
  EXPECT_EQ(r.plain.rings.size(), 4u);  // the X+ rings (radix 4: X- carries one-hop packets only)
  const ChannelSpace space(*s.net, 1);
  for (const auto& d : r.plain.cycle) {
    const auto i = space.info(d.from);
    EXPECT_EQ(s.net->label(i.tail).substr(0, 2), s.net->label(i.head).substr(0, 2))
        << "the cycle should run round a Y ring (same X coordinate)";
  }
}

TEST(BubbleFlowControl, ForgedCertificatesAreRejected) {
  RouteSetup s = make_route_setup("torus(4,4)", "dor(flow=bubble)", "nodes");
  const DeadlockResult r = verdict(s);
  ASSERT_EQ(r.status, DeadlockResult::Status::Free);
  const DeadlockEvidence good = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  ASSERT_TRUE(check_deadlock_evidence(good).valid);
  DeadlockEvidence no_rings = good;  // the ring hops then go backwards in the order
  no_rings.rings.clear();
  EXPECT_FALSE(check_deadlock_evidence(no_rings).valid);
  DeadlockEvidence plain = good;  // the same order for the routing without the bubble
  plain.routing = "dor";
  const EvidenceCheck c = check_deadlock_evidence(plain);
  EXPECT_FALSE(c.valid);
  ASSERT_FALSE(c.problems.empty());
  EXPECT_NE(c.problems[0].find("without the bubble condition"), std::string::npos) << c.problems[0];
  DeadlockEvidence shifted = good;  // a ring whose predecessors are wrong
  std::rotate(shifted.rings[0].begin(), shifted.rings[0].begin() + 1, shifted.rings[0].end());
  std::swap(shifted.rings[0][0], shifted.rings[0][1]);
  EXPECT_FALSE(check_deadlock_evidence(shifted).valid);
}

TEST(BubbleFlowControl, AWitnessThatFillsABubbleRingIsRejected) {
  RouteSetup s = make_route_setup("torus(4,4)", "dor", "nodes");
  const DeadlockResult r = verdict(s);
  ASSERT_EQ(r.status, DeadlockResult::Status::Deadlock);
  DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  ASSERT_TRUE(check_deadlock_evidence(e).valid);
  // The same packets under bubble flow control: the ring they fill cannot fill.
  e.routing = "dor(flow=bubble)";
  for (auto& p : e.packets) p.state.clear();
  const EvidenceCheck c = check_deadlock_evidence(e);
  EXPECT_FALSE(c.valid);
  bool named = false;
  for (const auto& p : c.problems) named |= p.find("fill a bubble ring") != std::string::npos;
  EXPECT_TRUE(named);
}

// FT-FIR (003 section 4): adaptive VC 0, escape E0 (VC 1) and E1 (VC 2) with
// the bubble.  Without the bubble the escape rings are plain cycles and
// Duato's condition fails; with it, it holds under faults too, and the
// certificate (cut-through: direct escape dependencies) is re-checked.
TEST(BubbleFlowControl, FtFirEscapeChannelsUnderFaults) {
  RouteSetup plain = make_route_setup("torus(4,4)", "ft-torus", "nodes");
  const DeadlockResult p = check_deadlock(*plain.routing, *plain.model, escape_only({false, true, true}));
  EXPECT_NE(p.status, DeadlockResult::Status::Free);
  RouteSetup s = make_route_setup("torus(4,4)", "ft-torus(flow=bubble)", "nodes");
  const DeadlockSearchResult r =
      search_deadlock_faults(*s.routing, *s.model, 1, {false, true, true}, Budget(), /*symmetry=*/false);
  EXPECT_FALSE(r.failing.has_value());
  EXPECT_EQ(r.analyses, 17u);  // no faults, then each of the 16 nodes
  ASSERT_TRUE(r.fault_free.has_value());
  ASSERT_TRUE(r.fault_free->escape.has_value());
  EXPECT_TRUE(r.fault_free->escape->cut_through);
  const DeadlockEvidence e =
      make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), *r.fault_free);
  EXPECT_TRUE(e.cut_through);
  EXPECT_TRUE(check_deadlock_evidence(deadlock_evidence_from_json(to_json(e))).valid);
  // One faulty node: the certificate of that analysis checks too.
  FaultSet one(s.model->universe().size());
  one.insert(5);
  DeadlockOptions o = escape_only({false, true, true});
  o.faults = &one;
  o.fault_budget = 1;
  const DeadlockResult f = check_deadlock(*s.routing, *s.model, o);
  ASSERT_EQ(f.status, DeadlockResult::Status::Free);
  EXPECT_TRUE(check_deadlock_evidence(make_deadlock_evidence(*s.routing, *s.model, one, f)).valid);
}

TEST(BubbleFlowControl, CutThroughIsAcceptedOnlyForBubbleRoutings) {
  // duato-torus (dateline escape channels) is proved under wormhole rules; the
  // same certificate relabelled cut-through must be refused, as the routing has
  // no bubble flow control that would assume it.
  RouteSetup s = make_route_setup("torus(4,4)", "duato-torus", "nodes");
  const DeadlockResult r = check_deadlock(*s.routing, *s.model, {});
  ASSERT_EQ(r.status, DeadlockResult::Status::Free);
  DeadlockEvidence e = make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), r);
  EXPECT_FALSE(e.cut_through);
  ASSERT_TRUE(check_deadlock_evidence(e).valid);
  e.cut_through = true;
  EXPECT_FALSE(check_deadlock_evidence(e).valid);
}

// FIR's adaptive torus configuration (003 Figure 3.5) on a ring: with one BR
// bit per input port, a packet continuing from the adaptive VC enters the escape
// VC with one buffer, so the escape ring can fill, and the engine's deadlock is
// reachable: the explicit-state model finds one with packets two hops the +
// way alone (all traffic has too many states).  With a bit per input VC the
// engine proves the routing free (the model cannot settle it: too many states).
TEST(BubbleFlowControl, FirBubbleRegisterGranularityOnARing) {
  RouteSetup s = make_route_setup("torus(4)", "fir(config=adaptive, br=port)", "nodes");
  EXPECT_EQ(verdict(s).status, DeadlockResult::Status::Deadlock);
  FlowModel flow{*s.net, *s.model, *s.routing};
  flow.traffic = [&](NodeId a, NodeId b) { return b == s.net->find_node("(" + std::to_string((a + 2) % 4) + ")"); };
  EXPECT_TRUE(flow.deadlock_reachable());
  RouteSetup v = make_route_setup("torus(4)", "fir(config=adaptive, br=vc)", "nodes");
  EXPECT_EQ(verdict(v).status, DeadlockResult::Status::Free);
}

}  // namespace
}  // namespace menger
