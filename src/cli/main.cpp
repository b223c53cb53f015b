// menger: machine-checked claims about interconnection networks.
//
//   menger list                              families and their parameters
//   menger info SPEC [--json]                counts, degrees, diameter, average distance
//   menger export SPEC --format dot|graphml|json [-o FILE]
//   menger prove PATH... [--json FILE]       check claim files, print the verdict table
//
// Exit status: 0 success (every verdict as expected), 1 a verdict differs from
// its expectation, 2 bad input (one clear sentence on stderr), 3 internal error.
#include <CLI/CLI.hpp>
#include <tbb/global_control.h>

#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "core/error.h"
#include "core/version.h"

int main(int argc, char** argv) {
  using namespace menger;
  CLI::App app{"Menger: machine-checked claims about interconnection networks"};
  app.set_version_flag("--version", std::string("menger ") + kVersion + " (" + build_description() + ")");
  app.require_subcommand(1);
  unsigned threads = 0;
  app.add_option("--threads", threads, "worker threads (default: all cores); results do not depend on it")
      ->check(CLI::Range(1u, 1024u));

  CommandRegistry commands;
  register_commands(app, commands);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  std::optional<tbb::global_control> limit;
  if (threads) limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
  try {
    for (const auto& [sub, run] : commands)
      if (sub->parsed()) return run();
  } catch (const InputError& e) {
    std::cerr << "menger: " << e.what() << "\n";
    return 2;
  } catch (const InternalError& e) {
    std::cerr << "menger: " << e.what() << "\n";
    return 3;
  } catch (const std::bad_alloc&) {
    std::cerr << "menger: out of memory\n";
    return 3;
  }
  return 0;
}
