// The hierarchical dual-net HDN(B,k,S) and the recursive dual-net RDN against
// 004 (Arai and Li): section 2's construction and node counts, section 3's
// worked examples (Figures 1-12) and section 4's instances.
//
// Expectations come from the paper.  Two things the paper leaves open are
// taken from models/dual_net.h's header: how a node-id n numbers the members
// of a super-node (mixed radix over SN's dimensions, first dimension least
// significant; for a 2-cube that is the binary numbering the figures use) and,
// above level 1, how the super-node id x numbers the quotient.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/dual_net.h"
#include "models/registry.h"

namespace menger {
namespace {

// ---------------------------------------------------------------------------
// Labels in the paper's notation.

struct Addr {
  std::uint64_t c = 0, u = 0, x = 0, n = 0;  // (class, cluster, supernode, node)
  bool operator==(const Addr&) const = default;
};

std::string hdn_label(const Addr& a) {
  return "(" + std::to_string(a.c) + "," + std::to_string(a.u) + "," + std::to_string(a.x) + "," +
         std::to_string(a.n) + ")";
}

std::string rdn_label(const Addr& a) {
  return "(" + std::to_string(a.c) + "," + std::to_string(a.u) + "," + std::to_string(a.x) + ")";
}

// "(c,u,x,n)" or "(c,u,x)" (then n = 0).
Addr parse(const std::string& label) {
  std::vector<std::uint64_t> parts;
  std::size_t pos = 1;
  while (pos < label.size()) {
    std::size_t end = label.find_first_of(",)", pos);
    parts.push_back(std::stoull(label.substr(pos, end - pos)));
    pos = end + 1;
  }
  EXPECT_TRUE(parts.size() == 3 || parts.size() == 4) << label;
  parts.resize(4, 0);
  return {parts[0], parts[1], parts[2], parts[3]};
}

Addr addr(const Network& net, NodeId v) { return parse(net.label(v)); }

std::unique_ptr<Network> make(const std::string& spec) {
  return std::make_unique<Network>(Registry::builtin().build(spec));
}

NodeId at(const Network& net, const std::string& label) {
  auto v = net.find_node(label);
  EXPECT_TRUE(v.has_value()) << "no node " << label << " in " << net.spec();
  return v.value_or(kNoNode);
}

bool adjacent(const Network& net, NodeId a, NodeId b) {
  auto out = net.out_neighbors(a);
  return std::find(out.begin(), out.end(), b) != out.end();
}

// Every consecutive pair of the paper's path must be a link of the model.
void expect_walk(const Network& net, const std::vector<std::string>& path) {
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    EXPECT_TRUE(adjacent(net, at(net, path[i]), at(net, path[i + 1])))
        << path[i] << " -> " << path[i + 1] << " is not a link of " << net.spec();
}

// Hop distance from a to b avoiding `blocked` (UINT32_MAX if none).
std::uint32_t distance_avoiding(const Network& net, NodeId a, NodeId b, const std::set<NodeId>& blocked) {
  std::vector<std::uint32_t> dist(net.num_nodes(), UINT32_MAX);
  std::vector<NodeId> queue{a};
  dist[a] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head)
    for (NodeId w : net.out_neighbors(queue[head]))
      if (dist[w] == UINT32_MAX && !blocked.count(w)) {
        dist[w] = dist[queue[head]] + 1;
        queue.push_back(w);
      }
  return dist[b];
}

std::set<NodeId> nodes(const Network& net, const std::vector<std::string>& labels) {
  std::set<NodeId> s;
  for (const std::string& l : labels) s.insert(at(net, l));
  return s;
}

// The instances of the paper: section 3's example, section 4's two networks
// and their level-1 clusters.
const std::vector<std::string>& paper_instances() {
  static const std::vector<std::string> specs = {
      "hdn(base=hypercube(3), k=1, s=[4])", "hdn(base=hypercube(3), k=2, s=[4,2])",
      "hdn(base=torus(3,2,5), k=1, s=[15])", "hdn(base=torus(3,2,5), k=2, s=[15,5])"};
  return specs;
}

// ---------------------------------------------------------------------------
// Section 3, Figures 5-8 and 9-12: HDN(B,1,S), B a 3-cube, S_1 a 2-cube.

constexpr const char* kFigureHdn = "hdn(base=hypercube(3), k=1, s=[4])";

TEST(Hdn, Figures5To8PathIsAFaultFreeWalk) {
  auto net = make(kFigureHdn);
  const std::vector<std::string> path = {"(0,0,0,0)", "(0,0,1,0)", "(1,1,0,0)",
                                         "(1,1,1,0)", "(1,1,1,1)", "(1,1,1,3)"};
  expect_walk(*net, path);
  // v_s = (1,1,1,1) is "a suitable adjacent node" of v = (1,1,1,3).
  EXPECT_TRUE(adjacent(*net, at(*net, "(1,1,1,3)"), at(*net, "(1,1,1,1)")));
  // The three faulty nodes of Figure 5 are not on the path.
  const auto faulty = nodes(*net, {"(0,0,0,1)", "(0,1,1,3)", "(1,1,0,3)"});
  for (const std::string& l : path) EXPECT_FALSE(faulty.count(at(*net, l))) << l;
  // The path is a shortest one: 3 steps in the RDN part, 2 in the super-node.
  EXPECT_EQ(distance_avoiding(*net, at(*net, path.front()), at(*net, path.back()), {}), path.size() - 1);
}

TEST(Hdn, Figures9To12PathIsAFaultFreeWalk) {
  auto net = make(kFigureHdn);
  const std::vector<std::string> path = {"(0,0,0,3)", "(0,0,0,1)", "(0,0,1,1)", "(1,1,0,1)",
                                         "(1,1,0,0)", "(1,1,1,0)", "(1,1,1,2)"};
  expect_walk(*net, path);
  // u_s = (0,0,0,1) neighbour of u = (0,0,0,3); v_s = (1,1,1,0) neighbour of v = (1,1,1,2).
  EXPECT_TRUE(adjacent(*net, at(*net, "(0,0,0,3)"), at(*net, "(0,0,0,1)")));
  EXPECT_TRUE(adjacent(*net, at(*net, "(1,1,1,2)"), at(*net, "(1,1,1,0)")));
  // The paper says "seven faulty nodes" but lists eight; we use the list.
  const auto faulty = nodes(*net, {"(0,0,0,2)", "(0,0,1,3)", "(0,1,0,1)", "(0,1,1,0)", "(1,0,0,0)",
                                   "(1,0,0,3)", "(1,0,1,1)", "(1,1,1,3)"});
  EXPECT_EQ(faulty.size(), 8u);
  for (const std::string& l : path) EXPECT_FALSE(faulty.count(at(*net, l))) << l;
  // "All the shortest paths between u and v contain faulty nodes."
  const NodeId u = at(*net, "(0,0,0,3)"), v = at(*net, "(1,1,1,2)");
  const std::uint32_t shortest = distance_avoiding(*net, u, v, {});
  EXPECT_EQ(shortest, 4u);
  EXPECT_GT(distance_avoiding(*net, u, v, faulty), shortest);
  EXPECT_LE(distance_avoiding(*net, u, v, faulty), path.size() - 1);
}

// Figure 1: "Both the number of clusters of each class and the number of
// super-nodes in each cluster are 8/4 = 2.  There are 8 super-nodes."
TEST(Hdn, Figure1SuperNodesAndClusters) {
  auto net = make(kFigureHdn);
  ASSERT_EQ(net->num_nodes(), 32u);
  std::set<std::vector<std::uint64_t>> supernodes, clusters;
  for (NodeId v = 0; v < net->num_nodes(); ++v) {
    const Addr a = addr(*net, v);
    EXPECT_LE(a.c, 1u);
    EXPECT_LT(a.n, 4u);
    supernodes.insert({a.c, a.u, a.x});
    clusters.insert({a.c, a.u});
  }
  EXPECT_EQ(supernodes.size(), 8u);
  EXPECT_EQ(clusters.size(), 4u);  // 2 per class
}

// Figure 3: each super-node is S_1, a 2-cube; the figures number its nodes
// in binary (1-3 and 0-2 are links on the paths above).
TEST(Hdn, Figure3SuperNodesAreTwoCubes) {
  auto net = make(kFigureHdn);
  for (NodeId v = 0; v < net->num_nodes(); ++v) {
    const Addr a = addr(*net, v);
    for (std::uint64_t m = 0; m < 4; ++m) {
      if (m == a.n) continue;
      const NodeId w = at(*net, hdn_label({a.c, a.u, a.x, m}));
      const bool cube_edge = std::popcount(a.n ^ m) == 1;
      EXPECT_EQ(adjacent(*net, v, w), cube_edge) << net->label(v) << " vs node-id " << m;
    }
  }
}

// Section 3: "All the nodes having a same node-id form an RDN" (Figures 2, 4).
// Here B/SN is a single link, so each is RDN(K_2, 1) = rdn(base=hypercube(1), k=1),
// of degree d0 + k - d(S_k) = 3 + 1 - 2 = 2 (the r of Theorem 2's proof).
TEST(Hdn, Figure2NodesWithTheSameNodeIdFormAnRdn) {
  auto hdn = make(kFigureHdn);
  auto rdn = make("rdn(base=hypercube(1), k=1)");
  ASSERT_EQ(rdn->num_nodes(), 8u);
  for (std::uint64_t n = 0; n < 4; ++n) {
    std::set<std::pair<std::string, std::string>> induced, expected;
    for (NodeId v = 0; v < hdn->num_nodes(); ++v) {
      const Addr a = addr(*hdn, v);
      if (a.n != n) continue;
      std::size_t degree = 0;
      for (NodeId w : hdn->out_neighbors(v))
        if (addr(*hdn, w).n == n) {
          induced.insert({rdn_label(a), rdn_label(addr(*hdn, w))});
          ++degree;
        }
      EXPECT_EQ(degree, 2u) << hdn->label(v);
    }
    for (NodeId v = 0; v < rdn->num_nodes(); ++v)
      for (NodeId w : rdn->out_neighbors(v)) expected.insert({rdn->label(v), rdn->label(w)});
    EXPECT_EQ(induced, expected) << "node-id " << n;
  }
}

// ---------------------------------------------------------------------------
// Section 2: the cross-edge, the degree and the node counts.

// "A cross-edge at level k connects node (C,U,SN,N) and node (1-C,SN,U,N)";
// every other link stays inside the cluster (C,U), a copy of HDN(B,k-1,S).
TEST(Hdn, CrossEdgeRule) {
  for (const std::string& spec : paper_instances()) {
    auto net = make(spec);
    for (NodeId v = 0; v < net->num_nodes(); ++v) {
      const Addr a = addr(*net, v);
      const NodeId cross = at(*net, hdn_label({1 - a.c, a.x, a.u, a.n}));
      EXPECT_TRUE(adjacent(*net, v, cross)) << spec << " " << net->label(v);
      for (NodeId w : net->out_neighbors(v)) {
        const Addr b = addr(*net, w);
        if (w == cross) continue;
        EXPECT_TRUE(b.c == a.c && b.u == a.u) << spec << " " << net->label(v) << "-" << net->label(w);
      }
    }
  }
}

// Theorem 1: "the node degree is d0 + k" (no parallel links, no self-loops).
TEST(Hdn, DegreeIsD0PlusK) {
  const std::vector<std::pair<std::string, std::size_t>> cases = {
      {"hdn(base=hypercube(3), k=1, s=[4])", 3 + 1},   {"hdn(base=hypercube(3), k=2, s=[4,2])", 3 + 2},
      {"hdn(base=torus(3,2,5), k=1, s=[15])", 5 + 1},  {"hdn(base=torus(3,2,5), k=2, s=[15,5])", 5 + 2},
      {"rdn(base=hypercube(3), k=1)", 3 + 1},           {"rdn(base=hypercube(3), k=2)", 3 + 2}};
  for (const auto& [spec, degree] : cases) {
    auto net = make(spec);
    for (NodeId v = 0; v < net->num_nodes(); ++v) {
      auto out = net->out_neighbors(v);
      std::set<NodeId> distinct(out.begin(), out.end());
      ASSERT_EQ(out.size(), degree) << spec << " " << net->label(v);
      ASSERT_EQ(distinct.size(), degree) << spec << " " << net->label(v);
      ASSERT_FALSE(distinct.count(v)) << spec << " " << net->label(v);
    }
  }
}

// N_i = 2 N_{i-1}^2 / s_i, and section 4's worked sizes.
TEST(Hdn, NodeCountsFollowTheRecurrence) {
  auto recurrence = [](std::uint64_t n, const std::vector<std::uint64_t>& s) {
    for (std::uint64_t si : s) n = 2 * n * n / si;
    return n;
  };
  EXPECT_EQ(make("hdn(base=torus(3,2,5), k=1, s=[15])")->num_nodes(), 120u);
  EXPECT_EQ(make("hdn(base=torus(3,2,5), k=2, s=[15,5])")->num_nodes(), 5760u);
  EXPECT_EQ(make("hdn(base=hypercube(3), k=1, s=[4])")->num_nodes(), 32u);
  EXPECT_EQ(make("hdn(base=hypercube(3), k=2, s=[4,2])")->num_nodes(), 1024u);
  EXPECT_EQ(recurrence(30, {15, 5}), 5760u);
  EXPECT_EQ(recurrence(8, {4, 2}), 1024u);
  EXPECT_EQ(make("hdn(base=hypercube(4), k=2, s=[2,1])")->num_nodes(), recurrence(16, {2, 1}));
  EXPECT_EQ(make("hdn(base=torus(3,2,2), k=2, s=[4,2])")->num_nodes(), recurrence(12, {4, 2}));
}

// Theorem 1's closed form (2 N0)^(2^k) / (2 prod s_i) agrees with the
// recurrence only for k = 1 or all s_i = 1: unrolling N_i = 2 N_{i-1}^2 / s_i
// gives (2 N0)^(2^k) / (2 prod_i s_i^(2^(k-i))).  Section 4's own numbers
// (5760, 1024) follow the recurrence; the closed form would give 86400, 4096.
TEST(Hdn, Theorem1ClosedFormNeedsSquaredSuperNodeSizes) {
  auto closed = [](std::uint64_t n0, const std::vector<std::uint64_t>& s, bool squared) {
    const std::size_t k = s.size();
    std::uint64_t num = 2 * n0, den = 2;
    for (std::size_t i = 0; i < k; ++i) num *= num;
    for (std::size_t i = 1; i <= k; ++i) {
      const std::uint64_t power = squared ? std::uint64_t{1} << (k - i) : 1;
      for (std::uint64_t j = 0; j < power; ++j) den *= s[i - 1];
    }
    return num / den;
  };
  EXPECT_EQ(closed(30, {15, 5}, true), make("hdn(base=torus(3,2,5), k=2, s=[15,5])")->num_nodes());
  EXPECT_EQ(closed(8, {4, 2}, true), make("hdn(base=hypercube(3), k=2, s=[4,2])")->num_nodes());
  EXPECT_EQ(closed(30, {15}, false), 120u);  // k = 1: the paper's form holds
  EXPECT_EQ(closed(30, {15, 5}, false), 86400u);  // the paper's form, k = 2: not 5760
  EXPECT_EQ(closed(8, {4, 2}, false), 4096u);     // not 1024
}

// Section 2: "the number of clusters in each class is equal to the number of
// super-nodes in a cluster", and each cluster has N_{k-1} nodes.
TEST(Hdn, ClustersAreCopiesOfTheLowerLevel) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"hdn(base=hypercube(3), k=1, s=[4])", "hypercube(3)"},
      {"hdn(base=hypercube(3), k=2, s=[4,2])", "hdn(base=hypercube(3), k=1, s=[4])"},
      {"hdn(base=torus(3,2,5), k=2, s=[15,5])", "hdn(base=torus(3,2,5), k=1, s=[15])"}};
  for (const auto& [spec, lower] : cases) {
    auto net = make(spec);
    auto low = make(lower);
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> size;
    std::set<std::uint64_t> supernodes_of_one_cluster;
    std::uint64_t inner_links = 0;
    for (NodeId v = 0; v < net->num_nodes(); ++v) {
      const Addr a = addr(*net, v);
      ++size[{a.c, a.u}];
      if (a.c == 0 && a.u == 0) {
        supernodes_of_one_cluster.insert(a.x);
        for (NodeId w : net->out_neighbors(v)) inner_links += addr(*net, w).c == 0 && addr(*net, w).u == 0;
      }
    }
    EXPECT_EQ(size.size(), 2 * supernodes_of_one_cluster.size()) << spec;
    for (const auto& [cluster, count] : size) EXPECT_EQ(count, low->num_nodes()) << spec;
    EXPECT_EQ(inner_links, 2u * low->num_links()) << spec;  // both directions counted
  }
}

