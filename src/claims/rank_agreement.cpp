#include "claims/rank_agreement.h"

#include <map>

#include "core/error.h"

namespace menger {

namespace {

// The series ending in " suffix", by the prefix before it.
std::map<std::string, std::size_t> series_ending(const StudyResult& r, const std::string& suffix) {
  std::map<std::string, std::size_t> out;
  const std::string tail = " " + suffix;
  for (std::size_t s = 0; s < r.series.size(); ++s) {
    const std::string& name = r.series[s].name;
    if (name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0)
      out[name.substr(0, name.size() - tail.size())] = s;
  }
  return out;
}

// Series i (one routing's) against series j (another's) at point p: -1 below,
// +1 above (disjoint intervals), 0 not significantly ordered.
int significant_order(const StudyResult& r, std::size_t p, std::size_t i, std::size_t j) {
  if (r.points[p].result.tally[i].n < 2 || r.points[p].result.tally[j].n < 2) return 0;
  const Interval x = r.interval(p, i), y = r.interval(p, j);
  return x.high < y.low ? -1 : x.low > y.high ? 1 : 0;
}

}  // namespace

RankAgreement rank_agreement(const StudyResult& r, const std::string& a, const std::string& b) {
  const auto by_a = series_ending(r, a), by_b = series_ending(r, b);
  RankAgreement out;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (series a, series b) of each routing
  for (const auto& [prefix, s] : by_a)
    if (by_b.count(prefix)) {
      out.routings.push_back(prefix);
      pairs.emplace_back(s, by_b.at(prefix));
    }
  if (pairs.size() < 2)
    throw InputError("rank_agrees: fewer than two routings have both '<x> " + a + "' and '<x> " + b + "'");
  for (std::size_t p = 0; p < r.points.size(); ++p) {
    if (r.points[p].faults == 0) continue;
    RankAgreementPoint pt;
    pt.point = p;
    for (std::size_t i = 0; i < pairs.size(); ++i)
      for (std::size_t j = i + 1; j < pairs.size(); ++j) {
        const int x = significant_order(r, p, pairs[i].first, pairs[j].first);
        const int y = significant_order(r, p, pairs[i].second, pairs[j].second);
        if (x == 0 || y == 0) continue;
        if (x == y) {
          ++pt.concordant;
          continue;
        }
        ++pt.discordant;
        if (pt.example.empty())
          pt.example = out.routings[i] + " has the " + (x > 0 ? "higher " : "lower ") + a + " but the " +
                       (y > 0 ? "higher " : "lower ") + b + " than " + out.routings[j];
      }
    out.points.push_back(pt);
  }
  return out;
}

}  // namespace menger
