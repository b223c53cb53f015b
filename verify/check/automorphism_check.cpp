// Deliberately self-contained (no nauty, no engine): see the header.
#include "verify/check/automorphism_check.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

#include "core/error.h"

namespace menger {

namespace {

// Union-find with the least element as root, so roots are canonical.
class LeastRootSets {
 public:
  explicit LeastRootSets(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), std::size_t{0}); }
  std::size_t find(std::size_t v) {
    while (parent_[v] != v) v = parent_[v] = parent_[parent_[v]];
    return v;
  }
  void join(std::size_t a, std::size_t b) {
    a = find(a), b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::vector<std::size_t> parent_;
};

std::optional<std::string> not_a_permutation(const Permutation& g, NodeId n) {
  if (g.size() != n) return "it maps " + std::to_string(g.size()) + " nodes, the network has " + std::to_string(n);
  std::vector<char> hit(n, 0);
  for (NodeId v : g) {
    if (v >= n || hit[v]) return std::string("it is not a permutation of the nodes");
    hit[v] = 1;
  }
  return std::nullopt;
}

// The link weight a model gives: 0 when the link cannot fail on its own.
std::uint64_t link_weight(const FaultModel& m, LinkId l) {
  const auto u = m.unit_of_link(l);
  return u ? m.weight(*u) : 0;
}

using LinkKey = std::tuple<NodeId, NodeId, bool, std::uint64_t>;

LinkKey link_key(NodeId a, NodeId b, bool directed, std::uint64_t weight) {
  if (!directed && b < a) std::swap(a, b);
  return {a, b, directed, weight};
}

std::optional<std::string> links_problem(const FaultModel& m, const Permutation& g) {
  const Network& net = m.network();
  std::vector<LinkKey> before, after;
  for (LinkId l = 0; l < net.num_links(); ++l) {
    const Link& k = net.link(l);
    before.push_back(link_key(k.a, k.b, k.directed, link_weight(m, l)));
    after.push_back(link_key(g[k.a], g[k.b], k.directed, link_weight(m, l)));
  }
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  if (before != after) return std::string("it does not map the links onto the links (with direction and fault weight)");
  return std::nullopt;
}

std::optional<std::string> node_units_problem(const FaultModel& m, const Permutation& g) {
  const Network& net = m.network();
  const FaultUniverse& uni = m.universe();
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if (net.kind(v) != net.kind(g[v])) return "it maps " + net.label(v) + " to a node of another kind";
    if (m.unit_of_node(v).has_value() != m.unit_of_node(g[v]).has_value())
      return "it maps " + net.label(v) + " to a node that " + (m.unit_of_node(v) ? "cannot fail" : "can fail");
  }
  if (uni.kind() == UnitKind::Link) return std::nullopt;
  for (std::size_t u = 0; u < uni.size(); ++u) {
    const auto& members = uni.nodes_of(u);
    if (members.empty()) continue;
    const auto image = m.unit_of_node(g[members.front()]);
    if (!image || m.weight(*image) != m.weight(u)) return "it maps unit " + uni.label(u) + " to a unit of another weight";
    std::vector<NodeId> mapped;
    for (NodeId v : members) mapped.push_back(g[v]);
    std::sort(mapped.begin(), mapped.end());
    std::vector<NodeId> target = uni.nodes_of(*image);
    std::sort(target.begin(), target.end());
    if (mapped != target) return "it splits fault unit " + uni.label(u);
  }
  return std::nullopt;
}