// ---------------------------------------------------------------------------
// Section 3: "an HDN can be considered as a product graph of RDN and S_k".
// Every link changes only the node-id (a super-node link) or keeps it (an RDN
// link); the super-node links are the same in every super-node and the RDN
// links the same for every node-id.

TEST(Hdn, IsTheProductOfItsRdnAndTheSuperNode) {
  for (const std::string& spec : paper_instances()) {
    auto net = make(spec);
    std::map<std::vector<std::uint64_t>, std::set<std::pair<std::uint64_t, std::uint64_t>>> sn_links;
    std::map<std::uint64_t, std::set<std::vector<std::uint64_t>>> rdn_links;
    for (NodeId v = 0; v < net->num_nodes(); ++v) {
      const Addr a = addr(*net, v);
      for (NodeId w : net->out_neighbors(v)) {
        const Addr b = addr(*net, w);
        const bool same_supernode = a.c == b.c && a.u == b.u && a.x == b.x;
        EXPECT_TRUE(same_supernode || a.n == b.n) << spec << " " << net->label(v) << "-" << net->label(w);
        if (same_supernode) sn_links[{a.c, a.u, a.x}].insert({a.n, b.n});
        else rdn_links[a.n].insert({a.c, a.u, a.x, b.c, b.u, b.x});
      }
    }
    for (const auto& [sn, links] : sn_links) EXPECT_EQ(links, sn_links.begin()->second) << spec;
    for (const auto& [n, links] : rdn_links) EXPECT_EQ(links, rdn_links.begin()->second) << spec << " node-id " << n;
  }
}

