// The subnet manager in the loop (src/setup/opensm_faults.h) with OpenSM and
// ibsim really running: resuming from a work directory (re-checked, and a
// damaged or forged set routed again), refusals, the budget, and the same
// answer whatever the number of simulated subnets at once.  Every set's
// outcome is checked against opensm_run.sh + ibdmchk by
// tests/infiniband/sm_loop_crosscheck.py; the SL-0 reading of the engines
// the catalog's claims use is checked here on the fixtures.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "core/error.h"
#include "io/opensm_session.h"
#include "models/ibsim_net.h"
#include "models/infiniband_dumps.h"
#include "setup/opensm_faults.h"

namespace menger {
namespace {

namespace fs = std::filesystem;
const fs::path kFixtures = fs::path(MENGER_SOURCE_DIR) / "proofs/known/infiniband";

// proofs/known/infiniband-opensm-faults.toml takes path SLs as 0 for UPDN,
// fat-tree and DOR: the SA's answers for every pair of every fixture these
// engines (and minhop, dnup) routed say so.
TEST(OpensmFaults, TheEnginesWithoutPathSlsAnswerSlZero) {
  std::size_t fixtures = 0;
  for (const char* engine : {"minhop", "updn", "dnup", "ftree", "dor"})
    for (const auto& entry : fs::directory_iterator(kFixtures)) {
      const std::string name = entry.path().filename().string();
      if (name.size() < std::string(engine).size() + 1 || name.substr(name.size() - std::string(engine).size() - 1) != "-" + std::string(engine))
        continue;
      SCOPED_TRACE(name);
      ++fixtures;
      const IbPathSls sls = read_path_sls(entry.path() / "path-sls.txt");
      EXPECT_GE(sls.size(), 56u);
      for (const auto& [pair, sl] : sls) EXPECT_EQ(sl, 0u) << pair.first << " -> " << pair.second;
    }
  EXPECT_GE(fixtures, 6u);
}

class OpensmLoop : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string missing = missing_opensm_tools(); !missing.empty())
      GTEST_SKIP() << "needs " << missing << " (scripts/install-deps.sh)";
    work_ = fs::temp_directory_path() / ("menger-test-opensm-faults-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(work_);
  }
  void TearDown() override { fs::remove_all(work_); }

  static OpensmFaultsQuestion dor_on_mesh() {
    OpensmFaultsQuestion q;
    q.engine = "dor";
    q.sls = "zero";
    return q;
  }
  static nlohmann::json sets_of(const Answer& a) {
    nlohmann::json j = to_json(a, Timings::Omit).at("sets");
    for (auto& s : j) s.erase("resumed");
    return j;
  }
  fs::path work_;
};

TEST_F(OpensmLoop, AWorkDirectoryIsResumedAndReChecked) {
  OpensmFaultsQuestion q = dor_on_mesh();
  q.workdir = (work_ / "w").string();
  const fs::path net = kFixtures / "mesh-4x4.net";
  const Answer first = answer_opensm_faults(net, q, Context{});
  const auto& r1 = first.result_as<OpensmFaultsResult>();
  ASSERT_EQ(first.verdict, VerdictKind::Fails);
  EXPECT_EQ(r1.total_sets, 25u);  // no failure, and each of the mesh's 24 links
  EXPECT_EQ(r1.resumed, 0u);
  ASSERT_TRUE(first.recheck);
  EXPECT_TRUE(first.recheck->valid);

  // A second run takes every set from the directory and checks its tables again.
  const Answer again = answer_opensm_faults(net, q, Context{});
  EXPECT_EQ(again.result_as<OpensmFaultsResult>().resumed, 25u);
  ASSERT_TRUE(again.coverage.resumed);
  EXPECT_NE(again.coverage.resumed->trusted.find("OpenSM wrote"), std::string::npos);
  EXPECT_EQ(sets_of(again), sets_of(first));

  // A set whose fabric is not its own, and a set whose tables are damaged, are routed again.
  std::ofstream(work_ / "w/set-3/fabric.net", std::ios::app) << "# forged\n";
  std::ofstream(work_ / "w/set-7/opensm-lfts.dump") << "garbage\n";
  const Answer mended = answer_opensm_faults(net, q, Context{});
  EXPECT_EQ(mended.result_as<OpensmFaultsResult>().resumed, 23u);
  EXPECT_EQ(sets_of(mended), sets_of(first));

  // Another question in the same directory is refused; so is a foreign directory.
  OpensmFaultsQuestion other = q;
  other.engine = "minhop";
  EXPECT_THROW(answer_opensm_faults(net, other, Context{}), InputError);
  fs::create_directories(work_ / "foreign");
  std::ofstream(work_ / "foreign/x") << "x";
  other = q;
  other.workdir = (work_ / "foreign").string();
  EXPECT_THROW(answer_opensm_faults(net, other, Context{}), InputError);
}

