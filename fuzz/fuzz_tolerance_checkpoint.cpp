// Tolerance checkpoint files (`tolerance --checkpoint F`, resumed after a
// kill or forged), under the verdict oracle of checkpoint_oracle.h: the flow
// engine resumes one fixed question from the file, and its answer -- least
// breaking weight, breaking set, separated pair, flow calls -- must be a fresh
// run's, or the file is refused, or the result says what it took on trust
// (never under --recheck-resumed).  With certificates (mode bit 2 clear) a
// resumed answer must come with a certificate that check-cert's code
// accepts, unless check-cert's code rejects it: the CLI then prints INVALID
// and exits 3, which is a refusal, not a false verdict.
//
// The question (the seeds' one, fuzz/corpus/tolerance_checkpoint/):
// torus(4,5), node faults, no symmetry, 4 pairs per block.
#include "checkpoint_oracle.h"
#include "setup/setup.h"
#include "verify/check/certificate_check.h"
#include "verify/tolerance/tolerance.h"

namespace {

using namespace menger;

const RouteSetup& setup() {
  static const RouteSetup s = make_route_setup("torus(4,5)", "shortest", "nodes");
  return s;
}

ToleranceOptions options(const std::string& checkpoint, bool recheck, bool certificate,
                         const Budget& budget = Budget()) {
  ToleranceOptions o;
  o.budget = budget;
  o.symmetry = false;
  o.chunk_pairs = 4;
  o.checkpoint = checkpoint;
  o.recheck_resumed = recheck;
  o.certificate = certificate;
  return o;
}

std::string answer(const ToleranceResult& r) {
  return nlohmann::json{{"min_cut", r.min_cut ? nlohmann::json(*r.min_cut) : nlohmann::json()},
                        {"set", r.breaking_set},
                        {"pair", {r.source, r.target}},
                        {"flows", r.flow_calls},
                        {"complete", r.complete}}
      .dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string fresh = answer(flow_tolerance(*setup().model, options("", false, false)));
  const bool certificate = size > 0 && (data[0] & 4) == 0;
  const fuzz::CheckpointInput in = fuzz::checkpoint_input(data, size);
  fuzz::expect_clean_rejection([&](const Budget& budget) {
    const ToleranceResult r =
        flow_tolerance(*setup().model, options(in.file.string(), in.recheck, certificate, budget));
    if (!r.complete) return;  // the harness's budget ran out: UNKNOWN, exit 4
    if (r.certificate && !check_certificate(*r.certificate, 10'000'000, budget).valid) return;  // INVALID, exit 3
    if (certificate && !r.certificate) fuzz::finding("a complete resumed run came without its certificate");
    fuzz::judge(fresh, answer(r), r.coverage, in.recheck);
  });
  fuzz::keep_seed(in);
  return 0;
}
