// Deadlock-under-faults checkpoint files (`deadlock --k K --checkpoint F`,
// resumed after a kill): the search reads every record back for a fixed
// question and replays it into its levels.  The file is the input; the
// question is the one the seed files were written for, so that a well-formed
// file reaches the replay (level and chunk checks, reads of each set, a
// failure's position) rather than stopping at the header.  Either the search
// resumes or the file is refused with one InputError.
#include "fuzz_support.h"
#include "setup/setup.h"
#include "verify/deadlock_search.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The question of fuzz/corpus/deadlock_checkpoint/mesh-*: FREE to k = 2, 8 sets per shard.
  static const menger::RouteSetup setup = menger::make_route_setup("mesh(3,3)", "dor", "links");
  const auto file = menger::fuzz::scratch_file(".jsonl", menger::fuzz::as_text(data, size));
  menger::DeadlockSearchOptions opt;
  opt.k = 2;
  opt.chunk_sets = 8;
  opt.checkpoint = file.string();
  menger::fuzz::expect_clean_rejection([&] { menger::search_deadlock_faults(*setup.routing, *setup.model, opt); });
  return 0;
}
