// How evidence checkers and replay get the objects a file names by spec.
//
// Certificates and witnesses name their model, routing and fault units as spec
// strings, so that they can be re-checked from the file alone.  verify/ builds
// no model itself (DESIGN.md: engines see only the abstract interfaces): the
// caller hands it a SpecResolver that turns specs into objects.  src/setup
// supplies the one backed by the built-in registries; a claim that already
// holds its network hands one that returns it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/budget.h"
#include "core/routing.h"
#include "core/topology.h"
#include "verify/fault_model.h"

namespace menger {

struct SpecResolver {
  // A model spec to its topology; throws InputError for a bad spec.
  std::function<std::shared_ptr<const Topology>(const std::string& model)> topology;
  // A routing spec on a network; throws InputError for a bad spec or a
  // routing that does not fit the network.
  std::function<std::unique_ptr<Routing>(const std::string& routing, const Network& net)> routing;
  // The budget of the check the objects serve: building them counts.
  Budget budget;
};

// The network, fault model and routing of one question.
struct RouteSetup {
  std::unique_ptr<Network> net;
  std::unique_ptr<FaultModel> model;
  std::unique_ptr<Routing> routing;
};

// `faults` is a unit choice (nodes, links, ...); every pair of terminals is required.
RouteSetup make_route_setup(const SpecResolver& specs, std::shared_ptr<const Topology> topology,
                            const std::string& routing, const std::string& faults);  // throws InputError
RouteSetup make_route_setup(const SpecResolver& specs, const std::string& model, const std::string& routing,
                            const std::string& faults);  // throws InputError

}  // namespace menger
