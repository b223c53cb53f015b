// Whether two statistics order a study's routings alike: 002 section 4,
// "Generally, the algorithm achieves higher successful routing ratio has a
// longer routing path" (the estimate kind's rank_agrees statement).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "claims/reliability_study.h"

namespace menger {

struct RankAgreementPoint {
  std::size_t point = 0;           // index into StudyResult::points
  std::size_t concordant = 0;      // pairs of routings both statistics order the same way, significantly
  std::size_t discordant = 0;      // pairs they order significantly, but opposite ways
  std::string example;             // a discordant pair, in words (empty when none)
};

struct RankAgreement {
  std::vector<std::string> routings;       // the common prefixes paired
  std::vector<RankAgreementPoint> points;  // every point with faults
};

// Pairs the series named "<x> <a>" with "<x> <b>" (one x per routing).  A pair
// of routings counts at a point when both statistics order it significantly
// (disjoint intervals): concordant if the same way, discordant otherwise; a
// pair either statistic cannot order counts as neither.  Throws InputError when
// fewer than two routings have both series.
RankAgreement rank_agreement(const StudyResult& r, const std::string& a, const std::string& b);

}  // namespace menger
