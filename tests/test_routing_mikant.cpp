// The routings of 002 (Wang and Li), models/routing_mikant.cpp, checked against
// the paper and not against the routing code.
//
// Where the expected values come from:
//   * Figures 2-5 (section 3.1): the example paths and faulty links, hop by hop
//     by label.  Each figure shows two alternatives for the "*" choices; both
//     must be branches of choice=all, and choice=first (lowest usable port) must
//     follow the path derived here by hand from the general forms of 3.1;
//   * section 3.1, "Algorithm 1 finds a shortest path": fault-free, every
//     routing's path is as long as a breadth-first distance computed here;
//   * a single-link-fault brute force: a fault-tolerant routing follows
//     Algorithm 1 until it meets the fault, so it delivers every pair that
//     Algorithm 1 delivers; the detours of 3.1 avoid one faulty crossing link
//     (Go-Neighbor-Switch, X-Turns, Three-Turn) or one faulty level-1 down link
//     (Go-Down-Level).  The rest is observed and printed, not asserted.
#include <gtest/gtest.h>

#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

using Labels = std::vector<std::string>;

const std::vector<std::string> kTolerant = {"mikant-go-neighbor-switch",
                                            "mikant-go-down-level",
                                            "mikant-x-turns",
                                            "mikant-three-turn",
                                            "mikant-go-neighbor-switch+go-down-level",
                                            "mikant-go-neighbor-switch+x-turns+go-down-level",
                                            "mikant-three-turn+go-down-level"};

std::vector<std::string> all_routings() {
  std::vector<std::string> r = {"mikant-shortest"};
  r.insert(r.end(), kTolerant.begin(), kTolerant.end());
  return r;
}

std::string mikant_spec(int k, int n) { return "mikant(" + std::to_string(k) + "," + std::to_string(n) + ")"; }

// A network with its link fault model.
struct MikantNet {
  std::unique_ptr<Network> net;
  std::unique_ptr<FaultModel> model;
  explicit MikantNet(const std::string& spec)
      : net(std::make_unique<Network>(Registry::builtin().build(spec))),
        model(std::make_unique<FaultModel>(*net, link_faults())) {}
  static FaultModelSpec link_faults() {
    FaultModelSpec m;
    m.units = UnitChoice::Links;
    return m;
  }
  NodeId id(const std::string& label) const {
    const auto v = net->find_node(label);
    if (!v) throw std::runtime_error("no node labelled " + label);
    return *v;
  }
  LinkId link(const std::string& label) const {
    for (LinkId l = 0; l < net->num_links(); ++l)
      if (net->link_label(l) == label) return l;
    throw std::runtime_error("no link labelled " + label);
  }
  FaultSet faults(const Labels& links) const {
    FaultSet f(model->universe().size());
    for (const std::string& l : links) f.insert(*model->unit_of_link(link(l)));
    return f;
  }
  std::unique_ptr<Routing> routing(const std::string& spec) const {
    return RoutingRegistry::builtin().build(spec, *net);
  }
};

const MikantNet& mikant33() {
  static const MikantNet s("mikant(3,3)");
  return s;
}

Labels trace_labels(const Network& net, const RunResult& r) {
  Labels out;
  for (const TraceStep& s : r.trace) out.push_back(net.label(s.node));
  return out;
}

RunResult run(const MikantNet& s, const Routing& r, const FaultSet& f, const std::string& src, const std::string& dst) {
  RouteRunner runner(r, *s.model, RunLimits{});
  return runner.run(f, s.id(src), s.id(dst), std::nullopt);
}

// Is `path` (labels, from a switch the packet reached in the normal state) one
// of the routing's branches?  Each next label must be among the hops offered
// (several hops may lead there with different states: any may continue); after
// the path, the routing's first offered hops must reach `dst`.  On failure,
// `why` says where the path left the offered hops.
struct PathWalk {
  const MikantNet& s;
  const Routing& r;
  RecordingFaultView view;
  NodeId dst;
  std::string why;

