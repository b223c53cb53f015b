// Two views of one ProveReport (STYLE.md point 7): a table for people and JSON
// for machines.  Both are deterministic; timings can be left out so that the
// same inputs give the same bytes.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "claims/runner.h"

namespace menger {

struct ReportOptions {
  bool timing = true;
  bool verbose = false;  // explain HOLDS instances too
  std::optional<std::chrono::seconds> budget;
};

void print_report(std::ostream& out, const ProveReport& r, const ReportOptions& opts);
nlohmann::json report_json(const ProveReport& r, const ReportOptions& opts);

}  // namespace menger
