// menger: machine-checked claims about interconnection networks.
//
//   menger list                              families and their parameters
//   menger info SPEC [--json]                counts, degrees, diameter, average distance
//   menger export SPEC --format dot|graphml|json [-o FILE]
//   menger prove PATH... [--json FILE]       check claim files, print the verdict table
//
// Exit status: 0 success (every verdict as expected), 1 a verdict differs from
// its expectation, 2 bad input (one clear sentence on stderr), 3 internal error.
//
// Under mpirun (and only then) MPI is initialised (src/dist/mpi_farm.h): every
// rank parses the same command line, the verbs of spreads_over_ranks()
// (cli/commands.h) spread their shards over the ranks, only rank 0 prints,
// and every rank exits with rank 0's status.  An error on any rank ends every
// rank (issue 36: an input readable on one rank only once hung them all):
// rank 0 prints its error and aborts the job; another rank first gives rank 0
// a moment to fail the same way (a bad option fails everywhere, and one line
// is enough), then prints its error, naming its rank, and aborts the job.
#include <CLI/CLI.hpp>
#include <malloc.h>
#include <signal.h>
#include <unistd.h>
#include <tbb/global_control.h>

#include <atomic>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <thread>
#include <filesystem>
#include <chrono>
#include <string_view>

#include "cli/commands.h"
#include "core/budget.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/number_text.h"
#include "core/version.h"
#include "dist/mpi_farm.h"

namespace {

// The command's root budget, for the SIGINT handler: Ctrl-C cancels it, so
// the verb stops at its next check and reports UNKNOWN with what it covered
// (and what its checkpoint holds) instead of dying mid-write.  A second
// Ctrl-C kills at once (the handler puts the default action back).
// Atomic, and cleared before main's budget goes: a signal while the program
// exits finds no budget rather than a destroyed one.
std::atomic<const menger::Budget*> g_root_budget{nullptr};

extern "C" void on_interrupt(int) {
  if (const menger::Budget* root = g_root_budget.load()) root->cancel();  // atomic stores: async-signal-safe
  signal(SIGINT, SIG_DFL);
}

// One error line in one write(2): under mpirun, Open MPI's own MPI_ABORT banner
// reaches the same stderr, and a line written piece by piece (std::cerr writes
// each `<<` at once) was once split by it, so the line no longer began with
// "menger: ".
void say_line(const std::string& line) {
  std::cerr.flush();
  const char* at = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    const ssize_t wrote = ::write(STDERR_FILENO, at, left);
    if (wrote <= 0) return;  // stderr closed: nothing more can be said
    at += wrote;
    left -= static_cast<std::size_t>(wrote);
  }
}

// The parsed verb has a --json flag and it was given (prove's --json FILE is not a flag).
bool wants_json(const menger::CommandRegistry& commands) {
  for (const auto& [sub, run] : commands) {
    if (!sub->parsed()) continue;
    const CLI::Option* json = sub->get_option_no_throw("--json");
    return json && json->get_expected_max() == 0 && json->count() > 0;
  }
  return false;
}

// The budget ran out before any engine started: under --json the same UNKNOWN
// as a document (schemas/common.schema.json, $defs/cut_short).
nlohmann::json budget_json(const menger::BudgetExhausted& e) {
  return {{"verdict", "UNKNOWN"},
          {"reason", std::string(e.what()) + "; nothing was decided"},
          {"phase", e.phase()},
          {"phase_fraction_done", e.fraction_done()},
          {"menger", {{"version", menger::kVersion}}}};
}

// An error on one rank of several ends them all (see the top of this file).
void end_every_rank(const menger::MpiSession* mpi, int status, const std::string& message) {
  if (!mpi || mpi->processes() < 2) return;
  if (!mpi->coordinator()) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    say_line("menger: rank " + std::to_string(mpi->rank()) + ": " + message + "\n");
  }
  mpi->abort(status);
}

