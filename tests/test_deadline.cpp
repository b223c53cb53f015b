// The command-wide budget (core/deadline.h): scopes, the checks in building a
// network and its automorphism group, nauty in a child process giving the
// same group as nauty in this process, and the memory limit (issue 36).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cerrno>
#include <fstream>
#include <thread>

#include "core/deadline.h"
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

TEST(Deadline, ScopesNestAndAnInnerScopeNeverExtends) {
  EXPECT_FALSE(ambient_deadline());
  const auto soon = Clock::now() + 1h;
  {
    const DeadlineScope outer(soon);
    EXPECT_EQ(ambient_deadline(), soon);
    {
      const DeadlineScope later(soon + 1h);  // cannot push the outer deadline back
      EXPECT_EQ(ambient_deadline(), soon);
      const DeadlineScope earlier(soon - 30min);
      EXPECT_EQ(ambient_deadline(), soon - 30min);
    }
    EXPECT_EQ(ambient_deadline(), soon);
    const DeadlineScope none(std::nullopt);  // no budget of its own: the outer one holds
    EXPECT_EQ(ambient_deadline(), soon);
    EXPECT_EQ(earliest_deadline(soon + 1h), soon);
    EXPECT_EQ(earliest_deadline(soon - 1h), soon - 1h);
  }
  EXPECT_FALSE(ambient_deadline());
  EXPECT_EQ(earliest_deadline(soon), soon);
  EXPECT_NO_THROW(check_deadline("anything"));
}

TEST(Deadline, APassedDeadlineThrowsWithThePhaseAndHowFarItGot) {
  const DeadlineScope passed(Clock::now() - 1s);
  EXPECT_TRUE(deadline_passed());
  try {
    check_deadline("counting sheep", 3, 12);
    FAIL() << "no BudgetExhausted";
  } catch (const BudgetExhausted& e) {
    EXPECT_EQ(e.phase(), "counting sheep");
    EXPECT_DOUBLE_EQ(e.fraction_done(), 0.25);
    EXPECT_STREQ(e.what(), "the budget ran out while counting sheep (25.0% of it done)");
  }
}

TEST(Deadline, BuildingANetworkStopsAtThePassedDeadline) {
  auto topology = Registry::builtin().build("torus(8,8)");
  {
    const DeadlineScope passed(Clock::now() - 1s);
    try {
      Network net(topology);
      FAIL() << "materialised a network past the deadline";
    } catch (const BudgetExhausted& e) {
      EXPECT_EQ(e.phase(), "materialising the network");
    }
  }
  const DeadlineScope ample(Clock::now() + 1h);
  EXPECT_EQ(Network(topology).num_nodes(), 64u);
}

// Reading a network file checks the budget as nodes and links arrive (a file
// of 10^8 lines takes minutes), whatever the format.
TEST(Deadline, ReadingANetworkFileStopsAtThePassedDeadline) {
  testing::ScratchDir dir("menger_deadline_");
  const auto file = dir.path() / "ring.edges";
  std::ofstream(file) << "a b\nb c\nc a\n";
  EXPECT_EQ(Network(read_network_file(file, "file(ring.edges)")).num_nodes(), 3u);
  const DeadlineScope passed(Clock::now() - 1s);
  try {
    read_network_file(file, "file(ring.edges)");
    FAIL() << "read a file past the deadline";
  } catch (const BudgetExhausted& e) {
    EXPECT_EQ(e.phase(), "reading file " + file.string());
  }
}

// nauty under a deadline runs in a child process and sends its result back
// through a pipe: the same generators, order and orbits as in this process.
TEST(Deadline, NautyInAChildProcessGivesTheSameGroup) {
  for (const char* spec : {"hypercube(4)", "torus(3,4)", "hdn(base=hypercube(3), k=1, s=[4])", "kary_ntree(2,3)",
                           "min(stages=3, radix=2, wiring=random)"}) {
    SCOPED_TRACE(spec);
    auto in = make(spec, UnitChoice::Nodes);
    for (Preserve keep : {Preserve::Links, Preserve::Ports}) {
      const NodeGroup here = fault_model_automorphisms(*in.model, {}, keep);
      NodeGroup there;
      {
        const DeadlineScope ample(Clock::now() + 1h);
        there = fault_model_automorphisms(*in.model, {}, keep);
      }
      EXPECT_EQ(here.order, there.order);
      EXPECT_EQ(here.generators, there.generators);
      EXPECT_EQ(here.root, there.root);
    }
  }
  ColouredGraph empty;  // no vertices: nothing to send but the order
  const DeadlineScope ample(Clock::now() + 1h);
  EXPECT_EQ(nauty_automorphisms(empty).order_text(), "1");
}

// A deadline that passes while nauty runs stops it, and the child is reaped.
// The deadline is already past when the child starts, so the kill path runs
// whatever the machine's speed.
TEST(Deadline, NautyStopsAtTheDeadlineAndLeavesNoChild) {
  ColouredGraph cycle;  // C_5: nauty would finish at once if it were let
  cycle.n = 5;
  cycle.colour.assign(5, 0);
  for (std::uint32_t v = 0; v < 5; ++v) cycle.edges.emplace_back(v, (v + 1) % 5);
  EXPECT_THROW(nauty_automorphisms_in_child(cycle, Clock::now()), BudgetExhausted);
  errno = 0;
  EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
  EXPECT_EQ(nauty_automorphisms_in_child(cycle, Clock::now() + 1h).order_text(), "10");  // nauty still works
  EXPECT_THROW(nauty_automorphisms_in_child(ColouredGraph{2, {{0, 0}}, {0, 0}}, Clock::now() + 1h), InputError);
}

