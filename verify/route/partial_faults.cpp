// Partial fault assignment with cardinality constraints (partial_faults.h).
#include "verify/route/partial_faults.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

PartialFaults::PartialFaults(const FaultModel& model)
    : model_(model), state_(model.universe().size(), State::Unknown), membership_of_(model.universe().size(), 0),
      scratch_weight_(model.universe().size(), 0) {
  reset(0);
}

void PartialFaults::reset(std::uint32_t budget) {
  for (std::size_t u : touched_) {
    state_[u] = State::Unknown;
    membership_of_[u] = 0;
  }
  touched_.clear();
  constraints_.clear();
  memberships_.assign(1, Weights{});
  membership_ids_.clear();
  unknown_by_membership_.assign(1, 0);
  unknown_ = state_.size();
  faulty_ = 0;
  faulty_order_.clear();
  budget_ = budget;
}

std::uint32_t PartialFaults::intern(Weights w) {
  auto [it, added] = membership_ids_.emplace(std::move(w), static_cast<std::uint32_t>(memberships_.size()));
  if (added) {
    memberships_.push_back(it->first);
    unknown_by_membership_.push_back(0);
  }
  return it->second;
}

void PartialFaults::assign(std::size_t unit, bool faulty) {
  if (state_[unit] != State::Unknown) throw InternalError("partial faults: a unit assigned twice");
  touched_.push_back(unit);
  state_[unit] = faulty ? State::Faulty : State::Healthy;
  const std::uint32_t m = membership_of_[unit];
  --unknown_by_membership_[m];
  for (const auto& [c, w] : memberships_[m]) {
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
  const std::uint32_t m = membership_of_[unit];
  ++unknown_by_membership_[m];
  for (const auto& [c, w] : memberships_[m]) {
    constraints_[c].unknown += w;
    if (faulty) constraints_[c].base -= w;
  }
  ++unknown_;
  if (faulty) {
    --faulty_;
    faulty_order_.pop_back();
  }
}

// The region's units with their weights (nodes of the region in each), one
// pass with a per-unit scratch counter instead of a sort.
PartialFaults::Tally PartialFaults::tally(std::span<const NodeId> region) {
  Tally t;
  t.region.assign(region.begin(), region.end());
  for (NodeId v : region)
    if (auto u = model_.unit_of_node(v)) {
      if (scratch_weight_[*u]++ == 0) t.units.emplace_back(*u, 0);
    }
  for (auto& [u, w] : t.units) {
    w = scratch_weight_[u];
    scratch_weight_[u] = 0;
    t.max_weight = std::max(t.max_weight, w);
    if (state_[u] == State::Faulty) t.base += w;
    if (state_[u] != State::Unknown) continue;
    t.unknown += w;
    ++t.by_membership[{membership_of_[u], w}];
  }
  return t;
}

void PartialFaults::add_count(std::span<const NodeId> region, std::uint32_t threshold, bool at_least) {
  add_count(tally(region), threshold, at_least);
}

void PartialFaults::add_count(Tally t, std::uint32_t threshold, bool at_least) {
  Constraint c;
  c.region = std::move(t.region);
  c.base = t.base;
  c.unknown = t.unknown;
  c.max_weight = t.max_weight;
  if (at_least) c.lo = threshold;
  else if (threshold == 0) c.lo = 1, c.hi = 0;  // "fewer than 0": never
  else c.hi = threshold - 1;
  const auto index = static_cast<std::uint32_t>(constraints_.size());
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> grown;  // (membership, weight) -> new id
  for (const auto& [key, count] : t.by_membership) {
    Weights w = memberships_[key.first];
    w.emplace_back(index, key.second);
    grown[key] = intern(std::move(w));
  }
  for (const auto& [u, w] : t.units) {
    if (state_[u] != State::Unknown) continue;
    touched_.push_back(u);
    const std::uint32_t to = grown[{membership_of_[u], w}];
    --unknown_by_membership_[membership_of_[u]];
    ++unknown_by_membership_[to];
    membership_of_[u] = to;
  }
  c.units = std::move(t.units);
  constraints_.push_back(std::move(c));
}

std::optional<bool> PartialFaults::implied_count(std::span<const NodeId> region, std::uint32_t threshold) const {
  for (const Constraint& c : constraints_) {
    if (c.region.size() != region.size() || !std::equal(region.begin(), region.end(), c.region.begin())) continue;
    if (c.lo >= threshold) return true;
    if (c.hi < threshold) return false;
  }
  return std::nullopt;
}

bool PartialFaults::allows(std::size_t unit, bool faulty) {
  if (state_[unit] != State::Unknown) return (state_[unit] == State::Faulty) == faulty;
  assign(unit, faulty);
  const bool ok = satisfiable();
  unassign(unit);
  touched_.pop_back();
  return ok;
}

bool PartialFaults::allows_count(std::span<const NodeId> region, std::uint32_t threshold, bool at_least) {
  return allows_count(tally(region), threshold, at_least);
}

bool PartialFaults::allows_count(const Tally& t, std::uint32_t threshold, bool at_least) const {
  if (!at_least && threshold == 0) return false;
  const Hypothetical extra{&t, at_least ? threshold : 0u, at_least ? UINT64_MAX : std::uint64_t{threshold} - 1};
  auto p = problem(&extra);
  return p && totals(*p, true) != 0;
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

namespace {

// Range of a constraint's count still open: nullopt when broken; `binding`
// false when slack (met, and the budget left cannot push it over).
struct Bounds {
  std::uint64_t need, room;
  bool binding;
};
std::optional<Bounds> bounds(std::uint64_t lo, std::uint64_t hi, std::uint64_t base, std::uint64_t unknown,
                             std::uint32_t max_weight, std::uint32_t left) {
  if (hi < base || lo > base + unknown) return std::nullopt;
  const std::uint64_t need = lo > base ? lo - base : 0, room = hi - base;
  const std::uint64_t reach = std::min<std::uint64_t>(unknown, std::uint64_t{left} * max_weight);
  return Bounds{need, room, !(need == 0 && room >= reach)};
}

}  // namespace

// The weights of a membership in the binding constraints (the hypothetical
// one excluded: problem() adds it).
std::vector<std::uint64_t> PartialFaults::projection(const Problem& p, std::uint32_t membership) const {
  std::vector<std::uint64_t> w(p.binding.size(), 0);
  for (const auto& [c, x] : memberships_[membership]) {
    auto it = std::lower_bound(p.binding.begin(), p.binding.end(), c);
    if (it != p.binding.end() && *it == c) w[static_cast<std::size_t>(it - p.binding.begin())] = x;
  }
  return w;
}

// The binding constraints and the groups of unknown units by their weights in
// them; nullopt when a constraint is already broken or the budget is spent.
std::optional<PartialFaults::Problem> PartialFaults::problem(const Hypothetical* extra) const {
  if (faulty_ > budget_) return std::nullopt;
  Problem p;
  p.left = budget_ - faulty_;
  if (p.left > 63) throw InputError("the symbolic search handles fault budgets up to 63");
  auto add = [&](std::uint32_t index, const std::optional<Bounds>& b) {
    if (!b) return false;
    if (b->binding) {
      p.binding.push_back(index);
      p.need.push_back(b->need);
      p.room.push_back(b->room);
    }
    return true;
  };
  for (std::uint32_t c = 0; c < constraints_.size(); ++c) {
    const Constraint& k = constraints_[c];
    if (!add(c, bounds(k.lo, k.hi, k.base, k.unknown, k.max_weight, p.left))) return std::nullopt;
  }
  const auto extra_index = static_cast<std::uint32_t>(constraints_.size());
  if (extra) {
    const Tally& t = *extra->tally;
    if (!add(extra_index, bounds(extra->lo, extra->hi, t.base, t.unknown, t.max_weight, p.left))) return std::nullopt;
  }
  const bool extra_binding = !p.binding.empty() && p.binding.back() == extra_index;
  std::map<std::vector<std::uint64_t>, std::uint64_t> projected;
  for (std::uint32_t m = 1; m < memberships_.size(); ++m) {
    std::uint64_t outside = unknown_by_membership_[m];
    if (outside == 0) continue;
    std::vector<std::uint64_t> w = projection(p, m);
    if (extra_binding)
      for (auto it = extra->tally->by_membership.lower_bound({m, 0}); it != extra->tally->by_membership.end() &&
                                                                      it->first.first == m;
           ++it) {
        w.back() = it->first.second;
        projected[w] += it->second;
        outside -= it->second;
      }
    if (extra_binding) w.back() = 0;
    projected[w] += outside;
  }
  if (extra_binding) {  // unknown units in no constraint but in the region
    std::vector<std::uint64_t> w(p.binding.size(), 0);
    for (auto it = extra->tally->by_membership.lower_bound({0, 0});
         it != extra->tally->by_membership.end() && it->first.first == 0; ++it) {
      w.back() = it->first.second;
      projected[w] += it->second;
    }
  }
  std::uint64_t in_groups = 0;
  for (auto& [w, count] : projected) {
    if (count == 0 || std::all_of(w.begin(), w.end(), [](std::uint64_t x) { return x == 0; })) continue;
    p.groups.push_back(Group{w, count});
    in_groups += count;
  }
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
    const std::vector<std::uint64_t> w = projection(*p, membership_of_[u]);
    if (std::all_of(w.begin(), w.end(), [](std::uint64_t x) { return x == 0; })) {
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