  PathWalk(const MikantNet& net, const Routing& routing, const FaultSet& f, const std::string& dst_label)
      : s(net), r(routing), view(*net.model, routing.knowledge()), dst(net.id(dst_label)) {
    view.reset(f, 0);
  }
  Hops offered(NodeId here, const PacketState& st) {
    view.at(here);
    Hops hops;
    r.next(here, st, dst, view, hops);
    return hops;
  }
  bool follows(const Labels& path, std::size_t i, NodeId here, const PacketState& st) {
    if (i + 1 == path.size()) return reaches_dst(here, st);
    const Hops hops = offered(here, st);
    std::string labels;
    for (const Hop& h : hops) {
      const NodeId to = s.net->port(here, h.port).peer;
      labels += " " + s.net->label(to);
      if (to == s.id(path[i + 1]) && follows(path, i + 1, to, h.state)) return true;
    }
    if (why.empty()) why = "at " + path[i] + " [" + r.describe_state(st) + "] offered:" + labels;
    return false;
  }
  bool reaches_dst(NodeId here, PacketState st) {
    for (int guard = 0; here != dst && guard < 20; ++guard) {
      const Hops hops = offered(here, st);
      if (hops.empty()) break;
      st = hops.front().state;
      here = s.net->port(here, hops.front().port).peer;
    }
    if (here != dst && why.empty()) why = "after the path, stuck at " + s.net->label(here);
    return here == dst;
  }
};

void expect_path_offered(const MikantNet& s, const Routing& r, const FaultSet& f, const Labels& path,
                         const std::string& dst) {
  PathWalk walk(s, r, f, dst);
  EXPECT_TRUE(walk.follows(path, 0, s.id(path.front()), PacketState{}))
      << r.spec() << " path from " << path.front() << " via " << path[1] << ": " << walk.why;
}

// The hops offered at the end of `prefix`, as labels ("" if the prefix is not offered).
std::string offered_after(const MikantNet& s, const Routing& r, const FaultSet& f, const Labels& prefix,
                          const std::string& dst) {
  PathWalk walk(s, r, f, dst);
  NodeId here = s.id(prefix.front());
  PacketState st{};
  for (std::size_t i = 1; i < prefix.size(); ++i) {
    bool moved = false;
    for (const Hop& h : walk.offered(here, st))
      if (!moved && s.net->port(here, h.port).peer == s.id(prefix[i])) {
        here = s.id(prefix[i]);
        st = h.state;
        moved = true;
      }
    if (!moved) return "";
  }
  std::string out;
  for (const Hop& h : walk.offered(here, st))
    out += (out.empty() ? "" : " ") + s.net->label(s.net->port(here, h.port).peer);
  return out;
}

// ---------------------------------------------------------------------------
// Figures 2-5 of 002 (MiKANT(3,3)).

// Fig. 2: W = <0,1,0,0>, destination node <1,0,0,0>, link <1,2,0,0,0> (W to
// <1,1,0,0>) faulty.  The packet enters at N<0,0,0,1>, whose switch climbs by
// T_0 + k = 3 to W.
TEST(RoutingMikantFigures, Figure2GoNeighborSwitch) {
  const MikantNet& s = mikant33();
  const FaultSet f = s.faults({"<1,2,0,0,0>"});
  const Labels paper1 = {"<0,1,0,0>", "<0,0,0,1>", "<0,1,0,1>", "<1,1,0,1>", "<1,0,0,0>"};
  const Labels paper2 = {"<0,1,0,0>", "<0,0,0,0>", "<0,1,0,2>", "<1,1,0,2>", "<1,0,0,0>"};
  for (const char* name : {"mikant-go-neighbor-switch", "mikant-x-turns", "mikant-go-neighbor-switch+go-down-level",
                           "mikant-go-neighbor-switch+x-turns+go-down-level"}) {
    const auto all = s.routing(std::string(name) + "(choice=all)");
    expect_path_offered(s, *all, f, paper1, "N<1,0,0,0>");
    expect_path_offered(s, *all, f, paper2, "N<1,0,0,0>");
    EXPECT_TRUE(run(s, *all, f, "N<0,0,0,1>", "N<1,0,0,0>").delivered()) << name;
    // choice=first: down by the lowest port (0), up to the lowest D_0 != W_0 = 0.
    const auto first = s.routing(name);
    const RunResult r = run(s, *first, f, "N<0,0,0,1>", "N<1,0,0,0>");
    ASSERT_TRUE(r.delivered()) << name << ": " << r.detail;
    EXPECT_EQ(trace_labels(*s.net, r), (Labels{"N<0,0,0,1>", "<0,0,0,1>", "<0,1,0,0>", "<0,0,0,0>", "<0,1,0,1>",
                                               "<1,1,0,1>", "<1,0,0,0>", "N<1,0,0,0>"}))
        << name;
  }
  // Algorithm 1 takes the faulty link; the routings without a crossing detour drop.
  EXPECT_EQ(run(s, *s.routing("mikant-shortest"), f, "N<0,0,0,1>", "N<1,0,0,0>").outcome, RunOutcome::Blocked);
  EXPECT_EQ(run(s, *s.routing("mikant-go-down-level"), f, "N<0,0,0,1>", "N<1,0,0,0>").outcome, RunOutcome::NoRoute);
}

