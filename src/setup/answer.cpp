// The Answer's views (answer.h): its core Verdict, its evidence as the files
// replay and check-cert read, and its one JSON view per verb.
#include "setup/answer.h"

#include "core/error.h"

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
  throw InternalError("a " + a.verb + " answer's estimates are its result's curve, not one verdict");
}

nlohmann::json to_json(const Answer& a, Timings timings) {
  if (!a.view) throw InternalError("no JSON view of a " + a.verb + " answer");
  return a.view(a, timings);
}

}  // namespace menger
