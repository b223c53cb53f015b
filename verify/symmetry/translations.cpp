#include "verify/symmetry/translations.h"

#include <deque>
#include <numeric>

#include "verify/check/automorphism_check.h"

namespace menger {

std::vector<NodeId> orbit_roots(const Network& net, const std::vector<std::vector<NodeId>>& gens) {
  return orbit_roots(net.num_nodes(), gens);  // automorphism_check.h: one union-find for every group
}

bool symmetric_fault_model(const FaultModel& model) {
  // Translations map nodes to nodes and links to links of the same kinds, so
  // the node and link universes are invariant; groups and weights need not be.
  const auto& spec = model.spec();
  return spec.groups.empty() && spec.weights.empty() && model.network().packages().empty();
}

namespace {

// The unit a translation `t` (a node map) takes unit u to, if any.
std::optional<std::uint32_t> image_unit(const FaultModel& model, const NodeId* t, std::size_t u) {
  const FaultUniverse& uni = model.universe();
  const Network& net = model.network();
  std::optional<std::size_t> image;
  if (uni.kind() == UnitKind::Link) {
    // Port-preserving: port p of v leads where port p of t(v) leads, translated.
    const Link& l = net.link(uni.link_of(u));
    const PortSlot& slot = net.port(t[l.a], l.pa);
    if (!slot.connected() || slot.peer != t[l.b] || slot.peer_port != l.pb) return std::nullopt;
    image = model.unit_of_link(slot.link);
  } else {
    const auto& nodes = uni.nodes_of(u);
    if (nodes.size() != 1) return std::nullopt;
    image = model.unit_of_node(t[nodes[0]]);
  }
  if (!image) return std::nullopt;
  return static_cast<std::uint32_t>(*image);
}

}  // namespace

std::optional<SourceFrames> SourceFrames::build(const FaultModel& model, std::size_t max_entries) {
  const Network& net = model.network();
  const auto gens = net.topology().translations();
  if (gens.empty() || !symmetric_fault_model(model)) return std::nullopt;
  SourceFrames f;
  f.n_ = net.num_nodes();
  f.u_ = model.universe().size();
  if (f.n_ * (f.n_ + f.u_) > max_entries) return std::nullopt;
  std::vector<std::vector<NodeId>> inverse(gens.size(), std::vector<NodeId>(f.n_));
  for (std::size_t g = 0; g < gens.size(); ++g)
    for (NodeId v = 0; v < f.n_; ++v) inverse[g][gens[g][v]] = v;
  f.roots_ = orbit_roots(net, gens);
  f.nodes_.assign(f.n_ * f.n_, kNoNode);
  std::deque<NodeId> queue;
  for (NodeId r = 0; r < f.n_; ++r) {
    if (f.roots_[r] != r) continue;
    std::iota(f.nodes_.begin() + std::ptrdiff_t(r * f.n_), f.nodes_.begin() + std::ptrdiff_t((r + 1) * f.n_), 0);
    queue.push_back(r);
  }
  while (!queue.empty()) {
    const NodeId v = queue.front();
    queue.pop_front();
    for (std::size_t g = 0; g < gens.size(); ++g) {
      const NodeId w = gens[g][v];
      if (f.nodes_[w * f.n_] != kNoNode) continue;
      for (NodeId x = 0; x < f.n_; ++x) f.nodes_[w * f.n_ + x] = f.nodes_[v * f.n_ + inverse[g][x]];
      queue.push_back(w);
    }
  }
  f.units_.resize(f.n_ * f.u_);
  for (NodeId s = 0; s < f.n_; ++s)
    for (std::size_t u = 0; u < f.u_; ++u) {
      auto image = image_unit(model, &f.nodes_[s * f.n_], u);
      if (!image) return std::nullopt;
      f.units_[s * f.u_ + u] = *image;
    }
  return f;
}

}  // namespace menger