// Fig. 3: W = <0,1,0,0> to node <0,2,0,0> via switch <0,0,0,0>, link <0,1,0,0,0>
// faulty.  Entering at N<0,0,0,1>: its switch climbs by T_0 + k = 3 to W, which is
// the NCA (Case 1) and would descend by T_0 = 0.
TEST(RoutingMikantFigures, Figure3GoDownLevel) {
  const MikantNet& s = mikant33();
  const FaultSet f = s.faults({"<0,1,0,0,0>"});
  const Labels paper1 = {"<0,1,0,0>", "<0,0,0,1>", "<0,1,0,1>", "<0,0,0,0>"};
  const Labels paper2 = {"<0,1,0,0>", "<0,0,0,2>", "<0,1,0,2>", "<0,0,0,0>"};
  for (const char* name :
       {"mikant-go-down-level", "mikant-go-neighbor-switch+go-down-level",
        "mikant-go-neighbor-switch+x-turns+go-down-level", "mikant-three-turn+go-down-level"}) {
    const auto all = s.routing(std::string(name) + "(choice=all)");
    expect_path_offered(s, *all, f, paper1, "N<0,2,0,0>");
    expect_path_offered(s, *all, f, paper2, "N<0,2,0,0>");
    // The climb avoids W_0 = 0, i.e. W itself ("* - W_0").
    EXPECT_EQ(offered_after(s, *all, f, {"<0,1,0,0>", "<0,0,0,1>"}, "N<0,2,0,0>"), "<0,1,0,1> <0,1,0,2>");
    EXPECT_TRUE(run(s, *all, f, "N<0,0,0,1>", "N<0,2,0,0>").delivered()) << name;
    // choice=first: down by the lowest port other than T_0 = 0, up to the lowest
    // D_0 != W_0 = 0: the paper's first path.
    const RunResult r = run(s, *s.routing(name), f, "N<0,0,0,1>", "N<0,2,0,0>");
    ASSERT_TRUE(r.delivered()) << name << ": " << r.detail;
    EXPECT_EQ(trace_labels(*s.net, r),
              (Labels{"N<0,0,0,1>", "<0,0,0,1>", "<0,1,0,0>", "<0,0,0,1>", "<0,1,0,1>", "<0,0,0,0>", "N<0,2,0,0>"}))
        << name;
  }
  EXPECT_EQ(run(s, *s.routing("mikant-shortest"), f, "N<0,0,0,1>", "N<0,2,0,0>").outcome, RunOutcome::Blocked);
  for (const char* name : {"mikant-go-neighbor-switch", "mikant-x-turns", "mikant-three-turn"})
    EXPECT_EQ(run(s, *s.routing(name), f, "N<0,0,0,1>", "N<0,2,0,0>").outcome, RunOutcome::NoRoute) << name;
}

