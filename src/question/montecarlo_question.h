// The montecarlo question (src/claims/reliability_study.h): one of the
// papers' reliability experiments on one model, with confidence intervals and
// exact values where enumeration reaches.  Declared once here
// (src/question/field.h says what comes from the declaration).  The model and
// the routings compared are the subject, not fields: the CLI takes them as
// the spec and --routing, a claim as its [model] table and `routings` key,
// Python as objects.  A claim states what the paper says about the result
// (claims/estimate_kind.cpp); the CLI alone writes CSV files and plots.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "question/field.h"

namespace menger {

struct MonteCarloQuestion {
  static constexpr const char* kVerb = "montecarlo";
  static constexpr const char* kAbout =
      "A reliability experiment of the papers on one model: estimates with confidence intervals, and exact values "
      "where enumeration reaches.";

  std::string experiment;
  std::optional<std::string> faults;
  std::optional<std::string> counts;
  std::optional<std::string> rates;
  std::optional<std::uint64_t> max_faults;
  std::uint64_t best_of = 0;
  std::uint64_t exact_limit = 200'000;
  std::optional<std::uint32_t> hop_limit;
  std::optional<std::string> choices;
  std::uint64_t trials = 10'000;
  std::uint64_t seed = 1;
  std::optional<double> half_width;
  double confidence = 0.95;
  bool naive = false;
  std::string checkpoint;
  bool recheck_resumed = false;

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    constexpr std::uint64_t kAny = std::numeric_limits<std::uint64_t>::max();
    constexpr std::uint64_t kMostTrials = (std::uint64_t{1} << 40) - 1;  // verify/reliability/montecarlo.h: trial streams
    v(q.experiment, Field("experiment", "completeness (001 section 4), routing (002, 004 section 4) or combinations "
                                        "(003 section 5)")
                        .one_of({"completeness", "routing", "combinations"})
                        .needed_in(kEveryFront));
    v(q.faults, Field("faults", "fault units: nodes | switches | links | switch-links | components")
                    .defaults_to("components for completeness, else nodes"));
    v(q.counts, Field("counts", "routing, combinations: the points as fault counts, \"a..b[:step]\" or \"x,y,z\"")
                    .lists_points("whole"));
    v(q.rates, Field("rates", "routing, combinations: the points as fault rates of the units, \"a..b[:step]\" or "
                              "\"x,y,z\"")
                   .lists_points("number"));
    v(q.max_faults,
      Field("max_faults", "completeness: the curve's last fault count").range(1, kAny).defaults_to("every unit"));
    v(q.best_of, Field("best_of", "completeness: try wirings seed=1..N of a random model and keep the best "
                                  "(001 section 5; 0: the model as given)")
                     .range(0, kAny));
    v(q.exact_limit, Field("exact_limit", "also count exactly where that costs at most this: completeness, "
                                          "C(units, f) fault sets; routing and combinations, routing runs over every "
                                          "fault set and pair (0: never)")
                         .range(0, kAny));
    v(q.hop_limit, Field("hop_limit", "routing: livelock guard of the routed trials")
                       .range(1, 999'999'999)
                       .defaults_to(kDefaultHopLimitText));
    v(q.choices, Field("choices", "routing, combinations: how an adaptive routing's choices are read: every (every "
                                  "choice must deliver) or some (some choice sequence delivers)")
                     .one_of({"every", "some"})
                     .defaults_to("every"));
    v(q.trials, Field("trials", "trials per point (at most); a claim gives the paper's own count")
                    .range(1, kMostTrials)
                    .needed_in(kClaim));
    v(q.seed, Field("seed", "random seed (results depend only on it, not on the thread or rank count)").range(0, kAny));
    v(q.half_width, Field("half_width", "stop a point once every ratio's interval is this tight")
                        .between(0, 1, true)
                        .defaults_to("none: every trial"));
    v(q.confidence, Field("confidence", "confidence level of the intervals and judgements").between(0, 1, true));
    v(q.naive, Field("naive", "the blind baseline for bench/: completeness, a search per source after every fault; "
                              "combinations, every pair of every combination routed (no memo); exact routing values, "
                              "every terminal a source (no symmetry)")
                   .in(kCli));
    checkpoint_fields(v, q.checkpoint, q.recheck_resumed, {"", "trials", "shard", 0, ""});
  }
};

}  // namespace menger
