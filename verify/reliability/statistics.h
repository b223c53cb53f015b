// Confidence intervals for Monte Carlo estimates (DESIGN.md "Monte Carlo").
//
// Ratios (a success count out of n trials) get the Wilson score interval
// (Wilson 1927; Brown, Cai and DasGupta 2001 recommend it over the normal
// interval because it stays inside [0, 1] and keeps its coverage near 0 and 1,
// where the papers' ratios live: "over 99.9%").  Means get the normal interval
// mean +- z * s / sqrt(n) with the sample standard deviation s.
#pragma once

#include <cstdint>

namespace menger {

// Running sums of one observed quantity.  Merging two accumulators in a fixed
// order gives the same bits whatever thread filled each one.
struct Accumulator {
  std::uint64_t n = 0;
  double sum = 0, sum_squares = 0;
  void add(double x) {
    ++n;
    sum += x;
    sum_squares += x * x;
  }
  void merge(const Accumulator& o) {
    n += o.n;
    sum += o.sum;
    sum_squares += o.sum_squares;
  }
  double mean() const { return n ? sum / static_cast<double>(n) : 0; }
};

struct Interval {
  double value = 0, low = 0, high = 0;
  double half_width() const { return (high - low) / 2; }
};

// The two-sided standard normal quantile for a confidence level in (0, 1),
// e.g. 1.95996... for 0.95.  Throws InputError outside (0, 1).
double normal_quantile(double confidence);

// Wilson score interval for `successes` out of `n` (n = 0: [0, 1]).
Interval wilson_interval(std::uint64_t successes, std::uint64_t n, double confidence);

// Normal interval for the mean of the accumulated values (n < 2: the mean, unbounded width 0..inf
// is reported as low = -inf, high = +inf).
Interval mean_interval(const Accumulator& a, double confidence);
double standard_error(const Accumulator& a);

}  // namespace menger
