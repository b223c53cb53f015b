// The estimate kind's statement table (claims/estimate_statements.h): every
// statement's keys are keys of the kind, parse when given well, and a misuse
// is one error naming the claim file and the key, before any sampling.  Also
// the study cache: requests that differ only in how they are written share
// one study (RunContext::study keys by the parsed request).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "claims/estimate_statements.h"
#include "claims/estimate_study.h"
#include "claims/property.h"
#include "core/error.h"
#include "models/registry.h"

namespace menger {
namespace {

const char* const kWhere = "claim file s.toml";
const std::string kRequest =
    "kind = 'estimate'\nexperiment = 'routing'\nfaults = 'links'\nroutings = ['mikant-shortest']\n"
    "trials = 10\nstatistic = 'mikant-shortest success'\n";

const std::string kCounts = "counts = '0..2'\n";

toml::table property(const std::string& body) { return toml::parse(kRequest + kCounts + body); }

// The error of preparing an estimate claim with these extra keys ("" when it parses).
std::string prepare_error(const std::string& body) {
  try {
    find_property_kind("estimate")->prepare(property(body), kWhere, {});
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

struct StatementCase {
  const char* statement;
  const char* valid;   // keys stating it well
  const char* misuse;  // keys that misuse it
  const char* error;   // what the misuse's error says
};
const StatementCase kCases[] = {
    {"value", "value = '0.5'\nerror = '0.01'\nrounding = '0.05'\n", "value = '0.5'\nerror = '-1'\n",
     "error must be a number >= 0, got '-1'"},
    {"at_least", "at_least = '0.9'\n", "at_least = 0.9\n", "[property] at_least must be an integer or a string"},
    {"at_most", "at_most = '0.5'\n", "at_most = 'half'\n", "'at_most': 'half' is not a number"},
    {"lowest_of", "lowest_of = 'success'\n", "lowest_of = ['success']\n", "[property] lowest_of must be"},
    {"not_below", "not_below = ['pair connected']\n", "not_below = 'pair connected'\n",
     "'not_below' must be a list of 1 or more strings"},
    {"peaks_inside", "peaks_inside = true\n", "peaks_inside = false\n", "'peaks_inside' states that the curve peaks"},
    {"trend", "trend = 'rising'\n", "trend = 'up'\n", "'trend' is rising or falling, got 'up'"},
    {"close_to", "close_to = 'pair connected'\nwithin = '0.1'\n", "close_to = 'pair connected'\n",
     "close_to goes with within"},
    {"rank_agrees", "rank_agrees = ['success', 'path length']\n", "rank_agrees = ['success']\n",
     "'rank_agrees' must be a list of 2 strings"},
    {"below_model", "below_model = 'mikant(3,3)'\nacross = 'mikant'\n", "below_model = 'mikant(3,3'\n", "below_model: "},
};

TEST(EstimateStatements, EveryStatementHasACaseAndItsKeysAreKeysOfTheKind) {
  const PropertyKeys& keys = *find_property_kind("estimate")->keys;
  for (const StatementType& type : statement_types()) {
    EXPECT_TRUE(std::any_of(std::begin(kCases), std::end(kCases), [&](const StatementCase& c) {
      return c.statement == type.name();
    })) << type.name() << " has no case here";
    for (const PropertyKey& k : type.keys)
      EXPECT_TRUE(std::any_of(keys.keys().begin(), keys.keys().end(), [&](const PropertyKey& x) { return x.name == k.name; }))
          << k.name;
  }
  EXPECT_EQ(statement_types().size(), std::size(kCases));
}

TEST(EstimateStatements, EachParsesWhenStatedWell) {
  for (const StatementCase& c : kCases) EXPECT_EQ(prepare_error(c.valid), "") << c.statement;
}

TEST(EstimateStatements, AMisuseIsOneErrorNamingTheFileAndTheKey) {
  for (const StatementCase& c : kCases) {
    const std::string e = prepare_error(c.misuse);
    EXPECT_NE(e.find("s.toml"), std::string::npos) << c.statement << ": " << e;
    EXPECT_NE(e.find(c.error), std::string::npos) << c.statement << ": " << e;
  }
}

TEST(EstimateStatements, AClaimStatesSomethingAndKeysGoWithTheirStatement) {
  std::string e = prepare_error("");
  EXPECT_NE(e.find("an estimate claim needs [property] value, "), std::string::npos) << e;
  EXPECT_NE(e.find("(at least one: what the paper says)"), std::string::npos) << e;
  e = prepare_error("at_least = '0'\nwithin = '0.1'\n");
  EXPECT_NE(e.find("within goes with close_to"), std::string::npos) << e;
  e = prepare_error("at_least = '0'\nat_rate = '0.1'\nat_faults = 1\n");
  EXPECT_NE(e.find("give at_rate or at_faults, not both"), std::string::npos) << e;
  e = prepare_error("at_least = '0'\nrates = '0..0.1:0.05'\n");
  EXPECT_NE(e.find("give rates or counts, not both"), std::string::npos) << e;
  e = prepare_error("at_least = '0'\nconfidence = '1'\n");
  EXPECT_NE(e.find("confidence must be a number in (0, 1), got '1'"), std::string::npos) << e;
  e = prepare_error("at_least = '0'\nfigure = 'f'\n");
  EXPECT_NE(e.find("figure goes with plot"), std::string::npos) << e;
}

TEST(EstimateStatements, TheWiringGapIsOneNumberOfABestOfStudy) {
  const std::string gap = "experiment = 'completeness'\nstatistic = 'wiring gap'\nvalue = '0.3'\n";
  auto error_of = [](const std::string& body) {
    try {
      find_property_kind("estimate")->prepare(toml::parse("trials = 10\n" + body), kWhere, {});
      return std::string();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
  };
  EXPECT_EQ(error_of(gap + "best_of = 3\n"), "");
  EXPECT_NE(error_of(gap + "best_of = 1\n").find("s.toml: 'wiring gap' needs a completeness study with best_of >= 2"),
            std::string::npos);
  EXPECT_NE(error_of(gap + "best_of = 3\ntrend = 'rising'\n").find("'wiring gap' is one number"), std::string::npos);
  EXPECT_NE(error_of(gap + "best_of = 3\nplot = 'p'\n").find("no curve to plot"), std::string::npos);
}

// "0..2" and "0..2:1" (and "0,1,2") are one request: one study in the run.
TEST(EstimateStudy, RequestsWrittenDifferentlyShareOneStudy) {
  const PropertyKeys& keys = *find_property_kind("estimate")->keys;
  auto request = [&](const std::string& counts) {
    return read_study_request(keys.read(toml::parse(kRequest + counts + "at_least = '0'\n"), kWhere), kWhere);
  };
  const StudyRequest a = request("counts = '0..2'\n"), b = request("counts = '0..2:1'\n"), c = request("counts = '0,1,2'\n");
  const StudyRequest other = request("counts = '0..1'\n");
  EXPECT_EQ(canonical_text(a), canonical_text(b));
  EXPECT_EQ(canonical_text(a), canonical_text(c));
  EXPECT_NE(canonical_text(a), canonical_text(other));
  RunContext ctx(std::nullopt);
  const auto topology = Registry::builtin().build("mikant(3,3)");
  const auto first = ctx.study(topology, a);
  EXPECT_EQ(ctx.study(topology, b).get(), first.get());
  EXPECT_EQ(ctx.study(topology, c).get(), first.get());
  EXPECT_NE(ctx.study(topology, other).get(), first.get());
  EXPECT_NE(ctx.study(Registry::builtin().build("mikant(2,2)"), a).get(), first.get());
}

// The default fault units spelled out are the same request as leaving them out.
TEST(EstimateStudy, TheCanonicalTextSpellsOutDefaults) {
  StudyRequest q;
  q.experiment = "completeness";
  StudyRequest spelled = q;
  spelled.faults = "components";
  EXPECT_EQ(canonical_text(q), canonical_text(spelled));
  spelled.sampling.seed = 2;
  EXPECT_NE(canonical_text(q), canonical_text(spelled));
}

}  // namespace
}  // namespace menger
