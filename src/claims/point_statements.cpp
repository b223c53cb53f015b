// Statements about one number: the paper's value, with its error bound and
// rounding, or a bound it gives ("over 99.9%", "less than 50%").  They judge
// the statistic at the point the claim names (at_rate, at_faults; else the
// last point), or a derived statistic such as the wiring gap.
//
// value: |Menger - paper| <= z sqrt(se_Menger^2 + error^2) + rounding, z of the
// claim's confidence (0.95 unless `confidence` says otherwise).
// at_least X: the paper is refuted only when Menger's upper bound is below X,
// and confirmed when Menger's lower bound is above it; at_most alike.
#include <cmath>

#include "claims/estimate_statements.h"

namespace menger {

namespace {

class ValueStatement : public EstimateStatement {
 public:
  ValueStatement(const PropertyValues& v, const std::string&)
      : value_(*v.number("value")), error_(v.number("error").value_or(0)), rounding_(v.number("rounding").value_or(0)) {}

  void judge(const Reading& r, Judgement& out) const override {
    const Interval& i = r.interval;
    const double allowed = r.z * std::sqrt(r.standard_error * r.standard_error + error_ * error_) + rounding_;
    const double gap = std::abs(i.value - value_);
    out.paper.push_back(num(value_) + (error_ ? " +- " + num(error_) : ""));
    out.lines.push_back("paper " + num(value_) + (error_ ? " +- " + num(error_) : "") + ", Menger " + interval_text(i) +
                        ": differ by " + num(gap) + ", allowed " + num(allowed));
    if (gap > allowed)
      out.off.push_back("the paper's " + num(value_) + " is outside the allowed " + num(allowed) + " of " + num(i.value));
  }

 private:
  double value_, error_, rounding_;
};

// at_least (lower) or at_most.
class BoundStatement : public EstimateStatement {
 public:
  BoundStatement(double bound, bool lower) : bound_(bound), lower_(lower) {}

  void judge(const Reading& r, Judgement& out) const override {
    const Interval& i = r.interval;
    const double near = lower_ ? i.low : i.high, far = lower_ ? i.high : i.low;
    const bool confirmed = lower_ ? near >= bound_ : near <= bound_;
    const bool refuted = lower_ ? far < bound_ : far > bound_;
    const std::string said = lower_ ? "at least" : "at most", bound = lower_ ? "upper" : "lower";
    const std::string side = lower_ ? "below" : "above", note = confirmed ? " (confirmed)" : refuted ? "" : " (consistent)";
    out.paper.push_back((lower_ ? ">= " : "<= ") + num(bound_));
    out.lines.push_back("paper: " + said + " " + num(bound_) + "; Menger " + interval_text(i) + note);
    if (refuted) out.off.push_back("Menger's " + bound + " bound " + num(far) + " is " + side + " the paper's " + num(bound_));
  }

 private:
  double bound_;
  bool lower_;
};

StatementType bound_statement(const std::string& key, const std::string& meaning, bool lower) {
  return {{number_key(key, meaning, NumberRange{})}, false, [key, lower](const PropertyValues& v, const std::string&) {
            return std::shared_ptr<const EstimateStatement>(std::make_shared<const BoundStatement>(*v.number(key), lower));
          }};
}

}  // namespace

StatementType value_statement() {
  return statement_type<ValueStatement>(
      {number_key("value", "the paper's number", NumberRange{}),
       number_key("error", "its error bound (a standard error)", at_least(0), "0"),
       number_key("rounding", "half its last printed digit", at_least(0), "0")},
      false);
}

StatementType at_least_statement() { return bound_statement("at_least", "the paper's lower bound (\"over 99.9%\")", true); }

StatementType at_most_statement() { return bound_statement("at_most", "the paper's upper bound (\"less than 50%\")", false); }

}  // namespace menger
