#include "claims/estimate_study.h"

#include <cmath>
#include <limits>

#include "core/error.h"
#include "question/field.h"

namespace menger {

namespace {

constexpr std::uint64_t kMany = 1'000'000'000'000;  // a bound no real study reaches

// Fault counts: points that are whole numbers.
std::vector<std::size_t> whole_points(const std::string& text, const std::string& where) {
  std::vector<std::size_t> counts;
  for (double x : parse_points(text, where + ": 'counts'")) {
    if (x != std::floor(x)) throw InputError(where + ": 'counts' are whole numbers, got " + std::to_string(x));
    counts.push_back(static_cast<std::size_t>(x));
  }
  return counts;
}

}  // namespace

std::vector<PropertyKey> study_keys() {
  const std::string points = "\"a..b[:step]\" or \"x,y,z\"";
  return {
      text_key("experiment", "completeness (001 section 4), routing (002, 004) or combinations (003 section 5)", true)
          .one_of({"completeness", "routing", "combinations"}),
      fault_units_key("fault units", false, "components for completeness, else nodes"),
      list_key("routings", "routing specs compared on the same configurations (routing, combinations)", 1,
               std::numeric_limits<std::uint64_t>::max()),
      text_key("rates", "the points as fault rates of the units, " + points),
      text_key("counts", "the points as fault counts, " + points),
      count_key("best_of", "completeness: wirings seed=1..N of a random model, the best kept (001 section 5)", 0, kMany,
                "0: the model as given"),
      count_key("max_faults", "completeness: the curve's last fault count", 0, kMany, "every unit"),
      count_key("exact_limit", "also enumerate where that costs at most this (completeness: fault sets; routing and "
                               "combinations: worst-case runs)", 0, kMany, "0: never"),
      count_key("hop_limit", "livelock guard of the routed trials", 1, 999'999'999, question::kDefaultHopLimitText),
      count_key("trials", "per point; the paper's own count where it gives one", 1, kMany, "").needed(),
      count_key("seed", "random seed of the trials", 0, kMany, "1"),
      number_key("confidence", "confidence level of the intervals and judgements", between(0, 1, true), "0.95"),
  };
}

std::vector<KeyChoice> study_choices() { return {KeyChoice({"rates", "counts"}, Choose::AtMostOne)}; }

StudyRequest read_study_request(const PropertyValues& v, const std::string& where) {
  StudyRequest q;
  q.experiment = *v.text("experiment");
  q.faults = v.text("faults").value_or("");
  q.routings = v.list("routings").value_or(std::vector<std::string>{});
  if (auto rates = v.text("rates")) q.rates = parse_points(*rates, where + ": 'rates'");
  if (auto counts = v.text("counts")) q.counts = whole_points(*counts, where);
  if (auto last = v.count("max_faults")) q.max_faults = *last;
  q.best_of = v.count("best_of").value_or(0);
  q.exact_limit = v.count("exact_limit").value_or(0);
  q.hop_limit = static_cast<std::uint32_t>(v.count("hop_limit").value_or(0));
  q.sampling.trials = *v.count("trials");
  q.sampling.seed = v.count("seed").value_or(1);
  q.sampling.confidence = v.number("confidence").value_or(0.95);
  return q;
}

}  // namespace menger
