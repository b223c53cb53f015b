#include "verify/reliability/reliability.h"

#include <tbb/combinable.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <numeric>

#include "core/error.h"
#include "verify/route/route_run.h"
#include "verify/route/route_search.h"
#include "verify/reliability/survival.h"

namespace menger {

void draw_units(Rng& rng, std::size_t m, std::vector<std::size_t>& scratch) {
  // Reset to the identity every time: the draw must not depend on which trials
  // this worker ran before (determinism across thread counts).
  std::iota(scratch.begin(), scratch.end(), std::size_t{0});
  for (std::size_t i = 0; i < m; ++i) std::swap(scratch[i], scratch[i + rng.below(scratch.size() - i)]);
}

// ---- completeness (001) ------------------------------------------------------

namespace {

class CompletenessWorker final : public TrialWorker {
 public:
  CompletenessWorker(const FaultModel& model, std::size_t max_faults, bool naive, const Budget& budget)
      : checker_(model, naive, budget), order_(model.universe().size()), max_faults_(max_faults), naive_(naive) {}
  void trial(Rng& rng, Tally& out) override {
    draw_units(rng, order_.size(), order_);
    const std::size_t tolerated = naive_ ? one_at_a_time() : checker_.tolerated_prefix(order_);
    out.add(0, static_cast<double>(tolerated));
    for (std::size_t f = 1; f <= max_faults_; ++f) out.add(f, tolerated >= f ? 1 : 0);
  }

 private:
  SurvivalChecker checker_;
  std::vector<std::size_t> order_;
  std::size_t max_faults_;
  bool naive_;

  // 001's procedure taken literally: add the next fault, check, until incomplete.
  std::size_t one_at_a_time() {
    FaultSet f(order_.size());
    for (std::size_t i = 0; i < order_.size(); ++i) {
      f.insert(order_[i]);
      if (!checker_.survives(f)) return i;
    }
    return order_.size();
  }
};

}  // namespace

CompletenessExperiment::CompletenessExperiment(const FaultModel& model, std::size_t max_faults, bool naive)
    : model_(model), naive_(naive) {
  if (max_faults > model.universe().size())
    throw InputError("cannot fail " + std::to_string(max_faults) + " of " + std::to_string(model.universe().size()) +
                     " fault units");
  series_.push_back({"faults tolerated", SeriesKind::Mean});
  for (std::size_t f = 1; f <= max_faults; ++f)
    series_.push_back({"complete with " + std::to_string(f) + " faults", SeriesKind::Ratio});
}

std::unique_ptr<TrialWorker> CompletenessExperiment::worker(const Budget& budget) const {
  return std::make_unique<CompletenessWorker>(model_, series_.size() - 1, naive_, budget);
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  if (k > n) return 0;
  k = std::min(k, n - k);
  __extension__ typedef unsigned __int128 Wide;  // holds r * n before the division
  Wide r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    r = r * (n - k + i) / i;  // exact: r * (n-k+i) is divisible by i at every step
    if (r > UINT64_MAX) return UINT64_MAX;
  }
  return static_cast<std::uint64_t>(r);
}

std::uint64_t saturating_product(std::initializer_list<std::uint64_t> xs) {
  std::uint64_t p = 1;
  for (std::uint64_t x : xs) {
    if (x != 0 && p > UINT64_MAX / x) return UINT64_MAX;
    p *= x;
  }
  return p;
}

namespace {

// Counts surviving f-subsets whose least unit is `first`.  One survival check
// is a pass over the network (milliseconds on a torus(100,100)): the budget
// is checked before each, with the least units done as progress.
std::uint64_t count_from(SurvivalChecker& checker, std::size_t n, std::size_t f, std::size_t first,
                         const Budget& budget) {
  std::uint64_t surviving = 0;
  for_each_combination_from(n, f, first, [&](const std::vector<std::size_t>& pick) {
    budget.check("counting the fault sets the network survives", first, n);
    surviving += checker.survives(FaultSet(n, pick));
  });
  return surviving;
}

}  // namespace

ExactCount exact_completeness(const FaultModel& model, std::size_t faults, std::uint64_t limit,
                              const Budget& budget) {
  const std::size_t n = model.universe().size();
  ExactCount r;
  r.total = binomial(n, faults);
  if (faults > n) throw InputError("cannot fail " + std::to_string(faults) + " of " + std::to_string(n) + " fault units");
  if (r.total > limit)
    throw InputError("exact mode: C(" + std::to_string(n) + ", " + std::to_string(faults) + ") = " +
                     (r.total == UINT64_MAX ? std::string("more than 2^64") : std::to_string(r.total)) +
                     " fault sets is above the limit of " + std::to_string(limit));
  if (faults == 0) {
    SurvivalChecker c(model, false, budget);
    r.surviving = c.survives(FaultSet(n));
    return r;
  }
  tbb::combinable<std::uint64_t> sums([] { return std::uint64_t{0}; });
  tbb::enumerable_thread_specific<std::unique_ptr<SurvivalChecker>> checkers(
      [&] { return std::make_unique<SurvivalChecker>(model, false, budget); });
  tbb::parallel_for(std::size_t{0}, n, [&](std::size_t first) {
    sums.local() += count_from(*checkers.local(), n, faults, first, budget);
  });
  r.surviving = sums.combine(std::plus<>());  // integer sums: exact for any split
  return r;
}

