// A question declared once (src/question/, issue 37): the CLI options, the
// claim keys and the JSON reader made from one declaration read the same
// values the same way, refuse the same bad ones, and offer a field only in the
// front ends it names.  A sample question holds one field of every kind; the
// route-check question is checked for the same agreement, and for the engine
// options setup/questions.cpp makes of it.
#include <gtest/gtest.h>

#include <fstream>

#include <toml++/toml.h>

#include "claims/estimate_study.h"
#include "claims/property.h"
#include "claims/question_keys.h"
#include "cli/question_options.h"
#include "core/error.h"
#include "question/question_json.h"
#include "question/questions.h"
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
  double ratio = 0.5;
  std::optional<double> width;

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
    v(q.ratio, Field("ratio", "a number in an open range").between(0, 1, true));
    v(q.width, Field("width", "an optional number in a closed range").between(0, 10));
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
                                        "--bound", "n + 1", "--slow", "--ratio", "0.25", "--width", "10"});
  const Sample claim = read_claim<Sample>(question_keys<Sample>(),
                                          "off = true\non = false\ncount = 12\nlimit = 5\nunits = \"links\"\n"
                                          "bound = \"n + 1\"\nengine = \"slow\"\nratio = \"0.25\"\nwidth = 10\n");
  const Sample json = read_json<Sample>(
      R"({"off": true, "on": false, "count": 12, "limit": 5, "units": "links", "bound": "n + 1", "engine": "slow",
          "ratio": 0.25, "width": 10})");
  EXPECT_EQ(to_json_view(cli), to_json_view(claim));
  EXPECT_EQ(to_json_view(cli), to_json_view(json));
  EXPECT_EQ(to_json_view(cli)["engine"], "slow");
  EXPECT_EQ(to_json_view(cli)["ratio"], 0.25);
  EXPECT_EQ(to_json_view(cli)["width"], 10.0);
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
  EXPECT_EQ(claim_keys,
            (std::vector<std::string>{"off", "on", "count", "limit", "units", "bound", "engine", "big", "ratio", "width"}));
  EXPECT_THROW(read_json<Sample>(R"({"file": "x"})", kPython), InputError);
  EXPECT_EQ(read_json<Sample>(R"({"file": "x"})", kCli).file, "x");
  const nlohmann::json py = question_schema<Sample>(kPython);
  EXPECT_FALSE(py["properties"].contains("file"));
  EXPECT_EQ(py["x-order"].size(), 10u);
  EXPECT_EQ(py["properties"]["ratio"]["exclusiveMaximum"], 1.0);
  EXPECT_EQ(py["properties"]["width"]["maximum"], 10.0);
  EXPECT_EQ(question_schema<Sample>(kClaim)["required"], nlohmann::json{"units"});
  EXPECT_THROW(read_claim<Sample>(question_keys<Sample>(), "count = 3\n"), InputError);  // units is required there
}

TEST(Questions, EveryReaderRefusesWhatTheDeclarationRefuses) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--count", "0"}, {"--count", "21"}, {"--count", "-1"}, {"--limit", "100"}, {"--engine", "other"},
           {"--slow", "--exact"}, {"--engine", "slow", "--exact"}, {"--ratio", "1"}, {"--ratio", "0"},
           {"--ratio", "nan"}, {"--width", "10.5"}, {"--width", "inf"}, {"--ratio", "half"}, {"--ratio", "0x1p-2"},
           {"--ratio", "+0.5"}, {"--ratio", " 0.5"}}) {
    EXPECT_THROW(parse_cli<Sample>(args), CLI::ParseError) << args[0] << " " << args[1];
  }
  EXPECT_NO_THROW(parse_cli<Sample>({"--slow", "--engine", "slow"}));  // the same word twice
  EXPECT_EQ(parse_cli<Sample>({"--count", "010"}).count, 10u);  // decimal, not octal
  EXPECT_EQ(parse_cli<Sample>({"--limit", "010"}).limit, 10u);
  for (const auto& args : std::vector<std::vector<std::string>>{{"--count", "0x10"}, {"--count", "1e1"},
                                                                {"--limit", "+5"}, {"--count", "99999999999999999999999"}})
    EXPECT_THROW(parse_cli<Sample>(args), CLI::ParseError) << args[1];
  for (const auto& body : {"units = \"n\"\ncount = 0\n", "units = \"n\"\ncount = 21\n", "units = \"n\"\nlimit = 100\n",
                           "units = \"n\"\nengine = \"other\"\n", "units = \"n\"\noff = 1\n", "units = \"n\"\nfile = \"x\"\n",
                           "units = \"n\"\nnoise = 1\n", "units = \"n\"\nratio = \"1.0\"\n", "units = \"n\"\nratio = 0.5\n", "units = \"n\"\nwidth = -1\n",
                           "units = \"n\"\nratio = \"half\"\n"})
    EXPECT_THROW(read_claim<Sample>(question_keys<Sample>(), body), InputError) << body;
  for (const auto& text : {R"({"count": 0})", R"({"count": 21})", R"({"count": -1})", R"({"count": 2.0})",
                           R"({"count": true})", R"({"off": 1})", R"({"engine": "other"})", R"({"units": 3})",
                           R"({"noise": 1})", R"([1])", R"({"ratio": 1})", R"({"ratio": "0.5"})",
                           R"({"width": 10.01})", R"({"ratio": null})"})
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
  for_each_question([](const auto& q) { expect_committed_schema<std::decay_t<decltype(q)>>(); });
  EXPECT_EQ(question_schema_named("montecarlo", kPython)["title"], "menger montecarlo question");
  EXPECT_THROW(question_schema_named("gremlins", kPython), InputError);
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
  expect_fronts_agree<MonteCarloQuestion>("estimate");
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
  // Absent, the hop limit is the network's default, written once (verify/route/route_run.h).
  const RouteCheckQuestion plain;
  EXPECT_EQ(route_check_options(plain).limits.hop_limit, 0u);
  const RouteSetup s = make_route_setup("torus(3,3)", "dor", "nodes");
  EXPECT_EQ(hop_limit_for(*s.net), 2u * 9 + 16);
  EXPECT_EQ(hop_limit_for(*s.net, 5), 5u);
}

