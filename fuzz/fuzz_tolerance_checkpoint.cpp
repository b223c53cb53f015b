// Tolerance checkpoint files (`tolerance --checkpoint F`, resumed after a
// kill): the flow engine reads every block's record back (bounds, per-pair
// flow values and certificate paths, the block's least cut) and merges it as
// if it had searched the block.  The file is the input; the question is the
// one the seed files were written for (torus(4,5), node faults, no symmetry,
// 4 pairs per block), so that well-formed files reach the merge.  Either the
// search resumes, with a certificate that check-cert's code accepts, or the
// file is refused with one InputError.
#include "core/error.h"
#include "fuzz_support.h"
#include "setup/setup.h"
#include "verify/tolerance.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const menger::RouteSetup setup = menger::make_route_setup("torus(4,5)", "shortest", "nodes");
  const auto file = menger::fuzz::scratch_file(".jsonl", menger::fuzz::as_text(data, size));
  menger::ToleranceOptions opt;
  opt.symmetry = false;
  opt.chunk_pairs = 4;
  opt.checkpoint = file.string();
  menger::fuzz::expect_clean_rejection([&] {
    const menger::ToleranceResult r = menger::flow_tolerance(*setup.model, opt);
    // A resumed answer must still be proved: records are the user's file, not evidence.
    if (r.certificate && !menger::check_certificate(*r.certificate, 10'000'000).valid)
      throw menger::InputError("the resumed certificate does not check (a damaged record)");
  });
  return 0;
}
