// Monte Carlo studies spread over processes (verify/reliability/montecarlo.h,
// "Processes"): with shards handed out in batches and settled last first (the
// worst case for the merge), a study gives the plain engine's result bit for
// bit, its checkpoint bytes are the plain run's and resume either way, and a
// process that is not the coordinator makes the same farm calls in the same
// order and computes the same shard results, also when the coordinator
// fails.  mpirun itself is tested end to end by
// tests/mpi_montecarlo_same_output.sh.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <bit>
#include <fstream>
#include <sstream>
#include <tuple>

#include "claims/reliability_study.h"
#include "core/error.h"
#include "lagging_farm.h"
#include "models/registry.h"
#include "scratch_dir.h"
#include "text_file.h"
#include "verify/reliability/montecarlo_checkpoint.h"

namespace menger {
namespace {

using testing::LaggingFarm;

struct Study {
  std::string name, spec;
  StudyRequest request;
};

StudyRequest routing_curve() {
  StudyRequest q;
  q.experiment = "routing";
  q.routings = {"shortest", "dor"};
  q.counts = {0, 6, 12};
  q.exact_limit = 1000;  // the point without faults is exact
  q.sampling.seed = 7;
  q.sampling.trials = 3000;  // a partial last shard
  q.sampling.round = 2;
  return q;
}

std::vector<Study> studies() {
  Study curve{"routing curve", "torus(5,5)", routing_curve()};
  Study adaptive = curve;  // the stop rule looks after every round: a farm job per round
  adaptive.name = "routing curve to a half-width";
  adaptive.request.sampling.half_width = 0.02;
  adaptive.request.sampling.trials = 6000;
  Study best{"completeness, best of 3 wirings", "min(stages=4, radix=2, wiring=random)", {}};
  best.request.experiment = "completeness";
  best.request.best_of = 3;  // the best is wiring 2: the choice reads the merged sums
  best.request.exact_limit = 1000;
  best.request.sampling.seed = 3;
  best.request.sampling.trials = 1300;
  best.request.sampling.round = 2;
  Study combinations{"combinations", "torus(4,4)", {}};
  combinations.request.experiment = "combinations";
  combinations.request.routings = {"ft-torus"};
  combinations.request.counts = {3, 5};
  combinations.request.sampling.seed = 5;
  combinations.request.sampling.trials = 30;
  return {curve, adaptive, best, combinations};
}

StudyResult run(const Study& s, const ShardFarm* farm, const std::filesystem::path& checkpoint = {}) {
  tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
  StudyRequest q = s.request;
  q.sampling.farm = farm;
  const auto topology = Registry::builtin().build(s.spec);
  return checkpoint.empty() ? run_study(topology, q) : run_study(topology, q, checkpoint);
}

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

void expect_same_bits(const Interval& a, const Interval& b) {
  EXPECT_EQ(bits(a.value), bits(b.value));
  EXPECT_EQ(bits(a.low), bits(b.low));
  EXPECT_EQ(bits(a.high), bits(b.high));
}

void expect_same_bits(const SampleResult& a, const SampleResult& b) {
  EXPECT_EQ(a.trials, b.trials);
  EXPECT_EQ(a.complete, b.complete);
  EXPECT_EQ(a.stopped_by_width, b.stopped_by_width);
  ASSERT_EQ(a.tally.size(), b.tally.size());
  for (std::size_t i = 0; i < a.tally.size(); ++i) {
    SCOPED_TRACE("series " + std::to_string(i));
    EXPECT_EQ(a.tally[i].n, b.tally[i].n);
    EXPECT_EQ(bits(a.tally[i].sum), bits(b.tally[i].sum));
    EXPECT_EQ(bits(a.tally[i].sum_squares), bits(b.tally[i].sum_squares));
  }
}

void expect_same_bits(const std::optional<ExactRouting>& a, const std::optional<ExactRouting>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->fault_sets, b->fault_sets);
  EXPECT_EQ(a->sources, b->sources);
  EXPECT_EQ(a->runs, b->runs);
  ASSERT_EQ(a->values.size(), b->values.size());
  for (std::size_t i = 0; i < a->values.size(); ++i) {
    ASSERT_EQ(a->values[i].has_value(), b->values[i].has_value());
    if (a->values[i]) {
      EXPECT_EQ(bits(*a->values[i]), bits(*b->values[i]));
    }
  }
}

// Every number of the result (the timing aside), and every interval it prints.
void expect_same_bits(const StudyResult& a, const StudyResult& b) {
  EXPECT_EQ(a.experiment, b.experiment);
  EXPECT_EQ(a.model, b.model);
  EXPECT_EQ(a.faults_described, b.faults_described);
  EXPECT_EQ(a.units, b.units);
  EXPECT_EQ(a.complete, b.complete);
  ASSERT_EQ(a.series.size(), b.series.size());
  for (std::size_t i = 0; i < a.series.size(); ++i) EXPECT_EQ(a.series[i].name, b.series[i].name);
  ASSERT_EQ(a.points.size(), b.points.size());
  for (std::size_t p = 0; p < a.points.size(); ++p) {
    SCOPED_TRACE("point " + std::to_string(p));
    EXPECT_EQ(a.points[p].faults, b.points[p].faults);
    expect_same_bits(a.points[p].result, b.points[p].result);
    expect_same_bits(a.points[p].exact, b.points[p].exact);
    for (std::size_t i = 0; i < a.series.size(); ++i) expect_same_bits(a.interval(p, i), b.interval(p, i));
  }
  ASSERT_EQ(a.exact.size(), b.exact.size());
  for (std::size_t f = 0; f < a.exact.size(); ++f) {
    ASSERT_EQ(a.exact[f].has_value(), b.exact[f].has_value());
    if (a.exact[f]) {
      EXPECT_EQ(a.exact[f]->surviving, b.exact[f]->surviving);
      EXPECT_EQ(a.exact[f]->total, b.exact[f]->total);
    }
  }
  ASSERT_EQ(a.wirings.size(), b.wirings.size());
  for (std::size_t w = 0; w < a.wirings.size(); ++w) {
    EXPECT_EQ(a.wirings[w].first, b.wirings[w].first);
    expect_same_bits(a.wirings[w].second, b.wirings[w].second);
  }
}

TEST(MonteCarloFarm, ResultsMergedLateGiveThePlainResultBitForBit) {
  for (const Study& s : studies()) {
    SCOPED_TRACE(s.name);
    const StudyResult plain = run(s, nullptr);
    if (s.request.sampling.half_width) {  // the stop rule must act, or the case tests nothing
      bool stopped = false;
      for (const auto& p : plain.points) stopped = stopped || p.result.stopped_by_width;
      EXPECT_TRUE(stopped);
    }
    if (s.request.best_of) {
      EXPECT_NE(plain.model, plain.wirings.front().first);  // not the first wiring
    }
    for (std::size_t batch : {1, 2, 3}) {
      SCOPED_TRACE("batch " + std::to_string(batch));
      const LaggingFarm farm(batch);
      expect_same_bits(plain, run(s, &farm));
    }
  }
}

TEST(MonteCarloFarm, ABudgetIsOneClearError) {
  Study s = studies().front();
  s.request.sampling.budget = Budget::until(Clock::now() + std::chrono::seconds(60));
  const LaggingFarm farm(2);
  try {
    run(s, &farm);
    ADD_FAILURE() << "a deadline under a farm was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--budget cannot be honoured under mpirun"), std::string::npos) << e.what();
  }
}