// ---------------------------------------------------------------------------
// An independent construction from section 2: H_0 = B; H_i is the dual
// construction of the quotient Q = H_{i-1}/SN^i, times SN^i.  The dual
// construction of Q has nodes (c, u, x), u and x nodes of Q: (c,u,x)-(c,u,x')
// for each link x-x' of Q, and the cross-edge (c,u,x)-(1-c,x,u).

using Edge = std::pair<std::uint64_t, std::uint64_t>;
using Chain = std::vector<std::vector<std::size_t>>;  // dimensions of SN^1, ..., SN^k

struct RefGraph {
  std::uint64_t nodes = 0, q = 1, s = 1;  // q = |Q| (clusters per class), s = |SN|
  std::set<Edge> edges;                   // (smaller id, larger id)
  void link(std::uint64_t a, std::uint64_t b) { edges.insert(std::minmax(a, b)); }
  std::uint64_t id(const Addr& a) const { return ((a.c * q + a.u) * q + a.x) * s + a.n; }
  Addr addr(std::uint64_t v) const { return {v / s / q / q, v / s / q % q, v / s % q, v % s}; }
};

// H_i from H_{i-1}; split(w) = (x, n): the quotient node and super-node member of w.
RefGraph dual_times_supernode(const RefGraph& prev, std::uint64_t s,
                              const std::function<std::pair<std::uint64_t, std::uint64_t>(std::uint64_t)>& split) {
  RefGraph next;
  next.q = prev.nodes / s;
  next.s = s;
  next.nodes = 2 * next.q * next.q * s;
  std::set<Edge> q_links, sn_links;
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  for (std::uint64_t w = 0; w < prev.nodes; ++w) EXPECT_TRUE(seen.insert(split(w)).second) << "split is not 1-1";
  for (const auto& [a, b] : prev.edges) {
    const auto [xa, na] = split(a);
    const auto [xb, nb] = split(b);
    if (na == nb) q_links.insert(std::minmax(xa, xb));
    else if (xa == xb) sn_links.insert(std::minmax(na, nb));
    else ADD_FAILURE() << "H_{i-1} is not Q x SN: a link changes both x and n";
  }
  // H_{i-1} = Q x SN: each quotient link appears once per member, each SN link once per super-node.
  EXPECT_EQ(prev.edges.size(), q_links.size() * s + sn_links.size() * next.q);
  for (std::uint64_t c = 0; c < 2; ++c)
    for (std::uint64_t u = 0; u < next.q; ++u)
      for (std::uint64_t x = 0; x < next.q; ++x)
        for (std::uint64_t n = 0; n < s; ++n) {
          if (c == 0) next.link(next.id({0, u, x, n}), next.id({1, x, u, n}));  // cross-edge
          for (const auto& [m1, m2] : sn_links)
            if (m1 == n) next.link(next.id({c, u, x, n}), next.id({c, u, x, m2}));
          for (const auto& [x1, x2] : q_links)
            if (x1 == x) next.link(next.id({c, u, x, n}), next.id({c, u, x2, n}));
        }
  return next;
}

