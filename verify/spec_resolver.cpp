#include "verify/spec_resolver.h"

#include "core/error.h"

namespace menger {

RouteSetup make_route_setup(const SpecResolver& specs, std::shared_ptr<const Topology> topology,
                            const std::string& routing, const std::string& faults) {
  if (!specs.routing) throw InputError("no routing registry to build '" + routing + "' with");
  RouteSetup s;
  s.net = std::make_unique<Network>(std::move(topology), specs.budget);
  FaultModelSpec spec;
  spec.units = parse_unit_choice(faults);
  spec.pairs = default_pairs(*s.net);
  s.model = std::make_unique<FaultModel>(*s.net, spec, specs.budget);
  s.routing = specs.routing(routing, *s.net);
  return s;
}

RouteSetup make_route_setup(const SpecResolver& specs, const std::string& model, const std::string& routing,
                            const std::string& faults) {
  if (!specs.topology) throw InputError("no model registry to build '" + model + "' with");
  return make_route_setup(specs, specs.topology(model), routing, faults);
}

}  // namespace menger
