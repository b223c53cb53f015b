// Route-check checkpoints (verify/route_checkpoint.h): a resumed search gives
// the uninterrupted answer; damage gives one clear error or is repaired to
// the last complete record; another question is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "models/routing_registry.h"
#include "test_instance.h"
#include "verify/route_checkpoint.h"
#include "verify/route_search.h"

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
          std::optional<std::chrono::milliseconds> budget = std::nullopt) {
  const auto i = make(model, UnitChoice::Nodes);
  const auto r = RoutingRegistry::builtin().build(routing, *i.net);
  RouteCheckOptions opt;
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
  const CheckedRun cut = check("torus(5,5)", "shortest", 3, cp, std::chrono::milliseconds(1));
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
