// The checker of the exact deadlock check's evidence (deadlock_exact.h,
// deadlock_evidence.h "exact").  It follows every packet with its own walk,
// names channels by (node, port, vc) and uses nothing of the engine: for a
// certificate it redoes each case's fixpoint and checks each split set is
// entered by bubble hops only; for a witness it replays the schedule on FIFO
// channel buffers of the stated size and checks that no head can move.
#pragma once

namespace menger {

struct DeadlockChecker;
struct DeadlockEvidence;
// Adds its problems to `c` and sets its summary.
void check_exact_evidence(const DeadlockEvidence& e, DeadlockChecker& c);

}  // namespace menger
