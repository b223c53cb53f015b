// Spec strings to objects for the front ends (issue 37, item 4): the CLI
// verbs, the claim kinds and the Python package build networks and routings
// here, never through a registry of their own; tests/layers.py keeps it so.
// A relative file name in a spec resolves beside `base_dir` (the claim file's
// folder), or in the working directory when it is empty (BoundParams::file).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/network.h"
#include "core/routing.h"
#include "core/topology.h"

namespace menger {

// `budget`: the question's; reading the files a spec names counts.
std::shared_ptr<const Topology> build_topology(std::string_view spec, const std::filesystem::path& base_dir = {},
                                               const Budget& budget = Budget());
std::unique_ptr<Routing> build_routing(std::string_view spec, const Network& net,
                                       const std::filesystem::path& base_dir = {}, const Budget& budget = Budget());

// What `menger list` prints of one family of the registries.
struct ParamDescription {
  std::string name;
  std::string type;         // "int", "[int,...]", "a|b|c", "spec", "text", ...
  std::string description;
  std::optional<std::string> default_text;  // as a spec writes it
  bool optional = false;    // may be absent, without a default
};
struct FamilyDescription {
  std::string name, summary, source;
  std::vector<ParamDescription> params;
};
std::vector<FamilyDescription> network_families();
std::vector<FamilyDescription> routing_families();

}  // namespace menger
