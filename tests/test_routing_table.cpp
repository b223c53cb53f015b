// Routing tables as data (models/routing_table.h, src/io/routing_table_export.h).
//
// Where the expected values come from:
//   * round trip: every built-in routing the registry lists is tried on small
//     networks until one accepts it; each that the exporter takes (the
//     deterministic ones, and the adaptive ones whose choices depend only on
//     the input port and VC) is written as a table, read back, and both the
//     original and the table are checked by the deadlock engine (verdict and
//     dependency counts must be equal) and, where the routing reads no faults,
//     by the exhaustive route search with one link fault (verdict and per-level
//     failure counts must be equal: a routing that reads nothing follows the
//     same path under every fault set, and so does its table);
//   * malformed tables: one hand-written file per error, on mesh(3,3), with the
//     sentence expected (file, node and destination named);
//   * adaptive entries and escape marks (version 2): hand-written tables on
//     mesh(3,3) whose choices and escape VCs are read off the rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "core/error.h"
#include "core/text.h"
#include "io/routing_table_export.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "models/routing_table.h"
#include "verify/deadlock/deadlock.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"
#include "verify/route/route_search.h"

namespace menger {
namespace {

const std::vector<std::string> kNetworks = {
    "mesh(3,3)",  "torus(4,4)",        "hypercube(3)",   "mikant(2,2)",      "hdn(base=hypercube(2), k=1, s=[2])",
    "rdn(base=hypercube(2), k=1)",     "hyperx(S=[3,3])", "dragonfly(p=1,a=2,h=2)", "slimfly(q=5)",
    "fattree(4)", "leafspine(4,2,3)",  "kary_ntree(2,2)", "min(stages=2, radix=2, wiring=deterministic)"};

std::string table_text(const RoutingTable& t, const Network& net, bool csv) {
  std::ostringstream out;
  if (csv) write_routing_table_csv(out, t, net);
  else write_routing_table_json(out, t, net);
  return out.str();
}

std::unique_ptr<Routing> round_trip(const Routing& r, const Network& net, bool csv) {
  const TabulatedRouting t = tabulate_routing(r, net);
  RoutingTable back = parse_routing_table(table_text(t.table, net, csv), csv, "t", net);
  return make_table_routing(net, std::move(back), "table(file=t)");
}

struct Verdicts {
  DeadlockResult::Status deadlock;
  std::uint64_t dependencies, vertices, edges;
  std::optional<RouteCheckResult::Status> route;
  std::vector<std::uint64_t> failures;
};

Verdicts verdicts(const Routing& r, const Network& net, std::optional<std::uint32_t> route_k) {
  const FaultModel model(net, FaultModelSpec{UnitChoice::Links, default_pairs(net), {}, {}});
  DeadlockOptions d;
  d.case_budget = d.schedule_budget = 20'000;
  const DeadlockResult dl = check_deadlock(r, model, d);
  Verdicts v{dl.status, dl.plain.direct_dependencies, dl.plain.graph_vertices, dl.plain.graph_edges, {}, {}};
  if (!route_k) return v;
  RouteCheckOptions o;
  o.k = *route_k;
  o.symmetry = false;
  o.settle_all = true;
  const RouteCheckResult rc = route_check(r, model, o);
  v.route = rc.status;
  for (const auto& level : rc.levels) v.failures.push_back(level.failures);
  return v;
}

std::unique_ptr<Routing> build_on(const std::string& routing, const Network& net) {
  try {
    return RoutingRegistry::builtin().build(routing, net);
  } catch (const InputError&) {
    return nullptr;
  }
}

// Parameter settings that make a deterministic routing of an adaptive
// family, or change what the table must carry (bubbles, VCs, orders).
const std::vector<std::string> kVariants = {
    "shortest(choice=first)", "updown(choice=first)", "dor(flow=bubble)", "dor(order=[1,0])",
    "direction-order(flow=bubble)", "dor-dateline(order=[1,0])", "fir(config=ft)", "slimfly-min(vcs=1)",
    "dragonfly-min(vcs=1)", "clos-dmodk(bounce=yes)", "clos-dmodk(bounce=stateless)", "mikant-x-turns(saved=no)",
    "hdn-ft1(order=port)"};

// The table against the original on `net`: the deadlock verdict and counts,
// and route-check with one link fault (none for a routing that reads faults:
// its table is its fault-free behaviour only).
void expect_same_verdicts(const Routing& original, const Network& net, const TabulatedRouting& t) {
  RoutingTable back = parse_routing_table(table_text(t.table, net, false), false, "t", net);
  const auto table = make_table_routing(net, std::move(back), "table(file=t)");
  const Verdicts a = verdicts(original, net, t.reads_faults ? 0 : 1);
  const Verdicts b = verdicts(*table, net, t.reads_faults ? 0 : 1);
  EXPECT_EQ(a.deadlock, b.deadlock);
  EXPECT_EQ(a.dependencies, b.dependencies);
  EXPECT_EQ(a.vertices, b.vertices);
  EXPECT_EQ(a.edges, b.edges);
  EXPECT_EQ(a.route, b.route);
  EXPECT_EQ(a.failures, b.failures);
}

TEST(RoutingTable, EveryBuiltinRoutingATableHoldsRoundTrips) {
  std::vector<std::string> specs;
  for (const RoutingFamily& f : RoutingRegistry::builtin().families())
    if (f.name != "table") specs.push_back(f.name);
  specs.insert(specs.end(), kVariants.begin(), kVariants.end());
  std::vector<std::string> tripped, skipped;
  std::size_t adaptive = 0;
  for (const std::string& spec : specs) {
    std::string on, why = "no small network accepts it";
    for (const std::string& topo : kNetworks) {
      Network net(Registry::builtin().build(topo));
      const auto original = build_on(spec, net);
      if (!original) continue;
      TabulatedRouting t;
      try {
        t = tabulate_routing(*original, net);
      } catch (const InputError& e) {
        why = "on " + topo + ": " + e.what();
        break;
      }
      SCOPED_TRACE(spec + " on " + topo);
      expect_same_verdicts(*original, net, t);
      std::ostringstream json;
      write_routing_table_json(json, t.table, net);
      if (json.str().find("\"version\": 2") != std::string::npos) ++adaptive;
      on += (on.empty() ? "" : ", ") + topo + (t.reads_faults ? " (reads faults: route-check k = 0)" : "");
      why.clear();
    }
    if (!on.empty()) tripped.push_back(spec + " on " + on);
    else skipped.push_back(spec + ": " + why);
  }
  for (const auto& s : tripped) std::cout << "round trip: " << s << "\n";
  for (const auto& s : skipped) std::cout << "skipped: " << s << "\n";
  EXPECT_GE(tripped.size(), 35u);
  EXPECT_GE(adaptive, 8u);  // adaptive routings written as version 2 choices
}

// OpenSM's programmed tables (proofs/known/infiniband): the SL-to-VL lanes
// depend on the input port, so these tables need in_port rows.
TEST(RoutingTable, OpensmFabricsRoundTrip) {
  const std::filesystem::path root = std::filesystem::path(MENGER_SOURCE_DIR) / "proofs/known/infiniband";
  std::size_t fabrics = 0;
  for (const auto& dir : std::filesystem::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    SCOPED_TRACE(dir.path().string());
    Network net(Registry::builtin().build("opensm(dir=" + menger::quoted(dir.path().string()) + ")"));
    const auto original = RoutingRegistry::builtin().build("opensm-tables", net);
    const TabulatedRouting t = tabulate_routing(*original, net);
    expect_same_verdicts(*original, net, t);
    ++fabrics;
  }
  EXPECT_GE(fabrics, 12u);
}

TEST(RoutingTable, CsvAndJsonReadToTheSameRows) {
  Network net(Registry::builtin().build("torus(4,4)"));
  const auto dor = RoutingRegistry::builtin().build("dor(flow=bubble)", net);
  const TabulatedRouting t = tabulate_routing(*dor, net);
  const RoutingTable a = parse_routing_table(table_text(t.table, net, false), false, "a", net);
  const RoutingTable b = parse_routing_table(table_text(t.table, net, true), true, "b", net);
  ASSERT_EQ(a.rows.size(), b.rows.size());
  for (std::size_t i = 0; i < a.rows.size(); ++i) {
    EXPECT_EQ(a.rows[i].node, b.rows[i].node);
    EXPECT_EQ(a.rows[i].in_port, b.rows[i].in_port);
    EXPECT_EQ(a.rows[i].port, b.rows[i].port);
    EXPECT_EQ(a.rows[i].bubble, b.rows[i].bubble);
  }
  EXPECT_EQ(verdicts(*dor, net, 1).failures, verdicts(*round_trip(*dor, net, true), net, 1).failures);
}

// An adaptive routing's table offers, at every place, exactly the hops the
// routing offers there (compared hop set by hop set on every pair's walk).
TEST(RoutingTable, AdaptiveRoutingIsWrittenWithItsChoices) {
  Network net(Registry::builtin().build("mesh(4,4)"));
  const auto west_first = RoutingRegistry::builtin().build("west-first", net);
  const auto table = round_trip(*west_first, net, true);
  const FaultModel model(net, FaultModelSpec{UnitChoice::Links, default_pairs(net), {}, {}});
  const FaultSet none(model.universe().size());
  RecordingFaultView view(model, FaultKnowledge::Local);
  std::size_t places = 0, adaptive = 0;
  for (NodeId s : model.terminals())
    for (NodeId d : model.terminals()) {
      if (s == d) continue;
      view.reset(none, 0);
      std::vector<std::pair<NodeId, PacketState>> frontier{{s, table->start(s, d, view)}};
      PacketState start = west_first->start(s, d, view);
      std::vector<PacketState> original{start};
      while (!frontier.empty()) {
        auto [here, state] = frontier.back();
        const PacketState mine = original.back();
        frontier.pop_back();
        original.pop_back();
        view.at(here);
        Hops a, b;
        west_first->next(here, mine, d, view, a);
        table->next(here, state, d, view, b);
        ASSERT_EQ(a.size(), b.size()) << net.label(here) << " for " << net.label(d);
        ++places;
        adaptive += a.size() > 1;
        for (std::size_t i = 0; i < a.size(); ++i) {
          EXPECT_EQ(a[i].port, b[i].port);
          EXPECT_EQ(a[i].vc, b[i].vc);
          const NodeId next = net.port(here, a[i].port).peer;
          if (next == d) continue;
          frontier.emplace_back(next, b[i].state);
          original.push_back(a[i].state);
        }
      }
    }
  EXPECT_GT(adaptive, 0u);
  EXPECT_GT(places, adaptive);
}

// A routing whose hop depends on the packet's source beyond what its input
// port and VC say: dor, the first hop on VC 0, every later one on VC = the
// source's parity.  On mesh(4,4) packets from (0,0) and (1,0) both enter (2,0)
// from the west on VC 0 and leave on different VCs: no table holds that.
class SourceDependentRouting final : public Routing {
 public:
  explicit SourceDependentRouting(const Network& net) : dor_(RoutingRegistry::builtin().build("dor", net)) {}
  std::string spec() const override { return "source-dependent"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return 2; }
  PacketState start(NodeId src, NodeId, FaultView&) const override {
    PacketState s;
    s.w[7] = static_cast<std::int32_t>(src % 2);
    return s;
  }
  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    dor_->next(here, state, dst, faults, out);
    for (Hop& h : out) {
      h.vc = state.w[6] > 0 ? static_cast<std::uint32_t>(state.w[7]) : 0;
      h.state.w[6] = state.w[6] + 1;
    }
  }

