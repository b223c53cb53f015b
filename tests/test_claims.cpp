// Claim files and the prove runner: parsing, per-instance values, verdicts
// against expectations, reports, and one clear error per malformed claim.
#include <gtest/gtest.h>

#include <map>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "claims/html_report.h"
#include "claims/report.h"
#include "claims/runner.h"
#include "core/error.h"
#include "scratch_dir.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

class ClaimsTest : public ::testing::Test {
 protected:
  testing::ScratchDir scratch{"menger_claims_"};
  const fs::path dir = scratch.path();
  fs::path write(const std::string& name, const std::string& text) {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name) << text;
    return dir / name;
  }
  ProveReport run(ProveOptions opts = {}) { return prove({dir}, opts); }
};

const char* const kHeader = R"TOML(
title = "t"
statement = "s"
[source]
paper = "002"
where = "Section 2.1"
)TOML";

TEST_F(ClaimsTest, VerdictsAreComparedWithTheExpectation) {
  write("002/diameter.toml", std::string(kHeader) + R"TOML(
[property]
kind = "structure"
diameter = "2*n"
[[instance]]
model = "mikant(3,3)"
expect = "holds"
[[instance]]
model = "mikant(2,2)"
expect = "fails"
)TOML");
  ProveReport r = run();
  ASSERT_EQ(r.claims.size(), 1u);
  EXPECT_EQ(r.claims[0].claim->id, "002/diameter");  // path under the directory given
  ASSERT_EQ(r.instances(), 2u);
  EXPECT_TRUE(r.claims[0].instances[0].as_expected());
  EXPECT_EQ(kind_of(r.claims[0].instances[1].result->verdict), VerdictKind::Holds);
  EXPECT_FALSE(r.claims[0].instances[1].as_expected());  // expected fails, got HOLDS
  EXPECT_FALSE(r.all_as_expected());
}

TEST_F(ClaimsTest, FailsCarriesTheNumbersAndInstanceValuesOverride) {
  write("c.toml", std::string(kHeader) + R"TOML(
[property]
kind = "structure"
nodes = 1
[[instance]]
model = "mikant(3,3)"
expect = "fails"
[[instance]]
model = "mikant(3,3)"
expect = "holds"
[instance.property]
nodes = "2*(n-1)*k^(n-1) + 2*k^n"
)TOML");
  ProveReport r = run();
  ASSERT_EQ(r.instances(), 2u);
  EXPECT_TRUE(r.all_as_expected());
  const auto& fails = std::get<Fails>(r.claims[0].instances[0].result->verdict);
  EXPECT_EQ(fails.witness["mismatches"][0]["observed"]["exact"], "90");
  EXPECT_EQ(fails.witness["mismatches"][0]["expected"], "1");
  std::ostringstream table;
  print_report(table, r, ReportOptions{false, false, std::nullopt});
  EXPECT_NE(table.str().find("nodes: formula 1 = 1; graph 90 (DIFFERS)"), std::string::npos) << table.str();
  EXPECT_NE(table.str().find("all as expected"), std::string::npos);
  const nlohmann::json j = report_json(r, ReportOptions{false, false, std::nullopt});
  EXPECT_EQ(j["summary"]["instances"], 2);
  EXPECT_EQ(j["claims"][0]["instances"][0]["verdict"], "FAILS");
  EXPECT_FALSE(j["claims"][0]["instances"][0].contains("seconds"));  // --no-timing
}

