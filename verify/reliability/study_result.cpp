#include "verify/reliability/study_result.h"

#include <algorithm>

namespace menger {

Coverage StudyResult::coverage() const {
  Coverage c;
  c.unit = "trials";
  std::size_t finished = 0;
  for (const StudyPoint& p : points) {
    c.settled += p.result.trials;
    finished += p.result.complete;
  }
  const std::size_t planned = std::max(points_planned, points.size());
  c.total = complete ? c.settled : sampling.trials * planned;
  c.so_far = std::to_string(finished) + " of " + std::to_string(planned) + " points sampled to their stop rule";
  if (!complete) c.remains = std::to_string(planned - finished) + " points (the time budget ran out)";
  c.resumed = resumed;
  return c;
}

Interval StudyResult::interval(std::size_t point, std::size_t s) const {
  return series_interval(series[s], points[point].result.tally[s], sampling.confidence);
}

std::optional<std::size_t> StudyResult::find_series(const std::string& name) const {
  for (std::size_t i = 0; i < series.size(); ++i)
    if (series[i].name == name) return i;
  return std::nullopt;
}

}  // namespace menger
