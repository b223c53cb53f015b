// The independent checker of deadlock evidence (`menger check-cert`, `menger
// replay`, deadlock-free claims).  The format is deadlock_evidence.h, which
// says what a certificate and a witness must show.  The checker rebuilds model,
// routing and faults from the evidence's specs (through the caller's
// SpecResolver), follows each packet with its own depth-first walk and names
// channels by (node, port, vc); it uses neither the engine's dependency graph
// nor ChannelSpace.
#pragma once

#include <string>
#include <vector>

#include "verify/check/deadlock_scope.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/spec_resolver.h"

namespace menger {


// Rebuilds model, routing and faults from the evidence and re-checks it.
EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e, const SpecResolver& specs);

// A proof record's certificate (deadlock_proof_check.h): on the network the
// proof's question built, under the record's scope.  A question the scope
// does not decide is a problem naming the unit.
EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e, const RouteSetup& setup, const Budget& budget,
                                      const DeadlockScope& scope);

}  // namespace menger
