#include "verify/check/count_feasibility.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <span>

#include "core/error.h"

namespace menger {

namespace {

struct Interchangeable {
  std::vector<std::uint64_t> weight;  // nodes of each fact's region a unit holds
  std::uint64_t units = 0;
};

class LeastChoice {
 public:
  LeastChoice(std::vector<Interchangeable> groups, std::vector<std::uint64_t> lo, std::vector<std::uint64_t> hi,
              std::vector<std::uint64_t> base, std::uint64_t left, std::uint64_t max_steps)
      : groups_(std::move(groups)), lo_(std::move(lo)), hi_(std::move(hi)), sum_(std::move(base)), left_(left),
        max_steps_(max_steps) {}

  std::optional<std::uint64_t> least() {
    visit(0, 0);
    return best_;
  }

 private:
  std::vector<Interchangeable> groups_;
  std::vector<std::uint64_t> lo_, hi_, sum_;
  std::uint64_t left_, max_steps_, steps_ = 0;
  std::optional<std::uint64_t> best_;

  bool hopeless(std::size_t g, std::uint64_t total) const {
    const std::uint64_t room = left_ - total;
    for (std::size_t i = 0; i < sum_.size(); ++i) {
      if (sum_[i] > hi_[i]) return true;
      std::uint64_t reach = sum_[i];
      for (std::size_t h = g; h < groups_.size() && reach < lo_[i]; ++h)
        reach += std::min(groups_[h].units, room) * groups_[h].weight[i];
      if (reach < lo_[i]) return true;
    }
    return false;
  }

  void visit(std::size_t g, std::uint64_t total) {
    if (++steps_ > max_steps_)
      throw InputError("a leaf's count facts take more than " + std::to_string(max_steps_) + " steps to decide");
    if ((best_ && total >= *best_) || hopeless(g, total)) return;
    if (g == groups_.size()) {
      best_ = total;  // every lower bound reached (not hopeless), none exceeded
      return;
    }
    const Interchangeable& grp = groups_[g];
    const std::uint64_t most = std::min(grp.units, left_ - total);
    for (std::uint64_t x = 0; x <= most; ++x) {
      if (x > 0)
        for (std::size_t i = 0; i < sum_.size(); ++i) sum_[i] += grp.weight[i];
      visit(g + 1, total + x);
    }
    for (std::size_t i = 0; i < sum_.size(); ++i) sum_[i] -= most * grp.weight[i];
  }
};

// Equal rows (n weights each) make one group.  Rows that fit in 64 bits (at
// most 8 weights below 256: the usual case) are packed and sorted as
// numbers; others are sorted as sequences.
std::vector<Interchangeable> group_rows(const std::vector<std::uint64_t>& rows, std::size_t count, std::size_t n) {
  auto row = [&](std::size_t r) { return std::span<const std::uint64_t>(rows.data() + r * n, n); };
  std::vector<Interchangeable> groups;
  const bool packs = n <= 8 && std::all_of(rows.begin(), rows.end(), [](std::uint64_t w) { return w < 256; });
  if (packs) {
    std::vector<std::pair<std::uint64_t, std::size_t>> keys(count);
    for (std::size_t r = 0; r < count; ++r) {
      std::uint64_t key = 0;
      for (std::size_t i = 0; i < n; ++i) key |= rows[r * n + i] << (8 * i);
      keys[r] = {key, r};
    }
    std::sort(keys.begin(), keys.end());
    for (std::size_t j = 0; j < count; ++j) {
      if (j == 0 || keys[j - 1].first != keys[j].first)
        groups.push_back({std::vector<std::uint64_t>(row(keys[j].second).begin(), row(keys[j].second).end()), 0});
      ++groups.back().units;
    }
    return groups;
  }
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto less = [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(row(a).begin(), row(a).end(), row(b).begin(), row(b).end());
  };
  std::sort(order.begin(), order.end(), less);
  for (std::size_t j = 0; j < order.size(); ++j) {
    if (j == 0 || less(order[j - 1], order[j]))
      groups.push_back({std::vector<std::uint64_t>(row(order[j]).begin(), row(order[j]).end()), 0});
    ++groups.back().units;
  }
  return groups;
}

}  // namespace

std::optional<std::uint32_t> least_leaf_set(const FaultModel& model, const LeafFacts& leaf,
                                            std::uint64_t max_steps) {
  if (leaf.faulty > leaf.k) return std::nullopt;
  const std::size_t n = leaf.counts.size();
  std::vector<std::uint64_t> lo(n, 0), hi(n, std::numeric_limits<std::uint64_t>::max()), base(n, 0);
  // Undecided units of some region, each with a row of n weights in `rows`;
  // `row_of` (per unit, a scratch kept at kNone between calls) finds its row.
  constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  thread_local std::vector<std::uint32_t> row_of;
  if (row_of.size() < leaf.state.size()) row_of.assign(leaf.state.size(), kNone);
  std::vector<std::size_t> touched;
  std::vector<std::uint64_t> rows;
  for (std::size_t i = 0; i < n; ++i) {
    const CountFact& f = leaf.counts[i];
    if (f.at_least) lo[i] = f.threshold;
    else if (f.threshold > 0) hi[i] = f.threshold - 1;
    for (NodeId v : *f.region) {
      const auto u = model.unit_of_node(v);
      if (!u) continue;
      if (leaf.state[*u] == Decided::Faulty) ++base[i];
      if (leaf.state[*u] != Decided::No) continue;
      if (row_of[*u] == kNone) {
        row_of[*u] = static_cast<std::uint32_t>(touched.size());
        touched.push_back(*u);
        rows.resize(rows.size() + n, 0);
      }
      ++rows[row_of[*u] * n + i];
    }
  }
  for (std::size_t u : touched) row_of[u] = kNone;
  for (std::size_t i = 0; i < n; ++i)
    if (!leaf.counts[i].at_least && leaf.counts[i].threshold == 0) return std::nullopt;  // a count below 0
  std::vector<Interchangeable> groups = group_rows(rows, touched.size(), n);
  LeastChoice search(std::move(groups), std::move(lo), std::move(hi), std::move(base), leaf.k - leaf.faulty,
                     max_steps);
  const auto more = search.least();
  if (!more) return std::nullopt;
  return leaf.faulty + static_cast<std::uint32_t>(*more);
}

}  // namespace menger
