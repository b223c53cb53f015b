#include "verify/route/pair_plan.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "verify/symmetry/automorphisms.h"

namespace menger {

namespace {

bool all_routers_undirected(const Network& net) {
  if (net.has_directed_links()) return false;
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.kind(v) != NodeKind::Router) return false;
  return true;
}

std::vector<bool> adjacent_to(const Network& net, NodeId v) {
  std::vector<bool> adj(net.num_nodes(), false);
  for (NodeId u : net.out_neighbors(v)) adj[u] = true;
  return adj;
}

// Moves a greedy independent set of the pivot's targets (first in id order)
// from the pair list to the fan targets.  Under symmetry the set is one of
// orbits: no neighbour of a fan target lies in a fan target's orbit (its own
// included), so every neighbour's orbit is settled by a flow.
void set_aside_fan_targets(const Network& net, PairPlan& p, const Budget& budget) {
  const auto& root = p.orbit_root;
  std::vector<char> fan(net.num_nodes(), 0), target(net.num_nodes(), 0);
  for (const auto& [a, b] : p.pairs)
    if (a == p.pivot || b == p.pivot) target[a == p.pivot ? b : a] = 1;
  for (NodeId x = 0; x < net.num_nodes(); ++x) {
    if ((x & 0xffff) == 0) budget.check("planning the pairs to search", x, net.num_nodes());
    if (!target[x]) continue;
    bool free = true;
    for (NodeId u : net.out_neighbors(x)) free &= !fan[root[u]] && root[u] != root[x];
    if (free) {
      fan[x] = 1;
      p.fan_targets.push_back(x);
    }
  }
  std::erase_if(p.pairs, [&](const std::pair<NodeId, NodeId>& q) {
    return (q.first == p.pivot && fan[q.second]) || (q.second == p.pivot && fan[q.first]);
  });
}

// Keeps one pair per orbit of the pivot's stabiliser: targets that are the
// least node of their orbit, and the least neighbour pair of each orbit of
// unordered pairs.  Without symmetry (or a trivial group) nothing changes.
void reduce_by_stabiliser(const FaultModel& m, PairPlan& p, const Budget& budget) {
  const NodeId fixed[] = {p.pivot};
  NodeGroup g = fault_model_automorphisms(m, fixed, Preserve::Links, {}, budget);
  if (g.generators.empty()) return;
  p.symmetry = std::move(g.generators);
  p.symmetry_order = g.order;
  p.orbit_root = std::move(g.root);
  std::vector<std::pair<NodeId, NodeId>> kept, neighbour_pairs;
  for (const auto& q : p.pairs) {
    const bool pivot_pair = q.first == p.pivot || q.second == p.pivot;
    const NodeId w = q.first == p.pivot ? q.second : q.first;
    if (!pivot_pair) neighbour_pairs.push_back(q);
    else if (p.orbit_root[w] == w) kept.push_back(q);
  }
  const auto roots = pair_orbit_roots(neighbour_pairs, p.symmetry, true);
  for (std::size_t i = 0; i < neighbour_pairs.size(); ++i)
    if (roots[i] == i) kept.push_back(neighbour_pairs[i]);
  std::sort(kept.begin(), kept.end());
  p.pairs = std::move(kept);
}

PairPlan esfahanian_hakimi(const FaultModel& m, const Budget& budget) {
  const Network& net = m.network();
  PairPlan p;
  p.method = "esfahanian-hakimi";
  // A node that can never fail needs no neighbour pairs; otherwise the least degree.
  NodeId v = 0;
  bool immortal = false;
  for (NodeId u = 0; u < net.num_nodes(); ++u) {
    if ((u & 0xffff) == 0) budget.check("planning the pairs to search", u, net.num_nodes());
    const bool u_immortal = !m.unit_of_node(u);
    if ((u_immortal && !immortal) || (u_immortal == immortal && net.degree(u) < net.degree(v))) {
      v = u;
      immortal = u_immortal;
    }
  }
  p.pivot = v;
  const auto adj_v = adjacent_to(net, v);
  for (NodeId w = 0; w < net.num_nodes(); ++w)
    if (w != v && !adj_v[w]) p.pairs.emplace_back(std::min(v, w), std::max(v, w));
  if (!immortal) {
    std::vector<NodeId> nb(net.out_neighbors(v).begin(), net.out_neighbors(v).end());
    std::sort(nb.begin(), nb.end());
    nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
    for (std::size_t i = 0; i < nb.size(); ++i) {
      const auto adj_x = adjacent_to(net, nb[i]);
      for (std::size_t j = i + 1; j < nb.size(); ++j)
        if (!adj_x[nb[j]]) p.pairs.emplace_back(nb[i], nb[j]);
    }
  }
  std::sort(p.pairs.begin(), p.pairs.end());
  p.pairs.erase(std::unique(p.pairs.begin(), p.pairs.end()), p.pairs.end());
  return p;
}

PairPlan single_source(const FaultModel& m) {
  PairPlan p;
  p.method = "single-source";
  p.pivot = 0;
  for (NodeId w = 1; w < m.network().num_nodes(); ++w) p.pairs.emplace_back(0, w);
  return p;
}

PairPlan by_twins(const FaultModel& m) {
  PairPlan p;
  p.method = "twin-classes";
  const bool ordered = m.network().has_directed_links();
  const auto classes = twin_classes(m);
  for (std::size_t a = 0; a < classes.size(); ++a) {
    const NodeId s = classes[a].front();
    if (m.pair_required(s, s)) p.pairs.emplace_back(s, s);
    if (classes[a].size() > 1) p.pairs.emplace_back(s, classes[a][1]);
    for (std::size_t b = ordered ? 0 : a + 1; b < classes.size(); ++b)
      if (b != a) p.pairs.emplace_back(s, classes[b].front());
  }
  std::sort(p.pairs.begin(), p.pairs.end());
  return p;
}

// One pair per orbit of required pairs under the fault model's whole group
// (pair-orbits); none when the group is trivial or the terminals too many
// for the dense table.  Twin swaps are automorphisms, so this never plans
// more pairs than twin-classes; it is used only when it plans fewer.
std::optional<PairPlan> by_pair_orbits(const FaultModel& m, const Budget& budget) {
  const auto& terms = m.terminals();
  if (terms.size() > kMaxPairOrbitTerminals) return std::nullopt;
  NodeGroup g = fault_model_automorphisms(m, {}, Preserve::Links, {}, budget);
  if (g.generators.empty()) return std::nullopt;
  const bool unordered = !m.network().has_directed_links();
  const auto root = terminal_pair_orbit_roots(terms, g.generators, unordered);
  PairPlan p;
  p.method = "pair-orbits";
  const std::size_t t = terms.size();
  for (std::size_t i = 0; i < t; ++i)
    for (std::size_t j = 0; j < t; ++j)
      if (root[i * t + j] == i * t + j && m.pair_required(terms[i], terms[j])) p.pairs.emplace_back(terms[i], terms[j]);
  std::sort(p.pairs.begin(), p.pairs.end());
  p.symmetry = std::move(g.generators);
  p.symmetry_order = g.order;
  return p;
}

// Is the least breaking weight the least unit weight, shown by a terminal
// alone?  A terminal x whose only links go to one neighbour u (node faults:
// u's unit; link faults: the units of x's links) is cut from every other
// terminal by those units; when they weigh the least any unit weighs, no
// breaking set weighs less.  Every flow of the plan then stops at its first
// path, so the plan costs a breadth-first search per pair, and the group of
// pair-orbits would cost more than it saves: nauty on a fat tree's endpoints,
// interchangeable by the thousand, took 10 s where the flows took 0.01 s
// (issue 40).
bool least_cut_is_a_terminals(const FaultModel& m) {
  const Network& net = m.network();
  if (m.terminals().size() < 3 || net.has_directed_links() || m.spec().pairs != PairChoice::AllTerminals) return false;
  std::uint64_t least = UINT64_MAX;
  for (std::size_t u = 0; u < m.universe().size(); ++u) least = std::min<std::uint64_t>(least, m.weight(u));
  if (least == 0 || least == UINT64_MAX) return false;
  for (NodeId x : m.terminals()) {
    std::set<NodeId> peers;
    std::set<std::size_t> units;
    bool all_failable = true;
    for (PortId p = 0; p < net.num_ports(x); ++p) {
      const PortSlot& s = net.port(x, p);
      if (!s.connected()) continue;
      peers.insert(s.peer);
      const auto unit = m.universe().kind() == UnitKind::Link ? m.unit_of_link(s.link) : m.unit_of_node(s.peer);
      if (unit) units.insert(*unit);
      else all_failable = false;
    }
    if (peers.size() != 1 || units.empty() || !all_failable) continue;
    const auto own = m.unit_of_node(x);
    if (own && units.count(*own)) continue;  // the cut fails x itself
    const auto partner = std::find_if(m.terminals().begin(), m.terminals().end(), [&](NodeId y) {
      const auto unit = m.unit_of_node(y);
      return y != x && !peers.count(y) && !(unit && units.count(*unit));
    });
    if (partner == m.terminals().end()) continue;  // no healthy terminal left on the other side
    std::uint64_t w = 0;
    for (std::size_t u : units) w += m.weight(u);
    if (w == least) return true;
  }
  return false;
}

// Is the group worth computing for pair-orbits (issue 40: never slower than
// the plain plan)?  Two estimates in the same unit (elementary steps), both
// known before nauty runs:
//   plain: the twin plan's flows, each at most (least terminal degree) paths
//          of one breadth-first search over nodes and links;
//   group: at least the orbit table, terminals^2 unions per generator, and
//          nauty gives at least one generator per twin beyond the first of
//          its class (swapping two twins is an automorphism); plus nauty's
//          own refinement, at least nodes x links.
// fattree(16) under switch-link faults: 1,024 terminals in 128 twin classes,
// the table alone 9e8 unions (32 s), the flows 0.16 s.
bool group_costs_more(const FaultModel& m, const PairPlan& twins) {
  const Network& net = m.network();
  std::uint64_t least_degree = UINT64_MAX, twins_beyond_first = 0;
  for (NodeId v : m.terminals()) least_degree = std::min<std::uint64_t>(least_degree, net.degree(v));
  for (const auto& c : twin_classes(m)) twins_beyond_first += c.size() - 1;
  const double t = static_cast<double>(m.terminals().size()), size = double(net.num_nodes()) + double(net.num_links());
  const double plain = static_cast<double>(twins.pairs.size()) * size * static_cast<double>(std::max<std::uint64_t>(least_degree, 1));
  const double group = t * t * static_cast<double>(std::max<std::uint64_t>(twins_beyond_first, 1)) +
                       double(net.num_nodes()) * double(net.num_links());
  return group > plain;
}

}  // namespace

