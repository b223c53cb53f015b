// Partial fault assignment with cardinality constraints (partial_faults.h).
#include "verify/partial_faults.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

PartialFaults::PartialFaults(const FaultModel& model)
    : model_(model), state_(model.universe().size(), State::Unknown), member_(model.universe().size()) {
  reset(0);
}

void PartialFaults::reset(std::uint32_t budget) {
  for (std::size_t u : touched_) {
    state_[u] = State::Unknown;
    member_[u].clear();
  }
  touched_.clear();
  constraints_.clear();
  unknown_groups_.clear();
  unknown_ = state_.size();
  faulty_ = 0;
  faulty_order_.clear();
  budget_ = budget;
}

std::vector<std::size_t> PartialFaults::faulty_units() const { return faulty_order_; }

void PartialFaults::touch(std::size_t unit) { touched_.push_back(unit); }

void PartialFaults::move_group(const Weights& from, const Weights& to) {
  if (!from.empty()) {
    auto it = unknown_groups_.find(from);
    if (it == unknown_groups_.end() || it->second == 0) throw InternalError("partial faults: group count underflow");
    if (--it->second == 0) unknown_groups_.erase(it);
  }
  if (!to.empty()) ++unknown_groups_[to];
}

void PartialFaults::assign(std::size_t unit, bool faulty) {
  if (state_[unit] != State::Unknown) throw InternalError("partial faults: a unit assigned twice");
  touch(unit);
  state_[unit] = faulty ? State::Faulty : State::Healthy;
  move_group(member_[unit], {});
  for (const auto& [c, w] : member_[unit]) {
    constraints_[c].unknown -= w;
    if (faulty) constraints_[c].base += w;
  }
  --unknown_;
  if (faulty) {
    ++faulty_;
    faulty_order_.push_back(unit);
  }
}

// Undoes the last assign (allows() only).
void PartialFaults::unassign(std::size_t unit) {
  const bool faulty = state_[unit] == State::Faulty;
  state_[unit] = State::Unknown;
  move_group({}, member_[unit]);
  for (const auto& [c, w] : member_[unit]) {
    constraints_[c].unknown += w;
    if (faulty) constraints_[c].base -= w;
  }
  ++unknown_;
  if (faulty) {
    --faulty_;
    faulty_order_.pop_back();
  }
}

PartialFaults::Constraint PartialFaults::make_constraint(std::span<const NodeId> region, std::uint32_t threshold,
                                                         bool at_least) const {
  Constraint c;
  std::vector<std::size_t> units;
  for (NodeId v : region)
    if (auto u = model_.unit_of_node(v)) units.push_back(*u);
  std::sort(units.begin(), units.end());
  for (std::size_t i = 0; i < units.size();) {
    std::size_t j = i;
    while (j < units.size() && units[j] == units[i]) ++j;
    const auto w = static_cast<std::uint32_t>(j - i);
    c.units.emplace_back(units[i], w);
    c.max_weight = std::max(c.max_weight, w);
    if (state_[units[i]] == State::Faulty) c.base += w;
    if (state_[units[i]] == State::Unknown) c.unknown += w;
    i = j;
  }
  if (at_least) c.lo = threshold;
  else if (threshold == 0) c.lo = 1, c.hi = 0;  // "fewer than 0": never
  else c.hi = threshold - 1;
  return c;
}

void PartialFaults::add_count(std::span<const NodeId> region, std::uint32_t threshold, bool at_least) {
  constraints_.push_back(make_constraint(region, threshold, at_least));
  const auto index = static_cast<std::uint32_t>(constraints_.size() - 1);
  for (const auto& [u, w] : constraints_.back().units) {
    if (state_[u] != State::Unknown) continue;
    touch(u);
    Weights grown = member_[u];
    grown.emplace_back(index, w);
    move_group(member_[u], grown);
    member_[u] = std::move(grown);
  }
}

// Undoes the last add_count (allows_count() only).
void PartialFaults::pop_constraint() {
  for (const auto& [u, w] : constraints_.back().units) {
    if (state_[u] != State::Unknown) continue;
    Weights shrunk = member_[u];
    shrunk.pop_back();
    move_group(member_[u], shrunk);
    member_[u] = std::move(shrunk);
  }
  constraints_.pop_back();
}

bool PartialFaults::allows(std::size_t unit, bool faulty) {
  if (state_[unit] != State::Unknown) return (state_[unit] == State::Faulty) == faulty;
  assign(unit, faulty);
  const bool ok = satisfiable();
  unassign(unit);
  return ok;
}

bool PartialFaults::allows_count(std::span<const NodeId> region, std::uint32_t threshold, bool at_least) {
  add_count(region, threshold, at_least);
  const bool ok = satisfiable();
  pop_constraint();
  return ok;
}

bool PartialFaults::satisfiable() {
  auto p = problem();
  return p && totals(*p, true) != 0;
}

std::vector<std::uint32_t> PartialFaults::sizes() {
  std::vector<std::uint32_t> out;
  auto p = problem();
  if (!p) return out;
  const std::uint64_t mask = totals(*p, false);
  for (std::uint32_t t = 0; t < 64; ++t)
    if (mask >> t & 1) out.push_back(faulty_ + t);
  return out;
}

