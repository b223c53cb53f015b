// menger montecarlo SPEC --experiment completeness|routing: the papers'
// reliability experiments (issue 6), with confidence intervals, exact values
// where enumeration reaches, a CSV and a gnuplot plot.
// Under mpirun the shards of trials are spread over the ranks (`farm`) and
// rank 0 alone prints and writes files.
#include <fstream>
#include <iostream>

#include "claims/reliability_study.h"
#include "cli/commands.h"
#include "cli/question_options.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/version.h"
#include "io/progress_display.h"
#include "io/study_output.h"
#include "io/study_plot.h"
#include "setup/specs.h"

namespace menger {

namespace {

// The question (src/question/montecarlo_question.h), its subject, and what
// the command alone does: the budget, the files it writes and the output form.
struct MonteCarloArgs {
  MonteCarloQuestion q;
  std::string spec, csv, plot, title;
  std::vector<std::string> routings;
  unsigned budget = 0;
  bool json = false;
};

int run_montecarlo(const MonteCarloArgs& args, const ShardFarm* farm, const Invocation& in) {
  const Budget budget = verb_budget(in.root, args.budget);
  const StudyRequest request = study_request(args.q, args.routings, question::kCli);
  if (!args.plot.empty() && !args.plot.ends_with(".svg") && !args.plot.ends_with(".png"))  // before hours of sampling
    throw InputError("--plot: a plot is an .svg or a .png file, got " + args.plot);
  ProgressDisplay display(!farm || farm->coordinator(), in.progress);
  const Answer a = answer_montecarlo(args.q, request, build_topology(args.spec, {}, budget),
                                     Context{budget, display.sink(), farm});
  display.finish();
  if (farm && !farm->coordinator()) return 0;  // rank 0 merged the study and speaks for it
  const StudyResult& r = a.result_as<StudyResult>();
  std::string csv = args.csv;
  if (csv.empty() && !args.plot.empty()) csv = args.plot + ".csv";
  if (!csv.empty()) {
    std::ofstream out(csv);
    if (!out) throw InputError("cannot write " + csv);
    write_study_csv(out, r);
  }
  if (!args.plot.empty()) plot_study(r, csv, args.plot, args.title.empty() ? r.experiment + " of " + r.model : args.title);
  if (args.json) {
    std::cout << json_text(to_json(a, Timings::Include), 2) << "\n";
  } else {
    print_study(std::cout, r);
    if (!csv.empty()) std::cout << "\ncsv         " << csv << "\n";
    if (!args.plot.empty()) std::cout << "plot        " << args.plot << " (gnuplot script " << args.plot << ".gp)\n";
    std::cout << kept_line(args.q.checkpoint, r.complete);
  }
  return a.verdict == VerdictKind::Estimate ? 0 : 4;
}

}  // namespace

void add_montecarlo_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  auto a = std::make_shared<MonteCarloArgs>();
  auto* sub = app.add_subcommand("montecarlo", "reliability by Monte Carlo (and exact enumeration where it reaches)");
  sub->add_option("spec", a->spec, "model spec, e.g. 'min(stages=3, radix=4, wiring=deterministic)'")->required();
  sub->add_option("--routing", a->routings, "routing spec (repeat to compare several on the same configurations)");
  add_question_options(sub, a->q);
  add_budget_option(sub, a->budget, "seconds; when they run out the result covers the trials done (exit 4); not under mpirun");
  sub->add_option("--csv", a->csv, "write the curve as CSV");
  sub->add_option("--plot", a->plot, "draw the curve with gnuplot (.svg or .png; the CSV goes beside it)");
  sub->add_option("--title", a->title, "plot title");
  sub->add_flag("--json", a->json, "machine-readable output");
  add_help_footer(sub,
                  "  menger montecarlo \"min(stages=3, radix=4, wiring=random)\" --experiment completeness\n"
                  "  menger montecarlo \"torus(4,4)\" --experiment routing --routing dor --counts 0..6 "
                  "--plot fig.svg\n",
                  "0 every point sampled as asked, 4 INCOMPLETE (budget, memory or Ctrl-C; the trials done are "
                  "reported)");
  commands.emplace_back(sub, [a, farm](const Invocation& in) { return run_montecarlo(*a, farm, in); });
}

}  // namespace menger