// Base network: radix 2 is a link (hypercube dimension; 004's 3x2x5 torus has
// degree 5), radix >= 3 a ring.  Node ids are mixed radix, dimension 0 first.
RefGraph base_graph(const std::vector<std::uint64_t>& radix) {
  RefGraph g;
  g.nodes = 1;
  for (std::uint64_t r : radix) g.nodes *= r;
  g.s = g.nodes;  // unused at level 0
  for (std::uint64_t v = 0; v < g.nodes; ++v) {
    std::uint64_t weight = 1;
    for (std::uint64_t r : radix) {
      const std::uint64_t digit = v / weight % r;
      g.link(v, v - digit * weight + (digit + 1) % r * weight);
      weight *= r;
    }
  }
  return g;
}

std::vector<std::uint64_t> digits_of(std::uint64_t v, const std::vector<std::uint64_t>& radix) {
  std::vector<std::uint64_t> d;
  for (std::uint64_t r : radix) {
    d.push_back(v % r);
    v /= r;
  }
  return d;
}

// Mixed-radix number of the coordinates `coord` restricted to `dims`, first dimension least significant.
std::uint64_t pack(const std::vector<std::uint64_t>& coord, const std::vector<std::size_t>& dims,
                   const std::vector<std::uint64_t>& radix) {
  std::uint64_t v = 0;
  for (std::size_t j = dims.size(); j-- > 0;) v = v * radix[dims[j]] + coord[dims[j]];
  return v;
}

