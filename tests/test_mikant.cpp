// MiKANT (paper 002, Wang and Li, section 2) and the k-ary n-tree (Petrini and
// Vanneschi, IPPS 1997), checked against the papers and not against the models'
// code.
//
// Where the expected values come from:
//   * the worked examples of 002 section 2.1: the neighbours of <0,1,0,0> and the
//     compute nodes of <0,0,0,0> in MiKANT(3,3), with the link labels;
//   * the port numbering of section 2.2: Cases 0-3 and Algorithm 1, replayed hop
//     by hop over the Network's ports for every pair of compute nodes;
//   * the example paths and faulty links of Figures 2-5 (section 3.1);
//   * an independent construction of each graph from the paper's adjacency rule,
//     compared edge by edge (as label pairs, plus MiKANT link labels) with the
//     Network, and used for brute-force distances.
//
// Label conventions (DESIGN.md, models/mikant.cpp): switch <G,L,D_{n-2},...,D_0>,
// compute node N<G,C_{n-1},...,C_0>, link <G,L,D_{n-2},...,D_0,P>; tree switch
// <w_0,...,w_{n-2},l>, tree node (p_0,...,p_{n-1}).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <queue>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"
#include "verify/structure/distances.h"

namespace menger {
namespace {

// ---------------------------------------------------------------------------
// Small helpers: digits and labels.

// Digits[i] is the paper's digit of index i: D_i, C_i (MiKANT) or w_i, p_i (tree).
using Digits = std::vector<int>;

std::uint64_t power(std::uint64_t k, std::uint64_t e) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 0; i < e; ++i) r *= k;
  return r;
}

// Every tuple of {0..k-1}^len.
std::vector<Digits> all_tuples(int k, int len) {
  std::vector<Digits> out{Digits{}};
  for (int i = 0; i < len; ++i) {
    std::vector<Digits> next;
    for (const Digits& d : out)
      for (int x = 0; x < k; ++x) {
        Digits e = d;
        e.push_back(x);
        next.push_back(e);
      }
    out = std::move(next);
  }
  return out;
}

std::string angle(const std::vector<int>& fields) {
  std::string s = "<";
  for (std::size_t i = 0; i < fields.size(); ++i) s += (i ? "," : "") + std::to_string(fields[i]);
  return s + ">";
}

