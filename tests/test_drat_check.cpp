// The DRAT checker (verify/check/drat_check.h) and the CaDiCaL wrapper
// (verify/sat/sat_solver.h): on random small formulas, CaDiCaL's answer against
// trying every assignment, and every refutation it writes checked; proofs
// that skip a step, derive nothing, or are malformed are refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "core/budget.h"
#include "verify/check/drat_check.h"
#include "verify/sat/sat_solver.h"

namespace menger {
namespace {

bool brute_force_sat(const Cnf& f) {
  for (std::uint32_t a = 0; a < (1u << f.vars); ++a) {
    bool all = true;
    for (const auto& c : f.clauses) {
      bool some = false;
      for (int l : c) some |= ((a >> (std::abs(l) - 1)) & 1u) == (l > 0 ? 1u : 0u);
      all &= some;
      if (!all) break;
    }
    if (all) return true;
  }
  return false;
}

Cnf random_3cnf(std::mt19937& rng, int vars, int clauses) {
  Cnf f;
  f.vars = vars;
  std::uniform_int_distribution<int> var(1, vars), sign(0, 1);
  for (int k = 0; k < clauses; ++k) {
    std::vector<int> c;
    for (int i = 0; i < 3; ++i) c.push_back(sign(rng) ? var(rng) : -var(rng));
    f.add(c);
  }
  return f;
}

// Pigeons into fewer holes: unsatisfiable, and not by unit propagation alone.
Cnf pigeonhole(int holes) {
  Cnf f;
  const int pigeons = holes + 1;
  f.vars = pigeons * holes;
  auto x = [&](int p, int h) { return 1 + p * holes + h; };
  for (int p = 0; p < pigeons; ++p) {
    std::vector<int> some;
    for (int h = 0; h < holes; ++h) some.push_back(x(p, h));
    f.add(some);
  }
  for (int h = 0; h < holes; ++h)
    for (int p = 0; p < pigeons; ++p)
      for (int q = p + 1; q < pigeons; ++q) f.add({-x(p, h), -x(q, h)});
  return f;
}

TEST(DratCheck, CaDiCaLAgreesWithEveryAssignmentAndItsRefutationsCheck) {
  std::mt19937 rng(2014);
  int sat = 0, unsat = 0;
  for (int round = 0; round < 300; ++round) {
    const Cnf f = random_3cnf(rng, 12, 40 + round % 40);
    const SatRun r = solve_cnf(f, true);
    ASSERT_NE(r.answer, SatRun::Answer::Unknown);
    EXPECT_EQ(r.answer == SatRun::Answer::Sat, brute_force_sat(f));
    if (r.answer == SatRun::Answer::Sat) {
      ++sat;
      for (const auto& c : f.clauses)
        EXPECT_TRUE(std::any_of(c.begin(), c.end(), [&](int l) { return r.model[std::abs(l)] == (l > 0); }));
      continue;
    }
    ++unsat;
    const DratCheck d = check_drat_refutation(f, r.proof);
    EXPECT_TRUE(d.refuted) << d.problem;
  }
  EXPECT_GT(sat, 20);
  EXPECT_GT(unsat, 20);
}

TEST(DratCheck, PigeonholeRefutedAndForgeriesRefused) {
  const Cnf f = pigeonhole(5);
  const SatRun r = solve_cnf(f, true);
  ASSERT_EQ(r.answer, SatRun::Answer::Unsat);
  const DratCheck ok = check_drat_refutation(f, r.proof);
  ASSERT_TRUE(ok.refuted) << ok.problem;
  EXPECT_GT(ok.lemmas, 5u);
  // No proof at all: unit propagation alone does not refute it.
  EXPECT_FALSE(check_drat_refutation(f, "").refuted);
  // The empty clause claimed at once is not a RUP step.
  const DratCheck at_once = check_drat_refutation(f, "0\n");
  EXPECT_FALSE(at_once.refuted);
  EXPECT_NE(at_once.problem.find("neither RUP nor RAT"), std::string::npos) << at_once.problem;
  // The same proof for a formula with one clause less (a pigeon may stay
  // out, which is satisfiable): some step must fail.
  Cnf weaker = f;
  weaker.clauses.erase(weaker.clauses.begin());
  EXPECT_FALSE(check_drat_refutation(weaker, r.proof).refuted);
}

TEST(DratCheck, RupRatAndMalformedLines) {
  Cnf f;  // x1 xor-like square: unsatisfiable over x1, x2; x3 is free
  f.vars = 3;
  f.clauses = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}};
  EXPECT_TRUE(check_drat_refutation(f, "2 0\n0\n").refuted);
  // "3" is no RUP step, but a RAT one (no clause holds -3).
  EXPECT_TRUE(check_drat_refutation(f, "3 0\n2 0\n0\n").refuted);
  Cnf g;
  g.vars = 2;
  g.clauses = {{1, 2}};
  const DratCheck not_implied = check_drat_refutation(g, "-1 0\n-2 0\n0\n");
  EXPECT_FALSE(not_implied.refuted);
  EXPECT_NE(not_implied.problem.find("line 1"), std::string::npos) << not_implied.problem;
  for (const char* bad : {"2 x 0\n", "2\n", "4 0\n", "2 0 1\n", "d 1 -2 -3 0\n", "-2147483648 0\n"}) {
    const DratCheck d = check_drat_refutation(f, bad);
    EXPECT_FALSE(d.refuted) << bad;
    EXPECT_FALSE(d.problem.empty()) << bad;
  }
  // Unit propagation after "2" already conflicts: the rest is not needed.
  EXPECT_TRUE(check_drat_refutation(f, "2 0\nd 2 0\n0\n").refuted);
  const DratCheck short_of_it = check_drat_refutation(f, "3 0\n");
  EXPECT_FALSE(short_of_it.refuted);
  EXPECT_NE(short_of_it.problem.find("without deriving the empty clause"), std::string::npos);
}

// A budget that runs out while CaDiCaL loads a formula, with its proof file
// open: the solver used to outlive that file and trace the deletion of its
// clauses into freed memory, a heap corruption seen as SIGSEGV in CI.  The
// "valgrind_sat" test runs this one under valgrind, which sees such a write
// (the sanitizers do not: the write is inside libcadical).  And a budget that
// runs out while it solves: Unknown, and no proof.
TEST(SatSolver, ABudgetThatStopsAProofRunLeavesTheHeapWhole) {
  const Cnf f = pigeonhole(40);  // 41 + 40 * 820 clauses: loading checks the budget twice
  ASSERT_GT(f.clauses.size(), 0x4000u);
  for (const bool proof : {true, false}) {
    const Budget budget;
    budget.stop_after_checks(1);  // the second check: after 2^14 clauses are in
    try {
      solve_cnf(f, proof, budget);
      ADD_FAILURE() << "the budget did not stop the load";
    } catch (const BudgetExhausted& e) {
      EXPECT_NE(std::string(e.what()).find("loading the formula"), std::string::npos) << e.what();
    }
  }
  // The terminator asks at every check: a thousand of them, and CaDiCaL has
  // learnt clauses to delete (and trace) when it is destroyed.
  for (const std::int64_t checks : {1, 100, 1000, 10000}) {
    const Budget budget;
    budget.stop_after_checks(checks);
    const SatRun r = solve_cnf(pigeonhole(12), true, budget);
    EXPECT_EQ(r.answer, SatRun::Answer::Unknown) << checks;
    EXPECT_TRUE(r.proof.empty());
  }
}

}  // namespace
}  // namespace menger
