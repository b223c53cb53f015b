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
  if (resumed) t += "; resumed: " + resumed->text();
  return t;
}

std::string Resumption::text() const {
  std::string t = std::to_string(taken) + " " + unit + " taken from checkpoint " + file;
  if (taken == 0) return t;
  if (rechecked == taken) return t + ", each re-run and found equal (--recheck-resumed)";
  if (rechecked > 0) t += ", " + std::to_string(rechecked) + " of them re-run and found equal";
  if (!checked.empty()) t += "; re-checked: " + checked;
  if (!trusted.empty()) t += "; taken on trust: " + trusted + " (--recheck-resumed re-runs them)";
  return t;
}

nlohmann::json to_json(const Resumption& r) {
  return {{"file", r.file},       {"unit", r.unit},       {"taken", r.taken},
          {"rechecked", r.rechecked}, {"checked", r.checked}, {"trusted", r.trusted}};
}

nlohmann::json to_json(const Coverage& c) {
  return {{"unit", c.unit},
          {"settled", c.settled},
          {"total", c.total ? nlohmann::json(c.total) : nlohmann::json()},
          {"fraction", c.fraction()},
          {"so_far", c.so_far},
          {"remains", c.remains},
          {"resumed", c.resumed ? to_json(*c.resumed) : nlohmann::json()}};
}

}  // namespace menger
