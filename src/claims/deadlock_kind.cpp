// The `deadlock-free` property kind: can the routing deadlock?  (issue 5)
//
//   [property]
//   kind = "deadlock-free"
//   routing = "dor-dateline"    # routing spec (menger list)
//   escape = "0,1"              # optional escape VCs for Duato's condition
//                               #   (default: searched when the routing is adaptive)
//   faults = "links"            # optional, with k: under every set of <= k faults
//   k = 1
//   switching = "wormhole"      # optional model of the exact check (verify/deadlock/deadlock_exact.h):
//   buffers = 1                 #   wormhole, or cut-through with `buffers` packets per channel
//   vcs, case_budget, symmetry  # optional, as deadlock's options
//
// Every key but routing is a field of the deadlock question
// (src/question/deadlock_question.h), declared there once.
//
// HOLDS carries the certificate (an order of the escape channels), FAILS the
// deadlocked configuration; both are re-checked here by the independent
// checker of verify/deadlock/deadlock_evidence.h before the verdict is reported (the
// certificate only when the graph has at most kRecheckConfigurations
// configurations: the checker follows every packet on its own).  With k > 0
// the search also writes its proof (verify/deadlock/deadlock_proof.h) to a
// scratch file, and verify/check/deadlock_proof_check.h re-checks it: every
// analysed fault set's certificate, and that they cover every set of <= k.
#include "claims/property.h"
#include "claims/property_keys.h"
#include "claims/question_keys.h"
#include "claims/scratch_proof.h"
#include "core/error.h"
#include "setup/answer.h"
#include "setup/questions.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/route/route_witness.h"

