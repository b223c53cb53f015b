// The flow tolerance engine in blocks (verify/tolerance/tolerance.h, "Shards"): spread
// over processes (an in-process farm whose results come back in reverse
// order), with any thread count, and resumed from a checkpoint cut anywhere,
// it gives the plain run's least cut, witness and certificate, and the
// checker accepts that certificate.  A checkpoint of another question, or a
// damaged one, is one clear error.  mpirun itself is tested end to end by
// tests/mpi_tolerance_same_output.sh, a kill by kill_and_resume_tolerance.sh.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "budget_stops.h"
#include "core/error.h"
#include "core/json_io.h"
#include "checkpoint_lines.h"
#include "text_file.h"
#include "lagging_farm.h"
#include "models/registry.h"
#include "scratch_dir.h"
#include "setup/setup.h"
#include "verify/check/certificate_check.h"
#include "verify/tolerance/tolerance.h"
#include "verify/tolerance/tolerance_engine.h"

namespace menger {
namespace {

using testing::lines_of;
using testing::resealed;
using testing::write_lines;

using testing::LaggingFarm;

struct Case {
  std::string spec;
  UnitChoice units = UnitChoice::Nodes;
  bool symmetry = true;
  std::size_t chunk_pairs = 3;
  // Node labels whose unit weighs `light`; every other unit weighs `heavy`
  // (no weights at all when empty).
  std::vector<std::string> light_nodes = {};
  std::uint32_t light = 1, heavy = 3;
};

std::string name_of(const Case& c) {
  return c.spec + " " + to_string(c.units) + (c.symmetry ? "" : " no-symmetry") + " chunk " +
         std::to_string(c.chunk_pairs) + (c.light_nodes.empty() ? "" : " weighted");
}

struct Built {
  std::unique_ptr<Network> net;
  std::unique_ptr<FaultModel> model;
};

Built build(const Case& c) {
  Built b;
  b.net = std::make_unique<Network>(Registry::builtin().build(c.spec));
  FaultModelSpec s;
  s.units = c.units;
  s.pairs = default_pairs(*b.net);
  if (!c.light_nodes.empty()) {
    const FaultModel plain(*b.net, s);
    s.weights.assign(plain.universe().size(), c.heavy);
    for (const std::string& label : c.light_nodes) s.weights[*plain.unit_of_node(*b.net->find_node(label))] = c.light;
  }
  b.model = std::make_unique<FaultModel>(*b.net, s);
  return b;
}

ToleranceResult run(const Built& b, const Case& c, const ShardFarm* farm = nullptr, const std::string& checkpoint = "",
                    bool certificate = true, bool recheck = false) {
  ToleranceOptions o;
  o.recheck_resumed = recheck;
  o.symmetry = c.symmetry;
  o.chunk_pairs = c.chunk_pairs;
  o.farm = farm;
  o.checkpoint = checkpoint;
  o.certificate = certificate;
  return flow_tolerance(*b.model, o);
}

void expect_same(const ToleranceResult& a, const ToleranceResult& b) {
  EXPECT_EQ(a.complete, b.complete);
  EXPECT_EQ(a.min_cut, b.min_cut);
  EXPECT_EQ(a.breaking_set, b.breaking_set);
  EXPECT_EQ(a.source, b.source);
  EXPECT_EQ(a.target, b.target);
  EXPECT_EQ(a.flow_calls, b.flow_calls);
  EXPECT_EQ(a.pairs_total, b.pairs_total);
  EXPECT_EQ(a.coverage.settled, b.coverage.settled);
  EXPECT_EQ(a.coverage.total, b.coverage.total);
  ASSERT_EQ(a.certificate.has_value(), b.certificate.has_value());
  if (a.certificate) {
    EXPECT_EQ(json_text(to_json(*a.certificate)), json_text(to_json(*b.certificate)));
  }
}

void expect_valid(const ToleranceResult& r) {
  ASSERT_TRUE(r.complete);
  ASSERT_TRUE(r.certificate);
  for (const CheckReport& check :
       {check_certificate(*r.certificate), check_certificate(certificate_from_json(to_json(*r.certificate)))})
    EXPECT_TRUE(check.valid) << (check.problems.empty() ? "" : check.problems.front());
}

// Node and link faults, with and without symmetry, networks with endpoints
// and directed links, unbreakable pairs, and least cuts found late in plan
// order (in a later round of planned pairs, and among the fan targets).
std::vector<Case> cases() {
  std::vector<Case> out = {
      {"torus(5,5)", UnitChoice::Nodes},
      {"torus(6,6)", UnitChoice::Nodes, false, 5},
      {"hypercube(4)", UnitChoice::Links, false, 4},
      {"hypercube(4)", UnitChoice::Links, true, 1},
      {"mesh(4,5)", UnitChoice::Nodes, false, 2},
      {"kary_ntree(2,3)", UnitChoice::Switches, true, 2},
      {"kary_ntree(2,3)", UnitChoice::Switches, false, 7},
      {"mikant(2,2)", UnitChoice::Links, false, 4},
      {"min(stages=3, radix=2, wiring=replicated)", UnitChoice::Links, false, 3},
      {"torus(3,3)", UnitChoice::Switches, true, 2},  // nothing can fail: every pair unbreakable
  };
  // A torus whose only light nodes surround (4,4), or (4,5): the least cut
  // (weight 4) is far into the plan, and for one of the two it is a fan target.
  for (const char* x : {"(4,4)", "(4,5)"}) {
    const std::string c(x);
    const int i = c[1] - '0', j = c[3] - '0';
    auto label = [](int a, int b) { return "(" + std::to_string(a) + "," + std::to_string(b) + ")"; };
    out.push_back({"torus(6,6)", UnitChoice::Nodes, false, 3,
                   {label(i - 1, j), label((i + 1) % 6, j), label(i, j - 1), label(i, (j + 1) % 6)}});
  }
  return out;
}

TEST(ToleranceShards, FarmsAndThreadCountsGiveThePlainAnswerAndCertificate) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(name_of(c));
    const Built b = build(c);
    const ToleranceResult plain = run(b, c);
    expect_valid(plain);
    for (int threads : {1, 2}) {
      SCOPED_TRACE("threads " + std::to_string(threads));
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
      expect_same(plain, run(b, c));
    }
    for (std::size_t batch : {1, 2, 3, 1000}) {
      SCOPED_TRACE("batch " + std::to_string(batch));
      const LaggingFarm farm(batch);
      expect_same(plain, run(b, c, &farm));
    }
  }
}

