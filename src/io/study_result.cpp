#include "io/study_result.h"

namespace menger {

Interval StudyResult::interval(std::size_t point, std::size_t s) const {
  return series_interval(series[s], points[point].result.tally[s], sampling.confidence);
}

std::optional<std::size_t> StudyResult::find_series(const std::string& name) const {
  for (std::size_t i = 0; i < series.size(); ++i)
    if (series[i].name == name) return i;
  return std::nullopt;
}

}  // namespace menger
