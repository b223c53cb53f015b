// Reading an adaptive routing's choices (verify/route/route_run.h, ChoiceRule):
// "every choice must deliver" against "some choice sequence delivers".
//
// Where the expected values come from:
//   * an oracle that shares no code with the runner: a breadth-first search
//     over (node, packet state) calling the routing directly through a view
//     that answers from the fault set, giving the shortest delivering branch
//     or none; compared with the runner under ChoiceRule::Some on every pair
//     and every set of <= 2 failed links of mesh(4,4), for three adaptive
//     routings;
//   * the read record's promise, tested directly: adding to F any unit the
//     run did not read changes neither the outcome nor the hop count;
//   * the search: the least failing size of route_check under Some equals the
//     oracle's, lazy and naive agree, and Some never fails where Every holds;
//   * the routing experiment's exact success under Some (Monte Carlo's
//     reference value): the oracle's delivered share over every set of two
//     failed links and every ordered pair (all terminals stay healthy);
//   * hand-written version 2 tables on mesh(3,3) whose branches all circle
//     (Livelock, with a lasso a witness validates) and a witness that
//     records the rule and replays under it.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "core/error.h"
#include "fault_oracle.h"
#include "models/routing_registry.h"
#include "models/routing_table.h"
#include "test_instance.h"
#include "verify/route/exact_routing.h"
#include "verify/route/route_search.h"
#include "verify/route/route_witness.h"

namespace menger {
namespace {

using testing::Instance;
using testing::make;

// Answers from the failed nodes and links; nothing recorded, nothing checked.
class PlainView final : public FaultView {
 public:
  PlainView(const Network& net, std::vector<char> dead_node, std::vector<char> dead_link)
      : net_(net), dead_node_(std::move(dead_node)), dead_link_(std::move(dead_link)) {}
  const Network& network() const override { return net_; }
  bool node_faulty(NodeId v) override { return dead_node_[v] != 0; }
  bool link_faulty(LinkId l) override { return dead_link_[l] != 0; }
  bool faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) override {
    std::uint32_t n = 0;
    for (NodeId v : region) n += dead_node_[v] != 0;
    return n >= threshold;
  }
  bool blocked(const PortSlot& s) const { return !s.connected() || dead_link_[s.link] || dead_node_[s.peer]; }

