// Deadlock under faults in shards (verify/deadlock/deadlock_search.h): the chunk size,
// the thread count, a farm of processes that answers out of order, and a
// checkpoint resumed after any number of records all give the answer of a
// plain level-by-level search written here from the header's definition.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "checkpoint_lines.h"
#include "core/error.h"
#include "lagging_farm.h"
#include "setup/setup.h"
#include "text_file.h"
#include "verify/deadlock/deadlock_search.h"

namespace menger {
namespace {

using Units = std::vector<std::size_t>;

struct Reference {
  std::optional<Units> failing;
  std::uint64_t analyses = 0;
  std::vector<std::uint64_t> per_level;
};

// The definition, sequentially and without symmetry: level by level, each set
// in sorted order, stop at the first that is not FREE; extend FREE sets by
// every unit their analysis read.
Reference reference(const RouteSetup& s, std::uint32_t k, const std::vector<bool>& escape) {
  Reference out;
  std::set<Units> level{Units{}};
  for (std::uint32_t j = 0; j <= k && !level.empty(); ++j) {
    out.per_level.push_back(0);
    std::set<Units> next;
    for (const Units& units : level) {
      FaultSet f(s.model->universe().size());
      for (std::size_t u : units) f.insert(u);
      DeadlockOptions o;
      o.escape_vcs = escape;
      o.faults = &f;
      o.fault_budget = k;
      const DeadlockResult r = check_deadlock(*s.routing, *s.model, o);
      ++out.analyses;
      ++out.per_level.back();
      if (r.status != DeadlockResult::Status::Free) {
        out.failing = units;
        return out;
      }
      if (j == k) continue;
      for (std::size_t u : r.reads) {
        Units bigger = units;
        bigger.push_back(u);
        std::sort(bigger.begin(), bigger.end());
        next.insert(bigger);
      }
    }
    level = std::move(next);
  }
  return out;
}

struct Case {
  std::string model, routing, units, escape;
  std::uint32_t k;
};

// Instances that are FREE throughout, that fail at a level above 0, and that deadlock without faults.
const std::vector<Case> kCases = {
    {"mesh(3,3)", "shortest(choice=first)", "links", "", 2},
    {"mesh(4,4)", "dor", "links", "", 2},
    {"torus(4,4)", "ft-torus(flow=bubble)", "nodes", "1,2", 3},
    {"hypercube(3)", "shortest", "nodes", "", 2},
    {"torus(3,3)", "shortest", "links", "", 1},
};

Units units_of(const FaultSet& f) { return f.units(); }

void expect_reference(const Reference& want, const DeadlockSearchResult& got) {
  ASSERT_TRUE(got.complete);
  ASSERT_EQ(got.failing.has_value(), want.failing.has_value());
  if (want.failing) {
    EXPECT_EQ(units_of(*got.failing), *want.failing);
  }
  EXPECT_EQ(got.analyses, want.analyses);
  EXPECT_EQ(got.per_level, want.per_level);
  EXPECT_EQ(got.coverage.settled, want.analyses);
  if (got.failing) {
    ASSERT_TRUE(got.failing_result);
    EXPECT_NE(got.failing_result->status, DeadlockResult::Status::Free);
  } else {
    ASSERT_TRUE(got.fault_free);
    EXPECT_EQ(got.fault_free->status, DeadlockResult::Status::Free);
  }
}

DeadlockSearchOptions options(const Case& c, const RouteSetup& s) {
  DeadlockSearchOptions o;
  o.k = c.k;
  o.escape_vcs = parse_vc_set(c.escape, s.routing->vcs(), "escape");
  o.symmetry = false;
  return o;
}

TEST(DeadlockShards, ChunksAndThreadsGiveTheDefinitionsAnswer) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.model + " " + c.routing + " " + c.units);
    RouteSetup s = make_route_setup(c.model, c.routing, c.units);
    DeadlockSearchOptions o = options(c, s);
    const Reference want = reference(s, c.k, o.escape_vcs);
    for (std::size_t threads : {1, 2})
      for (std::size_t chunk : {1, 3, 64}) {
        SCOPED_TRACE("threads " + std::to_string(threads) + ", chunk " + std::to_string(chunk));
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
        o.chunk_sets = chunk;
        expect_reference(want, search_deadlock_faults(*s.routing, *s.model, o));
      }
  }
}