// The witness does not depend on the blocks: every block size gives the same
// least cut, pair and breaking set (certificates may differ: a flow stopped
// at a bound depends on the bound, and blocks change the bounds).
TEST(ToleranceShards, EveryBlockSizeGivesTheSameWitness) {
  for (Case c : cases()) {
    SCOPED_TRACE(name_of(c));
    const Built b = build(c);
    c.chunk_pairs = 64;
    const ToleranceResult reference = run(b, c);
    for (std::size_t size : {1, 2, 5}) {
      c.chunk_pairs = size;
      const ToleranceResult r = run(b, c);
      EXPECT_EQ(r.min_cut, reference.min_cut);
      EXPECT_EQ(r.breaking_set, reference.breaking_set);
      EXPECT_EQ(r.source, reference.source);
      EXPECT_EQ(r.target, reference.target);
      expect_valid(r);
    }
  }
}

std::string bytes_of(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class ToleranceCheckpoint : public ::testing::Test {
 protected:
  testing::ScratchDir dir{"menger-tolerance-checkpoint-"};
  std::string file(const std::string& name) const { return (dir.path() / name).string(); }
};

TEST_F(ToleranceCheckpoint, AResumedRunGivesTheUninterruptedOne) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(name_of(c));
    const Built b = build(c);
    const ToleranceResult plain = run(b, c);
    const std::string full = file("full.jsonl");
    std::filesystem::remove(full);
    expect_same(plain, run(b, c, nullptr, full));
    const std::vector<std::string> lines = lines_of(full);
    ASSERT_EQ(lines.size(), plain.coverage.total + 1);  // the header and one record per block
    {
      const std::string farmed = file("farmed.jsonl");  // a farm's checkpoint: the same bytes
      std::filesystem::remove(farmed);
      const LaggingFarm farm(3);
      expect_same(plain, run(b, c, &farm, farmed));
      EXPECT_EQ(bytes_of(farmed), bytes_of(full));
    }
    const std::size_t records = lines.size() - 1;
    for (std::size_t k : {std::size_t{0}, std::size_t{1}, std::size_t{2}, records / 2, records}) {
      if (k > records) continue;
      for (bool farmed : {false, true}) {
        SCOPED_TRACE("resumed after " + std::to_string(k) + " records" + (farmed ? " by a farm" : ""));
        const std::string cut = file("cut.jsonl");
        // Killed after k records, halfway through writing the next.
        write_lines(cut, lines, k + 1, k < records ? lines[k + 1].substr(0, lines[k + 1].size() / 2) : "");
        const LaggingFarm farm(2);
        expect_same(plain, run(b, c, farmed ? &farm : nullptr, cut));
        EXPECT_EQ(bytes_of(cut), bytes_of(full));
      }
    }
  }
}

