// The result of a reliability study (claims/reliability_study.h runs one): per
// point, every series' tally and, where enumeration reached, exact values.  It
// is plain data over the statistics beside it, kept in verify/ so that an
// Answer (src/setup/answer.h) can hold it and the writers of src/io need nothing of src/claims.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/coverage.h"
#include "verify/route/exact_routing.h"
#include "verify/reliability/montecarlo.h"
#include "verify/reliability/reliability.h"

namespace menger {

struct StudyPoint {
  std::size_t faults = 0;
  std::optional<double> rate;
  SampleResult result;
  std::optional<ExactRouting> exact;  // routing, combinations: every series' exact value, where enumeration reached
};

struct StudyResult {
  std::string experiment, model, faults_described;
  std::uint64_t units = 0;
  std::vector<Series> series;
  std::vector<StudyPoint> points;
  std::vector<std::optional<ExactCount>> exact;          // completeness: per f, when enumerated
  std::vector<std::pair<std::string, Interval>> wirings; // best_of: each wiring's faults tolerated
  SampleOptions sampling;
  bool complete = true;  // false: the deadline cut some point short
  std::size_t points_planned = 0;  // the points the request asked for (a cut run has fewer)
  std::optional<Resumption> resumed;  // shards of trials taken from a checkpoint (core/coverage.h)
  double seconds = 0;

  // The interval of a series at a point.
  Interval interval(std::size_t point, std::size_t series) const;
  std::optional<std::size_t> find_series(const std::string& name) const;
  // How far the study got (core/coverage.h): trials run of the trials planned
  // (each point's trial count; a half-width may stop a point sooner).
  Coverage coverage() const;
};

}  // namespace menger