 private:
  std::unique_ptr<Routing> dor_;
};

TEST(RoutingTable, StateBeyondInputPortAndVcIsRefused) {
  Network net(Registry::builtin().build("mesh(4,4)"));
  try {
    tabulate_routing(SourceDependentRouting(net), net);
    FAIL() << "a source-dependent routing was tabulated";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("carries more than the input port and VC"), std::string::npos) << e.what();
  }
}

TEST(RoutingTable, OnePortEndpointsNeedNoRows) {
  Network net(Registry::builtin().build("fattree(4)"));
  const auto dmodk = RoutingRegistry::builtin().build("clos-dmodk", net);
  const TabulatedRouting t = tabulate_routing(*dmodk, net);
  for (const TableRow& r : t.table.rows) EXPECT_TRUE(net.forwards(r.node)) << net.label(r.node);
  EXPECT_FALSE(t.table.rows.empty());
}

TEST(RoutingTable, IdsAndLabelsNameTheSameNodes) {
  Network net(Registry::builtin().build("mesh(3,3)"));
  auto table = [&](const std::string& a, const std::string& b, const std::string& c) {
    return "{\"format\": \"menger-routing-table\", \"version\": 1, \"vcs\": 1, \"routes\": [{\"node\": " + a +
           ", \"dst\": " + c + ", \"port\": 0, \"vc\": 0}, {\"node\": " + b + ", \"dst\": " + c +
           ", \"port\": 0, \"vc\": 0}]}";
  };
  const auto q = [&](NodeId v) { return "\"" + net.label(v) + "\""; };
  const RoutingTable by_label = parse_routing_table(table(q(0), q(1), q(2)), false, "l", net);
  const RoutingTable by_id = parse_routing_table(table("0", "1", "2"), false, "i", net);
  ASSERT_EQ(by_label.rows.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(by_label.rows[i].node, by_id.rows[i].node);
    EXPECT_EQ(by_label.rows[i].dst, by_id.rows[i].dst);
  }
}

