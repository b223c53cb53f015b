// menger export SPEC --format dot|graphml|json [-o FILE]
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "core/error.h"
#include "io/export.h"
#include "models/registry.h"

namespace menger {

namespace {

struct ExportArgs {
  std::string spec, format = "json", output;
};

// The whole text is written before anything is printed or a file opened: a
// writer that refuses a label halfway (GraphML and control characters) must
// leave no half document on the terminal and no truncated file behind.
int run_export(const ExportArgs& a) {
  const ExportFormat format = parse_export_format(a.format);
  Network net(Registry::builtin().build(a.spec));
  std::ostringstream text;
  export_network(text, net, format);
  if (a.output.empty()) {
    std::cout << text.str();
    return 0;
  }
  std::ofstream out(a.output);
  if (!out) throw InputError("cannot write " + a.output);
  out << text.str();
  if (!out.flush()) throw InputError("writing " + a.output + " failed");
  return 0;
}

}  // namespace

void add_export_command(CLI::App& app, CommandRegistry& commands) {
  auto args = std::make_shared<ExportArgs>();
  auto* sub = app.add_subcommand("export", "write a network as Graphviz DOT, GraphML or JSON");
  sub->add_option("spec", args->spec, "model spec")->required();
  sub->add_option("--format", args->format, "dot, graphml or json")->capture_default_str();
  sub->add_option("-o,--output", args->output, "file to write (default: standard output)");
  commands.emplace_back(sub, [args] { return run_export(*args); });
}

}  // namespace menger