// Issue 38: a route-tolerance claim searched by the lazy search re-checks its
// proof -- of every set up to the claimed count, and of the sets below the
// least defeating one for an exact claim -- and its page says so.
TEST_F(ClaimsTest, RouteToleranceClaimsReCheckTheirProofs) {
  write("route.toml", std::string(kHeader) + R"TOML(
[property]
kind = "route-tolerance"
routing = "ft-torus"
faults = "nodes"
excuse_disconnected = true
[[instance]]
model = "torus(4,4)"
expect = "holds"
[instance.property]
tolerates_at_least = 2
[[instance]]
model = "torus(4,4)"
expect = "holds"
[instance.property]
tolerates = 3
[[instance]]
model = "torus(4,4)"
expect = "holds"
[instance.property]
tolerates_at_least = 2
search = "symbolic"
)TOML");
  ProveReport r = run();
  std::ostringstream table;
  print_report(table, r, ReportOptions{false, false, std::nullopt});
  ASSERT_TRUE(r.all_as_expected()) << table.str();
  const nlohmann::json j = report_json(r, ReportOptions{false, false, std::nullopt});
  const auto& inst = j["claims"][0]["instances"];
  for (int n : {0, 1, 2}) {  // the lazy search's two, then the symbolic search's
    const auto& proof = inst[n]["details"]["proof"];
    EXPECT_NE(proof["rechecked"].get<std::string>().find("every fault set of at most " + std::to_string(n == 1 ? 3 : 2)),
              std::string::npos) << proof;
    EXPECT_GT(proof["pairs"].get<int>(), 0);
  }
  write_html_report(r, ReportOptions{false, false, std::nullopt}, HtmlReportOptions{dir / "html", {}});
  bool said = false;
  for (const auto& e : fs::recursive_directory_iterator(dir / "html")) {
    if (e.path().extension() != ".html") continue;
    std::ifstream in(e.path());
    const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    said = said || page.find("Proof re-checked independently") != std::string::npos;
  }
  EXPECT_TRUE(said);
}

// Deadlock freedom under faults: the search's proof is written and re-checked
// (verify/check/deadlock_proof_check.h); a least failing set of m faults
// proves the sizes below it; without faults there is nothing to prove.
TEST_F(ClaimsTest, DeadlockClaimsUnderFaultsReCheckTheirProofs) {
  write("deadlock.toml", std::string(kHeader) + R"TOML(
[property]
kind = "deadlock-free"
routing = "ft-torus(flow=bubble)"
escape = "1,2"
faults = "nodes"
[[instance]]
model = "torus(5,5)"
expect = "holds"
[instance.property]
k = 2
[[instance]]
model = "torus(4,4)"
expect = "fails"
[instance.property]
k = 3
[[instance]]
model = "torus(4,4)"
expect = "holds"
)TOML");
  ProveReport r = run();
  std::ostringstream table;
  print_report(table, r, ReportOptions{false, false, std::nullopt});
  ASSERT_TRUE(r.all_as_expected()) << table.str();
  const nlohmann::json j = report_json(r, ReportOptions{false, false, std::nullopt});
  const auto& inst = j["claims"][0]["instances"];
  for (int n : {0, 1}) {
    const auto& proof = inst[n]["details"]["proof"];
    EXPECT_EQ(proof["k"].get<int>(), 2) << proof;
    EXPECT_NE(proof["rechecked"].get<std::string>().find("every set of at most 2 nodes covered"), std::string::npos)
        << proof;
    EXPECT_GT(proof["sets"].get<int>(), 0);
  }
  EXPECT_FALSE(inst[2]["details"].contains("proof"));  // k = 0: the certificate alone
}