// Fig. 4: W = <0,1,0,0> to node <1,2,0,0>; links <1,2,0,0,0>, <1,2,0,1,0>,
// <1,2,0,2,0> faulty: every <0,1,0,*> has lost its link to <1,1,0,*>, so no
// Go-Neighbor-Switch detour exists and Algorithm 2 takes X-Turns.
TEST(RoutingMikantFigures, Figure4XTurns) {
  const MikantNet& s = mikant33();
  const FaultSet f = s.faults({"<1,2,0,0,0>", "<1,2,0,1,0>", "<1,2,0,2,0>"});
  const Labels paper1 = {"<0,1,0,0>", "<1,1,1,0>", "<1,0,1,1>", "<1,1,1,2>", "<0,1,1,2>", "<1,1,0,2>", "<1,0,0,0>"};
  const Labels paper2 = {"<0,1,0,0>", "<1,1,2,0>", "<1,0,2,0>", "<1,1,2,1>", "<0,1,1,1>", "<1,1,0,1>", "<1,0,0,0>"};
  for (const char* name : {"mikant-x-turns", "mikant-go-neighbor-switch+x-turns+go-down-level"}) {
    const auto all = s.routing(std::string(name) + "(choice=all)");
    EXPECT_EQ(all->knowledge(), FaultKnowledge::Global);
    expect_path_offered(s, *all, f, paper1, "N<1,2,0,0>");
    expect_path_offered(s, *all, f, paper2, "N<1,2,0,0>");
    // The saved W_0 and W_{n-2} keep the packet off W's column and W's group-0 digit.
    EXPECT_EQ(offered_after(s, *all, f, {"<0,1,0,0>", "<1,1,1,0>", "<1,0,1,1>"}, "N<1,2,0,0>"),
              "<1,1,1,1> <1,1,1,2>");
    EXPECT_EQ(offered_after(s, *all, f, {"<0,1,0,0>", "<1,1,1,0>", "<1,0,1,1>", "<1,1,1,2>"}, "N<1,2,0,0>"),
              "<0,1,1,2> <0,1,2,2>");
    EXPECT_TRUE(run(s, *all, f, "N<0,0,0,1>", "N<1,2,0,0>").delivered()) << name;
    // choice=first: cross to the lowest D_1 != T_1 = 0, down by port 0, up to the
    // lowest D_0 != W_0 = 0, back to the lowest D_1 != W_1 = 0, then Algorithm 1.
    const RunResult r = run(s, *s.routing(name), f, "N<0,0,0,1>", "N<1,2,0,0>");
    ASSERT_TRUE(r.delivered()) << name << ": " << r.detail;
    EXPECT_EQ(trace_labels(*s.net, r),
              (Labels{"N<0,0,0,1>", "<0,0,0,1>", "<0,1,0,0>", "<1,1,1,0>", "<1,0,1,0>", "<1,1,1,1>", "<0,1,1,1>",
                      "<1,1,0,1>", "<1,0,0,0>", "N<1,2,0,0>"}))
        << name;
  }
  // "W cannot send the packet to the destination node via neighbor switches":
  // Go-Neighbor-Switch alone reaches <0,1,0,1> and is dropped there.
  const RunResult gns = run(s, *s.routing("mikant-go-neighbor-switch"), f, "N<0,0,0,1>", "N<1,2,0,0>");
  EXPECT_EQ(gns.outcome, RunOutcome::NoRoute);
  EXPECT_EQ(trace_labels(*s.net, gns).back(), "<0,1,0,1>");
}

