// Statements about the shape of the statistic's own curve, over the points
// that observed it (a path length needs successful runs).
//
// peaks_inside: "rises, then falls" (002 Fig. 9).  Holds when the largest
// value is at an inner point whose lower bound is above the upper bounds of
// the first and last points.
// trend: "rising" or "falling" (004 Fig. 14).  Holds when the last point's
// interval lies entirely above (rising) or below (falling) the first's, and no
// two neighbouring points' intervals are disjoint the other way.
#include "claims/estimate_statements.h"
#include "core/error.h"

namespace menger {

namespace {

// A shape needs a few points that observed the statistic: with fewer, the
// shape cannot be seen, which is a finding rather than an error.
class ShapeStatement : public EstimateStatement {
 public:
  ShapeStatement(std::size_t needed, std::string needed_words, std::string shape)
      : needed_(needed), needed_words_(std::move(needed_words)), shape_(std::move(shape)) {}

  void judge(const Reading& reading, Judgement& out) const final {
    const StudyResult& r = reading.study;
    const std::size_t s = *reading.series;
    const auto seen = observed_points(r, s);
    if (seen.size() >= needed_) return judge_shape(r, s, seen, out);
    out.off.push_back("fewer than " + needed_words_ + " points observed " + r.series[s].name + ": no " + shape_ + " to see");
  }

 protected:
  virtual void judge_shape(const StudyResult& r, std::size_t s, const std::vector<std::size_t>& seen,
                           Judgement& out) const = 0;

 private:
  std::size_t needed_;
  std::string needed_words_, shape_;
};

class PeaksInsideStatement : public ShapeStatement {
 public:
  PeaksInsideStatement(const PropertyValues& v, const std::string& where) : ShapeStatement(3, "three", "rise and fall") {
    if (!*v.flag("peaks_inside"))
      throw InputError(where + ": 'peaks_inside' states that the curve peaks inside: write true, or leave it out");
  }

 protected:
  void judge_shape(const StudyResult& r, std::size_t s, const std::vector<std::size_t>& seen,
                   Judgement& out) const override {
    std::size_t top = seen.front();
    for (std::size_t p : seen)
      if (r.interval(p, s).value > r.interval(top, s).value) top = p;
    const Interval first = r.interval(seen.front(), s), last = r.interval(seen.back(), s), peak = r.interval(top, s);
    out.lines.push_back(r.series[s].name + ": " + interval_text(first) + " at " +
                        std::to_string(r.points[seen.front()].faults) + " faults, peak " + interval_text(peak) + " at " +
                        std::to_string(r.points[top].faults) + ", " + interval_text(last) + " at " +
                        std::to_string(r.points[seen.back()].faults));
    if (top == seen.front() || top == seen.back() || peak.low <= first.high || peak.low <= last.high)
      out.off.push_back(r.series[s].name + " does not rise and then fall significantly");
  }
};

class TrendStatement : public ShapeStatement {
 public:
  TrendStatement(const PropertyValues& v, const std::string&)
      : ShapeStatement(2, "two", "trend"), direction_(*v.text("trend")) {}

 protected:
  void judge_shape(const StudyResult& r, std::size_t s, const std::vector<std::size_t>& seen,
                   Judgement& out) const override {
    const Interval first = r.interval(seen.front(), s), last = r.interval(seen.back(), s);
    out.lines.push_back(r.series[s].name + " " + direction_ + ": " + interval_text(first) + " at " +
                        std::to_string(r.points[seen.front()].faults) + " faults, " + interval_text(last) + " at " +
                        std::to_string(r.points[seen.back()].faults));
    if (!ahead(first, last))
      out.off.push_back(r.series[s].name + " is not significantly " + direction_ + " from first to last point");
    for (std::size_t i = 1; i < seen.size(); ++i)
      if (ahead(r.interval(seen[i], s), r.interval(seen[i - 1], s)))
        out.off.push_back(r.series[s].name + " steps back between " + std::to_string(r.points[seen[i - 1]].faults) +
                          " and " + std::to_string(r.points[seen[i]].faults) + " faults");
  }

 private:
  // a is significantly behind b in the direction of the trend.
  bool ahead(const Interval& a, const Interval& b) const { return direction_ == "rising" ? a.high < b.low : a.low > b.high; }
  std::string direction_;
};

}  // namespace

StatementType peaks_inside_statement() {
  return statement_type<PeaksInsideStatement>(
      {flag_key("peaks_inside", "true: rises, then falls; the largest value lies between the first and last "
                                "points and above both (002 Fig. 9)", "")},
      true);
}

StatementType trend_statement() {
  return statement_type<TrendStatement>(
      {text_key("trend", "the last point significantly above (rising) or below (falling) the first, and no step "
                         "significantly the other way (004 Fig. 14)")
           .one_of({"rising", "falling"})},
      true);
}

}  // namespace menger
