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
// (cli/commands.h) spread their shards over the ranks, only rank 0 prints (errors too), and every rank exits with rank 0's
// status.
#include <CLI/CLI.hpp>
#include <tbb/global_control.h>

#include <iostream>
#include <memory>
#include <optional>
#include <string_view>

#include "cli/commands.h"
#include "core/deadline.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/version.h"
#include "dist/mpi_farm.h"

namespace {

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

// Runs the parsed subcommand; errors become one sentence on stderr (from the
// coordinator only) and an exit status.
int run_parsed(const menger::CommandRegistry& commands, const menger::ShardFarm* farm) {
  using namespace menger;
  const bool speaks = !farm || farm->coordinator();
  try {
    for (const auto& [sub, run] : commands) {
      if (!sub->parsed()) continue;
      if (farm && farm->processes() > 1 && !spreads_over_ranks(sub->get_name()))
        throw InputError("menger " + sub->get_name() + " does not spread over MPI ranks (the verbs that do: " +
                         ranked_verbs() + "); run it without mpirun, or with mpirun -n 1");
      return run();
    }
  } catch (const BudgetExhausted& e) {  // before any engine could report its own coverage
    if (speaks && wants_json(commands)) std::cout << menger::json_text(budget_json(e), 2) << "\n";
    else if (speaks) std::cout << "UNKNOWN      " << e.what() << "; nothing was decided\n";
    return 4;
  } catch (const InputError& e) {
    if (speaks) std::cerr << "menger: " << e.what() << "\n";
    return 2;
  } catch (const InternalError& e) {
    if (speaks) std::cerr << "menger: " << e.what() << "\n";
    return 3;
  } catch (const std::bad_alloc&) {
    if (speaks) std::cerr << "menger: out of memory\n";
    return 3;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace menger;
  std::unique_ptr<MpiSession> mpi;
  if (launched_by_mpirun()) mpi = std::make_unique<MpiSession>(argc, argv);
  const auto agreed = [&](int status) { return mpi ? mpi->agree(status) : status; };

  CLI::App app{"Menger: machine-checked claims about interconnection networks"};
  app.set_version_flag("--version", std::string("menger ") + kVersion + " (" + build_description() + ")");
  app.require_subcommand(1);
  unsigned threads = 0;
  app.add_option("--threads", threads, "worker threads (default: all cores); results do not depend on it")
      ->check(CLI::Range(1u, 1024u));

  CommandRegistry commands;
  register_commands(app, commands, mpi.get());

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (mpi && !mpi->coordinator()) return agreed(e.get_exit_code() == 0 ? 0 : 2);
    return agreed(app.exit(e) == 0 ? 0 : 2);
  }
  std::optional<tbb::global_control> limit;
  if (threads) limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
  return agreed(run_parsed(commands, mpi.get()));
}