// Without the saved W_0 and W_{n-2} (saved=no) the same places also offer the
// switch the packet came down from and W's own column; the latter returns the
// packet to the faulty crossing, where it is dropped, so with choice=all the
// pair is no longer always delivered.
TEST(RoutingMikantFigures, Figure4XTurnsWithoutTheSavedParameters) {
  const MikantNet& s = mikant33();
  const FaultSet f = s.faults({"<1,2,0,0,0>", "<1,2,0,1,0>", "<1,2,0,2,0>"});
  const auto all = s.routing("mikant-x-turns(choice=all, saved=no)");
  EXPECT_EQ(offered_after(s, *all, f, {"<0,1,0,0>", "<1,1,1,0>", "<1,0,1,1>"}, "N<1,2,0,0>"),
            "<1,1,1,0> <1,1,1,1> <1,1,1,2>");
  EXPECT_EQ(offered_after(s, *all, f, {"<0,1,0,0>", "<1,1,1,0>", "<1,0,1,1>", "<1,1,1,2>"}, "N<1,2,0,0>"),
            "<0,1,0,2> <0,1,1,2> <0,1,2,2>");
  EXPECT_FALSE(run(s, *all, f, "N<0,0,0,1>", "N<1,2,0,0>").delivered());
  // choice=first: W_0 = W_1 = 0 are the lowest ports, so the packet climbs back to
  // the switch it came down from and crosses back to W itself, whose crossing is
  // the faulty one: dropped, where the paper's routing delivers (Figure4XTurns).
  const RunResult first = run(s, *s.routing("mikant-x-turns(saved=no)"), f, "N<0,0,0,1>", "N<1,2,0,0>");
  EXPECT_FALSE(first.delivered());
  EXPECT_EQ(trace_labels(*s.net, first),
            (Labels{"N<0,0,0,1>", "<0,0,0,1>", "<0,1,0,0>", "<1,1,1,0>", "<1,0,1,0>", "<1,1,1,0>", "<0,1,0,0>"}));
}

// Fig. 5: W = <0,1,0,1> to node <1,0,1,1>, link <1,2,1,1,0> (W to <1,1,1,1>)
// faulty.  Entering at N<0,0,0,0>: its switch climbs by T_0 + k = 4 to W.
//
// Misprint: the paper's second path is <0,1,0,1> -> <1,1,2,1> -> <0,1,2,0> ->
// <1,1,1,1>.  A link between the groups keeps D_0 (section 2.1), and the general
// form of 3.1.4 says <G_W, L_W, * - W_{n-2}, ..., W_1, W_0>, so the third switch is
// <0,1,2,1>; <0,1,2,0> is adjacent to neither neighbour.  We believe <0,1,2,1>.
TEST(RoutingMikantFigures, Figure5ThreeTurn) {
  const MikantNet& s = mikant33();
  const FaultSet f = s.faults({"<1,2,1,1,0>"});
  const Labels paper1 = {"<0,1,0,1>", "<1,1,0,1>", "<0,1,1,1>", "<1,1,1,1>"};
  const Labels paper2_corrected = {"<0,1,0,1>", "<1,1,2,1>", "<0,1,2,1>", "<1,1,1,1>"};
  for (const char* name : {"mikant-three-turn", "mikant-three-turn+go-down-level"}) {
    const auto all = s.routing(std::string(name) + "(choice=all)");
    expect_path_offered(s, *all, f, paper1, "N<1,0,1,1>");
    expect_path_offered(s, *all, f, paper2_corrected, "N<1,0,1,1>");
    EXPECT_TRUE(run(s, *all, f, "N<0,0,0,0>", "N<1,0,1,1>").delivered()) << name;
    // The printed <0,1,2,0> is not among the hops offered at <1,1,2,1>.
    EXPECT_EQ(offered_after(s, *all, f, {"<0,1,0,1>", "<1,1,2,1>"}, "N<1,0,1,1>"), "<0,1,1,1> <0,1,2,1>");
    // choice=first gives the paper's first path.
    const RunResult r = run(s, *s.routing(name), f, "N<0,0,0,0>", "N<1,0,1,1>");
    ASSERT_TRUE(r.delivered()) << name << ": " << r.detail;
    EXPECT_EQ(trace_labels(*s.net, r), (Labels{"N<0,0,0,0>", "<0,0,0,0>", "<0,1,0,1>", "<1,1,0,1>", "<0,1,1,1>",
                                               "<1,1,1,1>", "<1,0,1,1>", "N<1,0,1,1>"}))
        << name;
  }
}

// Fig. 4's faults do not stop Three-Turn: W -> <1,1,1,0> -> <0,1,1,0> -> <1,1,0,0>
// over <1,2,0,0,1>, which is healthy.
TEST(RoutingMikantFigures, ThreeTurnUnderFigure4Faults) {
  const MikantNet& s = mikant33();
  const FaultSet f = s.faults({"<1,2,0,0,0>", "<1,2,0,1,0>", "<1,2,0,2,0>"});
  const RunResult r = run(s, *s.routing("mikant-three-turn"), f, "N<0,0,0,1>", "N<1,2,0,0>");
  ASSERT_TRUE(r.delivered()) << r.detail;
  EXPECT_EQ(trace_labels(*s.net, r), (Labels{"N<0,0,0,1>", "<0,0,0,1>", "<0,1,0,0>", "<1,1,1,0>", "<0,1,1,0>",
                                             "<1,1,0,0>", "<1,0,0,0>", "N<1,2,0,0>"}));
}

