// The `estimate` property kind: a paper's reliability number, recomputed by a
// reliability study (reliability_study.h) and set beside Menger's interval.
//
//   [property]
//   kind = "estimate"
//   experiment = "completeness"          # or "routing", "combinations"
//   faults = "components"                # optional (completeness: components; routing: nodes)
//   routings = ["hdn-route", "hdn-ft2"]  # routing
//   rates = "0..0.25:0.05"               # routing points: rates of the units, or
//   counts = "0..20"                     #   fault counts ("a..b[:step]" or "x,y,z")
//   best_of = 10                         # completeness: wirings seed=1..10, keep the best
//   exact_limit = 5000000                # also enumerate where that costs at most this (completeness:
//                                        #   fault sets; routing and combinations: worst-case
//                                        #   runs); the exact value is printed beside the interval
//   trials = 1000                        # per point; the paper's own count where it gives one
//   seed = 1
//   statistic = "faults tolerated"       # a series of the study (menger montecarlo lists them), or
//                                        #   "wiring gap": with best_of, the best wiring's faults
//                                        #   tolerated minus the worst's (001 section 5)
//   at_rate = "0.25"                     # routing: the point the statistic is read at
//   at_faults = 20                       #   (or by fault count)
//   # What the paper says, any of:
//   value = "8.1"                        # its number, with
//   error = "0.079"                      #   its error bound (a standard error; default 0) and
//   rounding = "0.05"                    #   half its last printed digit (default 0)
//   at_least = "0.999"                   # "over 99.9%"
//   at_most = "0.5"                      # "less than 50%"
//   lowest_of = "success"                # the statistic is the lowest of the series ending in
//                                        #   " success" at every point with faults (002 Fig. 6)
//   not_below = ["a success", ...]       # never below these series at a point with faults (002 Fig. 8)
//   peaks_inside = true                  # rises, then falls: its largest value lies between the
//                                        #   first and last points and above both (002 Fig. 9)
//   trend = "rising"                     # or "falling": the last point significantly above (below)
//                                        #   the first, and no step significantly the other way (004 Fig. 14)
//   close_to = "b path length"           # "almost the same" as another series: at every point the two
//   within = "0.1"                       #   differ by at most `within` (002 Fig. 7, GDL and Three-Turn)
//   below_model = "min(..., wiring=deterministic)"  # never above the same statistic of another model,
//   across = "complete with"             #   at every point, for every series starting with `across`
//                                        #   (default: the statistic alone); 001 section 6.  The
//                                        #   other model is sampled as one network, without best_of
//   rank_agrees = ["success", "path length"]  # "the algorithm with the higher success ratio has the
//                                        #   longer path" (002 section 4): series X success and
//                                        #   X path length order the algorithms X alike
//   plot = "001-table1-deterministic-3"  # optional: CSV, SVG and PNG under the artifacts folder
//   figure = "001-fig7a"                 # optional, with plot: also a curve of this combined figure,
//   figure_label = "replicated"          #   drawn with the other instances naming it (default label:
//   figure_x_scale = "0.5"               #   the model); x multiplied by the scale (001 normalises
//                                        #   the replicated network's half-size routers)
//
// Agreement.  value: |Menger - paper| <= z sqrt(se_Menger^2 + error^2) + rounding,
// z of the claim's confidence (0.95 unless `confidence` says otherwise).
// at_least X: the paper is refuted only when Menger's upper bound is below X
// (and confirmed when Menger's lower bound is above it); at_most alike.
// lowest_of: refuted where the statistic is significantly above another
// (its lower bound above the other's upper bound).  The verdict is ESTIMATE
// with Menger's interval when everything agrees, FAILS with the numbers
// otherwise (a finding), UNKNOWN when the budget cut the sampling short.
// not_below: refuted where the statistic's upper bound is below the other's
// lower bound.  peaks_inside: holds when the largest value is at an inner
// point whose lower bound is above the upper bounds of the first and last points.
// trend: holds when the last point's interval lies entirely above (rising) or
// below (falling) the first's and no two neighbouring points' intervals are
// disjoint the other way.
// close_to: refuted at a point where the difference d of the two values is
// significantly beyond `within` (|d| - z se_d > within, se_d of two
// independent means: conservative, since one configuration is shared by all
// algorithms and the two estimates are positively correlated).  Like the other
// statements it is ESTIMATE when nothing is refuted; the explanation counts
// the points where it is confirmed (|d| + z se_d <= within).  Each point is
// judged at the claim's confidence, without a correction for the number of
// points.
// below_model: the other model's study is the one its own instance samples (the
// same request, less best_of, which picks this model's wiring only; so the
// other model is one fixed network, named by a built-in family's spec: a
// network file would be looked up from the current folder, not the claim's).  Refuted
// where a series is significantly above the other model's (its lower bound
// above the other's upper bound) or, where both were enumerated, exactly
// above; the explanation counts where it is below, significantly or exactly,
// and where the exact values are equal.
// rank_agrees [a, b]: pairs the series ending in " a" with those ending in
// " b" by their common prefix (one per routing).  At each point with faults,
// a pair of routings is concordant when both statistics order them the same
// way significantly (disjoint intervals in both), discordant when both order
// them significantly but opposite ways; pairs not ordered significantly by
// both count as neither.  "Generally" is read as: at no point do discordant
// pairs outnumber concordant ones.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "claims/property.h"
#include "claims/rank_agreement.h"
#include "claims/reliability_study.h"
#include "core/error.h"
#include "models/registry.h"

