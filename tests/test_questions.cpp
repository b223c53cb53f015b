// A question declared once (src/question/, issue 37): the CLI options, the
// claim keys and the JSON reader made from one declaration read the same
// values the same way, refuse the same bad ones, and offer a field only in the
// front ends it names.  A sample question holds one field of every kind; the
// route-check question is checked for the same agreement, and for the engine
// options setup/questions.cpp makes of it.
#include <gtest/gtest.h>

#include <fstream>

#include <toml++/toml.h>

#include "claims/property.h"
#include "claims/question_keys.h"
#include "cli/question_options.h"
#include "core/error.h"
#include "question/question_json.h"
#include "setup/questions.h"
#include "setup/setup.h"

namespace menger {
namespace {

using namespace question;

// One field of every kind the declaration supports.
struct Sample {
  static constexpr const char* kVerb = "sample";
  static constexpr const char* kAbout = "A sample.";
  bool off = false;
  bool on = true;
  std::uint32_t count = 7;
  std::optional<std::uint32_t> limit;
  std::string units = "nodes";
  std::optional<std::string> bound;
  std::string engine = "fast";
  std::string file;  // CLI only
  std::uint64_t big = 3;  // not in the CLI

  template <class Q, class V>
  static void fields(Q& q, V&& v) {
    v(q.off, Field("off", "a flag that defaults to false"));
    v(q.on, Field("on", "a flag that defaults to true").off("turn it off"));
    v(q.count, Field("count", "a whole number").range(1, 20));
    v(q.limit, Field("limit", "an optional whole number").range(1, 99).defaults_to("the size"));
    v(q.units, Field("units", "a claim must give it").needed_in(kClaim));
    v(q.bound, Field("bound", "an optional formula").is_formula());
    v(q.engine, Field("engine", "words, each also a flag").one_of({"fast", "slow", "exact"}, true));
    v(q.file, Field("file", "the CLI's alone").in(kCli).run_control());
    v(q.big, Field("big", "not on the command line").range(0, 1000).in(kClaim | kPython));
  }
};

template <class Q>
Q parse_cli(std::vector<std::string> args) {
  Q q;
  CLI::App app;
  add_question_options(&app, q);
  std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first
  app.parse(args);
  return q;
}

template <class Q>
Q read_claim(const std::vector<PropertyKey>& keys, const std::string& body) {
  const PropertyKeys table("sample", "a sample kind", keys);
  Q q;
  read_question_keys(table.read(toml::parse(body), "sample.toml"), q);
  return q;
}

template <class Q>
Q read_json(const std::string& text, unsigned front = kEveryFront) {
  Q q;
  read_question_json(nlohmann::json::parse(text), q, "test", front);
  return q;
}

TEST(Questions, TheThreeReadersAgree) {
  const Sample cli = parse_cli<Sample>({"--off", "--no-on", "--count", "12", "--limit", "5", "--units", "links",
                                        "--bound", "n + 1", "--slow"});
  const Sample claim = read_claim<Sample>(question_keys<Sample>(),
                                          "off = true\non = false\ncount = 12\nlimit = 5\nunits = \"links\"\n"
                                          "bound = \"n + 1\"\nengine = \"slow\"\n");
  const Sample json = read_json<Sample>(
      R"({"off": true, "on": false, "count": 12, "limit": 5, "units": "links", "bound": "n + 1", "engine": "slow"})");
  EXPECT_EQ(to_json_view(cli), to_json_view(claim));
  EXPECT_EQ(to_json_view(cli), to_json_view(json));
  EXPECT_EQ(to_json_view(cli)["engine"], "slow");
  EXPECT_EQ(to_json_view(read_json<Sample>(to_json_view(cli).dump())), to_json_view(cli));  // the view reads back
  EXPECT_FALSE(to_json_view(cli).contains("file"));  // a run control: not part of what is asked
}

TEST(Questions, DefaultsAreTheMembersInitialisers) {
  const Sample fresh;
  EXPECT_EQ(to_json_view(parse_cli<Sample>({})), to_json_view(fresh));
  EXPECT_EQ(to_json_view(read_claim<Sample>(question_keys<Sample>(), "units = \"nodes\"\n")), to_json_view(fresh));
  const nlohmann::json schema = question_schema<Sample>();
  Sample::fields(fresh, [&](const auto& value, const Field& f) {
    EXPECT_EQ(schema["properties"][f.name]["default"], value_json(value)) << f.name;
  });
  EXPECT_EQ(schema["properties"]["limit"]["x-default-text"], "the size");
}

TEST(Questions, EachFrontOffersItsFieldsOnly) {
  EXPECT_THROW(parse_cli<Sample>({"--big", "3"}), CLI::ExtrasError);
  std::vector<std::string> claim_keys;
  for (const auto& k : question_keys<Sample>()) claim_keys.push_back(k.name);
  EXPECT_EQ(claim_keys, (std::vector<std::string>{"off", "on", "count", "limit", "units", "bound", "engine", "big"}));
  EXPECT_THROW(read_json<Sample>(R"({"file": "x"})", kPython), InputError);
  EXPECT_EQ(read_json<Sample>(R"({"file": "x"})", kCli).file, "x");
  const nlohmann::json py = question_schema<Sample>(kPython);
  EXPECT_FALSE(py["properties"].contains("file"));
  EXPECT_EQ(py["x-order"].size(), 8u);
  EXPECT_EQ(question_schema<Sample>(kClaim)["required"], nlohmann::json{"units"});
  EXPECT_THROW(read_claim<Sample>(question_keys<Sample>(), "count = 3\n"), InputError);  // units is required there
}

TEST(Questions, EveryReaderRefusesWhatTheDeclarationRefuses) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--count", "0"}, {"--count", "21"}, {"--count", "-1"}, {"--limit", "100"}, {"--engine", "other"},
           {"--slow", "--exact"}, {"--engine", "slow", "--exact"}}) {
    EXPECT_THROW(parse_cli<Sample>(args), CLI::ParseError) << args[0] << " " << args[1];
  }
  EXPECT_NO_THROW(parse_cli<Sample>({"--slow", "--engine", "slow"}));  // the same word twice
  for (const auto& body : {"units = \"n\"\ncount = 0\n", "units = \"n\"\ncount = 21\n", "units = \"n\"\nlimit = 100\n",
                           "units = \"n\"\nengine = \"other\"\n", "units = \"n\"\noff = 1\n", "units = \"n\"\nfile = \"x\"\n",
                           "units = \"n\"\nnoise = 1\n"})
    EXPECT_THROW(read_claim<Sample>(question_keys<Sample>(), body), InputError) << body;
  for (const auto& text : {R"({"count": 0})", R"({"count": 21})", R"({"count": -1})", R"({"count": 2.0})",
                           R"({"count": true})", R"({"off": 1})", R"({"engine": "other"})", R"({"units": 3})",
                           R"({"noise": 1})", R"([1])"})
    EXPECT_THROW(read_json<Sample>(text), InputError) << text;
  EXPECT_FALSE(read_json<Sample>(R"({"limit": null})").limit);
}

