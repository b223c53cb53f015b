// menger export SPEC --format dot|graphml|json [-o FILE]
// menger export SPEC --routing R --format table|table-csv [-o FILE]
//
// The table formats write a deterministic routing as a routing table
// (models/routing_table.h, src/io/routing_table_export.h).  "table" is JSON,
// or CSV when FILE ends in .csv (the reader decides by the same rule);
// "table-csv" is CSV, and its FILE must end in .csv for the same reason.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "core/error.h"
#include "io/export.h"
#include "io/routing_table_export.h"
#include "setup/specs.h"

namespace menger {

namespace {

struct ExportArgs {
  std::string spec, format = "json", output, routing;
};

bool ends_with_csv(const std::string& file) { return std::filesystem::path(file).extension() == ".csv"; }

// The routing as a table; the CSV choice follows the reader's rule.
void write_table(std::ostream& text, const Network& net, const ExportArgs& a, const Budget& budget) {
  if (a.routing.empty()) throw InputError("--format " + a.format + " writes a routing: give --routing NAME");
  const bool csv = a.format == "table-csv" || ends_with_csv(a.output);
  if (csv && !a.output.empty() && !ends_with_csv(a.output))
    throw InputError("--format table-csv: the output " + a.output + " must end in .csv, the name the reader takes as CSV");
  const auto routing = build_routing(a.routing, net, {}, budget);
  const TabulatedRouting t = tabulate_routing(*routing, net, budget);
  if (t.reads_faults)
    std::cerr << "note: " << routing->spec() << " reads fault information; the table is its fault-free "
              << "behaviour and drops packets where the routing would react to a fault\n";
  if (csv) write_routing_table_csv(text, t.table, net);
  else write_routing_table_json(text, t.table, net);
}

// The whole text is written before anything is printed or a file opened: a
// writer that refuses a label halfway (GraphML and control characters) must
// leave no half document on the terminal and no truncated file behind.
int run_export(const ExportArgs& a, const Budget& budget) {
  const bool table = a.format == "table" || a.format == "table-csv";
  const ExportFormat format = table ? ExportFormat::Json : parse_export_format(a.format);
  if (!table && !a.routing.empty())
    throw InputError("--routing goes with --format table or table-csv, not " + a.format);
  Network net(build_topology(a.spec, {}, budget), budget);
  std::ostringstream text;
  if (table) write_table(text, net, a, budget);
  else export_network(text, net, format);
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
  auto* sub = app.add_subcommand("export", "write a network as Graphviz DOT, GraphML or JSON, or a routing as a table");
  sub->add_option("spec", args->spec, "model spec")->required();
  sub->add_option("--format", args->format,
                  "dot, graphml or json (the network); table (JSON, CSV if FILE ends in .csv) or table-csv (the routing)")
      ->capture_default_str();
  sub->add_option("--routing", args->routing, "deterministic routing to write as a table (--format table, table-csv)");
  sub->add_option("-o,--output", args->output, "file to write (default: standard output)");
  commands.emplace_back(sub, [args](const Invocation& in) { return run_export(*args, in.root); });
}

}  // namespace menger