// head, then the digits with the highest index first (the paper writes D_{n-2},...,D_0), then tail.
std::vector<int> high_first(std::vector<int> head, const Digits& d, const std::vector<int>& tail = {}) {
  head.insert(head.end(), d.rbegin(), d.rend());
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

std::string mk_switch(int g, int l, const Digits& d) { return angle(high_first({g, l}, d)); }
std::string mk_node(int g, const Digits& c) { return "N" + angle(high_first({g}, c)); }

// ---------------------------------------------------------------------------
// Independent graphs built from the papers' adjacency rules.

struct Vertex {
  bool is_switch = true;
  int g = 0, l = 0;  // MiKANT group and level; tree level
  Digits d;          // MiKANT switch D, MiKANT node C, tree w or p
};

using EdgeKey = std::tuple<std::string, std::string, std::string>;  // (lesser end, greater end, link label)

struct PaperGraph {
  std::vector<Vertex> vertex;
  std::vector<std::string> label;
  std::map<std::string, std::size_t> index;
  std::vector<std::vector<std::size_t>> adj;
  std::vector<EdgeKey> edges;

  void add_vertex(const Vertex& x, const std::string& name) {
    index.emplace(name, vertex.size());
    vertex.push_back(x);
    label.push_back(name);
    adj.emplace_back();
  }
  void add_edge(const std::string& a, const std::string& b, const std::string& link) {
    const std::size_t ia = index.at(a), ib = index.at(b);
    adj[ia].push_back(ib);
    adj[ib].push_back(ia);
    edges.emplace_back(std::min(a, b), std::max(a, b), link);
  }
};

// MiKANT(k,n) from 002 section 2.1: <G,L,..D_L..> links <G,L+1,..*..> via
// <G,L+1,..*..,P=D_L> for L <= n-3; at L = n-2 it links <~G,L,*,D_{n-3},...,D_0>
// via <1,n-1,...,P> ("links in between two groups are labeled with G = 1 and
// L = n-1").  For a link between the groups, the digits are the group-1 switch's
// and P is the group-0 switch's D_{n-2}: the section 2.1 example (<0,1,0,0> to
// <1,1,*,0> via <1,2,*,0,0>) and Fig. 5 (<0,1,0,1> reaches <1,1,1,1> over
// <1,2,1,1,0>) fix it; Three-Turn's general rule (3.1.4) says the same.
// Compute node <G,C_{n-1},...,C_0> hangs on <G,0,C_{n-2},...,C_0> via
// <G,0,C_{n-2},...,C_0,C_{n-1}>.
PaperGraph paper_mikant(int k, int n) {
  PaperGraph pg;
  const std::vector<Digits> sw = all_tuples(k, n - 1), nodes = all_tuples(k, n);
  for (int g = 0; g < 2; ++g)
    for (int l = 0; l <= n - 2; ++l)
      for (const Digits& d : sw) pg.add_vertex({true, g, l, d}, mk_switch(g, l, d));
  for (int g = 0; g < 2; ++g)
    for (const Digits& c : nodes) pg.add_vertex({false, g, 0, c}, mk_node(g, c));

  for (int g = 0; g < 2; ++g)
    for (int l = 0; l <= n - 2; ++l)
      for (const Digits& d : sw)
        for (int s = 0; s < k; ++s) {
          Digits e = d;
          if (l <= n - 3) {
            e[l] = s;
            pg.add_edge(mk_switch(g, l, d), mk_switch(g, l + 1, e), angle(high_first({g, l + 1}, e, {d[l]})));
          } else if (g == 0) {  // each link between the groups once, from its group-0 end
            e[n - 2] = s;
            pg.add_edge(mk_switch(0, l, d), mk_switch(1, l, e), angle(high_first({1, n - 1}, e, {d[n - 2]})));
          }
        }
  for (int g = 0; g < 2; ++g)
    for (const Digits& c : nodes) {
      const Digits low(c.begin(), c.end() - 1);
      pg.add_edge(mk_node(g, c), mk_switch(g, 0, low), angle(high_first({g, 0}, low, {c[n - 1]})));
    }
  return pg;
}

std::string tree_switch(const Digits& w, int l) {
  std::vector<int> f(w.begin(), w.end());
  f.push_back(l);
  return angle(f);
}
std::string tree_node(const Digits& p) {
  const std::string a = angle(p);
  return "(" + a.substr(1, a.size() - 2) + ")";
}

// k-ary n-tree (Petrini and Vanneschi): <w,l> and <w',l+1> are linked iff
// w_i = w'_i for every i != l; leaf <w,n-1> links node p iff w_i = p_i, i <= n-2.
PaperGraph paper_kary_ntree(int k, int n) {
  PaperGraph pg;
  const std::vector<Digits> sw = all_tuples(k, n - 1), nodes = all_tuples(k, n);
  for (int l = 0; l < n; ++l)
    for (const Digits& w : sw) pg.add_vertex({true, 0, l, w}, tree_switch(w, l));
  for (const Digits& p : nodes) pg.add_vertex({false, 0, 0, p}, tree_node(p));
  for (int l = 0; l + 1 < n; ++l)
    for (const Digits& w : sw)
      for (int s = 0; s < k; ++s) {
        Digits e = w;
        e[l] = s;
        pg.add_edge(tree_switch(w, l), tree_switch(e, l + 1), "");
      }
  for (const Digits& p : nodes) pg.add_edge(tree_node(p), tree_switch(Digits(p.begin(), p.end() - 1), n - 1), "");
  return pg;
}

// Hop distances from src; only switches relay (compute nodes terminate paths).
std::vector<int> bfs(const PaperGraph& pg, std::size_t src) {
  std::vector<int> dist(pg.vertex.size(), -1);
  std::queue<std::size_t> q;
  dist[src] = 0;
  q.push(src);
  while (!q.empty()) {
    const std::size_t u = q.front();
    q.pop();
    if (u != src && !pg.vertex[u].is_switch) continue;
    for (std::size_t w : pg.adj[u])
      if (dist[w] < 0) {
        dist[w] = dist[u] + 1;
        q.push(w);
      }
  }
  return dist;
}

struct BruteDistances {
  std::uint64_t pairs = 0, unreachable = 0, sum = 0;
  int diameter = 0;
};

// Over ordered pairs of distinct compute nodes, by one BFS per compute node.
BruteDistances brute_distances(const PaperGraph& pg) {
  BruteDistances r;
  for (std::size_t s = 0; s < pg.vertex.size(); ++s) {
    if (pg.vertex[s].is_switch) continue;
    const std::vector<int> dist = bfs(pg, s);
    for (std::size_t t = 0; t < pg.vertex.size(); ++t) {
      if (t == s || pg.vertex[t].is_switch) continue;
      ++r.pairs;
      if (dist[t] < 0) {
        ++r.unreachable;
        continue;
      }
      r.sum += static_cast<std::uint64_t>(dist[t]);
      r.diameter = std::max(r.diameter, dist[t]);
    }
  }
  return r;
}

// ---------------------------------------------------------------------------
// Helpers over the Network.

std::unique_ptr<Network> build(const std::string& spec) {
  return std::make_unique<Network>(Registry::builtin().build(spec));
}

std::string mikant_spec(int k, int n) { return "mikant(" + std::to_string(k) + "," + std::to_string(n) + ")"; }

const Network& mikant33() {
  static const std::unique_ptr<Network> net = build("mikant(3,3)");
  return *net;
}

NodeId id(const Network& net, const std::string& label) {
  const auto v = net.find_node(label);
  if (!v) throw std::runtime_error("no node labelled " + label + " in " + net.spec());
  return *v;
}

std::string via_port(const Network& net, const std::string& from, PortId p) {
  const PortSlot& s = net.port(id(net, from), p);
  return s.connected() ? net.label(s.peer) : "(unconnected)";
}

std::string link_via_port(const Network& net, const std::string& from, PortId p) {
  const PortSlot& s = net.port(id(net, from), p);
  return s.connected() ? net.link_label(s.link) : "(unconnected)";
}

// Label of the link joining a and b; "" when they are not adjacent.
std::string link_between(const Network& net, const std::string& a, const std::string& b) {
  const NodeId vb = id(net, b);
  for (const PortSlot& s : net.ports(id(net, a)))
    if (s.peer == vb) return net.link_label(s.link);
  return "";
}

// Every consecutive pair on the path must be adjacent; returns the links used.
std::vector<std::string> path_links(const Network& net, const std::vector<std::string>& path) {
  std::vector<std::string> links;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const std::string l = link_between(net, path[i - 1], path[i]);
    EXPECT_NE(l, "") << path[i - 1] << " -> " << path[i] << " are not adjacent";
    links.push_back(l);
  }
  return links;
}

