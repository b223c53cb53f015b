// menger list: every network family with its parameters (STYLE.md point 5).
#include <iostream>

#include "claims/property.h"
#include "cli/commands.h"
#include "models/registry.h"
#include "models/routing_registry.h"

namespace menger {

namespace {

std::string type_text(const ParamSpec& p) {
  switch (p.type) {
    case ParamType::Int: return "int";
    case ParamType::IntList: return p.variadic ? "int..." : "[int,...]";
    case ParamType::IntListList: return "[[int,...],...]";
    case ParamType::Choice: {
      std::string s;
      for (const auto& c : p.choices) s += (s.empty() ? "" : "|") + c;
      return s;
    }
    case ParamType::Spec: return "spec";
    case ParamType::Text: return "text";
  }
  return "?";
}

void print_params(const std::vector<ParamSpec>& params) {
  for (const ParamSpec& p : params) {
    std::cout << "      " << p.name << " (" << type_text(p) << ")  " << p.description;
    if (p.default_value) std::cout << " [default " << p.default_value->to_string() << "]";
    else if (p.optional) std::cout << " [optional]";
    std::cout << "\n";
  }
}

int run_list() {
  std::cout << "Network families (model specs):\n";
  for (const Family& f : Registry::builtin().families()) {
    std::cout << "\n  " << f.name << "  " << f.summary << "\n      source: " << f.source << "\n";
    print_params(f.params);
  }
  std::cout << "\nRouting algorithms (route-check --routing):\n";
  for (const RoutingFamily& f : RoutingRegistry::builtin().families()) {
    std::cout << "\n  " << f.name << "  " << f.summary << "\n      source: " << f.source << "\n";
    print_params(f.params);
  }
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
  commands.emplace_back(sub, [] { return run_list(); });
}

}  // namespace menger
