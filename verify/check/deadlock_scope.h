// The scope a deadlock certificate is re-checked in when it stands in a
// proof (deadlock_proof_check.h), shared by the evidence checker and its
// helpers (deadlock_checker.h).
#pragma once

#include <cstdint>
#include <vector>

#include "verify/check/leaf_fault_view.h"

namespace menger {

// What a proof's record (deadlock_proof.h) lets the check of its certificate
// ask: the units decided per unit (its set faulty, its reads healthy), and
// how many more faults the sets it stands for may hold.  Any other question
// is refused (UndecidedQuestion), so a certificate that holds for the record's
// set holds for every larger set its reads do not reach.
struct DeadlockScope {
  std::vector<Decided> state;  // per unit
  std::uint32_t left = 0;      // k - |set|
};

}  // namespace menger
