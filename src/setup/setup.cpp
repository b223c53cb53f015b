#include "setup/setup.h"

#include "models/registry.h"
#include "models/routing_registry.h"

namespace menger {

SpecResolver builtin_specs(const Budget& budget) {
  return SpecResolver{
      [budget](const std::string& model) { return Registry::builtin().build(model, {}, budget); },
      [budget](const std::string& routing, const Network& net) {
        return RoutingRegistry::builtin().build(routing, net, {}, budget);
      },
      budget};
}

SpecResolver specs_holding(std::shared_ptr<const Topology> held, const Budget& budget) {
  SpecResolver specs = builtin_specs(budget);
  specs.topology = [held = std::move(held), builtin = specs.topology](const std::string& model) {
    return model == held->spec() ? held : builtin(model);
  };
  return specs;
}

RouteSetup make_route_setup(std::shared_ptr<const Topology> topology, const std::string& routing,
                            const std::string& faults, const std::filesystem::path& base_dir, const Budget& budget) {
  const SpecResolver specs{builtin_specs(budget).topology,
                           [&base_dir, &budget](const std::string& spec, const Network& net) {
                             return RoutingRegistry::builtin().build(spec, net, base_dir, budget);
                           },
                           budget};
  return make_route_setup(specs, std::move(topology), routing, faults);
}

RouteSetup make_route_setup(const std::string& model, const std::string& routing, const std::string& faults,
                            const Budget& budget) {
  return make_route_setup(builtin_specs(budget), model, routing, faults);
}

CheckReport check_certificate(const ToleranceCertificate& cert, std::uint64_t max_work, const Budget& budget) {
  return check_certificate(cert, builtin_specs(budget), max_work);
}

EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e, const Budget& budget) {
  return check_deadlock_evidence(e, builtin_specs(budget));
}

ReplayReport replay(const RouteWitness& w, const Budget& budget) { return replay(w, builtin_specs(budget)); }

}  // namespace menger
