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
#include "checkpoint_lines.h"
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
    last_resumed = r.resumed;
    ReportOptions ro;
    ro.timing = false;
    std::ostringstream text;
    print_report(text, r, ro);
    nlohmann::json j = report_json(r, ro);
    strip_seconds(j);
    strip_resumed(j);
    std::ifstream figure(o.artifacts / "fig.svg.gp");
    std::stringstream script;
    script << figure.rdbuf();
    std::string s = script.str();
    for (std::size_t at; (at = s.find(o.artifacts.string())) != std::string::npos;)
      s.replace(at, o.artifacts.string().size(), "ART");  // the folder's name is in the script
    return without_resumed(text.str()) + "\n" + j.dump(1) + "\n" + s;
  }
  std::optional<Resumption> last_resumed;  // what the last run() took from its checkpoint
  // What a resumed report adds (the claims taken from the file, and its
  // "Resumed:" paragraph) left out, so that it compares with the plain one.
  static void strip_resumed(nlohmann::json& j) {
    j["summary"].erase("resumed");
    for (auto& c : j["claims"]) c.erase("resumed");
  }
  static std::string without_resumed(const std::string& text) {
    const std::size_t at = text.find("\nResumed: ");
    return at == std::string::npos ? text : text.substr(0, at + 1);
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
    ASSERT_EQ(last_resumed.has_value(), keep > 1);  // a report resting on the file says so
    if (last_resumed) {
      EXPECT_EQ(last_resumed->taken, keep - 1);
    }
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
  auto rewrite = [&](std::size_t at, const std::string& with) {  // resealed: the runner's own checks refuse it
    auto changed = damaged;
    changed[at] = with;
    testing::write_lines(o.checkpoint, testing::resealed(changed), changed.size());
  };
  rewrite(2, R"({"shard": 1, "file": "elsewhere.toml", "instances": [], "curves": []})");
  EXPECT_THROW(prove({dir}, o), InputError);
  rewrite(2, R"({"shard": 1})");
  EXPECT_THROW(prove({dir}, o), InputError);
  nlohmann::json short_one = nlohmann::json::parse(damaged[2]);
  short_one["instances"].erase(0);
  rewrite(2, short_one.dump());
  EXPECT_THROW(prove({dir}, o), InputError);
  nlohmann::json stranger = nlohmann::json::parse(damaged[2]);
  stranger["verdict_by_hand"] = "HOLDS";  // a key the runner does not write
  rewrite(2, stranger.dump());
  EXPECT_THROW(prove({dir}, o), InputError);
}

// A record names the files its claim read; one edited since is refused, and
// --recheck-resumed checks every recorded claim again.
TEST_F(ProveShardsTest, ARecordWhoseInputChangedIsRefused) {
  const fs::path only = scratch.path() / "one";
  fs::create_directories(only);
  std::ofstream(only / "ring.txt") << "a b\nb c\nc a\n";
  std::ofstream(only / "ring.toml") << "title = 't'\nstatement = 's'\n[source]\npaper = 'known'\nwhere = 'w'\n"
                                    << "[property]\nkind = 'structure'\nnodes = 3\n[[instance]]\n"
                                    << "model = 'file(ring.txt)'\nexpect = 'holds'\n";
  ProveOptions o;
  o.checkpoint = scratch.path() / "ring.jsonl";
  const ProveReport first = prove({only}, o);
  ASSERT_TRUE(first.all_as_expected());
  const auto lines = lines_of(o.checkpoint);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[1].find("ring.txt"), std::string::npos) << lines[1];
  const ProveReport again = prove({only}, o);
  ASSERT_TRUE(again.resumed);
  EXPECT_EQ(again.resumed->taken, 1u);
  o.recheck_resumed = true;
  const ProveReport rechecked = prove({only}, o);
  ASSERT_TRUE(rechecked.resumed);
  EXPECT_EQ(rechecked.resumed->rechecked, 1u);
  o.recheck_resumed = false;
  std::ofstream(only / "ring.txt", std::ios::app) << "c d\n";  // four nodes now
  try {
    prove({only}, o);
    FAIL() << "a record computed from another ring.txt was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("ring.txt"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("changed since"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace menger
