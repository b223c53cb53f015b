// Built-in network families.  Each returns its registry entry; the list of
// registrations lives in families.cpp.
#pragma once

#include "models/registry.h"

namespace menger {

Family hypercube_family();
Family torus_family();
Family mesh_family();
Family kary_ntree_family();
Family dragonfly_family();
Family mikant_family();
Family min_family();
Family rdn_family();
Family hdn_family();
Family hyperx_family();
Family slimfly_family();
Family file_family();
Family fattree_family();    // fattree.cpp (Al-Fares et al.)
Family leafspine_family();  // leafspine.cpp
Family jellyfish_family();  // jellyfish.cpp (Singla et al.)

// The endpoints-per-switch parameter `name` of a family whose endpoints are
// all there or none (issue 41: the switch graph alone): absent or `full` ->
// true, 0 -> false, anything else refused in one sentence naming what `where`
// has ("an edge switch has k/2") and what the endpoints are called (`noun`).
bool all_or_none(const BoundParams& p, const std::string& name, std::int64_t full, const std::string& where,
                 const std::string& noun, const std::string& paper);

}  // namespace menger

namespace menger {
// Reads a network file (format by extension, see file_formats.cpp); `spec` is
// the spec the topology reports.  Throws InputError.
std::shared_ptr<const Topology> read_network_file(const std::filesystem::path& path, const std::string& spec,
                                                  const Budget& budget = Budget());
}  // namespace menger
