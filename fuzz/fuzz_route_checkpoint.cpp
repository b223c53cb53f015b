// Route-check checkpoint files (`route-check --checkpoint F`, resumed after a
// kill or forged), under the verdict oracle of checkpoint_oracle.h: the
// search resumes one fixed question from the file and its answer -- verdict,
// failure, least size, every count -- must be a fresh run's, or the file is
// refused, or the result says what it took on trust (never under
// --recheck-resumed).  A FAILS answer must also replay: the failure's witness
// is re-run by replay(), the independent checker `menger replay` uses.
//
// The question (the seeds' one, fuzz/corpus/route_checkpoint/): torus(3,3),
// node faults, the shortest routing, k = 4, one pair per chunk, no symmetry:
// the torus is 4-connected, so the search holds below 4 faults and fails at 4.
#include "checkpoint_oracle.h"
#include "setup/setup.h"
#include "verify/route/route_search.h"
#include "verify/route/route_witness.h"

namespace {

using namespace menger;

const RouteSetup& setup() {
  static const RouteSetup s = make_route_setup("torus(3,3)", "shortest", "nodes");
  return s;
}

RouteCheckOptions options(const std::string& checkpoint, bool recheck, const Budget& budget = Budget()) {
  RouteCheckOptions o;
  o.budget = budget;
  o.k = 4;
  o.chunk_pairs = 1;
  o.symmetry = false;
  o.checkpoint = checkpoint;
  o.recheck_resumed = recheck;
  return o;
}

// The answer as a user reads it, the time taken and the resumption aside.
std::string answer(const RouteCheckResult& r) {
  nlohmann::json j = to_json(r);
  j["coverage"].erase("resumed");
  if (r.failure)
    j["failure"] = {{"s", r.failure->pair.s}, {"d", r.failure->pair.d}, {"units", r.failure->faults.units()}};
  return j.dump();
}

void check_replays(const RouteCheckResult& r) {
  if (!r.failure) return;
  const RouteWitness w = make_witness(*setup().routing, *setup().model, *r.failure, 0, false);
  const ReplayReport rep = replay(w, builtin_specs());
  if (!rep.same || rep.run.delivered())
    fuzz::finding("a resumed FAILS does not replay: " + (rep.problems.empty() ? "" : rep.problems[0]));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string fresh = answer(route_check(*setup().routing, *setup().model, options("", false)));
  const fuzz::CheckpointInput in = fuzz::checkpoint_input(data, size);
  fuzz::expect_clean_rejection([&](const Budget& budget) {
    const RouteCheckResult r =
        route_check(*setup().routing, *setup().model, options(in.file.string(), in.recheck, budget));
    if (r.status == RouteCheckResult::Status::Unknown) return;  // the harness's budget ran out: UNKNOWN, exit 4
    check_replays(r);
    fuzz::judge(fresh, answer(r), r.coverage, in.recheck);
  });
  fuzz::keep_seed(in);
  return 0;
}
