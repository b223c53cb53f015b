// One Answer (src/setup/answer.h, issue 37 item 2): each engine's question
// answered once for every front end, its evidence made and re-checked there,
// and its JSON view carrying the question.  The engines' own results are
// compared with the answer's, so that the answer is shown to pass them on,
// and the evidence is re-checked here by the checkers and replay again.
#include <gtest/gtest.h>

#include "budget_stops.h"
#include "core/error.h"
#include "setup/answer.h"
#include "setup/questions.h"
#include "setup/setup.h"
#include "setup/specs.h"

namespace menger {
namespace {

Subject route_subject(const std::string& model, const std::string& routing, const std::string& faults = "nodes") {
  return subject_of(make_route_setup(model, routing, faults));
}

Subject topology_subject(const std::string& model, const ToleranceQuestion& q) {
  auto net = std::make_shared<const Network>(build_topology(model, {}));
  auto fm = std::make_shared<const FaultModel>(*net, tolerance_fault_spec(q, *net));
  return Subject{net, fm, nullptr};
}

TEST(Answer, RouteCheckFailureCarriesItsWitnessCheckedAndReplayable) {
  RouteCheckQuestion q;
  q.k = 1;
  const Answer a = answer_route_check(q, route_subject("torus(4,4)", "dor"), Context{});
  const RouteCheckResult direct = route_check(*a.subject.routing, *a.subject.model, route_check_options(q));
  const auto& r = a.result_as<RouteCheckResult>();
  EXPECT_EQ(to_json(r), to_json(direct));  // the engine's result, passed on
  ASSERT_EQ(direct.status, RouteCheckResult::Status::Fails);
  EXPECT_EQ(a.verdict, VerdictKind::Fails);
  const auto* w = std::get_if<RouteWitness>(&a.evidence);
  ASSERT_NE(w, nullptr);
  ASSERT_TRUE(a.recheck.has_value());
  EXPECT_TRUE(a.recheck->valid);
  EXPECT_EQ(w->fault_set.size(), direct.failure->faults.count());
  EXPECT_TRUE(replay(*w).same);
  const Verdict v = verdict_of(a);
  ASSERT_TRUE(std::holds_alternative<Fails>(v));
  EXPECT_EQ(std::get<Fails>(v).witness, to_json(*w));
}

// A run stopped by the hop limit ends with the hop that exceeds it; its
// witness was refuted by validate_trace ("the trace ends with a hop") until
// the answer re-checked every witness it makes.
TEST(Answer, AHopLimitWitnessChecksAndReplays) {
  RouteCheckQuestion q;
  q.k = 0;
  q.hop_limit = 3;
  const Answer a = answer_route_check(q, route_subject("torus(8,8)", "dor"), Context{});
  const auto* w = std::get_if<RouteWitness>(&a.evidence);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->outcome, to_string(RunOutcome::HopLimit));
  ASSERT_TRUE(a.recheck.has_value());
  EXPECT_TRUE(a.recheck->valid) << (a.recheck->problems.empty() ? "" : a.recheck->problems.front());
  const ReplayReport rep = replay(*w);
  EXPECT_TRUE(rep.same) << (rep.problems.empty() ? "" : rep.problems.front());
}

TEST(Answer, TheJsonViewCarriesTheQuestionAndSubject) {
  RouteCheckQuestion q;
  q.k = 1;
  q.path_bound = "distance + 2";
  const Answer a = answer_route_check(q, route_subject("torus(4,4)", "shortest"), Context{});
  EXPECT_EQ(a.verdict, VerdictKind::Holds);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(a.evidence));
  const nlohmann::json j = to_json(a, Timings::Omit);
  EXPECT_EQ(j.at("question").at("k"), 1);
  EXPECT_EQ(j.at("question").at("path_bound"), "distance + 2");
  EXPECT_EQ(j.at("path_bound"), "distance + 2");
  EXPECT_EQ(j.at("model"), a.subject.net->spec());
  EXPECT_EQ(j.at("routing"), a.subject.routing->spec());
  EXPECT_EQ(j.at("verdict"), "HOLDS");
  EXPECT_TRUE(j.at("witness").is_null());
  EXPECT_FALSE(j.at("search").contains("seconds"));
  EXPECT_TRUE(to_json(a, Timings::Include).at("search").contains("seconds"));
  EXPECT_TRUE(std::holds_alternative<Holds>(verdict_of(a)));
}

