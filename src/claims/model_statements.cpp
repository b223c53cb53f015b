// below_model (with across): "the random networks have a lower probability of
// remaining complete than the deterministic networks" (001 section 6).  The
// statistic's series, or every series starting with `across`, is never above
// the same series of another model, at any point.
//
// The other model's study is the one its own instance samples: the same
// request, less best_of, which picks this model's wiring only.  So the other
// model is one fixed network, named by a built-in family's spec (a network
// file would be looked up from the current folder, not the claim's).  Refuted
// where a series is significantly above the other model's (its lower bound
// above the other's upper bound) or, where both were enumerated, exactly above;
// the explanation counts where it is below, significantly or exactly, and where
// the exact values are equal.
#include "claims/estimate_statements.h"
#include "core/error.h"
#include "core/spec.h"

namespace menger {

namespace {

// The exact value of series s at point p, where enumeration reached it
// (completeness: series f is P(complete | f), verify/reliability/reliability.cpp; the
// enumeration stops at the first f that no fault set survives, and every
// larger f is then exactly 0 too, since more faults never help).
std::optional<double> exact_at(const StudyResult& r, std::size_t p, std::size_t s) {
  if (r.experiment == "completeness") {
    if (s == 0) return std::nullopt;
    for (std::size_t f = 0; f <= s; ++f) {
      if (f >= r.exact.size() || !r.exact[f]) return std::nullopt;
      if (r.exact[f]->surviving == 0) return 0.0;
    }
    return r.exact[s]->ratio();
  }
  if (!r.points[p].exact) return std::nullopt;
  return r.points[p].exact->values[s];
}

struct Comparison {
  std::size_t compared = 0, below = 0, exactly_below = 0, equal = 0, above = 0;
};

class BelowModelStatement : public EstimateStatement {
 public:
  BelowModelStatement(const PropertyValues& v, const std::string& where)
      : model_(*v.text("below_model")), across_(v.text("across").value_or("")) {
    try {
      parse_spec(model_);  // a typing error shows before any sampling
    } catch (const InputError& e) {
      throw InputError(where + ": below_model: " + e.what());
    }
  }

  void judge(const Reading& reading, Judgement& out) const override {
    const auto other = reading.other_model(model_);
    if (!other->complete) {
      out.unknown = "the time budget ran out while sampling " + model_;
      return;
    }
    Comparison c;
    for (std::size_t s : compared_series(reading)) compare(reading, s, *other, c, out);
    if (c.compared == 0) throw InputError(reading.where + ": below_model: no point observed the series in both studies");
    out.lines.push_back("below " + other->model + " over " + std::to_string(c.compared) +
                        " (series, point) comparisons: " + std::to_string(c.exactly_below) + " exactly below, " +
                        std::to_string(c.equal) + " exactly equal, " + std::to_string(c.below) +
                        " significantly below, " + (c.above == 0 ? "none above" : std::to_string(c.above) + " above"));
  }

 private:
  std::vector<std::size_t> compared_series(const Reading& reading) const {
    if (across_.empty()) return {*reading.series};
    std::vector<std::size_t> series;
    for (std::size_t s = 0; s < reading.study.series.size(); ++s)
      if (reading.study.series[s].name.rfind(across_, 0) == 0) series.push_back(s);
    if (series.empty()) throw InputError(reading.where + ": across '" + across_ + "': no series of the study starts with it");
    return series;
  }

  // Series s of this model against the same series of the other, point by point.
  void compare(const Reading& reading, std::size_t s, const StudyResult& other, Comparison& c, Judgement& out) const {
    const StudyResult& mine = reading.study;
    const auto o = other.find_series(mine.series[s].name);
    if (!o) throw InputError(reading.where + ": below_model: " + other.model + " has no statistic '" + mine.series[s].name + "'");
    for (std::size_t p = 0; p < mine.points.size() && p < other.points.size(); ++p) {
      if (mine.points[p].result.tally[s].n < 2 || other.points[p].result.tally[*o].n < 2) continue;
      ++c.compared;
      const Interval a = mine.interval(p, s), b = other.interval(p, *o);
      const auto ea = exact_at(mine, p, s), eb = exact_at(other, p, *o);
      const std::string at = mine.series[s].name + (mine.points.size() > 1 ? " at point " + std::to_string(p) : "");
      std::string finding;
      if (ea && eb) {
        if (*ea > *eb) finding = at + ": exactly " + num(*ea) + ", above " + other.model + "'s " + num(*eb);
        c.exactly_below += *ea < *eb;
        c.equal += *ea == *eb;
      } else {
        if (a.low > b.high) finding = at + ": " + interval_text(a) + ", significantly above " + other.model + "'s " + interval_text(b);
        c.below += a.high < b.low;
      }
      if (finding.empty()) continue;
      ++c.above;
      out.off.push_back(finding);
    }
  }

  std::string model_, across_;
};

}  // namespace

StatementType below_model_statement() {
  return statement_type<BelowModelStatement>(
      {text_key("below_model", "a built-in model's spec: the statistic is never above that model's at any point, "
                               "which is sampled as one network, without best_of (001 section 6)"),
       text_key("across", "compare every series starting with this instead of the statistic alone", false,
                "the statistic alone")
           .only_with("below_model")},
      true);
}

}  // namespace menger
