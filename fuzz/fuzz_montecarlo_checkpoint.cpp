// Monte Carlo checkpoint files (`montecarlo --checkpoint F`, resumed after a
// kill or forged), under the verdict oracle of checkpoint_oracle.h: the study
// resumes one fixed question from the file, and what it prints -- every
// point's trials, estimates and intervals, as CSV and JSON -- must be a fresh
// run's bytes, or the file is refused, or the result says that it took
// shards of trials on trust (never under --recheck-resumed).
//
// The question (the seeds' one, fuzz/corpus/montecarlo_checkpoint/): the
// shortest routing on mesh(3,3) under 0, 2 and 4 node faults, 1,024 trials a
// point in shards of 256 (one shard a round), seed 5.
#include "checkpoint_oracle.h"
#include "claims/reliability_study.h"
#include "io/study_output.h"
#include "models/registry.h"

namespace {

using namespace menger;

StudyRequest request() {
  StudyRequest q;
  q.experiment = "routing";
  q.routings = {"shortest"};
  q.counts = {0, 2, 4};
  q.sampling.seed = 5;
  q.sampling.trials = 1024;
  q.sampling.min_trials = 256;
  q.sampling.round = 1;
  return q;
}

const std::shared_ptr<const Topology>& topology() {
  static const std::shared_ptr<const Topology> t = Registry::builtin().build("mesh(3,3)");
  return t;
}

std::string answer(const StudyResult& r) {
  std::ostringstream csv;
  write_study_csv(csv, r);
  nlohmann::json j = study_json(r);
  j.erase("seconds");
  j["coverage"].erase("resumed");
  return csv.str() + j.dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string fresh = answer(run_study(topology(), request()));
  const fuzz::CheckpointInput in = fuzz::checkpoint_input(data, size);
  fuzz::expect_clean_rejection([&](const Budget& budget) {
    StudyRequest q = request();
    q.sampling.budget = budget;
    const StudyResult r = run_study(topology(), q, in.file, in.recheck);
    if (!r.complete) return;  // the harness's budget ran out: UNKNOWN, exit 4
    fuzz::judge(fresh, answer(r), r.coverage(), in.recheck);
  });
  fuzz::keep_seed(in);
  return 0;
}
