// What an estimate instance draws: its study's curve as CSV, SVG and PNG under
// the artifacts folder (`plot`), and optionally a curve of a combined figure
// that several instances share (`figure`, 001 Figure 7).  The figure itself is
// drawn once, after the last claim (runner.cpp), so it does not depend on the
// order the claims ran in.
#pragma once

#include <string>
#include <vector>

#include "claims/property.h"
#include "claims/property_keys.h"
#include "verify/reliability/study_result.h"

namespace menger {

struct CurveOutputs {
  std::string plot, figure, label;  // label: the figure's key for this curve ("" the model)
  double x_scale = 1;               // 001 normalises the replicated network's half-size routers
};

std::vector<PropertyKey> curve_output_keys();
CurveOutputs read_curve_outputs(const PropertyValues& v);
// Writes the plot of series `s` and adds its figure curve, with a line each;
// nothing without a plot or an artifacts folder.
void write_curve_outputs(const CurveOutputs& o, const StudyResult& r, std::size_t s, RunContext& ctx,
                         std::vector<std::string>& lines);

}  // namespace menger
