// menger export SPEC --format dot|graphml|json [-o FILE]
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "io/export.h"
#include "models/registry.h"

namespace menger {

namespace {

struct ExportArgs {
  std::string spec, format = "json", output;
};

int run_export(const ExportArgs& a) {
  const ExportFormat format = parse_export_format(a.format);
  Network net(Registry::builtin().build(a.spec));
  if (a.output.empty()) {
    export_network(std::cout, net, format);
    return 0;
  }
  std::ofstream out(a.output);
  if (!out) throw InputError("cannot write " + a.output);
  export_network(out, net, format);
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
