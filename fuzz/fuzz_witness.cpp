// What `menger replay FILE` reads: a route-check failure witness (re-executed)
// or a deadlock witness (its packets followed again).
#include "evidence_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  menger::fuzz::check_evidence(data, size, /*deadlock=*/true, [](const nlohmann::json& j, const menger::Budget& budget) {
    (void)menger::replay(menger::witness_from_json(j), budget);
  });
  return 0;
}
