// Network files (the `file(path=...)` family): read_network_file.  The first
// byte picks the format ('0' GraphML, '1' DOT, '2' JSON, '3' edge list; other
// bytes wrap around), the rest is the file.
#include "fuzz_support.h"
#include "models/families.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const extensions[] = {".graphml", ".dot", ".json", ".edges"};
  const char* ext = extensions[static_cast<std::uint8_t>(data[0] - '0') % 4];
  const auto file = menger::fuzz::scratch_file(ext, menger::fuzz::as_text(data + 1, size - 1));
  menger::fuzz::expect_clean_rejection(
      [&](const menger::Budget& budget) { (void)menger::read_network_file(file, "file(fuzz)", budget); });
  return 0;
}