TEST_F(OpensmLoop, TheSameAnswerWhateverTheJobs) {
  OpensmFaultsQuestion q;
  q.engine = "ftree";
  q.roots = (kFixtures / "fattree-4x2.roots").string();
  q.k = 2;
  q.sls = "zero";
  q.jobs = 1;
  const Answer one = answer_opensm_faults(kFixtures / "fattree-4x2.net", q, Context{});
  q.jobs = 3;
  const Answer three = answer_opensm_faults(kFixtures / "fattree-4x2.net", q, Context{});
  EXPECT_EQ(to_json(one, Timings::Omit).dump(), to_json(three, Timings::Omit).dump());
  EXPECT_EQ(one.verdict, VerdictKind::Fails);
  EXPECT_EQ(one.result_as<OpensmFaultsResult>().total_sets, 1u + 8u + 28u);
}

TEST_F(OpensmLoop, ARunOutBudgetIsUnknownWithWhatWasCovered) {
  OpensmFaultsQuestion q;
  q.engine = "updn";
  q.roots = (kFixtures / "torus-4x4.roots").string();
  q.sls = "zero";
  q.k = 2;  // 529 sets: minutes
  const Answer a = answer_opensm_faults(kFixtures / "torus-4x4.net", q,
                                        Context{Budget::for_seconds(std::chrono::seconds(2)), {}, nullptr});
  EXPECT_EQ(a.verdict, VerdictKind::Unknown);
  EXPECT_LT(a.coverage.settled, a.coverage.total);
  EXPECT_EQ(a.coverage.total, 529u);
  EXPECT_NE(a.reason.find("fault sets"), std::string::npos) << a.reason;
}

// The fabric as ibnetdiscover printed it (ibsim loads that format too) fails
// under the same link failures as the net file it was discovered from.  The
// two name switches differently: the net file by description (ibsim gives
// switch i of the file GUID 0x200000 + i, tests/infiniband/ib_topology.py),
// ibnetdiscover by GUID ("S-000000000020000e"); both are mapped to GUIDs.
std::set<std::set<std::pair<std::uint64_t, unsigned>>> failing_links(const Answer& a,
                                                                    const std::map<std::string, std::uint64_t>& guid) {
  const auto& r = a.result_as<OpensmFaultsResult>();
  std::set<std::set<std::pair<std::uint64_t, unsigned>>> out;
  for (const auto& s : r.sets) {
    if (!s.fails()) continue;
    std::set<std::pair<std::uint64_t, unsigned>> ends;
    for (std::size_t u : s.units) {
      char a_name[64], b_name[64];
      unsigned pa = 0, pb = 0;
      EXPECT_EQ(std::sscanf(r.unit_names[u].c_str(), "link %63[^[][%u] - %63[^[][%u]", a_name, &pa, b_name, &pb), 4);
      ends.insert({guid.at(a_name), pa});
      ends.insert({guid.at(b_name), pb});
    }
    out.insert(ends);
  }
  return out;
}

TEST_F(OpensmLoop, IbnetdiscoverOutputFailsUnderTheSameFailures) {
  const IbsimNet net = IbsimNet::read(kFixtures / "mesh-4x4.net");
  const IbsimNet seen = IbsimNet::read(kFixtures / "mesh-4x4-dor/ibnetdiscover.txt");
  std::map<std::string, std::uint64_t> by_file, by_name;
  std::uint64_t next = 0x200000;
  for (const auto& n : net.nodes())
    if (n.is_switch) by_file[n.name] = next++;
  for (const auto& n : seen.nodes())
    if (n.is_switch) by_name[n.name] = std::stoull(n.name.substr(2), nullptr, 16);
  const Answer a = answer_opensm_faults(kFixtures / "mesh-4x4.net", dor_on_mesh(), Context{});
  const Answer b = answer_opensm_faults(kFixtures / "mesh-4x4-dor/ibnetdiscover.txt", dor_on_mesh(), Context{});
  EXPECT_EQ(a.result_as<OpensmFaultsResult>().total_sets, b.result_as<OpensmFaultsResult>().total_sets);
  const auto fa = failing_links(a, by_file), fb = failing_links(b, by_name);
  EXPECT_EQ(fa.size(), 12u);
  EXPECT_EQ(fa, fb);
}

TEST_F(OpensmLoop, ImpossibleQuestionsAreRefused) {
  OpensmFaultsQuestion q = dor_on_mesh();
  q.sm_host = "no-such-node";
  EXPECT_THROW(answer_opensm_faults(kFixtures / "mesh-4x4.net", q, Context{}), InputError);
  q = dor_on_mesh();
  q.engine = "torus-2QoS";
  EXPECT_THROW(answer_opensm_faults(kFixtures / "mesh-4x4.net", q, Context{}), InputError);
  q = dor_on_mesh();
  q.roots = "/no/such/roots";
  EXPECT_THROW(answer_opensm_faults(kFixtures / "mesh-4x4.net", q, Context{}), InputError);
}

}  // namespace
}  // namespace menger
