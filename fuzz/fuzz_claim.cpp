// Claim files (`menger prove DIR`): read_claim, which parses the TOML and
// validates every key of the claim's kind (property_keys).
#include "claims/claim.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = menger::fuzz::scratch_file(".toml", menger::fuzz::as_text(data, size));
  menger::fuzz::expect_clean_rejection([&] { (void)menger::read_claim(file, "fuzz"); });
  return 0;
}
