// Plots of reliability studies through gnuplot (gnuplot.h): one study's
// curves with their intervals, and combined figures that draw curves of
// several studies on one plot (001 Figure 7), each curve read from the CSV
// file its study wrote (study_output.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "io/figure.h"
#include "verify/reliability/study_result.h"

namespace menger {

// Writes a gnuplot script beside `csv_path` and runs gnuplot to draw `image_path`
// (.svg or .png).  Throws InputError if gnuplot is missing or fails.
void plot_study(const StudyResult& r, const std::string& csv_path, const std::string& image_path,
                const std::string& title);
// The curve of series `s` in the CSV file write_study_csv wrote for `r`
// (completeness: P(complete) by faults; s is then ignored).
FigureCurve figure_curve(const StudyResult& r, std::size_t s, const std::string& csv_path);
// Draws the curves on one plot, each with its interval, the same way as plot_study.
// Throws InputError for no curve or curves of different quantities.
void plot_figure(const std::vector<FigureCurve>& curves, const std::string& image_path, const std::string& title);
// Figure `name` as name.svg and name.png in `folder`, its curves sorted by
// label, then CSV file: the same picture whatever order they were added in.
void draw_figure(const std::string& name, std::vector<FigureCurve> curves, const std::filesystem::path& folder);

}  // namespace menger
