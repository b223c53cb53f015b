#include "verify/tolerance/tolerance_engine.h"

#include "core/error.h"
#include "verify/tolerance/tolerance.h"
#include "verify/tolerance/tolerance_smt.h"

namespace menger {

EngineChoice parse_engine_choice(const std::string& t) {
  if (t == "auto") return EngineChoice::Auto;
  if (t == "flow") return EngineChoice::Flow;
  if (t == "smt") return EngineChoice::Smt;
  throw InputError("engine must be auto, flow or smt, got '" + t + "'");
}

namespace {

// Number of unit sets lighter than `limit` (weights >= 1), capped at `cap`.
std::uint64_t lighter_sets(const FaultModel& m, std::uint64_t limit, std::uint64_t cap) {
  // count[w] = sets of total weight w, a knapsack count over the units.
  std::vector<std::uint64_t> count(limit, 0);
  if (limit == 0) return 0;
  count[0] = 1;
  for (std::size_t u = 0; u < m.universe().size(); ++u)
    for (std::uint64_t w = limit; w-- > m.weight(u);) count[w] = std::min(cap, count[w] + count[w - m.weight(u)]);
  std::uint64_t total = 0;
  for (std::uint64_t c : count) total = std::min(cap, total + c);
  return total;
}

ToleranceOutcome from_flow(const FaultModel& m, const ToleranceRequest& req) {
  ToleranceOptions opts;
  opts.budget = req.budget;
  opts.progress = req.progress;
  opts.certificate = req.certificate;
  opts.symmetry = req.symmetry;
  opts.chunk_pairs = req.chunk_pairs;
  opts.checkpoint = req.checkpoint;
  opts.recheck_resumed = req.recheck_resumed;
  opts.farm = req.farm;
  ToleranceResult r = flow_tolerance(m, opts);
  ToleranceOutcome o;
  o.engine = "flow";
  o.complete = r.complete;
  o.coverage = std::move(r.coverage);
  const std::string group = r.method == "pair-orbits" ? "the fault model's automorphism group" : "the pivot's stabiliser";
  o.method = r.method + " pairs" +
             (r.symmetry_order.empty() ? "" : ", one per orbit of " + group + " (order " + r.symmetry_order + ")");
  o.work = std::to_string(r.flow_calls) + " max-flow calls for " + std::to_string(r.pairs_total) +
           " pairs (the rest settled by the fan lemma)";
  if (r.flow_calls == r.pairs_total) o.work = std::to_string(r.flow_calls) + " max-flow calls";
  o.min_cut = r.min_cut;
  o.breaking_set = r.breaking_set;
  o.source = r.source;
  o.target = r.target;
  o.certificate = std::move(r.certificate);
  if (!o.certificate) o.certificate_note = r.complete ? "not requested" : "search incomplete";
  return o;
}

// The solver's one search, settled or not.
Coverage smt_coverage(const SmtOutcome& s) {
  Coverage c;
  c.unit = "solver searches";
  c.total = 1;
  c.settled = s.complete ? 1 : 0;
  if (!s.complete && s.min_cut) c.so_far = "a breaking set of weight " + std::to_string(*s.min_cut);
  if (!s.complete) c.remains = "the least breaking weight (the solver stopped: " + s.status + ")";
  return c;
}

ToleranceOutcome from_smt(const FaultModel& m, const ToleranceRequest& req) {
  if (!req.checkpoint.empty() || (req.farm && req.farm->processes() > 1))
    throw InputError(std::string("the SMT engine (fault units that are groups of nodes, or --engine smt) is one "
                                 "solver run that does not split into shards: run it without ") +
                     (req.checkpoint.empty() ? "mpirun (or with mpirun -n 1)" : "--checkpoint"));
  SmtOutcome s = smt_min_breaking_set(m, req.budget);
  ToleranceOutcome o;
  o.engine = "smt";
  o.complete = s.complete;
  o.coverage = smt_coverage(s);
  o.method = "Z3 over all required pairs, weight bound raised until satisfiable";
  o.work = s.complete ? std::to_string(s.queries) + " solver queries" : "solver stopped: " + s.status;
  o.min_cut = s.min_cut;
  o.breaking_set = s.breaking_set;
  o.source = s.source;
  o.target = s.target;
  if (!s.complete || !req.certificate) {
    o.certificate_note = s.complete ? "not requested" : "search incomplete";
    return o;
  }
  ToleranceCertificate c;
  c.model = m.network().spec();
  c.faults = m.spec();
  c.kind = "exhaustive";
  if (!s.min_cut) {
    // Nothing breaks: the checker fails every unit but the ends' own for each
    // required pair and finds it still connected (certificate.h), as the flow
    // engine's certificate proves the same answer with unbreakable paths.
    o.certificate = std::move(c);
    return o;
  }
  const std::uint64_t sets = lighter_sets(m, *s.min_cut, req.exhaustive_limit + 1);
  if (sets > req.exhaustive_limit) {
    o.certificate_note = "more than " + std::to_string(req.exhaustive_limit) +
                         " lighter fault sets: too many for an exhaustive re-check";
    return o;
  }
  c.min_cut = s.min_cut;
  c.witness = BreakingWitness{s.breaking_set, s.source, s.target};
  o.certificate = std::move(c);
  return o;
}

}  // namespace

ToleranceOutcome solve_tolerance(const FaultModel& model, const ToleranceRequest& request) {
  const bool flow = request.engine == EngineChoice::Flow ||
                    (request.engine == EngineChoice::Auto && model.flow_expressible());
  ToleranceOutcome o = flow ? from_flow(model, request) : from_smt(model, request);
  if (o.certificate) o.certificate->inputs = evidence_inputs(model.network());  // certificate.h: inputs
  return o;
}

}  // namespace menger
