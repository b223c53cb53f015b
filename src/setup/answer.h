// One Answer (issue 37 item 2): what was asked, the verdict with its evidence,
// the evidence's independent re-check, how much was covered, and the engine's
// own account of its work; one JSON view.
//
// Each engine's question is answered here, once, for every front end (CLI
// verbs, claim kinds, Python): answer_route_check, answer_deadlock and
// answer_tolerance here, answer_credit_loops (setup/credit_loops.h) and
// answer_montecarlo (claims/reliability_study.h, where the study lives) turn a
// question into the engine's options, run the engine
// under the caller's Context, make the evidence and have code that does not
// trust the engine re-check it.  A front end then only shows the Answer (the
// CLI's text and --json, a claim's verdict, a Python result).
//
// The verdict is the engine's, not a claim's: route-check HOLDS when every
// pair is delivered under every set of <= k faults; deadlock HOLDS when the
// routing is FREE (under every set of <= k faults); tolerance HOLDS when the
// least breaking weight is settled exactly.  A claim compares it with what
// the paper states (src/claims/*_kind.cpp).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/budget.h"
#include "core/coverage.h"
#include "core/json_io.h"
#include "core/progress.h"
#include "core/shard_farm.h"
#include "core/verdict.h"
#include "question/deadlock_question.h"
#include "question/field.h"
#include "question/route_check_question.h"
#include "question/tolerance_question.h"
#include "setup/opensm_faults_result.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/reliability/study_result.h"
#include "verify/route/route_search.h"
#include "verify/route/route_witness.h"
#include "verify/spec_resolver.h"
#include "verify/tolerance/certificate.h"
#include "verify/tolerance/tolerance_engine.h"

namespace menger {

// What a question is answered under, passed rather than ambient (issue 37
// item 3): the budget, the progress sink, and the MPI farm that spreads the
// work (null: this process alone).  Under a farm every rank answers; only the
// coordinator's Answer is whole.
struct Context {
  Budget budget;
  Progress progress;
  const ShardFarm* farm = nullptr;
};

// What a question is about: the network, its fault model and, for a routing's
// questions, the routing.  Shared, so that an Answer keeps its subject alive
// for the views that name units, nodes and channels.
struct Subject {
  std::shared_ptr<const Network> net;
  std::shared_ptr<const FaultModel> model;
  std::shared_ptr<const Routing> routing;  // null for a topology's own questions (tolerance)
};
Subject subject_of(RouteSetup setup);

// The engine's own account of its work: counts, plan, coverage, timings.
// (a credit-loop check's is one DeadlockResult; a montecarlo study's, its curve;
// the subnet-manager loop's, its fault sets).
using EngineResult = std::variant<RouteCheckResult, DeadlockSearchResult, ToleranceOutcome, DeadlockResult, StudyResult,
                                  OpensmFaultsResult>;

// The evidence, typed: a route failure's witness (menger replay), a deadlock
// witness or freedom certificate (replay, check-cert), a tolerance
// certificate (check-cert); none when the verdict has none.
using Evidence = std::variant<std::monostate, RouteWitness, DeadlockEvidence, ToleranceCertificate>;

// The evidence re-checked by code that does not trust the engine
// (verify/check/, route_witness.h's validate_trace).
struct Recheck {
  bool valid = false;
  std::string summary;
  std::vector<std::string> problems;
};

[[noreturn]] void throw_wrong_result(const std::string& verb);

struct Answer {
  std::string verb;          // the question's name: "route-check", "deadlock", "tolerance", "credit-loops", ...
  Subject subject;
  nlohmann::json question;   // the question's JSON view (question::to_json_view)
  VerdictKind verdict = VerdictKind::Unknown;
  std::string reason;        // UNKNOWN: why, with what was covered
  Coverage coverage;
  Evidence evidence;
  std::optional<Recheck> recheck;  // absent: not re-checked (no evidence, or see `unchecked`)
  std::string unchecked;     // why evidence there is was not re-checked, in words ("" when it was)
  // A route-check's or deadlock search's proof (verify/route/route_proof.h,
  // verify/deadlock/deadlock_proof.h; question field `proof`) of the fault
  // counts it settled without a failure -- every one up to k for HOLDS,
  // those below the least failing size for FAILS -- with its independent
  // re-check (verify/check/route_proof_check.h, deadlock_proof_check.h);
  // `unproved` says why none was written or checked when one was asked for.
  std::optional<std::variant<RouteProofFile, DeadlockProofFile>> proof;
  std::optional<Recheck> proof_recheck;
  std::string unproved;
  EngineResult result;
  double seconds = 0;        // the whole answer, setup of the engine's options to the re-check
  // The verb's JSON view, set by the function that answered (schemas/<verb>.schema.json).
  nlohmann::json (*view)(const Answer&, Timings) = nullptr;

