// Claim kinds whose [property] keys come from one table (claims/property_keys.h):
// for each, an unknown key, a missing required key, a missing or doubled choice
// and a value of the wrong type are errors that name the claim file and the key;
// `menger list`'s lines come from the same table.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "claims/property.h"
#include "claims/runner.h"
#include "core/error.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

// A valid [property] body for every kind declared through a table.
struct KindCase {
  const char* kind;
  const char* body;      // a complete, valid [property] body
  const char* required;  // a required key, removed to test the missing-key error
};
const KindCase kCases[] = {
    {"tolerance", "faults = 'nodes'\nmin_breaking_weight = 4\n", "faults"},
    {"route-tolerance", "routing = 'shortest'\nfaults = 'nodes'\ntolerates = 3\n", "routing"},
    {"deadlock-free", "routing = 'dor'\n", "routing"},
    {"same-routing", "routing = 'dor'\nreference = 'dor'\n", "reference"},
    {"opensm-faults", "engine = 'updn'\n", "engine"},
    // Observables: at least one is stated, and the first of them is named when none is.
    {"structure", "nodes = 4\n", "nodes"},
    {"estimate", "experiment = 'completeness'\ntrials = 10\nstatistic = 'faults tolerated'\nat_least = '0'\n", "trials"},
};

class PropertyKeysTest : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("menger_keys_" + std::to_string(::getpid()));
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  // The error of the one instance of a claim with this [property] body ("" if none).
  std::string error_of(const std::string& name, const std::string& kind, const std::string& body) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / name) << "title = 't'\nstatement = 's'\n[source]\npaper = 'known'\nwhere = 'x'\n"
                              << "[property]\nkind = '" << kind << "'\n"
                              << body << "[[instance]]\nmodel = 'hypercube(2)'\nexpect = 'holds'\n";
    ProveReport r = prove({dir}, {});
    if (r.claims.size() != 1) return "no claim";
    if (!r.claims[0].error.empty()) return r.claims[0].error;
    return r.claims[0].instances.empty() ? "" : r.claims[0].instances[0].error;
  }
};

std::string without_key(const std::string& body, const std::string& key) {
  std::string out;
  std::size_t at = 0;
  while (at < body.size()) {
    const std::size_t end = body.find('\n', at);
    const std::string line = body.substr(at, end - at + 1);
    if (line.rfind(key + " =", 0) != 0) out += line;
    at = end + 1;
  }
  return out;
}

TEST_F(PropertyKeysTest, EveryTableKindHasACase) {
  std::size_t tabled = 0;
  for (const PropertyKind& k : property_kinds())
    if (k.keys) {
      ++tabled;
      bool found = false;
      for (const KindCase& c : kCases) found |= k.name == c.kind;
      EXPECT_TRUE(found) << k.name << " declares its keys in a table but has no case here";
    }
  EXPECT_EQ(tabled, std::size(kCases));
}

TEST_F(PropertyKeysTest, ValidBodiesParse) {
  for (const KindCase& c : kCases) {
    const std::string e = error_of("ok.toml", c.kind, c.body);
    EXPECT_EQ(e.find("[property]"), std::string::npos) << c.kind << ": " << e;
    EXPECT_EQ(e.find("needs"), std::string::npos) << c.kind << ": " << e;
  }
}

TEST_F(PropertyKeysTest, UnknownKeyNamesTheFileTheKeyAndTheKeys) {
  for (const KindCase& c : kCases) {
    const std::string e = error_of("unknown.toml", c.kind, std::string(c.body) + "colour = 'red'\n");
    EXPECT_NE(e.find("unknown.toml"), std::string::npos) << e;
    EXPECT_NE(e.find("no key 'colour' for kind " + std::string(c.kind)), std::string::npos) << e;
    EXPECT_NE(e.find(c.required), std::string::npos) << "the message lists the keys: " << e;
  }
}

TEST_F(PropertyKeysTest, MissingKeyNamesTheFileAndTheKey) {
  for (const KindCase& c : kCases) {
    const std::string e = error_of("missing.toml", c.kind, without_key(c.body, c.required));
    EXPECT_NE(e.find("missing.toml"), std::string::npos) << e;
    EXPECT_NE(e.find("needs [property] " + std::string(c.required)), std::string::npos) << e;
  }
}

TEST_F(PropertyKeysTest, ChoicesAreExactlyOne) {
  std::string e = error_of("both.toml", "tolerance", "faults = 'nodes'\nmin_breaking_weight = 4\ntolerates = 3\n");
  EXPECT_NE(e.find("both.toml"), std::string::npos) << e;
  EXPECT_NE(e.find("give min_breaking_weight or tolerates, not both"), std::string::npos) << e;
  e = error_of("none.toml", "route-tolerance", "routing = 'shortest'\nfaults = 'nodes'\n");
  EXPECT_NE(e.find("none.toml"), std::string::npos) << e;
  EXPECT_NE(e.find("states tolerates or tolerates_at_least"), std::string::npos) << e;
}

