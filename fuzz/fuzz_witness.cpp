// What `menger replay FILE` reads: a route-check failure witness (re-executed)
// or a deadlock witness (its packets followed again).
#include <nlohmann/json.hpp>

#include "fuzz_support.h"
#include "setup/setup.h"
#include "verify/deadlock_evidence.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  menger::fuzz::expect_clean_rejection([&] {
    const auto j = nlohmann::json::parse(data, data + size, nullptr, false);
    if (j.is_discarded()) return;
    if (menger::is_deadlock_evidence(j)) {
      const menger::DeadlockEvidence e = menger::deadlock_evidence_from_json(j);
      if (e.deadlock) (void)menger::check_deadlock_evidence(e);
      return;
    }
    (void)menger::replay(menger::witness_from_json(j));
  });
  return 0;
}
