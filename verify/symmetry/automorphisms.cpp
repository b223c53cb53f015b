#include "verify/symmetry/automorphisms.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/error.h"
#include "verify/symmetry/nauty_group.h"

namespace menger {

namespace {

// Colour classes are numbered in the order of their keys, so that the same
// model gives the same partition.
class Palette {
 public:
  std::uint64_t colour(std::vector<std::uint64_t> key) { return ids_.emplace(std::move(key), ids_.size()).first->second; }
  // Renumbers so that colour ids follow key order (nauty's cells then do too).
  std::vector<std::uint64_t> ranks() const {
    std::vector<std::uint64_t> rank(ids_.size());
    std::uint64_t r = 0;
    for (const auto& [key, id] : ids_) rank[id] = r++;
    return rank;
  }

 private:
  std::map<std::vector<std::uint64_t>, std::uint64_t> ids_;
};

enum Role : std::uint64_t { kNode, kUndirectedLink, kTailHalf, kHeadHalf, kGroupUnit, kPortHalf };

std::uint64_t link_weight(const FaultModel& m, LinkId l) {
  const auto u = m.unit_of_link(l);
  return u ? m.weight(*u) : 0;
}

// Links bundled by (ends, direction, fault weight): undirected ends in
// increasing order.  The value is the bundle's multiplicity.
using Bundle = std::tuple<NodeId, NodeId, bool, std::uint64_t>;

std::map<Bundle, std::uint64_t> bundles(const FaultModel& m, const Budget& budget) {
  const Network& net = m.network();
  std::map<Bundle, std::uint64_t> out;
  for (LinkId l = 0; l < net.num_links(); ++l) {
    if ((l & 0xffff) == 0) budget.check("encoding the network for nauty", l, net.num_links());
    const Link& k = net.link(l);
    const NodeId a = k.directed ? k.a : std::min(k.a, k.b), b = k.directed ? k.b : std::max(k.a, k.b);
    ++out[{a, b, k.directed, link_weight(m, l)}];
  }
  return out;
}

// True when the bundles can be plain edges: undirected, single, one weight.
bool plain_bundles(const std::map<Bundle, std::uint64_t>& b) {
  if (b.empty()) return true;
  const std::uint64_t weight = std::get<3>(b.begin()->first);
  return std::all_of(b.begin(), b.end(), [&](const auto& e) {
    return !std::get<2>(e.first) && std::get<3>(e.first) == weight && e.second == 1;
  });
}

ColouredGraph encode(const FaultModel& m, std::span<const NodeId> fixed, Preserve preserve,
                     std::span<const std::uint64_t> node_colours, const Budget& budget) {
  const Network& net = m.network();
  const FaultUniverse& uni = m.universe();
  const bool groups = uni.kind() != UnitKind::Link && !m.flow_expressible();
  Palette palette;
  ColouredGraph g;
  g.n = net.num_nodes();
  std::vector<std::uint64_t> colour;
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if ((v & 0xffff) == 0) budget.check("encoding the network for nauty", v, net.num_nodes());
    const auto unit = m.unit_of_node(v);
    const std::uint64_t weight = unit && !groups ? m.weight(*unit) : 0;
    const auto f = std::find(fixed.begin(), fixed.end(), v);
    const std::uint64_t individual = f == fixed.end() ? 0 : 1 + std::uint64_t(f - fixed.begin());
    const std::uint64_t own = node_colours.empty() ? 0 : node_colours[v];
    colour.push_back(
        palette.colour({kNode, static_cast<std::uint64_t>(net.kind(v)), unit ? 1u : 0u, weight, individual, own}));
  }
  auto add_vertex = [&](std::vector<std::uint64_t> key) {
    colour.push_back(palette.colour(std::move(key)));
    return g.n++;
  };
  if (preserve == Preserve::Ports) {
    for (LinkId l = 0; l < net.num_links(); ++l) {  // halves coloured (port, tail/head/undirected, weight)
      if ((l & 0xffff) == 0) budget.check("encoding the network for nauty", l, net.num_links());
      const Link& k = net.link(l);
      const std::uint64_t role_a = k.directed ? kTailHalf : kUndirectedLink, role_b = k.directed ? kHeadHalf : kUndirectedLink;
      const std::uint32_t x = add_vertex({kPortHalf, k.pa, role_a, link_weight(m, l)});
      const std::uint32_t y = add_vertex({kPortHalf, k.pb, role_b, link_weight(m, l)});
      g.edges.emplace_back(k.a, x);
      g.edges.emplace_back(x, y);
      g.edges.emplace_back(y, k.b);
    }
  } else {
    // Parallel links of one direction and weight are one bundle coloured by its
    // multiplicity: swapping them moves no node, and nauty is far slower on
    // the huge groups such swaps make (min(stages=4, radix=4,
    // wiring=non_interwired): 46 s subdivided link by link).
    const auto all = bundles(m, budget);
    const bool plain = plain_bundles(all);
    for (const auto& [key, count] : all) {
      const auto [a, b, directed, weight] = key;
      if (plain) {
        g.edges.emplace_back(a, b);
      } else if (!directed) {
        const std::uint32_t x = add_vertex({kUndirectedLink, weight, count});
        g.edges.emplace_back(a, x);
        g.edges.emplace_back(x, b);
      } else {
        const std::uint32_t x = add_vertex({kTailHalf, weight, count});
        const std::uint32_t y = add_vertex({kHeadHalf, weight, count});
        g.edges.emplace_back(a, x);
        g.edges.emplace_back(x, y);
        g.edges.emplace_back(y, b);
      }
    }
  }
  for (std::size_t u = 0; groups && u < uni.size(); ++u) {
    const std::uint32_t x = add_vertex({kGroupUnit, m.weight(u)});
    for (NodeId v : uni.nodes_of(u)) g.edges.emplace_back(v, x);
  }
  const auto rank = palette.ranks();
  for (std::uint64_t& c : colour) c = rank[c];
  g.colour = std::move(colour);
  return g;
}

bool identity(const Permutation& p) {
  for (NodeId v = 0; v < p.size(); ++v)
    if (p[v] != v) return false;
  return true;
}

}  // namespace