// The message of the InputError `f` throws ("" if it throws none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Questions, StudyRequestComesFromTheQuestion) {
  const MonteCarloQuestion q = parse_cli<MonteCarloQuestion>({"--experiment", "routing", "--counts", "0..4:2", "--trials",
                                                              "500", "--half-width", "0.1", "--hop-limit", "30"});
  const StudyRequest r = study_request(q, {"dor"}, kCli);
  EXPECT_EQ(r.counts, (std::vector<std::size_t>{0, 2, 4}));
  EXPECT_EQ(r.sampling.trials, 500u);
  EXPECT_EQ(r.sampling.min_trials, 500u);
  EXPECT_EQ(r.sampling.half_width, 0.1);
  EXPECT_EQ(r.hop_limit, 30u);
  EXPECT_EQ(r.exact_limit, MonteCarloQuestion{}.exact_limit);
  // A claim with the same keys asks for the same study.
  const PropertyKeys table("estimate", "a study", study_keys(), study_choices());
  const PropertyValues v = table.read(toml::parse("experiment = \"routing\"\nroutings = [\"dor\"]\ncounts = \"0..4:2\"\n"
                                                  "trials = 500\nhalf_width = \"0.1\"\nhop_limit = 30\n"),
                                      "x.toml");
  EXPECT_EQ(canonical_text(read_study_request(v, "x.toml")), canonical_text(r));
  // Options of another experiment, named as each front spells them.
  MonteCarloQuestion other = q;
  other.experiment = "completeness";
  const std::string cli = error_of([&] { study_request(other, {"dor"}, kCli); });
  EXPECT_NE(cli.find("--routing; --counts; --hop-limit do not belong to the completeness experiment"), std::string::npos)
      << cli;
  other.hop_limit.reset();
  const std::string claim = error_of([&] { study_request(other, {}, kClaim, "x.toml"); });
  EXPECT_NE(claim.find("x.toml: counts does not belong"), std::string::npos) << claim;
  other = q;
  other.rates = "0.1";
  EXPECT_NE(error_of([&] { study_request(other, {"dor"}, kPython); }).find("give one"), std::string::npos);
  other = q;
  other.counts = "0..1:0.5";
  EXPECT_NE(error_of([&] { study_request(other, {"dor"}, kPython); }).find("whole numbers"), std::string::npos);
  EXPECT_THROW(parse_cli<MonteCarloQuestion>({"--experiment", "routing", "--confidence", "1"}), CLI::ParseError);
  EXPECT_THROW(parse_cli<MonteCarloQuestion>({"--experiment", "completeness", "--max-faults", "0"}), CLI::ParseError);
  other = q;
  other.counts = "0,1e30";
  EXPECT_NE(error_of([&] { study_request(other, {"dor"}, kCli); }).find("up to 2^53"), std::string::npos);
  other = MonteCarloQuestion{};
  other.experiment = "completeness";
  other.hop_limit = 9;
  EXPECT_NE(error_of([&] { study_request(other, {}, kCli); }).find("--hop-limit does not belong"), std::string::npos);
  other = q;
  other.rates = "0.1";
  EXPECT_NE(error_of([&] { study_request(other, {"dor"}, kCli); }).find("--counts and --rates"), std::string::npos);
  EXPECT_THROW(parse_cli<MonteCarloQuestion>({"--counts", "1"}), CLI::ParseError);  // no experiment
  EXPECT_THROW(read_json<MonteCarloQuestion>(R"({"counts": "1"})", kPython), InputError);
}

}  // namespace
}  // namespace menger
