// `menger prove` in shards (claims/runner.h, "Shards"): a checkpoint, a
// resume after any number of records (and a half-written one), and a farm of
// processes answering out of order build the report of the plain run, timing
// aside, with the same combined figures; another catalog is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "claims/report.h"
#include "claims/runner.h"
#include "core/error.h"
#include "lagging_farm.h"
#include "scratch_dir.h"
#include "text_file.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

class ProveShardsTest : public ::testing::Test {
 protected:
  testing::ScratchDir scratch{"menger_prove_shards_"};
  const fs::path dir = scratch.path() / "claims";

  void SetUp() override {
    fs::create_directories(dir);
    // Real claims that hold and that fail, from the catalog.
    for (const char* name : {"known/mesh.toml", "known/deadlock-turn-model.toml", "003/bubble-flow-control.toml"})
      fs::copy_file(fs::path(MENGER_SOURCE_DIR) / "proofs" / name, dir / fs::path(name).filename());
    // Two estimates that join one combined figure, a file that does not parse, an unknown kind.
    estimate("fig-a", "min(stages=3, radix=4, wiring=replicated)", "replicated");
    estimate("fig-b", "min(stages=3, radix=4, wiring=deterministic)", "deterministic");
    std::ofstream(dir / "broken.toml") << "title = 'unterminated\n";
    std::ofstream(dir / "odd-kind.toml") << "title = 't'\nstatement = 's'\n[source]\npaper = '001'\nwhere = 'w'\n"
                                         << "[property]\nkind = 'no-such-kind'\n[[instance]]\nmodel = 'mesh(2,2)'\n";
  }

  void estimate(const std::string& name, const std::string& model, const std::string& label) {
    std::ofstream(dir / (name + ".toml"))
        << "title = 't'\nstatement = 's'\n[source]\npaper = '001'\nwhere = 'Figure 7'\n"
        << "[property]\nkind = 'estimate'\nexperiment = 'completeness'\ntrials = 200\n"
        << "statistic = 'faults tolerated'\nat_least = '0'\nplot = '" << name << "'\nfigure = 'fig'\n"
        << "figure_label = '" << label << "'\n[[instance]]\nmodel = '" << model << "'\nexpect = 'estimate'\n";
  }

  // The report as a person and a machine read it, timing aside, and the figure's script.
  std::string run(ProveOptions o, const std::string& artifacts) {
    o.artifacts = scratch.path() / artifacts;
    const ProveReport r = prove({dir}, o);
    ReportOptions ro;
    ro.timing = false;
    std::ostringstream text;
    print_report(text, r, ro);
    nlohmann::json j = report_json(r, ro);
    strip_seconds(j);
    std::ifstream figure(o.artifacts / "fig.svg.gp");
    std::stringstream script;
    script << figure.rdbuf();
    std::string s = script.str();
    for (std::size_t at; (at = s.find(o.artifacts.string())) != std::string::npos;)
      s.replace(at, o.artifacts.string().size(), "ART");  // the folder's name is in the script
    return text.str() + "\n" + j.dump(1) + "\n" + s;
  }
  static void strip_seconds(nlohmann::json& j) {
    if (j.is_object()) {
      j.erase("seconds");
      for (auto& [k, v] : j.items()) strip_seconds(v);
    } else if (j.is_array()) {
      for (auto& v : j) strip_seconds(v);
    }
  }
  static std::vector<std::string> lines_of(const fs::path& p) { return testing::lines_of(p); }
};

TEST_F(ProveShardsTest, CheckpointsAndFarmsBuildThePlainReport) {
  const std::string plain = run({}, "plain");
  ASSERT_NE(plain.find("fig-a"), std::string::npos);
  ASSERT_NE(plain.find("set output"), std::string::npos) << "the combined figure was not drawn";
  ProveOptions o;
  o.checkpoint = scratch.path() / "cp.jsonl";
  EXPECT_EQ(run(o, "cp"), plain);
  const auto lines = lines_of(o.checkpoint);
  ASSERT_EQ(lines.size(), 6u);  // the header and the five claims that run (two files are errors)
  for (std::size_t keep : {1u, 3u, 6u}) {
    {
      std::ofstream out(o.checkpoint, std::ios::trunc);
      for (std::size_t i = 0; i < keep; ++i) out << lines[i] << "\n";
      if (keep < lines.size()) out << lines[keep].substr(0, 20);  // killed while writing it
    }
    EXPECT_EQ(run(o, "cp"), plain) << "resumed after " << keep - 1 << " claims";
    EXPECT_EQ(lines_of(o.checkpoint).size(), lines.size());
  }
  for (std::size_t batch : {1u, 2u, 3u}) {
    testing::LaggingFarm farm(batch);
    ProveOptions f;
    f.farm = &farm;
    EXPECT_EQ(run(f, "farm" + std::to_string(batch)), plain) << "batch " << batch;
  }
}

TEST_F(ProveShardsTest, AnEditedCatalogOrADamagedRecordIsOneClearError) {
  ProveOptions o;
  o.checkpoint = scratch.path() / "cp.jsonl";
  o.artifacts = scratch.path() / "art";
  prove({dir}, o);
  const auto lines = lines_of(o.checkpoint);
  std::ofstream(dir / "mesh.toml", std::ios::app) << "\n# edited\n";
  try {
    prove({dir}, o);
    FAIL() << "a checkpoint of the unedited catalog was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("another question"), std::string::npos) << e.what();
  }
  fs::remove(o.checkpoint);
  prove({dir}, o);
  auto damaged = lines_of(o.checkpoint);
  auto rewrite = [&](std::size_t at, const std::string& with) {
    std::ofstream out(o.checkpoint, std::ios::trunc);
    for (std::size_t i = 0; i < damaged.size(); ++i) out << (i == at ? with : damaged[i]) << "\n";
  };
  rewrite(2, R"({"shard": 1, "file": "elsewhere.toml", "instances": [], "curves": []})");
  EXPECT_THROW(prove({dir}, o), InputError);
  rewrite(2, R"({"shard": 1})");
  EXPECT_THROW(prove({dir}, o), InputError);
  nlohmann::json short_one = nlohmann::json::parse(damaged[2]);
  short_one["instances"].erase(0);
  rewrite(2, short_one.dump());
  EXPECT_THROW(prove({dir}, o), InputError);
}

}  // namespace
}  // namespace menger