std::size_t NodeGroup::orbit_count() const {
  std::size_t c = 0;
  for (NodeId v = 0; v < root.size(); ++v) c += root[v] == v;
  return c;
}

NodeGroup fault_model_automorphisms(const FaultModel& model, std::span<const NodeId> fixed, Preserve preserve,
                                    std::span<const std::uint64_t> colours, const Budget& budget) {
  const Network& net = model.network();
  for (NodeId v : fixed)
    if (v >= net.num_nodes()) throw InputError("automorphisms: a fixed node is not in the network");
  if (!colours.empty() && colours.size() != net.num_nodes())
    throw InternalError("automorphisms: node colours given for " + std::to_string(colours.size()) + " of " +
                        std::to_string(net.num_nodes()) + " nodes");
  const GraphGroup found = nauty_automorphisms(encode(model, fixed, preserve, colours, budget), budget);
  NodeGroup out;
  out.order = found.order_text();
  for (std::size_t i = 0; i < found.generators.size(); ++i) {
    budget.check("re-checking nauty's generators", i, found.generators.size());
    const auto& full = found.generators[i];
    Permutation p(full.begin(), full.begin() + net.num_nodes());
    if (identity(p)) continue;  // a permutation of parallel links only
    const auto why = preserve == Preserve::Ports ? port_automorphism_problem(model, p) : automorphism_problem(model, p);
    if (why)
      throw InternalError("nauty returned a generator that is not an automorphism of " + net.spec() + ": " + *why);
    for (NodeId v : fixed)
      if (p[v] != v) throw InternalError("nauty returned a generator that moves an individualised node");
    for (NodeId v = 0; v < colours.size(); ++v)
      if (colours[p[v]] != colours[v]) throw InternalError("nauty returned a generator that changes a node's colour");
    out.generators.push_back(std::move(p));
  }
  out.root = orbit_roots(net.num_nodes(), out.generators);
  return out;
}

NodeGroup network_automorphisms(const Network& net, std::span<const NodeId> fixed, Preserve preserve,
                                const Budget& budget) {
  FaultModelSpec spec;
  spec.units = UnitChoice::Nodes;
  spec.pairs = default_pairs(net);
  const FaultModel model(net, spec, budget);
  return fault_model_automorphisms(model, fixed, preserve, {}, budget);
}

std::uint64_t ordered_pair_orbits(const Network& net, const NodeGroup& group, Preserve preserve,
                                  const Budget& budget) {
  std::uint64_t total = 0;
  for (NodeId s = 0; s < net.num_nodes(); ++s) {
    if (group.root[s] != s) continue;
    const NodeId one[] = {s};
    total += network_automorphisms(net, one, preserve, budget).orbit_count() - 1;
  }
  return total;
}

}  // namespace menger
