// The HDN routings of 004 (Arai and Li) against the paper: the worked examples
// of Figures 5-8 (Algorithm 1) and 9-12 (Algorithm 2) hop by hop, the
// fault-free case on two instances (Theorem 1's diameter D_k bounds every
// path), and a brute force of Algorithm 1 under small fault sets against
// Theorem 4's bound.  The routings are in models/routing_hdn.cpp; its header
// lists the readings of the paper these expectations rest on.
//
// Packet-state layout the tests read (routing_hdn.cpp): w[0] phase, w[1] u_s,
// w[2] u_r, w[3] v_r, w[4] v_s.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/dual_net.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {
namespace {

constexpr const char* kFigureHdn = "hdn(base=hypercube(3), k=1, s=[4])";
constexpr const char* kTorusHdn = "hdn(base=torus(3,2,5), k=1, s=[15])";
constexpr const char* kTwoLevelHdn = "hdn(base=hypercube(3), k=2, s=[4,2])";
const std::vector<std::string> kRoutings = {"hdn-route", "hdn-ft1", "hdn-ft2"};

FaultModelSpec node_faults() {
  FaultModelSpec spec;
  spec.units = UnitChoice::Nodes;
  return spec;
}

struct Fixture {
  std::unique_ptr<Network> net;
  std::unique_ptr<FaultModel> model;
  explicit Fixture(const std::string& spec)
      : net(std::make_unique<Network>(Registry::builtin().build(spec))),
        model(std::make_unique<FaultModel>(*net, node_faults())) {}
  NodeId at(const std::string& label) const {
    auto v = net->find_node(label);
    EXPECT_TRUE(v.has_value()) << label;
    return v.value_or(0);
  }
  FaultSet faults(const std::vector<std::string>& labels) const {
    FaultSet f(model->universe().size());
    for (const auto& l : labels) f.insert(*model->unit_of_node(at(l)));
    return f;
  }
  FaultSet faults_of(const std::vector<NodeId>& nodes) const {
    FaultSet f(model->universe().size());
    for (NodeId v : nodes) f.insert(*model->unit_of_node(v));
    return f;
  }
  std::unique_ptr<Routing> routing(const std::string& spec) const {
    return RoutingRegistry::builtin().build(spec, *net);
  }
  std::vector<std::string> labels(const RunResult& r) const {
    std::vector<std::string> out;
    for (const TraceStep& t : r.trace) out.push_back(net->label(t.node));
    return out;
  }
};

// Theorem 1: D_k = 2^k D(B) - sum_{j=0}^{k-1} 2^j D(SN^{k-j}) + 2^{k+1} - 2.
std::uint32_t theorem1_diameter(std::uint32_t k, std::uint32_t db, const std::vector<std::uint32_t>& dsn) {
  std::int64_t d = (std::int64_t{1} << k) * db + (std::int64_t{1} << (k + 1)) - 2;
  for (std::uint32_t j = 0; j < k; ++j) d -= (std::int64_t{1} << j) * dsn[k - j - 1];
  return static_cast<std::uint32_t>(d);
}

std::vector<std::uint32_t> bfs_from(const Network& net, NodeId s) {
  std::vector<std::uint32_t> dist(net.num_nodes(), UINT32_MAX);
  std::deque<NodeId> q{s};
  dist[s] = 0;
  while (!q.empty()) {
    NodeId x = q.front();
    q.pop_front();
    for (NodeId w : net.out_neighbors(x))
      if (dist[w] == UINT32_MAX) dist[w] = dist[x] + 1, q.push_back(w);
  }
  return dist;
}

// ---------------------------------------------------------------------------
// Figures 5-8: Algorithm 1, u = (0,0,0,0), v = (1,1,1,3), three faulty nodes.

// The plan a packet carries, as its state's text names it (the fields after
// the phase: "u_s=..., u_r=..., v_r=..., v_s=...").
std::string plan_of(const Routing& r, const PacketState& s) {
  const std::string text = r.describe_state(s);
  const auto at = text.find("u_s=");
  return at == std::string::npos ? text : text.substr(at);
}

TEST(RoutingHdn, Figures5To8Algorithm1PathHopByHop) {
  Fixture fx(kFigureHdn);
  auto r = fx.routing("hdn-ft1");
  RouteRunner run(*r, *fx.model, RunLimits{});
  auto res = run.run(fx.faults({"(0,0,0,1)", "(0,1,1,3)", "(1,1,0,3)"}), fx.at("(0,0,0,0)"), fx.at("(1,1,1,3)"),
                     std::nullopt);
  ASSERT_TRUE(res.delivered()) << res.detail;
  EXPECT_EQ(fx.labels(res), (std::vector<std::string>{"(0,0,0,0)", "(0,0,1,0)", "(1,1,0,0)", "(1,1,1,0)",
                                                       "(1,1,1,1)", "(1,1,1,3)"}));
  // Step-1: u_s = u; v_s = (1,1,1,1).  Step-2: u_r = (1,1,1,0), v_r = v_s.
  EXPECT_EQ(plan_of(*r, res.trace.front().state), "u_s=(0,0,0,0), u_r=(1,1,1,0), v_r=(1,1,1,1), v_s=(1,1,1,1)");
}

// ---------------------------------------------------------------------------
// Figures 9-12: Algorithm 2, u = (0,0,0,3), v = (1,1,1,2).  The text says
// "seven faulty nodes" but lists eight; we use the eight listed.

const std::vector<std::string> kFigure9Faults = {"(0,0,0,2)", "(0,0,1,3)", "(0,1,0,1)", "(0,1,1,0)",
                                                 "(1,0,0,0)", "(1,0,0,3)", "(1,0,1,1)", "(1,1,1,3)"};

TEST(RoutingHdn, Figures9To12Algorithm2PathHopByHop) {
  Fixture fx(kFigureHdn);
  auto r = fx.routing("hdn-ft2");
  RouteRunner run(*r, *fx.model, RunLimits{});
  auto res = run.run(fx.faults(kFigure9Faults), fx.at("(0,0,0,3)"), fx.at("(1,1,1,2)"), std::nullopt);
  ASSERT_TRUE(res.delivered()) << res.detail;
  EXPECT_EQ(fx.labels(res), (std::vector<std::string>{"(0,0,0,3)", "(0,0,0,1)", "(0,0,1,1)", "(1,1,0,1)",
                                                       "(1,1,0,0)", "(1,1,1,0)", "(1,1,1,2)"}));
  // u_s and v_s as Figure 10 has them, u_r as Figure 11.
  EXPECT_EQ(plan_of(*r, res.trace.front().state), "u_s=(0,0,0,1), u_r=(1,1,0,1), v_r=(1,1,0,0), v_s=(1,1,1,0)");
}

// Which of the eight might be the spurious one?  With any seven of them the
// routing still finds Figure 12's path when the dropped node is not one whose
// absence opens an earlier (u_s, v_s) combination; we report, not assert.
TEST(RoutingHdn, Figure9WithSevenOfTheEightFaults) {
  Fixture fx(kFigureHdn);
  auto r = fx.routing("hdn-ft2");
  RouteRunner run(*r, *fx.model, RunLimits{});
  const std::vector<std::string> fig12 = {"(0,0,0,3)", "(0,0,0,1)", "(0,0,1,1)", "(1,1,0,1)",
                                          "(1,1,0,0)", "(1,1,1,0)", "(1,1,1,2)"};
  for (std::size_t drop = 0; drop < kFigure9Faults.size(); ++drop) {
    std::vector<std::string> seven = kFigure9Faults;
    seven.erase(seven.begin() + static_cast<std::ptrdiff_t>(drop));
    auto res = run.run(fx.faults(seven), fx.at("(0,0,0,3)"), fx.at("(1,1,1,2)"), std::nullopt);
    EXPECT_TRUE(res.delivered()) << "without " << kFigure9Faults[drop] << ": " << res.detail;
    std::cout << "[ figure 9 without " << kFigure9Faults[drop] << " ] "
              << (fx.labels(res) == fig12 ? "same path as Figure 12" : "another path") << ", " << res.hops
              << " hops\n";
  }
}

// ---------------------------------------------------------------------------
// Fault-free: every routing delivers every pair within Theorem 1's diameter.

void expect_fault_free(const std::string& spec, std::uint32_t diameter, NodeId sources) {
  Fixture fx(spec);
  FaultSet none(fx.model->universe().size());
  for (const std::string& name : kRoutings) {
    auto r = fx.routing(name);
    RouteRunner run(*r, *fx.model, RunLimits{});
    std::uint32_t longest = 0, not_shortest = 0;
    for (NodeId s = 0; s < std::min<NodeId>(sources, fx.net->num_nodes()); ++s) {
      auto dist = bfs_from(*fx.net, s);
      for (NodeId d = 0; d < fx.net->num_nodes(); ++d) {
        if (d == s) continue;
        auto res = run.run(none, s, d, diameter, false);
        ASSERT_TRUE(res.delivered()) << name << " " << fx.net->label(s) << " -> " << fx.net->label(d) << ": "
                                     << to_string(res.outcome) << " " << res.detail;
        longest = std::max(longest, res.hops);
        not_shortest += res.hops != dist[d];
      }
    }
    std::cout << "[ " << name << " on " << spec << " ] longest " << longest << " (D_k = " << diameter << "), "
              << not_shortest << " pairs not on a shortest path\n";
  }
}

TEST(RoutingHdn, FaultFreeFigureInstance) {
  expect_fault_free(kFigureHdn, theorem1_diameter(1, 3, {2}), UINT32_MAX);  // D_1 = 6
}

TEST(RoutingHdn, FaultFreeTorusInstance) {
  expect_fault_free(kTorusHdn, theorem1_diameter(1, 4, {3}), UINT32_MAX);  // D_1 = 7
}

TEST(RoutingHdn, FaultFreeTwoLevelInstanceFromSomeSources) {
  expect_fault_free(kTwoLevelHdn, theorem1_diameter(2, 3, {2, 1}), 4);  // D_2 = 13
}

TEST(RoutingHdn, Theorem1DiameterMatchesTheNetworks) {
  for (auto [spec, dk] : std::vector<std::pair<std::string, std::uint32_t>>{
           {kFigureHdn, theorem1_diameter(1, 3, {2})}, {kTorusHdn, theorem1_diameter(1, 4, {3})}}) {
    Fixture fx(spec);
    std::uint32_t diam = 0;
    for (NodeId s = 0; s < fx.net->num_nodes(); ++s)
      for (std::uint32_t d : bfs_from(*fx.net, s)) diam = std::max(diam, d);
    EXPECT_EQ(diam, dk) << spec;
  }
}

// ---------------------------------------------------------------------------
// Brute force of Algorithm 1 on HDN(Q3,1,{4}): every fault set of size f and
// every healthy pair.  Theorem 4 (|F| <= d0 + k - 1 = 3): delivered, and at
// most D(f(S_k)) + 2(2^{k-1} D(B) - sum_{j=0}^{k-2} 2^j D(SN^{k-1-j}) - D(S_k))
// + 2^{k+1} + 3 hops.  For k = 1 the sum is empty: D(f(S_1)) + 2(3 - 2) + 7.
// D(f(S_1)) is the longest path our super-node routing (a shortest fault-free
// path) takes in a 2-cube with fewer than d(S_1) = 2 faults: 2.

struct BruteStats {
  std::uint64_t runs = 0, failed = 0, over = 0;
  std::uint32_t longest = 0;
  std::string first_failure;
};

BruteStats brute_force(const Fixture& fx, const std::string& routing, std::uint32_t size, std::uint32_t bound,
                       NodeId sources = UINT32_MAX) {
  auto r = fx.routing(routing);
  RouteRunner run(*r, *fx.model, RunLimits{});
  const NodeId n = fx.net->num_nodes();
  BruteStats st;
  std::vector<NodeId> pick(size);
  std::function<void(std::uint32_t, NodeId)> rec = [&](std::uint32_t i, NodeId from) {
    if (i == size) {
      FaultSet f = fx.faults_of(pick);
      for (NodeId s = 0; s < std::min(n, sources); ++s)
        for (NodeId d = 0; d < n; ++d) {
          if (s == d || std::count(pick.begin(), pick.end(), s) || std::count(pick.begin(), pick.end(), d)) continue;
          auto res = run.run(f, s, d, std::nullopt, false);
          ++st.runs;
          if (!res.delivered()) {
            if (st.failed++ == 0) st.first_failure = fx.net->label(s) + "->" + fx.net->label(d) + " F=" +
                                                     f.to_string(fx.model->universe()) + ": " + res.detail;
            continue;
          }
          st.longest = std::max(st.longest, res.hops);
          st.over += res.hops > bound;
        }
      return;
    }
    for (NodeId v = from; v < n; ++v) {
      pick[i] = v;
      rec(i + 1, v + 1);
    }
  };
  rec(0, 0);
  std::cout << "[ " << routing << ", " << size << " faults ] " << st.runs << " runs, " << st.failed
            << " not delivered, longest " << st.longest << " (bound " << bound << "), " << st.over
            << " over the bound" << (st.first_failure.empty() ? "" : "; first failure " + st.first_failure) << "\n";
  return st;
}

constexpr std::uint32_t kTheorem4BoundFigure = 2 + 2 * (3 - 2) + 4 + 3;  // 11

TEST(RoutingHdn, Algorithm1UnderOneFault) {
  Fixture fx(kFigureHdn);
  auto st = brute_force(fx, "hdn-ft1", 1, kTheorem4BoundFigure);
  EXPECT_EQ(st.failed, 0u) << st.first_failure;
  EXPECT_EQ(st.over, 0u);
}

TEST(RoutingHdn, Algorithm1UnderTwoFaults) {
  Fixture fx(kFigureHdn);
  auto st = brute_force(fx, "hdn-ft1", 2, kTheorem4BoundFigure);
  EXPECT_EQ(st.failed, 0u) << st.first_failure;
  EXPECT_EQ(st.over, 0u);
}

// The full hypothesis of Theorems 2-4 (|F| = d0 + k - 1 = 3) by brute force, an
// engine-free cross-check of the claim proofs/004/thm4-ft-routing.toml; long
// (ctest -L long runs the DISABLED_ tests).
TEST(RoutingHdn, DISABLED_Algorithm1UnderThreeFaults) {
  Fixture fx(kFigureHdn);
  auto st = brute_force(fx, "hdn-ft1", 3, kTheorem4BoundFigure);
  EXPECT_EQ(st.failed, 0u) << st.first_failure;
  EXPECT_EQ(st.over, 0u);
}

// Long (ctest -L long): one fault on the other instances (Theorem 4's bound for
// them is not computed here: only delivery is asserted).  Beyond the hypothesis
// (d0 + k = 4 faults) nothing is claimed; the issue note records what was seen.
TEST(RoutingHdn, DISABLED_Algorithm1UnderOneFaultOtherInstances) {
  for (const char* spec : {kTorusHdn, kTwoLevelHdn}) {
    Fixture fx(spec);
    auto st = brute_force(fx, "hdn-ft1", 1, UINT32_MAX, 1);  // the two-level one: minutes
    EXPECT_EQ(st.failed, 0u) << spec << ": " << st.first_failure;
  }
}


// Section 4: "The ratio is always 100% if the number of faulty node is less
// than the node degree" (simulation of the proposed algorithms).  No length
// bound is claimed for Algorithm 2; the bound passed is only reported.
TEST(RoutingHdn, Algorithm2UnderOneAndTwoFaults) {
  Fixture fx(kFigureHdn);
  for (std::uint32_t size : {1u, 2u}) {
    auto st = brute_force(fx, "hdn-ft2", size, kTheorem4BoundFigure);
    EXPECT_EQ(st.failed, 0u) << st.first_failure;
  }
}

// ---------------------------------------------------------------------------
// Builders reject networks the algorithms are not defined on.

TEST(RoutingHdn, BuildersRejectOtherNetworks) {
  Network cube(Registry::builtin().build("hypercube(3)"));
  for (const char* name : {"hdn-route", "hdn-ft1", "hdn-ft2", "rdn-ft"})
    EXPECT_THROW(RoutingRegistry::builtin().build(name, cube), InputError) << name;
  // Algorithm 1 needs a super-node of degree >= 1 (s_k > 1); rdn-ft needs s_k = 1.
  Network rdn(Registry::builtin().build("rdn(base=hypercube(2), k=1)"));
  EXPECT_THROW(RoutingRegistry::builtin().build("hdn-ft1", rdn), InputError);
  EXPECT_NO_THROW(RoutingRegistry::builtin().build("rdn-ft", rdn));
  Network hdn(Registry::builtin().build(kFigureHdn));
  EXPECT_THROW(RoutingRegistry::builtin().build("rdn-ft", hdn), InputError);
}

TEST(RoutingHdn, RdnRoutingDeliversOnAnRdnUnderOneFault) {
  Fixture fx("rdn(base=hypercube(2), k=1)");  // degree 3
  auto st = brute_force(fx, "rdn-ft", 1, UINT32_MAX);
  EXPECT_EQ(st.failed, 0u) << st.first_failure;
}

}  // namespace
}  // namespace menger
