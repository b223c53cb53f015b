// What `menger check-cert FILE` reads: a tolerance certificate or a
// deadlock-freedom certificate, re-validated by the independent checkers.
// The JSON parse error is turned into InputError exactly as the verb does.
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
      if (!e.deadlock) (void)menger::check_deadlock_evidence(e);
      return;
    }
    // A smaller work limit than the verb's: the harness's inputs are small.
    (void)menger::check_certificate(menger::certificate_from_json(j), 10'000'000);
  });
  return 0;
}
