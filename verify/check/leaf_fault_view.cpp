#include "verify/check/leaf_fault_view.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace menger {

LeafFaultView::LeafFaultView(const FaultModel& model, FaultKnowledge knowledge, const std::vector<Decided>& state,
                             const FaultSet& faulty, std::uint32_t left, std::span<const CountFact> counts)
    : CheckerFaultView(model, knowledge), state_(state), faulty_(faulty), left_(left), counts_(counts) {}

bool LeafFaultView::failed(std::optional<std::size_t> unit) {
  if (!unit) return false;
  switch (state_[*unit]) {
    case Decided::Faulty: return true;
    case Decided::Healthy: return false;
    case Decided::No: break;
  }
  if (left_ == 0) return false;
  throw UndecidedQuestion{*unit};
}

void LeafFaultView::require_healthy(std::optional<std::size_t> unit) const {
  if (unit && state_[*unit] == Decided::No && left_ > 0) throw UndecidedQuestion{*unit};
}

namespace {

std::optional<bool> by_fact(const CountFact& f, std::uint32_t threshold) {
  if (f.at_least && f.threshold >= threshold) return true;
  if (!f.at_least && f.threshold <= threshold) return false;
  return std::nullopt;
}

}  // namespace

// A fact over the same nodes: compared as listed first (a proof lists a
// region as the routing asked it), then as sorted multisets.
std::optional<bool> LeafFaultView::decided_by_fact(std::span<const NodeId> region, std::uint32_t threshold) const {
  for (const CountFact& f : counts_)
    if (f.asked && std::equal(region.begin(), region.end(), f.asked->begin(), f.asked->end()))
      if (auto yes = by_fact(f, threshold)) return yes;
  if (counts_.empty()) return std::nullopt;
  std::vector<NodeId> sorted(region.begin(), region.end());
  std::sort(sorted.begin(), sorted.end());
  for (const CountFact& f : counts_)
    if (*f.region == sorted)
      if (auto yes = by_fact(f, threshold)) return yes;
  return std::nullopt;
}

bool LeafFaultView::faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) {
  // Per unit, the region's nodes it holds (a scratch kept zero between calls).
  thread_local std::vector<std::uint32_t> share;
  if (share.size() < state_.size()) share.assign(state_.size(), 0);
  std::uint64_t faulty = 0;
  std::vector<std::size_t> open;  // undecided units of the region
  if (knowledge_ == FaultKnowledge::Local)
    for (NodeId v : region) require_near(v);  // may throw: before the scratch is touched
  for (NodeId v : region) {
    const auto u = model_.unit_of_node(v);
    if (!u || state_[*u] == Decided::Healthy) continue;
    if (state_[*u] == Decided::Faulty) {
      ++faulty;
      continue;
    }
    if (share[*u]++ == 0) open.push_back(*u);
  }
  std::vector<std::uint32_t> shares;
  for (std::size_t u : open) shares.push_back(std::exchange(share[u], 0));
  if (faulty >= threshold) return true;
  const std::size_t top = std::min<std::size_t>(left_, shares.size());
  std::partial_sort(shares.begin(), shares.begin() + static_cast<std::ptrdiff_t>(top), shares.end(), std::greater<>());
  std::uint64_t reachable = faulty;
  for (std::size_t i = 0; i < top; ++i) reachable += shares[i];
  if (reachable < threshold) return false;
  if (auto known = decided_by_fact(region, threshold)) return *known;
  throw UndecidedQuestion{open.front()};  // reachable > faulty: some unit is open
}

// The least path with only P failed (the header's rule), searched directly
// rather than through the node and link questions of a FaultView, with the
// run's earlier answers' suffixes reused (core/path_question.h's PathMemo:
// the suffix of a least path is the least path from its first node, and
// its units were required healthy with the whole path's).
PathAnswer LeafFaultView::least_path(const PathQuestion& q) {
  if (knowledge_ == FaultKnowledge::Local) return least_path_whole(q);
  if (PathAnswer known = memo_.suffix(q); known.found()) return known;
  auto spared = [this](std::optional<std::size_t> u) { return !u || !faulty_.contains(*u); };
  const PathOracles ok{[&](NodeId v) { return spared(model_.unit_of_node(v)); },
                       [&](LinkId l) { return spared(model_.unit_of_link(l)); }};
  thread_local PathScratch scratch;
  PathAnswer a = least_shortest_path(network(), q, ok, scratch);
  if (!a.found()) return a;
  for (NodeId v : answer_nodes(q, a)) require_healthy(model_.unit_of_node(v));
  for (LinkId l : answer_links(network(), q, a)) require_healthy(model_.unit_of_link(l));
  if (++remembered_ > 64) memo_.clear(), remembered_ = 1;  // a view that runs many packets (deadlock_checker.h)
  memo_.remember(q, a);
  return a;
}

}  // namespace menger
