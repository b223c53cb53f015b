// menger montecarlo SPEC --experiment completeness|routing: the papers'
// reliability experiments (issue 6), with confidence intervals, exact values
// where enumeration reaches, a CSV and a gnuplot plot.
// Under mpirun the shards of trials are spread over the ranks (`farm`) and
// rank 0 alone prints and writes files.
#include <cmath>
#include <fstream>
#include <iostream>

#include "claims/reliability_study.h"
#include "cli/commands.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/version.h"
#include "io/study_output.h"
#include "io/study_plot.h"
#include "models/registry.h"

namespace menger {

namespace {

struct MonteCarloArgs {
  std::string spec, experiment, faults, counts, rates, csv, plot, title, checkpoint;
  std::vector<std::string> routings;
  std::size_t max_faults = 0;
  std::uint64_t trials = 10'000, seed = 1, best_of = 0, exact_limit = 200'000;
  double half_width = 0, confidence = 0.95;
  unsigned budget = 0, hop_limit = 0;
  bool json = false, naive = false, recheck_resumed = false;
};

StudyRequest request_of(const MonteCarloArgs& a) {
  StudyRequest q;
  q.experiment = a.experiment;
  q.faults = a.faults;
  q.routings = a.routings;
  if (!a.counts.empty())
    for (double c : parse_points(a.counts, "--counts")) {
      if (c != std::floor(c)) throw InputError("--counts: " + std::to_string(c) + " is not a whole number");
      q.counts.push_back(static_cast<std::size_t>(c));
    }
  if (!a.rates.empty()) q.rates = parse_points(a.rates, "--rates");
  if (a.max_faults) q.max_faults = a.max_faults;
  q.best_of = a.best_of;
  q.exact_limit = a.exact_limit;
  q.hop_limit = a.hop_limit;
  q.naive = a.naive;
  if (a.trials == 0) throw InputError("--trials must be at least 1");
  q.sampling.seed = a.seed;
  q.sampling.trials = a.trials;
  q.sampling.min_trials = std::min<std::uint64_t>(1000, a.trials);
  if (a.half_width < 0 || a.half_width >= 1) throw InputError("--half-width lies in (0, 1)");
  if (a.half_width > 0) q.sampling.half_width = a.half_width;
  q.sampling.confidence = a.confidence;
  if (a.budget) q.sampling.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(a.budget);
  if (q.experiment == "completeness" && (!q.routings.empty() || !q.counts.empty() || !q.rates.empty()))
    throw InputError("--routing, --counts and --rates belong to --experiment routing");
  if (q.experiment != "completeness" && (q.best_of || q.max_faults))
    throw InputError("--best-of and --max-faults belong to --experiment completeness");
  return q;
}

int run_montecarlo(const MonteCarloArgs& a, const ShardFarm* farm) {
  const DeadlineScope budget_scope(budget_deadline(a.budget));
  StudyRequest q = request_of(a);
  q.sampling.farm = farm;
  if (!a.plot.empty() && !a.plot.ends_with(".svg") && !a.plot.ends_with(".png"))  // before hours of sampling
    throw InputError("--plot: a plot is an .svg or a .png file, got " + a.plot);
  const auto topology = Registry::builtin().build(a.spec);
  const StudyResult r = a.checkpoint.empty() ? run_study(topology, q) : run_study(topology, q, a.checkpoint, a.recheck_resumed);
  if (farm && !farm->coordinator()) return 0;  // rank 0 merged the study and speaks for it
  std::string csv = a.csv;
  if (csv.empty() && !a.plot.empty()) csv = a.plot + ".csv";
  if (!csv.empty()) {
    std::ofstream out(csv);
    if (!out) throw InputError("cannot write " + csv);
    write_study_csv(out, r);
  }
  if (!a.plot.empty()) plot_study(r, csv, a.plot, a.title.empty() ? r.experiment + " of " + r.model : a.title);
  if (a.json) {
    nlohmann::json j = study_json(r);
    j["menger"] = {{"version", kVersion}};
    j["seconds"] = r.seconds;
    std::cout << json_text(j, 2) << "\n";
  } else {
    print_study(std::cout, r);
    if (!csv.empty()) std::cout << "\ncsv         " << csv << "\n";
    if (!a.plot.empty()) std::cout << "plot        " << a.plot << " (gnuplot script " << a.plot << ".gp)\n";
  }
  return r.complete ? 0 : 4;
}

}  // namespace

void add_montecarlo_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  auto a = std::make_shared<MonteCarloArgs>();
  auto* sub = app.add_subcommand("montecarlo", "reliability by Monte Carlo (and exact enumeration where it reaches)");
  sub->add_option("spec", a->spec, "model spec, e.g. 'min(stages=3, radix=4, wiring=deterministic)'")->required();
  sub->add_option("--experiment", a->experiment,
                  "completeness (001 section 4), routing (002/004 section 4) or combinations (003 section 5)")
      ->required()
      ->check(CLI::IsMember({"completeness", "routing", "combinations"}));
  sub->add_option("--faults", a->faults, "fault units (default: components for completeness, nodes for routing)");
  sub->add_option("--routing", a->routings, "routing spec (repeat to compare several on the same configurations)");
  sub->add_option("--counts", a->counts, "routing: fault counts, e.g. 0..20 or 0..100:5 or 1,2,4");
  sub->add_option("--rates", a->rates, "routing: fault rates of the units, e.g. 0..0.25:0.05");
  sub->add_option("--max-faults", a->max_faults, "completeness: last f of the P(complete | f) curve (default: all units)")
      ->transform(kWholeNumber);
  sub->add_option("--best-of", a->best_of, "completeness: try wirings seed=1..N of a random model, keep the best")
      ->transform(kWholeNumber);
  sub->add_option("--exact-limit", a->exact_limit, "count exactly where it costs at most this: completeness, C(units, f) fault sets; routing and combinations, routing runs over every fault set and pair")
      ->capture_default_str()
      ->transform(kWholeNumber);
  sub->add_option("--trials", a->trials, "trials per point (at most)")->capture_default_str()->transform(kWholeNumber);
  sub->add_option("--seed", a->seed, "random seed (results depend only on it, not on --threads)")
      ->capture_default_str()
      ->transform(kWholeNumber);
  sub->add_option("--half-width", a->half_width, "stop a point once every ratio's interval is this tight");
  sub->add_option("--confidence", a->confidence, "confidence level of the intervals")->capture_default_str();
  sub->add_option("--hop-limit", a->hop_limit, std::string("routing: livelock guard (default ") + question::kDefaultHopLimitText + ")");
  sub->add_option("--budget", a->budget, "seconds; when they run out the result covers the trials done (exit 4); not under mpirun");
  sub->add_option("--checkpoint", a->checkpoint,
                  "append each settled shard of trials to this file, and resume from it (same question only)");
  sub->add_flag("--recheck-resumed", a->recheck_resumed, kRecheckResumedHelp);
  sub->add_option("--csv", a->csv, "write the curve as CSV");
  sub->add_option("--plot", a->plot, "draw the curve with gnuplot (.svg or .png; the CSV goes beside it)");
  sub->add_option("--title", a->title, "plot title");
  sub->add_flag("--json", a->json, "machine-readable output");
  sub->add_flag("--naive", a->naive, "the blind baseline for bench/: completeness, a search per source after every fault; combinations, every pair of every combination routed (no memo); exact routing values, every terminal a source (no symmetry)");
  commands.emplace_back(sub, [a, farm] { return run_montecarlo(*a, farm); });
}

}  // namespace menger
