#include "core/fault.h"

#include "core/error.h"

namespace menger {

namespace {

// The budget every 2^16 units: a unit per node of a network of millions of
// nodes is a second or more of allocations.
void check_listing_budget(const Budget& budget, std::uint64_t i, std::uint64_t n) {
  if ((i & 0xffff) == 0) budget.check("listing the fault units", i, n);
}

}  // namespace

std::string_view to_string(UnitKind k) {
  switch (k) {
    case UnitKind::Node: return "nodes";
    case UnitKind::Link: return "links";
    case UnitKind::Component: return "components";
  }
  return "?";
}

FaultUniverse FaultUniverse::nodes(const Network& net, const std::function<bool(NodeId)>& eligible,
                                   const Budget& budget) {
  FaultUniverse u;
  u.net_ = &net;
  u.kind_ = UnitKind::Node;
  u.members_.reserve(net.num_nodes());
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    check_listing_budget(budget, v, net.num_nodes());
    if (eligible && !eligible(v)) continue;
    u.members_.push_back({v});
  }
  u.size_ = u.members_.size();
  return u;
}

FaultUniverse FaultUniverse::links(const Network& net, const std::function<bool(LinkId)>& eligible,
                                   const Budget& budget) {
  FaultUniverse u;
  u.net_ = &net;
  u.kind_ = UnitKind::Link;
  u.link_ids_.reserve(net.num_links());
  for (LinkId l = 0; l < net.num_links(); ++l) {
    check_listing_budget(budget, l, net.num_links());
    if (!eligible || eligible(l)) u.link_ids_.push_back(l);
  }
  u.size_ = u.link_ids_.size();
  u.members_.resize(u.size_);
  return u;
}

FaultUniverse FaultUniverse::components(const Network& net, const Budget& budget) {
  return node_groups(net, net.packages(), [&net](NodeId v) { return net.forwards(v); }, budget);
}

FaultUniverse FaultUniverse::node_groups(const Network& net, std::vector<Component> groups,
                                         const std::function<bool(NodeId)>& singleton, const Budget& budget) {
  FaultUniverse u;
  u.net_ = &net;
  u.kind_ = UnitKind::Component;
  std::vector<bool> grouped(net.num_nodes(), false);
  for (auto& g : groups) {
    if (g.nodes.empty()) throw InputError("fault group '" + g.label + "' is empty");
    for (NodeId v : g.nodes) {
      if (v >= net.num_nodes()) throw InputError("fault group '" + g.label + "' names a missing node");
      if (grouped[v]) throw InputError("node " + net.label(v) + " is in two fault groups");
      grouped[v] = true;
    }
  }
  // Units in node order: a package takes the place of its first member.
  std::vector<std::size_t> group_of_first(net.num_nodes(), SIZE_MAX);
  for (std::size_t i = 0; i < groups.size(); ++i) group_of_first[groups[i].nodes.front()] = i;
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    check_listing_budget(budget, v, net.num_nodes());
    if (group_of_first[v] != SIZE_MAX) {
      u.members_.push_back(groups[group_of_first[v]].nodes);
      u.labels_.push_back(groups[group_of_first[v]].label);
    } else if (!grouped[v] && singleton && singleton(v)) {
      u.members_.push_back({v});
      u.labels_.emplace_back();
    }
  }
  u.size_ = u.members_.size();
  return u;
}

std::string FaultUniverse::label(std::size_t unit) const {
  MENGER_ASSERT(unit < size_, "fault unit out of range");
  if (kind_ == UnitKind::Link) return net_->link_label(link_of(unit));
  if (unit < labels_.size() && !labels_[unit].empty()) return labels_[unit];
  return net_->label(members_[unit].front());
}

std::vector<std::size_t> FaultSet::units() const {
  std::vector<std::size_t> out;
  for (auto i = bits_.find_first(); i != decltype(bits_)::npos; i = bits_.find_next(i)) out.push_back(i);
  return out;
}

std::string FaultSet::to_string(const FaultUniverse& u) const {
  std::string s = "{";
  bool first = true;
  for (std::size_t i : units()) {
    s += (first ? "" : ", ") + u.label(i);
    first = false;
  }
  return s + "}";
}

std::size_t FaultSet::hash() const {
  // FNV-1a over the set bits' positions: independent of the block layout.
  std::size_t h = 1469598103934665603ull;
  for (std::size_t i : units()) h = (h ^ i) * 1099511628211ull;
  return h ^ bits_.size();
}

FailedElements::FailedElements(const FaultUniverse& u, const FaultSet& f) : FailedElements(u, f.units()) {
  MENGER_ASSERT(f.universe_size() == u.size(), "fault set of another universe");
}

FailedElements::FailedElements(const FaultUniverse& u, std::span<const std::size_t> units)
    : nodes(u.network().num_nodes()), links(u.network().num_links()) {
  const Network& net = u.network();
  for (std::size_t unit : units) {
    MENGER_ASSERT(unit < u.size(), "fault unit out of range");
    if (u.kind() == UnitKind::Link) {
      links.set(u.link_of(unit));
      continue;
    }
    for (NodeId v : u.nodes_of(unit)) {
      nodes.set(v);
      for (const PortSlot& s : net.ports(v))
        if (s.connected()) links.set(s.link);
    }
  }
}

bool next_combination(std::vector<std::size_t>& units, std::size_t n, std::size_t fixed) {
  const std::size_t k = units.size();
  std::size_t i = k;
  while (i > fixed && units[i - 1] == n - k + i - 1) --i;
  if (i == fixed) return false;
  ++units[i - 1];
  for (std::size_t j = i; j < k; ++j) units[j] = units[j - 1] + 1;
  return true;
}

void for_each_combination_from(std::size_t n, std::size_t m, std::size_t first,
                               const std::function<void(const std::vector<std::size_t>&)>& visit) {
  std::vector<std::size_t> pick(m);
  for (std::size_t i = 0; i < m; ++i) pick[i] = first + i;
  if (m > 0 && pick[m - 1] >= n) return;
  do visit(pick);
  while (m > 0 && next_combination(pick, n, 1));  // position 0 stays `first`
}

}  // namespace menger
