// A formula in conjunctive normal form, DIMACS style: variables 1..vars, a
// literal is +v or -v, a clause a list of literals (empty: false).  The SAT
// encodings of deadlock (deadlock_sat.h) build it; CaDiCaL solves it
// (sat_solver.h) and drat_check.h re-checks CaDiCaL's refutation.
#pragma once

#include <vector>

namespace menger {

struct Cnf {
  int vars = 0;
  std::vector<std::vector<int>> clauses;

  int fresh() { return ++vars; }
  void add(std::vector<int> clause) { clauses.push_back(std::move(clause)); }
  // At most one of `lits` true: one clause for two, a sequential counter
  // (Sinz 2005) of |lits| - 1 fresh variables for more, whose i-th is "one of
  // the first i is true".  Fresh variables are numbered in the order of the
  // calls, which the certificate checker reproduces.
  void at_most_one(const std::vector<int>& lits) {
    if (lits.size() < 2) return;
    if (lits.size() == 2) return add({-lits[0], -lits[1]});
    int prev = 0;
    for (std::size_t i = 0; i + 1 < lits.size(); ++i) {
      const int s = fresh();
      add({-lits[i], s});
      if (prev) {
        add({-prev, s});
        add({-lits[i], -prev});
      }
      prev = s;
    }
    add({-lits.back(), -prev});
  }
};

}  // namespace menger
