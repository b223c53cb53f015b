#include "verify/reliability/montecarlo.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/json_io.h"

namespace menger {

void Tally::merge(const Tally& o) {
  if (acc_.empty()) acc_.resize(o.acc_.size());
  if (o.acc_.size() != acc_.size()) throw InternalError("merging tallies of different experiments");
  for (std::size_t i = 0; i < acc_.size(); ++i) acc_[i].merge(o.acc_[i]);
}

Interval series_interval(const Series& s, const Accumulator& a, double confidence) {
  if (s.kind == SeriesKind::Ratio)
    return wilson_interval(static_cast<std::uint64_t>(std::llround(a.sum)), a.n, confidence);
  return mean_interval(a, confidence);
}

// ---- tallies as JSON ---------------------------------------------------------

namespace {

double finite_number(const nlohmann::json& j, const char* field) {
  if (!j.is_number() || !std::isfinite(j.get<double>()))
    throw InputError(std::string("field '") + field + "' must be a finite number");
  return j.get<double>();
}

Accumulator accumulator_from_json(const nlohmann::json& j) {
  if (!j.is_array() || j.size() != 3) throw InputError("a series' sums are [n, sum, sum of squares]");
  Accumulator a;
  a.n = json_as<std::uint64_t>(j[0], "n");
  a.sum = finite_number(j[1], "sum");
  a.sum_squares = finite_number(j[2], "sum of squares");
  return a;
}

}  // namespace

nlohmann::json to_json(const Tally& tally) {
  nlohmann::json sums = nlohmann::json::array();
  for (std::size_t i = 0; i < tally.size(); ++i) sums.push_back({tally[i].n, tally[i].sum, tally[i].sum_squares});
  return sums;
}

Tally tally_from_json(const nlohmann::json& j) {
  if (!j.is_array()) throw InputError("field 'tally' must be a list");
  std::vector<Accumulator> sums;
  for (const auto& item : j) sums.push_back(accumulator_from_json(item));
  return Tally(std::move(sums));
}

// ---- processes in step -------------------------------------------------------

namespace {

// The coordinator's word at an agreement (header, "Processes").
enum Word : int { kFailed = -1, kDone = 0, kAnother = 1 };

// Collective: whether another job follows, in the coordinator's word (`more`
// is heard from the coordinator only); FarmStopped when it failed.
bool another(const ShardFarm& farm, bool more) {
  const int word = farm.agree(more ? kAnother : kDone);
  if (word == kFailed) throw FarmStopped();
  return word == kAnother;
}

}  // namespace

void in_step(const ShardFarm* farm, const std::function<void()>& samples) {
  if (!farm) return samples();
  try {
    samples();
  } catch (const FarmStopped&) {
    throw;  // the coordinator's word: it tells the others itself
  } catch (...) {
    farm->agree(kFailed);
    throw;
  }
  // The end, agreed too: the coordinator may still fail after the others'
  // last sample (a checkpoint with records beyond it).
  another(*farm, false);
}

// ---- sampling ------------------------------------------------------------------

void check_sample_options(const SampleOptions& o) {
  if (o.shard == 0 || o.round == 0) throw InputError("Monte Carlo shard and round sizes must be positive");
  if (o.trials >= (std::uint64_t{1} << 40)) throw InputError("at most 2^40 trials per point");
  normal_quantile(o.confidence);  // validates the level
  if (o.farm && o.budget.deadline())
    throw InputError("--budget cannot be honoured under mpirun: the ranks share no clock to stop the study at "
                     "one shard; run without mpirun, or split a long run with --checkpoint");
}

namespace {

// The sample's budget (deadline, memory limit, cancellation).
bool out_of_time(const SampleOptions& o) {
  return o.budget.passed();
}

std::vector<std::size_t> watched_series(const Experiment& e, const SampleOptions& o) {
  if (!o.watched.empty()) return o.watched;
  std::vector<std::size_t> w;
  for (std::size_t i = 0; i < e.series().size(); ++i)
    if (e.series()[i].kind == SeriesKind::Ratio) w.push_back(i);
  return w;
}

// One sample: its shards run here (TBB) or on a farm, merged in shard order.
class Sampler {
 public:
  Sampler(const Experiment& e, const SampleOptions& o, ShardLog* log)
      : e_(e), o_(o), log_(log), watched_(watched_series(e, o)), shards_((o.trials + o.shard - 1) / o.shard),
        workers_([&e, &o] { return e.worker(o.budget); }) {
    r_.tally = Tally(e.series().size());
  }

  SampleResult run() {
    r_.complete = o_.farm ? run_on_farm(*o_.farm) : run_here();
    r_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return std::move(r_);
  }

 private:
  const Experiment& e_;
  const SampleOptions& o_;
  ShardLog* log_;
  const std::vector<std::size_t> watched_;
  const std::uint64_t shards_;
  tbb::enumerable_thread_specific<std::unique_ptr<TrialWorker>> workers_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  SampleResult r_;

  std::uint64_t trials_before(std::uint64_t shard) const { return std::min(o_.trials, shard * o_.shard); }

