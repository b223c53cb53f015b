// Witnesses of routing failures: what `menger route-check` writes and
// `menger replay` re-executes.
//
// A witness names everything needed to rebuild the run from scratch: model
// spec, routing spec, fault model, the fault set by unit labels, the pair by
// node labels, the path bound and hop limit, and the recorded outcome and
// trace.  Replay rebuilds the network and the routing, runs the packet again,
// and compares.  Independently of the runner, validate_trace() checks that
// the trace is a walk of the network that avoids the faults up to its last
// step and that it shows the failure it claims (a failed hop, a repeated
// configuration, too many hops).
//
// It also records `inputs`, the files the model and routing were read from
// with their digests (evidence_inputs.h), which `menger replay` compares with
// the files now.  The reader refuses a field it does not know, at any level,
// a key written twice, and a fault unit named twice; a witness without
// `inputs` (written before they were recorded) records none.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "verify/evidence_inputs.h"
#include "verify/route/route_search.h"
#include "verify/spec_resolver.h"

namespace menger {

struct RouteWitness {
  std::string model, routing, faults_model;  // specs and unit choice
  bool excuse_disconnected = false;
  std::vector<std::string> fault_set;        // unit labels
  std::string source, destination;           // node labels
  std::optional<std::uint32_t> path_bound;
  std::uint32_t hop_limit = 0;
  ChoiceRule choices = ChoiceRule::Every;    // how the run read an adaptive routing's choices
  std::string outcome;                       // to_string(RunOutcome)
  std::uint32_t hops = 0;
  bool disconnected = false;
  std::string detail;
  struct Step {
    std::string node, state;
    PortId port = 0;
    std::uint32_t vc = 0;
    bool moved = false;
  };
  std::vector<Step> trace;
  EvidenceInputs inputs;                     // the files model and routing were read from
};

RouteWitness make_witness(const Routing& routing, const FaultModel& model, const RouteFailure& f,
                          std::uint32_t hop_limit, bool excuse_disconnected,
                          ChoiceRule choices = ChoiceRule::Every);
nlohmann::json to_json(const RouteWitness& w);
RouteWitness witness_from_json(const nlohmann::json& j);  // throws InputError

// Problems found in the trace (empty: the trace shows the failure).
std::vector<std::string> validate_trace(const RouteWitness& w, const FaultModel& model);

struct ReplayReport {
  bool same = false;              // same outcome and trace as recorded
  std::vector<std::string> problems;
  RunResult run;                  // the fresh run
};
// Rebuilds the network, fault model and routing from the witness's specs
// (through `specs`) and runs it.
ReplayReport replay(const RouteWitness& w, const SpecResolver& specs);

}  // namespace menger