// Issue 42: the route-tolerance, tolerance and deadlock-free rows fill the
// Paper and Menger cells too (the index showed which k was proved for
// structure and estimate claims only).  The expected cells follow from what
// each engine's own JSON view in the details says, not from known answers.
TEST_F(ClaimsTest, ToleranceRouteAndDeadlockRowsShowThePapersAndMengersValues) {
  write("cells.toml", std::string(kHeader) + R"TOML(
[property]
kind = "tolerance"
faults = "nodes"
min_breaking_weight = "n"
[[instance]]
model = "hypercube(3)"
expect = "holds"
[[instance]]
model = "hypercube(3)"
expect = "fails"
[instance.property]
tolerates = 5
)TOML");
  write("route.toml", std::string(kHeader) + R"TOML(
[property]
kind = "route-tolerance"
routing = "dor"
faults = "nodes"
tolerates = 0
[[instance]]
model = "torus(4,4)"
expect = "holds"
)TOML");
  write("free.toml", std::string(kHeader) + R"TOML(
[property]
kind = "deadlock-free"
routing = "dor"
[[instance]]
model = "torus(4,4)"
expect = "fails"
)TOML");
  ProveReport r = run();
  std::ostringstream table;
  print_report(table, r, ReportOptions{false, false, std::nullopt});
  ASSERT_TRUE(r.all_as_expected()) << table.str();
  const nlohmann::json j = report_json(r, ReportOptions{false, false, std::nullopt});
  std::map<std::string, nlohmann::json> by_file;
  for (const auto& c : j["claims"]) by_file[std::filesystem::path(c["file"].get<std::string>()).filename()] = c;
  const auto& tol = by_file.at("cells.toml")["instances"];
  const auto cut = tol[0]["details"]["result"]["min_breaking_weight"].get<int>();
  EXPECT_EQ(tol[0]["paper_value"], "3");
  EXPECT_EQ(tol[0]["menger_value"], std::to_string(cut));
  EXPECT_EQ(tol[1]["paper_value"], "survives 5");
  EXPECT_EQ(tol[1]["menger_value"], "survives " + std::to_string(cut - 1));
  const auto& route = by_file.at("route.toml")["instances"][0];
  EXPECT_EQ(route["paper_value"], "0");
  EXPECT_EQ(route["details"]["result"]["minimum_proved"], true);
  EXPECT_EQ(route["menger_value"], "0");  // defeated by one fault, the least: it tolerates none
  const auto& free = by_file.at("free.toml")["instances"][0];
  EXPECT_EQ(free["paper_value"], "free");
  EXPECT_EQ(free["menger_value"], free["details"]["result"]["verdict"] == "DEADLOCK" ? "deadlock" : "free");
}

// Issue 23: the table fits 120 columns; a spec too long for its column is cut,
// tagged [mN], and given whole under "Models cut short"; the paper's number
// stands beside Menger's.
TEST_F(ClaimsTest, TheTableFits120ColumnsWithThePapersNumberBesideMengers) {
  const std::string long_model = "min(stages=4, radix=2, wiring=deterministic, packaging=shifted, last_dilation=1)";
  write("a-claim-with-a-rather-long-identifier-to-test-the-width.toml", std::string(kHeader) + R"TOML(
[property]
kind = "structure"
nodes = "2*(n-1)*k^(n-1) + 2*k^n"
[[instance]]
model = "mikant(3,3)"
expect = "holds"
[[instance]]
model = "mikant(3,3)"
expect = "fails"
[instance.property]
nodes = 91
)TOML");
  // A long id with a long model: the details' heading line wraps too.
  write("b-claim-with-a-long-identifier-so-that-its-details-heading-is-long.toml",
        std::string(kHeader) + "[property]\nkind = \"structure\"\nswitches = 16\n[[instance]]\nmodel = \"" +
            long_model + "\"\nexpect = \"holds\"\n");
  ProveReport r = run();
  std::ostringstream table;
  print_report(table, r, ReportOptions{true, true, std::nullopt});
  std::istringstream lines(table.str());
  std::string line, rows;
  for (int n = 0; std::getline(lines, line); ++n) {
    EXPECT_LE(line.size(), 120u) << "line " << n << ": " << line;
    if (line.rfind("  mikant(3,3)", 0) == 0) rows += line + "\n";
  }
  // The paper's 91 beside Menger's 90, on the FAILS row; 90 = 90 on the other.
  EXPECT_NE(rows.find("91"), std::string::npos) << rows;
  EXPECT_NE(rows.find("FAILS"), std::string::npos) << rows;
  const std::string text = table.str();
  EXPECT_NE(text.find("PAPER"), std::string::npos);
  EXPECT_NE(text.find("MENGER"), std::string::npos);
  EXPECT_NE(text.find("[m1] " + long_model), std::string::npos) << text;
  EXPECT_NE(text.find("a-claim-with-a-rather-long-identifier-to-test-the-width\n"), std::string::npos);
  const nlohmann::json j = report_json(r, ReportOptions{false, false, std::nullopt});
  EXPECT_EQ(j["claims"][0]["instances"][1]["paper_value"], "91");
  EXPECT_EQ(j["claims"][0]["instances"][1]["menger_value"], "90");
}

