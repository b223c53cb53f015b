#include "claims/reliability_study.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/checkpoint_file.h"
#include "core/error.h"
#include "core/spec.h"
#include "core/version.h"
#include "question/question_json.h"
#include "setup/specs.h"
#include "verify/reliability/montecarlo_checkpoint.h"
#include "verify/reliability/survival.h"

namespace menger {

namespace {

// The fault units a request names, or its experiment's default.
std::string fault_units(const StudyRequest& q) {
  return q.faults.empty() ? (q.experiment == "completeness" ? "components" : "nodes") : q.faults;
}

FaultModelSpec fault_spec(const StudyRequest& q, const Network& net) {
  FaultModelSpec s;
  s.units = parse_unit_choice(fault_units(q));
  s.pairs = default_pairs(net);
  return s;
}

// The spec of wiring `seed` of a randomly wired model: its canonical spec with
// the seed argument rebound (through the spec parser, not text search).
std::string with_seed(const std::string& canonical, std::uint64_t seed) {
  SpecValue spec = parse_spec(canonical);
  auto arg = std::find_if(spec.args.begin(), spec.args.end(), [](const SpecArg& a) { return a.name == "seed"; });
  if (spec.kind != SpecValue::Kind::Call || arg == spec.args.end())
    throw InputError("best_of needs a randomly wired model (its spec has a seed), got " + canonical);
  arg->value = SpecValue::make_int(static_cast<std::int64_t>(seed));
  return spec.to_string();
}

// Fault counts: points that are whole numbers, each exact as a double (at most 2^53).
std::vector<std::size_t> whole_points(const std::string& text, const std::string& field) {
  constexpr double kExact = 9007199254740992.0;  // 2^53
  std::vector<std::size_t> counts;
  for (double x : parse_points(text, field)) {
    if (x != std::floor(x) || x > kExact)
      throw InputError(field + ": the counts are whole numbers up to 2^53, got " + std::to_string(x));
    counts.push_back(static_cast<std::size_t>(x));
  }
  return counts;
}

// A field as the front end's user wrote it, after where it was written ("" for the command line).
struct Spelling {
  question::Front front;
  std::string where;
  std::string bare(const std::string& field) const {
    return front == question::kCli && field == "routings" ? "--routing" : question::spelled(front, field);
  }
  std::string operator()(const std::string& field) const { return at() + bare(field); }
  std::string at() const { return where.empty() ? "" : where + ": "; }
};

// Options of one experiment given to another: one error naming them all.
void check_belongs(const MonteCarloQuestion& q, bool routings, const Spelling& name) {
  const bool completeness = q.experiment == "completeness";
  std::vector<std::string> wrong;
  if (completeness && routings) wrong.push_back(name.bare("routings"));
  if (completeness && q.counts) wrong.push_back(name.bare("counts"));
  if (completeness && q.rates) wrong.push_back(name.bare("rates"));
  if (completeness && q.hop_limit) wrong.push_back(name.bare("hop_limit"));  // nothing is routed
  if (completeness && q.choices) wrong.push_back(name.bare("choices"));
  if (!completeness && q.best_of) wrong.push_back(name.bare("best_of"));
  if (!completeness && q.max_faults) wrong.push_back(name.bare("max_faults"));
  if (wrong.empty()) return;
  std::string names;
  for (const auto& w : wrong) names += (names.empty() ? "" : "; ") + w;
  throw InputError(name.at() + names + (wrong.size() == 1 ? " does" : " do") + " not belong to the " + q.experiment +
                   " experiment (" + (completeness ? "routing and combinations" : "completeness") + " take" +
                   (wrong.size() == 1 ? "s it)" : " them)"));
}

void finish(StudyResult& r, const StudyPoint& p) {
  r.complete = r.complete && p.result.complete;
}

// What every study states about itself.
StudyResult start_result(const std::string& experiment, const FaultModel& model, const StudyRequest& q) {
  StudyResult r;
  r.experiment = experiment;
  r.model = model.network().spec();
  r.faults_described = model.describe();
  r.units = model.universe().size();
  r.sampling = q.sampling;
  return r;
}

// P(complete | f) by enumeration for every f whose C(units, f) is at most the limit.
void add_exact_completeness(StudyResult& r, const FaultModel& model, std::size_t max_f, std::uint64_t limit,
                            const Budget& budget) {
  r.exact.assign(max_f + 1, std::nullopt);
  SurvivalChecker checker(model, false, budget);
  r.exact[0] = ExactCount{checker.survives(FaultSet(r.units)) ? 1u : 0u, 1};
  for (std::size_t f = 1; f <= max_f && binomial(r.units, f) <= limit; ++f) {
    r.exact[f] = exact_completeness(model, f, limit, budget);
    if (r.exact[f]->surviving == 0) break;  // P(complete | f) never grows with f
  }
}

// Whether this process merges the study: always, unless it is one of a
// farm's other processes, which run the samples only for their shards and
// skip what the coordinator alone needs (exact values, the checkpoint).
bool merges(const StudyRequest& q) { return !q.sampling.farm || q.sampling.farm->coordinator(); }

// The next sample's log in the checkpoint, if any: samples are numbered in
// the order the study runs them, which depends on the request only.
ShardLog* log_of(MonteCarloCheckpoint* checkpoint) { return checkpoint ? &checkpoint->next_sample() : nullptr; }

StudyResult completeness_once(const std::shared_ptr<const Topology>& topology, const StudyRequest& q,
                              MonteCarloCheckpoint* checkpoint) {
  const Network net(topology, q.sampling.budget);
  const FaultModel model(net, fault_spec(q, net), q.sampling.budget);
  StudyResult r = start_result("completeness", model, q);
  r.points_planned = 1;
  const std::size_t max_f = q.max_faults.value_or(model.universe().size());
  CompletenessExperiment e(model, max_f, q.naive);
  r.series = e.series();
  StudyPoint p;
  p.result = sample(e, q.sampling, log_of(checkpoint));
  finish(r, p);
  r.points.push_back(std::move(p));
  if (merges(q)) add_exact_completeness(r, model, max_f, q.exact_limit, q.sampling.budget);
  return r;
}

StudyResult completeness_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q,
                               MonteCarloCheckpoint* checkpoint) {
  if (q.best_of == 0) return completeness_once(topology, q, checkpoint);
  std::optional<StudyResult> best;
  std::shared_ptr<const Topology> best_topology;
  std::vector<std::pair<std::string, Interval>> wirings;
  StudyRequest sampled = q;
  sampled.exact_limit = 0;  // enumerated for the best wiring only, below
  for (std::uint64_t seed = 1; seed <= q.best_of; ++seed) {
    auto t = build_topology(with_seed(topology->spec(), seed), {}, q.sampling.budget);
    StudyResult r = completeness_once(t, sampled, checkpoint);
    const Interval tolerated = r.interval(0, 0);
    wirings.emplace_back(r.model, tolerated);
    if (!best || tolerated.value > best->interval(0, 0).value) {  // ties: the lower seed
      best = std::move(r);
      best_topology = t;
    }
  }
  best->wirings = std::move(wirings);
  if (!merges(q)) return std::move(*best);
  const Network net(best_topology, q.sampling.budget);
  add_exact_completeness(*best, FaultModel(net, fault_spec(q, net), q.sampling.budget), best->exact.size() - 1,
                         q.exact_limit, q.sampling.budget);
  return std::move(*best);
}

std::vector<std::size_t> study_counts(const StudyRequest& q, std::size_t units, std::vector<std::optional<double>>& rates) {
  if (q.counts.empty() == q.rates.empty()) throw InputError("a routing study takes fault counts or fault rates (one of them)");
  std::vector<std::size_t> counts = q.counts;
  rates.assign(counts.size(), std::nullopt);
  for (double rate : q.rates) {
    if (!(rate >= 0 && rate <= 1)) throw InputError("a fault rate lies in [0, 1], got " + std::to_string(rate));
    counts.push_back(static_cast<std::size_t>(std::llround(rate * static_cast<double>(units))));
    rates.push_back(rate);
  }
  return counts;
}

// The combinations study's exact values, per series the fraction tolerated.
ExactRouting exact_tolerated(const CombinationExperiment& e, std::uint64_t limit) {
  ExactRouting x;
  for (const ExactCount& c : exact_combinations(e, limit)) {
    x.values.push_back(c.ratio());
    x.fault_sets = c.total;
  }
  x.sources = e.model().terminals().size();
  return x;
}

StudyResult routing_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q,
                          MonteCarloCheckpoint* checkpoint) {
  if (q.routings.empty()) throw InputError("a " + q.experiment + " study names at least one routing");
  const Network net(topology, q.sampling.budget);
  const FaultModel model(net, fault_spec(q, net), q.sampling.budget);
  std::vector<std::unique_ptr<Routing>> owned;
  std::vector<const Routing*> routings;
  for (const auto& spec : q.routings) {
    owned.push_back(q.routing_builder ? q.routing_builder(spec, net) : build_routing(spec, net, q.base_dir, q.sampling.budget));
    routings.push_back(owned.back().get());
  }
  StudyResult r = start_result(q.experiment, model, q);
  std::vector<std::optional<double>> rates;
  const auto counts = study_counts(q, r.units, rates);
  r.points_planned = counts.size();
  for (std::size_t i = 0; i < counts.size(); ++i) {
    std::unique_ptr<Experiment> e;
    StudyPoint p;
    if (q.experiment == "combinations") {
      auto ce = std::make_unique<CombinationExperiment>(model, routings, counts[i], q.hop_limit, !q.naive, q.choices);
      if (merges(q) && q.exact_limit > 0 && exact_combinations_cost(*ce) <= q.exact_limit) p.exact = exact_tolerated(*ce, q.exact_limit);
      e = std::move(ce);
    } else {
      auto re = std::make_unique<RoutingExperiment>(model, routings, counts[i], q.hop_limit, q.choices);
      const Symmetry symmetry = q.naive ? Symmetry::Ignore : Symmetry::Use;
      if (merges(q) && q.exact_limit > 0 && exact_routing_cost(*re, symmetry) <= q.exact_limit)
        p.exact = exact_routing(*re, q.exact_limit, symmetry);
      e = std::move(re);
    }
    if (r.series.empty()) r.series = e->series();
    p.faults = counts[i];
    p.rate = rates[i];
    SampleOptions o = q.sampling;
    o.point = counts[i];
    // A combination routes every pair: shards of 4 spread the few hundred
    // trials such a study runs over the cores.  Each trial adds 0 or 1, so the
    // sums, and every result, are the same for any shard size.
    if (q.experiment == "combinations") o.shard = 4;
    p.result = sample(*e, o, log_of(checkpoint));
    finish(r, p);
    r.points.push_back(std::move(p));
    if (!r.complete) break;  // out of time: later points would run no trials
  }
  return r;
}