// ---- routing experiments (002, 003, 004) -------------------------------------

RoutedExperiment::RoutedExperiment(const FaultModel& model, std::vector<const Routing*> routings, std::size_t faults,
                                   std::uint32_t hop_limit, ChoiceRule choices)
    : model_(model), routings_(std::move(routings)), faults_(faults), hop_limit_(hop_limit), choices_(choices) {
  if (faults > model.universe().size())
    throw InputError("cannot fail " + std::to_string(faults) + " of " + std::to_string(model.universe().size()) +
                     " fault units");
}

RunLimits RoutedExperiment::limits() const {
  RunLimits limits;
  limits.hop_limit = hop_limit_;
  limits.fault_budget = static_cast<std::uint32_t>(faults_);  // every trial fails exactly this many
  limits.choices = choices_;
  return limits;
}

namespace {

// One runner per routing, and the trial's fault set.
class RoutedWorker : public TrialWorker {
 protected:
  explicit RoutedWorker(const RoutedExperiment& e)
      : e_(e), scratch_(e.model().universe().size()), faults_(e.model().universe().size()) {
    for (const Routing* r : e.routings()) runners_.push_back(std::make_unique<RouteRunner>(*r, e.model(), e.limits()));
  }
  // Draws the trial's m faulty units into faults_; returns what they disable.
  FailedElements draw_faults(Rng& rng) {
    draw_units(rng, e_.faults(), scratch_);
    return set_faults({scratch_.data(), e_.faults()});
  }
  FailedElements set_faults(std::span<const std::size_t> units) {
    faults_ = FaultSet(e_.model().universe().size(), units);
    return FailedElements(e_.model().universe(), units);
  }

  const RoutedExperiment& e_;
  std::vector<std::unique_ptr<RouteRunner>> runners_;
  std::vector<std::size_t> scratch_;
  FaultSet faults_;
};

class RoutingWorker final : public RoutedWorker {
 public:
  explicit RoutingWorker(const RoutingExperiment& e) : RoutedWorker(e) {}

  void trial(Rng& rng, Tally& out) override {
    const FaultModel& model = e_.model();
    const FailedElements failed = draw_faults(rng);
    healthy_.clear();
    for (NodeId t : model.terminals())
      if (!failed.node_failed(t)) healthy_.push_back(t);
    if (healthy_.size() < 2) throw InputError("a fault set left fewer than two healthy terminals: no pair to route");
    const NodeId s = healthy_[rng.below(healthy_.size())];
    NodeId d = healthy_[rng.below(healthy_.size() - 1)];
    if (d == s) d = healthy_.back();  // uniform over the healthy terminals other than s
    bool delivered = false;  // by some routing: then the pair is connected, no search needed
    for (std::size_t r = 0; r < runners_.size(); ++r) {
      const RunResult run = runners_[r]->run(faults_, s, d, std::nullopt, false);
      out.add(1 + 2 * r, run.delivered() ? 1 : 0);
      if (run.delivered()) out.add(2 + 2 * r, run.hops);
      delivered = delivered || run.delivered();
    }
    out.add(0, delivered || physically_connected(model.network(), failed, s, d) ? 1 : 0);
  }

 private:
  std::vector<NodeId> healthy_;
};

class CombinationWorker final : public RoutedWorker {
 public:
  explicit CombinationWorker(const CombinationExperiment& e) : RoutedWorker(e), c_(e), frame_(e.model()) {}

  void trial(Rng& rng, Tally& out) override {
    draw_units(rng, e_.faults(), scratch_);
    const std::span<const std::size_t> units(scratch_.data(), e_.faults());
    judge(units);
    for (std::size_t r = 0; r < runners_.size(); ++r) out.add(r, static_cast<double>(verdicts_[r]));
  }

  // Whether each routing tolerates the combination `units` (m distinct units): 1 or 0 per routing.
  const std::vector<std::uint64_t>& judge(std::span<const std::size_t> units) {
    const FailedElements failed = set_faults(units);
    verdicts_.resize(runners_.size());
    for (std::size_t r = 0; r < runners_.size(); ++r) verdicts_[r] = tolerated(*runners_[r], c_.memo(r), units, failed);
    return verdicts_;
  }

