#include "io/study_plot.h"

#include <algorithm>
#include <sstream>
#include <tuple>

#include "core/error.h"
#include "io/gnuplot.h"

namespace menger {

namespace {

std::string terminal_for(const std::string& image) {
  const std::string ext = std::filesystem::path(image).extension().string();
  if (ext == ".svg") return "svg size 900,560 dynamic";
  if (ext == ".png") return "pngcairo size 1200,700";
  throw InputError("a plot is an .svg or a .png file, got " + image);
}

// What every plot script starts with: the terminal, the output, CSV input.
void preamble(std::ostream& g, const std::string& image) {
  g << "set terminal " << terminal_for(image) << "\nset output " << gnuplot_quoted(image) << "\n"
    << "set datafile separator ','\nset key below\nset grid\n";
}

// A plot element: column `col`'s exact values as open circles; an empty cell
// reads as NaN (x != x), so only enumerated points are drawn.
std::string exact_points(const std::string& x, std::size_t col) {
  const std::string c = "$" + std::to_string(col);
  return "'' using " + x + ":(" + c + " == " + c + " ? " + c + " : 1/0) with points pt 6";
}

std::string x_label(const StudyResult& r) { return r.points.front().rate ? "'fault rate'" : "'faults'"; }

// P(complete | f), sampled with its interval and exact where enumerated (001 Figure 7).
void completeness_script(std::ostream& g, const StudyResult& r, const std::string& csv, const std::string& title) {
  g << "set title " << gnuplot_quoted(title) << " noenhanced\nset xlabel 'component faults'\n"
    << "set ylabel 'P(network complete)'\nset yrange [0:1.02]\n"
    << "plot " << gnuplot_quoted(csv) << " using 1:2:3:4 with yerrorlines title 'sampled (" << r.sampling.confidence * 100
    << "% Wilson)', " << exact_points("1", 5) << " title 'exact'\n";
}

// The fraction of combinations tolerated, one curve per routing (003 section 5).
void combinations_script(std::ostream& g, const StudyResult& r, const std::string& csv, const std::string& title) {
  const std::string x = r.points.front().rate ? "2" : "1";
  g << "set title " << gnuplot_quoted(title) << " noenhanced\nset xlabel " << x_label(r)
    << "\nset ylabel 'fault combinations tolerated'\nset yrange [0:1.02]\nplot ";
  for (std::size_t s = 0; s < r.series.size(); ++s)
    g << (s ? ", " : "") << gnuplot_quoted(csv) << " using " << x << ":" << 4 + 3 * s << ":" << 5 + 3 * s << ":" << 6 + 3 * s
      << " with yerrorlines title " << gnuplot_quoted(r.series[s].name) << " noenhanced";
  g << "\n";
}

// One panel: the series of one kind (ratios or path lengths).
void routing_panel(std::ostream& g, const StudyResult& r, const std::string& csv, SeriesKind kind,
                   const std::string& ylabel) {
  const std::string x = r.points.front().rate ? "2" : "1";
  g << "set ylabel " << gnuplot_quoted(ylabel) << "\nplot ";
  bool first = true;
  for (std::size_t s = 0; s < r.series.size(); ++s) {
    if (r.series[s].kind != kind) continue;
    const std::size_t col = 4 + 3 * s;  // faults, rate, trials, then value/low/high per series
    // One colour per routing in both panels (series 1 + 2r and 2 + 2r); "pair connected" is colour 1.
    const std::size_t colour = s == 0 ? 1 : (s - 1) / 2 + 2;
    g << (first ? "" : ", ") << gnuplot_quoted(csv) << " using " << x << ":" << col << ":" << col + 1 << ":" << col + 2
      << " with yerrorlines lc " << colour << " pt " << colour << " title " << gnuplot_quoted(r.series[s].name)
      << " noenhanced";
    first = false;
  }
  g << "\n";
}

// Success ratios beside path lengths (002 Figures 6 and 7, 004 Figures 13 and 14).
void routing_script(std::ostream& g, const StudyResult& r, const std::string& csv, const std::string& title) {
  g << "set multiplot layout 1,2 title " << gnuplot_quoted(title) << " noenhanced\n"
    << "set xlabel " << x_label(r) << "\n";
  // Both panels keep room below for the left one's key, so that their axes line up.
  const auto key_lines =
      std::count_if(r.series.begin(), r.series.end(), [](const Series& one) { return one.kind == SeriesKind::Ratio; });
  g << "set bmargin " << key_lines + 4 << "\nset yrange [0:1.02]\n";
  routing_panel(g, r, csv, SeriesKind::Ratio, "ratio");
  g << "set autoscale y\nunset key\n";  // one key, below the left panel: the colours are the same
  routing_panel(g, r, csv, SeriesKind::Mean, "path length (successful runs), colours as on the left");
  g << "unset multiplot\n";
}

void study_script(std::ostream& g, const StudyResult& r, const std::string& csv, const std::string& image,
                  const std::string& title) {
  preamble(g, image);
  if (r.experiment == "completeness") completeness_script(g, r, csv, title);
  else if (r.experiment == "combinations") combinations_script(g, r, csv, title);
  else routing_script(g, r, csv, title);
}

void check_one_quantity(const std::vector<FigureCurve>& curves, const std::string& title) {
  if (curves.empty()) throw InputError("figure " + title + " has no curve");
  for (const FigureCurve& c : curves)
    if (c.xlabel != curves.front().xlabel || c.ylabel != curves.front().ylabel)
      throw InputError("figure " + title + " mixes '" + curves.front().ylabel + "' by " + curves.front().xlabel +
                       " with '" + c.ylabel + "' by " + c.xlabel);
}

void figure_script(std::ostream& g, const std::vector<FigureCurve>& curves, const std::string& image,
                   const std::string& title) {
  const bool scaled = std::any_of(curves.begin(), curves.end(), [](const FigureCurve& c) { return c.x_scale != 1; });
  preamble(g, image);
  g << "set title " << gnuplot_quoted(title) << " noenhanced\n"
    << "set xlabel " << gnuplot_quoted(curves.front().xlabel + (scaled ? " (scaled where the key says)" : "")) << "\n"
    << "set ylabel " << gnuplot_quoted(curves.front().ylabel) << "\n"
    << (curves.front().ylabel.rfind("path length", 0) == 0 ? "set autoscale y\n" : "set yrange [0:1.02]\n") << "plot ";
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const FigureCurve& c = curves[i];
    std::ostringstream x;
    x << "($" << c.x_column << "*" << c.x_scale << ")";
    g << (i ? ", " : "") << gnuplot_quoted(c.csv) << " using " << x.str() << ":" << c.y_column << ":" << c.y_column + 1
      << ":" << c.y_column + 2 << " with yerrorlines lc " << i + 1 << " title " << gnuplot_quoted(c.label) << " noenhanced";
    if (c.exact_column)
      g << ", " << exact_points(x.str(), c.exact_column) << " lc " << i + 1 << " title "
        << gnuplot_quoted(c.label + " exact") << " noenhanced";
  }
  g << "\n";
}

}  // namespace

