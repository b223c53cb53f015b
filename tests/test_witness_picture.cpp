// Witness pictures of the HTML report (claims/witness_picture.h): the marks
// read from each witness format, hostile witnesses, and big networks drawn
// around the witness.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "claims/runner.h"
#include "claims/witness_picture.h"
#include "models/registry.h"
#include "scratch_dir.h"

namespace menger {
namespace {

Network build(const std::string& spec) { return Network(Registry::builtin().build(spec)); }

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A route witness the engine wrote: every faulty node and the route's first
// node are marked, and the DOT colours exactly the faulty nodes red.
TEST(WitnessPicture, ARouteWitnessFromTheEngineMarksItsFaultsAndRoute) {
  testing::ScratchDir dir("menger_picture_");
  std::ofstream(dir.path() / "c.toml") << R"TOML(
title = "t"
statement = "s"
[source]
paper = "own"
where = "test"
[property]
kind = "route-tolerance"
routing = "dor"
faults = "nodes"
tolerates_at_least = 1
excuse_disconnected = true
[[instance]]
model = "torus(4,4)"
expect = "fails"
)TOML";
  const ProveReport r = prove({dir.path()}, {});
  ASSERT_EQ(r.instances(), 1u);
  const auto& fails = std::get<Fails>(r.claims[0].instances[0].result->verdict);
  const Network net = build("torus(4,4)");
  const WitnessMarks m = read_witness_marks(net, fails.witness);
  EXPECT_TRUE(m.unresolved.empty());
  EXPECT_EQ(m.faulty_nodes.size(), fails.witness["fault_set"].size());
  ASSERT_FALSE(m.route.empty());
  EXPECT_EQ(net.label(m.route.front()), fails.witness["source"]);
  EXPECT_EQ(m.ends.size(), 2u);
  std::string caption;
  const std::string dot = witness_dot(net, m, 400, caption);
  EXPECT_EQ(count(dot, "class=faulty"), m.faulty_nodes.size());
  EXPECT_EQ(count(dot, " [label="), 16u);
  EXPECT_NE(caption.find("whole network, 16 nodes"), std::string::npos);
}

// Hand-worked deadlock witness on the 4-node ring: a channel [node, port, vc]
// is the link out of that port; a faulty link is found by its label.
TEST(WitnessPicture, DeadlockChannelsAreTheLinksOutOfTheirPorts) {
  const Network net = build("torus(4)");
  const NodeId a = *net.find_node("(0)");
  const PortId p = 0;
  const NodeId b = net.port(a, p).peer;
  const std::string link = net.link_label(net.port(a, p).link);
  nlohmann::json faults = nlohmann::json::object();
  faults["set"] = nlohmann::json::array({link});
  const nlohmann::json w = {
      {"faults", faults},
      {"packets", {{{"channel", {"(0)", p, 0}}, {"requests", nlohmann::json::array({nlohmann::json::array({net.label(b), 0, 0})})}}}}};
  const WitnessMarks m = read_witness_marks(net, w);
  ASSERT_EQ(m.held.size(), 1u) << w.dump();
  EXPECT_EQ(m.held[0], std::make_pair(a, b));
  EXPECT_EQ(m.requested.size(), 1u);
  EXPECT_EQ(m.faulty_links.size(), 1u);
  EXPECT_TRUE(m.unresolved.empty());
}

// Garbage gives no marks and no crash: wrong types, ports out of range,
// labels the network does not have (named in `unresolved`).
TEST(WitnessPicture, HostileWitnessesGiveNoMarksAndNoCrash) {
  const Network net = build("torus(3,3)");
  for (const char* text :
       {R"J(null)J", R"J([1,2,3])J", R"J({"fault_set": 7})J", R"J({"fault_set": [1, null, {}]})J",
        R"J({"packets": [{"channel": ["(0,0)", 99, 0]}, {"channel": [5]}, 3, {"channel": ["(0,0)", -1]}]})J",
        R"J({"trace": [{"node": 4}, "x", {"nodes": "(0,0)"}]})J", R"J({"separates": "(0,0)"})J",
        R"J({"faults": {"set": ["(9,9)"]}, "source": "nowhere"})J"}) {
    const WitnessMarks m = read_witness_marks(net, nlohmann::json::parse(text));
    EXPECT_TRUE(m.held.empty() && m.faulty_nodes.empty() && m.route.empty()) << text;
    std::string caption;
    EXPECT_NO_THROW(witness_dot(net, m, 400, caption)) << text;
  }
  const WitnessMarks m = read_witness_marks(net, nlohmann::json::parse(R"J({"faults": {"set": ["(9,9)"]}})J"));
  ASSERT_EQ(m.unresolved.size(), 1u);
  EXPECT_EQ(m.unresolved[0], "(9,9)");
}

// A network over the limit is drawn as the witness's nodes and their
// neighbours, and the caption says so.
TEST(WitnessPicture, BigNetworksAreDrawnAroundTheWitness) {
  const Network net = build("torus(30,30)");
  const nlohmann::json w = {{"fault_set", {"(5,5)"}}, {"source", "(0,0)"}, {"destination", "(10,0)"}};
  const WitnessMarks m = read_witness_marks(net, w);
  std::string caption;
  const std::string dot = witness_dot(net, m, 400, caption);
  EXPECT_EQ(count(dot, " [label="), 15u);  // 3 marked nodes and their 4 neighbours each
  EXPECT_NE(caption.find("15 of 900 nodes"), std::string::npos) << caption;
  EXPECT_EQ(count(dot, "class=faulty"), 1u);
}

}  // namespace
}  // namespace menger
