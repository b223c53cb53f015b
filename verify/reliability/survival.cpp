#include "verify/reliability/survival.h"

#include <algorithm>
#include <numeric>


namespace menger {

namespace {

constexpr std::uint32_t kNone = UINT32_MAX;

// Relays in reverse topological order of the relay-to-relay arcs, or empty if
// those arcs have a cycle (Kahn's algorithm).
std::vector<NodeId> reverse_topological_relays(const Network& net) {
  std::vector<std::uint32_t> indegree(net.num_nodes(), 0);
  std::size_t relays = 0;
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if (!net.forwards(v)) continue;
    ++relays;
    for (std::uint64_t a = net.out_begin(v); a != net.out_end(v); ++a)
      if (net.forwards(net.arc_target(a))) ++indegree[net.arc_target(a)];
  }
  std::vector<NodeId> order;
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.forwards(v) && indegree[v] == 0) order.push_back(v);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::uint64_t a = net.out_begin(order[i]); a != net.out_end(order[i]); ++a) {
      const NodeId x = net.arc_target(a);
      if (net.forwards(x) && --indegree[x] == 0) order.push_back(x);
    }
  if (order.size() != relays) return {};
  std::reverse(order.begin(), order.end());
  return order;
}

}  // namespace

SurvivalChecker::SurvivalChecker(const FaultModel& model, bool force_search, const Budget& budget)
    : model_(model), net_(model.network()) {
  const auto& terminals = model.terminals();
  words_ = (terminals.size() + 63) / 64;
  // The required pairs and the reach rows, bits over the terminals: asked of
  // the memory limit first (a million terminals would be
  // terabytes), and the budget checked per row.
  constexpr const char* kPhase = "preparing the survival check";
  budget.check_memory_for(kPhase, (std::uint64_t{net_.num_nodes()} + 2 * terminals.size()) * words_ * 8);
  terminal_index_.assign(net_.num_nodes(), kNone);
  for (std::uint32_t i = 0; i < terminals.size(); ++i) terminal_index_[terminals[i]] = i;
  required_.assign(terminals.size() * words_, 0);
  budget.check(kPhase);  // the fresh pages of a large table take a while to arrive
  for (std::size_t i = 0; i < terminals.size(); ++i) {
    if ((i & 0xff) == 0) budget.check(kPhase, i, terminals.size());
    for (std::size_t j = 0; j < terminals.size(); ++j)
      if (model.pair_required(terminals[i], terminals[j])) required_[i * words_ + j / 64] |= std::uint64_t{1} << (j % 64);
  }
  if (force_search) {
    method_ = Method::Search;
  } else if (!net_.has_directed_links()) {
    method_ = Method::Components;
  } else {
    topo_ = reverse_topological_relays(net_);
    method_ = topo_.empty() ? Method::Search : Method::Acyclic;
  }
  reach_.assign((static_cast<std::size_t>(net_.num_nodes()) + terminals.size()) * words_, 0);
  budget.check(kPhase, terminals.size(), terminals.size());
  parent_.resize(net_.num_nodes());
  seen_.resize(net_.num_nodes());
}

const char* SurvivalChecker::method() const {
  switch (method_) {
    case Method::Components: return "components of healthy relays";
    case Method::Acyclic: return "reachability in reverse topological order";
    case Method::Search: return "a search from every terminal";
  }
  return "";
}

void SurvivalChecker::set_bit(NodeId row, NodeId terminal) {
  const std::uint32_t j = terminal_index_[terminal];
  if (j != kNone) reach_[static_cast<std::size_t>(row) * words_ + j / 64] |= std::uint64_t{1} << (j % 64);
}

void SurvivalChecker::or_into(NodeId row, NodeId from) {
  std::uint64_t* dst = &reach_[static_cast<std::size_t>(row) * words_];
  const std::uint64_t* src = &reach_[static_cast<std::size_t>(from) * words_];
  for (std::size_t w = 0; w < words_; ++w) dst[w] |= src[w];
}

std::uint32_t SurvivalChecker::find(std::uint32_t x) {
  while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
  return x;
}