namespace menger {

namespace {

struct DeadlockClaim {
  std::string routing;
  DeadlockQuestion q;
  std::filesystem::path base_dir;  // the claim file's directory: relative file names in the routing
};

std::vector<PropertyKey> deadlock_key_list() {
  std::vector<PropertyKey> k{routing_key("routing spec")};
  for (auto& key : question_keys<DeadlockQuestion>()) k.push_back(std::move(key));
  return k;
}

const PropertyKeys& deadlock_keys() {
  static const PropertyKeys keys(
      "deadlock-free",
      "a routing cannot deadlock (acyclic dependency graph or Duato's condition), with a certificate or a "
      "deadlocked configuration",
      deadlock_key_list());
  return keys;
}

DeadlockClaim read_deadlock_claim(const PropertyValues& v, const std::string&) {
  DeadlockClaim c{*v.text("routing"), {}, v.base_dir()};
  read_question_keys(v, c.q);
  parse_unit_choice(c.q.faults);
  parse_switching(c.q.switching.value_or(""), c.q.buffers.value_or(0), "switching", "buffers");  // refused at once
  return c;
}

std::string problems_text(const Recheck& c) {
  std::string s;
  for (const auto& p : c.problems) s += (s.empty() ? "" : "; ") + p;
  return s;
}

// The report's Paper and Menger cells (issue 42): free, under how many
// faults, and what the search found (the least failing set's size).
void fill_cells(CheckResult& out, const DeadlockClaim& c, const Answer& a) {
  const DeadlockSearchResult& s = a.result_as<DeadlockSearchResult>();
  const std::string under = c.q.k ? " (<= " + std::to_string(c.q.k) + ")" : "";
  out.paper_value = "free" + under;
  const std::string at = s.failing && c.q.k ? " at " + std::to_string(s.failing->count()) : "";
  if (a.verdict == VerdictKind::Holds) out.menger_value = "free" + under;
  else if (a.verdict == VerdictKind::Fails) out.menger_value = "deadlock" + at;
  else out.menger_value = "unknown" + at;
}

// The proof's line and details; a proof the checker refutes is a bug in the search.
void add_deadlock_proof(CheckResult& out, const Answer& a) {
  if (!a.proof) return;
  const auto& p = std::get<DeadlockProofFile>(*a.proof);
  if (!a.proof_recheck) throw InternalError("the search's proof was not re-checked: " + a.unproved);
  if (!a.proof_recheck->valid) throw InternalError("the search's proof does not check: " + problems_text(*a.proof_recheck));
  out.explanation.push_back("proof: " + std::to_string(p.bytes) + " bytes (gzip) for " + std::to_string(p.sets) +
                            " fault sets, re-checked independently: " + a.proof_recheck->summary);
  out.details["proof"] = {{"bytes", p.bytes}, {"sets", p.sets}, {"k", p.k}, {"rechecked", a.proof_recheck->summary}};
}

CheckResult check_deadlock_claim(const DeadlockClaim& c, const std::shared_ptr<const Topology>& topology, RunContext& ctx) {
  const SpecResolver specs = builtin_specs(ctx.budget());
  DeadlockQuestion q = c.q;
  std::optional<ScratchProof> scratch;
  if (q.k > 0) q.proof = scratch.emplace().path;
  const Answer a = answer_deadlock(
      q, subject_of(make_route_setup(topology, c.routing, c.q.faults, c.base_dir, ctx.budget())),
      Context{ctx.budget(), ctx.progress(), nullptr}, question::kClaim, &specs);
  const DeadlockSearchResult& s = a.result_as<DeadlockSearchResult>();
  const Routing& routing = *a.subject.routing;
  const FaultModel& model = *a.subject.model;
  CheckResult out{Holds{}, {}, nlohmann::json::object()};
  fill_cells(out, c, a);
  // The switching model as the question states it (read() refused a bad one).
  const auto switching = parse_switching(c.q.switching.value_or(""), c.q.buffers.value_or(0), "switching", "buffers");
  out.explanation.push_back("claim: " + routing.spec() + " (" + std::to_string(routing.vcs()) + " VC) is deadlock-free" +
                            (c.q.k ? " under every set of <= " + std::to_string(c.q.k) + " " + c.q.faults : "") +
                            (switching ? " (" + switching->text() + ")" : ""));
  // The search's one view (verify/deadlock/deadlock_search.h); its verdict is the search's.
  out.details = {{"routing", routing.spec()}, {"k", c.q.k}, {"result", to_json(s, model)}};
  if (!s.complete) {
    out.verdict = Unknown{"the budget ran out; " + s.coverage.text(), 0};
    return out;
  }
  const DeadlockResult& r = s.failing_result ? *s.failing_result : *s.fault_free;
  out.explanation.push_back(r.method + "; " + std::to_string(r.plain.packets) + " packets, " +
                            std::to_string(r.plain.direct_dependencies) + " dependencies" +
                            (r.plain.destinations_explored ? " up to translation" : "") +
                            (c.q.k ? ", " + std::to_string(s.analyses) + " fault sets analysed" : ""));
  if (s.failing) out.explanation.push_back("least fault set: " + s.failing->to_string(model.universe()));
  if (a.verdict == VerdictKind::Unknown) {
    out.verdict = Unknown{r.reason, 0};
    return out;
  }
  if (a.recheck && !a.recheck->valid)
    throw InternalError("the deadlock evidence does not check: " + problems_text(*a.recheck));
  if (a.recheck) out.explanation.push_back("re-checked independently: " + a.recheck->summary);
  add_deadlock_proof(out, a);
  const DeadlockEvidence& ev = std::get<DeadlockEvidence>(a.evidence);
  if (ev.deadlock) {
    const auto& p = ev.packets.front();
    out.explanation.push_back("deadlocked configuration of " + std::to_string(ev.packets.size()) +
                              " packets, e.g. " + p.source + " -> " + p.destination + " holding a channel of " +
                              p.channel.node);
  }
  out.verdict = verdict_of(a);
  return out;
}

}  // namespace

PropertyKind deadlock_free_property_kind() { return table_property_kind(deadlock_keys(), read_deadlock_claim, check_deadlock_claim); }

}  // namespace menger
