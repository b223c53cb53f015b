// Subcommands of the menger CLI, one registration function per verb.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "core/coverage.h"
#include "core/budget.h"
#include "core/shard_farm.h"
#include "io/progress_display.h"
#include "cli/whole_number.h"
#include "question/field.h"

namespace menger {

// What every verb runs under (main.cpp): the command's root budget -- the
// --memory-limit, and the cancellation that Ctrl-C sets; a verb's --budget
// narrows it -- and how its progress is shown (--progress).
struct Invocation {
  Budget root;
  ProgressMode progress = ProgressMode::Auto;
};

// --dot FILE / --svg FILE: the answer's witness drawn on its network
// (witness_drawing.cpp); draw_witness says what it drew, or why nothing
// ("" when neither was asked for).
struct Answer;
struct WitnessDrawing {
  std::string dot, svg;
};
void add_drawing_options(CLI::App* sub, WitnessDrawing& d);
std::string draw_witness(const Answer& a, const WitnessDrawing& d);

// Each subcommand and the action to run when it was the one parsed.
using CommandRegistry = std::vector<std::pair<CLI::App*, std::function<int(const Invocation&)>>>;

// True for the verbs that spread their work over MPI ranks (mpirun -n R > 1);
// ranked_verbs() lists them for the error that refuses the others.
bool spreads_over_ranks(std::string_view verb);
std::string ranked_verbs();

// `farm`: the MPI ranks when started by mpirun, else null (route-check spreads over them).
void register_commands(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm);

// The budget of a verb with --budget SECONDS (0: none), counted from now.  A
// verb makes it before anything else and hands it to everything it builds
// and asks, so that building the network and its automorphism group count
// against the budget too; main() reports a BudgetExhausted as UNKNOWN, exit 4.
inline Budget verb_budget(const Budget& root, unsigned seconds) {
  if (seconds == 0) return root.narrowed(std::optional<Clock::time_point>());
  return root.narrowed(Clock::now() + std::chrono::seconds(seconds));
}

// Every verb's --budget SECONDS: a whole number in plain decimal from 1 (CLI11
// alone read "010" as 8 seconds and "0x10" as 16, and took 0 for "no limit"
// though the help said no such thing); `doc` says what the budget covers.
inline CLI::Option* add_budget_option(CLI::App* sub, unsigned& seconds, const std::string& doc) {
  return sub->add_option("--budget", seconds, doc)
      ->transform(kWholeNumber)
      ->check(CLI::Range(1u, 4'000'000'000u))
      ->type_name("SECONDS");
}


// A verb's --help ends with examples and what its exit status means (issue
// 42: --help had neither).  `exits`: the statuses the verb's answers give;
// 2 (bad input) and 3 (internal error) are added, as every verb has them.
inline void add_help_footer(CLI::App* sub, const std::string& examples, const std::string& exits) {
  sub->footer("\nExamples:\n" + examples + "\nExit status: " + exits +
              "; 2 bad input (one sentence on stderr); 3 internal error.");
}

// prove's --recheck-resumed (issue 36: a checkpoint is a cache); the engines'
// verbs take theirs from their questions (question::checkpoint_fields).
inline constexpr const char* kRecheckResumedHelp =
    "with --checkpoint: check again every claim the file holds and refuse the file at the first record that "
    "differs, so that nothing is taken on trust";
// The line a text output prints when shards came from a checkpoint ("" when none did):
// "resumed      12 chunks of pairs taken from checkpoint run.jsonl; ...".
inline std::string resumed_line(const Coverage& c) {
  return c.resumed ? "resumed      " + c.resumed->text() + "\n" : "";
}

// The line a text output prints when a run with --checkpoint FILE stopped
// short (its budget, the memory limit, Ctrl-C): what the file keeps and how
// to go on ("" when there is no file or nothing is left).  Issue 42: an
// interrupted run said nothing of what it had saved.
inline std::string kept_line(const std::string& checkpoint, bool complete) {
  if (checkpoint.empty() || complete) return "";
  return "checkpoint   " + checkpoint + " keeps the work settled so far; the same command resumes from it\n";
}

void add_list_command(CLI::App& app, CommandRegistry& commands);
void add_info_command(CLI::App& app, CommandRegistry& commands);
void add_export_command(CLI::App& app, CommandRegistry& commands);
void add_prove_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm);
void add_tolerance_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm);
void add_check_cert_command(CLI::App& app, CommandRegistry& commands);
void add_check_proof_command(CLI::App& app, CommandRegistry& commands);
void add_deadlock_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm);
void add_credit_loops_command(CLI::App& app, CommandRegistry& commands);  // InfiniBand
void add_opensm_faults_command(CLI::App& app, CommandRegistry& commands,
                               const ShardFarm* farm);  // InfiniBand, OpenSM in the loop
void add_montecarlo_command(CLI::App& app, CommandRegistry& commands, const ShardFarm* farm);
void add_route_check_command(CLI::App& app, CommandRegistry& commands,
                             const ShardFarm* farm);  // route-check and replay

}  // namespace menger
