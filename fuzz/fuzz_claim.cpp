// Claim files (`menger prove DIR`): read_claim parses the TOML and the claim's
// layout; then, as the runner does for each instance before it builds a
// network, the kind validates the instance's [property] table (property_keys:
// every key's type and range, formulas, statements).  Neither builds a network
// nor runs an engine.
#include "claims/claim.h"
#include "claims/property.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = menger::fuzz::scratch_file(".toml", menger::fuzz::as_text(data, size));
  menger::fuzz::expect_clean_rejection([&](const menger::Budget&) {
    const menger::Claim claim = menger::read_claim(file, "fuzz");
    const menger::PropertyKind* kind = menger::find_property_kind(claim.kind);
    if (!kind) return;  // the runner's "unknown property kind" InputError
    for (const auto& instance : claim.instances)
      (void)kind->prepare(menger::instance_property(claim, instance, kind->keys->exclusive_keys()), "fuzz",
                          file.parent_path());
  });
  return 0;
}
