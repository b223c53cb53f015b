#include "verify/route/route_outcome.h"

#include <algorithm>
#include <deque>

#include "core/error.h"

namespace menger {

bool physically_connected(const FaultModel& model, const FaultSet& faults, NodeId s, NodeId d) {
  return physically_connected(model.network(), FailedElements(model.universe(), faults), s, d);
}

bool physically_connected(const Network& net, const FailedElements& failed, NodeId s, NodeId d) {
  if (failed.node_failed(s) || failed.node_failed(d)) return false;
  std::vector<char> seen(net.num_nodes(), 0);
  std::deque<NodeId> queue{s};
  seen[s] = 1;
  while (!queue.empty()) {
    NodeId x = queue.front();
    queue.pop_front();
    if (x == d) return true;
    if (x != s && !net.forwards(x)) continue;
    for (std::uint64_t a = net.out_begin(x); a != net.out_end(x); ++a) {
      NodeId y = net.arc_target(a);
      if (seen[y] || failed.node_failed(y) || failed.link_failed(net.arc_link(a))) continue;
      seen[y] = 1;
      queue.push_back(y);
    }
  }
  return false;
}

PathBound::PathBound(const FaultModel& model, std::optional<std::string> formula, std::uint32_t k)
    : formula_(std::move(formula)), k_(k) {
  if (!formula_) return;
  const Network& net = model.network();
  net.topology().add_formula_vars(vars_);
  needs_distance_ = formula_->find("distance") != std::string::npos;
  std::uint32_t max_distance = needs_distance_ ? net.num_nodes() : 0;
  table_.assign(k + 1, std::vector<std::uint32_t>(max_distance + 1, 0));
  for (std::uint32_t f = 0; f <= k; ++f)
    for (std::uint32_t dist = 0; dist <= max_distance; ++dist) {
      vars_.set("faults", f, "number of faults in the set");
      vars_.set("distance", dist, "fault-free distance of the pair");
      Rational v = evaluate_formula(*formula_, vars_);
      if (v < 0) throw InputError("path bound '" + *formula_ + "' is negative for faults=" + std::to_string(f));
      BigInt fl = numerator(v) / denominator(v);
      table_[f][dist] = fl > BigInt(UINT32_MAX - 1) ? UINT32_MAX - 1 : static_cast<std::uint32_t>(fl);
      if (f > 0 && table_[f][dist] < table_[f - 1][dist])
        throw InputError("path bound '" + *formula_ + "' shrinks as faults grow (" + std::to_string(table_[f - 1][dist]) +
                         " hops at faults=" + std::to_string(f - 1) + ", " + std::to_string(table_[f][dist]) +
                         " at faults=" + std::to_string(f) + (needs_distance_ ? ", distance=" + std::to_string(dist) : "") +
                         "): the exhaustive searches check a run once for every larger fault set that runs alike, "
                         "which needs a bound that does not shrink");
    }
}

std::optional<std::uint32_t> PathBound::at(std::uint32_t faults, std::uint32_t distance) const {
  if (!formula_) return std::nullopt;
  return table_[std::min(faults, k_)][needs_distance_ ? distance : 0];
}

}  // namespace menger