std::vector<std::size_t> minus(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
  std::vector<std::size_t> r;
  for (std::size_t d : a)
    if (std::find(b.begin(), b.end(), d) == b.end()) r.push_back(d);
  return r;
}

// HDN(B,k,S) with SN^i made of base dimensions sn[i-1] (each a subset of the previous).
RefGraph reference_hdn(const std::vector<std::uint64_t>& radix, const Chain& sn) {
  RefGraph h = base_graph(radix);
  std::vector<std::size_t> prev_dims(radix.size());
  for (std::size_t d = 0; d < radix.size(); ++d) prev_dims[d] = d;
  for (std::size_t i = 0; i < sn.size(); ++i) {
    const std::vector<std::size_t> dims = sn[i], rest = minus(prev_dims, dims);
    std::uint64_t s = 1, rest_size = 1;
    for (std::size_t d : dims) s *= radix[d];
    for (std::size_t d : rest) rest_size *= radix[d];
    // Base coordinates of a node of H_i (i >= 1) live in its node-id n over prev_dims.
    const RefGraph prev = h;
    auto coords = [&](std::uint64_t w) {
      std::vector<std::uint64_t> coord(radix.size(), 0);
      if (i == 0) return digits_of(w, radix);
      std::uint64_t n = prev.addr(w).n;
      for (std::size_t d : prev_dims) {
        coord[d] = n % radix[d];
        n /= radix[d];
      }
      return coord;
    };
    auto split = [&](std::uint64_t w) {
      const std::vector<std::uint64_t> coord = coords(w);
      const std::uint64_t outer = i == 0 ? 0 : w / prev.s;  // (c, u, x) of H_{i-1}
      return std::make_pair(outer * rest_size + pack(coord, rest, radix), pack(coord, dims, radix));
    };
    h = dual_times_supernode(prev, s, split);
    prev_dims = dims;
  }
  return h;
}

