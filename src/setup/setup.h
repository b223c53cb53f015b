// Spec strings to objects: the one place where the built-in registries
// (models/registry.h, models/routing_registry.h) meet the engines and the
// evidence checkers of verify/, which see only a SpecResolver.  Used by the
// claim kinds, the CLI and the tests.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "verify/check/certificate_check.h"
#include "verify/check/deadlock_evidence_check.h"
#include "verify/route/route_witness.h"
#include "verify/spec_resolver.h"

namespace menger {

// Model specs through Registry::builtin(), routing specs through
// RoutingRegistry::builtin(), building under `budget` (Budget{}: no time limit).
SpecResolver builtin_specs(const Budget& budget = Budget());
// The same, but a model spec equal to held's is `held` itself, not rebuilt:
// a claim or a Python call that holds its network hands it to the checkers.
SpecResolver specs_holding(std::shared_ptr<const Topology> held, const Budget& budget = Budget());

// The network, fault model (every pair of terminals required) and routing of one
// question; throws InputError for a bad spec or unit choice.
// `base_dir`: where relative file names in the routing spec resolve (a claim
// file's directory; empty: the working directory).
// `budget`: the question's (building counts).
RouteSetup make_route_setup(std::shared_ptr<const Topology> topology, const std::string& routing,
                            const std::string& faults, const std::filesystem::path& base_dir = {},
                            const Budget& budget = Budget());
RouteSetup make_route_setup(const std::string& model, const std::string& routing, const std::string& faults,
                            const Budget& budget = Budget());

// The evidence checkers and replay with the built-in registries, under `budget`.
CheckReport check_certificate(const ToleranceCertificate& cert, std::uint64_t max_work = 4'000'000'000ull,
                              const Budget& budget = Budget());
EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e, const Budget& budget = Budget());
ReplayReport replay(const RouteWitness& w, const Budget& budget = Budget());

}  // namespace menger