TEST(DeadlockShards, AFarmAnsweringOutOfOrderGivesTheSameAnswer) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.model + " " + c.routing + " " + c.units);
    RouteSetup s = make_route_setup(c.model, c.routing, c.units);
    DeadlockSearchOptions o = options(c, s);
    o.chunk_sets = 2;
    const Reference want = reference(s, c.k, o.escape_vcs);
    for (std::size_t batch : {1, 2, 3}) {
      testing::LaggingFarm farm(batch);
      o.farm = &farm;
      expect_reference(want, search_deadlock_faults(*s.routing, *s.model, o));
    }
  }
}

TEST(DeadlockShards, SymmetryAndShardsTogetherKeepThePlainVerdict) {
  const Case c{"torus(4,4)", "ft-torus(flow=bubble)", "nodes", "1,2", 3};
  RouteSetup s = make_route_setup(c.model, c.routing, c.units);
  DeadlockSearchOptions o = options(c, s);
  const Reference want = reference(s, c.k, o.escape_vcs);
  o.symmetry = true;
  o.chunk_sets = 1;
  testing::LaggingFarm farm(3);
  o.farm = &farm;
  const DeadlockSearchResult sym = search_deadlock_faults(*s.routing, *s.model, o);
  ASSERT_EQ(sym.failing.has_value(), want.failing.has_value());
  if (want.failing) {
    EXPECT_EQ(sym.failing->count(), want.failing->size());
  }
  EXPECT_LT(sym.analyses, want.analyses);
}

// The port-keeping automorphisms of a hypercube are its translations (port i
// flips bit i), so the group path (nauty, elements listed) must pick exactly
// the sets the translations pick: the same analyses and the same least
// failing set; and the verdict of the plain search.
TEST(DeadlockShards, ThePortKeepingGroupPicksTheSetsTheTranslationsPick) {
  const std::vector<Case> cases = {{"hypercube(4)", "shortest(choice=first)", "links", "", 2},
                                   {"hypercube(3)", "shortest(choice=first)", "nodes", "", 3},
                                   {"hypercube(4)", "shortest(choice=first)", "nodes", "", 2}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.model + " " + c.routing + " " + c.units);
    RouteSetup s = make_route_setup(c.model, c.routing, c.units);
    DeadlockSearchOptions o = options(c, s);
    const Reference plain = reference(s, c.k, o.escape_vcs);
    o.symmetry = true;
    const DeadlockSearchResult translated = search_deadlock_faults(*s.routing, *s.model, o);
    o.translations = false;
    o.chunk_sets = 3;
    const DeadlockSearchResult grouped = search_deadlock_faults(*s.routing, *s.model, o);
    EXPECT_EQ(translated.symmetry, "fault sets up to translation");
    EXPECT_NE(grouped.symmetry.find("port-keeping automorphisms (order "), std::string::npos) << grouped.symmetry;
    EXPECT_EQ(grouped.analyses, translated.analyses);
    EXPECT_EQ(grouped.per_level, translated.per_level);
    ASSERT_EQ(grouped.failing.has_value(), plain.failing.has_value());
    ASSERT_EQ(translated.failing.has_value(), plain.failing.has_value());
    if (plain.failing) {
      EXPECT_EQ(grouped.failing->units(), translated.failing->units());
      EXPECT_EQ(grouped.failing->count(), plain.failing->size());
    }
    if (plain.analyses > 4) {
      EXPECT_LT(grouped.analyses, plain.analyses);
    }
  }
}

// A routing that does not declare the invariance gets no reduction from the group.
TEST(DeadlockShards, NoDeclarationNoGroup) {
  RouteSetup s = make_route_setup("hypercube(3)", "dor", "links");
  DeadlockSearchOptions o;
  o.k = 1;
  o.translations = false;
  EXPECT_TRUE(search_deadlock_faults(*s.routing, *s.model, o).symmetry.empty());
}

std::filesystem::path fresh(const std::string& name) {
  const auto p = std::filesystem::temp_directory_path() / ("menger-deadlock-cp-" + name + ".jsonl");
  std::filesystem::remove(p);
  return p;
}

