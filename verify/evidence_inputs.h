// The files a certificate or witness was computed from (issue 36): the files
// its network and routing were read from (Topology::input_files(),
// Routing::input_files()), each with the SHA-256 digest of the bytes read
// (core/input_file.h), written as the field
//
//   "inputs": {"net.graphml": "sha256:<64 hex digits>", ...}
//
// A re-check (`menger check-cert`, `menger replay`) rebuilds the network and
// the routing from the specs, reading the files again: a file changed since
// makes it re-check a question other than the one answered, so the checker
// compares each recorded digest with the file's digest now and reports a
// changed or unreadable file as a problem (INVALID, refuted), never silently.
// The inputs are those of the objects, not the process's whole ledger, so that
// the same question gives the same bytes in any run (a `prove` of the whole
// catalog, one claim, or MPI ranks).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/routing.h"

namespace menger {

using EvidenceInputs = std::map<std::string, std::string>;  // path as read -> "sha256:..."

// The files `net` (and `routing`, when given) were read from.
EvidenceInputs evidence_inputs(const Network& net, const Routing* routing = nullptr);

nlohmann::json inputs_json(const EvidenceInputs& inputs);
// Throws InputError unless `j` is an object of digests "sha256:<64 hex digits>".
EvidenceInputs inputs_from_json(const nlohmann::json& j);

// One problem per recorded file whose digest is not the file's digest now
// (or that cannot be read now); empty when every file is as recorded.
std::vector<std::string> changed_inputs(const EvidenceInputs& recorded);

}  // namespace menger
