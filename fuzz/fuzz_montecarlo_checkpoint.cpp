// Monte Carlo checkpoint files (`montecarlo --checkpoint F`, resumed after a
// kill): the reader parses the header and every shard record, and a resume
// compares the header's question with its own.  The file is the input.
#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "verify/montecarlo_checkpoint.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const nlohmann::json own = {{"model", "torus(4,4)"}, {"study", "experiment=routing"}, {"menger", "0.1.0"}};
  menger::fuzz::expect_clean_rejection([&] {
    const auto text = menger::read_montecarlo_checkpoint(menger::fuzz::as_text(data, size), "fuzz input");
    if (!text.question.is_null()) (void)menger::question_difference(own, text.question);
    for (const auto& r : text.records) (void)menger::to_json(r);
  });
  return 0;
}
