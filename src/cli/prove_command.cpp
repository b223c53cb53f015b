// menger prove PATH...: check claim files and print the verdict table.
#include <fstream>
#include <iostream>
#include <optional>
#include <unistd.h>

#include "claims/html_report.h"
#include "claims/report.h"
#include "claims/runner.h"
#include "cli/commands.h"
#include "core/error.h"
#include "core/json_io.h"
#include "io/progress_display.h"

namespace menger {

namespace {

struct ProveArgs {
  std::vector<std::string> paths;
  std::string json = "menger-prove.json";
  std::string artifacts = "menger-artifacts";
  std::string filter, checkpoint, html;
  unsigned budget = 0;
  bool no_timing = false, verbose = false, recheck_resumed = false;
};

int run_prove(const ProveArgs& a, const ShardFarm* farm, const Invocation& in) {
  ProveOptions opts;
  opts.root_budget = in.root;
  opts.checkpoint = a.checkpoint;
  opts.recheck_resumed = a.recheck_resumed;
  opts.farm = farm;
  const bool speaks = !farm || farm->coordinator();
  if (a.budget) opts.budget = std::chrono::seconds(a.budget);
  opts.filter = a.filter;
  opts.artifacts = a.artifacts;
  std::vector<std::filesystem::path> paths(a.paths.begin(), a.paths.end());
  // The claim file being checked (with an ETA over the files), and what its
  // engines report while an instance runs.
  ProgressDisplay display(speaks, in.progress);
  opts.instance_progress = display.sink();
  if (speaks) {
    const auto start = std::chrono::steady_clock::now();
    opts.progress = [start, &display](std::size_t done, std::size_t total, const std::filesystem::path& file) {
      const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::string label = "[" + std::to_string(done + 1) + "/" + std::to_string(total) + "] " + file.filename().string();
      if (done > 0)
        label += " (" + std::to_string(static_cast<int>(spent)) + " s, about " +
                 std::to_string(static_cast<int>(spent / static_cast<double>(done) * static_cast<double>(total - done))) +
                 " s left)";
      display.label(label);
    };
  }
  std::optional<ProveReport> done;
  try {
    done = prove(paths, opts);
  } catch (const BudgetExhausted& e) {  // Ctrl-C (the memory limit of a whole run): say what the checkpoint keeps
    if (a.checkpoint.empty() || !speaks) throw;
    display.finish();
    std::cout << "UNKNOWN      " << e.what() << "\n" << kept_line(a.checkpoint, false);
    return 4;
  }
  const ProveReport& report = *done;
  display.finish();
  if (!speaks) return 0;  // rank 0 merged the report and prints it
  if (report.claims.empty()) throw InputError("no claim files (*.toml) found" + (a.filter.empty() ? "" : " matching '" + a.filter + "'"));
  ReportOptions ro;
  ro.timing = !a.no_timing;
  ro.verbose = a.verbose;
  ro.budget = opts.budget;
  print_report(std::cout, report, ro);
  if (!a.json.empty()) {
    std::ofstream out(a.json);
    if (!out) throw InputError("cannot write " + a.json);
    out << json_text(report_json(report, ro), 2) << "\n";
    std::cerr << "JSON report: " << a.json << "\n";  // stderr: stdout is the same bytes for any thread count
  }
  if (!a.html.empty()) {
    HtmlReportOptions html;
    html.dir = a.html;
    html.artifacts = a.artifacts;
    for (const std::string& problem : write_html_report(report, ro, html)) std::cerr << "HTML report: " << problem << "\n";
    std::cerr << "HTML report: " << (html.dir / "index.html").string() << "\n";
  }
  if (report.errors() > 0) return 2;  // a malformed claim file or instance is bad input (README)
  return report.all_as_expected() ? 0 : 1;
}

}  // namespace

void add_prove_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm) {
  auto args = std::make_shared<ProveArgs>();
  auto* sub = app.add_subcommand("prove", "check claim files against their expected verdicts");
  sub->add_option("paths", args->paths, "claim files or directories (searched for *.toml)")->required();
  sub->add_option("--json", args->json, "where to write the JSON report ('' for none)")->capture_default_str();
  sub->add_option("--artifacts", args->artifacts, "where claims write CSV files and plots ('' for none)")
      ->capture_default_str();
  sub->add_option("--html", args->html, "also write an HTML report (index.html, a page per claim, plots, witness "
                                        "pictures drawn with Graphviz) into this folder");
  sub->add_option("--filter", args->filter, "only claims whose id contains this text");
  add_budget_option(sub, args->budget, "seconds allowed per model for expensive facts (default: no limit)");
  sub->add_flag("--no-timing", args->no_timing, "leave timings out, so that the output is byte-reproducible");
  sub->add_flag("-v,--verbose", args->verbose, "explain every instance, not only findings and surprises");
  sub->add_option("--checkpoint", args->checkpoint,
                  "append each checked claim file to FILE; the same command resumes after them");
  sub->add_flag("--recheck-resumed", args->recheck_resumed, kRecheckResumedHelp);
  add_help_footer(sub, "  menger prove proofs/\n  menger prove proofs/001/depth.toml --html report --no-timing\n",
                  "0 every verdict as expected, 1 some verdict differs from its expectation (or is UNKNOWN), "
                  "a malformed claim file gives 2");
  commands.emplace_back(sub, [args, farm](const Invocation& in) { return run_prove(*args, farm, in); });
}

}  // namespace menger
