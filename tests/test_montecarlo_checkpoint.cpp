// Monte Carlo checkpoints (verify/reliability/montecarlo_checkpoint.h): the reader on
// damaged text (one clear error, or the half-written tail dropped), another
// question refused, and a study resumed from any cut of its checkpoint giving
// the uninterrupted result's bytes with 1 and with 2 threads, under the
// trial-count rule, the half-width rule and a deadline.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <tuple>

#include "claims/reliability_study.h"
#include "checkpoint_lines.h"
#include "core/error.h"
#include "models/registry.h"
#include "scratch_dir.h"
#include "text_file.h"
#include "verify/reliability/montecarlo_checkpoint.h"

namespace menger {
namespace {

// Texts below are written unsealed and sealed by read() (checkpoint_lines.h), as Menger writes them.
const std::string kHeader =
    R"({"format":"menger-montecarlo-checkpoint/2","question":{"model":"m","study":"trials=10"}})";

MonteCarloCheckpointText read(const std::string& text) { return read_montecarlo_checkpoint(testing::sealed(text), "cp"); }

std::string record(std::uint64_t sample, std::uint64_t shard, const std::string& tally = "[[2,1.0,1.0]]") {
  return R"({"sample":)" + std::to_string(sample) + R"(,"shard":)" + std::to_string(shard) + R"(,"tally":)" + tally +
         "}";
}

// The message of the InputError that reading `text` throws, or "" when none.
std::string read_error(const std::string& text) {
  try {
    read(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(MonteCarloCheckpointReader, ReadsHeaderAndRecordsInOrder) {
  const std::string text = kHeader + "\n" + record(0, 0) + "\n" + record(0, 1, "[[2,0.5,0.25],[1,3,9]]") + "\n" +
                           record(1, 0) + "\n";
  const auto r = read(text);
  EXPECT_EQ(r.question.at("study"), "trials=10");
  ASSERT_EQ(r.records.size(), 3u);
  EXPECT_EQ(r.records[1].shard, 1u);
  ASSERT_EQ(r.records[1].tally.size(), 2u);
  EXPECT_EQ(r.records[1].tally[0].sum, 0.5);
  EXPECT_EQ(r.records[1].tally[1].sum_squares, 9.0);
  EXPECT_EQ(r.records[2].sample, 1u);
  EXPECT_EQ(r.complete_bytes, testing::sealed(text).size());
}

TEST(MonteCarloCheckpointReader, EmptyOrHalfAHeaderReadsAsNew) {
  for (const std::string& text : {std::string(), kHeader.substr(0, 20)}) {
    const auto r = read(text);
    EXPECT_TRUE(r.question.is_null());
    EXPECT_TRUE(r.records.empty());
    EXPECT_EQ(r.complete_bytes, 0u);
  }
}

TEST(MonteCarloCheckpointReader, DropsAHalfWrittenLastRecord) {
  const std::string kept = kHeader + "\n" + record(0, 0) + "\n";
  for (const char* tail : {R"({"sample":0,"sha)", R"({"sample":0,"shard":1,"tally":[[2,1.0,1.0]]})"}) {
    const auto r = read(kept + tail);
    EXPECT_EQ(r.records.size(), 1u);
    EXPECT_EQ(r.complete_bytes, testing::sealed(kept).size());
  }
}

TEST(MonteCarloCheckpointReader, DamageIsOneClearError) {
  const std::string h = kHeader + "\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"not json\n", "line 1 is not JSON"},
      {"[1,2]\n", "line 1 is not a JSON object"},
      {R"({"format":"menger-route-checkpoint/1","question":{}})" "\n", "not a Monte Carlo checkpoint"},
      {R"({"format":"menger-montecarlo-checkpoint/1"})" "\n", "not a Monte Carlo checkpoint"},
      {R"({"format":"menger-montecarlo-checkpoint/1","question":3})" "\n", "not a Monte Carlo checkpoint"},
      {h + record(0, 0) + "\n{\"sample\":0,\"shard\":1,\"ta\n", "line 3 is not JSON"},
      {h + "{}\n", "line 2: missing field 'sample'"},
      {h + "7\n", "line 2 is not a JSON object"},
      {h + record(0, 0, "3") + "\n", "'tally' must be a list"},
      {h + record(0, 0, "[[1,2]]") + "\n", "[n, sum, sum of squares]"},
      {h + record(0, 0, "[[-1,2,4]]") + "\n", "field 'n' must be a whole number"},
      {h + record(0, 0, "[[1.5,2,4]]") + "\n", "field 'n' must be a whole number"},
      {h + record(0, 0, R"([[1,"2",4]])") + "\n", "'sum' must be a finite number"},
      {h + record(0, 0, "[[1,2,null]]") + "\n", "'sum of squares' must be a finite number"},
      {h + record(0, 0, "[[1,1e999,0]]") + "\n", "line 2"},
      {h + R"({"sample":-1,"shard":0,"tally":[]})" "\n", "field 'sample' must be a whole number"},
      {h + record(0, 1) + "\n", "line 2 holds sample 0 shard 1, out of order"},
      {h + record(1, 0) + "\n", "line 2 holds sample 1 shard 0, out of order"},
      {h + record(0, 0) + "\n" + record(0, 2) + "\n", "line 3 holds sample 0 shard 2, out of order"},
      {h + record(0, 0) + "\n" + record(0, 0) + "\n", "line 3 holds sample 0 shard 0, out of order"},
      {h + record(0, 0) + "\n" + record(2, 0) + "\n", "line 3 holds sample 2 shard 0, out of order"},
      {h + record(0, 0) + "\n" + record(1, 1) + "\n", "line 3 holds sample 1 shard 1, out of order"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = read_error(text);
    EXPECT_NE(message.find(expected), std::string::npos) << "text: " << text << "\nmessage: " << message;
    EXPECT_EQ(message.find("checkpoint cp"), 0u) << message;
  }
}

TEST(MonteCarloCheckpointReader, RecordsRoundTripToTheSameBits) {
  std::vector<Accumulator> sums(3);
  sums[0] = {7, 0.1 + 0.2, 1.0 / 3};
  sums[1] = {1, 1e-300, 5e-324};
  sums[2] = {256, 12345.678901234567, 9.87654321e17};
  const ShardRecord r{3, 4, Tally(sums)};
  const std::string text = kHeader + "\n" + record(0, 0) + "\n" + record(0, 1) + "\n" + record(1, 0) + "\n" +
                           record(2, 0) + "\n" + record(3, 0) + "\n" + record(3, 1) + "\n" + record(3, 2) + "\n" +
                           record(3, 3) + "\n" + to_json(r).dump() + "\n";
  const ShardRecord back = read(text).records.back();
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(back.tally[i].n, sums[i].n);
    EXPECT_EQ(back.tally[i].sum, sums[i].sum);
    EXPECT_EQ(back.tally[i].sum_squares, sums[i].sum_squares);
  }
}

TEST(MonteCarloCheckpointReader, NamesTheFirstFieldThatDiffers) {
  const nlohmann::json a = {{"model", "torus(4,4)"}, {"study", "experiment=routing;seed=1;trials=100"}};
  nlohmann::json b = a;
  EXPECT_EQ(question_difference(a, b), "");
  b["study"] = "experiment=routing;seed=1;trials=200";
  EXPECT_EQ(question_difference(a, b), "trials=100 here, trials=200 there");
  b = a;
  b["model"] = "torus(5,5)";
  EXPECT_EQ(question_difference(a, b), R"x(model "torus(4,4)" here, "torus(5,5)" there)x");
  b = a;
  b["menger"] = "9.9";
  EXPECT_EQ(question_difference(a, b), R"(menger null here, "9.9" there)");
}

// ---- studies resumed -------------------------------------------------------------

using testing::slurp;
using testing::spill;

// The study's CSV and JSON (timing aside): what a user sees of it.
std::string output_of(const StudyResult& r) {
  std::ostringstream csv;
  write_study_csv(csv, r);
  nlohmann::json j = study_json(r);
  j.erase("seconds");
  return csv.str() + j.dump();
}

// A resumed study says what it took from the file; everything else in its
// output is the uninterrupted study's.
std::string output_without_resumption(const StudyResult& r) {
  StudyResult plain = r;
  plain.resumed.reset();
  return output_of(plain);
}

StudyRequest routing_request() {
  StudyRequest q;
  q.experiment = "routing";
  q.routings = {"shortest"};
  q.counts = {0, 6, 12};
  q.sampling.seed = 7;
  q.sampling.trials = 3000;
  q.sampling.min_trials = 1000;
  q.sampling.round = 2;  // records after every 512 trials: many cut points
  return q;
}

StudyRequest completeness_request() {
  StudyRequest q;
  q.experiment = "completeness";
  q.best_of = 2;
  q.exact_limit = 1000;
  q.sampling.seed = 3;
  q.sampling.trials = 1300;
  q.sampling.round = 2;
  return q;
}

struct Study {
  std::string spec;
  StudyRequest request;
};

std::vector<Study> studies() {
  StudyRequest adaptive = routing_request();
  adaptive.sampling.half_width = 0.02;  // stops some points after a few rounds
  adaptive.sampling.trials = 6000;
  return {{"torus(5,5)", routing_request()},
          {"torus(5,5)", adaptive},
          {"min(stages=3, radix=2, wiring=random)", completeness_request()}};
}

StudyResult run(const Study& s, unsigned threads, const std::filesystem::path& checkpoint) {
  tbb::global_control c(tbb::global_control::max_allowed_parallelism, threads);
  const auto topology = Registry::builtin().build(s.spec);
  return checkpoint.empty() ? run_study(topology, s.request) : run_study(topology, s.request, checkpoint);
}

// The first `records` records of a checkpoint, and the start of the next one
// as a kill leaves it.
std::string cut(const std::string& text, std::size_t records) {
  std::size_t end = 0;
  for (std::size_t line = 0; line <= records; ++line) end = text.find('\n', end) + 1;
  return text.substr(0, end) + text.substr(end, 9);
}

class ResumedStudy : public ::testing::TestWithParam<unsigned> {
 protected:
  testing::ScratchDir dir_{"menger-mc-checkpoint-"};
};

TEST_P(ResumedStudy, GivesTheUninterruptedOutputFromAnyCut) {
  const unsigned threads = GetParam();
  for (const Study& s : studies()) {
    SCOPED_TRACE(s.spec + " " + canonical_text(s.request));
    const StudyResult uninterrupted = run(s, 2, {});
    const std::string plain = output_of(uninterrupted);
    if (s.request.sampling.half_width) {  // the stop rule must act, or the case tests nothing
      bool stopped = false;
      for (const auto& p : uninterrupted.points) stopped = stopped || p.result.stopped_by_width;
      EXPECT_TRUE(stopped);
    }
    const auto whole_file = dir_.path() / "whole.jsonl";
    std::filesystem::remove(whole_file);
    EXPECT_EQ(output_of(run(s, 3 - threads, whole_file)), plain);  // a fresh file resumes nothing
    const std::string whole = slurp(whole_file);
    const std::size_t records = read_montecarlo_checkpoint(whole, "whole").records.size();
    ASSERT_GE(records, 6u);
    for (std::size_t kept : {std::size_t{0}, std::size_t{1}, records / 3, records / 2, records - 1, records}) {
      SCOPED_TRACE("kept " + std::to_string(kept));
      const auto cp = dir_.path() / "cut.jsonl";
      spill(cp, cut(whole, kept));
      const StudyResult resumed = run(s, threads, cp);
      EXPECT_EQ(output_without_resumption(resumed), plain);
      EXPECT_EQ(resumed.resumed.has_value(), kept > 0);
      if (resumed.resumed) {
        EXPECT_EQ(resumed.resumed->taken, kept);
      }
      EXPECT_EQ(slurp(cp), whole);  // the resumed file is the uninterrupted one
    }
  }
}

TEST_P(ResumedStudy, ADeadlineKeepsWhatWasSettled) {
  const Study s{"torus(6,6)", routing_request()};
  Study timed = s;
  timed.request.sampling.trials = 20'000;
  const std::string plain = output_of(run(timed, 2, {}));
  const auto cp = dir_.path() / "timed.jsonl";
  std::filesystem::remove(cp);
  std::size_t before = 0, cut_short = 0;
  // Short budgets end incomplete; each run keeps what the ones before it
  // settled.  They grow, so that a slow (sanitizer) build progresses too.  The
  // budget covers building the network as well: one that runs out there ends
  // the run before any sampling (BudgetExhausted), the file as it was.
  for (int attempt = 1; attempt < 200; ++attempt) {
    timed.request.sampling.budget = Budget::until(Clock::now() + std::chrono::milliseconds(5 * attempt));
    std::optional<StudyResult> run_result;
    try {
      run_result = run(timed, GetParam(), cp);
    } catch (const BudgetExhausted&) {
    }
    const std::size_t now =
        std::filesystem::exists(cp) ? read_montecarlo_checkpoint(slurp(cp), "cp").records.size() : 0;
    EXPECT_GE(now, before);
    before = now;
    if (run_result && run_result->complete) break;
    ++cut_short;
    if (!run_result) continue;
    const StudyResult& r = *run_result;
    // Every trial the result reports is in the file (series 0 observes every trial).
    std::uint64_t reported = 0, recorded = 0;
    for (const auto& p : r.points) reported += p.result.trials;
    for (const auto& rec : read_montecarlo_checkpoint(slurp(cp), "cp").records) recorded += rec.tally[0].n;
    EXPECT_EQ(reported, recorded);
  }
  EXPECT_GT(cut_short, 0u);  // 60,000 trials do not fit in 5 ms
  timed.request.sampling.budget = Budget();
  const StudyResult finished = run(timed, GetParam(), cp);
  EXPECT_TRUE(finished.resumed.has_value());
  EXPECT_EQ(output_without_resumption(finished), plain);
}

INSTANTIATE_TEST_SUITE_P(Threads, ResumedStudy, ::testing::Values(1u, 2u));

class CheckpointOfAnotherRun : public ::testing::Test {
 protected:
  testing::ScratchDir dir_{"menger-mc-other-"};
  std::filesystem::path cp_ = dir_.path() / "cp.jsonl";

  std::string error_of(const Study& s) {
    try {
      run(s, 2, cp_);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
  // `from`'s records under the header of `as`: a file that claims one question and holds another's shards.
  void forge(const Study& from, const Study& as) {
    std::filesystem::remove(cp_);
    run(from, 2, cp_);
    const std::string text = slurp(cp_);
    const nlohmann::json header = {{"format", "menger-montecarlo-checkpoint/2"},
                                   {"question", study_question(*Registry::builtin().build(as.spec), as.request)}};
    spill(cp_, testing::sealed(header.dump() + text.substr(text.find('\n'))));
  }
};

TEST_F(CheckpointOfAnotherRun, AnotherQuestionIsRefused) {
  const Study s{"torus(5,5)", routing_request()};
  run(s, 2, cp_);
  const std::string before = slurp(cp_);
  for (auto change : std::vector<std::function<void(Study&)>>{
           [](Study& x) { x.request.sampling.seed = 8; },
           [](Study& x) { x.request.sampling.trials = 3001; },
           [](Study& x) { x.request.sampling.half_width = 0.1; },
           [](Study& x) { x.request.counts = {0, 6}; },
           [](Study& x) { x.request.routings = {"shortest", "shortest"}; },
           [](Study& x) { x.spec = "torus(5,6)"; }}) {
    Study other = s;
    change(other);
    const std::string message = error_of(other);
    EXPECT_NE(message.find("is for another question"), std::string::npos) << message;
    EXPECT_EQ(slurp(cp_), before);  // refused, untouched
  }
}

TEST_F(CheckpointOfAnotherRun, RecordsThatStopElsewhereAreRefused) {
  Study small{"torus(5,5)", routing_request()}, big = small;
  small.request.sampling.trials = 600;  // three shards a point
  big.request.sampling.trials = 1200;   // five
  forge(small, big);  // sample 0 ends at shard 2 in the file, at shard 4 in this run
  EXPECT_NE(error_of(big).find("where this run needs sample 0 shard 3"), std::string::npos) << error_of(big);
  forge(big, small);  // shard 2 holds 256 trials in the file, 88 in this run
  EXPECT_NE(error_of(small).find("observations in a shard of 88 trials"), std::string::npos) << error_of(small);
  Study wide = small;
  wide.request.routings = {"shortest", "shortest"};
  forge(small, wide);  // three series a shard in the file, five in this run
  EXPECT_NE(error_of(wide).find("holds 3 series"), std::string::npos) << error_of(wide);
}

TEST_F(CheckpointOfAnotherRun, SumsNoTrialsCouldGiveAreRefused) {
  const Study s{"torus(5,5)", routing_request()};
  run(s, 2, cp_);
  const std::string good = slurp(cp_);
  const std::size_t second = good.find('\n') + 1, third = good.find('\n', second) + 1;
  const std::string first_record = good.substr(second, third - second - 1);
  for (const auto& [from, to, expected] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"[[256,256.0,256.0]", "[[256,255.5,255.5]", "'pair connected' is a ratio"},
           {"[[256,256.0,256.0]", "[[256,256.0,250.0]", "'pair connected' is a ratio"},
           {"[[256,256.0,256.0]", "[[256,257.0,257.0]", "'pair connected' is a ratio"},
           {"[[256,256.0,256.0]", "[[257,257.0,257.0]", "257 observations in a shard of 256 trials"}}) {
    ASSERT_EQ(first_record.find(from), first_record.find("[["));
    std::string bad = first_record;
    bad.replace(bad.find(from), from.size(), to);
    spill(cp_, testing::sealed(good.substr(0, second) + bad + "\n" + good.substr(third)));
    EXPECT_NE(error_of(s).find(expected), std::string::npos) << error_of(s);
  }
}

TEST_F(CheckpointOfAnotherRun, RecordsBeyondTheStudyAreRefused) {
  Study fewer{"torus(5,5)", routing_request()}, more = fewer;
  fewer.request.counts = {0, 6};
  forge(more, fewer);  // the file holds a third point this study does not have
  EXPECT_NE(error_of(fewer).find("records beyond where this run stops"), std::string::npos) << error_of(fewer);
}

}  // namespace
}  // namespace menger