TEST_F(ToleranceCheckpoint, ABudgetKeepsWhatItSettled) {
  const Case c{"torus(8,8)", UnitChoice::Nodes, false, 4};
  const Built b = build(c);
  const ToleranceResult plain = run(b, c);
  const std::string cp = file("budget.jsonl");
  ToleranceOptions o;
  o.symmetry = false;
  o.chunk_pairs = 4;
  o.checkpoint = cp;
  const auto run = [&](const Budget& budget) {
    o.budget = budget;
    return flow_tolerance(*b.model, o);
  };
  const std::int64_t first = testing::first_stop_after_preparation(run);
  std::filesystem::remove(cp);
  const ToleranceResult none = run(testing::stopping_at(first));
  EXPECT_FALSE(none.complete);
  EXPECT_EQ(none.coverage.settled, 0u);
  EXPECT_EQ(none.coverage.total, plain.coverage.total);
  EXPECT_FALSE(none.certificate);
  EXPECT_NE(none.coverage.text().find("0 of " + std::to_string(plain.coverage.total) + " blocks of pairs"),
            std::string::npos)
      << none.coverage.text();
  EXPECT_EQ(lines_of(cp).size(), 1u);
  const ToleranceResult some = run(testing::stopping_at(first + 3));  // settles what it can in 3 more checks
  EXPECT_EQ(lines_of(cp).size(), some.coverage.settled + 1);
  if (!some.complete && some.min_cut) {
    EXPECT_GE(*some.min_cut, *plain.min_cut);  // an upper bound
  }
  o.budget = Budget();
  expect_same(plain, flow_tolerance(*b.model, o));
}

TEST_F(ToleranceCheckpoint, AnotherQuestionIsRefusedNamingTheField) {
  const Case c{"torus(4,4)", UnitChoice::Nodes, false, 4};
  const Built b = build(c);
  const std::string cp = file("question.jsonl");
  run(b, c, nullptr, cp);
  const auto refused_for = [&](const Case& other, bool certificate, const std::string& field) {
    const Built ob = build(other);
    try {
      run(ob, other, nullptr, cp, certificate);
      ADD_FAILURE() << "another question was accepted (" << field << ")";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("another question"), std::string::npos) << what;
      EXPECT_NE(what.find(field), std::string::npos) << what;
    }
  };
  refused_for({"torus(4,4)", UnitChoice::Nodes, false, 5}, true, "chunk_pairs");
  refused_for(c, false, "certificate");
  refused_for({"torus(4,5)", UnitChoice::Nodes, false, 4}, true, "model");
  refused_for({"torus(4,4)", UnitChoice::Links, false, 4}, true, "units=links here, units=nodes there");
  refused_for({"torus(4,4)", UnitChoice::Nodes, true, 4}, true, "symmetry");
  refused_for({"torus(4,4)", UnitChoice::Nodes, false, 4, {"(1,1)"}}, true, "weights");
  expect_same(run(b, c), run(b, c, nullptr, cp));  // the file is still good for its own question
}