TEST(Answer, DeadlockFreedomCertificateIsRecheckedOnlyWhereTheCheckerCanRebuild) {
  DeadlockQuestion q;
  const SpecResolver specs = builtin_specs();
  const Answer a = answer_deadlock(q, route_subject("torus(4,4)", "duato-torus"), Context{}, question::kClaim, &specs);
  EXPECT_EQ(a.verdict, VerdictKind::Holds);
  const auto* e = std::get_if<DeadlockEvidence>(&a.evidence);
  ASSERT_NE(e, nullptr);
  EXPECT_FALSE(e->deadlock);
  ASSERT_TRUE(a.recheck.has_value());
  EXPECT_TRUE(a.recheck->valid);
  EXPECT_EQ(a.recheck->valid, check_deadlock_evidence(*e).valid);  // the checker, asked again here
  EXPECT_TRUE(a.unchecked.empty());
  EXPECT_EQ(to_json(a, Timings::Omit).at("evidence"), to_json(*e));

  const Answer blind = answer_deadlock(q, route_subject("torus(4,4)", "duato-torus"), Context{}, question::kClaim, nullptr);
  EXPECT_FALSE(blind.recheck.has_value());
  EXPECT_FALSE(blind.unchecked.empty());  // and the answer says so
}

TEST(Answer, ADeadlockIsAFailureWithItsConfiguration) {
  DeadlockQuestion q;
  const SpecResolver specs = builtin_specs();
  const Answer a = answer_deadlock(q, route_subject("torus(4,4)", "dor"), Context{}, question::kClaim, &specs);
  const auto& s = a.result_as<DeadlockSearchResult>();
  const DeadlockResult& d = s.failing_result ? *s.failing_result : *s.fault_free;
  // Dimension order on a ring of 4 without a dateline: the ring's channels wait on each other.
  ASSERT_EQ(d.status, DeadlockResult::Status::Deadlock) << d.method;
  EXPECT_EQ(a.verdict, VerdictKind::Fails);
  const auto* e = std::get_if<DeadlockEvidence>(&a.evidence);
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->deadlock);
  ASSERT_TRUE(a.recheck.has_value());
  EXPECT_TRUE(a.recheck->valid);
  ASSERT_TRUE(std::holds_alternative<Fails>(verdict_of(a)));
}

TEST(Answer, ToleranceCarriesItsCertificateRevalidated) {
  ToleranceQuestion q;
  const Answer a = answer_tolerance(q, topology_subject("hypercube(3)", q), Context{}, builtin_specs());
  const ToleranceOutcome direct = solve_tolerance(*a.subject.model, tolerance_request(q));
  const auto& o = a.result_as<ToleranceOutcome>();
  EXPECT_EQ(to_json(o, *a.subject.model), to_json(direct, *a.subject.model));
  EXPECT_EQ(a.verdict, VerdictKind::Holds);
  const auto* cert = std::get_if<ToleranceCertificate>(&a.evidence);
  ASSERT_NE(cert, nullptr);
  ASSERT_TRUE(a.recheck.has_value());
  EXPECT_TRUE(a.recheck->valid);
  EXPECT_EQ(a.recheck->valid, check_certificate(*cert).valid);
  EXPECT_EQ(to_json(a, Timings::Omit).at("certificate").at("valid"), true);
}

TEST(Answer, AnotherEnginesResultIsAnInternalError) {
  ToleranceQuestion q;
  const Answer a = answer_tolerance(q, topology_subject("hypercube(2)", q), Context{}, builtin_specs());
  EXPECT_THROW(a.result_as<RouteCheckResult>(), InternalError);
}

TEST(Answer, AStoppedQuestionIsUnknownSayingWhatWasCovered) {
  RouteCheckQuestion q;
  q.k = 2;
  q.symmetry = false;
  const auto ask = [&q](const Budget& b) {
    return answer_route_check(q, route_subject("torus(4,4)", "dor"), Context{b, {}, nullptr});
  };
  const Answer a = ask(testing::stopping_at(testing::first_stop_after_preparation(ask)));
  EXPECT_EQ(a.verdict, VerdictKind::Unknown);
  EXPECT_EQ(a.reason, a.coverage.text());
  EXPECT_LT(a.coverage.settled, a.coverage.total);
  const Verdict v = verdict_of(a);
  ASSERT_TRUE(std::holds_alternative<Unknown>(v));
  EXPECT_EQ(std::get<Unknown>(v).coverage, a.coverage.fraction());
}

}  // namespace
}  // namespace menger