std::string exact_text(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);  // round-trips: distinct doubles, distinct texts
  return buf;
}

template <class T, class Text>
std::string list_text(const std::vector<T>& items, Text text) {
  std::string s;
  for (const T& item : items) s += (s.empty() ? "" : ",") + text(item);
  return "[" + s + "]";
}

std::string sampling_text(const SampleOptions& o) {
  auto count = [](std::size_t n) { return std::to_string(n); };
  return "seed=" + std::to_string(o.seed) + ";trials=" + std::to_string(o.trials) +
         ";half_width=" + (o.half_width ? exact_text(*o.half_width) : "-") + ";watched=" + list_text(o.watched, count) +
         ";min_trials=" + std::to_string(o.min_trials) + ";confidence=" + exact_text(o.confidence) +
         ";shard=" + std::to_string(o.shard) + ";round=" + std::to_string(o.round);
}

}  // namespace

StudyRequest study_request(const MonteCarloQuestion& q, std::vector<std::string> routings, question::Front front,
                           const std::string& where) {
  const Spelling name{front, where};
  check_belongs(q, !routings.empty(), name);
  if (q.counts && q.rates)
    throw InputError(name("counts") + " and " + question::spelled(front, "rates") +
                     " are two ways to give the points: give one");
  StudyRequest r;
  r.experiment = q.experiment;
  r.faults = q.faults.value_or("");
  r.routings = std::move(routings);
  if (q.counts) r.counts = whole_points(*q.counts, name("counts"));
  if (q.rates) r.rates = parse_points(*q.rates, name("rates"));
  r.max_faults = q.max_faults;
  r.best_of = q.best_of;
  r.exact_limit = q.exact_limit;
  r.hop_limit = q.hop_limit.value_or(0);  // 0: hop_limit_for()'s default
  r.choices = parse_choice_rule(q.choices.value_or("every"), name("choices"));
  r.naive = q.naive;
  r.sampling.seed = q.seed;
  r.sampling.trials = q.trials;
  r.sampling.min_trials = std::min<std::uint64_t>(1000, q.trials);
  r.sampling.half_width = q.half_width;
  r.sampling.confidence = q.confidence;
  return r;
}

