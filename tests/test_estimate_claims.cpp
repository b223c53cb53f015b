// The `estimate` claim kind: a paper's number beside Menger's interval.  The
// expected values come from exact enumeration in the test, not from constants.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "claims/reliability_study.h"
#include "claims/runner.h"
#include "core/error.h"
#include "models/registry.h"
#include "verify/reliability/reliability.h"
#include "scratch_dir.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

class EstimateClaimsTest : public ::testing::Test {
 protected:
  testing::ScratchDir scratch{"menger_estimate_"};
  const fs::path dir = scratch.path();
  ProveReport run_claim(const std::string& property, ProveOptions opts = {},
                        const std::string& model = "min(stages=3, radix=4, wiring=deterministic)") {
    std::ofstream(dir / "c.toml") << "title = \"t\"\nstatement = \"s\"\n[source]\npaper = \"001\"\nwhere = \"Table 1\"\n"
                                  << "[property]\nkind = \"estimate\"\n" << property << "\n[[instance]]\nmodel = \""
                                  << model << "\"\nexpect = \"estimate\"\n";
    return prove({dir / "c.toml"}, opts);
  }
  static const InstanceOutcome& only(const ProveReport& r) { return r.claims.at(0).instances.at(0); }
};

double exact_p4() {
  const Network net(Registry::builtin().build("min(stages=3, radix=4, wiring=deterministic)"));
  FaultModelSpec s;
  s.units = UnitChoice::Components;
  s.pairs = PairChoice::InputsToOutputs;
  const FaultModel m(net, s);
  return exact_completeness(m, 4, 1'000'000).ratio();
}

const char* const kStudy = "experiment = \"completeness\"\ntrials = 20000\nmax_faults = 6\nstatistic = \"complete with 4 faults\"\n";

TEST_F(EstimateClaimsTest, AgreesWithTheExactValueAndRefutesAWrongOne) {
  const double p = exact_p4();
  ProveReport good = run_claim(std::string(kStudy) + "value = \"" + std::to_string(p) + "\"\n");
  ASSERT_TRUE(only(good).result) << only(good).error;
  EXPECT_EQ(kind_of(only(good).result->verdict), VerdictKind::Estimate);
  const auto& e = std::get<Estimate>(only(good).result->verdict);
  EXPECT_LE(e.low, p);
  EXPECT_GE(e.high, p);
  EXPECT_TRUE(only(good).as_expected());

  ProveReport bad = run_claim(std::string(kStudy) + "value = \"" + std::to_string(p - 0.05) + "\"\n");
  ASSERT_TRUE(only(bad).result) << only(bad).error;
  EXPECT_EQ(kind_of(only(bad).result->verdict), VerdictKind::Fails);
  EXPECT_FALSE(only(bad).as_expected());
  // A rounding allowance as wide as the gap makes it agree again.
  ProveReport rounded = run_claim(std::string(kStudy) + "value = \"" + std::to_string(p - 0.05) + "\"\nrounding = \"0.06\"\n");
  EXPECT_EQ(kind_of(only(rounded).result->verdict), VerdictKind::Estimate);
}

TEST_F(EstimateClaimsTest, BoundsAreRefutedOnlyBeyondTheInterval) {
  const double p = exact_p4();
  EXPECT_EQ(kind_of(only(run_claim(std::string(kStudy) + "at_least = \"" + std::to_string(p - 0.02) + "\"\n")).result->verdict),
            VerdictKind::Estimate);
  EXPECT_EQ(kind_of(only(run_claim(std::string(kStudy) + "at_least = \"" + std::to_string(p + 0.03) + "\"\n")).result->verdict),
            VerdictKind::Fails);
  EXPECT_EQ(kind_of(only(run_claim(std::string(kStudy) + "at_most = \"" + std::to_string(p - 0.03) + "\"\n")).result->verdict),
            VerdictKind::Fails);
}

