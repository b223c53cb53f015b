// The tolerance question answered (answer.h): the least breaking weight of
// verify/tolerance/tolerance_engine.h, with its certificate re-validated by
// verify/check/certificate_check.h, which does not trust the engine.
#include <chrono>

#include "question/question_json.h"
#include "core/version.h"
#include "setup/answer.h"
#include "setup/questions.h"
#include "verify/check/certificate_check.h"

namespace menger {

namespace {

// schemas/tolerance.schema.json: the subject, the engine's view
// (tolerance_engine.h), the certificate's re-check (not the certificate: it
// is written to its own file), the build and the seconds.
nlohmann::json tolerance_view(const Answer& a, Timings timings) {
  const ToleranceOutcome& o = a.result_as<ToleranceOutcome>();
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

Answer answer_tolerance(const ToleranceQuestion& q, Subject s, const Context& ctx, const SpecResolver& specs) {
  const auto start = std::chrono::steady_clock::now();
  ToleranceRequest req = tolerance_request(q);
  req.budget = ctx.budget;
  req.progress = ctx.progress;
  req.farm = ctx.farm;
  ToleranceOutcome o = solve_tolerance(*s.model, req);
  Answer a = Answer::asked("tolerance", std::move(s), question::to_json_view(q));
  a.coverage = o.coverage;
  a.verdict = o.complete ? VerdictKind::Holds : VerdictKind::Unknown;
  if (!o.complete) a.reason = ctx.budget.reason() + " after " + o.coverage.text();
  const bool whole = !ctx.farm || ctx.farm->coordinator();  // another rank's result is not whole
  if (whole && o.certificate) {
    const CheckReport c = check_certificate(*o.certificate, specs);
    a.recheck = Recheck{c.valid, c.summary, c.problems};
    a.evidence = *o.certificate;
  }
  a.result = std::move(o);
  a.view = &tolerance_view;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace menger
