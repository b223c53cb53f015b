// The Monte Carlo engine (DESIGN.md "Monte Carlo"): independent trials of an
// experiment, run in parallel, merged so that the answer does not depend on
// the thread count or on how trials were split.
//
// Determinism.  Trial t of point p draws from Rng(seed, stream(p, t)) only
// (core/rng.h: a counter-based generator), so its observations are a pure
// function of (seed, p, t).  Trials are grouped into shards of fixed size; a
// shard is run by one thread in trial order and its sums are merged with the
// other shards' in shard order, so even the floating-point sums are the same
// bits for any thread count.  The stop rule looks at the sums only after
// whole rounds of shards, so where it stops is deterministic too.
//
// Stop rules: the trial count (the papers' own), and optionally a target
// half-width: stop after the first round in which every watched series'
// confidence interval is at most that wide (and at least min_trials ran).
// A deadline ends the run early with the longest finished prefix of shards,
// reported as incomplete with its coverage; finished work is never dropped.
//
// Checkpoints.  A ShardLog hands back the tallies of shards an earlier run
// settled and receives each shard merged now, both in shard order.  A shard's
// tally is a pure function of (seed, point, shard), so a shard read back is the
// one this run would have computed, bit for bit, and the merge order and the
// rounds at which the stop rule looks are unchanged: a resumed sample gives
// the uninterrupted result for any thread count (montecarlo_checkpoint.h).
//
// Processes.  With a farm (core/shard_farm.h: `mpirun -n R menger
// montecarlo`), every process runs the same study and sample() hands the
// shards to the farm instead of to TBB.  Each stretch of shards between two
// looks of the stop rule is one farm job: a round when a half-width is set,
// else the whole sample (the trial count alone needs no look).  Any process
// settles a shard exactly as above, one shard at a time on one thread (give
// mpirun a rank per core), and returns its tally as JSON, whose doubles are
// written in their shortest round-trip form and read back to the same bits.
// The coordinator alone restores shards from the log, merges the tallies in
// shard order, records them, and applies the stop rule at the same round
// ends: the sums, where each sample stops, and so every printed byte are the
// plain run's, for any number of processes and any order of arrival.
//
// Only the coordinator holds the sums, so before each job every process
// agree()s on the coordinator's word: another job, the sample is done, or the
// coordinator failed.  sample() is therefore collective, and so is what a
// caller does between samples: run the whole sequence through in_step(),
// which ends it with one more agreement and, when this process throws
// between two agreements (the coordinator alone: a checkpoint it alone reads;
// or all alike: a bad request), gives that word, so that the others throw
// FarmStopped at the same point instead of waiting for a job that never
// comes.  A deadline is refused under a farm: the ranks share no clock.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/budget.h"
#include "core/error.h"
#include "core/progress.h"
#include "core/rng.h"
#include "core/shard_farm.h"
#include "verify/reliability/statistics.h"

namespace menger {

enum class SeriesKind { Ratio, Mean };

// One observed quantity of an experiment, e.g. "success ratio of X-Turns".
struct Series {
  std::string name;
  SeriesKind kind = SeriesKind::Ratio;  // Ratio: each observation is 0 or 1
};

// The sums of every series of an experiment.
class Tally {
 public:
  explicit Tally(std::size_t series = 0) : acc_(series) {}
  explicit Tally(std::vector<Accumulator> sums) : acc_(std::move(sums)) {}
  void add(std::size_t series, double x) { acc_[series].add(x); }
  void merge(const Tally& o);
  std::size_t size() const { return acc_.size(); }
  const Accumulator& operator[](std::size_t series) const { return acc_[series]; }