// Compares the model's links with the reference's, as label pairs.
void expect_same_links(const std::string& spec, const RefGraph& ref, bool rdn) {
  auto net = make(spec);
  ASSERT_EQ(net->num_nodes(), ref.nodes) << spec;
  std::set<Edge> model;
  for (NodeId v = 0; v < net->num_nodes(); ++v)
    for (NodeId w : net->out_neighbors(v)) model.insert(std::minmax(ref.id(addr(*net, v)), ref.id(addr(*net, w))));
  auto name = [&](std::uint64_t v) { return rdn ? rdn_label(ref.addr(v)) : hdn_label(ref.addr(v)); };
  int shown = 0;
  for (const auto& [a, b] : ref.edges)
    if (!model.count({a, b}) && shown++ < 5) ADD_FAILURE() << spec << ": missing link " << name(a) << "-" << name(b);
  for (const auto& [a, b] : model)
    if (!ref.edges.count({a, b}) && shown++ < 10) ADD_FAILURE() << spec << ": extra link " << name(a) << "-" << name(b);
  EXPECT_EQ(model.size(), ref.edges.size()) << spec;
}

// The super-node dimensions the model chose must form a valid chain of
// sub-products (SN^i inside SN^{i-1}, of size s_i); the reference then uses them.
Chain chosen_supernodes(const std::string& spec, const std::vector<std::uint64_t>& radix) {
  auto dn = std::dynamic_pointer_cast<const DualNet>(Registry::builtin().build(spec));
  EXPECT_TRUE(dn) << spec;
  Chain sn;
  std::vector<std::size_t> prev(radix.size());
  for (std::size_t d = 0; d < radix.size(); ++d) prev[d] = d;
  for (std::size_t i = 1; dn && i <= dn->levels(); ++i) {
    const auto& dims = dn->supernode_dims(i);
    std::uint64_t size = 1;
    for (std::size_t d : dims) {
      EXPECT_NE(std::find(prev.begin(), prev.end(), d), prev.end()) << spec << " SN^" << i;
      size *= radix[d];
    }
    EXPECT_EQ(size, dn->supernode_size(i)) << spec << " SN^" << i;
    sn.push_back(dims);
    prev = dims;
  }
  return sn;
}

