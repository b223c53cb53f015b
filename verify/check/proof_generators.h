// The generators a proof names (route_proof.h, deadlock_proof.h), checked by
// code that shares nothing with the search that chose them: each must be an
// automorphism of the fault model that keeps ports and the routing's colours
// (automorphism_check.h), of the kind the routing declares it commutes with
// (one of the topology's translations, or any port automorphism).
#pragma once

#include <string>
#include <vector>

#include "core/routing.h"
#include "verify/check/automorphism_check.h"
#include "verify/fault_model.h"

namespace menger {

// A generator: its node permutation and the permutation of fault units it induces.
struct ProofGenerator {
  Permutation nodes;
  std::vector<std::size_t> units;
};

// `kind` is "none", "translations" or "port automorphisms".  The generators
// that pass; a problem for each that does not, and for a kind the routing
// does not declare.
std::vector<ProofGenerator> checked_proof_generators(const std::string& kind, const std::vector<Permutation>& generators,
                                                     const FaultModel& model, const Routing& routing,
                                                     std::vector<std::string>& problems);

}  // namespace menger
