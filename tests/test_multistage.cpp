// The multipath multistage networks of 001 (Chong, Egozy and DeHon) against
// the paper: sections 2-5, Figures 1-6 and Table 1.
//
// Facts are checked on the graph only (which node feeds which), never on the
// model's port numbering or router order, except where a test says so:
// completeness is a directed search that never relays through an endpoint
// (section 1: "some non-faulty path between every pair of network endpoints"),
// and a router's equivalence class (section 3) is the set of destinations it
// can still reach.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/multistage.h"
#include "models/registry.h"
#include "verify/structure/distances.h"

namespace menger {
namespace {

struct Min {
  std::shared_ptr<const Multistage> min;
  std::unique_ptr<Network> net;
  std::vector<NodeId> ends;             // node of endpoint "E<i>"
  std::vector<std::uint32_t> number;    // endpoint number of a node (endpoints only)
  std::uint32_t stages() const { return min->params().stages; }
  std::uint32_t endpoints() const { return min->endpoints(); }
};

Min make(const std::string& spec) {
  auto topology = Registry::builtin().build(spec);
  Min m{std::dynamic_pointer_cast<const Multistage>(topology), std::make_unique<Network>(topology), {}, {}};
  EXPECT_TRUE(m.min) << spec;
  m.number.assign(m.net->num_nodes(), UINT32_MAX);
  for (std::uint32_t i = 0; i < m.endpoints(); ++i) {
    const NodeId e = m.net->find_node("E" + std::to_string(i)).value();
    EXPECT_EQ(m.net->kind(e), NodeKind::Endpoint);
    m.ends.push_back(e);
    m.number[e] = i;
  }
  return m;
}

std::string min_spec(std::uint32_t stages, std::uint32_t radix, const std::string& wiring) {
  return "min(stages=" + std::to_string(stages) + ", radix=" + std::to_string(radix) + ", wiring=" + wiring + ")";
}

const std::vector<std::string> kWirings = {"non_interwired", "replicated", "random", "deterministic"};
const std::vector<std::string> kInterwired = {"random", "deterministic"};

std::vector<NodeId> routers(const Min& m, std::uint32_t stage) {
  std::vector<NodeId> r;
  for (std::uint32_t i = 0; i < m.min->routers_in_stage(stage); ++i) r.push_back(m.min->router(stage, i));
  return r;
}

// ---------------------------------------------------------------------------
// Reachability through routers only.

// Endpoint numbers `source` reaches, never relaying through an endpoint;
// `dead` marks failed routers.
std::vector<bool> reached_from(const Min& m, NodeId source, const std::vector<bool>& dead) {
  const Network& net = *m.net;
  std::vector<bool> seen(net.num_nodes(), false), reached(m.endpoints(), false);
  std::vector<NodeId> queue{source};
  for (std::size_t head = 0; head < queue.size(); ++head)
    for (NodeId w : net.out_neighbors(queue[head])) {
      if (dead[w] || seen[w]) continue;
      seen[w] = true;
      if (net.forwards(w)) queue.push_back(w);
      else reached[m.number[w]] = true;
    }
  return reached;
}

// First (source, destination) pair that is cut, or none.
std::optional<std::pair<std::uint32_t, std::uint32_t>> cut_pair(const Min& m, const std::vector<bool>& dead) {
  for (std::uint32_t s = 0; s < m.endpoints(); ++s) {
    const auto reached = reached_from(m, m.ends[s], dead);
    for (std::uint32_t t = 0; t < m.endpoints(); ++t)
      if (!reached[t]) return std::make_pair(s, t);
  }
  return std::nullopt;
}

std::string describe(const std::optional<std::pair<std::uint32_t, std::uint32_t>>& cut) {
  return cut ? "E" + std::to_string(cut->first) + " cannot reach E" + std::to_string(cut->second) : "complete";
}

std::vector<bool> none_dead(const Min& m) { return std::vector<bool>(m.net->num_nodes(), false); }

// Single faults: every package, and every router in no package (001 section 4).
std::vector<std::vector<NodeId>> components(const Min& m) {
  std::vector<std::vector<NodeId>> units;
  std::vector<bool> packaged(m.net->num_nodes(), false);
  for (const Component& c : m.net->packages()) {
    units.push_back(c.nodes);
    for (NodeId v : c.nodes) packaged[v] = true;
  }
  for (NodeId v = 0; v < m.net->num_nodes(); ++v)
    if (m.net->forwards(v) && !packaged[v]) units.push_back({v});
  return units;
}

// Destinations each router can reach (its equivalence class of section 3).
std::map<NodeId, std::set<std::uint32_t>> destination_sets(const Min& m) {
  std::map<NodeId, std::set<std::uint32_t>> sets;
  const auto dead = none_dead(m);
  for (std::uint32_t s = 1; s <= m.stages(); ++s)
    for (NodeId r : routers(m, s)) {
      const auto reached = reached_from(m, r, dead);
      for (std::uint32_t t = 0; t < m.endpoints(); ++t)
        if (reached[t]) sets[r].insert(t);
    }
  return sets;
}

// ---------------------------------------------------------------------------
// Sizes: section 4 and Table 1.

TEST(Multistage, EndpointCountsOfSection4) {
  for (const std::string& w : kWirings) {
    EXPECT_EQ(make(min_spec(3, 4, w)).endpoints(), 64u) << w;
    EXPECT_EQ(make(min_spec(4, 4, w)).endpoints(), 256u) << w;
  }
}

// Table 1 "Total # Comp.": 48 / 96 / 48 / 48 (3 stages) and 256 / 512 / 256 / 256.
TEST(Multistage, ComponentCountsOfTable1) {
  const std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> table = {
      {"non_interwired", {48, 256}}, {"replicated", {96, 512}}, {"random", {48, 256}}, {"deterministic", {48, 256}}};
  for (const auto& [w, counts] : table) {
    EXPECT_EQ(make(min_spec(3, 4, w)).net->num_components(), counts.first) << w;
    EXPECT_EQ(make(min_spec(4, 4, w)).net->num_components(), counts.second) << w;
  }
}

// Section 4: "Each endpoint has two connections to and from the network";
// they lead to the first stage and come from the last.
TEST(Multistage, EachEndpointHasTwoInputsAndTwoOutputs) {
  for (std::uint32_t stages : {3u, 4u})
    for (const std::string& w : kWirings) {
      const Min m = make(min_spec(stages, 4, w));
      for (NodeId e : m.ends) {
        ASSERT_EQ(m.net->out_neighbors(e).size(), 2u) << w << " " << m.net->label(e);
        ASSERT_EQ(m.net->in_neighbors(e).size(), 2u) << w << " " << m.net->label(e);
        for (NodeId r : m.net->out_neighbors(e)) EXPECT_EQ(m.min->stage_of(r), 1u);
        for (NodeId r : m.net->in_neighbors(e)) EXPECT_EQ(m.min->stage_of(r), stages);
      }
    }
}

// Section 2.1: crossbars with as many inputs as outputs, radix x dilation of
// each; section 3.3: dilation-1 routers in the interwired networks' last stage
// ("8-input, radix-4, dilation-2" or "4-input, radix-4, dilation-1", RN1).
// Every wire goes from one stage to the next.
TEST(Multistage, RoutersAreFullyWiredCrossbarsBetweenAdjacentStages) {
  for (const std::string& w : kWirings) {
    const Min m = make(min_spec(3, 4, w));
    for (std::uint32_t s = 1; s <= 3; ++s) {
      const bool small = w == "replicated" || (s == 3 && (w == "random" || w == "deterministic"));
      const std::size_t ports = small ? 4 : 8;
      for (NodeId r : routers(m, s)) {
        ASSERT_EQ(m.net->out_neighbors(r).size(), ports) << w << " " << m.net->label(r);
        ASSERT_EQ(m.net->in_neighbors(r).size(), ports) << w << " " << m.net->label(r);
        for (NodeId v : m.net->out_neighbors(r)) EXPECT_EQ(m.min->stage_of(v), s == 3 ? 0u : s + 1) << w;
        for (NodeId v : m.net->in_neighbors(r)) EXPECT_EQ(m.min->stage_of(v), s - 1) << w;
      }
    }
  }
}

// Same hardware: 128 wires enter and leave each 3-stage network.
TEST(Multistage, RouterCountsPerStage) {
  const std::map<std::string, std::vector<std::uint32_t>> expected = {
      {"non_interwired", {16, 16, 16}}, {"replicated", {32, 32, 32}}, {"random", {16, 16, 32}},
      {"deterministic", {16, 16, 32}}};
  for (const auto& [w, counts] : expected) {
    const Min m = make(min_spec(3, 4, w));
    for (std::uint32_t s = 1; s <= 3; ++s) EXPECT_EQ(m.min->routers_in_stage(s), counts[s - 1]) << w << " stage " << s;
  }
}

// ---------------------------------------------------------------------------
// Completeness and equivalence classes (sections 1 and 3).

TEST(Multistage, EveryNetworkIsComplete) {
  for (std::uint32_t stages : {3u, 4u})
    for (const std::string& w : kWirings) {
      const Min m = make(min_spec(stages, 4, w));
      const auto cut = cut_pair(m, none_dead(m));
      EXPECT_FALSE(cut) << w << " " << stages << " stages: " << describe(cut);
      // The library's distance engine agrees; every path crosses each stage once.
      const DistanceSummary d = terminal_distances(*m.net);
      EXPECT_EQ(d.unreachable, 0u) << w;
      EXPECT_EQ(d.diameter, stages + 1) << w;
      EXPECT_EQ(d.distance_sum, d.pairs * (stages + 1)) << w;
    }
}

// Section 3: "each stage ... routes by successively subdividing the set of
// possible destinations into a number of equivalence classes equal to the
// radix".  At stage s the routers' destination sets are r^(s-1) disjoint
// classes of r^(stages-s+1) destinations, each served by as many routers.
TEST(Multistage, StagesSubdivideTheDestinationsByTheRadix) {
  for (const std::string& w : kWirings) {
    const Min m = make(min_spec(3, 4, w));
    const auto sets = destination_sets(m);
    std::uint32_t classes = 1;
    for (std::uint32_t s = 1; s <= 3; ++s, classes *= 4) {
      std::map<std::set<std::uint32_t>, std::uint32_t> routers_of;
      for (NodeId r : routers(m, s)) ++routers_of[sets.at(r)];
      EXPECT_EQ(routers_of.size(), classes) << w << " stage " << s;
      std::set<std::uint32_t> covered;
      for (const auto& [dests, count] : routers_of) {
        EXPECT_EQ(dests.size(), 64u / classes) << w << " stage " << s;
        EXPECT_EQ(count, m.min->routers_in_stage(s) / classes) << w << " stage " << s;
        covered.insert(dests.begin(), dests.end());
      }
      EXPECT_EQ(covered.size(), 64u) << w << " stage " << s;  // disjoint classes covering all
    }
  }
}

// ---------------------------------------------------------------------------
// Section 3.1: non-interwired.  "connect all outputs in a given logical
// direction to the same physical routing component"; section 5: "every
// component in this network is in some critical path between two endpoints,
// it cannot sustain a single component fault".

TEST(Multistage, NonInterwiredDuplicatesEveryWire) {
  const Min m = make(min_spec(3, 4, "non_interwired"));
  for (NodeId v = 0; v < m.net->num_nodes(); ++v) {
    std::map<NodeId, int> copies;
    for (NodeId w : m.net->out_neighbors(v)) ++copies[w];
    for (const auto& [w, n] : copies) EXPECT_EQ(n, 2) << m.net->label(v) << " -> " << m.net->label(w);
  }
}

TEST(Multistage, NonInterwiredCannotSustainAnyRouterFault) {
  for (std::uint32_t stages : {3u, 4u}) {
    const Min m = make(min_spec(stages, 4, "non_interwired"));
    for (NodeId v = 0; v < m.net->num_nodes(); ++v) {
      if (!m.net->forwards(v)) continue;
      auto dead = none_dead(m);
      dead[v] = true;
      EXPECT_TRUE(cut_pair(m, dead)) << "removing " << m.net->label(v) << " leaves the network complete";
    }
  }
}

// ---------------------------------------------------------------------------
// Section 3.2: replicated.  Dilation-1 single-path bidelta networks, "each
// endpoint gets one connection to and from each"; section 5: "exactly as many
// paths through the network as there are connections to each endpoint".

// Connected components of the router-only graph, links taken both ways.
std::vector<int> planes(const Min& m) {
  std::vector<int> plane(m.net->num_nodes(), -1);
  int count = 0;
  for (NodeId start = 0; start < m.net->num_nodes(); ++start) {
    if (!m.net->forwards(start) || plane[start] >= 0) continue;
    std::vector<NodeId> stack{start};
    plane[start] = count;
    while (!stack.empty()) {
      const NodeId v = stack.back();
      stack.pop_back();
      auto visit = [&](NodeId w) {
        if (m.net->forwards(w) && plane[w] < 0) {
          plane[w] = count;
          stack.push_back(w);
        }
      };
      for (NodeId w : m.net->out_neighbors(v)) visit(w);
      for (NodeId w : m.net->in_neighbors(v)) visit(w);
    }
    ++count;
  }
  return plane;
}

TEST(Multistage, ReplicatedIsTwoDisjointPlanes) {
  for (std::uint32_t stages : {3u, 4u}) {
    const Min m = make(min_spec(stages, 4, "replicated"));
    const auto plane = planes(m);
    EXPECT_EQ(*std::max_element(plane.begin(), plane.end()), 1) << stages;
    for (std::uint32_t s = 1; s <= stages; ++s) {
      std::uint32_t in_plane0 = 0;
      for (NodeId r : routers(m, s)) in_plane0 += plane[r] == 0;
      EXPECT_EQ(2 * in_plane0, m.min->routers_in_stage(s)) << "stage " << s;
    }
    for (NodeId e : m.ends) {
      auto out = m.net->out_neighbors(e), in = m.net->in_neighbors(e);
      EXPECT_NE(plane[out[0]], plane[out[1]]) << m.net->label(e);
      EXPECT_NE(plane[in[0]], plane[in[1]]) << m.net->label(e);
    }
  }
}

// Number of router paths from endpoint `source` to every endpoint, wires counted separately.
std::vector<std::uint64_t> path_counts(const Min& m, NodeId source) {
  std::vector<std::uint64_t> paths(m.net->num_nodes(), 0), to(m.endpoints(), 0);
  for (NodeId r : m.net->out_neighbors(source)) ++paths[r];
  for (std::uint32_t s = 1; s <= m.stages(); ++s)
    for (NodeId r : routers(m, s))
      for (NodeId w : m.net->out_neighbors(r)) {
        if (m.net->forwards(w)) paths[w] += paths[r];
        else to[m.number[w]] += paths[r];
      }
  return to;
}

TEST(Multistage, ReplicatedHasExactlyTwoPathsPerPair) {
  const Min m = make(min_spec(3, 4, "replicated"));
  for (NodeId e : m.ends)
    for (std::uint64_t n : path_counts(m, e)) ASSERT_EQ(n, 2u) << m.net->label(e);
}

// "As long as each pair of endpoints is connected by a path in at least one of
// the networks, the replicated network will remain complete": one fault never
// cuts it.
TEST(Multistage, ReplicatedSurvivesEverySingleFault) {
  const Min m = make(min_spec(3, 4, "replicated"));
  for (const auto& unit : components(m)) {
    auto dead = none_dead(m);
    for (NodeId v : unit) dead[v] = true;
    EXPECT_FALSE(cut_pair(m, dead)) << m.net->label(unit.front());
  }
}

// ---------------------------------------------------------------------------
// Sections 3.3 and 4: interwired networks.

// "We constrain every router to send its redundant output paths to physically
// distinct components in the next stage"; "the input connections from any
// endpoint connect to distinct components"; dilation-1 last-stage routers
// "maximize the number of distinct components that provide outputs ... to each
// endpoint".
TEST(Multistage, InterwiredWiresGoToDistinctRouters) {
  for (std::uint32_t stages : {3u, 4u})
    for (const std::string& w : kInterwired) {
      const Min m = make(min_spec(stages, 4, w));
      for (NodeId v = 0; v < m.net->num_nodes(); ++v) {
        if (m.min->stage_of(v) == stages) continue;  // its outputs are endpoints
        auto out = m.net->out_neighbors(v);
        EXPECT_EQ(std::set<NodeId>(out.begin(), out.end()).size(), out.size()) << w << " " << m.net->label(v);
      }
      for (NodeId e : m.ends) {
        auto in = m.net->in_neighbors(e);
        EXPECT_NE(in[0], in[1]) << w << " " << m.net->label(e);
      }
    }
}

std::map<NodeId, std::size_t> package_of(const Network& net) {
  std::map<NodeId, std::size_t> p;
  for (std::size_t i = 0; i < net.packages().size(); ++i)
    for (NodeId v : net.packages()[i].nodes) p[v] = i;
  return p;
}

// Section 4: "we assign two such routers to one physical component package".
TEST(Multistage, InterwiredPackagesPairTheLastStageRouters) {
  for (std::uint32_t stages : {3u, 4u})
    for (const std::string& w : kInterwired) {
      const Min m = make(min_spec(stages, 4, w));
      const auto package = package_of(*m.net);
      EXPECT_EQ(package.size(), m.min->routers_in_stage(stages)) << w;
      for (const Component& c : m.net->packages()) {
        EXPECT_EQ(c.nodes.size(), 2u) << w << " " << c.label;
        for (NodeId v : c.nodes) EXPECT_EQ(m.min->stage_of(v), stages) << w << " " << c.label;
      }
      for (NodeId e : m.ends) {  // an endpoint's two outputs come from two packages
        auto in = m.net->in_neighbors(e);
        EXPECT_NE(package.at(in[0]), package.at(in[1])) << w << " " << m.net->label(e);
      }
    }
}

// Section 4: "removing any such pair will not cut off an endpoint"; section
// 3.3: with dilation-1 last stages no single component failure renders the
// network incomplete (Figure 5: "to prevent any single component from being in
// an endpoint's critical path").
TEST(Multistage, InterwiredSurviveEverySingleComponentFault) {
  for (std::uint32_t stages : {3u, 4u})
    for (const std::string& w : kInterwired) {
      const Min m = make(min_spec(stages, 4, w));
      for (const auto& unit : components(m)) {
        auto dead = none_dead(m);
        for (NodeId v : unit) dead[v] = true;
        const auto cut = cut_pair(m, dead);
        EXPECT_FALSE(cut) << w << " " << stages << " stages without " << m.net->label(unit.front()) << ": "
                          << describe(cut);
      }
    }
}

// Section 3.3: "if dilation-1 routers were not used, a single component
// failure in the network could render the network incomplete".  With a
// dilation-2 last stage an endpoint's class there is one 8-input router
// (4 endpoints x 2 wires), so exactly the last-stage routers are critical.
TEST(Multistage, DilatedLastStageMakesItsRoutersCritical) {
  for (const std::string& w : kInterwired) {
    const Min m = make("min(stages=3, radix=4, wiring=" + w + ", last_dilation=2)");
    EXPECT_TRUE(m.net->packages().empty()) << w;
    for (const auto& unit : components(m)) {
      auto dead = none_dead(m);
      dead[unit.front()] = true;
      EXPECT_EQ(cut_pair(m, dead).has_value(), m.min->stage_of(unit.front()) == 3)
          << w << " without " << m.net->label(unit.front());
    }
  }
}

// ---------------------------------------------------------------------------
// Section 3.4: deterministic wiring gives maximum path expansion.  From one
// endpoint towards one destination the paths can fan out by at most a factor
// 2 per stage (two endpoint connections, then dilation 2), and never beyond
// the routers of the destination's equivalence class at that stage: at stage
// s they can use at most min(2^s, class size) routers.  Figure 6 reaches that
// bound for every pair ("Each endpoint will have the maximum number of
// redundant paths possible").

// For one source: [t][s] = routers of stage s on some path source -> t, and
// the size of t's equivalence class at stage s.
struct Expansion {
  std::vector<std::vector<std::uint32_t>> used, class_size;
};

Expansion expansion(const Min& m, NodeId source, const std::map<NodeId, std::set<std::uint32_t>>& sets) {
  const std::vector<std::uint32_t> zeros(m.stages() + 1, 0);
  Expansion x{std::vector(m.endpoints(), zeros), std::vector(m.endpoints(), zeros)};
  std::vector<bool> seen(m.net->num_nodes(), false);  // routers reachable from source
  std::vector<NodeId> queue{source};
  for (std::size_t head = 0; head < queue.size(); ++head)
    for (NodeId w : m.net->out_neighbors(queue[head]))
      if (m.net->forwards(w) && !seen[w]) {
        seen[w] = true;
        queue.push_back(w);
      }
  for (std::uint32_t s = 1; s <= m.stages(); ++s)
    for (NodeId r : routers(m, s))
      for (std::uint32_t t : sets.at(r)) {
        ++x.class_size[t][s];
        x.used[t][s] += seen[r];
      }
  return x;
}

void expect_maximum_path_expansion(const std::string& spec) {
  const Min m = make(spec);
  const auto sets = destination_sets(m);
  for (NodeId e : m.ends) {
    const Expansion x = expansion(m, e, sets);
    for (std::uint32_t t = 0; t < m.endpoints(); ++t)
      for (std::uint32_t s = 1; s <= m.stages(); ++s)
        ASSERT_EQ(x.used[t][s], std::min(1u << s, x.class_size[t][s]))
            << spec << ": " << m.net->label(e) << " -> E" << t << " stage " << s;
  }
}

TEST(Multistage, DeterministicGivesMaximumPathExpansion) {
  expect_maximum_path_expansion(min_spec(3, 4, "deterministic"));
  expect_maximum_path_expansion(min_spec(4, 4, "deterministic"));
  expect_maximum_path_expansion(min_spec(4, 2, "deterministic"));  // Figure 1
}

// The bound itself holds for every wiring; random wiring may stay below it.
TEST(Multistage, NoWiringExceedsThePathExpansionBound) {
  for (const std::string w : {"random", "non_interwired"}) {
    const Min m = make(min_spec(3, 4, w));
    const auto sets = destination_sets(m);
    for (NodeId e : m.ends) {
      const Expansion x = expansion(m, e, sets);
      for (std::uint32_t t = 0; t < m.endpoints(); ++t)
        for (std::uint32_t s = 1; s <= 3; ++s) EXPECT_LE(x.used[t][s], std::min(1u << s, x.class_size[t][s])) << w;
    }
  }
}

// Section 5: "the grouping of endpoint connections" of the deterministic
// network.  Figure 6 at the endpoint stage (groupsz(0) = 1, groupsz(1) = 2):
// endpoint n wires to routers 2 floor(n / (radix x dilation)) + {0, 1}, so
// endpoints in one block of radix x dilation share both first-stage routers
// and other blocks share none.
TEST(Multistage, DeterministicGroupsTheEndpointConnections) {
  for (std::uint32_t radix : {2u, 4u}) {
    const Min m = make(min_spec(3, radix, "deterministic"));
    const std::uint32_t block = radix * 2;
    auto routers_of = [&](std::uint32_t n) {
      auto out = m.net->out_neighbors(m.ends[n]);
      return std::set<NodeId>(out.begin(), out.end());
    };
    for (std::uint32_t a = 0; a < m.endpoints(); ++a)
      for (std::uint32_t b = 0; b < m.endpoints(); ++b) {
        if (a / block == b / block) {
          EXPECT_EQ(routers_of(a), routers_of(b)) << "E" << a << " E" << b;
        } else {
          for (NodeId r : routers_of(a)) EXPECT_FALSE(routers_of(b).count(r)) << "E" << a << " E" << b;
        }
      }
  }
}

// ---------------------------------------------------------------------------
// Random wiring is a function of its seed.

std::vector<std::pair<NodeId, PortId>> wiring_of(const Min& m) {
  std::vector<std::pair<NodeId, PortId>> w;
  for (NodeId v = 0; v < m.net->num_nodes(); ++v)
    for (const PortSlot& p : m.net->ports(v)) w.emplace_back(p.peer, p.peer_port);
  return w;
}

TEST(Multistage, SameSeedSameWiringOtherSeedOtherWiring) {
  const auto seven = wiring_of(make("min(stages=3, radix=4, wiring=random, seed=7)"));
  EXPECT_EQ(seven, wiring_of(make("min(stages=3, radix=4, wiring=random, seed=7)")));
  EXPECT_NE(seven, wiring_of(make("min(stages=3, radix=4, wiring=random, seed=8)")));
  EXPECT_EQ(wiring_of(make("min(stages=3, radix=4, wiring=random)")),
            wiring_of(make("min(stages=3, radix=4, wiring=random, seed=1)")));
  EXPECT_NE(make("min(stages=3, radix=4, wiring=random)").min->spec().find("seed=1"), std::string::npos);
}

// Every seed must still give a network with the properties of section 3.3.
TEST(Multistage, EverySeedGivesAValidInterwiredNetwork) {
  for (int seed = 2; seed <= 6; ++seed) {
    const Min m = make("min(stages=3, radix=4, wiring=random, seed=" + std::to_string(seed) + ")");
    EXPECT_FALSE(cut_pair(m, none_dead(m))) << seed;
    for (std::uint32_t s = 1; s < 3; ++s)
      for (NodeId r : routers(m, s)) {
        auto out = m.net->out_neighbors(r);
        EXPECT_EQ(std::set<NodeId>(out.begin(), out.end()).size(), out.size()) << seed << " " << m.net->label(r);
      }
  }
}

// ---------------------------------------------------------------------------
// Figures 1-5: 16 endpoints, radix 2, four stages.

TEST(Multistage, SixteenEndpointNetworksOfFigures1To5) {
  struct Figure {
    std::string wiring;
    std::vector<std::uint32_t> routers;  // per stage
    std::vector<std::size_t> ports;      // inputs = outputs of a router, per stage
  };
  const std::vector<Figure> figures = {
      {"deterministic", {8, 8, 8, 16}, {4, 4, 4, 2}},   // Figure 1: 4x2 dilation-2, last stage 2x2 dilation-1
      {"non_interwired", {8, 8, 8, 8}, {4, 4, 4, 4}},   // Figure 2: 4x2 dilation-2 throughout
      {"replicated", {16, 16, 16, 16}, {2, 2, 2, 2}},   // Figure 3: two networks of 2x2 dilation-1
      {"random", {8, 8, 8, 16}, {4, 4, 4, 2}}};         // Figure 5
  for (const Figure& f : figures) {
    const Min m = make(min_spec(4, 2, f.wiring));
    EXPECT_EQ(m.endpoints(), 16u) << f.wiring;
    for (std::uint32_t s = 1; s <= 4; ++s) {
      ASSERT_EQ(m.min->routers_in_stage(s), f.routers[s - 1]) << f.wiring << " stage " << s;
      for (NodeId r : routers(m, s)) {
        EXPECT_EQ(m.net->in_neighbors(r).size(), f.ports[s - 1]) << f.wiring << " " << m.net->label(r);
        EXPECT_EQ(m.net->out_neighbors(r).size(), f.ports[s - 1]) << f.wiring << " " << m.net->label(r);
      }
    }
    for (NodeId e : m.ends) {
      EXPECT_EQ(m.net->out_neighbors(e).size(), 2u);
      EXPECT_EQ(m.net->in_neighbors(e).size(), 2u);
    }
    EXPECT_FALSE(cut_pair(m, none_dead(m))) << f.wiring;
  }
}

// Figure 5: "To prevent any single component from being in an endpoint's
// critical path, the last stage is composed of 2x2, dilation-1 crossbars."
TEST(Multistage, Figure1And5NetworksSurviveEverySingleComponentFault) {
  for (const std::string& w : kInterwired) {
    const Min m = make(min_spec(4, 2, w));
    for (const auto& unit : components(m)) {
      auto dead = none_dead(m);
      for (NodeId v : unit) dead[v] = true;
      EXPECT_FALSE(cut_pair(m, dead)) << w << " without " << m.net->label(unit.front());
    }
  }
}

// Figure 2's network fails with any router (section 5), like Figure 3's planes
// each do alone.
TEST(Multistage, Figure2NetworkHasNoSpareRouter) {
  const Min m = make(min_spec(4, 2, "non_interwired"));
  for (std::uint32_t s = 1; s <= 4; ++s)
    for (NodeId r : routers(m, s)) {
      auto dead = none_dead(m);
      dead[r] = true;
      EXPECT_TRUE(cut_pair(m, dead)) << m.net->label(r);
    }
}

// ---------------------------------------------------------------------------
// Impossible parameters are input errors.

TEST(Multistage, RejectsBadParameters) {
  for (const char* bad : {
           "min(stages=3, radix=4, wiring=deterministic, seed=3)",       // seed is for random wiring
           "min(stages=3, radix=4, wiring=replicated, seed=3)",
           "min(stages=3, radix=4, wiring=non_interwired, packaging=paired)",
           "min(stages=3, radix=4, wiring=deterministic, last_dilation=2, packaging=paired)",
           "min(stages=3, radix=4, dilation=2, wiring=deterministic, last_dilation=3)",
           "min(stages=3, radix=4, wiring=non_interwired, last_dilation=1)",
           "min(stages=0, radix=4)",
           "min(stages=3, radix=1)",
           "min(stages=3, radix=4, wiring=butterfly)",
           "min(stages=3)",
       }) {
    EXPECT_THROW(Registry::builtin().build(bad), InputError) << bad;
  }
}

}  // namespace
}  // namespace menger
