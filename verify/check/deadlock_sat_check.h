// The checker of a FREE certificate by SAT (deadlock_sat.h): it rebuilds the
// formula from its own walk of the routing (deadlock_exact_space.h) and the
// certificate's list of configurations, which must be exactly the reachable
// configurations not at their destination that the routing offers a hop;
// checks each set that never fills is entered by bubble hops only and each
// cut cycle is a ring of links; and checks the DRAT refutation with
// drat_check.h.  The encoding is written again here, from deadlock_sat.h's
// description, so that a slip in the engine's is not repeated.
#pragma once

#include <string>
#include <vector>

#include "verify/deadlock/deadlock_evidence.h"
#include "verify/check/deadlock_exact_space.h"

namespace menger {

// Adds problems; returns a summary of what was checked.
std::string check_sat_certificate(const DeadlockEvidence& e, exact_check::Walker& w, const exact_check::Space& sp,
                                  std::vector<std::string>& problems);

}  // namespace menger
