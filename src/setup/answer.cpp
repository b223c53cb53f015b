// The Answer's views (answer.h): its core Verdict, its evidence as the files
// replay and check-cert read, and its one JSON view per verb.
#include "setup/answer.h"

#include "core/error.h"
#include "core/version.h"

namespace menger {

void throw_wrong_result(const std::string& verb) {
  throw InternalError("the " + verb + " answer holds another engine's result");
}

Answer Answer::asked(std::string verb, Subject subject, nlohmann::json question) {
  Answer a;
  a.verb = std::move(verb);
  a.subject = std::move(subject);
  a.question = std::move(question);
  return a;
}

Subject subject_of(RouteSetup setup) {
  return {std::shared_ptr<const Network>(std::move(setup.net)),
          std::shared_ptr<const FaultModel>(std::move(setup.model)),
          std::shared_ptr<const Routing>(std::move(setup.routing))};
}

nlohmann::json evidence_json(const Answer& a) {
  return std::visit(
      [](const auto& e) -> nlohmann::json {
        if constexpr (std::is_same_v<std::decay_t<decltype(e)>, std::monostate>) return nullptr;
        else return to_json(e);
      },
      a.evidence);
}

Verdict verdict_of(const Answer& a) {
  switch (a.verdict) {
    case VerdictKind::Holds: return Holds{evidence_json(a)};
    case VerdictKind::Fails: return Fails{evidence_json(a)};
    case VerdictKind::Unknown: return Unknown{a.reason, a.coverage.fraction()};
    case VerdictKind::Estimate: break;
  }
  throw InternalError("an engine's answer is never an estimate");
}

namespace {

nlohmann::json version_json() { return {{"version", kVersion}}; }

// schemas/route-check.schema.json: the subject in words, the question, the
// search's view (route_search.h), the path bound and the witness.
nlohmann::json route_check_json(const Answer& a, const RouteCheckResult& r, Timings timings) {
  const Subject& s = a.subject;
  nlohmann::json j{{"model", s.net->spec()},
                   {"routing", s.routing->spec()},
                   {"knowledge", to_string(s.routing->knowledge())},
                   {"faults", s.model->describe()},
                   {"k", a.question.at("k")},
                   {"units", s.model->universe().size()},
                   {"menger", version_json()},
                   {"question", a.question}};
  j.update(to_json(r, timings));
  j["path_bound"] = a.question.value("path_bound", nlohmann::json(nullptr));
  j["witness"] = evidence_json(a);
  return j;
}

// schemas/deadlock.schema.json: the subject, the question, the search's view
// (deadlock_search.h) and the evidence.
nlohmann::json deadlock_json(const Answer& a, const DeadlockSearchResult& r, Timings timings) {
  const Subject& s = a.subject;
  nlohmann::json j{{"model", s.net->spec()},        {"routing", s.routing->spec()},
                   {"vcs", s.routing->vcs()},       {"k", a.question.at("k")},
                   {"menger", version_json()},      {"question", a.question}};
  j.update(to_json(r, *s.model, timings));
  j["evidence"] = evidence_json(a);
  return j;
}

// schemas/tolerance.schema.json: the subject, the engine's view
// (tolerance_engine.h), the certificate's re-check (not the certificate: it
// is written to its own file), the build and the seconds.
nlohmann::json tolerance_json(const Answer& a, const ToleranceOutcome& o, Timings timings) {
  const FaultModel& m = *a.subject.model;
  nlohmann::json j{{"model", m.network().spec()},
                   {"faults", to_string(m.spec().units)},
                   {"pairs", to_string(m.spec().pairs)},
                   {"units", m.universe().size()}};
  j.update(to_json(o, m));
  if (a.recheck)
    j["certificate"] = {{"valid", a.recheck->valid}, {"summary", a.recheck->summary}, {"problems", a.recheck->problems}};
  j["menger"] = {{"version", kVersion}, {"build", build_description()}};
  j["question"] = a.question;
  if (timings == Timings::Include) j["seconds"] = a.seconds;
  return j;
}

}  // namespace

nlohmann::json to_json(const Answer& a, Timings timings) {
  if (a.verb == "route-check") return route_check_json(a, a.result_as<RouteCheckResult>(), timings);
  if (a.verb == "deadlock") return deadlock_json(a, a.result_as<DeadlockSearchResult>(), timings);
  if (a.verb == "tolerance") return tolerance_json(a, a.result_as<ToleranceOutcome>(), timings);
  if (a.verb == "credit-loops") return credit_loops_answer_json(a, timings);
  throw InternalError("no JSON view of a " + a.verb + " answer");
}

}  // namespace menger