std::vector<std::vector<NodeId>> twin_classes(const FaultModel& m) {
  const Network& net = m.network();
  // Signature: kind, unit weight (0: cannot fail), sorted in/out neighbour lists.
  // Weighted link units are left unreduced: a swap would have to match weights link by link.
  const bool reduce = !(m.weighted() && m.universe().kind() == UnitKind::Link);
  std::map<std::vector<std::uint64_t>, std::vector<NodeId>> groups;
  std::vector<std::vector<NodeId>> singles;
  for (NodeId v : m.terminals()) {
    if (!reduce) {
      singles.push_back({v});
      continue;
    }
    std::vector<std::uint64_t> sig;
    sig.push_back(static_cast<std::uint64_t>(net.kind(v)));
    const auto unit = m.unit_of_node(v);
    sig.push_back(unit ? m.weight(*unit) : 0);
    std::vector<NodeId> out(net.out_neighbors(v).begin(), net.out_neighbors(v).end());
    std::vector<NodeId> in(net.in_neighbors(v).begin(), net.in_neighbors(v).end());
    std::sort(out.begin(), out.end());
    std::sort(in.begin(), in.end());
    if (std::binary_search(out.begin(), out.end(), v)) {  // cannot happen: no self-loops
      singles.push_back({v});
      continue;
    }
    sig.push_back(out.size());
    sig.insert(sig.end(), out.begin(), out.end());
    sig.insert(sig.end(), in.begin(), in.end());
    groups[sig].push_back(v);
  }
  std::vector<std::vector<NodeId>> classes = std::move(singles);
  for (auto& [sig, members] : groups) {
    // Twins must not be linked to each other; a signature shared by adjacent
    // nodes would list each in the other's neighbours, so it cannot happen.
    classes.push_back(members);
  }
  for (auto& c : classes) std::sort(c.begin(), c.end());
  std::sort(classes.begin(), classes.end());
  return classes;
}