// ---- the route-check question ------------------------------------------------

// schemas/route-check-question.schema.json, which the route-check output's
// schema refers to, is the declaration's own schema.
template <class Q>
void expect_committed_schema() {
  const std::string name = std::string(Q::kVerb) + "-question.schema.json";
  std::ifstream in(std::string(MENGER_SOURCE_DIR) + "/schemas/" + name);
  const nlohmann::json made = question_schema<Q>();
  ASSERT_TRUE(in) << "schemas/" << name << " is missing; write this to it:\n" << made.dump(2);
  EXPECT_EQ(nlohmann::json::parse(in), made) << "write this to schemas/" << name << ":\n" << made.dump(2);
}

TEST(Questions, TheCommittedSchemaIsTheDeclarations) {
  expect_committed_schema<RouteCheckQuestion>();
  expect_committed_schema<DeadlockQuestion>();
  expect_committed_schema<ToleranceQuestion>();
}

// Each front offers exactly the fields the declaration names for it: the
// CLI's help, the Python schema and the claim kind's keys.
template <class Q>
void expect_fronts_agree(const std::string& claim_kind) {
  Q q;
  CLI::App app;
  add_question_options(&app, q);
  const std::string help = app.help();
  const nlohmann::json py = question_schema<Q>(kPython);
  const PropertyKind* kind = find_property_kind(claim_kind);
  ASSERT_NE(kind, nullptr);
  Q::fields(q, [&](const auto&, const Field& f) {
    const bool cli = help.find("--" + kebab(f.name)) != std::string::npos ||
                     help.find("--no-" + kebab(f.name)) != std::string::npos;
    EXPECT_EQ(cli, f.offered_in(kCli)) << f.name;
    EXPECT_EQ(py["properties"].contains(f.name), f.offered_in(kPython)) << f.name;
    bool claim = false;
    for (const auto& k : kind->keys->keys()) claim = claim || k.name == f.name;
    EXPECT_EQ(claim, f.offered_in(kClaim)) << f.name;
  });
}

