#include "verify/check/leaf_fault_view.h"

#include <algorithm>
#include <functional>

namespace menger {

LeafFaultView::LeafFaultView(const FaultModel& model, FaultKnowledge knowledge, const std::vector<Decided>& state,
                             const FaultSet& faulty, std::uint32_t left)
    : CheckerFaultView(model, knowledge), state_(state), faulty_(faulty), left_(left),
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

bool LeafFaultView::faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) {
  std::uint64_t faulty = 0;
  std::vector<std::pair<std::size_t, std::uint32_t>> open;  // undecided unit, region nodes it holds
  for (NodeId v : region) {
    require_near(v);
    const auto u = model_.unit_of_node(v);
    if (!u || state_[*u] == Decided::Healthy) continue;
    if (state_[*u] == Decided::Faulty) {
      ++faulty;
      continue;
    }
    auto it = std::find_if(open.begin(), open.end(), [&](const auto& o) { return o.first == *u; });
    if (it == open.end()) open.emplace_back(*u, 1);
    else ++it->second;
  }
  if (faulty >= threshold) return true;
  std::vector<std::uint32_t> shares;
  for (const auto& o : open) shares.push_back(o.second);
  std::sort(shares.begin(), shares.end(), std::greater<>());
  std::uint64_t reachable = faulty;
  for (std::size_t i = 0; i < shares.size() && i < left_; ++i) reachable += shares[i];
  if (reachable < threshold) return false;
  throw UndecidedQuestion{open.front().first};  // reachable > faulty: some unit is open
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
