// A reliability study (issue 6): one of the papers' experiments run on one
// model over a list of points, shared by `menger montecarlo` and the
// `estimate` claim kind so that both compute the same numbers the same way.
//
//   completeness  001 section 4: random component faults until the network is
//                 incomplete; P(complete | f) for f = 0..max_faults and the
//                 expected number of faults tolerated.  `best_of` N repeats it
//                 on wirings seed=1..N and keeps the best ("ten random networks
//                 were generated, and the one with the highest fault-tolerant
//                 characteristics was selected", 001 section 5).  Exact
//                 P(complete | f) by enumeration wherever C(units, f) <= exact_limit.
//   routing       002 and 004 section 4: per point, m faulty units, a random pair
//                 of healthy terminals, every routing on the same configuration.
//                 Exact values by enumeration (exact_routing.h) wherever the runs
//                 it costs are at most exact_limit.
//                 Points are fault counts, or rates of the units (m = round(rate x units),
//                 004: "20% (1152 faulty nodes)" of 5760).
//   combinations  003 section 5: per point, m faulty units; the combination is
//                 tolerated when every routing delivers every pair the faults
//                 leave connected (verify/reliability.h).  Exact fractions by
//                 enumerating every combination wherever its worst-case runs
//                 are at most exact_limit (exact_combinations).
// Trials of point m draw from streams keyed by m (montecarlo.h), so adding a
// point never changes another point's numbers.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/figure.h"
#include "core/topology.h"
#include "verify/exact_routing.h"
#include "verify/montecarlo.h"
#include "verify/reliability.h"

namespace menger {

struct StudyRequest {
  std::string experiment;              // completeness | routing | combinations
  std::string faults;                  // unit choice (fault_model.h); default: components / nodes
  std::vector<std::string> routings;   // routing: the routings compared
  std::vector<std::size_t> counts;     // routing: fault counts, or
  std::vector<double> rates;           //   fault rates in [0, 1]
  std::optional<std::size_t> max_faults;  // completeness: the curve's last f (default: all units)
  std::uint64_t best_of = 0;           // completeness: wirings seed=1..best_of, keep the best
  std::uint64_t exact_limit = 0;       // completeness: enumerate when C(units, f) <= this;
                                       // routing: when exact_routing_cost() <= this;
                                       // combinations: when exact_combinations_cost() <= this
  std::uint32_t hop_limit = 0;
  bool naive = false;                  // the blind baseline (bench/): completeness and combinations
                                       //   without their shortcuts, exact routing from every terminal
  SampleOptions sampling;              // seed, trials, half_width, confidence, deadline
};

struct StudyPoint {
  std::size_t faults = 0;
  std::optional<double> rate;
  SampleResult result;
  std::optional<ExactRouting> exact;  // routing, combinations: every series' exact value, where enumeration reached
};

struct StudyResult {
  std::string experiment, model, faults_described;
  std::uint64_t units = 0;
  std::vector<Series> series;
  std::vector<StudyPoint> points;
  std::vector<std::optional<ExactCount>> exact;          // completeness: per f, when enumerated
  std::vector<std::pair<std::string, Interval>> wirings; // best_of: each wiring's faults tolerated
  SampleOptions sampling;
  bool complete = true;  // false: the deadline cut some point short
  double seconds = 0;

  // The interval of a series at a point.
  Interval interval(std::size_t point, std::size_t series) const;
  std::optional<std::size_t> find_series(const std::string& name) const;
};

// Points of a curve: "a..b" (step 1), "a..b:step" or "x,y,z", non-negative numbers.
// Throws InputError starting with `what` (e.g. "--rates") on anything else.
std::vector<double> parse_points(const std::string& text, const std::string& what);
// A finite decimal number, the whole text; InputError starting with `what` otherwise.
double parse_number(const std::string& text, const std::string& what);

// Throws InputError on a bad request (unknown experiment, routing, fault kind, impossible counts).
StudyResult run_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& request);

// The table a person reads: one row per point (completeness: per f).
void print_study(std::ostream& out, const StudyResult& r);
// One row per point, every series' value and interval; the seed in a comment line.
void write_study_csv(std::ostream& out, const StudyResult& r);
nlohmann::json study_json(const StudyResult& r);
// Writes a gnuplot script beside `csv_path` and runs gnuplot to draw `image_path`
// (.svg or .png).  Throws InputError if gnuplot is missing or fails.
void plot_study(const StudyResult& r, const std::string& csv_path, const std::string& image_path,
                const std::string& title);
// The curve of series `s` in the CSV file write_study_csv wrote for `r`
// (completeness: P(complete) by faults; s is then ignored).
FigureCurve figure_curve(const StudyResult& r, std::size_t s, const std::string& csv_path);
// Draws the curves on one plot, each with its interval, the same way as plot_study.
void plot_figure(const std::vector<FigureCurve>& curves, const std::string& image_path, const std::string& title);

}  // namespace menger