namespace menger {

namespace {

// The derived statistic of a best_of study (check_wiring_gap).
constexpr std::string_view kWiringGap = "wiring gap";

struct EstimateClaim {
  StudyRequest request;
  std::string statistic, plot, figure, figure_label;
  double figure_x_scale = 1;
  std::optional<double> at_rate;
  std::optional<std::size_t> at_faults;
  std::optional<double> value, at_least, at_most;
  double error = 0, rounding = 0;
  std::string lowest_of;
  std::vector<std::string> not_below;
  bool peaks_inside = false;
  std::string trend;  // rising | falling
  std::string close_to;
  std::optional<double> within;
  std::string below_model, across;
  std::vector<std::string> rank_agrees;  // empty or two series suffixes
  std::string key;  // names the study for the run's cache
  std::string key_without_best_of;  // the same request as another model's instance states it
};

double number(const toml::node& v, const std::string& where, const std::string& key) {
  return parse_number(property_text(v, where, key), where + ": '" + key + "'");
}

std::uint64_t whole(const toml::node& v, const std::string& where, const std::string& key) {
  const double x = number(v, where, key);
  if (x < 0 || x != std::floor(x) || x > 1e12) throw InputError(where + ": '" + key + "' must be a whole number >= 0");
  return static_cast<std::uint64_t>(x);
}

void read_study_key(EstimateClaim& c, const std::string& key, const toml::node& v, const std::string& where) {
  StudyRequest& q = c.request;
  if (key == "experiment") q.experiment = property_text(v, where, key);
  else if (key == "faults") q.faults = property_text(v, where, key);
  else if (key == "routings") {
    const auto* arr = v.as_array();
    if (!arr) throw InputError(where + ": 'routings' must be a list of routing specs");
    for (const auto& r : *arr) q.routings.push_back(property_text(r, where, key));
  } else if (key == "rates") q.rates = parse_points(property_text(v, where, key), where + ": '" + key + "'");
  else if (key == "counts")
    for (double x : parse_points(property_text(v, where, key), where + ": '" + key + "'")) {
      if (x != std::floor(x)) throw InputError(where + ": 'counts' are whole numbers, got " + std::to_string(x));
      q.counts.push_back(static_cast<std::size_t>(x));
    }
  else if (key == "best_of") q.best_of = whole(v, where, key);
  else if (key == "max_faults") q.max_faults = whole(v, where, key);
  else if (key == "exact_limit") q.exact_limit = whole(v, where, key);
  else if (key == "hop_limit") q.hop_limit = static_cast<std::uint32_t>(whole(v, where, key));
  else if (key == "trials") q.sampling.trials = whole(v, where, key);
  else if (key == "seed") q.sampling.seed = whole(v, where, key);
  else if (key == "confidence") q.sampling.confidence = number(v, where, key);
  else throw InputError(where + ": [property] has no key '" + key + "' for kind estimate (keys: experiment, faults, "
                        "routings, rates, counts, best_of, max_faults, exact_limit, hop_limit, trials, seed, confidence, "
                        "statistic, at_rate, at_faults, value, error, rounding, at_least, at_most, lowest_of, not_below, peaks_inside, "
                        "trend, close_to, within, below_model, across, rank_agrees, plot, figure, figure_label, figure_x_scale)");
  if (v.is_array()) return;  // routings: added in read()
  c.key += key + "=" + property_text(v, where, key) + ";";
  if (key != "best_of") c.key_without_best_of += key + "=" + property_text(v, where, key) + ";";
}

// A statement about the whole curve rather than one point.
bool curve_statement(const EstimateClaim& c) {
  return !c.lowest_of.empty() || !c.not_below.empty() || c.peaks_inside || !c.trend.empty() || !c.close_to.empty() ||
         !c.below_model.empty() || !c.rank_agrees.empty();
}

EstimateClaim read(const toml::table& prop, const std::string& where) {
  EstimateClaim c;
  c.request.sampling.trials = 0;
  for (const auto& [k, v] : prop) {
    const std::string key(k.str());
    if (key == "kind") continue;
    if (key == "statistic") c.statistic = property_text(v, where, key);
    else if (key == "plot") c.plot = property_text(v, where, key);
    else if (key == "figure") c.figure = property_text(v, where, key);
    else if (key == "figure_label") c.figure_label = property_text(v, where, key);
    else if (key == "figure_x_scale") c.figure_x_scale = number(v, where, key);
    else if (key == "at_rate") c.at_rate = number(v, where, key);
    else if (key == "at_faults") c.at_faults = whole(v, where, key);
    else if (key == "value") c.value = number(v, where, key);
    else if (key == "error") c.error = number(v, where, key);
    else if (key == "rounding") c.rounding = number(v, where, key);
    else if (key == "at_least") c.at_least = number(v, where, key);
    else if (key == "at_most") c.at_most = number(v, where, key);
    else if (key == "lowest_of") c.lowest_of = property_text(v, where, key);
    else if (key == "not_below") {
      const auto* arr = v.as_array();
      if (!arr) throw InputError(where + ": 'not_below' must be a list of statistics");
      for (const auto& x : *arr) c.not_below.push_back(property_text(x, where, key));
    } else if (key == "trend") {
      c.trend = property_text(v, where, key);
      if (c.trend != "rising" && c.trend != "falling")
        throw InputError(where + ": 'trend' is \"rising\" or \"falling\", got '" + c.trend + "'");
    } else if (key == "close_to") c.close_to = property_text(v, where, key);
    else if (key == "within") c.within = number(v, where, key);
    else if (key == "below_model") c.below_model = property_text(v, where, key);
    else if (key == "across") c.across = property_text(v, where, key);
    else if (key == "rank_agrees") {
      const auto* arr = v.as_array();
      if (!arr || arr->size() != 2) throw InputError(where + ": 'rank_agrees' is a list of two series suffixes");
      for (const auto& x : *arr) c.rank_agrees.push_back(property_text(x, where, key));
    }
    else if (key == "peaks_inside") {
      if (!v.is_boolean()) throw InputError(where + ": 'peaks_inside' must be true or false");
      c.peaks_inside = *v.value<bool>();
    }
    else read_study_key(c, key, v, where);
  }
  if (c.request.experiment != "completeness" && c.request.experiment != "routing" &&
      c.request.experiment != "combinations")
    throw InputError(where + ": an estimate claim names its experiment: completeness, routing or combinations, got '" +
                     c.request.experiment + "'");
  if (c.request.sampling.trials == 0) throw InputError(where + ": an estimate claim states its trials (per point)");
  if (c.statistic.empty()) throw InputError(where + ": an estimate claim names the statistic it checks");
  if (!c.value && !c.at_least && !c.at_most && !curve_statement(c))
    throw InputError(where + ": an estimate claim states what the paper says: value, at_least, at_most, lowest_of, "
                     "not_below, peaks_inside, trend, close_to, below_model or rank_agrees");
  if (c.error < 0 || c.rounding < 0) throw InputError(where + ": error and rounding are not negative");
  if (c.close_to.empty() != !c.within) throw InputError(where + ": 'close_to' and 'within' go together");
  if (c.within && *c.within < 0) throw InputError(where + ": 'within' is not negative");
  if (!c.across.empty() && c.below_model.empty()) throw InputError(where + ": 'across' names the series 'below_model' compares");
  if (!c.figure.empty() && c.plot.empty()) throw InputError(where + ": a 'figure' curve is read from the instance's 'plot' CSV: name the plot too");
  if (c.figure.empty() && (!c.figure_label.empty() || c.figure_x_scale != 1))
    throw InputError(where + ": 'figure_label' and 'figure_x_scale' describe a curve of a 'figure'");
  if (!(c.figure_x_scale > 0)) throw InputError(where + ": 'figure_x_scale' is positive");
  for (const auto& r : c.request.routings) {
    c.key += "routing=" + r + ";";
    c.key_without_best_of += "routing=" + r + ";";
  }
  return c;
}

std::shared_ptr<const StudyResult> study_for(StudyRequest q, const std::string& key,
                                             const std::shared_ptr<const Topology>& t, RunContext& ctx) {
  auto& slot = ctx.studies()[t->spec() + "|" + key];
  if (slot && slot->complete) return slot;
  if (ctx.budget()) q.sampling.deadline = std::chrono::steady_clock::now() + *ctx.budget();
  slot = std::make_shared<const StudyResult>(run_study(t, q));
  return slot;
}

std::shared_ptr<const StudyResult> study_for(const EstimateClaim& c, const std::shared_ptr<const Topology>& t,
                                             RunContext& ctx) {
  return study_for(c.request, c.key, t, ctx);
}

std::size_t point_of(const EstimateClaim& c, const StudyResult& r, const std::string& where) {
  if (!c.at_rate && !c.at_faults) {
    // One point, or a statement about the whole curve: the verdict then shows the last point's value.
    if (r.points.size() == 1 || (curve_statement(c) && !c.value && !c.at_least && !c.at_most)) return r.points.size() - 1;
  }
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    if (c.at_faults && r.points[i].faults == *c.at_faults) return i;
    if (c.at_rate && r.points[i].rate && std::abs(*r.points[i].rate - *c.at_rate) < 1e-9) return i;
  }
  throw InputError(where + ": the study has no point " +
                   (c.at_rate ? "at rate " + std::to_string(*c.at_rate)
                              : c.at_faults ? "with " + std::to_string(*c.at_faults) + " faults"
                                            : std::string("named: give at_rate or at_faults")));
}

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

std::string interval_text(const Interval& i) { return num(i.value) + " [" + num(i.low) + ", " + num(i.high) + "]"; }

// The points with an interval for the statistic (e.g. a path length needs successful runs).
std::vector<std::size_t> observed_points(const StudyResult& r, std::size_t s) {
  std::vector<std::size_t> seen;
  for (std::size_t p = 0; p < r.points.size(); ++p)
    if (r.points[p].result.tally[s].n > 1) seen.push_back(p);
  return seen;
}

// Rising or falling over the observed points.
void trend(const StudyResult& r, std::size_t s, const std::string& direction, std::vector<std::string>& lines,
           std::vector<std::string>& off) {
  const auto seen = observed_points(r, s);
  if (seen.size() < 2) {
    off.push_back("fewer than two points observed " + r.series[s].name + ": no trend to see");
    return;
  }
  const double sign = direction == "rising" ? 1 : -1;
  // a is significantly below b in the direction of the trend
  auto ahead = [&](const Interval& a, const Interval& b) { return sign > 0 ? a.high < b.low : a.low > b.high; };
  const Interval first = r.interval(seen.front(), s), last = r.interval(seen.back(), s);
  lines.push_back(r.series[s].name + " " + direction + ": " + interval_text(first) + " at " +
                  std::to_string(r.points[seen.front()].faults) + " faults, " + interval_text(last) + " at " +
                  std::to_string(r.points[seen.back()].faults));
  if (!ahead(first, last)) off.push_back(r.series[s].name + " is not significantly " + direction + " from first to last point");
  for (std::size_t i = 1; i < seen.size(); ++i)
    if (ahead(r.interval(seen[i], s), r.interval(seen[i - 1], s)))
      off.push_back(r.series[s].name + " steps back between " + std::to_string(r.points[seen[i - 1]].faults) + " and " +
                    std::to_string(r.points[seen[i]].faults) + " faults");
}

// Rises, then falls: the largest value over the points that observed the statistic.
void peaks(const StudyResult& r, std::size_t s, std::vector<std::string>& lines, std::vector<std::string>& off) {
  const auto seen = observed_points(r, s);
  if (seen.size() < 3) {
    off.push_back("fewer than three points observed " + r.series[s].name + ": no rise and fall to see");
    return;
  }
  std::size_t top = seen.front();
  for (std::size_t p : seen)
    if (r.interval(p, s).value > r.interval(top, s).value) top = p;
  const Interval first = r.interval(seen.front(), s), last = r.interval(seen.back(), s), peak = r.interval(top, s);
  lines.push_back(r.series[s].name + ": " + interval_text(first) + " at " + std::to_string(r.points[seen.front()].faults) +
                  " faults, peak " + interval_text(peak) + " at " + std::to_string(r.points[top].faults) + ", " +
                  interval_text(last) + " at " + std::to_string(r.points[seen.back()].faults));
  if (top == seen.front() || top == seen.back() || peak.low <= first.high || peak.low <= last.high)
    off.push_back(r.series[s].name + " does not rise and then fall significantly");
}

// The standard error behind a point's interval: a mean's own, a ratio's from
// its (Wilson) interval's half-width.
double standard_error_at(const StudyResult& r, std::size_t p, std::size_t s, double z) {
  if (r.series[s].kind == SeriesKind::Mean) return standard_error(r.points[p].result.tally[s]);
  const Interval i = r.interval(p, s);
  return (i.high - i.low) / (2 * z);
}

// "Almost the same" (close_to, within): the largest difference over the
// points where both series are observed, judged against the tolerance.
void close_to(const EstimateClaim& c, const StudyResult& r, std::size_t s, std::vector<std::string>& lines,
              std::vector<std::string>& off) {
  const auto o = r.find_series(c.close_to);
  if (!o) throw InputError("close_to: the study has no statistic '" + c.close_to + "'");
  const double z = normal_quantile(r.sampling.confidence);
  std::size_t compared = 0, confirmed = 0, beyond = 0, widest = 0;
  double widest_gap = -1;
  for (std::size_t p = 0; p < r.points.size(); ++p) {
    if (r.points[p].result.tally[s].n < 2 || r.points[p].result.tally[*o].n < 2) continue;
    ++compared;
    const double d = std::abs(r.interval(p, s).value - r.interval(p, *o).value);
    const double slack = z * std::hypot(standard_error_at(r, p, s, z), standard_error_at(r, p, *o, z));
    if (d + slack <= *c.within) ++confirmed;
    if (d > widest_gap) {
      widest_gap = d;
      widest = p;
    }
    if (d - slack <= *c.within) continue;
    ++beyond;
    off.push_back("with " + std::to_string(r.points[p].faults) + " faults " + r.series[s].name + " " +
                  interval_text(r.interval(p, s)) + " and " + c.close_to + " " + interval_text(r.interval(p, *o)) +
                  " differ by " + num(d) + " +- " + num(slack) + ", more than " + num(*c.within));
  }
  if (compared == 0) {
    off.push_back("no point observed both " + r.series[s].name + " and " + c.close_to);
    return;
  }
  lines.push_back("within " + num(*c.within) + " of " + c.close_to + " at " + std::to_string(compared) +
                  " points: largest difference " + num(widest_gap) + " with " + std::to_string(r.points[widest].faults) +
                  " faults; within it significantly at " + std::to_string(confirmed) + ", beyond it significantly at " +
                  std::to_string(beyond));
}

// The exact value of series s at point p, where enumeration reached it
// (completeness: series f is P(complete | f), verify/reliability.cpp; the
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

// "The random networks have a lower probability of remaining complete than the
// deterministic networks" (below_model, across): this model's series against
// the other model's, point by point.
void below_model(const EstimateClaim& c, const StudyResult& mine, std::size_t statistic, const StudyResult& other,
                 std::vector<std::string>& lines, std::vector<std::string>& off) {
  std::vector<std::size_t> series;
  if (c.across.empty()) series.push_back(statistic);
  for (std::size_t s = 0; s < mine.series.size() && !c.across.empty(); ++s)
    if (mine.series[s].name.rfind(c.across, 0) == 0) series.push_back(s);
  if (series.empty()) throw InputError("across '" + c.across + "': no series of the study starts with it");
  std::size_t compared = 0, below = 0, exactly_below = 0, equal = 0;
  for (std::size_t s : series) {
    const auto o = other.find_series(mine.series[s].name);
    if (!o) throw InputError("below_model: " + other.model + " has no statistic '" + mine.series[s].name + "'");
    for (std::size_t p = 0; p < mine.points.size() && p < other.points.size(); ++p) {
      if (mine.points[p].result.tally[s].n < 2 || other.points[p].result.tally[*o].n < 2) continue;
      ++compared;
      const Interval a = mine.interval(p, s), b = other.interval(p, *o);
      const auto ea = exact_at(mine, p, s), eb = exact_at(other, p, *o);
      const std::string at = mine.series[s].name + (mine.points.size() > 1 ? " at point " + std::to_string(p) : "");
      if (ea && eb) {
        if (*ea > *eb) off.push_back(at + ": exactly " + num(*ea) + ", above " + other.model + "'s " + num(*eb));
        exactly_below += *ea < *eb;
        equal += *ea == *eb;
        continue;
      }
      if (a.low > b.high)
        off.push_back(at + ": " + interval_text(a) + ", significantly above " + other.model + "'s " + interval_text(b));
      below += a.high < b.low;
    }
  }
  if (compared == 0) throw InputError("below_model: no point observed the series in both studies");
  lines.push_back("below " + other.model + " over " + std::to_string(compared) + " (series, point) comparisons: " +
                  std::to_string(exactly_below) + " exactly below, " + std::to_string(equal) + " exactly equal, " +
                  std::to_string(below) + " significantly below, " +
                  (off.empty() ? "none above" : std::to_string(off.size()) + " above"));
}

// "The algorithm achieves higher successful routing ratio has a longer
// routing path" (rank_agrees): refuted at a point where more pairs of routings
// are ordered oppositely than alike.
void rank_agrees(const EstimateClaim& c, const StudyResult& r, std::vector<std::string>& lines,
                 std::vector<std::string>& off) {
  const RankAgreement agreement = rank_agreement(r, c.rank_agrees[0], c.rank_agrees[1]);
  std::size_t concordant = 0, discordant = 0;
  for (const RankAgreementPoint& pt : agreement.points) {
    concordant += pt.concordant;
    discordant += pt.discordant;
    if (pt.discordant > pt.concordant)
      off.push_back("with " + std::to_string(r.points[pt.point].faults) + " faults " + std::to_string(pt.discordant) +
                    " pairs of routings are ordered oppositely, " + std::to_string(pt.concordant) + " alike (" +
                    pt.example + ")");
  }
  lines.push_back(c.rank_agrees[0] + " and " + c.rank_agrees[1] + " of " + std::to_string(agreement.routings.size()) +
                  " routings over " + std::to_string(agreement.points.size()) + " points with faults: " +
                  std::to_string(concordant) + " pairs ordered alike, " + std::to_string(discordant) +
                  " oppositely (significant in both)");
}

// Checks the statements; returns the disagreements (empty: agrees).
// value, at_least, at_most against Menger's interval i (standard error se).
void compare_number(const EstimateClaim& c, const Interval& i, double se, double z, std::vector<std::string>& lines,
                    std::vector<std::string>& off) {
  if (c.value) {
    const double allowed = z * std::sqrt(se * se + c.error * c.error) + c.rounding;
    const double gap = std::abs(i.value - *c.value);
    lines.push_back("paper " + num(*c.value) + (c.error ? " +- " + num(c.error) : "") + ", Menger " + interval_text(i) +
                    ": differ by " + num(gap) + ", allowed " + num(allowed));
    if (gap > allowed) off.push_back("the paper's " + num(*c.value) + " is outside the allowed " + num(allowed) + " of " + num(i.value));
  }
  if (c.at_least) {
    lines.push_back("paper: at least " + num(*c.at_least) + "; Menger " + interval_text(i) +
                    (i.low >= *c.at_least ? " (confirmed)" : i.high >= *c.at_least ? " (consistent)" : ""));
    if (i.high < *c.at_least) off.push_back("Menger's upper bound " + num(i.high) + " is below the paper's " + num(*c.at_least));
  }
  if (c.at_most) {
    lines.push_back("paper: at most " + num(*c.at_most) + "; Menger " + interval_text(i) +
                    (i.high <= *c.at_most ? " (confirmed)" : i.low <= *c.at_most ? " (consistent)" : ""));
    if (i.low > *c.at_most) off.push_back("Menger's lower bound " + num(i.low) + " is above the paper's " + num(*c.at_most));
  }
}

std::vector<std::string> compare(const EstimateClaim& c, const StudyResult& r, std::size_t point, std::size_t s,
                                 std::vector<std::string>& lines) {
  std::vector<std::string> off;
  const Interval i = r.interval(point, s);
  const double z = normal_quantile(r.sampling.confidence);
  compare_number(c, i, standard_error_at(r, point, s, z), z, lines, off);
  if (!c.lowest_of.empty()) {
    const std::string suffix = " " + c.lowest_of;
    std::size_t compared = 0;
    for (std::size_t p = 0; p < r.points.size(); ++p) {
      if (r.points[p].faults == 0) continue;
      const Interval mine = r.interval(p, s);
      for (std::size_t o = 0; o < r.series.size(); ++o) {
        const std::string& name = r.series[o].name;
        if (o == s || name.size() < suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
          continue;
        ++compared;
        const Interval other = r.interval(p, o);
        if (mine.low > other.high)
          off.push_back("with " + std::to_string(r.points[p].faults) + " faults " + r.series[s].name + " " +
                        interval_text(mine) + " is above " + name + " " + interval_text(other));
      }
    }
    if (compared == 0) throw InputError("lowest_of '" + c.lowest_of + "': no other series ends in '" + suffix + "'");
    lines.push_back(r.series[s].name + " against " + std::to_string(compared) + " (point, series) comparisons: " +
                    (off.empty() ? "never significantly above another" : std::to_string(off.size()) + " times above"));
  }
  for (const std::string& name : c.not_below) {
    const auto o = r.find_series(name);
    if (!o) throw InputError("not_below: the study has no statistic '" + name + "'");
    std::size_t below = 0;
    for (std::size_t p = 0; p < r.points.size(); ++p) {
      if (r.points[p].faults == 0) continue;
      const Interval mine = r.interval(p, s), other = r.interval(p, *o);
      if (mine.high < other.low) {
        ++below;
        off.push_back("with " + std::to_string(r.points[p].faults) + " faults " + r.series[s].name + " " +
                      interval_text(mine) + " is below " + name + " " + interval_text(other));
      }
    }
    lines.push_back("not below " + name + (below ? ": below at " + std::to_string(below) + " points" : ": never below"));
  }
  if (c.peaks_inside) peaks(r, s, lines, off);
  if (!c.trend.empty()) trend(r, s, c.trend, lines, off);
  if (!c.close_to.empty()) close_to(c, r, s, lines, off);
  if (!c.rank_agrees.empty()) rank_agrees(c, r, lines, off);
  return off;
}

// The instance's curve joins its figure, which is redrawn with every curve so
// far (claims run in file order, so the last instance completes it).
void add_to_figure(const EstimateClaim& c, const StudyResult& r, std::size_t s, const std::string& csv, RunContext& ctx,
                   std::vector<std::string>& lines) {
  FigureCurve curve = figure_curve(r, s, csv);
  curve.label = c.figure_label.empty() ? r.model : c.figure_label;
  if (c.figure_x_scale != 1) curve.label += " (x " + num(c.figure_x_scale) + ")";
  curve.x_scale = c.figure_x_scale;
  auto& curves = ctx.figures()[c.figure];
  curves.push_back(curve);
  for (const char* ext : {".svg", ".png"})
    plot_figure(curves, (ctx.artifacts() / (c.figure + ext)).string(), c.figure + ": " + curve.ylabel + " by " + curve.xlabel);
  lines.push_back("figure: " + c.figure + ".svg and .png, curve " + std::to_string(curves.size()) + " '" + curve.label + "'");
}

void write_artifacts(const EstimateClaim& c, const StudyResult& r, std::size_t s, RunContext& ctx,
                     std::vector<std::string>& lines) {
  if (c.plot.empty() || ctx.artifacts().empty()) return;
  std::filesystem::create_directories(ctx.artifacts());
  const std::string base = (ctx.artifacts() / c.plot).string();
  {
    std::ofstream out(base + ".csv");
    if (!out) throw InputError("cannot write " + base + ".csv");
    write_study_csv(out, r);
  }
  for (const char* ext : {".svg", ".png"}) plot_study(r, base + ".csv", base + ext, c.plot + ": " + r.experiment + " of " + r.model);
  lines.push_back("curve: " + c.plot + ".csv, .svg and .png in the artifacts folder");
  if (!c.figure.empty()) add_to_figure(c, r, s, base + ".csv", ctx, lines);
}

// ESTIMATE with Menger's interval when nothing disagrees, FAILS with the disagreements otherwise.
CheckResult conclude(const EstimateClaim& c, const Interval& i, double confidence, const std::vector<std::string>& off,
                     CheckResult out) {
  if (off.empty()) {
    out.verdict = Estimate{i.value, i.low, i.high, confidence};
    return out;
  }
  for (const auto& line : off) out.explanation.push_back("finding: " + line);
  out.verdict = Fails{nlohmann::json{{"statistic", c.statistic}, {"value", i.value}, {"low", i.low}, {"high", i.high},
                                     {"disagreements", off}}};
  return out;
}

// "The differences in expected number of tolerable faults between the best
// and worst of the ten three-stage and four-stage networks is 0.3 faults and
// 0.2 faults" (001 section 5): the best wiring's mean faults tolerated minus
// the worst's, with the standard error of a difference of two independent
// means.  The range of several estimates also holds their noise: for ten
// equally good wirings it is about 3.1 standard errors of one, which the
// explanation states beside the gap.
CheckResult check_wiring_gap(const EstimateClaim& c, const std::string& where, const StudyResult& r) {
  if (r.wirings.size() < 2) throw InputError(where + ": '" + std::string(kWiringGap) + "' needs best_of >= 2");
  if (!c.plot.empty()) throw InputError(where + ": '" + std::string(kWiringGap) + "' is one number, with no curve to plot");
  if (curve_statement(c))
    throw InputError(where + ": '" + std::string(kWiringGap) + "' is one number: compare it with value, at_least or at_most");
  const double z = normal_quantile(r.sampling.confidence);
  auto se_of = [&](const Interval& i) { return (i.high - i.low) / (2 * z); };
  auto by_value = [](const auto& a, const auto& b) { return a.second.value < b.second.value; };
  const auto& worst = *std::min_element(r.wirings.begin(), r.wirings.end(), by_value);
  const auto& best = *std::max_element(r.wirings.begin(), r.wirings.end(), by_value);
  const double gap = best.second.value - worst.second.value;
  const double se = std::hypot(se_of(best.second), se_of(worst.second));
  const Interval i{gap, gap - z * se, gap + z * se};
  CheckResult out{Holds{}, {}, study_json(r)};
  out.explanation.push_back(std::string(kWiringGap) + ": faults tolerated, best wiring minus worst of " +
                            std::to_string(r.wirings.size()) + ", " + std::to_string(r.sampling.trials) +
                            " trials each, seed " + std::to_string(r.sampling.seed) + ", " +
                            num(r.sampling.confidence * 100) + "% interval");
  for (const auto& [spec, wi] : r.wirings) out.explanation.push_back("  wiring " + spec + ": " + interval_text(wi));
  out.explanation.push_back("best " + best.first + ", worst " + worst.first + ": gap " + interval_text(i) +
                            "; noise alone would give about " + num(3.08 * se_of(best.second)) +
                            " for ten equal wirings (3.08 standard errors of one)");
  std::vector<std::string> off;
  compare_number(c, i, se, z, out.explanation, off);
  return conclude(c, i, r.sampling.confidence, off, std::move(out));
}

CheckResult check(const EstimateClaim& c, const std::string& where, const std::shared_ptr<const Topology>& t,
                  RunContext& ctx) {
  const auto study = study_for(c, t, ctx);
  const StudyResult& r = *study;
  const bool gap = c.statistic == kWiringGap;
  const auto s = gap ? std::optional<std::size_t>{} : r.find_series(c.statistic);
  if (!gap && !s) {
    std::string known;
    for (const auto& x : r.series) known += (known.empty() ? "" : "; ") + x.name;
    throw InputError(where + ": the study has no statistic '" + c.statistic + "' (it has: " + known + ")");
  }
  if (!r.complete) {  // out of time: later points may not exist; compare nothing
    std::uint64_t done = 0;
    for (const auto& pt : r.points) done += pt.result.trials;
    const double planned = double(r.sampling.trials) * double(std::max<std::size_t>(1, c.request.counts.size() + c.request.rates.size()));
    return {Unknown{"the time budget ran out during sampling (" + std::to_string(done) + " trials done)",
                    std::min(1.0, double(done) / planned)},
            {"sampling stopped by the budget after " + std::to_string(done) + " trials"},
            study_json(r)};
  }
  if (gap) return check_wiring_gap(c, where, r);
  const std::size_t p = point_of(c, r, where);
  CheckResult out{Holds{}, {}, study_json(r)};
  const auto& pt = r.points[p];
  const bool whole_curve = r.points.size() > 1 && !c.at_rate && !c.at_faults;
  out.explanation.push_back(std::string(whole_curve ? "over the whole curve; the verdict shows the last point: " : "") +
                            c.statistic + (pt.rate ? " at fault rate " + num(*pt.rate) : "") +
                            (r.experiment != "completeness" ? " (" + std::to_string(pt.faults) + " faults)" : "") + ", " +
                            std::to_string(pt.result.trials) + " trials, seed " + std::to_string(r.sampling.seed) + ", " +
                            num(r.sampling.confidence * 100) + "% interval");
  for (const auto& [spec, i] : r.wirings)
    out.explanation.push_back("  wiring " + spec + ": " + interval_text(i));
  if (pt.exact && pt.exact->values[*s])
    out.explanation.push_back("exact, every one of the " + std::to_string(pt.exact->fault_sets) +
                              " fault sets enumerated: " + num(*pt.exact->values[*s]));
  auto off = compare(c, r, p, *s, out.explanation);
  if (!c.below_model.empty()) {
    StudyRequest q = c.request;
    q.best_of = 0;  // best_of chooses this model's wiring; the other instance states its own request
    const auto other = study_for(q, c.key_without_best_of, Registry::builtin().build(c.below_model), ctx);
    if (!other->complete) return {Unknown{"the time budget ran out while sampling " + c.below_model, 0.0}, {}, study_json(r)};
    below_model(c, r, *s, *other, out.explanation, off);
  }
  write_artifacts(c, r, *s, ctx, out.explanation);
  return conclude(c, r.interval(p, *s), r.sampling.confidence, off, std::move(out));
}

}  // namespace

PropertyKind estimate_property_kind() {
  PropertyKind k;
  k.name = "estimate";
  k.description = "a paper's reliability number against Menger's Monte Carlo interval (and exact values where enumeration reaches)";
  k.prepare = [](const toml::table& prop, const std::string& where) -> Checker {
    auto claim = read(prop, where);
    return [claim, where](const std::shared_ptr<const Topology>& t, RunContext& ctx) { return check(claim, where, t, ctx); };
  };
  k.exclusive_keys = {{"at_rate", "at_faults"}};
  return k;
}

}  // namespace menger