// The memory limit is process-wide: each test below sets its own and puts the
// default back, and opens a scope afterwards so that the sticky "limit
// reached" of the test does not stop the next one.
struct MemoryLimitGuard {
  explicit MemoryLimitGuard(std::uint64_t bytes) { set_memory_limit(bytes); }
  ~MemoryLimitGuard() {
    set_memory_limit(0);
    const DeadlineScope fresh(std::nullopt);
  }
};

// deadline_passed() reads the resident size at most every few milliseconds:
// poll it for up to a second.
bool passes_within_a_second() {
  const auto until = Clock::now() + 1s;
  while (Clock::now() < until)
    if (deadline_passed()) return true;
    else std::this_thread::sleep_for(1ms);
  return false;
}

TEST(Deadline, TheMemoryLimitStopsTheNextCheckOnceTheMemoryIsResident) {
  const std::uint64_t before = resident_bytes();
  ASSERT_GT(before, 0u) << "/proc/self/statm is not readable";
  const MemoryLimitGuard guard(before + (std::uint64_t{64} << 20));  // 64 MiB more than now
  {
    const DeadlineScope command(std::nullopt);  // a new command starts below the limit
    std::this_thread::sleep_for(10ms);
    EXPECT_FALSE(deadline_passed());
    std::vector<char> block(std::size_t{160} << 20);
    for (std::size_t i = 0; i < block.size(); i += 4096) block[i] = static_cast<char>(i / 4096 + 1);  // resident
    ASSERT_TRUE(passes_within_a_second()) << "resident " << resident_bytes() << " of a limit of " << memory_limit();
    EXPECT_EQ(stop_cause(), StopCause::Memory);
    EXPECT_NE(stop_reason().find("the memory limit ("), std::string::npos) << stop_reason();
    try {
      check_deadline("filling memory", 1, 4);
      FAIL() << "no BudgetExhausted past the memory limit";
    } catch (const BudgetExhausted& e) {
      EXPECT_EQ(e.cause(), StopCause::Memory);
      EXPECT_EQ(e.phase(), "filling memory");
      EXPECT_NE(std::string(e.what()).find("was reached while filling memory (25.0% of it done)"), std::string::npos)
          << e.what();
    }
    EXPECT_NE(block[4096], 0);
  }
  // Sticky until the next command (or claim instance) opens its scope.
  EXPECT_TRUE(deadline_passed());
  set_memory_limit(0);
  const DeadlineScope next(std::nullopt);
  EXPECT_FALSE(deadline_passed());
  EXPECT_EQ(stop_cause(), StopCause::Time);
}

TEST(Deadline, AnAllocationTooBigForTheLimitIsRefusedBeforeItIsMade) {
  const MemoryLimitGuard guard(resident_bytes() + (std::uint64_t{256} << 20));
  const DeadlineScope command(std::nullopt);
  EXPECT_NO_THROW(check_memory_for("making a small table", std::uint64_t{1} << 20));
  EXPECT_FALSE(deadline_passed());
  try {
    check_memory_for("making a big table", std::uint64_t{1} << 40);
    FAIL() << "a terabyte fits under the limit";
  } catch (const BudgetExhausted& e) {
    EXPECT_EQ(e.cause(), StopCause::Memory);
    EXPECT_EQ(e.phase(), "making a big table, which needs 1024.0 GiB more");
  }
  EXPECT_TRUE(deadline_passed());  // the command stops: later checks say why
  EXPECT_EQ(stop_cause(), StopCause::Memory);
}

// nauty's child process counts against the limit too, and is reaped.
TEST(Deadline, NautyInItsChildStopsAtTheMemoryLimit) {
  ColouredGraph cycle;
  cycle.n = 5;
  cycle.colour.assign(5, 0);
  for (std::uint32_t v = 0; v < 5; ++v) cycle.edges.emplace_back(v, (v + 1) % 5);
  {
    const MemoryLimitGuard guard(resident_bytes() / 2 + 1);  // already passed
    const DeadlineScope command(std::nullopt);
    try {
      nauty_automorphisms_in_child(cycle, Clock::now() + 1h);
      FAIL() << "nauty ran past the memory limit";
    } catch (const BudgetExhausted& e) {
      EXPECT_EQ(e.cause(), StopCause::Memory);
      EXPECT_EQ(e.phase(), "computing the automorphism group");
    }
    errno = 0;
    EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);
    EXPECT_EQ(errno, ECHILD);
  }
  EXPECT_EQ(nauty_automorphisms_in_child(cycle, Clock::now() + 1h).order_text(), "10");
}

// A bit-parallel batch over a path of 200,000 nodes is 200,000 levels (about
// a minute); the budget is checked at every level, so the search stops within
// milliseconds of it, with the batch not counted.
TEST(Deadline, DistancesStopInsideABatchOfSources) {
  const Network net(Registry::builtin().build("mesh(200000)"));
  for (DistanceMethod method : {DistanceMethod::BitParallel, DistanceMethod::PerSource}) {
    DistanceOptions opts;
    opts.method = method;
    opts.deadline = Clock::now() + 100ms;
    const auto start = Clock::now();
    const DistanceSummary d = terminal_distances(net, opts);
    EXPECT_LT(Clock::now() - start, 3s);
    EXPECT_FALSE(d.complete());
    EXPECT_EQ(d.sources_total, 200000u);
    EXPECT_LT(d.sources_done, 200000u);
    EXPECT_EQ(d.pairs, d.sources_done * 199999u);  // only whole sources count
  }
  const DeadlineScope passed(Clock::now() - 1s);  // the command's deadline stops it too
  EXPECT_EQ(terminal_distances(net).sources_done, 0u);
}

}  // namespace
}  // namespace menger
