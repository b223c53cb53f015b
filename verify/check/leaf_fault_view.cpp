#include "verify/check/leaf_fault_view.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace menger {

LeafFaultView::LeafFaultView(const FaultModel& model, FaultKnowledge knowledge, const std::vector<Decided>& state,
                             const FaultSet& faulty, std::uint32_t left, std::span<const CountFact> counts)
    : CheckerFaultView(model, knowledge), state_(state), faulty_(faulty), left_(left), counts_(counts),
      optimistic_(model, knowledge, faulty) {}

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

PathAnswer LeafFaultView::least_path(const PathQuestion& q) {
  if (knowledge_ == FaultKnowledge::Local) return least_path_whole(q);
  const PathAnswer a = optimistic_.least_path(q);
  if (!a.found()) return a;
  for (NodeId v : answer_nodes(q, a)) require_healthy(model_.unit_of_node(v));
  for (LinkId l : answer_links(network(), q, a)) require_healthy(model_.unit_of_link(l));
  return a;
}

}  // namespace menger