// X-Turns for n = 4 (our reading of 3.1.3's general form, see routing_mikant.cpp):
// W = <0,2,0,0,0> to node <1,0,0,0,0>, W's crossing link and its only neighbour's
// (k = 2) crossing link towards <1,2,0,*,*> faulty.  The packet crosses to
// <1,2,1,0,0>, descends keeping D_1 = W_1 to level 1, then to level 0 with any
// D_0, climbs with D_0 != W_0, keeps D_1 up to level 2, crosses back to
// D_2 != W_2 and takes Algorithm 1.
TEST(RoutingMikantFigures, XTurnsOnMikant24) {
  const MikantNet s("mikant(2,4)");
  const FaultSet f = s.faults({"<1,3,0,0,0,0>", "<1,3,0,1,0,0>"});
  for (const char* name : {"mikant-x-turns", "mikant-go-neighbor-switch+x-turns+go-down-level"}) {
    const RunResult r = run(s, *s.routing(name), f, "N<0,0,0,1,1>", "N<1,0,0,0,0>");
    ASSERT_TRUE(r.delivered()) << name << ": " << r.detail;
    EXPECT_EQ(trace_labels(*s.net, r),
              (Labels{"N<0,0,0,1,1>", "<0,0,0,1,1>", "<0,1,0,1,0>", "<0,2,0,0,0>", "<1,2,1,0,0>", "<1,1,1,0,0>",
                      "<1,0,1,0,0>", "<1,1,1,0,1>", "<1,2,1,0,1>", "<0,2,1,0,1>", "<1,2,0,0,1>", "<1,1,0,0,1>",
                      "<1,0,0,0,0>", "N<1,0,0,0,0>"}))
        << name;
    EXPECT_TRUE(run(s, *s.routing(std::string(name) + "(choice=all)"), f, "N<0,0,0,1,1>", "N<1,0,0,0,0>").delivered());
  }
  EXPECT_EQ(run(s, *s.routing("mikant-go-neighbor-switch"), f, "N<0,0,0,1,1>", "N<1,0,0,0,0>").outcome,
            RunOutcome::NoRoute);
}

// ---------------------------------------------------------------------------
// Fault-free: every routing is Algorithm 1, on a shortest path.

// Hop distances from src over the network; only switches relay.
std::vector<int> bfs(const Network& net, NodeId src) {
  std::vector<int> dist(net.num_nodes(), -1);
  std::deque<NodeId> q{src};
  dist[src] = 0;
  while (!q.empty()) {
    const NodeId u = q.front();
    q.pop_front();
    if (u != src && net.kind(u) != NodeKind::Switch) continue;
    for (const PortSlot& p : net.ports(u))
      if (p.connected() && dist[p.peer] < 0) {
        dist[p.peer] = dist[u] + 1;
        q.push_back(p.peer);
      }
  }
  return dist;
}

std::vector<NodeId> compute_nodes(const Network& net) {
  std::vector<NodeId> out;
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.kind(v) == NodeKind::Endpoint) out.push_back(v);
  return out;
}