TEST_F(EstimateClaimsTest, CurveStatements) {
  const std::string study =
      "experiment = \"routing\"\nfaults = \"links\"\nroutings = [\"mikant-shortest\", \"mikant-go-neighbor-switch+go-down-level\"]\n"
      "counts = \"0..20:10\"\ntrials = 5000\n";
  ProveReport lowest = run_claim(study + "statistic = \"mikant-shortest success\"\nlowest_of = \"success\"\n", {}, "mikant(3,3)");
  ASSERT_TRUE(only(lowest).result) << only(lowest).error;
  EXPECT_EQ(kind_of(only(lowest).result->verdict), VerdictKind::Estimate);
  // The combination is significantly better: claiming it is the lowest is refuted.
  ProveReport wrong = run_claim(
      study + "statistic = \"mikant-go-neighbor-switch+go-down-level(choice=first) success\"\nlowest_of = \"success\"\n", {},
      "mikant(3,3)");
  EXPECT_EQ(kind_of(only(wrong).result->verdict), VerdictKind::Fails);
  ProveReport below = run_claim(study + "statistic = \"mikant-shortest success\"\n"
                                        "not_below = [\"mikant-go-neighbor-switch+go-down-level(choice=first) success\"]\n",
                                {}, "mikant(3,3)");
  EXPECT_EQ(kind_of(only(below).result->verdict), VerdictKind::Fails);
  // Detours lengthen the combination's successful paths as faults grow: rising holds, falling is refuted.
  const std::string length = "statistic = \"mikant-go-neighbor-switch+go-down-level(choice=first) path length\"\n";
  ProveReport rising = run_claim(study + length + "trend = \"rising\"\n", {}, "mikant(3,3)");
  ASSERT_TRUE(only(rising).result) << only(rising).error;
  EXPECT_EQ(kind_of(only(rising).result->verdict), VerdictKind::Estimate);
  ProveReport falling = run_claim(study + length + "trend = \"falling\"\n", {}, "mikant(3,3)");
  EXPECT_EQ(kind_of(only(falling).result->verdict), VerdictKind::Fails);
  ProveReport sideways = run_claim(study + length + "trend = \"up\"\n", {}, "mikant(3,3)");
  EXPECT_FALSE(only(sideways).error.empty());
}

// "Go-Down-Level algorithm and Three-Turn algorithm have almost the same path
// length" (002 section 4): the two differ by under 0.1 hop at 0 and 20
// faulty links, X-Turns by more (it reroutes further), so the same tolerance
// tells them apart.  The study's own values decide which side each pair is on.
TEST_F(EstimateClaimsTest, CloseToHoldsWithinTheToleranceAndFailsBeyondIt) {
  StudyRequest q;
  q.experiment = "routing";
  q.faults = "links";
  q.routings = {"mikant-go-down-level", "mikant-three-turn", "mikant-x-turns"};
  q.counts = {0, 20};
  q.sampling.trials = 20000;
  const StudyResult r = run_study(Registry::builtin().build("mikant(3,3)"), q);
  const auto gdl = r.find_series("mikant-go-down-level(choice=first) path length");
  const auto xt = r.find_series("mikant-x-turns(choice=first) path length");
  ASSERT_TRUE(gdl && xt);
  const double xt_gap = r.interval(1, *xt).value - r.interval(1, *gdl).value;
  ASSERT_GT(xt_gap, 0.15) << "X-Turns' detours should lengthen its paths clearly at 20 faults";

  const std::string study = "experiment = \"routing\"\nfaults = \"links\"\nroutings = [\"mikant-go-down-level\", "
                            "\"mikant-three-turn\", \"mikant-x-turns\"]\ncounts = \"0,20\"\ntrials = 20000\n"
                            "statistic = \"mikant-go-down-level(choice=first) path length\"\nwithin = \"0.1\"\n";
  ProveReport same = run_claim(study + "close_to = \"mikant-three-turn(choice=first) path length\"\n", {}, "mikant(3,3)");
  ASSERT_TRUE(only(same).result) << only(same).error;
  EXPECT_EQ(kind_of(only(same).result->verdict), VerdictKind::Estimate);
  ProveReport apart = run_claim(study + "close_to = \"mikant-x-turns(choice=first) path length\"\n", {}, "mikant(3,3)");
  ASSERT_TRUE(only(apart).result) << only(apart).error;
  EXPECT_EQ(kind_of(only(apart).result->verdict), VerdictKind::Fails);
  // A series compared with itself differs by nothing, even with no tolerance.
  const std::string one = "experiment = \"routing\"\nfaults = \"links\"\nroutings = [\"mikant-shortest\"]\ncounts = \"5\"\n"
                          "trials = 500\nstatistic = \"mikant-shortest path length\"\n";
  const std::string self = one + "close_to = \"mikant-shortest path length\"\n";
  ProveReport itself = run_claim(self + "within = \"0\"\n", {}, "mikant(3,3)");
  ASSERT_TRUE(only(itself).result) << only(itself).error;
  EXPECT_EQ(kind_of(only(itself).result->verdict), VerdictKind::Estimate);
  // close_to without within, or naming no series of the study, is an error.
  EXPECT_FALSE(only(run_claim(self, {}, "mikant(3,3)")).error.empty());
  EXPECT_FALSE(only(run_claim(one + "within = \"0.1\"\nclose_to = \"nonsense\"\n", {}, "mikant(3,3)")).error.empty());
}

