// menger list: every network family with its parameters (STYLE.md point 5).
#include <iostream>

#include "claims/property.h"
#include "cli/commands.h"
#include "setup/specs.h"

namespace menger {

namespace {

void print_families(const std::vector<FamilyDescription>& families) {
  for (const FamilyDescription& f : families) {
    std::cout << "\n  " << f.name << "  " << f.summary << "\n      source: " << f.source << "\n";
    for (const ParamDescription& p : f.params) {
      std::cout << "      " << p.name << " (" << p.type << ")  " << p.description;
      if (p.default_text) std::cout << " [default " << *p.default_text << "]";
      else if (p.optional) std::cout << " [optional]";
      std::cout << "\n";
    }
  }
}

int run_list() {
  std::cout << "Network families (model specs):\n";
  print_families(network_families());
  std::cout << "\nRouting algorithms (route-check --routing):\n";
  print_families(routing_families());
  std::cout << "\nClaim property kinds:\n";
  for (const PropertyKind& k : property_kinds()) {
    std::cout << "  " << k.name << "  " << k.description << "\n";
    if (k.keys)
      for (const std::string& line : k.keys->describe()) std::cout << "      " << line << "\n";
  }
  std::cout << "\nStructure observables:\n";
  for (const ObservableInfo& o : StructureFacts::observables())
    std::cout << "  " << o.name << "  " << o.description << "\n";
  return 0;
}

}  // namespace

void add_list_command(CLI::App& app, CommandRegistry& commands) {
  auto* sub = app.add_subcommand("list", "list network families, routing algorithms, their parameters, and claim kinds");
  commands.emplace_back(sub, [](const Invocation&) { return run_list(); });
}

}  // namespace menger
