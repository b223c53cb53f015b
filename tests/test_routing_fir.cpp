// FIR registers (models/routing_fir.cpp, 003 section 3) and the routing
// comparison of verify/route/routing_equivalence.h: the example switch of Figure
// 3.3(b) decided by hand, the configurations against independently written
// routings on more shapes than the claims use, and a difference that must be
// found.
#include <gtest/gtest.h>

#include "core/error.h"
#include "models/routing_registry.h"
#include "setup/setup.h"
#include "verify/route/route_run.h"
#include "verify/route/route_witness.h"
#include "verify/route/routing_equivalence.h"

namespace menger {
namespace {

// The hops FIR offers at `here` for a packet injected there for `dst`, as
// neighbour labels.
std::vector<std::string> decide(const RouteSetup& s, const std::string& here, const std::string& dst) {
  const NodeId v = *s.net->find_node(here), d = *s.net->find_node(dst);
  RecordingFaultView view(*s.model, s.routing->knowledge());
  view.reset(FaultSet(s.model->universe().size()), 0);
  view.at(v);
  Hops hops;
  s.routing->next(v, s.routing->start(v, d, view), d, view, hops);
  std::vector<std::string> out;
  for (const Hop& h : hops) out.push_back(s.net->label(s.net->port(v, h.port).peer));
  return out;
}

// Figure 3.3(b): a central switch "ji" of the 4x4 mesh, here (1,1), address 0101.
// X outputs compare the two low destination bits with their interval, Y
// outputs the two high bits, and a Y output defers to an allowed X output.
TEST(FirRegisters, CentralSwitchOfTheXyExampleDecidesByHand) {
  RouteSetup s = make_route_setup("mesh(4,4)", "fir(config=xy)", "nodes");
  using V = std::vector<std::string>;
  EXPECT_EQ(decide(s, "(1,1)", "(3,1)"), V{"(2,1)"});  // X+ interval [2,3]
  EXPECT_EQ(decide(s, "(1,1)", "(0,1)"), V{"(0,1)"});  // X- interval [0,0]
  EXPECT_EQ(decide(s, "(1,1)", "(1,3)"), V{"(1,2)"});  // Y+ interval [2,3] << 2
  EXPECT_EQ(decide(s, "(1,1)", "(1,0)"), V{"(1,0)"});
  EXPECT_EQ(decide(s, "(1,1)", "(3,3)"), V{"(2,1)"});  // X+ and Y+ allowed: Y's RRR defers to X
  EXPECT_EQ(decide(s, "(1,1)", "(0,0)"), V{"(0,1)"});
}

TEST(FirRegisters, ConfigurationsEqualTheirReferenceRoutings) {
  struct Case {
    std::string model, fir, reference;
  };
  const std::vector<Case> cases = {
      {"mesh(3,5)", "fir(config=xy)", "dor"},
      {"mesh(4,3,2)", "fir(config=xy)", "dor"},
      {"torus(5,5)", "fir(config=xy)", "dor(flow=bubble)"},
      {"torus(3,4,5)", "fir(config=xy)", "dor(flow=bubble)"},
      {"torus(5,3)", "fir(config=adaptive, br=vc)", "duato-bubble"},
      {"torus(4,4,4)", "fir(config=adaptive, br=vc)", "duato-bubble"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.model + " " + c.fir);
    RouteSetup a = make_route_setup(c.model, c.fir, "nodes");
    RouteSetup b = make_route_setup(c.model, c.reference, "nodes");
    const EquivalenceResult r = compare_routings(*a.routing, *b.routing, *a.model);
    EXPECT_TRUE(r.equivalent) << (r.difference ? r.difference->way_in : "");
    EXPECT_EQ(r.pairs, a.net->num_nodes() * (a.net->num_nodes() - 1));
  }
}

TEST(FirRegisters, DifferencesAreFoundAndNamed) {
  RouteSetup a = make_route_setup("torus(4,4)", "fir(config=adaptive, br=port)", "nodes");
  RouteSetup b = make_route_setup("torus(4,4)", "duato-bubble", "nodes");
  const EquivalenceResult r = compare_routings(*a.routing, *b.routing, *a.model);
  ASSERT_FALSE(r.equivalent);
  // Only the bubble differs, and only for a packet that came in on the adaptive VC.
  EXPECT_NE(r.difference->way_in.find("vc1"), std::string::npos);
  ASSERT_EQ(r.difference->hops_a.size(), r.difference->hops_b.size());
  // On a torus the XY configuration sets the BR for the bubble, which dor lacks.
  RouteSetup x = make_route_setup("torus(4,4)", "fir(config=xy)", "nodes");
  RouteSetup y = make_route_setup("torus(4,4)", "dor", "nodes");
  EXPECT_FALSE(compare_routings(*x.routing, *y.routing, *x.model).equivalent);
  // Different numbers of virtual channels cannot be the same routing.
  EXPECT_THROW(compare_routings(*a.routing, *y.routing, *a.model), InputError);
  // The adaptive configuration is the torus one.
  EXPECT_THROW(make_route_setup("mesh(4,4)", "fir(config=adaptive)", "nodes"), InputError);
}

// FT-FIR (section 4): the registers decide every hop of packets whose source
// chose an intermediate node, switched adaptivity off or misroutes; the fault
// sets below make the sources choose each of these, and the hops must be
// ft-torus(flow=bubble)'s.  (The claims compare every set of <= 3 faults.)
TEST(FirRegisters, FtFirFollowsTheHeaderThroughEveryMechanism) {
  RouteSetup fir = make_route_setup("torus(4,4)", "fir(config=ft, br=vc)", "nodes");
  RouteSetup ref = make_route_setup("torus(4,4)", "ft-torus(flow=bubble)", "nodes");
  ASSERT_EQ(fir.routing->vcs(), 3u);
  RecordingFaultView view(*fir.model, fir.routing->knowledge());
  bool via_i = false, adaptivity_off = false, misrouted = false;
  const std::size_t units = fir.model->universe().size();
  std::size_t sets = 0;
  for (std::size_t a = 0; a < units; ++a)
    for (std::size_t b = a + 1; b < units; ++b)
      for (std::size_t c = b + 1; c < units; ++c) {
        FaultSet f(units);
        f.insert(a), f.insert(b), f.insert(c);
        bool new_kind = false;
        for (NodeId src : fir.model->terminals())
          for (NodeId dst : fir.model->terminals()) {
            const auto us = fir.model->unit_of_node(src), ud = fir.model->unit_of_node(dst);
            if (src == dst || f.contains(*us) || f.contains(*ud)) continue;
            view.reset(f, 0);
            view.at(src);
            const PacketState st = fir.routing->start(src, dst, view);
            const bool i = st.w[0] & 1, off = !(st.w[0] & 2), mis = st.w[2] != 0;
            new_kind |= (i && !via_i) || (off && !adaptivity_off) || (mis && !misrouted);
            via_i |= i, adaptivity_off |= off, misrouted |= mis;
          }
        if (!new_kind) continue;
        ++sets;
        const EquivalenceResult r = compare_routings(*fir.routing, *ref.routing, *fir.model, &f);
        EXPECT_TRUE(r.equivalent) << f.to_string(fir.model->universe());
      }
  EXPECT_TRUE(via_i);
  EXPECT_TRUE(adaptivity_off);
  EXPECT_TRUE(misrouted);
  EXPECT_GE(sets, 1u);
  // Without the bubble in the reference, or with the literal BR, the hops differ.
  RouteSetup plain = make_route_setup("torus(4,4)", "ft-torus", "nodes");
  EXPECT_FALSE(compare_routings(*fir.routing, *plain.routing, *fir.model).equivalent);
}

}  // namespace
}  // namespace menger