// below_model against exact enumeration of both models, done here: the
// non-interwired network (no fault tolerated) is exactly below the
// deterministic one at every f it fails, never the other way round.
TEST_F(EstimateClaimsTest, BelowModelComparesSeriesOfTwoModels) {
  const std::string det = "min(stages=3, radix=4, wiring=deterministic)";
  const std::string flat = "min(stages=3, radix=4, wiring=non_interwired)";
  auto exact = [](const std::string& spec, std::size_t f) {
    const Network net(Registry::builtin().build(spec));
    FaultModelSpec s;
    s.units = UnitChoice::Components;
    s.pairs = PairChoice::InputsToOutputs;
    return exact_completeness(FaultModel(net, s), f, 1'000'000).ratio();
  };
  std::size_t below = 0, equal = 0;
  for (std::size_t f = 1; f <= 3; ++f) {
    below += exact(flat, f) < exact(det, f);
    equal += exact(flat, f) == exact(det, f);
  }
  ASSERT_GT(below, 0u);
  const std::string study = "experiment = \"completeness\"\ntrials = 2000\nmax_faults = 3\nexact_limit = 100000\n"
                            "statistic = \"faults tolerated\"\nacross = \"complete with\"\n";
  ProveReport holds = run_claim(study + "below_model = \"" + det + "\"\n", {}, flat);
  ASSERT_TRUE(only(holds).result) << only(holds).error;
  EXPECT_EQ(kind_of(only(holds).result->verdict), VerdictKind::Estimate);
  bool counted = false;
  for (const auto& line : only(holds).result->explanation)
    counted |= line.find(std::to_string(below) + " exactly below, " + std::to_string(equal) + " exactly equal") !=
               std::string::npos;
  EXPECT_TRUE(counted) << "expected " << below << " exactly below and " << equal << " equal";
  // The other way round it is refuted: exactly, and by the samples alone without enumeration.
  ProveReport exactly_above = run_claim(study + "below_model = \"" + flat + "\"\n", {}, det);
  ASSERT_TRUE(only(exactly_above).result) << only(exactly_above).error;
  EXPECT_EQ(kind_of(only(exactly_above).result->verdict), VerdictKind::Fails);
  const std::string sampled = "experiment = \"completeness\"\ntrials = 2000\nmax_faults = 3\nexact_limit = 0\n"
                              "statistic = \"complete with 2 faults\"\n";
  ProveReport sampled_above = run_claim(sampled + "below_model = \"" + flat + "\"\n", {}, det);
  ASSERT_TRUE(only(sampled_above).result) << only(sampled_above).error;
  EXPECT_EQ(kind_of(only(sampled_above).result->verdict), VerdictKind::Fails);
  // A model compared with itself (the one study) is neither above nor below itself anywhere.
  ProveReport itself = run_claim(sampled + "below_model = \"" + det + "\"\n", {}, det);
  ASSERT_TRUE(only(itself).result) << only(itself).error;
  EXPECT_EQ(kind_of(only(itself).result->verdict), VerdictKind::Estimate);
  bool level = false;
  for (const auto& line : only(itself).result->explanation)
    level |= line.find("over 1 (series, point) comparisons: 0 exactly below, 0 exactly equal, 0 significantly below, "
                       "none above") != std::string::npos;
  EXPECT_TRUE(level);
  // across without below_model, a series prefix that matches nothing, a model that does not parse.
  EXPECT_FALSE(only(run_claim(sampled + "across = \"complete with\"\nvalue = \"1\"\n", {}, det)).error.empty());
  EXPECT_FALSE(only(run_claim(sampled + "below_model = \"" + flat + "\"\nacross = \"nothing\"\n", {}, det)).error.empty());
  EXPECT_FALSE(only(run_claim(sampled + "below_model = \"min(stages=3\"\n", {}, det)).error.empty());
}

