#include "setup/questions.h"

#include "core/error.h"

namespace menger {

RouteCheckOptions route_check_options(const RouteCheckQuestion& q) {
  RouteCheckOptions o;
  o.k = q.k;
  o.path_bound = q.path_bound;
  o.limits.hop_limit = q.hop_limit.value_or(0);  // 0: hop_limit_for(network), as the checkpoint header records it
  o.limits.choices = parse_choice_rule(q.choices, "choices");
  o.excuse_disconnected = q.excuse_disconnected;
  o.symmetry = q.symmetry;
  o.settle_all = q.settle_all;
  o.symbolic = q.search == "symbolic";
  o.naive = q.search == "naive";
  o.list_failures = q.failures;
  o.checkpoint = q.checkpoint;
  o.recheck_resumed = q.recheck_resumed;
  o.chunk_pairs = q.chunk_pairs;
  return o;
}

RouteWitness route_check_witness(const Routing& routing, const FaultModel& model, const RouteFailure& failure,
                                 const RouteCheckQuestion& q) {
  return make_witness(routing, model, failure, hop_limit_for(model.network(), q.hop_limit.value_or(0)),
                      q.excuse_disconnected, parse_choice_rule(q.choices, "choices"));
}

DeadlockSearchOptions deadlock_search_options(const DeadlockQuestion& q, const Routing& routing,
                                              question::Front front) {
  using question::spelled;
  if (q.vcs && *q.vcs != routing.vcs())
    throw InputError(routing.spec() + " uses " + std::to_string(routing.vcs()) + " virtual channel(s), not " +
                     spelled(front, "vcs") + " " + std::to_string(*q.vcs));
  DeadlockSearchOptions o;
  o.k = q.k;
  o.escape_vcs = parse_vc_set(q.escape.value_or(""), routing.vcs(), spelled(front, "escape"));
  o.switching = parse_switching(q.switching.value_or(""), q.buffers.value_or(0), spelled(front, "switching"),
                                spelled(front, "buffers"));
  o.case_budget = q.case_budget;
  o.symmetry = q.symmetry;
  o.chunk_sets = q.chunk_sets;
  o.checkpoint = q.checkpoint;
  o.recheck_resumed = q.recheck_resumed;
  return o;
}

ToleranceRequest tolerance_request(const ToleranceQuestion& q) {
  ToleranceRequest r;
  r.engine = parse_engine_choice(q.engine);
  r.certificate = q.certificate;
  r.symmetry = q.symmetry;
  r.chunk_pairs = q.chunk_pairs;
  r.checkpoint = q.checkpoint;
  r.recheck_resumed = q.recheck_resumed;
  return r;
}

FaultModelSpec tolerance_fault_spec(const ToleranceQuestion& q, const Network& net) {
  FaultModelSpec spec;
  spec.units = parse_unit_choice(q.faults);
  spec.pairs = q.pairs ? parse_pair_choice(*q.pairs) : default_pairs(net);
  return spec;
}

StructureOptions structure_options(const InfoQuestion& q) {
  StructureOptions o;
  o.use_symmetry = q.symmetry;
  o.method = q.per_source ? DistanceMethod::PerSource : DistanceMethod::BitParallel;
  return o;
}

}  // namespace menger