TEST(RoutingMikantFaultFree, EveryRoutingDeliversOnAShortestPath) {
  for (const char* spec : {"mikant(2,2)", "mikant(3,2)", "mikant(2,3)", "mikant(3,3)", "mikant(2,4)"}) {
    const MikantNet s(spec);
    const FaultSet none(s.model->universe().size());
    for (const std::string& name : all_routings())
      for (const char* choice : {"", "(choice=all)"}) {
        if (name == "mikant-shortest" && *choice) continue;
        const auto r = s.routing(name + choice);
        RouteRunner runner(*r, *s.model, RunLimits{});
        std::uint64_t bad = 0;
        for (NodeId a : compute_nodes(*s.net)) {
          const std::vector<int> dist = bfs(*s.net, a);
          for (NodeId b : compute_nodes(*s.net)) {
            if (a == b) continue;
            const RunResult res = runner.run(none, a, b, std::nullopt, false);
            // Reads are lazy: the links of the path and nothing else.
            const bool ok = res.delivered() && static_cast<int>(res.hops) == dist[b] &&
                            (name == "mikant-shortest" || runner.reads().size() == res.hops);
            if (!ok && bad++ == 0)
              ADD_FAILURE() << spec << " " << r->spec() << " " << s.net->label(a) << " -> " << s.net->label(b) << ": "
                            << to_string(res.outcome) << ", " << res.hops << " hops, distance " << dist[b] << ", "
                            << runner.reads().size() << " reads";
          }
        }
        EXPECT_EQ(bad, 0u) << spec << " " << r->spec();
      }
  }
}

// ---------------------------------------------------------------------------
// Registry: names, specs, knowledge, non-MiKANT networks.

