// What `menger check-proof FILE` reads of a deadlock proof (verify/deadlock/
// deadlock_proof.h), re-checked by verify/check/deadlock_proof_check.h.  The
// checker reports a bad file as INVALID, never by throwing; and under the
// verdict oracle a proof it accepts must prove something true: the deadlock
// search, asked the proof's question, must find every set of <= k FREE.
#include <stdexcept>

#include "core/json_io.h"
#include "fuzz_support.h"
#include "setup/answer.h"
#include "setup/setup.h"
#include "verify/check/deadlock_proof_check.h"
#include "verify/deadlock/deadlock_proof.h"

namespace {

// The proof's question asked of the search; a set that is not FREE is a finding.
void oracle(const std::string& path, const menger::Budget& budget) {
  using namespace menger;
  const DeadlockProofHeader h = DeadlockProofReader(path).header();
  const std::string faults = h.question.at("faults").get<std::string>();
  const RouteSetup setup = make_route_setup(builtin_specs(budget), h.question.at("model").get<std::string>(),
                                            h.question.at("routing").get<std::string>(), faults);
  DeadlockSearchOptions opt;
  opt.k = h.question.at("k").get<std::uint32_t>();
  opt.budget = budget;
  const std::string switching = h.question.at("switching").get<std::string>();
  const std::uint32_t buffers = h.question.at("buffers").is_null() ? 0 : h.question.at("buffers").get<std::uint32_t>();
  opt.switching = parse_switching(switching == "default" ? "" : switching, buffers, "switching", "buffers");
  const DeadlockSearchResult r = search_deadlock_faults(*setup.routing, *setup.model, opt);
  if (r.complete && r.failing_result && r.failing_result->status == DeadlockResult::Status::Deadlock)
    throw std::logic_error("check-proof accepted a deadlock proof of a question the search refutes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = menger::fuzz::scratch_file(".gz", menger::fuzz::as_text(data, size)).string();
  menger::fuzz::expect_clean_rejection([&](const menger::Budget& budget) {
    const menger::DeadlockProofReport r = menger::check_deadlock_proof(path, menger::builtin_specs(budget));
    if (r.valid) oracle(path, budget);
  });
  return 0;
}
