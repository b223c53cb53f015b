#include "verify/reliability/statistics.h"

#include <cmath>
#include <limits>

#include <boost/math/distributions/normal.hpp>

#include "core/error.h"

namespace menger {

double normal_quantile(double confidence) {
  if (!(confidence > 0 && confidence < 1))
    throw InputError("confidence must lie strictly between 0 and 1, got " + std::to_string(confidence));
  return boost::math::quantile(boost::math::normal(), 0.5 + confidence / 2);
}

Interval wilson_interval(std::uint64_t successes, std::uint64_t n, double confidence) {
  if (n == 0) return {0, 0, 1};
  const double z = normal_quantile(confidence), nn = static_cast<double>(n);
  const double p = static_cast<double>(successes) / nn, z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  // At p = 0 or 1 the bound is exactly 0 or 1; rounding must not put it outside.
  return {p, successes == 0 ? 0.0 : std::max(0.0, centre - half), successes == n ? 1.0 : std::min(1.0, centre + half)};
}

double standard_error(const Accumulator& a) {
  if (a.n < 2) return std::numeric_limits<double>::infinity();
  const double n = static_cast<double>(a.n), mean = a.sum / n;
  const double variance = std::max(0.0, (a.sum_squares - n * mean * mean) / (n - 1));
  return std::sqrt(variance / n);
}

Interval mean_interval(const Accumulator& a, double confidence) {
  const double z = normal_quantile(confidence), mean = a.mean();
  if (a.n < 2) return {mean, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  const double half = z * standard_error(a);
  return {mean, mean - half, mean + half};
}

}  // namespace menger