TEST_F(ToleranceCheckpoint, DamageIsOneErrorNamingTheFileAndLine) {
  const Case c{"torus(4,4)", UnitChoice::Nodes, false, 4};
  const Built b = build(c);
  const std::string cp = file("damage.jsonl");
  run(b, c, nullptr, cp);
  const std::vector<std::string> lines = lines_of(cp);
  ASSERT_GE(lines.size(), 4u);
  const auto refused_with = [&](std::size_t at, const std::string& with, const std::string& expect) {
    std::vector<std::string> damaged = lines;
    damaged[at] = with;
    write_lines(cp, resealed(damaged), damaged.size());  // the engine's checks refuse it, not the seal
    try {
      run(b, c, nullptr, cp);
      ADD_FAILURE() << "a damaged checkpoint was accepted: line " << at + 1 << " = " << with;
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(cp), std::string::npos) << what;
      EXPECT_NE(what.find("line " + std::to_string(at + 1)), std::string::npos) << what;
      EXPECT_NE(what.find(expect), std::string::npos) << what;
    }
  };
  refused_with(2, "{not json", "not JSON");
  refused_with(2, "[1, 2]", "not a JSON object");
  refused_with(2, lines[3], "holds shard 2, expected 1");  // out of order
  nlohmann::json record = nlohmann::json::parse(lines[2]);
  record["items"].erase(0);
  refused_with(2, json_text(record), "items");
  record = nlohmann::json::parse(lines[2]);
  record["bound"] = 1;  // searched with another bound than the run derives
  refused_with(2, json_text(record), "searched with");
  record = nlohmann::json::parse(lines[1]);
  ASSERT_TRUE(record.contains("least"));  // the first block finds the least cut
  record["least"]["units"].push_back(1000);
  refused_with(1, json_text(record), "unit 1000");
  record = nlohmann::json::parse(lines[1]);
  record["least"]["at"] = record["least"]["at"].get<std::size_t>() + 1;
  refused_with(1, json_text(record), "least cut does not match");
  record = nlohmann::json::parse(lines[2]);
  record["items"][0]["paths"][0][0] = 99;
  refused_with(2, json_text(record), "node 99");
  record = nlohmann::json::parse(lines[2]);
  record["items"][0]["value"] = "six";
  refused_with(2, json_text(record), "value");
  std::vector<std::string> longer = lines;  // more records than the run has blocks
  nlohmann::json extra = nlohmann::json::parse(lines.back());
  extra["shard"] = lines.size() - 1;
  longer.push_back(json_text(extra));
  write_lines(cp, resealed(longer), longer.size());
  EXPECT_THROW(run(b, c, nullptr, cp), InputError);
}

