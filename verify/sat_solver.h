// CaDiCaL (Debian's libcadical-dev) on a Cnf, with its DRAT proof when asked:
// the refutation that drat_check.h re-checks.  The run stops at the ambient
// deadline (core/deadline.h) with Answer::Unknown.
#pragma once

#include <string>
#include <vector>

#include "verify/cnf.h"

namespace menger {

struct SatRun {
  enum class Answer { Sat, Unsat, Unknown };
  Answer answer = Answer::Unknown;
  std::vector<char> model;  // Sat: model[v] for v = 1..vars (model[0] unused)
  std::string proof;        // Unsat with a proof asked: text DRAT, "[d ]lits 0" lines
};

SatRun solve_cnf(const Cnf& f, bool with_proof);

}  // namespace menger
