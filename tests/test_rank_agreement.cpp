// rank_agreement (claims/rank_agreement.h): whether two statistics order a
// study's routings alike, on studies built here with known intervals, and
// through the estimate kind's rank_agrees on a sampled MiKANT study.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "claims/rank_agreement.h"
#include "claims/runner.h"
#include "core/error.h"

namespace menger {
namespace {

// A routing's observations at one point: successes out of 1000 trials, and
// path lengths all equal to `length` plus or minus 0.1 (a tight interval).
struct Obs {
  int successes;
  double length;
};

StudyResult study(const std::vector<std::vector<Obs>>& points) {
  StudyResult r;
  r.series.push_back({"pair connected", SeriesKind::Ratio});
  for (const char* x : {"A", "B", "C"}) {
    r.series.push_back({std::string(x) + " success", SeriesKind::Ratio});
    r.series.push_back({std::string(x) + " path length", SeriesKind::Mean});
  }
  for (std::size_t p = 0; p < points.size(); ++p) {
    StudyPoint pt;
    pt.faults = p * 5;
    pt.result.tally = Tally(r.series.size());
    for (int t = 0; t < 1000; ++t) pt.result.tally.add(0, 1);
    for (std::size_t k = 0; k < points[p].size(); ++k) {
      for (int t = 0; t < 1000; ++t) pt.result.tally.add(1 + 2 * k, t < points[p][k].successes ? 1 : 0);
      for (int t = 0; t < 200; ++t) pt.result.tally.add(2 + 2 * k, points[p][k].length + (t % 2 ? 0.1 : -0.1));
    }
    r.points.push_back(pt);
  }
  return r;
}

TEST(RankAgreement, CountsPairsBothStatisticsOrderSignificantly) {
  const StudyResult r = study({
      {{900, 9}, {100, 1}, {500, 5}},  // no faults: skipped whatever it says
      {{500, 4}, {800, 5}, {900, 6}},  // A < B < C in both: 3 alike
      {{500, 4}, {800, 6}, {900, 5}},  // B and C swap their lengths: 2 alike, 1 opposite
      {{500, 4}, {800, 5}, {801, 6}},  // B and C tie on success: that pair counts as neither
      {{500, 6}, {800, 5}, {900, 4}},  // every pair opposite
  });
  const RankAgreement a = rank_agreement(r, "success", "path length");
  EXPECT_EQ(a.routings, (std::vector<std::string>{"A", "B", "C"}));  // "pair connected" has no length
  ASSERT_EQ(a.points.size(), 4u);
  EXPECT_EQ(a.points[0].point, 1u);
  EXPECT_EQ(a.points[0].concordant, 3u);
  EXPECT_EQ(a.points[0].discordant, 0u);
  EXPECT_TRUE(a.points[0].example.empty());
  EXPECT_EQ(a.points[1].concordant, 2u);
  EXPECT_EQ(a.points[1].discordant, 1u);
  EXPECT_EQ(a.points[1].example, "B has the lower success but the higher path length than C");
  EXPECT_EQ(a.points[2].concordant, 2u);
  EXPECT_EQ(a.points[2].discordant, 0u);
  EXPECT_EQ(a.points[3].concordant, 0u);
  EXPECT_EQ(a.points[3].discordant, 3u);
  // The relation is symmetric in its two statistics.
  const RankAgreement b = rank_agreement(r, "path length", "success");
  for (std::size_t i = 0; i < a.points.size(); ++i) {
    EXPECT_EQ(b.points[i].concordant, a.points[i].concordant);
    EXPECT_EQ(b.points[i].discordant, a.points[i].discordant);
  }
  EXPECT_THROW(rank_agreement(r, "success", "latency"), InputError);
}

class RankAgreesClaim : public ::testing::Test {
 protected:
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("menger_rank_" + std::to_string(::getpid()));
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
  InstanceOutcome run(const std::string& statement) {
    std::ofstream(dir / "c.toml")
        << "title = \"t\"\nstatement = \"s\"\n[source]\npaper = \"002\"\nwhere = \"Fig. 7\"\n[property]\n"
        << "kind = \"estimate\"\nexperiment = \"routing\"\nfaults = \"links\"\n"
        << "routings = [\"mikant-shortest\", \"mikant-go-down-level\", \"mikant-go-neighbor-switch+x-turns+go-down-level\"]\n"
        << "counts = \"0,20\"\ntrials = 5000\nstatistic = \"mikant-shortest success\"\n"
        << statement << "\n[[instance]]\nmodel = \"mikant(3,3)\"\nexpect = \"estimate\"\n";
    return prove({dir / "c.toml"}, {}).claims.at(0).instances.at(0);
  }
};

// On MiKANT at 20 faulty links the routing that succeeds more often also
// takes longer paths (002 Figures 6 and 7); malformed statements are errors.
TEST_F(RankAgreesClaim, HoldsOnMikantAndRefusesMalformedLists) {
  const InstanceOutcome ok = run("rank_agrees = [\"success\", \"path length\"]");
  ASSERT_TRUE(ok.result) << ok.error;
  EXPECT_EQ(kind_of(ok.result->verdict), VerdictKind::Estimate);
  bool counted = false;
  for (const auto& line : ok.result->explanation) counted |= line.find("3 routings over 1 points") != std::string::npos;
  EXPECT_TRUE(counted);
  EXPECT_FALSE(run("rank_agrees = [\"success\"]").error.empty());
  EXPECT_FALSE(run("rank_agrees = \"success\"").error.empty());
  EXPECT_FALSE(run("rank_agrees = [\"success\", \"latency\"]").error.empty());
}

}  // namespace
}  // namespace menger