// Rows: node v's row holds what v reaches (for a relay: its component's root
// row in the Components method); row num_nodes + i holds terminal i's answer.
void SurvivalChecker::reach_by_components(const FailedElements& failed) {
  std::iota(parent_.begin(), parent_.end(), 0u);
  for (NodeId v = 0; v < net_.num_nodes(); ++v) {
    if (!net_.forwards(v) || failed.node_failed(v)) continue;
    for (std::uint64_t a = net_.out_begin(v); a != net_.out_end(v); ++a) {
      const NodeId x = net_.arc_target(a);
      if (net_.forwards(x) && !failed.node_failed(x) && !failed.link_failed(net_.arc_link(a)))
        parent_[find(v)] = find(x);
    }
  }
  for (NodeId v = 0; v < net_.num_nodes(); ++v) {
    if (!net_.forwards(v) || failed.node_failed(v)) continue;
    for (std::uint64_t a = net_.out_begin(v); a != net_.out_end(v); ++a) {
      const NodeId x = net_.arc_target(a);
      if (!failed.node_failed(x) && !failed.link_failed(net_.arc_link(a))) set_bit(find(v), x);
    }
  }
  const auto& terminals = model_.terminals();
  for (std::size_t i = 0; i < terminals.size(); ++i) {
    const NodeId s = terminals[i], row = static_cast<NodeId>(net_.num_nodes() + i);
    if (failed.node_failed(s)) continue;
    if (net_.forwards(s)) or_into(row, find(s));
    for (std::uint64_t a = net_.out_begin(s); a != net_.out_end(s); ++a) {
      const NodeId x = net_.arc_target(a);
      if (failed.node_failed(x) || failed.link_failed(net_.arc_link(a))) continue;
      set_bit(row, x);
      if (net_.forwards(x)) or_into(row, find(x));
    }
  }
}

void SurvivalChecker::reach_by_order(const FailedElements& failed) {
  auto pull = [&](NodeId row, NodeId v) {
    for (std::uint64_t a = net_.out_begin(v); a != net_.out_end(v); ++a) {
      const NodeId x = net_.arc_target(a);
      if (failed.node_failed(x) || failed.link_failed(net_.arc_link(a))) continue;
      set_bit(row, x);
      if (net_.forwards(x)) or_into(row, x);
    }
  };
  for (NodeId v : topo_)
    if (!failed.node_failed(v)) pull(v, v);
  const auto& terminals = model_.terminals();
  for (std::size_t i = 0; i < terminals.size(); ++i)
    if (!failed.node_failed(terminals[i])) pull(static_cast<NodeId>(net_.num_nodes() + i), terminals[i]);
}

void SurvivalChecker::reach_by_search(const FailedElements& failed) {
  const auto& terminals = model_.terminals();
  for (std::size_t i = 0; i < terminals.size(); ++i) {
    const NodeId s = terminals[i], row = static_cast<NodeId>(net_.num_nodes() + i);
    if (failed.node_failed(s)) continue;
    std::fill(seen_.begin(), seen_.end(), 0);
    queue_.assign(1, s);
    seen_[s] = 1;
    for (std::size_t q = 0; q < queue_.size(); ++q) {
      const NodeId v = queue_[q];
      if (v != s && !net_.forwards(v)) continue;
      for (std::uint64_t a = net_.out_begin(v); a != net_.out_end(v); ++a) {
        const NodeId x = net_.arc_target(a);
        if (failed.node_failed(x) || failed.link_failed(net_.arc_link(a))) continue;
        set_bit(row, x);  // also when x == s: a path back to the source (io pairs)
        if (!seen_[x]) {
          seen_[x] = 1;
          queue_.push_back(x);
        }
      }
    }
  }
}

void SurvivalChecker::fill_reach(const FailedElements& failed) {
  std::fill(reach_.begin(), reach_.end(), 0);
  switch (method_) {
    case Method::Components: reach_by_components(failed); break;
    case Method::Acyclic: reach_by_order(failed); break;
    case Method::Search: reach_by_search(failed); break;
  }
}

bool SurvivalChecker::survives(const FaultSet& faults) {
  const FailedElements failed(model_.universe(), faults);
  fill_reach(failed);
  const auto& terminals = model_.terminals();
  std::vector<std::uint64_t> healthy(words_, 0);
  for (std::size_t j = 0; j < terminals.size(); ++j)
    if (!failed.node_failed(terminals[j])) healthy[j / 64] |= std::uint64_t{1} << (j % 64);
  for (std::size_t i = 0; i < terminals.size(); ++i) {
    if (failed.node_failed(terminals[i])) continue;
    const std::uint64_t* got = &reach_[(net_.num_nodes() + i) * words_];
    const std::uint64_t* need = &required_[i * words_];
    for (std::size_t w = 0; w < words_; ++w)
      if (need[w] & healthy[w] & ~got[w]) return false;
  }
  return true;
}

std::size_t SurvivalChecker::tolerated_prefix(const std::vector<std::size_t>& order) {
  std::size_t lo = 0, hi = order.size();  // survives order[0..lo); the answer is in [lo, hi]
  FaultSet f(model_.universe().size());
  auto survives_prefix = [&](std::size_t n) {
    f = FaultSet(model_.universe().size());
    for (std::size_t i = 0; i < n; ++i) f.insert(order[i]);
    return survives(f);
  };
  if (survives_prefix(hi)) return hi;
  while (hi - lo > 1) {  // invariant: survives lo faults, not hi
    const std::size_t mid = lo + (hi - lo) / 2;
    if (survives_prefix(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

}  // namespace menger