 private:
  const Network& net_;
  std::vector<char> dead_node_, dead_link_;
};

PlainView view_of(const FaultModel& m, const std::vector<std::size_t>& units) {
  testing::DeadElements dead = testing::dead_elements(m, units);
  return PlainView(m.network(), std::move(dead.node), std::move(dead.link));
}

// The shortest branch of choices that reaches d over healthy hops, or none.
std::optional<std::uint32_t> shortest_delivery(const Routing& r, PlainView& view, NodeId s, NodeId d) {
  const Network& net = view.network();
  std::map<std::pair<NodeId, PacketState>, std::uint32_t> depth;
  std::vector<std::pair<NodeId, PacketState>> layer{{s, r.start(s, d, view)}};
  depth[layer[0]] = 0;
  for (std::uint32_t level = 0; !layer.empty(); ++level) {
    std::vector<std::pair<NodeId, PacketState>> next;
    for (const auto& [v, state] : layer) {
      Hops hops;
      r.next(v, state, d, view, hops);
      for (const Hop& h : hops) {
        const PortSlot& slot = net.port(v, h.port);
        if (view.blocked(slot)) continue;
        if (slot.peer == d) return level + 1;
        if (depth.emplace(std::pair{slot.peer, h.state}, level + 1).second) next.emplace_back(slot.peer, h.state);
      }
    }
    layer = std::move(next);
  }
  return std::nullopt;
}

const char* const kAdaptive[] = {"west-first", "minimal-adaptive", "negative-first"};

TEST(RouteChoices, SomeMatchesAnIndependentSearchOnEveryFaultSet) {
  Instance in = make("mesh(4,4)", UnitChoice::Links);
  const FaultModel& m = *in.model;
  for (const char* spec : kAdaptive) {
    const auto routing = RoutingRegistry::builtin().build(spec, *in.net);
    RouteRunner runner(*routing, m, RunLimits{0, std::nullopt, 2, ChoiceRule::Some});
    std::uint64_t compared = 0, undelivered = 0;
    testing::for_each_set(m.universe().size(), 2, [&](const std::vector<std::size_t>& f) {
      FaultSet fs(m.universe().size());
      for (std::size_t u : f) fs.insert(u);
      PlainView view = view_of(m, f);
      for (NodeId s : m.terminals())
        for (NodeId d : m.terminals()) {
          if (s == d) continue;
          const auto want = shortest_delivery(*routing, view, s, d);
          const RunResult got = runner.run(fs, s, d, std::nullopt, false);
          ASSERT_EQ(got.delivered(), want.has_value()) << spec << " " << fs.to_string(m.universe()) << " " << s << "->" << d;
          if (want) {
            EXPECT_EQ(got.hops, *want);
          }
          undelivered += !want;
          ++compared;
        }
    });
    EXPECT_GT(undelivered, 0u) << spec;  // the comparison saw failures too
    EXPECT_GT(compared, undelivered);
  }
}

// The record is what the search extends fault sets by: a unit outside it
// must not change the run.
TEST(RouteChoices, SomeRunsDependOnlyOnTheirReads) {
  Instance in = make("mesh(4,4)", UnitChoice::Links);
  const FaultModel& m = *in.model;
  const std::size_t n = m.universe().size();
  for (const char* spec : kAdaptive) {
    const auto routing = RoutingRegistry::builtin().build(spec, *in.net);
    RouteRunner runner(*routing, m, RunLimits{0, std::nullopt, 3, ChoiceRule::Some});
    RouteRunner extended(*routing, m, RunLimits{0, std::nullopt, 3, ChoiceRule::Some});
    std::uint64_t checked = 0;
    testing::for_each_set(n, 1, [&](const std::vector<std::size_t>& f) {
      FaultSet fs(n);
      for (std::size_t u : f) fs.insert(u);
      for (NodeId s : m.terminals())
        for (NodeId d : m.terminals()) {
          if (s == d) continue;
          const RunResult base = runner.run(fs, s, d, std::nullopt, false);
          const std::set<std::size_t> reads(runner.reads().begin(), runner.reads().end());
          for (std::size_t u = 0; u < n; ++u) {
            if (fs.contains(u) || reads.count(u)) continue;
            FaultSet more = fs;
            more.insert(u);
            const RunResult r = extended.run(more, s, d, std::nullopt, false);
            ASSERT_EQ(r.outcome, base.outcome) << spec << " unit " << u << " " << s << "->" << d;
            ASSERT_EQ(r.hops, base.hops);
            ++checked;
          }
        }
    });
    EXPECT_GT(checked, 0u);
  }
}

TEST(RouteChoices, TheSearchFindsTheOraclesLeastFailure) {
  Instance in = make("mesh(4,4)", UnitChoice::Links);
  const FaultModel& m = *in.model;
  for (const char* spec : kAdaptive) {
    const auto routing = RoutingRegistry::builtin().build(spec, *in.net);
    std::optional<std::size_t> least;
    testing::for_each_set(m.universe().size(), 2, [&](const std::vector<std::size_t>& f) {
      if (least && f.size() >= *least) return;
      PlainView view = view_of(m, f);
      for (NodeId s : m.terminals())
        for (NodeId d : m.terminals())
          if (s != d && !shortest_delivery(*routing, view, s, d)) least = f.size();
    });
    RouteCheckOptions o;
    o.k = 2;
    o.symmetry = false;
    o.limits.choices = ChoiceRule::Some;
    const RouteCheckResult lazy = route_check(*routing, m, o);
    o.naive = true;
    const RouteCheckResult naive = route_check(*routing, m, o);
    ASSERT_EQ(lazy.status, least ? RouteCheckResult::Status::Fails : RouteCheckResult::Status::Holds) << spec;
    ASSERT_EQ(naive.status, lazy.status) << spec;
    if (least) {
      EXPECT_EQ(lazy.failure->faults.count(), *least) << spec;
      EXPECT_EQ(naive.failure->faults, lazy.failure->faults) << spec;
    }
    // Every choice delivering is the stronger demand.
    RouteCheckOptions every = o;
    every.naive = false;
    every.limits.choices = ChoiceRule::Every;
    const RouteCheckResult strict = route_check(*routing, m, every);
    if (strict.status == RouteCheckResult::Status::Holds) {
      EXPECT_EQ(lazy.status, RouteCheckResult::Status::Holds);
    }
    if (lazy.failure && strict.failure) {
      EXPECT_LE(strict.failure->faults.count(), lazy.failure->faults.count());
    }
  }
}

// A path bound under Some applies to the shortest delivering branch: a
// minimal adaptive routing meets distance + 0 under Some even where a
// non-minimal choice exists.
TEST(RouteChoices, ThePathBoundAppliesToTheShortestBranch) {
  Instance in = make("mesh(3,3)", UnitChoice::Links);
  const FaultModel& m = *in.model;
  const Network& net = *in.net;
  auto port_to = [&](NodeId a, NodeId b) {
    for (PortId p = 0; p < net.num_ports(a); ++p)
      if (net.port(a, p).peer == b) return p;
    ADD_FAILURE() << "no link";
    return PortId{0};
  };
  auto at = [](int x, int y) { return static_cast<NodeId>(x + 3 * y); };
  auto row = [&](NodeId node, NodeId dst, PortId port) {
    return "{\"node\": \"" + net.label(node) + "\", \"dst\": \"" + net.label(dst) + "\", \"port\": " +
           std::to_string(port) + ", \"vc\": 0}";
  };
  // Destination (1,0) from (0,0): directly east, or north, east, south.
  const NodeId d = at(1, 0);
  const std::string text = "{\"format\": \"menger-routing-table\", \"version\": 2, \"vcs\": 1, \"routes\": [" +
                           row(at(0, 0), d, port_to(at(0, 0), at(1, 0))) + ", " +
                           row(at(0, 0), d, port_to(at(0, 0), at(0, 1))) + ", " +
                           row(at(0, 1), d, port_to(at(0, 1), at(1, 1))) + ", " +
                           row(at(1, 1), d, port_to(at(1, 1), at(1, 0))) + "]}";
  const auto table = make_table_routing(net, parse_routing_table(text, false, "t", net), "table(file=t)");
  const FaultSet none(m.universe().size());
  RouteRunner some(*table, m, RunLimits{0, std::nullopt, 0, ChoiceRule::Some});
  RouteRunner every(*table, m, RunLimits{0, std::nullopt, 0, ChoiceRule::Every});
  EXPECT_EQ(some.run(none, at(0, 0), d, 1, true).outcome, RunOutcome::Delivered);
  const RunResult longest = every.run(none, at(0, 0), d, 1, true);
  EXPECT_EQ(longest.outcome, RunOutcome::TooLong);
  EXPECT_EQ(longest.hops, 3u);
  // With the east link failed, the only delivering branch has 3 hops.
  FaultSet east(m.universe().size());
  east.insert(*m.unit_of_link(net.port(at(0, 0), port_to(at(0, 0), at(1, 0))).link));
  const RunResult detour = some.run(east, at(0, 0), d, 1, true);
  EXPECT_EQ(detour.outcome, RunOutcome::TooLong);
  EXPECT_EQ(detour.hops, 3u);
  EXPECT_EQ(every.run(east, at(0, 0), d, std::nullopt, true).outcome, RunOutcome::Blocked);
}

class CirclingTable : public ::testing::Test {
 protected:
  Instance in = make("mesh(3,3)", UnitChoice::Links);
  const Network& net = *in.net;
  static NodeId at(int x, int y) { return static_cast<NodeId>(x + 3 * y); }
  PortId port_to(NodeId a, NodeId b) const {
    for (PortId p = 0; p < net.num_ports(a); ++p)
      if (net.port(a, p).peer == b) return p;
    ADD_FAILURE() << "no link";
    return 0;
  }
  std::string row(NodeId node, NodeId dst, NodeId to) const {
    return "{\"node\": \"" + net.label(node) + "\", \"dst\": \"" + net.label(dst) + "\", \"port\": " +
           std::to_string(port_to(node, to)) + ", \"vc\": 0}";
  }
  // Destination (2,0): (0,0) east; (1,0) back west or north; (1,1) south.
  // Every branch circles; none reaches (2,0).
  std::unique_ptr<Routing> table() const {
    const NodeId d = at(2, 0);
    const std::string text = "{\"format\": \"menger-routing-table\", \"version\": 2, \"vcs\": 1, \"routes\": [" +
                             row(at(0, 0), d, at(1, 0)) + ", " + row(at(1, 0), d, at(0, 0)) + ", " +
                             row(at(1, 0), d, at(1, 1)) + ", " + row(at(1, 1), d, at(1, 0)) + "]}";
    return make_table_routing(net, parse_routing_table(text, false, "t", net), "table(file=t)");
  }
};

TEST_F(CirclingTable, SomeReportsALivelockWithALasso) {
  const auto r = table();
  const FaultModel& m = *in.model;
  RouteRunner some(*r, m, RunLimits{0, std::nullopt, 0, ChoiceRule::Some});
  const RunResult run = some.run(FaultSet(m.universe().size()), at(0, 0), at(2, 0), std::nullopt, true);
  ASSERT_EQ(run.outcome, RunOutcome::Livelock);
  ASSERT_GE(run.trace.size(), 2u);
  const TraceStep& last = run.trace.back();
  bool again = false;
  for (std::size_t i = 0; i + 1 < run.trace.size(); ++i)
    again |= run.trace[i].node == last.node && run.trace[i].state == last.state;
  EXPECT_TRUE(again);
  EXPECT_NE(run.detail.find("no choice delivers"), std::string::npos) << run.detail;
}

// With a hop limit of 1 the circling branches are cut: HopLimit, with a
// trace one hop longer than the limit that a witness validates.
TEST_F(CirclingTable, SomeCutByTheHopLimitShowsTheHopBeyond) {
  const auto r = table();
  const FaultModel& m = *in.model;
  RouteRunner some(*r, m, RunLimits{1, std::nullopt, 0, ChoiceRule::Some});
  const RunResult run = some.run(FaultSet(m.universe().size()), at(0, 0), at(2, 0), std::nullopt, true);
  ASSERT_EQ(run.outcome, RunOutcome::HopLimit);
  EXPECT_EQ(run.hops, 2u);
  ASSERT_FALSE(run.trace.empty());
  EXPECT_TRUE(run.trace.back().moved);
  RouteFailure f;
  f.faults = FaultSet(m.universe().size());
  f.pair.s = at(0, 0);
  f.pair.d = at(2, 0);
  f.run = run;
  const RouteWitness w = make_witness(*r, m, f, 1, false, ChoiceRule::Some);
  EXPECT_TRUE(validate_trace(w, m).empty());
}

TEST_F(CirclingTable, AWitnessRecordsTheRuleAndReplaysUnderIt) {
  const auto r = table();
  const FaultModel& m = *in.model;
  RouteCheckOptions o;
  o.k = 0;
  o.symmetry = false;
  o.limits.choices = ChoiceRule::Some;
  const RouteCheckResult res = route_check(*r, m, o);
  ASSERT_EQ(res.status, RouteCheckResult::Status::Fails);
  const RouteWitness w = make_witness(*r, m, *res.failure, hop_limit_for(net, 0), false, ChoiceRule::Some);
  const nlohmann::json j = to_json(w);
  ASSERT_EQ(j.at("choices"), "some");
  const RouteWitness back = witness_from_json(j);
  EXPECT_EQ(back.choices, ChoiceRule::Some);
  EXPECT_TRUE(validate_trace(back, m).empty());
  // An every-choice witness does not write the field (older readers take it).
  const RouteWitness plain = make_witness(*r, m, *res.failure, hop_limit_for(net, 0), false);
  EXPECT_FALSE(to_json(plain).contains("choices"));
  nlohmann::json bad = j;
  bad["choices"] = "most";
  EXPECT_THROW(witness_from_json(bad), InputError);
}

TEST(RouteChoices, TheRoutingExperimentsExactSuccessIsTheOracles) {
  Instance in = make("mesh(4,4)", UnitChoice::Links);
  const FaultModel& m = *in.model;
  const auto routing = RoutingRegistry::builtin().build("minimal-adaptive", *in.net);
  std::uint64_t delivered = 0, runs = 0;
  testing::for_each_set(m.universe().size(), 2, [&](const std::vector<std::size_t>& f) {
    if (f.size() != 2) return;
    PlainView view = view_of(m, f);
    for (NodeId s : m.terminals())
      for (NodeId d : m.terminals())
        if (s != d) delivered += shortest_delivery(*routing, view, s, d).has_value(), ++runs;
  });
  for (const ChoiceRule rule : {ChoiceRule::Some, ChoiceRule::Every}) {
    const RoutingExperiment e(m, {routing.get()}, 2, 0, rule);
    const ExactRouting exact = exact_routing(e, 10'000'000, Symmetry::Ignore);
    ASSERT_TRUE(exact.values.at(1).has_value());
    if (rule == ChoiceRule::Some) {
      EXPECT_NEAR(*exact.values[1], static_cast<double>(delivered) / static_cast<double>(runs), 1e-12);
    } else {
      EXPECT_LT(*exact.values[1], static_cast<double>(delivered) / static_cast<double>(runs));  // a stronger demand
    }
  }
}

TEST(RouteChoices, ProofsAndTheSymbolicSearchRefuseSome) {
  Instance in = make("mesh(3,3)", UnitChoice::Links);
  const auto routing = RoutingRegistry::builtin().build("west-first", *in.net);
  RouteCheckOptions o;
  o.k = 1;
  o.limits.choices = ChoiceRule::Some;
  o.symbolic = true;
  EXPECT_THROW(route_check(*routing, *in.model, o), InputError);
}

}  // namespace
}  // namespace menger
