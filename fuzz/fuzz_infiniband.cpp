// OpenSM dumps and ibnetdiscover output (models/infiniband_dumps.h).  The first
// byte picks the reader ('0' subnet list, '1' LFTs (OpenSM's dump, dump_fts,
// fdbs), '2' SL2VL, '3' path SLs, '4' ibnetdiscover, '5' path SLs by GUID;
// other bytes wrap around), the rest is the file.
#include "fuzz_support.h"
#include "models/infiniband_dumps.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto file = menger::fuzz::scratch_file(".dump", menger::fuzz::as_text(data + 1, size - 1));
  menger::fuzz::expect_clean_rejection([&](const menger::Budget& budget) {
    switch (static_cast<std::uint8_t>(data[0] - '0') % 6) {
      case 0: (void)menger::read_subnet_lst(file, nullptr, budget); break;
      case 1: (void)menger::read_lfts(file, nullptr, budget); break;
      case 2: (void)menger::read_sl2vl(file, nullptr, budget); break;
      case 3: (void)menger::read_path_sls(file, nullptr, budget); break;
      case 4: (void)menger::read_ibnetdiscover(file, nullptr, budget); break;
      default: (void)menger::read_guid_path_sls(file, nullptr, budget); break;
    }
  });
  return 0;
}
