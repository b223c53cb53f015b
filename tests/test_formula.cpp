// Claim formulas: exact rational evaluation, the papers' notation, clear errors.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace menger
