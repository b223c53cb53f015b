// The budget of one question (core/budget.h): narrowing and cancellation, the
// checks in building a network and its automorphism group, nauty in a child
// process giving the same group as nauty in this process, and the memory
// limit (issue 36).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cerrno>
#include <fstream>
#include <thread>

#include "core/budget.h"
#include "core/error.h"
#include "core/network.h"
#include "models/families.h"
#include "models/registry.h"
#include "scratch_dir.h"
#include "test_instance.h"
#include "verify/symmetry/automorphisms.h"
#include "verify/structure/distances.h"
#include "verify/symmetry/nauty_group.h"

namespace menger {
namespace {

using testing::make;
using namespace std::chrono_literals;

// A narrowing ends no later than its parent and shares its cancellation.
TEST(Budget, NarrowingNeverExtendsAndSharesTheToken) {
  const Budget none;
  EXPECT_FALSE(none.deadline());
  EXPECT_NO_THROW(none.check("anything"));
  const auto soon = Clock::now() + 1h;
  const Budget outer = Budget::until(soon);
  EXPECT_EQ(outer.deadline(), soon);
  EXPECT_EQ(outer.narrowed(soon + 1h).deadline(), soon);  // cannot push the outer deadline back
  EXPECT_EQ(outer.narrowed(soon - 30min).deadline(), soon - 30min);
  EXPECT_EQ(outer.narrowed(std::optional<Clock::time_point>()).deadline(), soon);  // none of its own
  EXPECT_EQ(none.narrowed(soon).deadline(), soon);
  const Budget inner = outer.narrowed(soon - 1min), copy = inner;
  EXPECT_FALSE(copy.passed());
  outer.cancel();  // the parent's cancellation reaches every narrowing and copy
  EXPECT_TRUE(inner.passed());
  EXPECT_TRUE(copy.passed());
  EXPECT_EQ(copy.cause(), StopCause::Interrupted);
  EXPECT_EQ(copy.reason(), "the run was interrupted");
  EXPECT_FALSE(none.passed()) << "another budget is not cancelled";
  outer.clear_cancel();
  EXPECT_FALSE(inner.passed());
}

TEST(Budget, APassedDeadlineThrowsWithThePhaseAndHowFarItGot) {
  const Budget passed = Budget::until(Clock::now() - 1s);
  EXPECT_TRUE(passed.passed());
  try {
    passed.check("counting sheep", 3, 12);
    FAIL() << "no BudgetExhausted";
  } catch (const BudgetExhausted& e) {
    EXPECT_EQ(e.phase(), "counting sheep");
    EXPECT_DOUBLE_EQ(e.fraction_done(), 0.25);
    EXPECT_STREQ(e.what(), "the budget ran out while counting sheep (25.0% of it done)");
  }
}

// The test stop (MENGER_TEST_BUDGET_CHECKS) counts the checks of one budget
// and its narrowings, and names itself.
TEST(Budget, TheTestStopCountsChecksAndNamesItself) {
  const Budget b;
  b.stop_after_checks(2);
  const Budget part = b.narrowed(std::optional<Clock::time_point>());
  EXPECT_FALSE(b.passed());
  EXPECT_FALSE(part.passed());
  EXPECT_TRUE(b.passed());
  EXPECT_NE(b.reason().find("the test budget of 2 checks"), std::string::npos) << b.reason();
  b.stop_after_checks(-1);
  EXPECT_FALSE(part.passed());
}

TEST(Budget, BuildingANetworkStopsAtThePassedDeadline) {
  auto topology = Registry::builtin().build("torus(8,8)");
  {
    const Budget passed = Budget::until(Clock::now() - 1s);
    try {
      Network net(topology, passed);
      FAIL() << "materialised a network past the deadline";
    } catch (const BudgetExhausted& e) {
      EXPECT_EQ(e.phase(), "materialising the network");
    }
  }
  EXPECT_EQ(Network(topology, Budget::until(Clock::now() + 1h)).num_nodes(), 64u);
}

// Reading a network file checks the budget as nodes and links arrive (a file
// of 10^8 lines takes minutes), whatever the format.
TEST(Budget, ReadingANetworkFileStopsAtThePassedDeadline) {
  testing::ScratchDir dir("menger_deadline_");
  const auto file = dir.path() / "ring.edges";
  std::ofstream(file) << "a b\nb c\nc a\n";
  EXPECT_EQ(Network(read_network_file(file, "file(ring.edges)")).num_nodes(), 3u);
  try {
    read_network_file(file, "file(ring.edges)", Budget::until(Clock::now() - 1s));
    FAIL() << "read a file past the deadline";
  } catch (const BudgetExhausted& e) {
    EXPECT_EQ(e.phase(), "reading file " + file.string());
  }
}

// nauty under a deadline runs in a child process and sends its result back
// through a pipe: the same generators, order and orbits as in this process.
TEST(Budget, NautyInAChildProcessGivesTheSameGroup) {
  for (const char* spec : {"hypercube(4)", "torus(3,4)", "hdn(base=hypercube(3), k=1, s=[4])", "kary_ntree(2,3)",
                           "min(stages=3, radix=2, wiring=random)"}) {
    SCOPED_TRACE(spec);
    auto in = make(spec, UnitChoice::Nodes);
    for (Preserve keep : {Preserve::Links, Preserve::Ports}) {
      const NodeGroup here = fault_model_automorphisms(*in.model, {}, keep);
      const NodeGroup there = fault_model_automorphisms(*in.model, {}, keep, {}, Budget::until(Clock::now() + 1h));
      EXPECT_EQ(here.order, there.order);
      EXPECT_EQ(here.generators, there.generators);
      EXPECT_EQ(here.root, there.root);
    }
  }
  ColouredGraph empty;  // no vertices: nothing to send but the order
  EXPECT_EQ(nauty_automorphisms(empty, Budget::until(Clock::now() + 1h)).order_text(), "1");
}

// A deadline that passes while nauty runs stops it, and the child is reaped.
// The deadline is already past when the child starts, so the kill path runs
// whatever the machine's speed.
TEST(Budget, NautyStopsAtTheDeadlineAndLeavesNoChild) {
  ColouredGraph cycle;  // C_5: nauty would finish at once if it were let
  cycle.n = 5;
  cycle.colour.assign(5, 0);
  for (std::uint32_t v = 0; v < 5; ++v) cycle.edges.emplace_back(v, (v + 1) % 5);
  EXPECT_THROW(nauty_automorphisms_in_child(cycle, Budget::until(Clock::now())), BudgetExhausted);
  errno = 0;
  EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
  const Budget ample = Budget::until(Clock::now() + 1h);
  EXPECT_EQ(nauty_automorphisms_in_child(cycle, ample).order_text(), "10");  // nauty still works
  EXPECT_THROW(nauty_automorphisms_in_child(ColouredGraph{2, {{0, 0}}, {0, 0}}, ample), InputError);
}

// Budget::passed() reads the resident size at most every few milliseconds:
// poll it for up to a second.
bool passes_within_a_second(const Budget& b) {
  const auto until = Clock::now() + 1s;
  while (Clock::now() < until)
    if (b.passed()) return true;
    else std::this_thread::sleep_for(1ms);
  return false;
}

TEST(Budget, TheMemoryLimitStopsTheNextCheckOnceTheMemoryIsResident) {
  const std::uint64_t before = resident_bytes();
  ASSERT_GT(before, 0u) << "/proc/self/statm is not readable";
  const Budget root = Budget::until(std::nullopt, before + (std::uint64_t{64} << 20));  // 64 MiB more than now
  const Budget command = root.narrowed(std::optional<Clock::time_point>());
  {
    std::this_thread::sleep_for(10ms);
    EXPECT_FALSE(command.passed());
    std::vector<char> block(std::size_t{160} << 20);
    for (std::size_t i = 0; i < block.size(); i += 4096) block[i] = static_cast<char>(i / 4096 + 1);  // resident
    ASSERT_TRUE(passes_within_a_second(command))
        << "resident " << resident_bytes() << " of a limit of " << command.memory_limit();
    EXPECT_EQ(command.cause(), StopCause::Memory);
    EXPECT_NE(command.reason().find("the memory limit ("), std::string::npos) << command.reason();
    try {
      command.check("filling memory", 1, 4);
      FAIL() << "no BudgetExhausted past the memory limit";
    } catch (const BudgetExhausted& e) {
      EXPECT_EQ(e.cause(), StopCause::Memory);
      EXPECT_EQ(e.phase(), "filling memory");
      EXPECT_NE(std::string(e.what()).find("was reached while filling memory (25.0% of it done)"), std::string::npos)
          << e.what();
    }
    EXPECT_NE(block[4096], 0);
  }
  EXPECT_TRUE(command.passed());  // sticky for this budget
}

// The memory limit reached is sticky for the budget that reached it, and the
// next narrowing of the same root (the next claim instance) finds out anew.
TEST(Budget, EachNarrowingWatchesTheMemoryAnew) {
  const Budget root = Budget::until(std::nullopt, resident_bytes() + (std::uint64_t{1} << 30));
  const Budget instance = root.narrowed(std::optional<Clock::time_point>());
  EXPECT_THROW(instance.check_memory_for("a table too big", std::uint64_t{1} << 40), BudgetExhausted);
  EXPECT_TRUE(instance.passed());
  EXPECT_EQ(instance.cause(), StopCause::Memory);
  const Budget next = root.narrowed(std::optional<Clock::time_point>());
  EXPECT_FALSE(next.passed());
  EXPECT_EQ(next.cause(), StopCause::Time);
}

TEST(Budget, AnAllocationTooBigForTheLimitIsRefusedBeforeItIsMade) {
  const Budget command = Budget::until(std::nullopt, resident_bytes() + (std::uint64_t{256} << 20));
  EXPECT_NO_THROW(command.check_memory_for("making a small table", std::uint64_t{1} << 20));
  EXPECT_FALSE(command.passed());
  try {
    command.check_memory_for("making a big table", std::uint64_t{1} << 40);
    FAIL() << "a terabyte fits under the limit";
  } catch (const BudgetExhausted& e) {
    EXPECT_EQ(e.cause(), StopCause::Memory);
    EXPECT_EQ(e.phase(), "making a big table, which needs 1024.0 GiB more");
  }
  EXPECT_TRUE(command.passed());  // the command stops: later checks say why
  EXPECT_EQ(command.cause(), StopCause::Memory);
}

// nauty's child process counts against the limit too, and is reaped.
TEST(Budget, NautyInItsChildStopsAtTheMemoryLimit) {
  ColouredGraph cycle;
  cycle.n = 5;
  cycle.colour.assign(5, 0);
  for (std::uint32_t v = 0; v < 5; ++v) cycle.edges.emplace_back(v, (v + 1) % 5);
  {
    const Budget command = Budget::until(Clock::now() + 1h, resident_bytes() / 2 + 1);  // already passed
    try {
      nauty_automorphisms_in_child(cycle, command);
      FAIL() << "nauty ran past the memory limit";
    } catch (const BudgetExhausted& e) {
      EXPECT_EQ(e.cause(), StopCause::Memory);
      EXPECT_EQ(e.phase(), "computing the automorphism group");
    }
    errno = 0;
    EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);
    EXPECT_EQ(errno, ECHILD);
  }
  EXPECT_EQ(nauty_automorphisms_in_child(cycle, Budget::until(Clock::now() + 1h)).order_text(), "10");
}

// A bit-parallel batch over a path of 200,000 nodes is 200,000 levels (about
// a minute); the budget is checked at every level, so the search stops within
// milliseconds of it, with the batch not counted.
TEST(Budget, DistancesStopInsideABatchOfSources) {
  const Network net(Registry::builtin().build("mesh(200000)"));
  for (DistanceMethod method : {DistanceMethod::BitParallel, DistanceMethod::PerSource}) {
    DistanceOptions opts;
    opts.method = method;
    opts.budget = Budget::until(Clock::now() + 100ms);
    const auto start = Clock::now();
    const DistanceSummary d = terminal_distances(net, opts);
    EXPECT_LT(Clock::now() - start, 3s);
    EXPECT_FALSE(d.complete());
    EXPECT_EQ(d.sources_total, 200000u);
    EXPECT_LT(d.sources_done, 200000u);
    EXPECT_EQ(d.pairs, d.sources_done * 199999u);  // only whole sources count
  }
  DistanceOptions passed;
  passed.budget = Budget::until(Clock::now() - 1s);
  EXPECT_EQ(terminal_distances(net, passed).sources_done, 0u);
}

}  // namespace
}  // namespace menger
