#include "verify/montecarlo.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <cmath>

#include "core/error.h"

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

namespace {

bool out_of_time(const SampleOptions& o) { return o.deadline && std::chrono::steady_clock::now() >= *o.deadline; }

std::vector<std::size_t> watched_series(const Experiment& e, const SampleOptions& o) {
  if (!o.watched.empty()) return o.watched;
  std::vector<std::size_t> w;
  for (std::size_t i = 0; i < e.series().size(); ++i)
    if (e.series()[i].kind == SeriesKind::Ratio) w.push_back(i);
  return w;
}

bool tight_enough(const Experiment& e, const SampleResult& r, const SampleOptions& o,
                  const std::vector<std::size_t>& watched) {
  if (!o.half_width || r.trials < o.min_trials) return false;
  for (std::size_t i : watched) {
    const Accumulator& a = r.tally[i];
    if (a.n == 0) continue;  // observed only in some trials (e.g. path length if delivered)
    if (series_interval(e.series()[i], a, o.confidence).half_width() > *o.half_width) return false;
  }
  return true;
}

// Fills the round's leading shards that the log holds; returns the first one
// still to run.  Settled work costs no time, so no deadline applies to it.
std::uint64_t restore_shards(ShardLog* log, const SampleOptions& o, const std::vector<Series>& series,
                             std::uint64_t first, std::uint64_t last, std::vector<Tally>& parts,
                             std::vector<char>& done) {
  std::uint64_t shard = first;
  for (; log && shard < last; ++shard) {
    const std::uint64_t trials = std::min(o.trials, (shard + 1) * o.shard) - shard * o.shard;
    std::optional<Tally> t = log->settled(shard, series, trials);
    if (!t) break;
    parts[shard - first] = std::move(*t);
    done[shard - first] = 1;
  }
  return shard;
}

}  // namespace

SampleResult sample(const Experiment& experiment, const SampleOptions& o, ShardLog* log) {
  if (o.shard == 0 || o.round == 0) throw InputError("Monte Carlo shard and round sizes must be positive");
  if (o.trials >= (std::uint64_t{1} << 40)) throw InputError("at most 2^40 trials per point");
  normal_quantile(o.confidence);  // validates the level
  const auto start = std::chrono::steady_clock::now();
  const std::size_t width = experiment.series().size();
  const auto watched = watched_series(experiment, o);
  tbb::enumerable_thread_specific<std::unique_ptr<TrialWorker>> workers([&] { return experiment.worker(); });
  SampleResult r;
  r.tally = Tally(width);
  const std::uint64_t shards = (o.trials + o.shard - 1) / o.shard;
  for (std::uint64_t first = 0; first < shards; first += o.round) {
    const std::uint64_t last = std::min(shards, first + o.round);
    std::vector<Tally> parts(last - first, Tally(width));
    std::vector<char> done(last - first, 0);
    const std::uint64_t fresh = restore_shards(log, o, experiment.series(), first, last, parts, done);
    tbb::parallel_for(fresh, last, [&](std::uint64_t shard) {
      if (out_of_time(o)) return;
      TrialWorker& w = *workers.local();
      Tally& part = parts[shard - first];
      const std::uint64_t end = std::min(o.trials, (shard + 1) * o.shard);
      for (std::uint64_t t = shard * o.shard; t < end; ++t) {
        Rng rng(o.seed, trial_stream(o.point, t));
        w.trial(rng, part);
      }
      done[shard - first] = 1;
    });
    for (std::uint64_t s = first; s < last; ++s) {  // merge the finished prefix, in shard order
      if (!done[s - first]) {
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return r;
      }
      r.tally.merge(parts[s - first]);
      r.trials = std::min(o.trials, (s + 1) * o.shard);
      if (log && s >= fresh) log->record(s, parts[s - first]);
    }
    if (tight_enough(experiment, r, o, watched)) {
      r.stopped_by_width = true;
      break;
    }
  }
  r.complete = true;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace menger
