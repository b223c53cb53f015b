// Route-check checkpoint files (`route-check --checkpoint F`, resumed after a
// kill): RouteCheckpoint reads every record for a fixed question.  The file is
// the input; the question is the one the seed files were written for.
#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "verify/route_checkpoint.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The question of fuzz/corpus/route_checkpoint/mikant-*, as route-check wrote it.
  static const nlohmann::json question = nlohmann::json::parse(R"json({"chunk_pairs":512,"excuse_disconnected":false,
    "faults":"switch-links (81 units); required: every pair of healthy terminals","hop_limit":0,"k":2,
    "menger":"0.1.0","model":"mikant(3,3)","naive":false,"pairs_examined":2862,"path_bound":null,
    "routing":"mikant-x-turns(choice=first)","settle_all":false,"symbolic":false,"symmetry":""})json");
  const auto file = menger::fuzz::scratch_file(".jsonl", menger::fuzz::as_text(data, size));
  menger::fuzz::expect_clean_rejection([&] { menger::RouteCheckpoint checkpoint(file, question); });
  return 0;
}