  // Runs the shard's trials in trial order, on this thread; nothing when the
  // budget runs out first (a trial on a large network takes a tenth of a
  // second, a shard minutes: the budget is checked before every trial, and
  // a shard cut short counts for nothing, so the result stays the same for
  // any thread count).
  std::optional<Tally> settle(std::uint64_t shard) {
    Tally part(e_.series().size());
    TrialWorker& w = *workers_.local();
    for (std::uint64_t t = trials_before(shard); t < trials_before(shard + 1); ++t) {
      if (out_of_time(o_)) return std::nullopt;
      Rng rng(o_.seed, trial_stream(o_.point, t));
      w.trial(rng, part);
    }
    return part;
  }
  // A shard for another process (no deadline there: check_sample_options), or the reason it stopped.
  Tally settle_for_farm(std::uint64_t shard) {
    std::optional<Tally> part = settle(shard);
    if (!part) throw o_.budget.exhausted("sampling");
    return std::move(*part);
  }

  // Merges the shard after every shard before it; records it unless it came from the log.
  void merge(std::uint64_t shard, const Tally& part, bool fresh) {
    r_.tally.merge(part);
    r_.trials = trials_before(shard + 1);
    if (log_ && fresh) log_->record(shard, part);
    if (o_.progress) o_.progress(progress_coverage());
  }

  // Merges the leading shards of [first, last) that the log holds; returns
  // the first one still to run.  Settled work costs no time, so no deadline
  // applies to it.
  std::uint64_t restore(std::uint64_t first, std::uint64_t last) {
    std::uint64_t shard = first;
    for (; log_ && shard < last; ++shard) {
      std::optional<Tally> t = log_->settled(shard, e_.series(), trials_before(shard + 1) - trials_before(shard));
      if (!t) break;
      merge(shard, *t, false);
    }
    return shard;
  }

  // What progress reports: the point's trials merged of its most.
  Coverage progress_coverage() const {
    Coverage c;
    c.unit = "trials";
    c.settled = r_.trials;
    c.total = o_.trials;
    c.so_far = "curve point " + std::to_string(o_.point);
    return c;
  }

  bool tight_enough() const {
    if (!o_.half_width || r_.trials < o_.min_trials) return false;
    for (std::size_t i : watched_) {
      const Accumulator& a = r_.tally[i];
      if (a.n == 0) continue;  // observed only in some trials (e.g. path length if delivered)
      if (series_interval(e_.series()[i], a, o_.confidence).half_width() > *o_.half_width) return false;
    }
    return true;
  }

  // Round after round on this machine's threads; false when the deadline cut it short.
  bool run_here() {
    for (std::uint64_t first = 0; first < shards_; first += o_.round) {
      const std::uint64_t last = std::min(shards_, first + o_.round);
      const std::uint64_t fresh = restore(first, last);
      std::vector<std::optional<Tally>> parts(last - fresh);
      tbb::parallel_for(fresh, last, [&](std::uint64_t shard) {
        if (!out_of_time(o_)) parts[shard - fresh] = settle(shard);
      });
      for (std::uint64_t s = fresh; s < last; ++s) {  // the finished prefix, in shard order
        if (!parts[s - fresh]) return false;
        merge(s, *parts[s - fresh], true);
      }
      r_.stopped_by_width = tight_enough();
      if (r_.stopped_by_width) break;
    }
    return true;
  }

  // Stretch after stretch on the farm (header, "Processes"): the stop rule
  // can only act at a round's end when a half-width is set.  No deadline
  // (check_sample_options), so the sample is always complete.
  bool run_on_farm(const ShardFarm& farm) {
    const bool coordinates = farm.coordinator();
    const std::uint64_t stretch = o_.half_width ? o_.round : shards_;
    for (std::uint64_t first = 0; another(farm, coordinates && first < shards_ && !r_.stopped_by_width);
         first += stretch) {
      farm.run(job(first, std::min(shards_, first + stretch)));
      r_.stopped_by_width = coordinates && tight_enough();
    }
    return true;
  }

  ShardJob job(std::uint64_t first, std::uint64_t last) {
    ShardJob job;
    job.count = last;
    job.start = [this, first, last] { return restore(first, last); };
    job.context = [](std::size_t) { return std::optional<std::string>(""); };
    job.work = [this](std::size_t shard, const std::string&) { return json_text(to_json(settle_for_farm(shard))); };
    job.arrived = [](std::size_t, const std::string&) {};
    job.merge = [this](std::size_t shard, const std::string& text) {
      merge(shard, tally_of(shard, text), true);
      return true;
    };
    return job;
  }

  Tally tally_of(std::uint64_t shard, const std::string& text) const {
    try {
      return tally_from_json(nlohmann::json::parse(text));
    } catch (const std::exception& e) {  // our own processes' text: a bug, not bad input
      throw InternalError("the tally of shard " + std::to_string(shard) + " came back garbled: " + e.what());
    }
  }
};

}  // namespace

SampleResult sample(const Experiment& experiment, const SampleOptions& o, ShardLog* log) {
  check_sample_options(o);
  return Sampler(experiment, o, log).run();
}

}  // namespace menger