std::optional<std::string> terminals_problem(const FaultModel& m, const Permutation& g) {
  const auto& t = m.terminals();
  for (NodeId v : t)
    if (!std::binary_search(t.begin(), t.end(), g[v])) return "it maps terminal " + m.network().label(v) + " to a non-terminal";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> automorphism_problem(const FaultModel& model, const Permutation& g) {
  if (auto p = not_a_permutation(g, model.network().num_nodes())) return p;
  if (auto p = node_units_problem(model, g)) return p;
  if (auto p = terminals_problem(model, g)) return p;
  return links_problem(model, g);
}

std::optional<std::string> port_automorphism_problem(const FaultModel& model, const Permutation& g) {
  if (auto p = automorphism_problem(model, g)) return p;
  const Network& net = model.network();
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if (net.num_ports(v) != net.num_ports(g[v])) return "it maps " + net.label(v) + " to a node with other ports";
    for (PortId p = 0; p < net.num_ports(v); ++p) {
      const PortSlot &a = net.port(v, p), &b = net.port(g[v], p);
      const bool same = a.connected() == b.connected() &&
                        (!a.connected() || (b.peer == g[a.peer] && b.peer_port == a.peer_port && b.dir == a.dir));
      if (!same) return "it does not keep port " + std::to_string(p) + " of " + net.label(v);
    }
  }
  return std::nullopt;
}

std::vector<NodeId> orbit_roots(NodeId n, const std::vector<Permutation>& gens) {
  LeastRootSets sets(n);
  for (const auto& g : gens) {
    if (g.size() != n) throw InputError("orbits: a permutation of the wrong length");
    for (NodeId v = 0; v < n; ++v) sets.join(v, g[v]);
  }
  std::vector<NodeId> root(n);
  for (NodeId v = 0; v < n; ++v) root[v] = static_cast<NodeId>(sets.find(v));
  return root;
}

std::vector<std::size_t> pair_orbit_roots(const std::vector<std::pair<NodeId, NodeId>>& pairs,
                                          const std::vector<Permutation>& gens, bool unordered) {
  auto key = [unordered](NodeId a, NodeId b) {
    return unordered && b < a ? std::pair(b, a) : std::pair(a, b);
  };
  std::map<std::pair<NodeId, NodeId>, std::size_t> index;
  for (std::size_t i = 0; i < pairs.size(); ++i) index.emplace(key(pairs[i].first, pairs[i].second), i);
  LeastRootSets sets(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto [a, b] = pairs[i];
    if (unordered) sets.join(i, index.at(key(a, b)));
    for (const auto& g : gens) {
      if (a >= g.size() || b >= g.size()) throw InputError("pair orbits: a pair names a node the permutation lacks");
      const auto it = index.find(key(g[a], g[b]));
      if (it == index.end()) throw InputError("pair orbits: the pairs are not closed under the group");
      sets.join(i, it->second);
    }
  }
  std::vector<std::size_t> root(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) root[i] = sets.find(i);
  return root;
}

std::vector<std::uint32_t> terminal_pair_orbit_roots(const std::vector<NodeId>& terminals,
                                                     const std::vector<Permutation>& gens, bool unordered) {
  const std::size_t t = terminals.size();
  if (t > 65'536) throw InputError("pair orbits: too many terminals for a dense table");
  std::map<NodeId, std::size_t> index;
  for (std::size_t i = 0; i < t; ++i) index.emplace(terminals[i], i);
  // Per generator, the image of each terminal's index.
  std::vector<std::vector<std::size_t>> images;
  for (const auto& g : gens) {
    std::vector<std::size_t> image(t);
    for (std::size_t i = 0; i < t; ++i) {
      const auto it = terminals[i] < g.size() ? index.find(g[terminals[i]]) : index.end();
      if (it == index.end()) throw InputError("pair orbits: a permutation maps a terminal off the terminals");
      image[i] = it->second;
    }
    images.push_back(std::move(image));
  }
  LeastRootSets sets(t * t);
  for (std::size_t i = 0; i < t; ++i)
    for (std::size_t j = 0; j < t; ++j) {
      if (unordered) sets.join(i * t + j, j * t + i);
      for (const auto& image : images) sets.join(i * t + j, image[i] * t + image[j]);
    }
  std::vector<std::uint32_t> root(t * t);
  for (std::size_t p = 0; p < t * t; ++p) root[p] = static_cast<std::uint32_t>(sets.find(p));
  return root;
}

}  // namespace menger