std::string canonical_text(const StudyRequest& q) {
  auto same = [](const std::string& x) { return x; };
  auto count = [](std::size_t n) { return std::to_string(n); };
  return "experiment=" + q.experiment + ";faults=" + fault_units(q) + ";routings=" + list_text(q.routings, same) +
         ";counts=" + list_text(q.counts, count) + ";rates=" + list_text(q.rates, exact_text) +
         ";max_faults=" + (q.max_faults ? std::to_string(*q.max_faults) : "-") +
         ";best_of=" + std::to_string(q.best_of) + ";exact_limit=" + std::to_string(q.exact_limit) +
         ";hop_limit=" + std::to_string(q.hop_limit) + ";naive=" + (q.naive ? "1" : "0") + ";" +
         // Written only when not the default, so that earlier checkpoints of
         // every-choice studies keep their identity.
         (q.choices == ChoiceRule::Every ? std::string() : "choices=" + std::string(to_string(q.choices)) + ";") +
         sampling_text(q.sampling);
}

namespace {

// The study, every sample in step with the farm's other processes if there
// is a farm (verify/reliability/montecarlo.h, "Processes"); with a checkpoint file when
// `checkpoint` names one, which the coordinator alone opens.
StudyResult study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q,
                  const std::filesystem::path* checkpoint, bool recheck_resumed) {
  if (q.experiment != "completeness" && q.experiment != "routing" && q.experiment != "combinations")
    throw InputError("unknown experiment '" + q.experiment + "' (known: completeness, routing, combinations)");
  check_sample_options(q.sampling);  // before any enumeration, and before a file is opened
  const auto start = std::chrono::steady_clock::now();
  StudyResult r;
  in_step(q.sampling.farm, [&] {
    std::optional<MonteCarloCheckpoint> file;
    if (checkpoint && merges(q)) file.emplace(*checkpoint, study_question(*topology, q), recheck_resumed);
    MonteCarloCheckpoint* log = file ? &*file : nullptr;
    r = q.experiment == "completeness" ? completeness_study(topology, q, log) : routing_study(topology, q, log);
    if (log) {
      log->finish();
      r.resumed = log->resumed();
    }
  });
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace

StudyResult run_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q) {
  return study(topology, q, nullptr, false);
}

