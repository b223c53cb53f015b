// Route-check checkpoints (verify/route/route_checkpoint.h): a resumed search gives
// the uninterrupted answer; damage gives one clear error or is repaired to
// the last complete record; another question is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "checkpoint_lines.h"
#include "budget_stops.h"
#include "core/error.h"
#include "text_file.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/route/route_checkpoint.h"
#include "verify/route/route_search.h"

namespace menger {
namespace {

using testing::make;

std::filesystem::path fresh(const std::string& name) {
  const auto p = std::filesystem::temp_directory_path() / ("menger-checkpoint-" + name + ".jsonl");
  std::filesystem::remove(p);
  return p;
}

std::size_t lines_of(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

struct CheckedRun {
  RouteCheckResult result;
  std::size_t lines = 0;
};

CheckedRun check(const std::string& model, const std::string& routing, std::uint32_t k, const std::filesystem::path& cp,
          std::optional<Budget> budget = std::nullopt, bool recheck = false) {
  const auto i = make(model, UnitChoice::Nodes);
  const auto r = RoutingRegistry::builtin().build(routing, *i.net);
  RouteCheckOptions opt;
  opt.recheck_resumed = recheck;
  opt.k = k;
  opt.chunk_pairs = 8;
  opt.symmetry = false;
  opt.checkpoint = cp.string();
  if (budget) opt.budget = *budget;
  CheckedRun out{route_check(*r, *i.model, opt), 0};
  if (!cp.empty()) out.lines = lines_of(cp);
  return out;
}

void expect_same(const RouteCheckResult& a, const RouteCheckResult& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.runs(), b.runs());
  EXPECT_EQ(a.pairs_settled, b.pairs_settled);
  ASSERT_EQ(a.failure.has_value(), b.failure.has_value());
  if (!a.failure) return;
  EXPECT_EQ(a.failure->faults.units(), b.failure->faults.units());
  EXPECT_EQ(a.failure->pair.s, b.failure->pair.s);
  EXPECT_EQ(a.failure->pair.d, b.failure->pair.d);
  EXPECT_EQ(a.failure->run.trace.size(), b.failure->run.trace.size());
}

TEST(RouteCheckpoint, AResumedSearchGivesTheUninterruptedAnswer) {
  for (const char* routing : {"shortest", "hdn-ft1"}) {
    SCOPED_TRACE(routing);
    const std::string model = std::string(routing) == "shortest" ? "torus(4,4)" : "hdn(base=hypercube(3), k=1, s=[4])";
    const std::uint32_t k = std::string(routing) == "shortest" ? 3 : 4;
    const CheckedRun plain = check(model, routing, k, {});
    const auto cp = fresh(std::string("resume-") + routing);
    const CheckedRun first = check(model, routing, k, cp);
    expect_same(plain.result, first.result);
    // Keep the header and three chunks, as if killed there, plus half a record.
    std::vector<std::string> kept;
    {
      std::ifstream in(cp);
      for (std::string line; std::getline(in, line) && kept.size() < 4;) kept.push_back(line);
    }
    {
      std::ofstream out(cp, std::ios::trunc);
      for (const auto& line : kept) out << line << "\n";
      out << "{\"chunk\": 3, \"lev";
    }
    const CheckedRun resumed = check(model, routing, k, cp);
    expect_same(plain.result, resumed.result);
    EXPECT_EQ(resumed.lines, first.lines);
  }
}

TEST(RouteCheckpoint, ABudgetThatRunsOutLosesNoSettledChunk) {
  const auto cp = fresh("budget");
  // Stopped at its first check past the preparation (tests/budget_stops.h),
  // whatever the machine's speed: a clock of 1 ms once could end in listing
  // the pairs, before any chunk, on a loaded sanitizer build.
  const auto run = [&](const Budget& budget) {
    std::filesystem::remove(cp);
    return check("torus(5,5)", "shortest", 3, cp, budget);
  };
  const std::int64_t first = testing::first_stop_after_preparation(run);
  const CheckedRun cut = run(testing::stopping_at(first + 2));
  EXPECT_EQ(cut.result.status, RouteCheckResult::Status::Unknown);
  const CheckedRun resumed = check("torus(5,5)", "shortest", 3, cp);
  expect_same(check("torus(5,5)", "shortest", 3, {}).result, resumed.result);
}

TEST(RouteCheckpoint, AnotherQuestionOrDamageIsOneClearError) {
  const auto cp = fresh("damage");
  check("torus(4,4)", "shortest", 2, cp);
  EXPECT_THROW(check("torus(4,4)", "shortest", 3, cp), InputError);  // another k
  try {
    check("torus(4,4)", "shortest(choice=first)", 2, cp);
    FAIL() << "another routing was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("another question"), std::string::npos);
  }
  std::vector<std::string> lines;
  {
    std::ifstream in(cp);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  auto rewrite = [&](std::size_t at, const std::string& with) {
    std::ofstream out(cp, std::ios::trunc);
    for (std::size_t i = 0; i < lines.size(); ++i) out << (i == at ? with : lines[i]) << "\n";
  };
  rewrite(2, "{not json");
  EXPECT_THROW(check("torus(4,4)", "shortest", 2, cp), InputError);
  rewrite(2, lines[3]);  // chunks out of order
  EXPECT_THROW(check("torus(4,4)", "shortest", 2, cp), InputError);
  rewrite(0, "{\"format\": \"something else\"}");
  EXPECT_THROW(check("torus(4,4)", "shortest", 2, cp), InputError);
}

// A checkpoint is a cache, not an authority (issue 36).  Records edited and
// resealed (as someone who knows the seal's rule would) are checked against
// the plan; a failure they claim is re-run; what can only be believed is said
// to be, and --recheck-resumed re-runs it.
TEST(RouteCheckpoint, AForgedRecordIsRefusedOrSaidToBeTakenOnTrust) {
  const auto cp = fresh("forged");
  const CheckedRun plain = check("torus(4,4)", "dor", 2, cp);  // dor fails at 1 fault
  ASSERT_EQ(plain.result.status, RouteCheckResult::Status::Fails);
  const std::vector<std::string> lines = testing::lines_of(cp);
  ASSERT_GE(lines.size(), 3u);
  const nlohmann::json first = nlohmann::json::parse(lines[1]);
  ASSERT_TRUE(first.contains("failure"));
  const auto refused = [&](std::vector<std::string> changed, const std::string& expect) {
    testing::write_lines(cp, testing::resealed(changed), changed.size());
    try {
      check("torus(4,4)", "dor", 2, cp);
      ADD_FAILURE() << "accepted: " << changed[1];
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(expect), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
    }
  };
  const auto with_first = [&](const nlohmann::json& j) {
    std::vector<std::string> changed = lines;
    changed[1] = j.dump();
    return changed;
  };
  nlohmann::json j = first;
  j["failure"]["units"] = nlohmann::json::array({15});  // a fault set under which the pair is delivered
  refused(with_first(j), "delivers when re-run");
  j = first;
  j["failure"]["s"] = 15;  // a pair of another chunk
  refused(with_first(j), "not of a pair of its chunk");
  j = first;
  j["pairs_settled"] = 7;
  refused(with_first(j), "settles 7 pairs");
  j = first;
  j["levels"][2][0] = 5;  // runs at a size this run does not search after its failure
  refused(with_first(j), "beyond");
  j = first;
  j["failure"]["level"] = 2;
  j["failure"]["units"] = nlohmann::json::array({1, 2});
  refused(with_first(j), "counts no failure at the size of its failure");
  // No failure anywhere: every check holds, so the verdict rests on the file,
  // and the result says so; --recheck-resumed refuses the file.
  std::vector<std::string> quiet{lines[0]};
  for (std::size_t i = 1; i < lines.size(); ++i) {
    nlohmann::json rec = nlohmann::json::parse(lines[i]);
    rec.erase("failure");
    for (auto& level : rec["levels"]) level[2] = 0;
    quiet.push_back(rec.dump());
  }
  testing::write_lines(cp, testing::resealed(quiet), quiet.size());
  const CheckedRun believed = check("torus(4,4)", "dor", 2, cp);
  EXPECT_EQ(believed.result.status, RouteCheckResult::Status::Holds);  // as the forged file says...
  ASSERT_TRUE(believed.result.coverage.resumed);                      // ...and said to rest on it
  EXPECT_EQ(believed.result.coverage.resumed->taken, lines.size() - 1);
  EXPECT_NE(believed.result.coverage.resumed->trusted.find("delivered"), std::string::npos);
  EXPECT_NE(to_json(believed.result)["coverage"]["resumed"]["trusted"].get<std::string>(), "");
  testing::write_lines(cp, testing::resealed(quiet), quiet.size());
  EXPECT_THROW(check("torus(4,4)", "dor", 2, cp, std::nullopt, true), InputError);
  // The file as written, re-checked: nothing on trust, the same answer.
  testing::write_lines(cp, lines, lines.size());
  const CheckedRun rechecked = check("torus(4,4)", "dor", 2, cp, std::nullopt, true);
  expect_same(plain.result, rechecked.result);
  ASSERT_TRUE(rechecked.result.coverage.resumed);
  EXPECT_EQ(rechecked.result.coverage.resumed->rechecked, lines.size() - 1);
  EXPECT_TRUE(rechecked.result.coverage.resumed->trusted.empty());
  EXPECT_EQ(testing::lines_of(cp), lines) << "a re-check appends nothing";
}

// Fuzzing (fuzz/corpus/route_checkpoint/finding-missing-path-bound.jsonl): a
// failure record without its path_bound escaped as nlohmann's out_of_range.
TEST(RouteCheckpoint, AFailureWithoutItsPathBoundIsOneClearError) {
  const nlohmann::json record = nlohmann::json::parse(
      R"({"shard":1,"failure":{"d":37,"disconnected":false,"level":1,"path_obund":null,"s":36,"units":[1]},)"
      R"("levels":[[512,0,0]],"pairs_settled":512})");
  try {
    chunk_record_from_json(record);
    FAIL() << "a record without path_bound was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("path_bound"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace menger