TEST_F(PropertyKeysTest, TypesAndRangesAreChecked) {
  std::string e = error_of("k.toml", "deadlock-free", "routing = 'dor'\nk = 17\n");
  EXPECT_NE(e.find("k must be a whole number in 0..16, got '17'"), std::string::npos) << e;
  e = error_of("k.toml", "same-routing", "routing = 'dor'\nreference = 'dor'\nk = 'two'\n");
  EXPECT_NE(e.find("k must be a whole number in 0..4, got 'two'"), std::string::npos) << e;
  e = error_of("flag.toml", "route-tolerance",
               "routing = 'shortest'\nfaults = 'nodes'\ntolerates = 3\nexcuse_disconnected = 1\n");
  EXPECT_NE(e.find("'excuse_disconnected' must be true or false"), std::string::npos) << e;
  e = error_of("hops.toml", "route-tolerance", "routing = 'shortest'\nfaults = 'nodes'\ntolerates = 3\nhop_limit = 0\n");
  EXPECT_NE(e.find("hop_limit must be a whole number in 1..999999999"), std::string::npos) << e;
}

TEST_F(PropertyKeysTest, ListLinesComeFromTheTable) {
  for (const PropertyKind& k : property_kinds()) {
    if (!k.keys) continue;
    const auto lines = k.keys->describe();
    for (const PropertyKey& key : k.keys->keys()) {
      bool listed = false;
      for (const auto& line : lines) listed |= line.rfind(key.name + " (", 0) == 0;
      EXPECT_TRUE(listed) << k.name << "." << key.name;
    }
  }
}

// The key types the estimate and structure kinds need, on a table made here.
TEST(PropertyKeysTable, NumbersListsTablesWordsCompanionsAndAtLeastOne) {
  const PropertyKeys keys("demo", "a demo kind",
                          {number_key("share", "a share", between(0, 1, true)), list_key("pair", "two names", 2, 2),
                           text_key("mode", "a mode").one_of({"fast", "slow"}),
                           text_key("speed", "how fast").only_with("mode"), table_key("limits", "limits by name")},
                          {KeyChoice({"share", "pair"}, Choose::AtLeastOne, "what the demo says")});
  auto read = [&](const std::string& body) { return keys.read(toml::parse(body), "demo.toml"); };
  auto error = [&](const std::string& body) {
    try {
      read(body);
      return std::string();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
  };
  const PropertyValues v = read("share = '0.25'\npair = ['a', 'b']\nmode = 'fast'\nspeed = '3'\n[limits]\nx = 1\n");
  EXPECT_EQ(*v.number("share"), 0.25);
  EXPECT_EQ(*v.list("pair"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(v.table("limits")->at("x"), "1");
  EXPECT_EQ(v.given(), (std::vector<std::string>{"limits", "mode", "pair", "share", "speed"}));  // the table's order
  const auto npos = std::string::npos;
  EXPECT_NE(error("share = '1'\n").find("demo.toml: share must be a number in (0, 1), got '1'"), npos);
  EXPECT_NE(error("pair = ['a']\n").find("demo.toml: 'pair' must be a list of 2 strings"), npos);
  EXPECT_NE(error("share = '0.5'\nmode = 'medium'\n").find("'mode' is fast or slow, got 'medium'"), npos);
  EXPECT_NE(error("share = '0.5'\nspeed = '3'\n").find("speed goes with mode"), npos);
  EXPECT_NE(error("share = '0.5'\nlimits = 3\n").find("'limits' must be a table [property.limits]"), npos);
  EXPECT_NE(error("mode = 'fast'\n").find("a demo claim needs [property] share or pair (at least one: what the demo says)"),
            npos);
  EXPECT_TRUE(keys.exclusive_keys().empty());  // at-least-one groups do not replace each other in instances
  const std::vector<std::string> lines = keys.describe();
  EXPECT_EQ(lines.at(0), "share (number in (0, 1))  a share");
  EXPECT_EQ(lines.at(1), "pair (list of 2 texts)  two names");
  EXPECT_EQ(lines.at(2), "mode (fast|slow)  a mode");
  EXPECT_EQ(lines.at(3), "speed (text, with mode)  how fast");
  EXPECT_EQ(lines.at(5), "at least one of: share, pair  (what the demo says)");
}

// The structure kind's keys are its observables: an unknown one is named as such.
TEST_F(PropertyKeysTest, StructureNamesAnUnknownObservable) {
  const std::string e = error_of("girth.toml", "structure", "girth = 4\n");
  EXPECT_NE(e.find("girth.toml: [property] has no key 'girth' for kind structure: no observable 'girth'"),
            std::string::npos)
      << e;
  EXPECT_NE(error_of("tol.toml", "structure", "nodes = 4\n[property.tolerance]\ndiameter = 1\n")
                .find("tolerance for 'diameter', which the claim does not state"),
            std::string::npos);
}

}  // namespace
}  // namespace menger