TEST_F(EstimateClaimsTest, MalformedClaimsAreInstanceErrors) {
  for (const std::string& prop :
       {std::string("experiment = \"completeness\"\nstatistic = \"faults tolerated\"\nvalue = \"1\"\n"),  // no trials
        std::string("experiment = \"completeness\"\ntrials = 10\nstatistic = \"faults tolerated\"\n"),   // no statement
        std::string("experiment = \"completeness\"\ntrials = 10\nstatistic = \"nonsense\"\nvalue = \"1\"\n"),
        std::string("experiment = \"completeness\"\ntrials = 10\nstatistic = \"faults tolerated\"\nvalue = 1.5\n"),
        std::string("experiment = \"sideways\"\ntrials = 10\nstatistic = \"faults tolerated\"\nvalue = \"1\"\n"),
        std::string("experiment = \"completeness\"\ntrials = 10\nstatistic = \"faults tolerated\"\nvalue = \"1\"\ncolour = \"red\"\n")}) {
    ProveReport r = run_claim(prop);
    ASSERT_EQ(r.instances(), 1u) << prop;
    EXPECT_FALSE(only(r).error.empty()) << prop;
    EXPECT_NE(only(r).error.find("c.toml"), std::string::npos) << only(r).error;
  }
}

// The wiring gap of a best_of study against the same studies run one wiring
// at a time (run_study without best_of, the seed rebound by hand).
TEST_F(EstimateClaimsTest, WiringGapIsBestMinusWorstOfTheWirings) {
  const std::string model = "min(stages=3, radix=4, wiring=random, seed=1)";
  double best = -1, worst = 1e9;
  for (int seed = 1; seed <= 3; ++seed) {
    StudyRequest q;
    q.experiment = "completeness";
    q.faults = "components";
    q.sampling.trials = 400;
    const std::string spec = "min(stages=3, radix=4, wiring=random, seed=" + std::to_string(seed) + ")";
    const StudyResult r = run_study(Registry::builtin().build(spec), q);
    const double v = r.interval(0, 0).value;
    best = std::max(best, v);
    worst = std::min(worst, v);
  }
  const std::string study = "experiment = \"completeness\"\nfaults = \"components\"\ntrials = 400\nbest_of = 3\n"
                            "statistic = \"wiring gap\"\n";
  ProveReport good = run_claim(study + "value = \"" + std::to_string(best - worst) + "\"\n", {}, model);
  ASSERT_TRUE(only(good).result) << only(good).error;
  ASSERT_EQ(kind_of(only(good).result->verdict), VerdictKind::Estimate);
  EXPECT_NEAR(std::get<Estimate>(only(good).result->verdict).value, best - worst, 1e-12);
  ProveReport far = run_claim(study + "value = \"" + std::to_string(best - worst + 2) + "\"\n", {}, model);
  ASSERT_TRUE(only(far).result) << only(far).error;
  EXPECT_EQ(kind_of(only(far).result->verdict), VerdictKind::Fails);
  // Without several wirings there is no gap; a curve statement does not apply to one number.
  for (const std::string& bad : {std::string("experiment = \"completeness\"\ntrials = 50\nstatistic = \"wiring gap\"\nvalue = \"1\"\n"),
                                 study + "trend = \"rising\"\n", study + "value = \"1\"\nplot = \"p\"\n"}) {
    ProveReport r = run_claim(bad, {}, model);
    EXPECT_FALSE(only(r).error.empty()) << bad;
  }
}

TEST_F(EstimateClaimsTest, ABudgetThatRunsOutIsUnknown) {
  ProveOptions o;
  o.budget = std::chrono::seconds(0);
  ProveReport r = run_claim(std::string(kStudy) + "value = \"0.9\"\n", o);
  ASSERT_TRUE(only(r).result) << only(r).error;
  EXPECT_EQ(kind_of(only(r).result->verdict), VerdictKind::Unknown);
}