void plot_study(const StudyResult& r, const std::string& csv_path, const std::string& image_path,
                const std::string& title) {
  run_gnuplot(image_path + ".gp", image_path,
              [&](std::ostream& g) { study_script(g, r, csv_path, image_path, title); });
}

FigureCurve figure_curve(const StudyResult& r, std::size_t s, const std::string& csv_path) {
  FigureCurve c;
  c.csv = csv_path;
  if (r.experiment == "completeness") {
    c.xlabel = "component faults";
    c.ylabel = "P(network complete)";
    c.exact_column = 5;
    return c;  // columns faults, complete, low, high, exact
  }
  const bool by_rate = r.points.front().rate.has_value();
  c.xlabel = by_rate ? "fault rate" : "faults";
  c.ylabel = r.series.at(s).kind == SeriesKind::Mean ? "path length (successful runs)" : "ratio";
  c.x_column = by_rate ? 2 : 1;
  c.y_column = 4 + 3 * s;  // faults, rate, trials, then value/low/high per series
  c.exact_column = 4 + 3 * r.series.size() + s;  // then the exact value per series
  return c;
}

void plot_figure(const std::vector<FigureCurve>& curves, const std::string& image_path, const std::string& title) {
  check_one_quantity(curves, title);
  run_gnuplot(image_path + ".gp", image_path, [&](std::ostream& g) { figure_script(g, curves, image_path, title); });
}

void draw_figure(const std::string& name, std::vector<FigureCurve> curves, const std::filesystem::path& folder) {
  std::sort(curves.begin(), curves.end(), [](const FigureCurve& a, const FigureCurve& b) {
    return std::tie(a.label, a.csv) < std::tie(b.label, b.csv);
  });
  check_one_quantity(curves, name);
  const std::string title = name + ": " + curves.front().ylabel + " by " + curves.front().xlabel;
  for (const char* ext : {".svg", ".png"}) plot_figure(curves, (folder / (name + ext)).string(), title);
}

}  // namespace menger
