// Statements comparing the statistic's series with other series of the same
// study, point by point.  Each point is judged at the claim's confidence,
// without a correction for the number of points.
//
// lowest_of "success": the statistic is the lowest of the series ending in
// " success" at every point with faults (002 Fig. 6); refuted where it is
// significantly above another (its lower bound above the other's upper bound).
// not_below [series...]: never below these at a point with faults (002 Fig. 8);
// refuted where its upper bound is below the other's lower bound.
// close_to + within: "almost the same" as another series (002 Fig. 7, GDL and
// Three-Turn).  Refuted at a point where the difference d of the two values is
// significantly beyond `within` (|d| - z se_d > within, se_d of two
// independent means: conservative, since one configuration is shared by all
// algorithms and the two estimates are positively correlated); the explanation
// counts the points where it is confirmed (|d| + z se_d <= within).
// rank_agrees [a, b]: "the algorithm with the higher success ratio has the
// longer path" (002 section 4), through rank_agreement.h: refuted at a point
// where discordant pairs of routings outnumber concordant ones.
#include <cmath>

#include "claims/estimate_statements.h"
#include "claims/rank_agreement.h"
#include "core/error.h"

namespace menger {

namespace {

bool ends_with(const std::string& name, const std::string& suffix) {
  return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::size_t series_named(const Reading& reading, const std::string& key, const std::string& name) {
  const auto o = reading.study.find_series(name);
  if (!o) throw InputError(reading.where + ": " + key + ": the study has no statistic '" + name + "'");
  return *o;
}

class LowestOfStatement : public EstimateStatement {
 public:
  LowestOfStatement(const PropertyValues& v, const std::string&) : suffix_(*v.text("lowest_of")) {}

  void judge(const Reading& reading, Judgement& out) const override {
    const StudyResult& r = reading.study;
    const std::size_t s = *reading.series;
    const std::size_t before = out.off.size();
    std::size_t compared = 0;
    for (std::size_t p = 0; p < r.points.size(); ++p) {
      if (r.points[p].faults == 0) continue;
      for (std::size_t o = 0; o < r.series.size(); ++o) {
        if (o == s || !ends_with(r.series[o].name, " " + suffix_)) continue;
        ++compared;
        const Interval mine = r.interval(p, s), other = r.interval(p, o);
        if (mine.low > other.high)
          out.off.push_back("with " + std::to_string(r.points[p].faults) + " faults " + r.series[s].name + " " +
                            interval_text(mine) + " is above " + r.series[o].name + " " + interval_text(other));
      }
    }
    if (compared == 0)
      throw InputError(reading.where + ": lowest_of '" + suffix_ + "': no other series ends in ' " + suffix_ + "'");
    const std::size_t above = out.off.size() - before;
    out.lines.push_back(r.series[s].name + " against " + std::to_string(compared) + " (point, series) comparisons: " +
                        (above == 0 ? "never significantly above another" : std::to_string(above) + " times above"));
  }

 private:
  std::string suffix_;
};

class NotBelowStatement : public EstimateStatement {
 public:
  NotBelowStatement(const PropertyValues& v, const std::string&) : others_(*v.list("not_below")) {}

  void judge(const Reading& reading, Judgement& out) const override {
    for (const std::string& name : others_) judge_one(reading, name, out);
  }

 private:
  void judge_one(const Reading& reading, const std::string& name, Judgement& out) const {
    const StudyResult& r = reading.study;
    const std::size_t s = *reading.series, o = series_named(reading, "not_below", name);
    std::size_t below = 0;
    for (std::size_t p = 0; p < r.points.size(); ++p) {
      if (r.points[p].faults == 0) continue;
      const Interval mine = r.interval(p, s), other = r.interval(p, o);
      if (mine.high >= other.low) continue;
      ++below;
      out.off.push_back("with " + std::to_string(r.points[p].faults) + " faults " + r.series[s].name + " " +
                        interval_text(mine) + " is below " + name + " " + interval_text(other));
    }
    out.lines.push_back("not below " + name + (below ? ": below at " + std::to_string(below) + " points" : ": never below"));
  }
  std::vector<std::string> others_;
};

class CloseToStatement : public EstimateStatement {
 public:
  CloseToStatement(const PropertyValues& v, const std::string&) : other_(*v.text("close_to")), within_(*v.number("within")) {}

  void judge(const Reading& reading, Judgement& out) const override {
    const StudyResult& r = reading.study;
    const std::size_t s = *reading.series, o = series_named(reading, "close_to", other_);
    std::size_t compared = 0, confirmed = 0, beyond = 0, widest = 0;
    double widest_gap = -1;
    for (std::size_t p = 0; p < r.points.size(); ++p) {
      if (r.points[p].result.tally[s].n < 2 || r.points[p].result.tally[o].n < 2) continue;
      ++compared;
      const double d = std::abs(r.interval(p, s).value - r.interval(p, o).value);
      const double slack =
          reading.z * std::hypot(standard_error_at(r, p, s, reading.z), standard_error_at(r, p, o, reading.z));
      if (d + slack <= within_) ++confirmed;
      if (d > widest_gap) {
        widest_gap = d;
        widest = p;
      }
      if (d - slack <= within_) continue;
      ++beyond;
      out.off.push_back("with " + std::to_string(r.points[p].faults) + " faults " + r.series[s].name + " " +
                        interval_text(r.interval(p, s)) + " and " + other_ + " " + interval_text(r.interval(p, o)) +
                        " differ by " + num(d) + " +- " + num(slack) + ", more than " + num(within_));
    }
    if (compared == 0) {
      out.off.push_back("no point observed both " + r.series[s].name + " and " + other_);
      return;
    }
    out.lines.push_back("within " + num(within_) + " of " + other_ + " at " + std::to_string(compared) +
                        " points: largest difference " + num(widest_gap) + " with " +
                        std::to_string(r.points[widest].faults) + " faults; within it significantly at " +
                        std::to_string(confirmed) + ", beyond it significantly at " + std::to_string(beyond));
  }

 private:
  std::string other_;
  double within_;
};

class RankAgreesStatement : public EstimateStatement {
 public:
  RankAgreesStatement(const PropertyValues& v, const std::string&) : suffixes_(*v.list("rank_agrees")) {}

  void judge(const Reading& reading, Judgement& out) const override {
    const StudyResult& r = reading.study;
    const RankAgreement agreement = agreement_of(reading);
    std::size_t concordant = 0, discordant = 0;
    for (const RankAgreementPoint& pt : agreement.points) {
      concordant += pt.concordant;
      discordant += pt.discordant;
      if (pt.discordant > pt.concordant)
        out.off.push_back("with " + std::to_string(r.points[pt.point].faults) + " faults " +
                          std::to_string(pt.discordant) + " pairs of routings are ordered oppositely, " +
                          std::to_string(pt.concordant) + " alike (" + pt.example + ")");
    }
    out.lines.push_back(suffixes_[0] + " and " + suffixes_[1] + " of " + std::to_string(agreement.routings.size()) +
                        " routings over " + std::to_string(agreement.points.size()) + " points with faults: " +
                        std::to_string(concordant) + " pairs ordered alike, " + std::to_string(discordant) +
                        " oppositely (significant in both)");
  }

 private:
  RankAgreement agreement_of(const Reading& reading) const {
    try {
      return rank_agreement(reading.study, suffixes_[0], suffixes_[1]);
    } catch (const InputError& e) {
      throw InputError(reading.where + ": rank_agrees: " + e.what());
    }
  }
  std::vector<std::string> suffixes_;  // a, b: the series "<routing> a" and "<routing> b"
};

}  // namespace

StatementType lowest_of_statement() {
  return statement_type<LowestOfStatement>(
      {text_key("lowest_of", "the statistic is the lowest of the series ending in \" <this>\" at every point with "
                             "faults (002 Fig. 6)")},
      true);
}

StatementType not_below_statement() {
  return statement_type<NotBelowStatement>(
      {list_key("not_below", "series the statistic is never below at a point with faults (002 Fig. 8)", 1,
                std::numeric_limits<std::uint64_t>::max())},
      true);
}

StatementType close_to_statement() {
  return statement_type<CloseToStatement>(
      {text_key("close_to", "a series the statistic differs from by at most `within` at every point (002 Fig. 7)")
           .only_with("within"),
       number_key("within", "the largest difference \"almost the same\" allows", at_least(0)).only_with("close_to")},
      true);
}

StatementType rank_agrees_statement() {
  return statement_type<RankAgreesStatement>(
      {list_key("rank_agrees", "two series suffixes a, b: series \"X a\" and \"X b\" order the routings X alike "
                               "(002 section 4)", 2, 2)},
      true);
}

}  // namespace menger
