// The route-check question answered (answer.h): the search of
// verify/route/route_search.h, a failure's replayable witness, and that
// witness validated by validate_trace, which does not trust the search.
#include <chrono>

#include "question/question_json.h"
#include "core/version.h"
#include "setup/answer.h"
#include "setup/questions.h"

namespace menger {

namespace {

// The failing sets listed (RouteCheckOptions::list_failures): their size, how
// many break some pair, and the first ones with the pairs each breaks.
nlohmann::json failing_sets_json(const RouteCheckResult& r, const FaultModel& model) {
  const Network& net = model.network();
  nlohmann::json sets = nlohmann::json::array();
  for (const FailingSet& f : r.failing_sets) {
    nlohmann::json units = nlohmann::json::array(), pairs = nlohmann::json::array();
    for (std::size_t u : f.units) units.push_back(model.universe().label(u));
    for (const RoutePair& p : f.pairs) pairs.push_back({net.label(p.s), net.label(p.d)});
    sets.push_back({{"fault_set", units}, {"pairs", pairs}});
  }
  const nlohmann::json size = r.failing_sets.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.failing_sets[0].units.size());
  return {{"size", size}, {"found", r.failing_sets_found}, {"sets", sets}};
}

// schemas/route-check.schema.json: the subject in words, the question, the
// search's view (route_search.h), the path bound and the witness.
nlohmann::json view(const Answer& a, Timings timings) {
  const RouteCheckResult& r = a.result_as<RouteCheckResult>();
  const Subject& s = a.subject;
  nlohmann::json j{{"model", s.net->spec()},
                   {"routing", s.routing->spec()},
                   {"knowledge", to_string(s.routing->knowledge())},
                   {"faults", s.model->describe()},
                   {"k", a.question.at("k")},
                   {"units", s.model->universe().size()},
                   {"menger", nlohmann::json{{"version", kVersion}}},
                   {"question", a.question}};
  j.update(to_json(r, timings));
  j["path_bound"] = a.question.value("path_bound", nlohmann::json(nullptr));
  if (a.question.value("failures", 0) > 0) j["failing_sets"] = failing_sets_json(r, *s.model);
  j["witness"] = evidence_json(a);
  return j;
}


VerdictKind verdict_kind(RouteCheckResult::Status s) {
  switch (s) {
    case RouteCheckResult::Status::Holds: return VerdictKind::Holds;
    case RouteCheckResult::Status::Fails: return VerdictKind::Fails;
    case RouteCheckResult::Status::Unknown: return VerdictKind::Unknown;
  }
  return VerdictKind::Unknown;
}

// The failure's witness, and its trace checked as a walk of the network that
// avoids the faults and shows the failure it claims.
void add_witness(Answer& a, const RouteFailure& failure, const RouteCheckQuestion& q) {
  RouteWitness w = route_check_witness(*a.subject.routing, *a.subject.model, failure, q);
  const std::vector<std::string> problems = validate_trace(w, *a.subject.model);
  a.recheck = Recheck{problems.empty(),
                      problems.empty() ? "the trace is a walk of the network that avoids the faults and shows "
                                         "the failure"
                                       : "",
                      problems};
  a.evidence = std::move(w);
}

}  // namespace

Answer answer_route_check(const RouteCheckQuestion& q, Subject s, const Context& ctx) {
  const auto start = std::chrono::steady_clock::now();
  RouteCheckOptions opt = route_check_options(q);
  opt.budget = ctx.budget;
  opt.progress = ctx.progress;
  opt.farm = ctx.farm;
  RouteCheckResult r = route_check(*s.routing, *s.model, opt);
  Answer a = Answer::asked("route-check", std::move(s), question::to_json_view(q));
  a.verdict = verdict_kind(r.status);
  a.coverage = r.coverage;
  if (a.verdict == VerdictKind::Unknown) a.reason = r.coverage.text();
  const bool whole = !ctx.farm || ctx.farm->coordinator();  // another rank's result is not whole
  if (whole && r.failure) add_witness(a, *r.failure, q);
  a.result = std::move(r);
  a.view = &view;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace menger