  // An answer to `question` about `subject`, before the engine's verdict is in.
  static Answer asked(std::string verb, Subject subject, nlohmann::json question);

  // The engine's result; an InternalError if the answer is another engine's.
  template <class R>
  const R& result_as() const;
};

// The core Verdict (core/verdict.h) of an answer: HOLDS with its certificate,
// FAILS with its witness, UNKNOWN with its reason and covered fraction.  A
// study's ESTIMATE is a curve of estimates, held by its result: an
// InternalError here.
Verdict verdict_of(const Answer& a);

// The evidence as the JSON that `menger replay` / `menger check-cert` read;
// null when there is none.
nlohmann::json evidence_json(const Answer& a);

// The answer's one JSON view, as `menger <verb> --json` prints it and Python's
// to_json() returns it: the subject in words, {"menger": {"version"}},
// "question", the engine's result view (its verdict, coverage and counts;
// seconds with Timings::Include) and the evidence under the verb's key
// (schemas/<verb>.schema.json document each).
nlohmann::json to_json(const Answer& a, Timings timings);

// Does the routing deliver every required pair under every set of <= q.k
// faults?  FAILS carries a replayable witness, validated by validate_trace.
// With q.proof, a.proof is the proof written there (verify/route/route_proof.h),
// re-checked by verify/check/route_proof_check.h under `specs` (null: not
// re-checked, for a routing the checker cannot rebuild from its spec).
Answer answer_route_check(const RouteCheckQuestion& q, Subject s, const Context& ctx,
                          const SpecResolver* specs = nullptr);

// Can the routing deadlock (under every set of <= q.k faults)?  HOLDS (FREE)
// carries the freedom certificate, FAILS the deadlocked configuration; the
// evidence is re-walked by verify/check/ when it is a deadlock or the graph
// has at most kRecheckConfigurations configurations, under `specs` (how the
// checker builds what the evidence names; null: not re-checked, for a routing
// the checker cannot rebuild from its spec, such as one written in Python).
// `front` names fields in errors as its user wrote them.
inline constexpr std::uint64_t kRecheckConfigurations = 200'000;
Answer answer_deadlock(const DeadlockQuestion& q, Subject s, const Context& ctx, question::Front front,
                       const SpecResolver* specs);

// The evidence of deadlock analysis `d` of a.subject under `faults`, re-checked
// under `specs` when `complete` and the checker can follow it (as above); for
// answer_deadlock and the credit-loop check (setup/credit_loops.h).
void add_deadlock_evidence(Answer& a, const FaultSet& faults, const DeadlockResult& d, bool complete,
                           const SpecResolver* specs);

// The least breaking weight of s.model, with its certificate re-checked by
// verify/check/certificate_check.h under `specs` (how the checker builds the
// network the certificate names).
Answer answer_tolerance(const ToleranceQuestion& q, Subject s, const Context& ctx, const SpecResolver& specs);

template <class R>
const R& Answer::result_as() const {
  if (const R* r = std::get_if<R>(&result)) return *r;
  throw_wrong_result(verb);
}

}  // namespace menger