 private:
  std::vector<Accumulator> acc_;
};

// A tally as JSON, [[n, sum, sum of squares] per series] (checkpoints and
// farms carry it), and back; the read throws InputError for anything but
// sums a tally can hold (finite, n a whole number).
nlohmann::json to_json(const Tally& tally);
Tally tally_from_json(const nlohmann::json& j);

// The mutable state one thread needs to run trials (e.g. a routing runner).
class TrialWorker {
 public:
  virtual ~TrialWorker() = default;
  // Runs one trial with its own generator and adds its observations.
  virtual void trial(Rng& rng, Tally& out) = 0;
};

class Experiment {
 public:
  virtual ~Experiment() = default;
  virtual const std::vector<Series>& series() const = 0;
  // `budget`: the sample's, for what a worker prepares (tables over the network).
  virtual std::unique_ptr<TrialWorker> worker(const Budget& budget) const = 0;
};

struct SampleOptions {
  std::uint64_t seed = 1;
  std::uint64_t point = 0;          // the curve point: trials of different points use different streams
  std::uint64_t trials = 10'000;    // at most this many
  std::optional<double> half_width; // stop once every watched series is this tight
  std::vector<std::size_t> watched; // default: every Ratio series
  std::uint64_t min_trials = 1'000; // the stop rule waits for at least this many
  double confidence = 0.95;
  Budget budget;                    // the question's: a sample it cuts short is incomplete
  Progress progress;                // after each merged shard: trials of the point's trials
  std::uint64_t shard = 256;        // trials per shard
  std::uint64_t round = 16;         // shards per round (stop-rule check)
  const ShardFarm* farm = nullptr;  // spread the shards over processes (header, "Processes")
};

struct SampleResult {
  Tally tally;
  std::uint64_t trials = 0;     // trials run and merged
  bool complete = false;        // false: the deadline stopped it
  bool stopped_by_width = false;
  double seconds = 0;
  double coverage(std::uint64_t planned) const { return planned ? double(trials) / double(planned) : 1; }
};

// The stream of trial t of point p: distinct for every (p, t) with t < 2^40.
inline std::uint64_t trial_stream(std::uint64_t point, std::uint64_t trial) { return (point << 40) ^ trial; }

// Shards settled by an earlier run of the same sample, and the record of the
// ones settled now.  The engine asks for shards 0, 1, 2, ... until the first
// one the log does not hold, and records every later shard once it is merged.
class ShardLog {
 public:
  virtual ~ShardLog() = default;
  // The tally of `shard` (of the experiment's `series`, over `trials` trials)
  // as settled before, or nothing.  Throws InputError for a record that
  // cannot be this run's.
  virtual std::optional<Tally> settled(std::uint64_t shard, const std::vector<Series>& series,
                                       std::uint64_t trials) = 0;
  virtual void record(std::uint64_t shard, const Tally& tally) = 0;
};

// Runs the experiment (TBB; the thread count is the caller's tbb::global_control).
// With a log, shards it holds are taken from it instead of being run.  Under
// a farm it is collective (header, "Processes"): every process calls it with
// the same experiment and options, inside in_step(); only the coordinator
// passes a log, and only its result holds the sums.
SampleResult sample(const Experiment& experiment, const SampleOptions& options, ShardLog* log = nullptr);

// Throws InputError for options no sample can run with (shard or round of
// size 0, too many trials, a confidence outside (0, 1), a deadline under a
// farm): callers check before work that should not start for nothing.
void check_sample_options(const SampleOptions& options);

// What a process that is not the coordinator throws when the coordinator
// failed: it has stopped, and said why on its own.
class FarmStopped : public InternalError {
 public:
  FarmStopped() : InternalError("the coordinating process stopped the study") {}
};

// Runs `samples`, a sequence of sample() calls and what the caller does
// between them, on this process in step with the farm's others (header,
// "Processes"); without a farm, just runs it.
void in_step(const ShardFarm* farm, const std::function<void()>& samples);

// The confidence interval of one series of a tally: Wilson for ratios, normal for means.
Interval series_interval(const Series& s, const Accumulator& a, double confidence);

}  // namespace menger
