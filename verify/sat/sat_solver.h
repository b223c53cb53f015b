// CaDiCaL (Debian's libcadical-dev) on a Cnf, with its DRAT proof when asked:
// the refutation that drat_check.h re-checks.  The run stops when the budget
// passed in runs out, with Answer::Unknown.
#pragma once

#include <string>
#include <vector>

#include "verify/sat/cnf.h"

#include "core/budget.h"

namespace menger {

struct SatRun {
  enum class Answer { Sat, Unsat, Unknown };
  Answer answer = Answer::Unknown;
  std::vector<char> model;  // Sat: model[v] for v = 1..vars (model[0] unused)
  std::string proof;        // Unsat with a proof asked: text DRAT, "[d ]lits 0" lines
};

// `budget` stops loading and solving (Unknown when it runs out while solving).
SatRun solve_cnf(const Cnf& f, bool with_proof, const Budget& budget = Budget());

// One CaDiCaL kept across calls, clauses added between them (no proof):
// for loops that refine a formula until its models are what they should be.
class IncrementalSat {
 public:
  explicit IncrementalSat(const Cnf& f, const Budget& budget = Budget());
  ~IncrementalSat();
  IncrementalSat(const IncrementalSat&) = delete;
  IncrementalSat& operator=(const IncrementalSat&) = delete;
  void add(const std::vector<int>& clause);
  SatRun solve();  // Sat: the model; never a proof

 private:
  struct Impl;
  Impl* impl_;
  int vars_;
};

}  // namespace menger
