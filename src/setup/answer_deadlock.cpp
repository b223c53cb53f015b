// The deadlock question answered (answer.h): the search over fault sets of
// verify/deadlock/deadlock_search.h, the evidence of the analysis the verdict
// rests on, and that evidence re-walked by verify/check/, which does not trust
// the engine.
#include <chrono>
#include <filesystem>

#include "core/error.h"
#include "question/question_json.h"
#include "core/version.h"
#include "setup/answer.h"
#include "setup/questions.h"
#include "verify/check/deadlock_evidence_check.h"
#include "verify/check/deadlock_proof_check.h"
#include "verify/evidence_inputs.h"

namespace menger {

namespace {

// schemas/deadlock.schema.json: the subject, the question, the search's view
// (deadlock_search.h) and the evidence.
nlohmann::json deadlock_view(const Answer& a, Timings timings) {
  const DeadlockSearchResult& r = a.result_as<DeadlockSearchResult>();
  const Subject& s = a.subject;
  nlohmann::json j{{"model", s.net->spec()},        {"routing", s.routing->spec()},
                   {"vcs", s.routing->vcs()},       {"k", a.question.at("k")},
                   {"menger", nlohmann::json{{"version", kVersion}}},      {"question", a.question}};
  j.update(to_json(r, *s.model, timings));
  j["evidence"] = evidence_json(a);
  if (a.proof) j["proof"] = to_json(std::get<DeadlockProofFile>(*a.proof));
  return j;
}

// Why the checker cannot rebuild the routing from its spec ("" when it can):
// it reads the routing's files again, and a pipe (/dev/stdin under a shell's
// `|` or mpirun) gives its bytes once.
std::string unrebuildable(const Routing& routing) {
  for (const auto& in : routing.input_files()) {
    std::error_code ec;
    if (std::filesystem::exists(in.path, ec) && !std::filesystem::is_regular_file(in.path, ec))
      return "the routing's input " + in.path + " is not a regular file and cannot be read again";
  }
  return "";
}

// What a proof proves (verify/deadlock/deadlock_proof.h): the question as the
// checker rebuilds it; finish() sets the k proved.
DeadlockProofHeader proof_header(const DeadlockQuestion& q, const Subject& s) {
  DeadlockProofHeader h;
  h.question = {{"model", s.net->spec()},
                {"routing", s.routing->spec()},
                {"faults", to_string(s.model->spec().units)},
                {"k", q.k},
                {"switching", q.switching.value_or("default")},
                {"buffers", q.buffers ? nlohmann::json(*q.buffers) : nlohmann::json(nullptr)}};
  h.inputs = inputs_json(evidence_inputs(*s.net, s.routing.get()));
  return h;
}

// The proof the search wrote, finished and re-checked without the search:
// every set of <= k faults for FREE, every set below the least failing one's
// size for DEADLOCK (none when the fault-free network deadlocks).
void settle_proof(Answer& a, DeadlockProofWriter& proof, const SpecResolver* specs) {
  const DeadlockSearchResult& r = a.result_as<DeadlockSearchResult>();
  const bool proved_some = a.verdict == VerdictKind::Holds || (r.failing && !r.failing->empty());
  if (a.verdict == VerdictKind::Unknown || !proved_some) {
    proof.abandon();
    a.unproved = a.verdict == VerdictKind::Unknown ? "the search did not finish"
                                                   : "the fault-free network is not FREE: nothing below to prove";
    return;
  }
  const auto k = static_cast<std::uint32_t>(r.failing ? r.failing->count() - 1 : a.question.at("k").get<std::uint32_t>());
  proof.finish(k);
  a.proof = DeadlockProofFile{proof.path(), proof.bytes(), proof.sets(), r.analyses, k};
  if (!specs || !unrebuildable(*a.subject.routing).empty()) {
    a.unproved = "the routing cannot be rebuilt from its spec, so the proof was not re-checked here";
    return;
  }
  const DeadlockProofReport c = check_deadlock_proof(proof.path(), *specs);
  a.proof_recheck = Recheck{c.valid, c.summary, c.problems};
}


VerdictKind verdict_kind(DeadlockResult::Status s) {
  switch (s) {
    case DeadlockResult::Status::Free: return VerdictKind::Holds;
    case DeadlockResult::Status::Deadlock: return VerdictKind::Fails;
    case DeadlockResult::Status::Unknown: return VerdictKind::Unknown;
  }
  return VerdictKind::Unknown;
}

}  // namespace

void add_deadlock_evidence(Answer& a, const FaultSet& faults, const DeadlockResult& d, bool complete,
                           const SpecResolver* specs) {
  DeadlockEvidence e = make_deadlock_evidence(*a.subject.routing, *a.subject.model, faults, d);
  if (!specs) a.unchecked = "the checker cannot rebuild this routing from its spec";
  else if (!e.deadlock && d.plain.configurations > kRecheckConfigurations)
    a.unchecked = "over " + std::to_string(kRecheckConfigurations) + " configurations: too many to follow again";
  else a.unchecked = unrebuildable(*a.subject.routing);
  if (a.unchecked.empty() && complete) {
    const EvidenceCheck c = check_deadlock_evidence(e, *specs);
    a.recheck = Recheck{c.valid, c.summary, c.problems};
  }
  a.evidence = std::move(e);
}

Answer answer_deadlock(const DeadlockQuestion& q, Subject s, const Context& ctx, question::Front front,
                       const SpecResolver* specs) {
  const auto start = std::chrono::steady_clock::now();
  DeadlockSearchOptions opt = deadlock_search_options(q, *s.routing, front);
  opt.budget = ctx.budget;
  opt.progress = ctx.progress;
  opt.farm = ctx.farm;
  std::optional<DeadlockProofWriter> proof;
  opt.prove = !q.proof.empty();
  const bool whole = !ctx.farm || ctx.farm->coordinator();  // another rank's result is not whole
  if (opt.prove && whole) proof.emplace(q.proof, proof_header(q, s));
  opt.proof = proof ? &*proof : nullptr;
  DeadlockSearchResult r = search_deadlock_faults(*s.routing, *s.model, opt);
  Answer a = Answer::asked("deadlock", std::move(s), question::to_json_view(q));
  a.coverage = r.coverage;
  if (!ctx.farm || ctx.farm->coordinator()) {  // another rank's result is not whole
    if (!r.failing_result && !r.fault_free) throw InternalError("the deadlock search analysed nothing");
    const DeadlockResult& d = r.failing_result ? *r.failing_result : *r.fault_free;
    a.verdict = r.complete ? verdict_kind(d.status) : VerdictKind::Unknown;
    if (!r.complete) a.reason = ctx.budget.reason() + "; " + r.coverage.text();
    else if (a.verdict == VerdictKind::Unknown) a.reason = d.reason;
    const FaultSet none(a.subject.model->universe().size());
    if (d.status != DeadlockResult::Status::Unknown) add_deadlock_evidence(a, r.failing ? *r.failing : none, d, r.complete, specs);
  }
  a.result = std::move(r);
  if (proof) settle_proof(a, *proof, specs);
  a.view = &deadlock_view;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace menger
