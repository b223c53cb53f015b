#include "claims/estimate_artifacts.h"

#include <filesystem>
#include <fstream>

#include "claims/estimate_statements.h"
#include "core/error.h"
#include "io/study_output.h"
#include "io/study_plot.h"

namespace menger {

std::vector<PropertyKey> curve_output_keys() {
  return {
      text_key("plot", "name of the curve's CSV, SVG and PNG under the artifacts folder"),
      text_key("figure", "also a curve of this combined figure, drawn after the last claim with every instance "
                         "naming it").only_with("plot"),
      text_key("figure_label", "the curve's key in the figure", false, "the model").only_with("figure"),
      number_key("figure_x_scale", "x multiplied by this in the figure (001 normalises the replicated network's "
                                   "half-size routers)", above(0), "1").only_with("figure"),
  };
}

CurveOutputs read_curve_outputs(const PropertyValues& v) {
  return {v.text("plot").value_or(""), v.text("figure").value_or(""), v.text("figure_label").value_or(""),
          v.number("figure_x_scale").value_or(1)};
}

namespace {

// The instance's curve joins its figure, drawn after the last claim.
void add_to_figure(const CurveOutputs& o, const StudyResult& r, std::size_t s, const std::string& csv, RunContext& ctx,
                   std::vector<std::string>& lines) {
  FigureCurve curve = figure_curve(r, s, csv);
  curve.label = o.label.empty() ? r.model : o.label;
  if (o.x_scale != 1) curve.label += " (x " + num(o.x_scale) + ")";
  curve.x_scale = o.x_scale;
  lines.push_back("figure: " + o.figure + ".svg and .png, curve '" + curve.label + "'");
  ctx.add_figure_curve(o.figure, std::move(curve));
}

}  // namespace

void write_curve_outputs(const CurveOutputs& o, const StudyResult& r, std::size_t s, RunContext& ctx,
                         std::vector<std::string>& lines) {
  if (o.plot.empty() || ctx.artifacts().empty()) return;
  std::filesystem::create_directories(ctx.artifacts());
  const std::string base = (ctx.artifacts() / o.plot).string();
  {
    std::ofstream out(base + ".csv");
    if (!out) throw InputError("cannot write " + base + ".csv");
    write_study_csv(out, r);
  }
  for (const char* ext : {".svg", ".png"}) plot_study(r, base + ".csv", base + ext, o.plot + ": " + r.experiment + " of " + r.model);
  lines.push_back("curve: " + o.plot + ".csv, .svg and .png in the artifacts folder");
  if (!o.figure.empty()) add_to_figure(o, r, s, base + ".csv", ctx, lines);
}

}  // namespace menger
