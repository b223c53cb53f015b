// Claim formulas: exact rational evaluation, the papers' notation, clear errors.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/error.h"
#include "core/formula.h"

namespace menger {
namespace {

FormulaVars hdn_vars() {
  FormulaVars v;
  v.set("k", 2, "");
  v.set("N0", 30, "");
  v.set("DB", 4, "");
  v.set_list("s", {15, 5}, "");
  v.set_list("DSN", {3, 2}, "");
  return v;
}

TEST(Formula, ArithmeticIsExact) {
  FormulaVars v;
  EXPECT_EQ(evaluate_formula("1/3 + 1/6", v), Rational(1, 2));
  EXPECT_EQ(evaluate_formula("0.1 + 0.2", v), Rational(3, 10));
  EXPECT_EQ(evaluate_formula("2^10", v), Rational(1024));
  EXPECT_EQ(evaluate_formula("2^-2", v), Rational(1, 4));
  EXPECT_EQ(evaluate_formula("2^3^2", v), Rational(512));  // right associative
  EXPECT_EQ(evaluate_formula("-2^2", v), Rational(-4));
  EXPECT_EQ(evaluate_formula("(1+2)*3 - 4/2", v), Rational(7));
  EXPECT_EQ(evaluate_formula("floor(7/2) + ceil(7/2) + abs(-1)", v), Rational(8));
  EXPECT_EQ(evaluate_formula("floor(-7/2)", v), Rational(-4));
  EXPECT_EQ(evaluate_formula("min(3, 1, 2) + max(3, 1, 2)", v), Rational(4));
  EXPECT_EQ(evaluate_formula("60^8", v), Rational(BigInt("167961600000000")));
}

TEST(Formula, SumsProductsAndListsAsInThePapers) {
  FormulaVars v = hdn_vars();
  // 004 Theorem 1, diameter: 2^k D(B) - sum_{j=0}^{k-1} 2^j D(SN^{k-j}) + 2^{k+1} - 2.
  EXPECT_EQ(evaluate_formula("2^k*DB - sum(j, 0, k-1, 2^j*DSN[k-j]) + 2^(k+1) - 2", v), Rational(14));
  // 004 Theorem 1, nodes, as printed: (2 N0)^(2^k) / (2 prod s_i).
  EXPECT_EQ(evaluate_formula("(2*N0)^(2^k) / (2*prod(i, 1, k, s[i]))", v), Rational(86400));
  EXPECT_EQ(evaluate_formula("sum(i, 1, 0, 5)", v), Rational(0));  // empty range
  EXPECT_EQ(evaluate_formula("prod(i, 3, 2, 5)", v), Rational(1));
  EXPECT_EQ(evaluate_formula("sum(i, 1, 3, sum(i, 1, i, 1))", v), Rational(6));  // shadowing
}

TEST(Formula, ErrorsNameTheFormula) {
  FormulaVars v = hdn_vars();
  for (const char* bad : {"x + 1", "s[3]", "s[0]", "s", "k[1]", "1/0", "2^(1/2)", "2^1000000", "sum(1,2,3)",
                          "foo(1)", "(1", "1 +", "3 $ 4", "s[1/2]", "0^-1"}) {
    try {
      evaluate_formula(bad, v);
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("formula \"") + bad), std::string::npos) << e.what();
    }
  }
}

// Hostile formulas (issue 21) end in one clear InputError: no stack overflow,
// no unbounded computation, no out-of-memory, and a one-line message.
TEST(Formula, HostileFormulasAreRefusedQuickly) {
  FormulaVars v = hdn_vars();
  std::string plus = "1", open, close;
  for (int i = 0; i < 12000; ++i) plus += "+1";
  for (int i = 0; i < 13000; ++i) open += "(", close += ")";
  std::vector<std::string> cases;
  cases.push_back(plus);                                        // a chain too tall for eval's recursion
  cases.push_back(open + "1" + close);                          // parser recursion
  cases.push_back(std::string(13000, '-').append("1"));         // signs
  cases.push_back("prod(j, 1, 10000, j)");                      // numbers that grow: costly gcds
  cases.push_back("(2^100000)^100000");                         // refused before it is computed
  cases.push_back("sum(i, 1, 1000000, sum(j, 1, 1000000, 1))");  // 10^12 steps
  cases.push_back("1 +\n 1 )");                                 // a newline in the echoed input
  for (const std::string& bad : cases) {
    try {
      evaluate_formula(bad, v);
      ADD_FAILURE() << "accepted: " << bad.substr(0, 60);
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      EXPECT_LT(what.size(), 400u) << "the message echoes at most an excerpt of the input";
    }
  }
  // Below the limits, long formulas still evaluate.
  std::string hundred = "0";
  for (int i = 0; i < 100; ++i) hundred += "+" + std::to_string(i);
  EXPECT_EQ(evaluate_formula(hundred, v), Rational(4950));
  EXPECT_EQ(evaluate_formula("prod(j, 1, 1000, j) / prod(j, 1, 999, j)", v), Rational(1000));
  EXPECT_EQ(evaluate_formula("2^100000 / 2^99999", v), Rational(2));
}

// Fuzzing (fuzz/corpus/formula/hand-big-prod) ran prod(j,1,10000,j) for 42 s
// under ASan before the work limit stopped it: the evaluator honours the
// budget it is passed (--budget) as well, within a few milliseconds of work.
TEST(Formula, CostlyFormulasStopAtTheBudget) {
  const Budget expired = Budget::until(Clock::now() - std::chrono::seconds(1));
  const auto start = Clock::now();
  EXPECT_THROW(evaluate_formula("prod(j, 1, 10000, j)", hdn_vars(), expired), BudgetExhausted);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
  EXPECT_EQ(evaluate_formula("2 + 3", hdn_vars(), expired), Rational(5)) << "cheap formulas need no budget";
}

// Fuzzing found (210^1000)^50/2 running 15 s under ASan in Boost's rational
// normalisation (a binary gcd against a denominator of 1 after every
// product); integers are now multiplied as integers, and the value is refused
// as too large at once.
TEST(Formula, HugeIntegerPowersAreRefusedWithoutGcds) {
  const auto start = Clock::now();
  try {
    evaluate_formula("(210^1000)^050/02", hdn_vars());
    ADD_FAILURE() << "accepted a value of 385,000 bits";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bits"), std::string::npos) << e.what();
  }
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
  // Powers of fractions, negative exponents and signs keep their exact values.
  EXPECT_EQ(evaluate_formula("(2/3)^3", hdn_vars()), Rational(8) / 27);
  EXPECT_EQ(evaluate_formula("(2/3)^-2", hdn_vars()), Rational(9) / 4);
  EXPECT_EQ(evaluate_formula("2^-3", hdn_vars()), Rational(1) / 8);
  EXPECT_EQ(evaluate_formula("(-2)^3", hdn_vars()), Rational(-8));
  EXPECT_EQ(evaluate_formula("(-1/2)^-3", hdn_vars()), Rational(-8));
  EXPECT_EQ(evaluate_formula("0^0", hdn_vars()), Rational(1));
}

}  // namespace
}  // namespace menger