 private:
  const CombinationExperiment& c_;
  TranslatedRuns::Frame frame_;
  std::vector<std::uint64_t> verdicts_;

  bool tolerated(RouteRunner& runner, TranslatedRuns* memo, std::span<const std::size_t> units,
                 const FailedElements& failed) {
    const FaultModel& model = e_.model();
    for (NodeId s : model.terminals()) {
      if (failed.node_failed(s)) continue;
      if (memo) memo->enter(runner, units, s, frame_);
      for (NodeId d : model.terminals()) {
        if (d == s || failed.node_failed(d) || !model.pair_required(s, d)) continue;
        const bool delivered =
            memo ? memo->delivered(runner, d, frame_) : runner.run(faults_, s, d, std::nullopt, false).delivered();
        if (!delivered && physically_connected(model.network(), failed, s, d)) return false;
      }
    }
    return true;
  }
};

}  // namespace

RoutingExperiment::RoutingExperiment(const FaultModel& model, std::vector<const Routing*> routings, std::size_t faults,
                                     std::uint32_t hop_limit, ChoiceRule choices)
    : RoutedExperiment(model, std::move(routings), faults, hop_limit, choices) {
  std::size_t can_fail = 0;  // terminals a fault unit can take down
  for (NodeId t : model.terminals()) can_fail += model.unit_of_node(t).has_value();
  const std::size_t terminals = model.terminals().size();
  if (terminals < std::min(faults, can_fail) + 2)
    throw InputError("with " + std::to_string(faults) + " faulty units fewer than two of the " +
                     std::to_string(terminals) + " terminals may stay healthy: no pair to route");
  series_.push_back({"pair connected", SeriesKind::Ratio});
  for (const Routing* r : this->routings()) {
    series_.push_back({r->spec() + " success", SeriesKind::Ratio});
    series_.push_back({r->spec() + " path length", SeriesKind::Mean});
  }
}

std::unique_ptr<TrialWorker> RoutingExperiment::worker(const Budget&) const { return std::make_unique<RoutingWorker>(*this); }

CombinationExperiment::CombinationExperiment(const FaultModel& model, std::vector<const Routing*> routings,
                                             std::size_t faults, std::uint32_t hop_limit, bool memo, ChoiceRule choices)
    : RoutedExperiment(model, std::move(routings), faults, hop_limit, choices) {
  for (const Routing* r : this->routings()) {
    series_.push_back({r->spec() + " combination tolerated", SeriesKind::Ratio});
    memos_.push_back(memo ? TranslatedRuns::make(*r, model, faults) : nullptr);
  }
}

CombinationExperiment::~CombinationExperiment() = default;

std::uint64_t exact_combinations_cost(const CombinationExperiment& e) {
  const std::uint64_t t = e.model().terminals().size();
  return saturating_product({binomial(e.model().universe().size(), e.faults()), t, t > 0 ? t - 1 : 0,
                             std::uint64_t(e.routings().size())});
}

std::vector<ExactCount> exact_combinations(const CombinationExperiment& e, std::uint64_t limit) {
  const std::uint64_t cost = exact_combinations_cost(e);
  if (cost > limit)
    throw InputError("exact mode: up to " + (cost == UINT64_MAX ? std::string("more than 2^64") : std::to_string(cost)) +
                     " routing runs over every combination of " + std::to_string(e.faults()) +
                     " faults, above the limit of " + std::to_string(limit));
  const std::size_t n = e.model().universe().size(), m = e.faults(), routings = e.routings().size();
  const std::size_t firsts = m == 0 ? 1 : n;  // m = 0: the empty combination, once
  std::vector<std::vector<std::uint64_t>> parts(firsts, std::vector<std::uint64_t>(routings, 0));
  tbb::enumerable_thread_specific<std::unique_ptr<CombinationWorker>> workers(
      [&] { return std::make_unique<CombinationWorker>(e); });
  tbb::parallel_for(std::size_t{0}, firsts, [&](std::size_t first) {
    CombinationWorker& worker = *workers.local();
    for_each_combination_from(n, m, first, [&](const std::vector<std::size_t>& pick) {
      const auto& verdicts = worker.judge(pick);
      for (std::size_t r = 0; r < routings; ++r) parts[first][r] += verdicts[r];
    });
  });
  std::vector<ExactCount> out(routings, ExactCount{0, binomial(n, m)});
  for (const auto& part : parts)
    for (std::size_t r = 0; r < routings; ++r) out[r].surviving += part[r];  // integers: exact for any split
  return out;
}

std::unique_ptr<TrialWorker> CombinationExperiment::worker(const Budget&) const {
  return std::make_unique<CombinationWorker>(*this);
}

}  // namespace menger
