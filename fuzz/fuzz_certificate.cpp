// What `menger check-cert FILE` reads: a tolerance certificate or a
// deadlock-freedom certificate, re-validated by the independent checkers.
#include "evidence_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  menger::fuzz::check_evidence(data, size, /*deadlock=*/false, [](const nlohmann::json& j, const menger::Budget& budget) {
    // A smaller work limit than the verb's: the harness's inputs are small.
    (void)menger::check_certificate(menger::certificate_from_json(j), 10'000'000, budget);
  });
  return 0;
}
