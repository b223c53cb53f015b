// Combined figures (io/study_plot.h) and gnuplot (io/gnuplot.h): a figure is
// drawn once after the last claim, the same whatever order the claims ran in;
// one that mixes quantities is a run error; a missing gnuplot is one clear
// error naming the image.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "claims/report.h"
#include "claims/runner.h"
#include "core/error.h"
#include "io/gnuplot.h"
#include "io/study_plot.h"
#include "scratch_dir.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

class FiguresTest : public ::testing::Test {
 protected:
  testing::ScratchDir scratch{"menger_figures_"};
  const fs::path dir = scratch.path();

  // A claim file with one estimate instance whose curve joins figure "fig".
  fs::path claim(const std::string& name, const std::string& model, const std::string& study, const std::string& label) {
    const fs::path file = dir / (name + ".toml");
    std::ofstream(file) << "title = 't'\nstatement = 's'\n[source]\npaper = '001'\nwhere = 'Figure 7'\n"
                        << "[property]\nkind = 'estimate'\n" << study << "at_least = '0'\nplot = '" << name
                        << "'\nfigure = 'fig'\nfigure_label = '" << label << "'\n"
                        << "[[instance]]\nmodel = '" << model << "'\nexpect = 'estimate'\n";
    return file;
  }
  ProveReport run(const std::vector<fs::path>& files) {
    ProveOptions o;
    o.artifacts = dir / "art";
    return prove(files, o);
  }
  std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
};

const char* const kCompleteness = "experiment = 'completeness'\ntrials = 200\nstatistic = 'faults tolerated'\n";

TEST_F(FiguresTest, AFigureDoesNotDependOnClaimOrder) {
  const fs::path a = claim("a", "min(stages=3, radix=4, wiring=replicated)", kCompleteness, "replicated");
  const fs::path b = claim("b", "min(stages=3, radix=4, wiring=deterministic)", kCompleteness, "deterministic");
  const ProveReport ab = run({a, b});
  ASSERT_EQ(ab.errors(), 0u);
  const std::string script = read(dir / "art" / "fig.svg.gp");
  const ProveReport ba = run({b, a});
  ASSERT_EQ(ba.errors(), 0u);
  EXPECT_EQ(read(dir / "art" / "fig.svg.gp"), script);
  // Sorted by label: deterministic is the first curve, whichever claim ran first.
  EXPECT_LT(script.find("title 'deterministic'"), script.find("title 'replicated'")) << script;
  EXPECT_NE(script.find("lc 1 title 'deterministic'"), std::string::npos) << script;
  // The explanation does not number the curve: it is the same in both runs.
  EXPECT_EQ(ab.claims[0].instances[0].result->explanation, ba.claims[1].instances[0].result->explanation);
}

TEST_F(FiguresTest, AFigureMixingQuantitiesIsARunError) {
  const fs::path a = claim("a", "min(stages=3, radix=4, wiring=deterministic)", kCompleteness, "complete");
  const fs::path b = claim("b", "mikant(3,3)",
                           "experiment = 'routing'\nfaults = 'links'\nroutings = ['mikant-shortest']\ncounts = '0..2'\nat_faults = 2\n"
                           "trials = 50\nstatistic = 'mikant-shortest success'\n",
                           "routed");
  const ProveReport r = run({a, b});
  for (const auto& c : r.claims) ASSERT_TRUE(c.instances.at(0).result) << c.instances.at(0).error;
  ASSERT_EQ(r.figure_errors.size(), 1u);
  EXPECT_NE(r.figure_errors[0].find("figure fig: "), std::string::npos) << r.figure_errors[0];
  EXPECT_NE(r.figure_errors[0].find(" mixes "), std::string::npos) << r.figure_errors[0];
  EXPECT_EQ(r.errors(), 1u);
  EXPECT_FALSE(r.all_as_expected());
  std::ostringstream text;
  print_report(text, r, {});
  EXPECT_NE(text.str().find("ERROR figure fig: "), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("1 figure not drawn"), std::string::npos) << text.str();
  EXPECT_EQ(report_json(r, {})["figure_errors"].size(), 1u);
}

// PATH set to an empty folder for the test's scope.
class EmptyPath {
 public:
  explicit EmptyPath(const fs::path& empty) : saved_(std::getenv("PATH") ? std::getenv("PATH") : "") {
    fs::create_directories(empty);
    ::setenv("PATH", empty.c_str(), 1);
  }
  ~EmptyPath() { ::setenv("PATH", saved_.c_str(), 1); }

 private:
  std::string saved_;
};

TEST_F(FiguresTest, AMissingGnuplotIsOneClearError) {
  std::vector<FigureCurve> curves(1);
  curves[0].xlabel = "faults";
  curves[0].ylabel = "ratio";
  curves[0].csv = (dir / "c.csv").string();
  const std::string image = (dir / "x.svg").string();
  EmptyPath path(dir / "empty");
  EXPECT_FALSE(find_gnuplot());
  try {
    plot_figure(curves, image, "x");
    FAIL() << "plot_figure drew without gnuplot";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cannot draw " + image + ": gnuplot is not on PATH"), std::string::npos) << what;
    EXPECT_NE(what.find("gnuplot-nox"), std::string::npos) << what;
  }
  EXPECT_FALSE(fs::exists(image + ".gp"));  // nothing written before the check
}

TEST_F(FiguresTest, GnuplotIsFoundOnPath) {
  const auto found = find_gnuplot();
  ASSERT_TRUE(found) << "gnuplot is a build dependency (Debian package gnuplot-nox)";
  EXPECT_EQ(fs::path(*found).filename(), "gnuplot");
}

}  // namespace
}  // namespace menger