TEST_F(ClaimsTest, ABudgetThatRunsOutIsUnknownWithCoverage) {
  write("c.toml", std::string(kHeader) + R"TOML(
[property]
kind = "structure"
diameter = 18
[[instance]]
model = "rdn(base=hypercube(3), k=2)"
expect = "holds"
)TOML");
  ProveOptions opts;
  opts.budget = std::chrono::seconds(0);
  ProveReport r = run(opts);
  ASSERT_TRUE(r.claims[0].instances[0].result);
  const auto& v = r.claims[0].instances[0].result->verdict;
  ASSERT_EQ(kind_of(v), VerdictKind::Unknown);
  // The instance's budget covers building its network (core/budget.h):
  // with none at all, the UNKNOWN names that phase.
  EXPECT_NE(std::get<Unknown>(v).reason.find("the budget ran out while materialising the network"), std::string::npos)
      << std::get<Unknown>(v).reason;
  EXPECT_FALSE(r.all_as_expected());
}

TEST_F(ClaimsTest, MalformedClaimsAreErrorsThatNameTheFile) {
  const std::pair<const char*, const char*> cases[] = {
      {"syntax.toml", "title = "},
      {"nostatement.toml", "[source]\npaper='1'\nwhere='x'\n"},
      {"typo.toml", "statment = 's'\n"},
      {"nosource.toml", "statement='s'\n[property]\nkind='structure'\n"},
      {"noinstance.toml", "statement='s'\n[source]\npaper='1'\nwhere='x'\n[property]\nkind='structure'\nnodes=1\n"},
      {"badexpect.toml", "statement='s'\n[source]\npaper='1'\nwhere='x'\n[property]\nkind='structure'\nnodes=1\n"
                         "[[instance]]\nmodel='mikant(3,3)'\nexpect='maybe'\n"},
      {"kind.toml", "statement='s'\n[source]\npaper='1'\nwhere='x'\n[property]\nkind='magic'\n"
                    "[[instance]]\nmodel='mikant(3,3)'\nexpect='holds'\n"},
  };
  for (const auto& [name, text] : cases) write(name, text);
  ProveReport r = run();
  ASSERT_EQ(r.claims.size(), std::size(cases));
  for (const auto& c : r.claims) {
    EXPECT_FALSE(c.error.empty()) << c.file;
    EXPECT_NE(c.error.find(c.file.filename().string()), std::string::npos) << c.error;
  }
  EXPECT_EQ(r.errors(), std::size(cases));
}

TEST_F(ClaimsTest, BadObservablesFormulasAndModelsAreInstanceErrors) {
  write("c.toml", std::string(kHeader) + R"TOML(
[property]
kind = "structure"
nodes = "2*k^n"
[[instance]]
model = "mikant(3,1)"
expect = "holds"
[[instance]]
model = "torus(4,4)"
expect = "holds"
[[instance]]
model = "mikant(2,2)"
expect = "holds"
[instance.property]
girth = 4
)TOML");
  ProveReport r = run();
  const auto& inst = r.claims[0].instances;
  ASSERT_EQ(inst.size(), 3u);
  EXPECT_NE(inst[0].error.find("'n' must be in 2..40"), std::string::npos) << inst[0].error;
  EXPECT_NE(inst[1].error.find("unknown variable 'k'"), std::string::npos) << inst[1].error;
  EXPECT_NE(inst[2].error.find("no observable 'girth'"), std::string::npos) << inst[2].error;
  EXPECT_EQ(r.errors(), 3u);
}