TEST_F(EstimateClaimsTest, WritesCsvAndPlotToTheArtifactsFolder) {
  ProveOptions o;
  o.artifacts = dir / "art";
  ProveReport r = run_claim(std::string(kStudy) + "value = \"0.9\"\nrounding = \"0.05\"\nplot = \"curve\"\n", o);
  ASSERT_TRUE(only(r).result) << only(r).error;
  EXPECT_TRUE(fs::exists(dir / "art" / "curve.csv"));
  EXPECT_TRUE(fs::exists(dir / "art" / "curve.svg"));
  EXPECT_GT(fs::file_size(dir / "art" / "curve.png"), 0u);
  std::ifstream csv(dir / "art" / "curve.csv");
  std::stringstream text;
  text << csv.rdbuf();
  EXPECT_NE(text.str().find("seed 1"), std::string::npos);
  EXPECT_NE(text.str().find("faults,complete,low,high,exact"), std::string::npos);
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// 001 Figure 7: instances naming one figure draw their curves on one plot, the
// replicated network's fault count scaled by one half.
TEST_F(EstimateClaimsTest, InstancesNamingOneFigureDrawItTogether) {
  auto instance = [](const std::string& wiring, const std::string& extra) {
    return "[[instance]]\nmodel = \"min(stages=3, radix=4, wiring=" + wiring + ")\"\nexpect = \"estimate\"\n"
           "[instance.property]\nplot = \"fig-" + wiring + "\"\nfigure = \"fig\"\nfigure_label = \"" + wiring + "\"\n" + extra;
  };
  std::ofstream(dir / "f.toml") << "title = \"t\"\nstatement = \"s\"\n[source]\npaper = \"001\"\nwhere = \"Figure 7\"\n"
                                << "[property]\nkind = \"estimate\"\nexperiment = \"completeness\"\ntrials = 200\n"
                                << "statistic = \"faults tolerated\"\nat_least = \"0\"\n"
                                << instance("replicated", "figure_x_scale = \"0.5\"\n") << instance("deterministic", "");
  ProveOptions o;
  o.artifacts = dir / "art";
  ProveReport r = prove({dir / "f.toml"}, o);
  ASSERT_EQ(r.instances(), 2u);
  for (const auto& i : r.claims.at(0).instances) ASSERT_TRUE(i.result) << i.error;
  ASSERT_TRUE(fs::exists(dir / "art" / "fig.svg"));
  EXPECT_GT(fs::file_size(dir / "art" / "fig.png"), 0u);
  const std::string script = read_text(dir / "art" / "fig.svg.gp");
  EXPECT_NE(script.find("fig-replicated.csv' using ($1*0.5):2:3:4"), std::string::npos) << script;
  EXPECT_NE(script.find("using ($1*0.5):($5 == $5 ? $5 : 1/0) with points"), std::string::npos) << script;
  EXPECT_NE(script.find("fig-deterministic.csv' using ($1*1):2:3:4"), std::string::npos) << script;
  EXPECT_NE(script.find("'replicated (x 0.5)'"), std::string::npos) << script;
  const std::string svg = read_text(dir / "art" / "fig.svg");
  EXPECT_NE(svg.find("deterministic"), std::string::npos);

  // A figure's curve is read from the instance's plot; its keys need a figure.
  const std::string study = std::string(kStudy) + "at_least = \"0\"\n";
  EXPECT_FALSE(only(run_claim(study + "figure = \"fig\"\n", o)).error.empty());
  EXPECT_FALSE(only(run_claim(study + "plot = \"p\"\nfigure_label = \"x\"\n", o)).error.empty());
  EXPECT_FALSE(only(run_claim(study + "plot = \"p\"\nfigure = \"g\"\nfigure_x_scale = \"0\"\n", o)).error.empty());
}

// Curves of different quantities do not share a figure.
TEST_F(EstimateClaimsTest, AFigureRefusesToMixQuantities) {
  std::vector<FigureCurve> curves(2);
  curves[0].xlabel = curves[1].xlabel = "faults";
  curves[0].ylabel = "ratio";
  curves[1].ylabel = "path length (successful runs)";
  EXPECT_THROW(plot_figure(curves, (dir / "mixed.svg").string(), "mixed"), InputError);
  EXPECT_THROW(plot_figure({}, (dir / "none.svg").string(), "none"), InputError);
}

}  // namespace
}  // namespace menger