// The binding constraints and the groups of unknown units by their weights in
// them; nullopt when a constraint is already broken or the budget is spent.
std::optional<PartialFaults::Problem> PartialFaults::problem() const {
  if (faulty_ > budget_) return std::nullopt;
  Problem p;
  p.left = budget_ - faulty_;
  if (p.left > 63) throw InputError("the symbolic search handles fault budgets up to 63");
  for (std::uint32_t c = 0; c < constraints_.size(); ++c) {
    const Constraint& k = constraints_[c];
    if (k.hi < k.base || k.lo > k.base + k.unknown) return std::nullopt;
    const std::uint64_t need = k.lo > k.base ? k.lo - k.base : 0, room = k.hi - k.base;
    const std::uint64_t reach = std::min<std::uint64_t>(k.unknown, std::uint64_t{p.left} * k.max_weight);
    if (need == 0 && room >= reach) continue;  // slack: no completion can break it
    p.binding.push_back(c);
    p.need.push_back(need);
    p.room.push_back(room);
  }
  std::map<std::vector<std::uint64_t>, std::uint64_t> projected;
  std::uint64_t in_groups = 0;
  for (const auto& [weights, count] : unknown_groups_) {
    std::vector<std::uint64_t> w(p.binding.size(), 0);
    bool any = false;
    for (const auto& [c, x] : weights) {
      auto it = std::lower_bound(p.binding.begin(), p.binding.end(), c);
      if (it == p.binding.end() || *it != c) continue;
      w[static_cast<std::size_t>(it - p.binding.begin())] = x;
      any = true;
    }
    if (!any) continue;
    projected[w] += count;
    in_groups += count;
  }
  for (auto& [w, count] : projected) p.groups.push_back(Group{w, count});
  p.free = unknown_ - in_groups;
  return p;
}

// Can the groups from `from_group` on still bring every binding constraint
// into its range?  (Weights are non-negative: a sum over its room stays over.)
bool PartialFaults::in_range(const Problem& p, std::size_t from_group, std::uint64_t total,
                             const std::vector<std::uint64_t>& sum) const {
  const std::uint64_t left = p.left - total;
  for (std::size_t c = 0; c < p.binding.size(); ++c) {
    if (sum[c] > p.room[c]) return false;
    std::uint64_t reach = sum[c];
    for (std::size_t g = from_group; g < p.groups.size() && reach < p.need[c]; ++g)
      reach += std::min(p.groups[g].count, left) * p.groups[g].w[c];
    if (reach < p.need[c]) return false;
  }
  return true;
}

// Depth-first over the groups: x units of group g, for x = 0, 1, ...  At the
// end, a choice that meets every constraint reaches totals total .. total +
// (free units that fit).  With `pick`, stops at the first choice that reaches
// `want` and leaves the counts there.
bool PartialFaults::search(const Problem& p, std::size_t g, std::uint64_t total, std::vector<std::uint64_t>& sum,
                           std::uint64_t& found, bool first_only, std::vector<std::uint64_t>* pick,
                           std::uint64_t want) const {
  if (!in_range(p, g, total, sum)) return false;
  if (g == p.groups.size()) {
    for (std::size_t c = 0; c < p.binding.size(); ++c)
      if (sum[c] < p.need[c]) return false;
    const std::uint64_t pad = std::min<std::uint64_t>(p.free, p.left - total);
    for (std::uint64_t y = 0; y <= pad; ++y) found |= std::uint64_t{1} << (total + y);
    if (pick) return total <= want && want <= total + pad;
    return first_only;
  }
  const Group& grp = p.groups[g];
  const std::uint64_t most = std::min<std::uint64_t>(grp.count, p.left - total);
  for (std::uint64_t x = 0; x <= most; ++x) {
    for (std::size_t c = 0; c < sum.size(); ++c) sum[c] += x * grp.w[c];
    if (pick) (*pick)[g] = x;
    const bool stop = search(p, g + 1, total + x, sum, found, first_only, pick, want);
    for (std::size_t c = 0; c < sum.size(); ++c) sum[c] -= x * grp.w[c];
    if (stop) return true;
  }
  return false;
}

std::uint64_t PartialFaults::totals(const Problem& p, bool first_only) const {
  std::vector<std::uint64_t> sum(p.binding.size(), 0);
  std::uint64_t found = 0;
  search(p, 0, 0, sum, found, first_only, nullptr, 0);
  return found;
}

std::vector<std::size_t> PartialFaults::completion(std::uint32_t size) {
  auto p = problem();
  if (!p || size < faulty_) throw InternalError("partial faults: no completion of that size");
  std::vector<std::uint64_t> sum(p->binding.size(), 0), pick(p->groups.size(), 0);
  std::uint64_t found = 0;
  const std::uint64_t want = size - faulty_;
  if (!search(*p, 0, 0, sum, found, false, &pick, want))
    throw InternalError("partial faults: no completion of that size");
  std::uint64_t picked = 0;
  for (std::uint64_t x : pick) picked += x;
  std::uint64_t pad = want - picked;
  std::vector<std::size_t> out = faulty_order_;
  for (std::size_t u = 0; u < state_.size() && (picked > 0 || pad > 0); ++u) {
    if (state_[u] != State::Unknown) continue;
    std::vector<std::uint64_t> w(p->binding.size(), 0);
    bool any = false;
    for (const auto& [c, x] : member_[u]) {
      auto it = std::lower_bound(p->binding.begin(), p->binding.end(), c);
      if (it == p->binding.end() || *it != c) continue;
      w[static_cast<std::size_t>(it - p->binding.begin())] = x;
      any = true;
    }
    if (!any) {
      if (pad > 0) out.push_back(u), --pad;
      continue;
    }
    for (std::size_t g = 0; g < p->groups.size(); ++g)
      if (p->groups[g].w == w && pick[g] > 0) {
        out.push_back(u);
        --pick[g];
        --picked;
        break;
      }
  }
  if (picked > 0 || pad > 0) throw InternalError("partial faults: completion ran out of units");
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace menger
