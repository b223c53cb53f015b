// The "wiring gap" statistic: "The differences in expected number of tolerable
// faults between the best and worst of the ten three-stage and four-stage
// networks is 0.3 faults and 0.2 faults" (001 section 5).  The best wiring's
// mean faults tolerated minus the worst's, of a best_of study, with the
// standard error of a difference of two independent means.  The range of
// several estimates also holds their noise: for ten equally good wirings it is
// about 3.1 standard errors of one, which the explanation states beside the gap.
//
// It is one number: the point statements (value, at_least, at_most) judge it;
// a statement about a curve, or a plot, has nothing to read.
#include <algorithm>
#include <cmath>

#include "claims/estimate_statements.h"
#include "core/error.h"

namespace menger {

namespace {

constexpr const char* kWiringGap = "wiring gap";

void check_claim(const StudyRequest& q, const PropertyValues& v, bool about_curve, const std::string& where) {
  const std::string gap = kWiringGap;
  if (q.experiment != "completeness" || q.best_of < 2)
    throw InputError(where + ": '" + gap + "' needs a completeness study with best_of >= 2");
  if (v.has("plot")) throw InputError(where + ": '" + gap + "' is one number, with no curve to plot");
  if (about_curve) throw InputError(where + ": '" + gap + "' is one number: compare it with value, at_least or at_most");
}

Reading read(const StudyResult& r, const std::string& where, std::vector<std::string>& lines) {
  MENGER_ASSERT(r.wirings.size() >= 2, "a best_of study samples best_of wirings");
  const double z = normal_quantile(r.sampling.confidence);
  auto se_of = [&](const Interval& i) { return (i.high - i.low) / (2 * z); };
  auto by_value = [](const auto& a, const auto& b) { return a.second.value < b.second.value; };
  const auto& worst = *std::min_element(r.wirings.begin(), r.wirings.end(), by_value);
  const auto& best = *std::max_element(r.wirings.begin(), r.wirings.end(), by_value);
  const double gap = best.second.value - worst.second.value;
  const double se = std::hypot(se_of(best.second), se_of(worst.second));
  const std::string name = kWiringGap;
  lines.push_back(name + ": faults tolerated, best wiring minus worst of " +
                  std::to_string(r.wirings.size()) + ", " + std::to_string(r.sampling.trials) + " trials each, seed " +
                  std::to_string(r.sampling.seed) + ", " + num(r.sampling.confidence * 100) + "% interval");
  for (const auto& [spec, wi] : r.wirings) lines.push_back("  wiring " + spec + ": " + interval_text(wi));
  const Interval i{gap, gap - z * se, gap + z * se};
  lines.push_back("best " + best.first + ", worst " + worst.first + ": gap " + interval_text(i) +
                  "; noise alone would give about " + num(3.08 * se_of(best.second)) +
                  " for ten equal wirings (3.08 standard errors of one)");
  return Reading{.where = where, .study = r, .series = std::nullopt, .point = 0, .interval = i,
                 .standard_error = se, .z = z, .other_model = {}};
}

}  // namespace

DerivedStatistic wiring_gap_statistic() { return {kWiringGap, check_claim, read}; }

}  // namespace menger
