// Deadlock-under-faults checkpoint files (`deadlock --k K --checkpoint F`,
// resumed after a kill or forged), under the verdict oracle of
// checkpoint_oracle.h: the search resumes one fixed question from the file,
// and its answer -- the verdict, the least failing fault set, how many sets
// were analysed at each level -- must be a fresh run's, or the file is
// refused, or the result says what it took on trust (never under
// --recheck-resumed).
//
// The question (the seeds' one, fuzz/corpus/deadlock_checkpoint/): mesh(3,3),
// dimension order, link faults, k = 2, 8 sets per shard: FREE under every set
// of at most 2 faulty links.
#include "checkpoint_oracle.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock_search.h"

namespace {

using namespace menger;

const RouteSetup& setup() {
  static const RouteSetup s = make_route_setup("mesh(3,3)", "dor", "links");
  return s;
}

DeadlockSearchOptions options(const std::string& checkpoint, bool recheck, const Budget& budget = Budget()) {
  DeadlockSearchOptions o;
  o.budget = budget;
  o.k = 2;
  o.chunk_sets = 8;
  o.checkpoint = checkpoint;
  o.recheck_resumed = recheck;
  return o;
}

std::string answer(const DeadlockSearchResult& s) {
  nlohmann::json j = to_json(s, *setup().model);
  j["coverage"].erase("resumed");
  j["per_level"] = s.per_level;
  return j.dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string fresh =
      answer(search_deadlock_faults(*setup().routing, *setup().model, options("", false)));
  const fuzz::CheckpointInput in = fuzz::checkpoint_input(data, size);
  fuzz::expect_clean_rejection([&](const Budget& budget) {
    const DeadlockSearchResult s =
        search_deadlock_faults(*setup().routing, *setup().model, options(in.file.string(), in.recheck, budget));
    if (!s.complete) return;  // the harness's budget ran out: UNKNOWN, exit 4
    fuzz::judge(fresh, answer(s), s.coverage, in.recheck);
  });
  fuzz::keep_seed(in);
  return 0;
}
