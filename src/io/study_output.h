// A reliability study's views (STYLE.md point 7): the table a person reads,
// the CSV its plots and figures read, and the JSON a claim's details carry.
// All three are deterministic: the same study gives the same bytes.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "verify/reliability/study_result.h"

namespace menger {

// The table a person reads: one row per point (completeness: per f).
void print_study(std::ostream& out, const StudyResult& r);
// One row per point, every series' value and interval; the seed in a comment line.
void write_study_csv(std::ostream& out, const StudyResult& r);
nlohmann::json study_json(const StudyResult& r);

}  // namespace menger
