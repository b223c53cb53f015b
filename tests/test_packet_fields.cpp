// The routing building blocks: packet-state fields declared with names and
// types (models/packet_fields.h) and the Valiant / UGAL composition with its
// VC-per-hop policy (models/valiant.h).
//
// Where the expected values come from: the texts are the format documented
// in packet_fields.h, written out by hand; the composition is walked on a
// line of routers whose minimal leg is worked by hand (one step left or right
// towards the goal), so every route and VC below is counted on paper.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "models/packet_fields.h"
#include "models/valiant.h"

namespace menger {
namespace {

constexpr ValiantFields kFields{FlagField{0, "route not chosen"}, IdField{1, "via "}};
constexpr CountField kHops{2, "hop(s)"};

StateFields declared() {
  StateFields f;
  f.flag(kFields.choosing).id(kFields.via, [](std::uint32_t i) { return "R" + std::to_string(i); });
  f.count(kHops);
  return f;
}

TEST(PacketFields, ReadAndWriteThroughTheDeclaration) {
  PacketState s;
  EXPECT_FALSE(kFields.choosing(s));
  EXPECT_FALSE(kFields.via(s).has_value());
  kFields.choosing.set(s, true);
  kFields.via.set(s, 0u);  // id 0 is kept as 1: distinct from none
  kHops.add_one(s);
  kHops.add_one(s);
  EXPECT_EQ(s.w[0], 1);
  EXPECT_EQ(s.w[1], 1);
  EXPECT_EQ(s.w[2], 2);
  EXPECT_EQ(kFields.via(s), 0u);
  kFields.via.set(s, std::nullopt);
  EXPECT_EQ(s.w[1], 0);
}

TEST(PacketFields, DescribeShowsTheFieldsInDeclarationOrder) {
  const StateFields f = declared();
  PacketState s;
  EXPECT_EQ(f.describe(s), "0 hop(s)");
  kFields.choosing.set(s, true);
  EXPECT_EQ(f.describe(s), "route not chosen, 0 hop(s)");
  kFields.choosing.set(s, false);
  kFields.via.set(s, 3u);
  kHops.add_one(s);
  EXPECT_EQ(f.describe(s), "via R3, 1 hop(s)");
  s.w[5] = -7;  // a word no field declares
  EXPECT_EQ(f.describe(s), "via R3, 1 hop(s), w5=-7");
  EXPECT_EQ(StateFields().describe(PacketState{}), "-");
}

// The certificates name states by their text (deadlock_sat_check.cpp): two
// states, one text would be refused there, so describe() must be injective,
// values no field would write included.
TEST(PacketFields, DescribeIsInjectiveOnArbitraryWords) {
  const StateFields f = declared();
  std::mt19937 rng(37);
  std::uniform_int_distribution<std::int32_t> word(-3, 3);
  std::set<PacketState> states, all_states;
  std::set<std::string> texts;
  StateFields every = declared();  // and the other kinds on the free words
  every.value(ValueField{3, "SL ", true}).bits(BitsField{4, "dims "});
  every.flag(FlagField{6, "down", "up"}).id(IdField{7, "in ", "injected"}, [](std::uint32_t p) {
    return std::to_string(p);
  });
  std::set<std::string> every_texts;
  for (int i = 0; i < 20000; ++i) {
    PacketState s;
    for (std::size_t k : {0, 1, 2, 5}) s.w[k] = word(rng);
    PacketState t = s;
    for (std::size_t k : {3, 4, 6, 7}) t.w[k] = word(rng);
    every_texts.insert(every.describe(t));
    all_states.insert(t);
    if (!states.insert(s).second) continue;
    EXPECT_TRUE(texts.insert(f.describe(s)).second) << f.describe(s);
  }
  EXPECT_GT(states.size(), 1000u);
  EXPECT_EQ(every_texts.size(), all_states.size());  // as many texts as distinct states
}

TEST(PacketFields, EveryKindShowsItsValueAsDocumented) {
  StateFields f;
  f.flag(FlagField{0, "down", "up"}).value(ValueField{1, "SL "}).value(ValueField{2, "in port ", true});
  f.bits(BitsField{3, "derouted in dimension "}).id(IdField{4, "in port ", "injected"}, [](std::uint32_t p) {
    return std::to_string(p);
  });
  PacketState s;
  EXPECT_EQ(f.describe(s), "up, SL 0, injected");
  s.w[0] = 1;
  s.w[1] = 3;
  s.w[2] = 5;
  BitsField{3, ""}.add(s, 0);
  BitsField{3, ""}.add(s, 2);
  IdField{4, ""}.set(s, 7u);
  EXPECT_EQ(f.describe(s), "down, SL 3, in port 5, derouted in dimension 1,3, in port 7");
  s.w[0] = 2;   // no flag the routing writes, shown exactly
  s.w[3] = -1;  // all 32 bits
  EXPECT_EQ(f.describe(s).substr(0, 22), "down #2, SL 3, in port");
  EXPECT_NE(f.describe(s).find("1,2,3,4,5,6,7,8,9,10"), std::string::npos);
}

TEST(PacketFields, TwoFieldsOnOneWordAreRefused) {
  StateFields f;
  f.count(CountField{2, "hop(s)"});
  EXPECT_THROW(f.flag(FlagField{2, "again"}), InternalError);
  EXPECT_THROW(f.count(CountField{PacketState::kWords, "beyond"}), InternalError);
}

// Routers 0..n-1 on a line; the minimal leg steps one router towards its
// goal, port 1 to the right and port 0 to the left; every hop counts.
class LineLegs final : public MinimalLegs {
 public:
  explicit LineLegs(std::uint32_t n) : n_(n) {}
  std::uint32_t intermediates() const override { return n_; }
  bool may_serve(std::uint32_t i, NodeId here, NodeId target) const override { return i != here && i != target; }
  Step step(NodeId here, std::optional<std::uint32_t> via, NodeId target) const override {
    const NodeId goal = via ? *via : target;
    const NodeId next = goal > here ? here + 1 : here - 1;
    return {goal > here ? PortId{1} : PortId{0}, via && next == goal, true};
  }