// ---- checkpoints -----------------------------------------------------------

using testing::slurp;
using testing::spill;

// The first `records` records of a checkpoint, and the start of the next one as a kill leaves it.
std::string cut(const std::string& text, std::size_t records) {
  std::size_t end = 0;
  for (std::size_t line = 0; line <= records; ++line) end = text.find('\n', end) + 1;
  return text.substr(0, end) + text.substr(end, 9);
}

class MonteCarloFarmCheckpoint : public ::testing::Test {
 protected:
  testing::ScratchDir dir_{"menger-mc-farm-"};
};

TEST_F(MonteCarloFarmCheckpoint, WrittenAndResumedEitherWayGivesThePlainBytes) {
  const LaggingFarm writer(3), resumer(2);
  for (const Study& s : studies()) {
    SCOPED_TRACE(s.name);
    const auto plain_file = dir_.path() / "plain.jsonl", farm_file = dir_.path() / "farm.jsonl";
    std::filesystem::remove(plain_file);
    std::filesystem::remove(farm_file);
    const StudyResult plain = run(s, nullptr, plain_file);
    expect_same_bits(plain, run(s, &writer, farm_file));
    const std::string whole = slurp(plain_file);
    EXPECT_EQ(slurp(farm_file), whole);
    const std::size_t records = read_montecarlo_checkpoint(whole, "plain").records.size();
    ASSERT_GE(records, 4u);
    for (std::size_t kept : {std::size_t{0}, std::size_t{1}, records / 2, records - 1, records}) {
      SCOPED_TRACE("kept " + std::to_string(kept));
      const auto cp = dir_.path() / "cut.jsonl";
      spill(cp, cut(whole, kept));  // the same prefix, whichever kind of run wrote it
      expect_same_bits(plain, run(s, &resumer, cp));
      EXPECT_EQ(slurp(cp), whole);
      spill(cp, cut(whole, kept));
      expect_same_bits(plain, run(s, nullptr, cp));
      EXPECT_EQ(slurp(cp), whole);
    }
  }
}

// ---- the processes that are not the coordinator ----------------------------

// One call a process made on its farm: a job (with the shards its processes
// settled, in the order they were handed out, and their results) or an agreement.
struct Call {
  bool job = false;
  int value = 0;  // agreement: the coordinator's word
  std::vector<std::tuple<std::size_t, std::string, std::string>> settled;  // shard, context, result
};