// ---- malformed tables on mesh(3,3) ------------------------------------------

class Malformed : public ::testing::Test {
 protected:
  Network net{Registry::builtin().build("mesh(3,3)")};

  std::string label(NodeId v) const { return net.label(v); }
  NodeId at(int x, int y) const { return static_cast<NodeId>(x + 3 * y); }
  // The port of a leading to b.
  PortId port_to(NodeId a, NodeId b) const {
    for (PortId p = 0; p < net.num_ports(a); ++p)
      if (net.port(a, p).peer == b) return p;
    ADD_FAILURE() << "no link";
    return 0;
  }
  std::string row(NodeId node, NodeId dst, std::uint64_t port, std::uint32_t vc = 0, const std::string& extra = "") const {
    return "{\"node\": \"" + label(node) + "\", \"dst\": \"" + label(dst) + "\", \"port\": " + std::to_string(port) +
           ", \"vc\": " + std::to_string(vc) + extra + "}";
  }
  static std::string table(const std::string& rows, const std::string& head = "\"version\": 1, \"vcs\": 1") {
    return "{\"format\": \"menger-routing-table\", " + head + ", \"routes\": [" + rows + "]}";
  }
  // The message of the error reading `text`, "" if it is accepted.
  std::string error(const std::string& text, bool csv = false) const {
    try {
      parse_routing_table(text, csv, "t.json", net);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
  void expect_error(const std::string& text, const std::vector<std::string>& parts, bool csv = false) const {
    const std::string e = error(text, csv);
    ASSERT_FALSE(e.empty()) << "accepted: " << text;
    EXPECT_NE(e.find("routing table t.json"), std::string::npos) << e;
    for (const std::string& p : parts) EXPECT_NE(e.find(p), std::string::npos) << "'" << p << "' not in: " << e;
  }
  std::string q(NodeId v) const { return "\"" + label(v) + "\""; }
};

TEST_F(Malformed, AGoodTableIsAccepted) {
  // (0,0) -> (1,0) -> (2,0) for destination (2,0).
  EXPECT_EQ(error(table(row(at(0, 0), at(2, 0), port_to(at(0, 0), at(1, 0))) + ", " +
                        row(at(1, 0), at(2, 0), port_to(at(1, 0), at(2, 0))))),
            "");
}

TEST_F(Malformed, NotJson) { expect_error("{\"format\": ", {"is not JSON"}); }

TEST_F(Malformed, WrongVersionAndFormat) {
  expect_error(table("", "\"version\": 3, \"vcs\": 1"), {"version 3 is not supported", "versions 1 to 2"});
  expect_error(table("", "\"version\": 0, \"vcs\": 1"), {"version 0 is not supported"});
  expect_error("{\"format\": \"opensm\", \"version\": 1, \"vcs\": 1, \"routes\": []}", {"format is 'opensm'"});
  expect_error("{\"format\": \"menger-routing-table\", \"vcs\": 1, \"routes\": []}", {"missing field 'version'"});
}

TEST_F(Malformed, UnknownNode) {
  expect_error(table("{\"node\": \"(9,9)\", \"dst\": \"(0,0)\", \"port\": 0, \"vc\": 0}"),
               {"node \"(9,9)\" is no node label of mesh(3,3)"});
  expect_error(table("{\"node\": 0, \"dst\": 99, \"port\": 0, \"vc\": 0}"), {"destination 99 is no node id"});
}

TEST_F(Malformed, UnknownPortUnconnectedPortVcOutOfRange) {
  expect_error(table(row(at(0, 0), at(2, 0), 99)), {q(at(0, 0)), q(at(2, 0)), "port 99 does not exist"});
  PortId dangling = 0;
  while (dangling < net.num_ports(at(0, 0)) && net.port(at(0, 0), dangling).connected()) ++dangling;
  if (dangling < net.num_ports(at(0, 0)))
    expect_error(table(row(at(0, 0), at(2, 0), dangling)), {q(at(0, 0)), "is not connected"});
  expect_error(table(row(at(0, 0), at(2, 0), port_to(at(0, 0), at(1, 0)), 1)),
               {q(at(0, 0)), q(at(2, 0)), "vc 1 is out of range (vcs = 1)"});
}

TEST_F(Malformed, MissingDestinationWherePacketArrives) {
  expect_error(table(row(at(0, 0), at(2, 0), port_to(at(0, 0), at(1, 0)))),
               {"node " + q(at(1, 0)), "destination " + q(at(2, 0)), "no row routes it on"});
}

TEST_F(Malformed, DuplicateRows) {
  const std::string r = row(at(1, 0), at(2, 0), port_to(at(1, 0), at(2, 0)));
  expect_error(table(r + ", " + r), {q(at(1, 0)), q(at(2, 0)), "two rows for the same input port and VC"});
  // Version 1 holds one hop per key, even when the hops differ.
  const std::string other = row(at(1, 0), at(2, 0), port_to(at(1, 0), at(1, 1)));
  expect_error(table(r + ", " + other), {"two rows for the same input port and VC", "version 2"});
  // Version 2 reads them as choices, but not the same choice twice.
  expect_error(table(r + ", " + r, "\"version\": 2, \"vcs\": 1"),
               {q(at(1, 0)), q(at(2, 0)), "the choice port", "is given twice"});
}

TEST_F(Malformed, ForwardingLoop) {
  expect_error(table(row(at(0, 0), at(2, 2), port_to(at(0, 0), at(1, 0))) + ", " +
                     row(at(1, 0), at(2, 2), port_to(at(1, 0), at(0, 0)))),
               {"destination " + q(at(2, 2)), "forwarding loop"});
}

TEST_F(Malformed, WrongNetwork) {
  expect_error(table("", "\"version\": 1, \"vcs\": 1, \"network\": \"mesh(4,4)\""),
               {"written for mesh(4,4), not mesh(3,3)"});
}

TEST_F(Malformed, CsvErrors) {
  const std::string head = "# format: menger-routing-table\n# version: 1\n# vcs: 1\n";
  expect_error(head, {"has no header row"}, true);
  expect_error("node,dst,port,vc\n", {"no '# format: ...' line"}, true);
  expect_error(head + "node,dst,port,vc\n\"(0,0\n", {"never closed"}, true);
  expect_error(head + "node,dst,port,vc\n\"(0,0)\",\"(2,0)\",x,0\n", {"line 5", "port 'x' is not a whole number"}, true);
  expect_error(head + "node,dst,port,vc\n\"" + label(at(1, 0)) + "\",\"" + label(at(2, 0)) + "\",7,0\n",
               {"line 5", "port 7 does not exist"}, true);
}

// ---- version 2: adaptive entries and escape marks ----------------------------

class Adaptive : public Malformed {
 protected:
  static std::string table2(const std::string& rows, std::uint32_t vcs = 1) {
    return table(rows, "\"version\": 2, \"vcs\": " + std::to_string(vcs));
  }
  // Destination (2,0): (0,0) may go east or north; (0,1) east, (1,1) south,
  // (1,0) east: two routes, both minimal.
  std::string two_ways(const std::string& extra_a = "", const std::string& extra_b = "", std::uint32_t vc_b = 0) const {
    const NodeId d = at(2, 0);
    return row(at(0, 0), d, port_to(at(0, 0), at(1, 0)), 0, extra_a) + ", " +
           row(at(0, 0), d, port_to(at(0, 0), at(0, 1)), vc_b, extra_b) + ", " +
           row(at(0, 1), d, port_to(at(0, 1), at(1, 1)), vc_b, extra_b) + ", " +
           row(at(1, 1), d, port_to(at(1, 1), at(1, 0)), vc_b, extra_b) + ", " +
           row(at(1, 0), d, port_to(at(1, 0), at(2, 0)), 0, extra_a);
  }
  std::unique_ptr<Routing> routing(const std::string& text, bool csv = false) const {
    return make_table_routing(net, parse_routing_table(text, csv, "t.json", net), "table(file=t.json)");
  }
};

TEST_F(Adaptive, AnEntryOffersEveryChoiceInTheFilesOrder) {
  const auto r = routing(table2(two_ways()));
  const FaultModel model(net, FaultModelSpec{UnitChoice::Links, default_pairs(net), {}, {}});
  const FaultSet none(model.universe().size());
  RecordingFaultView view(model, FaultKnowledge::Local);
  view.reset(none, 0);
  view.at(at(0, 0));
  Hops hops;
  r->next(at(0, 0), r->start(at(0, 0), at(2, 0), view), at(2, 0), view, hops);
  ASSERT_EQ(hops.size(), 2u);
  EXPECT_EQ(hops[0].port, port_to(at(0, 0), at(1, 0)));
  EXPECT_EQ(hops[1].port, port_to(at(0, 0), at(0, 1)));
  EXPECT_TRUE(r->escape_vcs().empty());  // nothing marked
}

TEST_F(Adaptive, ALoopThroughAChoiceIsTheEnginesQuestion) {
  // (1,0) may deliver or go back west; (0,0) sends it east again: a packet
  // may circle, but need not.  Loaded; the engines find the livelock.
  const NodeId d = at(2, 0);
  const std::string rows = row(at(0, 0), d, port_to(at(0, 0), at(1, 0))) + ", " +
                           row(at(1, 0), d, port_to(at(1, 0), at(2, 0))) + ", " +
                           row(at(1, 0), d, port_to(at(1, 0), at(0, 0)));
  EXPECT_EQ(error(table2(rows)), "");
  const FaultModel model(net, FaultModelSpec{UnitChoice::Links, default_pairs(net), {}, {}});
  const auto loops = routing(table2(rows));
  RouteRunner runner(*loops, model, RunLimits{});
  EXPECT_EQ(runner.run(FaultSet(model.universe().size()), at(0, 0), d, std::nullopt, false).outcome,
            RunOutcome::Livelock);
  // A loop of one-choice entries still has no way out: refused.
  const std::string loop = row(at(0, 0), at(2, 2), port_to(at(0, 0), at(1, 0))) + ", " +
                           row(at(1, 0), at(2, 2), port_to(at(1, 0), at(0, 0)));
  expect_error(table2(loop), {"forwarding loop", "every entry on it has one choice"});
  // A choice that leads where no row routes the packet on is refused.
  const std::string dead = row(at(0, 0), d, port_to(at(0, 0), at(1, 0))) + ", " +
                           row(at(0, 0), d, port_to(at(0, 0), at(0, 1))) + ", " +
                           row(at(1, 0), d, port_to(at(1, 0), at(2, 0)));
  expect_error(table2(dead), {"node " + q(at(0, 1)), "no row routes it on"});
}

TEST_F(Adaptive, EscapeMarksNameWholeVcs) {
  const std::string esc = ", \"escape\": true";
  const auto r = routing(table2(two_ways(esc, "", 1), 2));
  EXPECT_EQ(r->escape_vcs(), (std::vector<bool>{true, false}));
  // A row on VC 0 not marked while others are: refused, with the row named.
  const NodeId d = at(2, 0);
  const std::string partial = row(at(0, 0), d, port_to(at(0, 0), at(1, 0)), 0, esc) + ", " +
                              row(at(1, 0), d, port_to(at(1, 0), at(2, 0)), 0);
  expect_error(table2(partial, 2), {"node " + q(at(1, 0)), "is not marked escape", "other rows mark VC 0 escape"});
  // Version 1 has no escape field.
  expect_error(table(row(at(1, 0), d, port_to(at(1, 0), at(2, 0)), 0, esc)),
               {"the field 'escape' is new in version 2"});
}

// duato-torus as a table (its plain graph has cycles): with VCs 0 and 1
// marked escape the engine proves Duato's condition with the marked set and
// says so; with VC 1 alone marked, that set is not connected, and the engine
// tries no other (the table named its escape channels).
TEST(RoutingTable, TheDeadlockEngineUsesTheMarkedEscapeVcs) {
  Network net(Registry::builtin().build("torus(4,4)"));
  const auto duato = RoutingRegistry::builtin().build("duato-torus", net);
  const FaultModel model(net, FaultModelSpec{UnitChoice::Links, default_pairs(net), {}, {}});
  auto marked = [&](std::vector<std::uint32_t> vcs) {
    RoutingTable t = tabulate_routing(*duato, net).table;
    for (TableRow& r : t.rows) r.escape = std::find(vcs.begin(), vcs.end(), r.vc) != vcs.end();
    RoutingTable back = parse_routing_table(table_text(t, net, false), false, "t", net);
    return make_table_routing(net, std::move(back), "table(file=t)");
  };
  const DeadlockResult both = check_deadlock(*marked({0, 1}), model, DeadlockOptions{});
  EXPECT_EQ(both.status, DeadlockResult::Status::Free);
  EXPECT_NE(both.method.find("escape VCs {0,1} (marked escape by the routing)"), std::string::npos) << both.method;
  DeadlockOptions small;
  small.case_budget = small.schedule_budget = 2'000;
  const DeadlockResult one = check_deadlock(*marked({1}), model, small);
  ASSERT_EQ(one.escape_attempts.size(), 1u);
  EXPECT_NE(one.escape_attempts[0].find("escape VCs {1} (marked escape by the routing): not connected"),
            std::string::npos) << one.escape_attempts[0];
}

TEST_F(Adaptive, CsvCarriesChoicesAndEscapeMarks) {
  RoutingTable t = parse_routing_table(table2(two_ways(", \"escape\": true", "", 1), 2), false, "t.json", net);
  const std::string csv = table_text(t, net, true);
  EXPECT_NE(csv.find("# version: 2"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",escape"), std::string::npos) << csv;
  const RoutingTable back = parse_routing_table(csv, true, "t.csv", net);
  ASSERT_EQ(back.rows.size(), t.rows.size());
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    EXPECT_EQ(back.rows[i].port, t.rows[i].port);
    EXPECT_EQ(back.rows[i].vc, t.rows[i].vc);
    EXPECT_EQ(back.rows[i].escape, t.rows[i].escape);
  }
  // A deterministic table is still written as version 1.
  RoutingTable det = parse_routing_table(table(row(at(1, 0), at(2, 0), port_to(at(1, 0), at(2, 0)))), false, "d", net);
  EXPECT_NE(table_text(det, net, false).find("\"version\": 1"), std::string::npos);
  EXPECT_NE(table_text(det, net, true).find("# version: 1"), std::string::npos);
}

}  // namespace
}  // namespace menger