// The two end labels of the link with this label.
std::set<std::string> link_ends(const Network& net, const std::string& link_label) {
  std::set<std::string> ends;
  for (LinkId l = 0; l < net.num_links(); ++l)
    if (net.link_label(l) == link_label) {
      EXPECT_TRUE(ends.empty()) << "two links labelled " << link_label;
      ends = {net.label(net.link(l).a), net.label(net.link(l).b)};
    }
  return ends;
}

std::vector<EdgeKey> network_edges(const Network& net, bool with_link_labels) {
  std::vector<EdgeKey> out;
  for (LinkId l = 0; l < net.num_links(); ++l) {
    const std::string a = net.label(net.link(l).a), b = net.label(net.link(l).b);
    out.emplace_back(std::min(a, b), std::max(a, b), with_link_labels ? net.link_label(l) : "");
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<EdgeKey> sorted(std::vector<EdgeKey> v) {
  std::sort(v.begin(), v.end());
  return v;
}

struct Size {
  int k, n;
};
// The brief's sizes plus a few more; all are small enough for all-pairs BFS.
const std::vector<Size> kMikantSizes = {{2, 2}, {3, 2}, {5, 2}, {2, 3}, {3, 3}, {4, 3}, {2, 4}, {3, 4}, {4, 4}, {2, 5}};

// ---------------------------------------------------------------------------
// 002 section 2.1: labels and the worked examples of MiKANT(3,3).

TEST(MikantPaper, NeighboursOfSwitch0100) {
  // "W = <0,1,0,0> in a MiKANT(3,3) connects to switches <1,1,0,0>, <1,1,1,0>, and
  // <1,1,2,0> via links <1,2,0,0,0>, <1,2,1,0,0>, and <1,2,2,0,0> [...] also
  // connects to switches <0,0,0,0>, <0,0,0,1>, and <0,0,0,2> via links <0,1,0,0,0>,
  // <0,1,0,0,1>, and <0,1,0,0,2>".
  const Network& net = mikant33();
  std::set<std::pair<std::string, std::string>> got;
  for (const PortSlot& s : net.ports(id(net, "<0,1,0,0>"))) got.emplace(net.label(s.peer), net.link_label(s.link));
  const std::set<std::pair<std::string, std::string>> want = {
      {"<1,1,0,0>", "<1,2,0,0,0>"}, {"<1,1,1,0>", "<1,2,1,0,0>"}, {"<1,1,2,0>", "<1,2,2,0,0>"},
      {"<0,0,0,0>", "<0,1,0,0,0>"}, {"<0,0,0,1>", "<0,1,0,0,1>"}, {"<0,0,0,2>", "<0,1,0,0,2>"}};
  EXPECT_EQ(got, want);
}

TEST(MikantPaper, ComputeNodesOfSwitch0000) {
  // "W = <0,0,0,0> in a MiKANT(3,3) connects to nodes <0,0,0,0,0>, <0,1,0,0,0>, and
  // <0,2,0,0,0> via links <0,0,0,0,0,0>, <0,0,0,0,0,1>, and <0,0,0,0,0,2>".  The paper
  // prints one digit too many here: by its own definitions a MiKANT(3,3) node has
  // n+1 = 4 fields and a link n+2 = 5.  Read with the right lengths, node
  // <0,j,0,0> hangs on port j (section 2.2 Case 2: port T_{n-1}) via link <0,0,0,0,j>.
  const Network& net = mikant33();
  for (PortId j = 0; j < 3; ++j) {
    const std::string node = "N<0," + std::to_string(j) + ",0,0>";
    EXPECT_EQ(via_port(net, "<0,0,0,0>", j), node);
    EXPECT_EQ(link_via_port(net, "<0,0,0,0>", j), "<0,0,0,0," + std::to_string(j) + ">");
    EXPECT_EQ(net.kind(id(net, node)), NodeKind::Endpoint);
    EXPECT_EQ(net.num_ports(id(net, node)), 1u);
  }
}

TEST(MikantPaper, LabelsHaveThePapersShape) {
  // Section 2.1: a switch has n+1 fields, a compute node n+1 (plus our N), a link n+2;
  // G in {0,1}, L in 0..n-2 for switches, 0..n-1 for links (n-1 only with G = 1).
  const Network& net = mikant33();
  std::set<std::string> labels, links;
  for (NodeId v = 0; v < net.num_nodes(); ++v) labels.insert(net.label(v));
  for (LinkId l = 0; l < net.num_links(); ++l) links.insert(net.link_label(l));
  EXPECT_EQ(labels.size(), net.num_nodes());
  EXPECT_EQ(links.size(), net.num_links());
  EXPECT_TRUE(links.count("<1,2,2,2,2>"));
  EXPECT_FALSE(links.count("<0,2,0,0,0>"));  // no link between the groups has G = 0
  EXPECT_TRUE(labels.count("<1,1,2,2>") && labels.count("N<1,2,2,2>"));
  EXPECT_FALSE(labels.count("<0,2,0,0>"));  // levels stop at n-2 = 1
}

// ---------------------------------------------------------------------------
// 002 section 2.2: port numbering and Algorithm 1.

TEST(MikantPaper, RoutingCase0UpwardAcrossTheGroups) {
  // W = <1,0,0,1>, T = <0,2,1,2>: "port T_0 + k = 2 + 3 = 5, to the switch <1,1,0,2>.
  // Similarly, switch <1,1,0,2> sends the packet through the port T_1 + k = 1 + 3 = 4,
  // to the switch <0,1,1,2>."
  const Network& net = mikant33();
  EXPECT_EQ(via_port(net, "<1,0,0,1>", 5), "<1,1,0,2>");
  EXPECT_EQ(via_port(net, "<1,1,0,2>", 4), "<0,1,1,2>");
}

TEST(MikantPaper, RoutingCases1To3) {
  const Network& net = mikant33();
  // Case 1: W = <0,1,1,2>, T = <0,2,1,2>: "port T_{1-1} = 2, to the switch <0,0,1,2>".
  EXPECT_EQ(via_port(net, "<0,1,1,2>", 2), "<0,0,1,2>");
  // Case 2: W = <0,0,1,2>: "through the port T_2 = 2 to T" = <0,2,1,2>.
  EXPECT_EQ(via_port(net, "<0,0,1,2>", 2), "N<0,2,1,2>");
  // Case 3: W = <0,0,0,0>: "port T_0 + k = 2 + 3 = 5, to the switch <0,1,0,2>".
  EXPECT_EQ(via_port(net, "<0,0,0,0>", 5), "<0,1,0,2>");
}

// Section 2.2: "the ports in the side near to compute nodes are labeled 0..k-1; the
// ports in the other side k..2k-1".  With Cases 0-3: port j descends to D_{L-1} = j
// (the node with C_{n-1} = j at level 0), port k+j climbs to D_L = j (crossing to
// the other group at level n-2).
void expect_ports_of_section_2_2(int k, int n) {
  SCOPED_TRACE(mikant_spec(k, n));
  const auto net = build(mikant_spec(k, n));
  for (int g = 0; g < 2; ++g)
    for (int l = 0; l <= n - 2; ++l)
      for (const Digits& d : all_tuples(k, n - 1)) {
        const std::string w = mk_switch(g, l, d);
        ASSERT_EQ(net->num_ports(id(*net, w)), static_cast<PortId>(2 * k)) << w;
        for (int j = 0; j < k; ++j) {
          Digits down = d, up = d;
          std::string want_down;
          if (l == 0) {
            Digits c = d;
            c.push_back(j);
            want_down = mk_node(g, c);
          } else {
            down[l - 1] = j;
            want_down = mk_switch(g, l - 1, down);
          }
          up[l] = j;
          const std::string want_up = l < n - 2 ? mk_switch(g, l + 1, up) : mk_switch(1 - g, l, up);
          EXPECT_EQ(via_port(*net, w, static_cast<PortId>(j)), want_down) << w << " port " << j;
          EXPECT_EQ(via_port(*net, w, static_cast<PortId>(k + j)), want_up) << w << " port " << k + j;
        }
      }
}

TEST(MikantPaper, PortNumberingOfSection22) {
  for (const Size& s : {Size{2, 2}, Size{3, 2}, Size{3, 3}, Size{4, 3}, Size{3, 4}})
    expect_ports_of_section_2_2(s.k, s.n);
}

// Algorithm 1's output port at switch w for destination node t (T_i = t.d[i]).
int algorithm1_port(const Vertex& w, const Vertex& t, int k, int n) {
  if (w.g != t.g) return t.d[w.l] + k;  // Case 0
  for (int i = w.l; i <= n - 2; ++i)
    if (w.d[i] != t.d[i]) return t.d[w.l] + k;  // Case 3: not yet at the NCA
  if (w.l > 0) return t.d[w.l - 1];             // Case 1: downward
  return t.d[n - 1];                            // Case 2: to the node
}

// Replays Algorithm 1 over the Network's ports for every ordered pair of compute
// nodes; each route must reach T in exactly the BFS distance of the paper's graph
// (section 3.1: "Algorithm 1 finds a shortest path").
void expect_algorithm1_routes_shortest(int k, int n) {
  SCOPED_TRACE(mikant_spec(k, n));
  const auto net = build(mikant_spec(k, n));
  const PaperGraph pg = paper_mikant(k, n);
  std::vector<std::size_t> mine(net->num_nodes());
  for (NodeId v = 0; v < net->num_nodes(); ++v) mine[v] = pg.index.at(net->label(v));
  std::uint64_t routes = 0, bad = 0;
  std::string first_bad;
  for (NodeId s = 0; s < net->num_nodes(); ++s) {
    if (net->kind(s) != NodeKind::Endpoint) continue;
    const std::vector<int> dist = bfs(pg, mine[s]);
    for (NodeId t = 0; t < net->num_nodes(); ++t) {
      if (t == s || net->kind(t) != NodeKind::Endpoint) continue;
      NodeId here = net->port(s, 0).peer;
      int hops = 1;
      while (here != t && hops <= 4 * n && pg.vertex[mine[here]].is_switch) {
        const int p = algorithm1_port(pg.vertex[mine[here]], pg.vertex[mine[t]], k, n);
        here = net->port(here, static_cast<PortId>(p)).peer;
        ++hops;
        if (here == kNoNode) break;
      }
      ++routes;
      if (here != t || hops != dist[mine[t]]) {
        if (bad++ == 0)
          first_bad = net->label(s) + " -> " + net->label(t) + ": " + std::to_string(hops) + " hops, distance " +
                      std::to_string(dist[mine[t]]);
      }
    }
  }
  EXPECT_EQ(routes, 2 * power(static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(n)) *
                        (2 * power(static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(n)) - 1));
  EXPECT_EQ(bad, 0u) << "first: " << first_bad;
}

TEST(MikantPaper, Algorithm1ReachesEveryNodeOnAShortestPath) {
  for (const Size& s : {Size{2, 2}, Size{3, 2}, Size{2, 3}, Size{3, 3}, Size{4, 3}, Size{2, 4}, Size{3, 4}})
    expect_algorithm1_routes_shortest(s.k, s.n);
}

// ---------------------------------------------------------------------------
// 002 section 3.1: the example paths and faulty links of Figures 2-5, MiKANT(3,3).

TEST(MikantPaper, Figure2GoNeighborSwitch) {
  const Network& net = mikant33();
  // "if the link <1,2,0,0,0> is faulty, the current switch [<0,1,0,0>] cannot reach
  // the switch <1,1,0,0>"; the destination node <1,0,0,0> hangs on switch <1,0,0,0>.
  EXPECT_EQ(link_ends(net, "<1,2,0,0,0>"), (std::set<std::string>{"<0,1,0,0>", "<1,1,0,0>"}));
  EXPECT_EQ(via_port(net, "N<1,0,0,0>", 0), "<1,0,0,0>");
  // The two detours (the last hop is the destination switch <1,0,0,0>).
  for (const std::vector<std::string>& path :
       {std::vector<std::string>{"<0,1,0,0>", "<0,0,0,1>", "<0,1,0,1>", "<1,1,0,1>", "<1,0,0,0>"},
        std::vector<std::string>{"<0,1,0,0>", "<0,0,0,0>", "<0,1,0,2>", "<1,1,0,2>", "<1,0,0,0>"}}) {
    const std::vector<std::string> links = path_links(net, path);
    EXPECT_EQ(std::count(links.begin(), links.end(), "<1,2,0,0,0>"), 0) << path[1];
  }
  // "the neighbor switch <1,1,0,1> or <1,1,0,2> of switch <1,1,0,0> [...] via the
  // lower level switch <0,1,0,1> or <0,1,0,2>".
  EXPECT_NE(link_between(net, "<0,1,0,1>", "<1,1,0,1>"), "");
  EXPECT_NE(link_between(net, "<0,1,0,2>", "<1,1,0,2>"), "");
}

TEST(MikantPaper, Figure3GoDownLevel) {
  const Network& net = mikant33();
  // W = <0,1,0,0> to node <0,2,0,0> "via switch <0,0,0,0>"; "the link <0,1,0,0,0> is faulty".
  EXPECT_EQ(via_port(net, "N<0,2,0,0>", 0), "<0,0,0,0>");
  EXPECT_EQ(link_ends(net, "<0,1,0,0,0>"), (std::set<std::string>{"<0,1,0,0>", "<0,0,0,0>"}));
  for (const std::vector<std::string>& path :
       {std::vector<std::string>{"<0,1,0,0>", "<0,0,0,1>", "<0,1,0,1>", "<0,0,0,0>"},
        std::vector<std::string>{"<0,1,0,0>", "<0,0,0,2>", "<0,1,0,2>", "<0,0,0,0>"}}) {
    const std::vector<std::string> links = path_links(net, path);
    EXPECT_EQ(std::count(links.begin(), links.end(), "<0,1,0,0,0>"), 0) << path[1];
  }
}

TEST(MikantPaper, Figure4XTurns) {
  const Network& net = mikant33();
  // W = <0,1,0,0> to node <1,2,0,0>; "links <1,2,0,0,0>, <1,2,0,1,0> and <1,2,0,2,0>
  // are faulty": the links of W and of its neighbours <0,1,0,1>, <0,1,0,2> towards
  // <1,1,0,*> (what Go-Neighbor-Switch would use).
  EXPECT_EQ(via_port(net, "N<1,2,0,0>", 0), "<1,0,0,0>");
  const std::vector<std::string> faulty = {"<1,2,0,0,0>", "<1,2,0,1,0>", "<1,2,0,2,0>"};
  EXPECT_EQ(link_ends(net, faulty[0]), (std::set<std::string>{"<0,1,0,0>", "<1,1,0,0>"}));
  EXPECT_EQ(link_ends(net, faulty[1]), (std::set<std::string>{"<0,1,0,1>", "<1,1,0,1>"}));
  EXPECT_EQ(link_ends(net, faulty[2]), (std::set<std::string>{"<0,1,0,2>", "<1,1,0,2>"}));
  for (const std::vector<std::string>& path :
       {std::vector<std::string>{"<0,1,0,0>", "<1,1,1,0>", "<1,0,1,1>", "<1,1,1,2>", "<0,1,1,2>", "<1,1,0,2>",
                                 "<1,0,0,0>"},
        std::vector<std::string>{"<0,1,0,0>", "<1,1,2,0>", "<1,0,2,0>", "<1,1,2,1>", "<0,1,1,1>", "<1,1,0,1>",
                                 "<1,0,0,0>"}}) {
    const std::vector<std::string> links = path_links(net, path);
    for (const std::string& f : faulty) EXPECT_EQ(std::count(links.begin(), links.end(), f), 0) << path[1];
  }
}

TEST(MikantPaper, Figure5ThreeTurn) {
  const Network& net = mikant33();
  // W = <0,1,0,1>, destination node <1,0,1,1>; "the link <1,2,1,1,0> is faulty": the
  // shortest path's link from W to <1,1,1,1> (Algorithm 1: port T_1 + k = 4).
  EXPECT_EQ(via_port(net, "N<1,0,1,1>", 0), "<1,0,1,1>");
  EXPECT_EQ(link_ends(net, "<1,2,1,1,0>"), (std::set<std::string>{"<0,1,0,1>", "<1,1,1,1>"}));
  EXPECT_EQ(link_via_port(net, "<0,1,0,1>", 4), "<1,2,1,1,0>");
  const std::vector<std::string> first =
      path_links(net, {"<0,1,0,1>", "<1,1,0,1>", "<0,1,1,1>", "<1,1,1,1>"});
  EXPECT_EQ(std::count(first.begin(), first.end(), "<1,2,1,1,0>"), 0);
  // The paper's second path, <0,1,0,1> -> <1,1,2,1> -> <0,1,2,0> -> <1,1,1,1>, is not a
  // path under the paper's own rule: links between the groups keep D_0, and <0,1,2,0>
  // has D_0 = 0 against 1.  Read <0,1,2,0> as <0,1,2,1> (a misprint) and it is one.
  EXPECT_EQ(link_between(net, "<1,1,2,1>", "<0,1,2,0>"), "");
  EXPECT_EQ(link_between(net, "<0,1,2,0>", "<1,1,1,1>"), "");
  const std::vector<std::string> second = {"<0,1,0,1>", "<1,1,2,1>", "<0,1,2,1>", "<1,1,1,1>"};
  const std::vector<std::string> links = path_links(net, second);
  EXPECT_EQ(std::count(links.begin(), links.end(), "<1,2,1,1,0>"), 0);
}

// Section 3.1.4 (general form, n = 3 where its digit list is unambiguous): the link
// W = <G_W, n-2, ...> takes towards T in the other group, port T_{n-2} + k, is
// <1, n-1, W_{n-2}, ..., W_0, T_{n-2}> if G_W = 1, else <1, n-1, T_{n-2}, ..., W_0, W_{n-2}>.
TEST(MikantPaper, ThreeTurnGeneralLinkLabels) {
  for (int k : {2, 3, 4}) {
    const auto net = build(mikant_spec(k, 3));
    for (int g = 0; g < 2; ++g)
      for (const Digits& d : all_tuples(k, 2))
        for (int t1 = 0; t1 < k; ++t1) {
          const std::string want = g == 1 ? angle({1, 2, d[1], d[0], t1}) : angle({1, 2, t1, d[0], d[1]});
          EXPECT_EQ(link_via_port(*net, mk_switch(g, 1, d), static_cast<PortId>(t1 + k)), want);
        }
  }
}

// Section 3.1.2 (general form): for W = <G, 1, T_{n-2}, ..., T_1, *>, the link
// <G, 1, T_{n-2}, ..., T_1, *, T_0> joins W and <G, 0, T_{n-2}, ..., T_1, T_0>.
TEST(MikantPaper, GoDownLevelGeneralLinkLabels) {
  for (const Size& s : {Size{3, 3}, Size{2, 4}, Size{3, 4}}) {
    const auto net = build(mikant_spec(s.k, s.n));
    for (int g = 0; g < 2; ++g)
      for (const Digits& d : all_tuples(s.k, s.n - 1))
        for (int t0 = 0; t0 < s.k; ++t0) {
          Digits low = d;
          low[0] = t0;
          const std::string link = angle(high_first({g, 1}, d, {t0}));
          EXPECT_EQ(link_ends(*net, link), (std::set<std::string>{mk_switch(g, 1, d), mk_switch(g, 0, low)}));
        }
  }
}

// ---------------------------------------------------------------------------
// Whole-network checks for several (k,n): counts, ports, edges, distances.

TEST(MikantStructure, CountsAndPortsOfSection21) {
  // "2(n-1)k^{n-1} switches, (2n-1)k^n links, and 2k^n compute nodes. Each switch has
  // 2k bidirectional ports."
  for (const Size& s : kMikantSizes) {
    SCOPED_TRACE(mikant_spec(s.k, s.n));
    const auto net = build(mikant_spec(s.k, s.n));
    const std::uint64_t k = static_cast<std::uint64_t>(s.k), n = static_cast<std::uint64_t>(s.n);
    std::uint64_t switches = 0, nodes = 0;
    for (NodeId v = 0; v < net->num_nodes(); ++v) {
      const bool is_switch = net->kind(v) == NodeKind::Switch;
      (is_switch ? switches : nodes)++;
      const PortId ports = is_switch ? static_cast<PortId>(2 * k) : 1;
      EXPECT_EQ(net->num_ports(v), ports) << net->label(v);
      EXPECT_EQ(net->degree(v), ports) << net->label(v);
      for (PortId p = 0; p < net->num_ports(v); ++p) {
        const PortSlot& slot = net->port(v, p);
        ASSERT_TRUE(slot.connected()) << net->label(v) << " port " << p;
        EXPECT_EQ(net->port(slot.peer, slot.peer_port).peer, v);
        if (!is_switch) {
          EXPECT_EQ(net->kind(slot.peer), NodeKind::Switch);
        }
      }
    }
    EXPECT_EQ(switches, 2 * (n - 1) * power(k, n - 1));
    EXPECT_EQ(nodes, 2 * power(k, n));
    EXPECT_EQ(net->num_links(), (2 * n - 1) * power(k, n));
  }
}

TEST(MikantStructure, EdgesEqualThePapersRule) {
  // Every link, as (end labels, link label), against the independent construction.
  for (const Size& s : kMikantSizes) {
    SCOPED_TRACE(mikant_spec(s.k, s.n));
    const auto net = build(mikant_spec(s.k, s.n));
    const PaperGraph pg = paper_mikant(s.k, s.n);
    EXPECT_EQ(network_edges(*net, true), sorted(pg.edges));
  }
}

// Sum of distances from one compute node to all others, counted by hand from the
// paper's rule: the k-1 siblings at 2; (k-1)k^L nodes whose NCA is at level L, 1 <= L
// <= n-2, at 2L+2; (k-1)k^{n-1} nodes of the same group with another C_{n-2} at 2n
// (two crossings); the k^n nodes of the other group at 2n-1.  Closed form:
// (4n-1)k^n - 2 - 2(k^n - k)/(k-1).
std::uint64_t mikant_distance_sum_per_source(std::uint64_t k, std::uint64_t n) {
  return (4 * n - 1) * power(k, n) - 2 - 2 * (power(k, n) - k) / (k - 1);
}

TEST(MikantStructure, DiameterAndAverageDistance) {
  for (const Size& s : kMikantSizes) {
    SCOPED_TRACE(mikant_spec(s.k, s.n));
    const auto net = build(mikant_spec(s.k, s.n));
    const std::uint64_t k = static_cast<std::uint64_t>(s.k), n = static_cast<std::uint64_t>(s.n);
    const std::uint64_t terminals = 2 * power(k, n);
    const DistanceSummary d = terminal_distances(*net);
    const BruteDistances b = brute_distances(paper_mikant(s.k, s.n));
    ASSERT_TRUE(d.complete());
    EXPECT_EQ(d.terminals, terminals);
    EXPECT_EQ(d.pairs, terminals * (terminals - 1));
    EXPECT_EQ(d.unreachable, 0u);
    EXPECT_EQ(d.diameter, 2 * n);  // section 2.1: "The diameter of MiKANT(k,n) is 2n"
    EXPECT_EQ(b.diameter, 2 * s.n);
    EXPECT_EQ(d.pairs, b.pairs);
    EXPECT_EQ(d.distance_sum, b.sum);
    EXPECT_EQ(b.sum, terminals * mikant_distance_sum_per_source(k, n));
    // The paper's average distance, read as 2n - 1/(k-1) + 1/((k-1)k^n) - 1/2 (it prints
    // "(2n-1)/(k-1) + 1/(k-1)k^n - 1/2"), is sum / terminals^2, i.e. averaged over all
    // ordered pairs including a node with itself.  Times (k-1) terminals^2:
    EXPECT_EQ(d.distance_sum * (k - 1), terminals * (((4 * n - 1) * (k - 1) - 2) * power(k, n) + 2));
  }
}

TEST(MikantStructure, BadParametersAreInputErrors) {
  // Section 2.1: "a restriction of n >= 2"; a k-ary tree needs k >= 2; the compute
  // nodes are all there (nodes = k, the default) or none (nodes = 0).
  for (const char* bad : {"mikant(3,1)", "mikant(1,3)", "mikant(0,3)", "mikant(3,0)", "mikant(-2,3)", "mikant(3)",
                          "mikant(3,3,2)", "mikant(3,3,3,3)", "mikant(k=3)", "mikant(2,40)"})
    EXPECT_THROW(Registry::builtin().build(bad), InputError) << bad;
  EXPECT_NO_THROW(Registry::builtin().build("mikant(2,2)"));
  EXPECT_NO_THROW(Registry::builtin().build("mikant(k=3, n=3)"));
}

// ---------------------------------------------------------------------------
// k-ary n-tree (Petrini and Vanneschi), the fat tree MiKANT mirrors.

std::string tree_spec(int k, int n) { return "kary_ntree(" + std::to_string(k) + "," + std::to_string(n) + ")"; }

const std::vector<Size> kTreeSizes = {{2, 1}, {3, 1}, {2, 2}, {3, 2}, {2, 3}, {3, 3}, {4, 3}, {2, 4}, {3, 4}, {4, 4}};

TEST(KaryNTree, CountsAndPorts) {
  // n k^{n-1} switches of radix 2k, k^n nodes, n k^n links; root up-ports unconnected.
  for (const Size& s : kTreeSizes) {
    SCOPED_TRACE(tree_spec(s.k, s.n));
    const auto net = build(tree_spec(s.k, s.n));
    const std::uint64_t k = static_cast<std::uint64_t>(s.k), n = static_cast<std::uint64_t>(s.n);
    const PaperGraph pg = paper_kary_ntree(s.k, s.n);
    std::uint64_t switches = 0, nodes = 0, roots = 0;
    for (NodeId v = 0; v < net->num_nodes(); ++v) {
      if (net->kind(v) == NodeKind::Endpoint) {
        ++nodes;
        EXPECT_EQ(net->num_ports(v), 1u);
        EXPECT_EQ(net->degree(v), 1u);
        continue;
      }
      ++switches;
      const bool root = pg.vertex[pg.index.at(net->label(v))].l == 0;
      roots += root ? 1 : 0;
      EXPECT_EQ(net->num_ports(v), static_cast<PortId>(2 * k));
      EXPECT_EQ(net->degree(v), root ? k : 2 * k) << net->label(v);
    }
    EXPECT_EQ(switches, n * power(k, n - 1));
    EXPECT_EQ(roots, power(k, n - 1));
    EXPECT_EQ(nodes, power(k, n));
    EXPECT_EQ(net->num_links(), n * power(k, n));
  }
}

TEST(KaryNTree, EdgesEqualPetriniVanneschi) {
  for (const Size& s : kTreeSizes) {
    SCOPED_TRACE(tree_spec(s.k, s.n));
    const auto net = build(tree_spec(s.k, s.n));
    EXPECT_EQ(network_edges(*net, false), sorted(paper_kary_ntree(s.k, s.n).edges));
  }
}

TEST(KaryNTree, SmallExample) {
  // 3-ary 3-tree: <0,1,0> (level 0, a root) has children <w',1> with w'_1 = 1 and w'_0 free.
  const auto net = build("kary_ntree(3,3)");
  std::set<std::string> children;
  for (const PortSlot& slot : net->ports(id(*net, "<0,1,0>")))
    if (slot.connected()) children.insert(net->label(slot.peer));
  EXPECT_EQ(children, (std::set<std::string>{"<0,1,1>", "<1,1,1>", "<2,1,1>"}));
  // Leaf <2,1,2> links the nodes (2,1,*).
  std::set<std::string> leaves;
  for (const PortSlot& slot : net->ports(id(*net, "<2,1,2>")))
    if (net->kind(slot.peer) == NodeKind::Endpoint) leaves.insert(net->label(slot.peer));
  EXPECT_EQ(leaves, (std::set<std::string>{"(2,1,0)", "(2,1,1)", "(2,1,2)"}));
}

TEST(KaryNTree, DiameterAndAverageDistance) {
  // Diameter 2n; per source, the (k-1)k^{n-1-i} nodes first differing at position i
  // meet it at level i, distance 2(n-i).
  for (const Size& s : kTreeSizes) {
    SCOPED_TRACE(tree_spec(s.k, s.n));
    const auto net = build(tree_spec(s.k, s.n));
    const std::uint64_t k = static_cast<std::uint64_t>(s.k), n = static_cast<std::uint64_t>(s.n);
    const DistanceSummary d = terminal_distances(*net);
    const BruteDistances b = brute_distances(paper_kary_ntree(s.k, s.n));
    std::uint64_t per_source = 0;
    for (std::uint64_t i = 0; i < n; ++i) per_source += 2 * (n - i) * (k - 1) * power(k, n - 1 - i);
    ASSERT_TRUE(d.complete());
    EXPECT_EQ(d.pairs, power(k, n) * (power(k, n) - 1));
    EXPECT_EQ(d.unreachable, 0u);
    EXPECT_EQ(d.diameter, 2 * n);
    EXPECT_EQ(b.diameter, 2 * s.n);
    EXPECT_EQ(d.distance_sum, b.sum);
    EXPECT_EQ(b.sum, power(k, n) * per_source);
  }
}

TEST(KaryNTree, BadParametersAreInputErrors) {
  for (const char* bad : {"kary_ntree(1,3)", "kary_ntree(3,0)", "kary_ntree(3)", "kary_ntree(2,60)"})
    EXPECT_THROW(Registry::builtin().build(bad), InputError) << bad;
}

}  // namespace
}  // namespace menger
