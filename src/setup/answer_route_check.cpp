// The route-check question answered (answer.h): the search of
// verify/route/route_search.h, a failure's replayable witness, and that
// witness validated by validate_trace, which does not trust the search.
#include <chrono>

#include "question/question_json.h"
#include "core/hop_limit.h"
#include "core/version.h"
#include "verify/check/route_proof_check.h"
#include "verify/evidence_inputs.h"
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
nlohmann::json route_check_view(const Answer& a, Timings timings) {
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
  if (a.proof) j["proof"] = to_json(std::get<RouteProofFile>(*a.proof));
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

// What a proof proves (verify/route/route_proof.h): the question as the
// checker rebuilds it, with the hop limit the search used.
RouteProofHeader proof_header(const RouteCheckQuestion& q, const Subject& s) {
  RouteProofHeader h;
  h.question = {{"model", s.net->spec()},
                {"routing", s.routing->spec()},
                {"faults", q.faults},
                {"k", q.k},
                {"path_bound", q.path_bound ? nlohmann::json(*q.path_bound) : nlohmann::json(nullptr)},
                {"hop_limit", hop_limit_for(*s.net, q.hop_limit.value_or(0))},
                {"excuse_disconnected", q.excuse_disconnected}};
  h.inputs = inputs_json(evidence_inputs(*s.net, s.routing.get()));
  return h;
}

// Why the search wrote no proof, in words.
std::string unproved(const RouteCheckResult& r) {
  if (r.status == RouteCheckResult::Status::Unknown) return "the budget ran out before the search ended";
  if (r.failure && r.failure->faults.empty()) return "the routing fails without faults: nothing below to prove";
  if (r.failure && !r.minimum_proved) return "the failure found is not proved least";
  return "the budget ran out while the proof was written";
}

// The proof the search wrote, finished and re-checked without the search.
void settle_proof(Answer& a, RouteProofWriter& proof, const SpecResolver* specs) {
  const RouteCheckResult& r = a.result_as<RouteCheckResult>();
  if (proof.abandoned() || a.verdict == VerdictKind::Unknown) {
    proof.abandon();
    a.unproved = unproved(r);
    return;
  }
  proof.finish();
  a.proof = RouteProofFile{proof.path(), proof.bytes(), proof.pairs(), proof.tokens(), r.runs()};
  if (!specs) {
    a.unproved = "the routing cannot be rebuilt from its spec, so the proof was not re-checked here";
    return;
  }
  const RouteProofReport c = check_route_proof(proof.path(), *specs);
  a.proof_recheck = Recheck{c.valid, c.summary, c.problems};
}

}  // namespace

Answer answer_route_check(const RouteCheckQuestion& q, Subject s, const Context& ctx, const SpecResolver* specs) {
  const auto start = std::chrono::steady_clock::now();
  RouteCheckOptions opt = route_check_options(q);
  opt.budget = ctx.budget;
  opt.progress = ctx.progress;
  opt.farm = ctx.farm;
  std::optional<RouteProofWriter> proof;
  opt.prove = !q.proof.empty();
  const bool whole = !ctx.farm || ctx.farm->coordinator();  // another rank's result is not whole
  if (opt.prove && whole) proof.emplace(q.proof, proof_header(q, s));
  opt.proof = proof ? &*proof : nullptr;
  RouteCheckResult r = route_check(*s.routing, *s.model, opt);
  Answer a = Answer::asked("route-check", std::move(s), question::to_json_view(q));
  a.verdict = verdict_kind(r.status);
  a.coverage = r.coverage;
  if (a.verdict == VerdictKind::Unknown) a.reason = r.coverage.text();
  if (whole && r.failure) add_witness(a, *r.failure, q);
  a.result = std::move(r);
  if (proof) settle_proof(a, *proof, specs);
  a.view = &route_check_view;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace menger