using testing::lines_of;
using testing::resealed;
using testing::write_lines;

TEST(DeadlockShards, AResumedSearchGivesTheUninterruptedAnswer) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.model + " " + c.routing + " " + c.units);
    RouteSetup s = make_route_setup(c.model, c.routing, c.units);
    DeadlockSearchOptions o = options(c, s);
    o.chunk_sets = 4;
    const Reference want = reference(s, c.k, o.escape_vcs);
    o.checkpoint = fresh("resume").string();
    expect_reference(want, search_deadlock_faults(*s.routing, *s.model, o));
    if (!std::filesystem::exists(o.checkpoint)) continue;  // deadlocks without faults: nothing to record
    const auto lines = lines_of(o.checkpoint);
    for (std::size_t keep : {std::size_t{1}, lines.size() / 2, lines.size()}) {
      write_lines(o.checkpoint, lines, keep, keep < lines.size() ? lines[keep].substr(0, 7) : "");
      expect_reference(want, search_deadlock_faults(*s.routing, *s.model, o));
      EXPECT_EQ(lines_of(o.checkpoint), lines) << "the resumed run did not rebuild the same file";
    }
  }
}

TEST(DeadlockShards, AnotherQuestionOrDamageIsOneClearError) {
  RouteSetup s = make_route_setup("mesh(4,4)", "dor", "links");
  DeadlockSearchOptions o;
  o.k = 2;
  o.chunk_sets = 8;
  o.checkpoint = fresh("damage").string();
  search_deadlock_faults(*s.routing, *s.model, o);
  const auto lines = lines_of(o.checkpoint);
  ASSERT_GE(lines.size(), 4u);
  o.k = 3;
  try {
    search_deadlock_faults(*s.routing, *s.model, o);
    FAIL() << "another k was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("k 3 here, 2 there"), std::string::npos) << e.what();  // there: the file
  }
  o.k = 2;
  // Resealed, as a forger who knows the rule would: the search's own checks refuse it.
  auto expect_damage = [&](std::size_t at, const std::string& with) {
    auto changed = lines;
    changed[at] = with;
    write_lines(o.checkpoint, resealed(changed), changed.size());
    EXPECT_THROW(search_deadlock_faults(*s.routing, *s.model, o), InputError) << with;
  };
  expect_damage(2, "{not json");
  expect_damage(2, lines[3]);                                        // out of order
  expect_damage(2, R"({"shard": 1, "level": 1, "first": 8})");      // fields missing
  expect_damage(2, R"({"shard": 1, "level": 2, "first": 8, "reads": [], "failed": null})");  // another chunk
  expect_damage(2, R"({"shard": 1, "level": 1, "first": 8, "reads": [[1]], "failed": null})");  // too few sets
  nlohmann::json beyond = nlohmann::json::parse(lines[2]);  // a failure past the chunk's last set
  beyond["failed"] = beyond["reads"].size();
  expect_damage(2, beyond.dump());
  nlohmann::json stranger = nlohmann::json::parse(lines[2]);  // a unit that does not exist
  stranger["reads"][0] = nlohmann::json::array({s.model->universe().size()});
  expect_damage(2, stranger.dump());
  nlohmann::json fake = nlohmann::json::parse(lines[2]);  // a failure where the sets are FREE
  fake["failed"] = 1;
  fake["reads"] = nlohmann::json::array({fake["reads"][0]});
  expect_damage(2, fake.dump());
  auto longer = lines;  // a record beyond the end
  longer.push_back(lines.back());
  write_lines(o.checkpoint, resealed(longer), longer.size());
  EXPECT_THROW(search_deadlock_faults(*s.routing, *s.model, o), InputError);
  auto edited = lines;  // an edit without its seal: refused for the seal, naming the line
  edited[2] = fake.dump();
  write_lines(o.checkpoint, edited, edited.size());
  try {
    search_deadlock_faults(*s.routing, *s.model, o);
    ADD_FAILURE() << "an unsealed edit was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("line 3 does not match its seal"), std::string::npos) << e.what();
  }
}