nlohmann::json study_question(const Topology& topology, const StudyRequest& q) {
  return {{"model", topology.spec()},
          {"inputs", question_inputs(topology)},
          {"study", canonical_text(q)},
          {"menger", kVersion}};
}

StudyResult run_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q,
                      const std::filesystem::path& checkpoint, bool recheck_resumed) {
  return study(topology, q, &checkpoint, recheck_resumed);
}

namespace {

// schemas/montecarlo.schema.json: the study's view (io/study_output.h), the
// question, the version and, with Timings::Include, the seconds.
nlohmann::json montecarlo_view(const Answer& a, Timings timings) {
  const StudyResult& r = a.result_as<StudyResult>();
  nlohmann::json j = study_json(r);
  j["question"] = a.question;
  j["menger"] = {{"version", kVersion}};
  if (timings == Timings::Include) j["seconds"] = r.seconds;
  return j;
}

}  // namespace

Answer answer_montecarlo(const MonteCarloQuestion& q, StudyRequest request,
                         const std::shared_ptr<const Topology>& topology, const Context& ctx) {
  request.sampling.budget = ctx.budget;
  request.sampling.farm = ctx.farm;
  request.sampling.progress = ctx.progress;
  StudyResult r = q.checkpoint.empty() ? run_study(topology, request)
                                       : run_study(topology, request, q.checkpoint, q.recheck_resumed);
  Answer a = Answer::asked("montecarlo", Subject{}, question::to_json_view(q));
  a.verdict = r.complete ? VerdictKind::Estimate : VerdictKind::Unknown;
  a.coverage = r.coverage();
  if (!r.complete) a.reason = ctx.budget.reason() + "; " + a.coverage.text();
  a.seconds = r.seconds;
  a.result = std::move(r);
  a.view = &montecarlo_view;
  return a;
}

}  // namespace menger