// Runs the parsed subcommand; errors become one sentence on stderr (from the
// coordinator only) and an exit status.
int run_parsed(const menger::CommandRegistry& commands, const menger::MpiSession* mpi,
               const menger::Invocation& invocation) {
  using namespace menger;
  const ShardFarm* farm = mpi;
  const bool speaks = !farm || farm->coordinator();
  const auto failed = [&](int status, const std::string& message) {
    if (speaks) say_line("menger: " + message + "\n");
    end_every_rank(mpi, status, message);
    return status;
  };
  try {
    for (const auto& [sub, run] : commands) {
      if (!sub->parsed()) continue;
      if (farm && farm->processes() > 1 && !spreads_over_ranks(sub->get_name()))
        throw InputError("menger " + sub->get_name() + " does not spread over MPI ranks (the verbs that do: " +
                         ranked_verbs() + "); run it without mpirun, or with mpirun -n 1");
      return run(invocation);
    }
  } catch (const BudgetExhausted& e) {  // before any engine could report its own coverage
    if (speaks && wants_json(commands)) std::cout << menger::json_text(budget_json(e), 2) << "\n" << std::flush;
    else if (speaks) std::cout << "UNKNOWN      " << e.what() << "; nothing was decided\n" << std::flush;
    end_every_rank(mpi, 4, e.what());  // e.g. the memory limit, reached on one rank
    return 4;
  } catch (const InputError& e) {
    return failed(2, e.what());
  } catch (const InternalError& e) {
    return failed(3, e.what());
  } catch (const std::bad_alloc&) {
    return failed(3, "out of memory (beyond the memory limit's checks; --memory-limit lowers it)");
  } catch (const std::filesystem::filesystem_error& e) {  // a path the readers did not vet
    return failed(2, e.what());
  } catch (const std::exception& e) {  // a library's own error: a bug in Menger, but never an abort
    return failed(3, std::string("internal error: ") + e.what());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace menger;
  // Blocks below 32 MiB come from the heap, not from mmap: when a budget
  // stops an engine, unwinding frees its per-destination arrays, and freeing
  // thousands of mmapped blocks (one munmap each, 1-3 ms apiece on a loaded
  // 2-core machine) once took half a second past the budget (issue 36).
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  std::unique_ptr<MpiSession> mpi;
  if (launched_by_mpirun()) mpi = std::make_unique<MpiSession>(argc, argv);
  const auto agreed = [&](int status) { return mpi ? mpi->agree(status) : status; };

  CLI::App app{"Menger: machine-checked claims about interconnection networks"};
  app.set_version_flag("--version", std::string("menger ") + kVersion + " (" + build_description() + ")");
  app.require_subcommand(1);
  unsigned threads = 0;
  app.add_option("--threads", threads, "worker threads (default: all cores); results do not depend on it")
      ->transform(kWholeNumber)  // plain decimal: CLI11 alone reads "010" as 8
      ->check(CLI::Range(1u, 1024u));
  double memory_gib = 0;
  app.add_option_function<std::string>(
         "--memory-limit",
         [&memory_gib](const std::string& text) {
           try {
             memory_gib = parse_number(text, "--memory-limit");  // decimal only, as every number Menger reads
           } catch (const InputError& e) {
             throw CLI::ValidationError(e.what());
           }
           if (!(memory_gib >= 0.0625 && memory_gib <= 1048576.0))
             throw CLI::ValidationError("--memory-limit", "GiB in [0.0625, 1048576], not " + text);
         },
         "GiB of memory a command may hold before it stops with UNKNOWN (default: three quarters of the "
         "machine's)")
      ->type_name("GIB");

  ProgressMode progress = ProgressMode::Auto;
  app.add_option_function<std::string>(
         "--progress",
         [&progress](const std::string& text) {
           static const std::map<std::string, ProgressMode> modes{
               {"auto", ProgressMode::Auto}, {"bar", ProgressMode::Bar}, {"log", ProgressMode::Log},
               {"none", ProgressMode::None}};
           const auto it = modes.find(text);
           if (it == modes.end()) throw CLI::ValidationError("--progress", "auto, bar, log or none, not " + text);
           progress = it->second;
         },
         "how verbs show their progress on stderr: auto (a redrawn line on a terminal; otherwise a log line "
         "after 10 s, then every minute), bar, log (after 1 s, then every 5 s) or none")
      ->type_name("auto|bar|log|none");

  CommandRegistry commands;
  register_commands(app, commands, mpi.get());

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (mpi && !mpi->coordinator()) return agreed(e.get_exit_code() == 0 ? 0 : 2);
    return agreed(app.exit(e) == 0 ? 0 : 2);
  }
  const Invocation invocation{
      Budget::until(std::nullopt, memory_gib > 0 ? static_cast<std::uint64_t>(memory_gib * double(1ull << 30)) : 0),
      progress};
  const Budget& root = invocation.root;
  // Under mpirun, Open MPI delivers the signal to every rank at its own
  // moment: the ranks could stop at different shards, so there the default
  // (the job ends) stays.
  if (!mpi) {
    g_root_budget = &root;
    signal(SIGINT, on_interrupt);
  }
  std::optional<tbb::global_control> limit;
  if (threads) limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
  const int status = agreed(run_parsed(commands, mpi.get(), invocation));
  g_root_budget = nullptr;
  return status;
}
