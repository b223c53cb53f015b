#include "setup/specs.h"

#include "models/registry.h"
#include "models/routing_registry.h"

namespace menger {

std::shared_ptr<const Topology> build_topology(std::string_view spec, const std::filesystem::path& base_dir,
                                               const Budget& budget) {
  return Registry::builtin().build(spec, base_dir, budget);
}

std::unique_ptr<Routing> build_routing(std::string_view spec, const Network& net,
                                       const std::filesystem::path& base_dir, const Budget& budget) {
  return RoutingRegistry::builtin().build(spec, net, base_dir, budget);
}

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

std::vector<ParamDescription> describe(const std::vector<ParamSpec>& params) {
  std::vector<ParamDescription> out;
  for (const ParamSpec& p : params)
    out.push_back({p.name, type_text(p), p.description, p.default_value ? std::optional<std::string>(p.default_value->to_string()) : std::nullopt,
                   p.optional});
  return out;
}

template <class FamilyT>
std::vector<FamilyDescription> describe_all(const std::vector<FamilyT>& families) {
  std::vector<FamilyDescription> out;
  for (const FamilyT& f : families) out.push_back({f.name, f.summary, f.source, describe(f.params)});
  return out;
}

}  // namespace

std::vector<FamilyDescription> network_families() { return describe_all(Registry::builtin().families()); }
std::vector<FamilyDescription> routing_families() { return describe_all(RoutingRegistry::builtin().families()); }

}  // namespace menger
