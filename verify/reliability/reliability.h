// The papers' reliability experiments (issue 6), as Monte Carlo experiments
// (montecarlo.h) over the abstract FaultModel and Routing interfaces.
//
// Completeness (001 section 4): "For each trial, we randomly add component
// faults until the network is incomplete" (uniform faults, without
// replacement).  A trial draws a uniformly random order of all fault units and
// finds T, the largest number of leading units whose failure the network
// survives (survival.h).  Series 0 is T itself: its mean is Table 1's
// "expected number of faults each network can tolerate".  Series f (f >= 1)
// is "complete after f faults", i.e. T >= f: the first f units of a uniform
// order are a uniform f-subset, so its mean is P(complete | f), Figure 7's
// curve.  (Hence also E[T] = sum over f >= 1 of P(complete | f).)
//
// Routing success (002 section 4, 004 section 4): a trial draws exactly m
// faulty units uniformly, then a source and a destination uniformly among
// the healthy terminals (distinct), and routes that one configuration with
// every routing ("One configuration is used for the simulations of all the
// algorithms", 002).  Per routing: a success ratio (delivered) and the path
// length of the successful runs (hops; 004: "we just consider the paths which
// successfully connect the two nodes"); and whether any fault-free path joins
// the pair at all (the ceiling no routing can beat).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

#include "core/routing.h"
#include "verify/fault_model.h"
#include "verify/reliability/montecarlo.h"
#include "verify/route/route_run.h"
#include "verify/route/translated_runs.h"

namespace menger {

class CompletenessExperiment final : public Experiment {
 public:
  // Series: 0 "faults tolerated" (mean), then "complete with f faults" for f = 1..max_faults.
  // `naive`: the blind baseline for bench/ (one search per source after every added fault),
  // the same numbers, slower.
  CompletenessExperiment(const FaultModel& model, std::size_t max_faults, bool naive = false);
  const std::vector<Series>& series() const override { return series_; }
  std::unique_ptr<TrialWorker> worker(const Budget& budget) const override;
  const FaultModel& model() const { return model_; }

 private:
  const FaultModel& model_;
  std::vector<Series> series_;
  bool naive_;
};

// The exact P(complete | f): how many of the C(units, f) fault sets of size f
// the network survives, by enumerating them all (TBB over the first unit; the
// count is the same for any split).  Throws InputError above `limit` sets.
struct ExactCount {
  std::uint64_t surviving = 0, total = 0;
  double ratio() const { return total ? double(surviving) / double(total) : 0; }
};
std::uint64_t binomial(std::uint64_t n, std::uint64_t k);  // saturates at UINT64_MAX
std::uint64_t saturating_product(std::initializer_list<std::uint64_t> xs);
ExactCount exact_completeness(const FaultModel& model, std::size_t faults, std::uint64_t limit,
                              const Budget& budget = Budget());

// What the routing experiments share: the fault model, the routings compared
// on the same configurations, the number m of faulty units per trial.
class RoutedExperiment : public Experiment {
 public:
  const std::vector<Series>& series() const override { return series_; }
  const FaultModel& model() const { return model_; }
  const std::vector<const Routing*>& routings() const { return routings_; }
  std::size_t faults() const { return faults_; }
  std::uint32_t hop_limit() const { return hop_limit_; }
  // How an adaptive routing's choices are read (verify/route/route_run.h).
  ChoiceRule choices() const { return choices_; }
  RunLimits limits() const;

 protected:
  // Throws InputError when `faults` exceeds the units.
  RoutedExperiment(const FaultModel& model, std::vector<const Routing*> routings, std::size_t faults,
                   std::uint32_t hop_limit, ChoiceRule choices);
  std::vector<Series> series_;

 private:
  const FaultModel& model_;
  std::vector<const Routing*> routings_;
  std::size_t faults_;
  std::uint32_t hop_limit_;
  ChoiceRule choices_;
};

class RoutingExperiment final : public RoutedExperiment {
 public:
  // Series: 0 "pair connected" (ratio); then per routing r: 1 + 2r "<spec> success" (ratio) and
  // 2 + 2r "<spec> path length" (mean over successful runs).  Throws InputError when fewer than two
  // terminals could stay healthy with `faults` units failed.
  RoutingExperiment(const FaultModel& model, std::vector<const Routing*> routings, std::size_t faults,
                    std::uint32_t hop_limit = 0, ChoiceRule choices = ChoiceRule::Every);
  std::unique_ptr<TrialWorker> worker(const Budget& budget) const override;
};

// Fault combinations (003 section 5: "the percentage of tolerated fault
// combinations is greater than 99,9% up to 10 failures"): a trial draws m
// faulty units and routes every ordered pair of distinct healthy terminals;
// the combination is tolerated when every pair the faults leave connected is
// delivered (pairs the faults disconnect are excused, as in route-tolerance
// claims with excuse_disconnected).  Series: per routing r, "<spec> combination
// tolerated" (ratio).  A trial stops at the first defeated pair, so its cost
// is all pairs only when the combination is tolerated.  Where the routing
// commutes with the topology's translations, pairs are answered through a
// memo shared by all trials (translated_runs.h: exact, it changes only the
// cost); `memo = false` runs every pair (the baseline of bench/ and tests).
class CombinationExperiment final : public RoutedExperiment {
 public:
  CombinationExperiment(const FaultModel& model, std::vector<const Routing*> routings, std::size_t faults,
                        std::uint32_t hop_limit = 0, bool memo = true, ChoiceRule choices = ChoiceRule::Every);
  ~CombinationExperiment() override;
  std::unique_ptr<TrialWorker> worker(const Budget& budget) const override;
  // Per routing: the memo, or null where it does not apply (or memo = false).
  TranslatedRuns* memo(std::size_t routing) const { return memos_[routing].get(); }

 private:
  std::vector<std::unique_ptr<TranslatedRuns>> memos_;
};

// The exact fraction of combinations each routing tolerates: every one of the
// C(units, m) combinations judged as a trial judges it (TBB over the least
// unit; integer counts, the same for any split).  `surviving` counts the
// tolerated ones.  The cost, in routing runs, is at most
// C(units, m) x terminals x (terminals - 1) x routings (saturating); above
// `limit` it throws InputError.
std::uint64_t exact_combinations_cost(const CombinationExperiment& e);
std::vector<ExactCount> exact_combinations(const CombinationExperiment& e, std::uint64_t limit);

// m distinct units drawn uniformly from `universe` units (partial Fisher-Yates
// over `scratch`, which holds a permutation of 0..universe-1 and is reused).
void draw_units(Rng& rng, std::size_t m, std::vector<std::size_t>& scratch);

}  // namespace menger
