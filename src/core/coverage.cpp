#include "core/coverage.h"

#include <algorithm>
#include <cmath>

namespace menger {

double Coverage::fraction() const {
  if (total == 0) return 0;
  return std::min(1.0, static_cast<double>(settled) / static_cast<double>(total));
}

std::string Coverage::text() const {
  std::string t = std::to_string(settled);
  if (total != 0) {
    // Whole percent, rounded down: "100%" only when everything is settled.
    const auto percent = static_cast<unsigned>(std::floor(fraction() * 100));
    t += " of " + std::to_string(total) + " " + unit + " settled (" + std::to_string(percent) + "%)";
  } else {
    t += " " + unit + " settled";
  }
  if (!so_far.empty()) t += "; so far: " + so_far;
  if (!remains.empty()) t += "; left: " + remains;
  return t;
}

nlohmann::json to_json(const Coverage& c) {
  return {{"unit", c.unit},
          {"settled", c.settled},
          {"total", c.total ? nlohmann::json(c.total) : nlohmann::json()},
          {"fraction", c.fraction()},
          {"so_far", c.so_far},
          {"remains", c.remains}};
}

}  // namespace menger