PairPlan plan_pairs(const FaultModel& m, bool symmetry, const Budget& budget) {
  const Network& net = m.network();
  PairPlan p;
  const bool routers = all_routers_undirected(net) && m.spec().pairs == PairChoice::AllTerminals;
  if (routers && m.universe().kind() != UnitKind::Link && m.flow_expressible()) p = esfahanian_hakimi(m, budget);
  else if (routers && m.universe().kind() == UnitKind::Link) p = single_source(m);
  else {
    p = by_twins(m);
    const bool worth = symmetry && !least_cut_is_a_terminals(m) && !group_costs_more(m, p);
    auto orbits = worth ? by_pair_orbits(m, budget) : std::nullopt;
    if (orbits && orbits->pairs.size() < p.pairs.size()) p = std::move(*orbits);
  }
  p.orbit_root.resize(net.num_nodes());
  std::iota(p.orbit_root.begin(), p.orbit_root.end(), NodeId{0});
  if (p.pivot != kNoNode) {
    if (symmetry) reduce_by_stabiliser(m, p, budget);
    set_aside_fan_targets(net, p, budget);
  }
  const std::uint64_t t = m.terminals().size();
  p.required_pairs = m.spec().pairs == PairChoice::InputsToOutputs ? t * t : t * (t - (t > 0));
  return p;
}

}  // namespace menger