// A forged record that keeps every check (a set said to read nothing, so
// that the search never extends it) is taken on trust, and the result says
// so; --recheck-resumed analyses every recorded shard again and refuses it.
TEST(DeadlockShards, WhatAResumedSearchBelievesItSays) {
  RouteSetup s = make_route_setup("mesh(4,4)", "dor", "links");
  DeadlockSearchOptions o;
  o.k = 2;
  o.chunk_sets = 8;
  o.checkpoint = fresh("trust").string();
  const DeadlockSearchResult fresh_run = search_deadlock_faults(*s.routing, *s.model, o);
  const auto lines = lines_of(o.checkpoint);
  ASSERT_GE(lines.size(), 3u);
  const DeadlockSearchResult resumed = search_deadlock_faults(*s.routing, *s.model, o);
  EXPECT_EQ(resumed.analyses, fresh_run.analyses);
  ASSERT_TRUE(resumed.coverage.resumed);
  EXPECT_EQ(resumed.coverage.resumed->taken, lines.size() - 1);
  EXPECT_NE(resumed.coverage.resumed->trusted.find("FREE"), std::string::npos);
  EXPECT_NE(resumed.coverage.text().find("taken on trust"), std::string::npos);
  o.recheck_resumed = true;
  const DeadlockSearchResult rechecked = search_deadlock_faults(*s.routing, *s.model, o);
  EXPECT_EQ(rechecked.analyses, fresh_run.analyses);
  ASSERT_TRUE(rechecked.coverage.resumed);
  EXPECT_EQ(rechecked.coverage.resumed->rechecked, lines.size() - 1);
  EXPECT_TRUE(rechecked.coverage.resumed->trusted.empty());
  EXPECT_EQ(lines_of(o.checkpoint), lines) << "a re-check appends nothing";
  // The level-1 records only, each saying its sets read nothing: level 2 is then empty.
  std::vector<std::string> forged{lines[0]};
  for (std::size_t i = 1; i < lines.size(); ++i) {
    nlohmann::json rec = nlohmann::json::parse(lines[i]);
    if (rec["level"] != 1) break;
    for (auto& reads : rec["reads"]) reads = nlohmann::json::array();
    forged.push_back(rec.dump());
  }
  ASSERT_GE(forged.size(), 2u);
  write_lines(o.checkpoint, resealed(forged), forged.size());
  o.recheck_resumed = false;
  const DeadlockSearchResult believed = search_deadlock_faults(*s.routing, *s.model, o);
  EXPECT_LT(believed.analyses, fresh_run.analyses);  // fault sets it never analysed...
  ASSERT_TRUE(believed.coverage.resumed);            // ...believed, and said to be
  EXPECT_FALSE(believed.coverage.resumed->trusted.empty());
  write_lines(o.checkpoint, resealed(forged), forged.size());
  o.recheck_resumed = true;
  EXPECT_THROW(search_deadlock_faults(*s.routing, *s.model, o), InputError);
}

// A file named by mistake that holds no whole line is not overwritten.
TEST(DeadlockShards, AFileThatIsNotACheckpointIsLeftAlone) {
  RouteSetup s = make_route_setup("mesh(3,3)", "dor", "links");
  DeadlockSearchOptions o;
  o.k = 1;
  o.checkpoint = fresh("not-mine").string();
  std::ofstream(o.checkpoint) << "my notes, no newline";
  EXPECT_THROW(search_deadlock_faults(*s.routing, *s.model, o), InputError);
  EXPECT_EQ(lines_of(o.checkpoint), std::vector<std::string>{"my notes, no newline"});
  std::ofstream(o.checkpoint, std::ios::trunc) << R"({"format":"menger-dead)";  // a header cut by a kill
  EXPECT_NO_THROW(search_deadlock_faults(*s.routing, *s.model, o));
}

TEST(DeadlockShards, ABudgetUnderAFarmIsRefused) {
  RouteSetup s = make_route_setup("mesh(3,3)", "dor", "links");
  DeadlockSearchOptions o;
  o.k = 1;
  o.budget = Budget::until(Clock::now() + std::chrono::seconds(10));
  testing::LaggingFarm farm(2);
  o.farm = &farm;
  EXPECT_THROW(search_deadlock_faults(*s.routing, *s.model, o), InputError);
}

}  // namespace
}  // namespace menger
