#include "claims/property.h"

#include "claims/reliability_study.h"
#include "core/error.h"

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

std::shared_ptr<const StudyResult> RunContext::study(const std::shared_ptr<const Topology>& topology,
                                                     const StudyRequest& request) {
  auto& slot = studies_[topology->spec() + "|" + canonical_text(request) + "|" + request.base_dir.string()];
  if (slot && slot->complete) return slot;
  StudyRequest q = request;
  if (budget_) q.sampling.deadline = std::chrono::steady_clock::now() + *budget_;
  slot = std::make_shared<const StudyResult>(run_study(topology, q));
  return slot;
}

std::string property_text(const toml::node& n, const std::string& where, const std::string& key) {
  if (auto s = n.value<std::string>()) return *s;
  if (n.is_integer()) return std::to_string(*n.value<std::int64_t>());
  throw InputError(where + ": [property] " + key +
                   " must be an integer or a string (write decimals as strings, e.g. \"2.5\", to keep them exact)");
}

const std::vector<PropertyKind>& property_kinds() {
  static const std::vector<PropertyKind> kinds = {structure_property_kind(), tolerance_property_kind(),
                                                       route_tolerance_property_kind(), deadlock_free_property_kind(),
                                                       estimate_property_kind(), same_routing_property_kind()};
  return kinds;
}

const PropertyKind* find_property_kind(const std::string& name) {
  for (const auto& k : property_kinds())
    if (k.name == name) return &k;
  return nullptr;
}

}  // namespace menger
