// Formulas (path bounds and expected values in claims and on the command line):
// evaluate_formula with the kind of variables a claim binds (scalars and a list).
#include "core/formula.h"
#include "fuzz_support.h"

namespace {

const menger::FormulaVars& claim_like_vars() {
  static const menger::FormulaVars vars = [] {
    menger::FormulaVars v;
    v.set("n", menger::Rational(16), "nodes");
    v.set("k", menger::Rational(2), "faults");
    v.set("N", menger::Rational(64), "nodes of the base");
    v.set("DB", menger::Rational(4), "diameter of the base");
    v.set_list("DSN", {menger::Rational(1), menger::Rational(3), menger::Rational(5)}, "diameters");
    v.set_list("d", {menger::Rational(3), menger::Rational(5), menger::Rational(7)}, "radices");
    return v;
  }();
  return vars;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  menger::fuzz::expect_clean_rejection(
      [&](const menger::Budget& budget) {
        (void)menger::evaluate_formula(menger::fuzz::as_text(data, size), claim_like_vars(), budget);
      });
  return 0;
}