TEST(Questions, EveryFrontOffersTheDeclaredFields) {
  expect_fronts_agree<RouteCheckQuestion>("route-tolerance");
  expect_fronts_agree<DeadlockQuestion>("deadlock-free");
  expect_fronts_agree<ToleranceQuestion>("tolerance");
}

TEST(Questions, ToleranceRequestComesFromTheQuestion) {
  const ToleranceQuestion q = parse_cli<ToleranceQuestion>({"--engine", "smt", "--no-certificate", "--no-symmetry",
                                                            "--pairs", "all", "--faults", "links"});
  const ToleranceRequest r = tolerance_request(q);
  EXPECT_EQ(r.engine, EngineChoice::Smt);
  EXPECT_FALSE(r.certificate);
  EXPECT_FALSE(r.symmetry);
  EXPECT_EQ(r.chunk_pairs, ToleranceRequest{}.chunk_pairs);
  const RouteSetup s = make_route_setup("torus(3,3)", "dor", "nodes");
  const FaultModelSpec spec = tolerance_fault_spec(q, *s.net);
  EXPECT_EQ(spec.units, UnitChoice::Links);
  EXPECT_EQ(spec.pairs, PairChoice::AllTerminals);
  EXPECT_THROW(parse_cli<ToleranceQuestion>({"--engine", "sat"}), CLI::ParseError);
  EXPECT_THROW(parse_cli<ToleranceQuestion>({"--pairs", "some"}), CLI::ParseError);
}

TEST(Questions, DeadlockOptionsComeFromTheQuestion) {
  const RouteSetup s = make_route_setup("torus(4,4)", "duato-torus", "nodes");
  const DeadlockQuestion q = parse_cli<DeadlockQuestion>(
      {"--k", "2", "--escape", "0,1", "--switching", "cut-through", "--buffers", "3", "--no-symmetry"});
  const DeadlockSearchOptions o = deadlock_search_options(q, *s.routing, kCli);
  EXPECT_EQ(o.k, 2u);
  EXPECT_EQ(o.escape_vcs, (std::vector<bool>{true, true, false}));  // duato-torus has 3 VCs
  ASSERT_TRUE(o.switching);
  EXPECT_EQ(o.switching->buffers, 3u);
  EXPECT_FALSE(o.symmetry);
  EXPECT_EQ(o.case_budget, DeadlockOptions{}.case_budget);
  // Errors name the field as the front's user wrote it.
  DeadlockQuestion bad;
  bad.buffers = 2;
  for (const auto& [front, words] : {std::pair{kCli, "--buffers needs --switching"}, {kClaim, "buffers needs switching"}}) {
    try {
      deadlock_search_options(bad, *s.routing, front);
      ADD_FAILURE() << "buffers without switching was taken";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  }
  bad = DeadlockQuestion{};
  bad.vcs = 1;
  EXPECT_THROW(deadlock_search_options(bad, *s.routing, kPython), InputError);  // it has 3
  EXPECT_THROW(parse_cli<DeadlockQuestion>({"--switching", "store-and-forward"}), CLI::ParseError);
}

TEST(Questions, RouteCheckOptionsComeFromTheQuestion) {
  const RouteCheckQuestion cli = parse_cli<RouteCheckQuestion>(
      {"--k", "3", "--symbolic", "--no-symmetry", "--hop-limit", "40", "--path-bound", "distance + 2"});
  const RouteCheckOptions o = route_check_options(cli);
  EXPECT_EQ(o.k, 3u);
  EXPECT_TRUE(o.symbolic);
  EXPECT_FALSE(o.naive);
  EXPECT_FALSE(o.symmetry);
  EXPECT_EQ(o.limits.hop_limit, 40u);
  EXPECT_EQ(o.path_bound, "distance + 2");
  EXPECT_TRUE(route_check_options(parse_cli<RouteCheckQuestion>({"--search", "naive"})).naive);
  // Absent, the hop limit is the network's default, written once (verify/route_run.h).
  const RouteCheckQuestion plain;
  EXPECT_EQ(route_check_options(plain).limits.hop_limit, 0u);
  const RouteSetup s = make_route_setup("torus(3,3)", "dor", "nodes");
  EXPECT_EQ(hop_limit_for(*s.net), 2u * 9 + 16);
  EXPECT_EQ(hop_limit_for(*s.net, 5), 5u);
}

}  // namespace
}  // namespace menger
