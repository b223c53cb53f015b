#include "setup/setup.h"

#include "models/registry.h"
#include "models/routing_registry.h"

namespace menger {

const SpecResolver& builtin_specs() {
  static const SpecResolver specs{
      [](const std::string& model) { return Registry::builtin().build(model); },
      [](const std::string& routing, const Network& net) { return RoutingRegistry::builtin().build(routing, net); }};
  return specs;
}

RouteSetup make_route_setup(std::shared_ptr<const Topology> topology, const std::string& routing,
                            const std::string& faults, const std::filesystem::path& base_dir) {
  const SpecResolver specs{builtin_specs().topology, [&base_dir](const std::string& spec, const Network& net) {
                             return RoutingRegistry::builtin().build(spec, net, base_dir);
                           }};
  return make_route_setup(specs, std::move(topology), routing, faults);
}

RouteSetup make_route_setup(const std::string& model, const std::string& routing, const std::string& faults) {
  return make_route_setup(builtin_specs(), model, routing, faults);
}

CheckReport check_certificate(const ToleranceCertificate& cert, std::uint64_t max_work) {
  return check_certificate(cert, builtin_specs(), max_work);
}

EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e) { return check_deadlock_evidence(e, builtin_specs()); }

ReplayReport replay(const RouteWitness& w) { return replay(w, builtin_specs()); }

}  // namespace menger
