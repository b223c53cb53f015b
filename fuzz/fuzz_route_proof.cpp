// What `menger check-proof FILE` reads: a route-check proof (verify/route/
// route_proof.h), re-checked by verify/check/route_proof_check.h.  The
// checker reports a bad file as INVALID, never by throwing; and under the
// verdict oracle a proof it accepts must prove something true: the lazy
// search, asked the proof's question, must not find a failure.
#include <stdexcept>

#include "core/json_io.h"
#include "fuzz_support.h"
#include "setup/answer.h"
#include "setup/questions.h"
#include "setup/setup.h"
#include "verify/check/route_proof_check.h"
#include "verify/route/route_proof.h"

namespace {

// The proof's question asked of the search; a FAILS is a finding.
void oracle(const std::string& path, const menger::Budget& budget) {
  using namespace menger;
  const RouteProofHeader h = RouteProofReader(path).header();
  RouteCheckQuestion q;
  q.faults = h.question.at("faults").get<std::string>();
  q.k = h.question.at("k").get<std::uint32_t>();
  if (!h.question.at("path_bound").is_null()) q.path_bound = h.question.at("path_bound").get<std::string>();
  q.hop_limit = h.question.at("hop_limit").get<std::uint32_t>();
  q.excuse_disconnected = h.question.at("excuse_disconnected").get<bool>();
  const RouteSetup setup = make_route_setup(builtin_specs(budget), h.question.at("model").get<std::string>(),
                                            h.question.at("routing").get<std::string>(), q.faults);
  RouteCheckOptions opt = route_check_options(q);
  opt.budget = budget;
  if (route_check(*setup.routing, *setup.model, opt).status == RouteCheckResult::Status::Fails)
    throw std::logic_error("check-proof accepted a proof of a question the search refutes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = menger::fuzz::scratch_file(".gz", menger::fuzz::as_text(data, size)).string();
  menger::fuzz::expect_clean_rejection([&](const menger::Budget& budget) {
    const menger::RouteProofReport r = menger::check_route_proof(path, menger::builtin_specs(budget));
    if (r.valid) oracle(path, budget);
  });
  return 0;
}