// The brief's case: HDN(Q3,1,{4}) = dual(Q3 / Q2) x Q2, Q3 / Q2 = K_2.  Any two
// dimensions of the 3-cube give the same labelled graph.
TEST(Hdn, MatchesTheSection2ConstructionOnTheFigureInstance) {
  expect_same_links(kFigureHdn, reference_hdn({2, 2, 2}, {{0, 1}}), false);
  EXPECT_EQ(reference_hdn({2, 2, 2}, {{0, 1}}).edges, reference_hdn({2, 2, 2}, {{1, 2}}).edges);
}

TEST(Hdn, MatchesTheSection2ConstructionOnTheSection4Instances) {
  const std::vector<std::pair<std::string, std::vector<std::uint64_t>>> cases = {
      {"hdn(base=hypercube(3), k=2, s=[4,2])", {2, 2, 2}},
      {"hdn(base=torus(3,2,5), k=1, s=[15])", {3, 2, 5}},
      {"hdn(base=torus(3,2,5), k=2, s=[15,5])", {3, 2, 5}}};
  for (const auto& [spec, radix] : cases) expect_same_links(spec, reference_hdn(radix, chosen_supernodes(spec, radix)), false);
  // 3x2x5 torus: the only sub-products of sizes 15 and 5 are 3x5 and then 5.
  EXPECT_EQ(chosen_supernodes("hdn(base=torus(3,2,5), k=2, s=[15,5])", {3, 2, 5}),
            (Chain{{0, 2}, {2}}));
}

