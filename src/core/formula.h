// Exact formulas for claims: "the diameter is 2^k D(B) - sum_j 2^j D(SN^{k-j}) + 2^{k+1} - 2".
//
// A claim states a paper's formula as text; the runner evaluates it with
// variables the family supplies (k, n, N0, DB, s[i], ...) in exact rational
// arithmetic, so a formula and a measured quantity compare without rounding.
//
// Syntax: numbers (integers or decimals such as 0.5, read exactly), variables,
// list elements v[i] (1-based, as the papers index them), + - * / ^ (right
// associative, integer exponents), parentheses, and the functions
//   sum(j, lo, hi, expr)  prod(j, lo, hi, expr)  min(a, ...)  max(a, ...)
//   floor(x)  ceil(x)  abs(x)
// sum and prod bind j to lo..hi inclusive (an empty range gives 0 or 1).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "core/budget.h"

namespace menger {

// Expression templates off: they make `a ? x + y : x * y` and auto locals
// misbehave, and formulas are far from any hot path.
using Rational = boost::multiprecision::number<boost::multiprecision::cpp_rational_backend,
                                               boost::multiprecision::et_off>;
using BigInt = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<>, boost::multiprecision::et_off>;

// Prints an integer as such and a non-integer as "p/q".
std::string to_string(const Rational& r);
// Decimal approximation with `digits` significant digits.
std::string to_decimal(const Rational& r, int digits = 6);
double to_double(const Rational& r);

class FormulaVars {
 public:
  struct Entry {
    bool is_list = false;
    Rational scalar;
    std::vector<Rational> list;  // list[0] is element 1
    std::string description;
  };

  void set(const std::string& name, Rational value, std::string description);
  void set_list(const std::string& name, std::vector<Rational> values, std::string description);
  const Entry* find(std::string_view name) const;
  const std::map<std::string, Entry, std::less<>>& entries() const { return entries_; }

 private:
  std::map<std::string, Entry, std::less<>> entries_;
};

// Evaluates `formula`; throws InputError naming the formula on a syntax error,
// an unknown variable, an index out of range, division by zero or a
// non-integer exponent.
// `budget` is checked as the work grows.
Rational evaluate_formula(std::string_view formula, const FormulaVars& vars, const Budget& budget = Budget());

}  // namespace menger
