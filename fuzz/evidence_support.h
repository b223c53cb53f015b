// What fuzz_certificate (check-cert) and fuzz_witness (replay) share: the
// input parsed as JSON by parse_json, as the verbs do (malformed JSON and a
// key written twice are its clean rejection, InputError); deadlock evidence
// of the verb's kind goes to the independent checker, anything else to `other`.
#pragma once

#include <nlohmann/json.hpp>

#include "core/json_io.h"
#include "fuzz_support.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock_evidence.h"

namespace menger::fuzz {

template <class Other>
void check_evidence(const std::uint8_t* data, std::size_t size, bool deadlock, Other&& other) {
  expect_clean_rejection([&](const Budget& budget) {
    const auto j = parse_json(as_text(data, size), "fuzz input", budget);
    if (is_deadlock_evidence(j)) {
      const DeadlockEvidence e = deadlock_evidence_from_json(j);
      if (e.deadlock == deadlock) (void)check_deadlock_evidence(e, budget);
      return;
    }
    other(j, budget);
  });
}

}  // namespace menger::fuzz