// "If s_i = 1 for 1 <= i <= k, the HDN becomes an RDN."
TEST(Rdn, MatchesTheSection2ConstructionWithUnitSuperNodes) {
  expect_same_links("rdn(base=hypercube(3), k=1)", reference_hdn({2, 2, 2}, Chain(1)), true);
  expect_same_links("rdn(base=hypercube(3), k=2)", reference_hdn({2, 2, 2}, Chain(2)), true);
  expect_same_links("hdn(base=hypercube(3), k=2, s=[1,1])", reference_hdn({2, 2, 2}, Chain(2)), false);
}

// Section 2: "let the base network be a 3-cube, then the sizes of RDN(8,k)
// will be 2^7, 2^15 ... for k = 1, 2"; in general (2m)^(2^k)/2, degree d0 + k.
TEST(Rdn, SizesOfSection2) {
  auto r1 = make("rdn(base=hypercube(3), k=1)");
  auto r2 = make("rdn(base=hypercube(3), k=2)");
  EXPECT_EQ(r1->num_nodes(), 1u << 7);
  EXPECT_EQ(r2->num_nodes(), 1u << 15);
  EXPECT_EQ(r1->num_nodes(), 16u * 16u / 2u);               // (2*8)^2 / 2
  EXPECT_EQ(r2->num_nodes(), 16u * 16u * 16u * 16u / 2u);   // (2*8)^4 / 2
  EXPECT_EQ(r1->num_links(), (1u << 7) * 4u / 2u);
  EXPECT_EQ(r2->num_links(), (1u << 15) * 5u / 2u);
}

TEST(Rdn, CrossEdgeRuleOnThreePartLabels) {
  auto net = make("rdn(base=hypercube(3), k=1)");
  for (NodeId v = 0; v < net->num_nodes(); ++v) {
    const Addr a = addr(*net, v);
    EXPECT_EQ(net->label(v), rdn_label(a));
    EXPECT_TRUE(adjacent(*net, v, at(*net, rdn_label({1 - a.c, a.x, a.u, 0})))) << net->label(v);
  }
}

// ---------------------------------------------------------------------------
// Section 2: impossible parameters are input errors.

TEST(Hdn, RejectsBadParameters) {
  for (const char* bad : {
           "hdn(base=mesh(2,2,2), k=1, s=[4])",           // B must be symmetric
           "hdn(base=hypercube(3), k=1, s=[3])",          // 3 is no sub-product size of Q3
           "hdn(base=torus(3,2,5), k=1, s=[4])",          // nor 4 of 3x2x5
           "hdn(base=hypercube(3), k=2, s=[4])",          // |S| != k
           "hdn(base=hypercube(3), k=1, s=[4,2])",        // |S| != k
           "hdn(base=hypercube(3), k=2, s=[2,4])",        // s_2 not a sub-product of SN^1 (a K_2)
           "hdn(base=torus(3,2,5), k=2, s=[15,2])",       // SN^1 = 3x5 has no factor 2
           "hdn(base=torus(3,2,5), k=2, s=[15,6])",
       }) {
    EXPECT_THROW(Registry::builtin().build(bad), InputError) << bad;
  }
}

}  // namespace
}  // namespace menger
