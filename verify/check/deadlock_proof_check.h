// The independent checker of deadlock proofs (deadlock_proof.h's format;
// `menger check-proof`, and every front end that writes one).  It includes
// no search code: it rebuilds the network, fault model and routing from the
// proof's question and checks, step by step, the completeness argument of
// verify/deadlock/deadlock_search.h:
//
//   1. Each record's certificate proves its set F FREE, and proves it for
//      every larger set of at most k units that holds none of the units it
//      read: the certificate is re-checked by the certificate checkers
//      (deadlock_evidence_check.h) under a view that answers only what the
//      record decides -- F faulty, its reads healthy, at most k - |F| more
//      faults anywhere (leaf_fault_view.h) -- and refuses the rest.  Such a
//      larger set routes every packet as F does, except the packets of the
//      endpoints it fails, which it drops; an escape order, bubble rings, a
//      case tree of sets that never fill and a refuted SAT formula all stay
//      valid when packets are dropped (fewer packets reach fewer
//      configurations), so the certificate proves that set FREE too.
//   2. The records cover every set of at most k units.  The empty set is
//      listed, and every listed F of fewer than k units, extended by each
//      unit u it read, is listed up to the generators (some listed set is
//      g(F + u) for g in the group they generate: this checker's own
//      breadth-first walk of the orbit).  Then any set S of at most k units
//      is covered: start from the empty set; while the listed set F reached
//      (through g, with g(F) inside S) read a unit whose image is in S, move
//      to the listed image of F + u, one unit larger; when none is, S holds
//      no unit F read beyond g(F), and step 1 proves g^-1(S), hence S, FREE.
//   3. The generators are automorphisms of the fault model that keep ports
//      and the routing's colours, of the kind the routing declares it
//      commutes with (proof_generators.h).  The declared commutation (that
//      g carries the analysis of F onto that of g(F)) is checked on runs: the
//      fault-free record replays every required pair through every
//      generator, every other record two pairs through one generator in
//      turn; beyond them it is taken on trust, and the summary says so.
//   4. The file: the header's digest is its question's, the trailer's count
//      is what was read, every record is of the question's model, routing and
//      fault units, sets are listed once, and the files the model and routing
//      were read from still have the recorded digests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "verify/spec_resolver.h"

namespace menger {

struct DeadlockProofReport {
  bool valid = false;
  std::vector<std::string> problems;  // the first few reasons it is not valid
  std::string summary;                // what was checked, and what was taken on trust
  std::uint64_t sets = 0, extensions = 0, commutation_runs = 0;
  std::uint32_t k = 0;                // the fault count the proof proves
  std::string verdict_question;       // the question in words
};

// Checks the proof at `path`.  A malformed file or a question that cannot be
// rebuilt is a problem (invalid), not an exception.  Throws BudgetExhausted
// when specs.budget runs out (neither valid nor not).
DeadlockProofReport check_deadlock_proof(const std::string& path, const SpecResolver& specs);

}  // namespace menger
