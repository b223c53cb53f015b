#include "claims/property.h"

#include "claims/reliability_study.h"
#include "core/error.h"

namespace menger {

void RunContext::start_instance() {
  instance_ = root_.narrowed(seconds_ ? std::optional(Clock::now() + *seconds_) : std::nullopt);
}

StructureFacts& RunContext::structure(const std::shared_ptr<const Topology>& topology) {
  auto& slot = structure_[topology->spec()];
  if (!slot) {
    StructureOptions opts;
    opts.budget = instance_;
    slot = std::make_unique<StructureFacts>(topology, opts);
  }
  return *slot;
}

std::shared_ptr<const StudyResult> RunContext::study(const std::shared_ptr<const Topology>& topology,
                                                     const StudyRequest& request) {
  auto& slot = studies_[topology->spec() + "|" + canonical_text(request) + "|" + request.base_dir.string()];
  if (slot && slot->complete) return slot;
  StudyRequest q = request;
  q.sampling.budget = instance_;
  q.sampling.progress = progress_;
  slot = std::make_shared<const StudyResult>(run_study(topology, q));
  return slot;
}

const std::vector<PropertyKind>& property_kinds() {
  static const std::vector<PropertyKind> kinds = {structure_property_kind(), tolerance_property_kind(),
                                                       route_tolerance_property_kind(), deadlock_free_property_kind(),
                                                       estimate_property_kind(), same_routing_property_kind(),
                                                       opensm_faults_property_kind()};
  return kinds;
}

const PropertyKind* find_property_kind(const std::string& name) {
  for (const auto& k : property_kinds())
    if (k.name == name) return &k;
  return nullptr;
}

}  // namespace menger