TEST(RoutingMikantRegistry, NamesSpecsAndKnowledge) {
  const MikantNet& s = mikant33();
  EXPECT_EQ(s.routing("mikant-shortest")->spec(), "mikant-shortest");
  EXPECT_EQ(s.routing("mikant-three-turn")->spec(), "mikant-three-turn(choice=first)");
  EXPECT_EQ(s.routing("mikant-x-turns(choice=all)")->spec(), "mikant-x-turns(choice=all)");
  for (const std::string& name : all_routings()) {
    const bool xt = name.find("x-turns") != std::string::npos;
    EXPECT_EQ(s.routing(name)->knowledge(), xt ? FaultKnowledge::Global : FaultKnowledge::Local) << name;
    const RoutingFamily* f = RoutingRegistry::builtin().find(name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_NE(f->source.find("002"), std::string::npos) << name;
  }
  EXPECT_THROW(s.routing("mikant-three-turn(choice=some)"), InputError);
}

TEST(RoutingMikantRegistry, OnlyOnMikantNetworks) {
  for (const char* spec : {"kary_ntree(3,3)", "hypercube(3)"}) {
    const Network net(Registry::builtin().build(spec));
    for (const std::string& name : all_routings())
      EXPECT_THROW(RoutingRegistry::builtin().build(name, net), InputError) << name << " on " << spec;
  }
}

TEST(RoutingMikantRegistry, StatesAreDescribed) {
  const MikantNet& s = mikant33();
  const FaultSet f = s.faults({"<1,2,0,0,0>", "<1,2,0,1,0>", "<1,2,0,2,0>"});
  const RunResult r = run(s, *s.routing("mikant-x-turns"), f, "N<0,0,0,1>", "N<1,2,0,0>");
  const auto xt = s.routing("mikant-x-turns");
  ASSERT_GE(r.trace.size(), 5u);
  EXPECT_EQ(xt->describe_state(r.trace[2].state), "normal");
  EXPECT_EQ(xt->describe_state(r.trace[3].state), "x-turns: down to level 0 (W_{n-2}=0, W_0=0)");
  EXPECT_EQ(xt->describe_state(r.trace[4].state), "x-turns: climb to D_0 != 0 (W_{n-2}=0)");
}

// ---------------------------------------------------------------------------
// Single link faults.

int level_of(const Network& net, NodeId v) {  // "<G,L,...>" -> L
  const std::string l = net.label(v);
  return std::stoi(l.substr(l.find(',') + 1));
}

// How Algorithm 1's fault-free path s -> d uses link l.
enum class Use { None, Crossing, DownFromLevel1, Other };

Use use_of(const Network& net, const RunResult& clean, LinkId l, int n) {
  for (std::size_t i = 0; i + 1 < clean.trace.size(); ++i) {
    const TraceStep& st = clean.trace[i];
    const PortSlot& p = net.port(st.node, st.port);
    if (p.link != l) continue;
    if (net.kind(st.node) != NodeKind::Switch || net.kind(p.peer) != NodeKind::Switch) return Use::Other;
    const int a = level_of(net, st.node), b = level_of(net, p.peer);
    if (a == n - 2 && b == n - 2) return Use::Crossing;
    if (a == 1 && b == 0 && n >= 3) return Use::DownFromLevel1;
    return Use::Other;
  }
  return Use::None;
}

bool has_crossing_detour(const std::string& name, int n) {
  if (name.find("three-turn") != std::string::npos) return true;
  return n >= 3 && (name.find("neighbor") != std::string::npos || name.find("x-turns") != std::string::npos);
}
bool has_go_down_level(const std::string& name, int n) {
  return n >= 3 && name.find("go-down-level") != std::string::npos;
}

// For every single fault on a link between two switches, every ordered pair.
void single_fault_brute_force(int k, int n, bool with_all) {
  const MikantNet s(mikant_spec(k, n));
  const Network& net = *s.net;
  const std::vector<NodeId> nodes = compute_nodes(net);
  const FaultSet none(s.model->universe().size());
  const auto shortest = s.routing("mikant-shortest");
  RouteRunner clean_runner(*shortest, *s.model, RunLimits{});
  std::map<std::pair<NodeId, NodeId>, RunResult> clean;
  for (NodeId a : nodes)
    for (NodeId b : nodes)
      if (a != b) clean[{a, b}] = clean_runner.run(none, a, b, std::nullopt);

  for (const std::string& base : all_routings())
    for (const char* choice : {"", "(choice=all)"}) {
      if ((base == "mikant-shortest" || !with_all) && *choice) continue;
      const auto r = s.routing(base + choice);
      RouteRunner runner(*r, *s.model, RunLimits{});
      std::uint64_t links = 0, tolerated = 0, failed_pairs = 0, other_failures = 0;
      for (LinkId l = 0; l < net.num_links(); ++l) {
        if (net.kind(net.link(l).a) != NodeKind::Switch || net.kind(net.link(l).b) != NodeKind::Switch) continue;
        ++links;
        FaultSet f(s.model->universe().size());
        f.insert(*s.model->unit_of_link(l));
        std::uint64_t failed = 0;
        for (const auto& [pair, c] : clean) {
          const RunResult res = runner.run(f, pair.first, pair.second, std::nullopt, false);
          const Use use = use_of(net, c, l, n);
          // Derived from the paper: Algorithm 1 fails exactly when its path uses the
          // link; the others follow it until the fault, and their detours avoid one
          // faulty crossing link or one faulty level-1 down link.
          bool must = use == Use::None;
          if (base != "mikant-shortest") {
            must = must || (use == Use::Crossing && has_crossing_detour(base, n)) ||
                   (use == Use::DownFromLevel1 && has_go_down_level(base, n));
          }
          if (base == "mikant-shortest") {
            EXPECT_EQ(res.delivered(), use == Use::None) << net.link_label(l);
          } else if (must) {
            EXPECT_TRUE(res.delivered()) << r->spec() << " link " << net.link_label(l) << " "
                                         << net.label(pair.first) << " -> " << net.label(pair.second) << ": "
                                         << to_string(res.outcome);
          }
          if (!res.delivered()) {
            ++failed;
            if (!must && base != "mikant-shortest") ++other_failures;
          }
        }
        failed_pairs += failed;
        tolerated += failed == 0 ? 1 : 0;
      }
      // Observed, not asserted: reported for the review.
      std::cout << "[ observed ] " << mikant_spec(k, n) << " " << r->spec() << ": all pairs delivered under "
                << tolerated << " of " << links << " single switch-link faults; failed (fault, pair) runs "
                << failed_pairs << " of " << links * clean.size() << " (" << other_failures
                << " on links no detour of the paper covers)\n";
    }
}

TEST(RoutingMikantSingleFault, Mikant32) { single_fault_brute_force(3, 2, true); }
TEST(RoutingMikantSingleFault, Mikant23) { single_fault_brute_force(2, 3, true); }
// choice=all on MiKANT(3,3) gives the same counts (checked once; 6 s, so not run here).
TEST(RoutingMikantSingleFault, Mikant33) { single_fault_brute_force(3, 3, false); }
TEST(RoutingMikantSingleFault, Mikant24) { single_fault_brute_force(2, 4, false); }

}  // namespace
}  // namespace menger
