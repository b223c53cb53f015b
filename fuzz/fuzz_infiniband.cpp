// OpenSM dumps and ibnetdiscover output (models/infiniband_dumps.h).  The first
// byte picks the reader ('0' subnet list, '1' LFTs (OpenSM's dump, dump_fts,
// fdbs), '2' SL2VL, '3' path SLs, '4' ibnetdiscover, '5' path SLs by GUID,
// '6' an ibsim net file (models/ibsim_net.h); other bytes wrap around), the
// rest is the file.  A net file that reads is also rewritten without each of
// its first links (as the subnet-manager loop does) and must read back with
// exactly that link gone: anything else is a finding.
#include "fuzz_support.h"
#include "models/ibsim_net.h"
#include "models/infiniband_dumps.h"

namespace {

void net_and_its_rewrites(const std::filesystem::path& file, const menger::Budget& budget) {
  const menger::IbsimNet net = menger::IbsimNet::read(file, budget);
  (void)net.topology("ibsim(fuzz)");
  const std::vector<bool> none_n(net.nodes().size(), false);
  for (std::size_t l = 0; l < net.links().size() && l < 4; ++l) {
    std::vector<bool> failed(net.links().size(), false);
    failed[l] = true;
    const auto again = menger::fuzz::scratch_file(".net", net.text_without(failed, none_n));
    const menger::IbsimNet after = menger::IbsimNet::read(again, budget);
    if (after.links().size() + 1 != net.links().size() || after.nodes().size() != net.nodes().size())
      throw menger::InternalError("a net file rewritten without one link does not read back with that link gone");
    (void)net.cut_off_adapters(failed, none_n, 0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto file = menger::fuzz::scratch_file(".dump", menger::fuzz::as_text(data + 1, size - 1));
  menger::fuzz::expect_clean_rejection([&](const menger::Budget& budget) {
    switch (static_cast<std::uint8_t>(data[0] - '0') % 7) {
      case 0: (void)menger::read_subnet_lst(file, nullptr, budget); break;
      case 1: (void)menger::read_lfts(file, nullptr, budget); break;
      case 2: (void)menger::read_sl2vl(file, nullptr, budget); break;
      case 3: (void)menger::read_path_sls(file, nullptr, budget); break;
      case 4: (void)menger::read_ibnetdiscover(file, nullptr, budget); break;
      case 5: (void)menger::read_guid_path_sls(file, nullptr, budget); break;
      default: net_and_its_rewrites(file, budget); break;
    }
  });
  return 0;
}