// What the seal does not catch, the engine re-checks: a forged least cut
// (resealed, as someone who knows the rule would) is refused unless its units
// weigh the cut and separate its pair; without certificates the output says
// which flow values it took on trust, and --recheck-resumed re-runs them.
TEST_F(ToleranceCheckpoint, AForgedRecordIsRefusedOrSaidToBeTakenOnTrust) {
  const Case c{"torus(4,4)", UnitChoice::Nodes, false, 4};
  const Built b = build(c);
  const std::string cp = file("forged.jsonl");
  const ToleranceResult plain = run(b, c, nullptr, cp, false);
  const std::vector<std::string> lines = lines_of(cp);
  ASSERT_GE(lines.size(), 3u);
  nlohmann::json record = nlohmann::json::parse(lines[1]);
  ASSERT_TRUE(record.contains("least"));
  const auto refused = [&](const nlohmann::json& forged, const std::string& expect) {
    std::vector<std::string> changed = lines;
    changed[1] = json_text(forged);
    write_lines(cp, resealed(changed), changed.size());
    try {
      run(b, c, nullptr, cp, false);
      ADD_FAILURE() << "a forged least cut was accepted: " << changed[1];
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(expect), std::string::npos) << e.what();
    }
  };
  nlohmann::json forged = record;
  forged["least"]["units"].erase(forged["least"]["units"].size() - 1);
  refused(forged, "weigh");
  forged = record;  // one unit swapped for another: same weight, no longer a cut of its pair
  std::size_t other = 0;
  while (std::find(record["least"]["units"].begin(), record["least"]["units"].end(), other) !=
         record["least"]["units"].end())
    ++other;
  forged["least"]["units"][0] = other;
  refused(forged, "its least cut");
  // An edit without the seal is refused for the seal.
  std::vector<std::string> edited = lines;
  nlohmann::json bumped = record;
  bumped["items"][0]["value"] = bumped["items"][0]["value"].get<std::uint64_t>() + 1;
  edited[1] = json_text(bumped);
  write_lines(cp, edited, edited.size());
  try {
    run(b, c, nullptr, cp, false);
    ADD_FAILURE() << "an unsealed edit was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("seal"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
  // The file as written: taken on trust without certificates, and said so.
  write_lines(cp, lines, lines.size());
  const ToleranceResult resumed = run(b, c, nullptr, cp, false);
  expect_same(plain, resumed);
  ASSERT_TRUE(resumed.coverage.resumed);
  EXPECT_EQ(resumed.coverage.resumed->taken, lines.size() - 1);
  EXPECT_EQ(resumed.coverage.resumed->rechecked, 0u);
  EXPECT_NE(resumed.coverage.resumed->trusted.find("flow values"), std::string::npos);
  // A forged flow value that keeps every check (a pair's value raised while
  // staying at or above the least cut) is one --recheck-resumed refuses.
  nlohmann::json raised = nlohmann::json::parse(lines[2]);
  std::size_t changed_items = 0;
  for (auto& it : raised["items"])
    if (it.contains("bounded") && it["bounded"].get<bool>()) {  // stopped at the bound: any larger value fits too
      it["value"] = it["value"].get<std::uint64_t>() + 1;
      ++changed_items;
    }
  ASSERT_GT(changed_items, 0u);
  std::vector<std::string> quiet = lines;
  quiet[2] = json_text(raised);
  write_lines(cp, resealed(quiet), quiet.size());
  EXPECT_NO_THROW(run(b, c, nullptr, cp, false));  // believed, and said to be
  write_lines(cp, resealed(quiet), quiet.size());
  EXPECT_THROW(run(b, c, nullptr, cp, false, true), InputError);
  write_lines(cp, lines, lines.size());
  const ToleranceResult rechecked = run(b, c, nullptr, cp, false, true);
  expect_same(plain, rechecked);
  ASSERT_TRUE(rechecked.coverage.resumed);
  EXPECT_EQ(rechecked.coverage.resumed->rechecked, lines.size() - 1);
  EXPECT_TRUE(rechecked.coverage.resumed->trusted.empty());
}

TEST(ToleranceShards, TheSmtEngineDoesNotSplit) {
  const Built b = build({"min(stages=2, radix=2, wiring=deterministic)", UnitChoice::Components});
  ToleranceRequest req;
  const ToleranceOutcome alone = solve_tolerance(*b.model, req);
  ASSERT_EQ(alone.engine, "smt");
  EXPECT_TRUE(alone.coverage.finished());
  const LaggingFarm one(1), two(2);
  req.farm = &one;  // mpirun -n 1: it simply runs
  EXPECT_EQ(solve_tolerance(*b.model, req).min_cut, alone.min_cut);
  req.farm = &two;
  EXPECT_THROW(solve_tolerance(*b.model, req), InputError);
  req.farm = nullptr;
  req.checkpoint = (std::filesystem::temp_directory_path() / "menger-smt-never-written.jsonl").string();
  EXPECT_THROW(solve_tolerance(*b.model, req), InputError);
  EXPECT_FALSE(std::filesystem::exists(req.checkpoint));
}

TEST(ToleranceShards, ImpossibleOptionsAreOneClearError) {
  const Case c{"torus(4,4)", UnitChoice::Nodes};
  const Built b = build(c);
  const LaggingFarm farm(2);
  ToleranceOptions o;
  o.farm = &farm;
  o.budget = Budget::until(Clock::now() + std::chrono::seconds(60));
  EXPECT_THROW(flow_tolerance(*b.model, o), InputError);  // a budget under mpirun
  ToleranceOptions zero;
  zero.chunk_pairs = 0;
  EXPECT_THROW(flow_tolerance(*b.model, zero), InputError);
}

}  // namespace
}  // namespace menger