TEST_F(ClaimsTest, FilterAndDuplicateIds) {
  const std::string body = std::string(kHeader) + R"TOML(
[property]
kind = "structure"
diameter = "2*n"
[[instance]]
model = "mikant(2,2)"
expect = "holds"
)TOML";
  write("a/x.toml", body);
  write("b/y.toml", "id = \"a/x\"\n" + body);
  ProveOptions only_b;
  only_b.filter = "b/";
  EXPECT_EQ(run(only_b).claims.size(), 0u);  // y's id is a/x: the filter matches ids, not paths
  ProveReport r = run();
  ASSERT_EQ(r.claims.size(), 2u);
  EXPECT_NE(r.claims[1].error.find("duplicate id a/x"), std::string::npos) << r.claims[1].error;
  EXPECT_THROW(prove({dir / "missing"}, {}), InputError);
}

}  // namespace
}  // namespace menger

namespace menger {
namespace {

TEST_F(ClaimsTest, ToleranceClaimsHoldWithACertificateOrFailWithTheBreakingSet) {
  write("t.toml", std::string(kHeader) + R"TOML(
[property]
kind = "tolerance"
faults = "nodes"
min_breaking_weight = "n"
[[instance]]
model = "hypercube(4)"
expect = "holds"
[[instance]]
model = "mesh(4,4)"
expect = "fails"
[instance.property]
min_breaking_weight = 3
[[instance]]
model = "torus(4,4)"
expect = "holds"
[instance.property]
tolerates = 3
[[instance]]
model = "torus(4,4)"
expect = "fails"
[instance.property]
tolerates = 4
[[instance]]
model = "min(stages=2, radix=2, wiring=deterministic)"
expect = "holds"
[instance.property]
faults = "components"
min_breaking_weight = 2
)TOML");
  ProveReport r = run();
  ASSERT_EQ(r.instances(), 5u);
  EXPECT_TRUE(r.all_as_expected()) << r.claims[0].instances[0].error;
  const auto& inst = r.claims[0].instances;
  EXPECT_FALSE(std::get<Holds>(inst[0].result->verdict).certificate.is_null());
  const auto& mesh = std::get<Fails>(inst[1].result->verdict).witness;
  EXPECT_EQ(mesh["min_breaking_weight"], 2);  // a corner's two neighbours
  EXPECT_EQ(mesh["breaking_set"].size(), 2u);
  const auto& torus = std::get<Fails>(inst[3].result->verdict).witness;
  EXPECT_EQ(torus["min_breaking_weight"], 4);
  EXPECT_NE(inst[4].result->explanation.back().find("lighter fault sets all survive"), std::string::npos);
}

TEST_F(ClaimsTest, MalformedToleranceClaims) {
  const std::pair<const char*, const char*> cases[] = {
      {"nofaults.toml", "[property]\nkind='tolerance'\nmin_breaking_weight=1\n"},
      {"nothing.toml", "[property]\nkind='tolerance'\nfaults='nodes'\n"},
      {"both.toml", "[property]\nkind='tolerance'\nfaults='nodes'\ntolerates=1\nmin_breaking_weight=2\n"},
      {"badfaults.toml", "[property]\nkind='tolerance'\nfaults='wires'\ntolerates=1\n"},
      {"typo.toml", "[property]\nkind='tolerance'\nfaults='nodes'\ntolerate=1\n"},
  };
  for (const auto& [name, prop] : cases)
    write(name, std::string(kHeader) + prop + "[[instance]]\nmodel='torus(3,3)'\nexpect='holds'\n");
  ProveReport r = run();
  for (const auto& c : r.claims) {
    ASSERT_EQ(c.instances.size(), 1u) << c.file;
    EXPECT_FALSE(c.instances[0].error.empty()) << c.file;
  }
}

}  // namespace
}  // namespace menger
