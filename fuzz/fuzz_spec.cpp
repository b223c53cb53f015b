// Model specs (`menger info "hypercube(4)"`, every claim's `model`): parse_spec.
#include "core/spec.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  menger::fuzz::expect_clean_rejection([&](const menger::Budget&) {
    const menger::SpecValue v = menger::parse_spec(menger::fuzz::as_text(data, size));
    // What a parsed spec is printed as must parse again (claims echo specs in reports).
    (void)menger::parse_spec(v.to_string());
  });
  return 0;
}