// The coordinator's side: a LaggingFarm that writes down every call.
class RecordingFarm final : public ShardFarm {
 public:
  explicit RecordingFarm(std::size_t batch) : farm_(batch) {}
  bool coordinator() const override { return true; }
  int processes() const override { return farm_.processes(); }
  int agree(int value) const override {
    calls_.push_back(Call{false, value, {}});
    return farm_.agree(value);
  }
  void run(const ShardJob& job) const override {
    calls_.push_back(Call{true, 0, {}});
    ShardJob recorded = job;
    const std::size_t at = calls_.size() - 1;
    recorded.work = [this, at, &job](std::size_t shard, const std::string& context) {
      std::string result = job.work(shard, context);
      calls_[at].settled.emplace_back(shard, context, result);
      return result;
    };
    farm_.run(recorded);
  }
  const std::vector<Call>& calls() const { return calls_; }

 private:
  LaggingFarm farm_;
  mutable std::vector<Call> calls_;
};

// Another process's side: it expects the coordinator's calls in the same
// order, settles the shards the coordinator's farm handed out (the results
// must be the same text), and hears the coordinator's word at each agreement.
class ReplayingFarm final : public ShardFarm {
 public:
  explicit ReplayingFarm(std::vector<Call> script) : script_(std::move(script)) {}
  bool coordinator() const override { return false; }
  int processes() const override { return 2; }
  int agree(int) const override {
    const Call& c = next("an agreement");
    EXPECT_FALSE(c.job) << "call " << next_ - 1 << ": an agreement where the coordinator ran a job";
    return c.value;
  }
  void run(const ShardJob& job) const override {
    const Call& c = next("a job");
    EXPECT_TRUE(c.job) << "call " << next_ - 1 << ": a job where the coordinator agreed";
    for (const auto& [shard, context, result] : c.settled) EXPECT_EQ(job.work(shard, context), result) << shard;
  }
  bool finished() const { return next_ == script_.size(); }

 private:
  std::vector<Call> script_;
  mutable std::size_t next_ = 0;

  const Call& next(const char* what) const {
    if (next_ == script_.size()) throw InternalError(std::string("the coordinator made no further call, here ") + what);
    return script_[next_++];
  }
};

TEST_F(MonteCarloFarmCheckpoint, AnotherProcessMakesTheCoordinatorsCallsAndSettlesTheSameShards) {
  for (const Study& s : studies()) {
    SCOPED_TRACE(s.name);
    const auto cp = dir_.path() / "cp.jsonl";
    std::filesystem::remove(cp);
    run(s, nullptr, cp);
    const std::string whole = slurp(cp);
    spill(cp, cut(whole, 3));  // the coordinator alone reads it: it hands out fewer shards
    const RecordingFarm coordinator(2);
    run(s, &coordinator, cp);
    std::size_t jobs = 0;
    for (const Call& c : coordinator.calls()) jobs += c.job;
    EXPECT_GE(jobs, 2u);
    spill(cp, cut(whole, 3));
    const ReplayingFarm other(coordinator.calls());
    run(s, &other, cp);
    EXPECT_TRUE(other.finished());
    EXPECT_EQ(slurp(cp), cut(whole, 3));  // the other process leaves the checkpoint alone
  }
}

// `from`'s checkpoint records under the header of `as`: a file that claims one question and holds another's shards.
void forge(const Study& from, const Study& as, const std::filesystem::path& cp) {
  std::filesystem::remove(cp);
  run(from, nullptr, cp);
  const std::string text = slurp(cp);
  const nlohmann::json header = {{"format", "menger-montecarlo-checkpoint/1"},
                                 {"question", study_question(*Registry::builtin().build(as.spec), as.request)}};
  spill(cp, header.dump() + text.substr(text.find('\n')));
}

TEST_F(MonteCarloFarmCheckpoint, WhenTheCoordinatorFailsTheOthersStopAtTheSamePoint) {
  const Study s = studies().front();
  Study shorter = s, longer = s;
  shorter.request.sampling.trials = 600;
  longer.request.counts.push_back(18);
  const auto other = dir_.path() / "other.jsonl", early = dir_.path() / "early.jsonl",
             beyond = dir_.path() / "beyond.jsonl";
  std::filesystem::remove(other);
  run(shorter, nullptr, other);  // another question: refused as the study opens it
  forge(shorter, s, early);      // refused in sample 0's first job, which needs shard 3
  forge(longer, s, beyond);      // refused after the last sample: a fourth sample's records are left over
  for (const auto& cp : {other, early, beyond}) {
    SCOPED_TRACE(cp.filename().string());
    const RecordingFarm coordinator(2);
    EXPECT_THROW(run(s, &coordinator, cp), InputError);
    ASSERT_FALSE(coordinator.calls().empty());
    const ReplayingFarm others(coordinator.calls());
    EXPECT_THROW(run(s, &others, cp), FarmStopped);
    EXPECT_TRUE(others.finished());
  }
}

}  // namespace
}  // namespace menger
