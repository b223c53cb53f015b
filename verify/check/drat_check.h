// A checker of DRAT refutations (Wetzler, Heule and Hunt, "DRAT-trim", SAT
// 2014): each added clause must be a reverse unit propagation (RUP) of the
// clauses so far, or a resolution asymmetric tautology (RAT) on its first
// literal, and unit propagation must reach a conflict by the end.  Written
// here because no DRAT checker is packaged in Debian 12 (drat-trim is not),
// and kept small enough to read: it checks forward, with two watched literals,
// and ignores deleting a clause that is the reason of a top-level assignment
// (keeping a clause never makes a RUP step wrong, as drat-trim does for units).
// It shares nothing with the solver that wrote the proof (sat_solver.h).
#pragma once

#include <string>
#include <string_view>

#include "verify/sat/cnf.h"

#include "core/budget.h"

namespace menger {

struct DratCheck {
  bool refuted = false;   // the proof derives the empty clause from the formula
  std::string problem;    // otherwise: why not (the first failing line)
  std::size_t lemmas = 0, deletions = 0;
};

// `proof`: text DRAT, one clause per line ("l1 l2 ... 0"; "d l1 ... 0"
// deletes).  Variables must be those of `f`.
// `budget` is checked every 1,024 proof lines (Budget{}: no time limit).
DratCheck check_drat_refutation(const Cnf& f, std::string_view proof, const Budget& budget = Budget());

}  // namespace menger
