#include "claims/property.h"

namespace menger {

StructureFacts& RunContext::structure(const std::shared_ptr<const Topology>& topology) {
  auto& slot = structure_[topology->spec()];
  if (!slot) {
    StructureOptions opts;
    if (budget_) opts.deadline = std::chrono::steady_clock::now() + *budget_;
    slot = std::make_unique<StructureFacts>(topology, opts);
  }
  return *slot;
}

const std::vector<PropertyKind>& property_kinds() {
  static const std::vector<PropertyKind> kinds = {structure_property_kind(), tolerance_property_kind()};
  return kinds;
}

const PropertyKind* find_property_kind(const std::string& name) {
  for (const auto& k : property_kinds())
    if (k.name == name) return &k;
  return nullptr;
}

}  // namespace menger