 private:
  std::uint32_t n_;
};

// The composition reads no faults without skip_unusable.
class NoFaults final : public FaultView {
 public:
  const Network& network() const override { throw InternalError("no network here"); }
  bool node_faulty(NodeId) override { throw InternalError("read a node"); }
  bool link_faulty(LinkId) override { throw InternalError("read a link"); }
  bool faulty_nodes_at_least(std::span<const NodeId>, std::uint32_t) override { throw InternalError("read a region"); }
};

ValiantRouter router(const LineLegs& legs, PathChoice choice, std::uint32_t vcs) {
  return ValiantRouter(legs, choice, kFields, VcPerHop{kHops, vcs}, false);
}

// Every route from `from` to `target`: the routers it visits and its VCs.
std::set<std::pair<std::vector<NodeId>, std::vector<std::uint32_t>>> routes(const ValiantRouter& r, NodeId from,
                                                                              NodeId target) {
  NoFaults faults;
  std::set<std::pair<std::vector<NodeId>, std::vector<std::uint32_t>>> done;
  std::vector<std::tuple<NodeId, PacketState, std::vector<NodeId>, std::vector<std::uint32_t>>> open{
      {from, r.start(), {from}, {}}};
  while (!open.empty()) {
    auto [here, state, nodes, vcs] = open.back();
    open.pop_back();
    if (here == target && !kFields.via(state) && !kFields.choosing(state)) {
      done.insert({nodes, vcs});
      continue;
    }
    EXPECT_LT(nodes.size(), 20u);
    if (nodes.size() >= 20) continue;
    Hops out;
    r.next(here, state, target, faults, out);
    for (const Hop& h : out) {
      const NodeId next = h.port == 1 ? here + 1 : here - 1;
      auto n = nodes, v = vcs;
      n.push_back(next);
      v.push_back(h.vc);
      open.emplace_back(next, h.state, n, v);
    }
  }
  return done;
}

TEST(ValiantComposition, MinimalTakesTheLegAlone) {
  const LineLegs legs(5);
  const auto r = routes(router(legs, PathChoice::Minimal, 2), 0, 3);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r.begin()->first, (std::vector<NodeId>{0, 1, 2, 3}));
  EXPECT_EQ(r.begin()->second, (std::vector<std::uint32_t>{0, 1, 1}));  // VC min(hops taken, vcs - 1)
}

TEST(ValiantComposition, ValiantOffersEveryIntermediateThatMayServe) {
  const LineLegs legs(5);
  const auto r = routes(router(legs, PathChoice::Valiant, 3), 1, 3);
  using Route = std::pair<std::vector<NodeId>, std::vector<std::uint32_t>>;
  const std::set<Route> expected{
      {{1, 0, 1, 2, 3}, {0, 1, 2, 2}},        // via 0
      {{1, 2, 3}, {0, 1}},                    // via 2: on the way
      {{1, 2, 3, 4, 3}, {0, 1, 2, 2}},        // via 4
  };
  EXPECT_EQ(r, expected);
}

TEST(ValiantComposition, UgalAddsTheMinimalRoute) {
  const LineLegs legs(5);
  auto valiant = routes(router(legs, PathChoice::Valiant, 3), 1, 3);
  valiant.insert(*routes(router(legs, PathChoice::Minimal, 3), 1, 3).begin());
  // The minimal route and the one via router 2 visit the same routers on the
  // same VCs: the same route, offered twice by UGAL, counted once here.
  EXPECT_EQ(routes(router(legs, PathChoice::Ugal, 3), 1, 3), valiant);
}

TEST(ValiantComposition, NoIntermediateMeansTheMinimalRoute) {
  const LineLegs legs(2);  // routers 0 and 1 only: nothing between or beside
  const auto r = routes(router(legs, PathChoice::Valiant, 4), 0, 1);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r.begin()->first, (std::vector<NodeId>{0, 1}));
}

TEST(ValiantComposition, TheIntermediateIsForgottenOnTheHopThatEntersIt) {
  const LineLegs legs(5);
  const ValiantRouter r = router(legs, PathChoice::Valiant, 4);
  NoFaults faults;
  Hops out;
  r.next(1, r.start(), 3, faults, out);
  ASSERT_EQ(out.size(), 3u);  // via 0, 2, 4 in order
  EXPECT_FALSE(kFields.via(out[0].state).has_value());  // 1 -> 0 enters router 0
  EXPECT_FALSE(kFields.via(out[1].state).has_value());  // 1 -> 2 enters router 2
  EXPECT_EQ(kFields.via(out[2].state), 4u);             // 1 -> 2 on the way to 4
  for (const Hop& h : out) EXPECT_FALSE(kFields.choosing(h.state));
  EXPECT_EQ(out[0].state, out[1].state);  // the same state whatever the intermediate was
}

}  // namespace
}  // namespace menger
