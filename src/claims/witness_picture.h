// A picture of a counterexample on its topology (issue 23, the HTML report):
// the faulty elements, the failing route or the deadlocked packets' channels,
// drawn with Graphviz.
//
// The marks are read from the witness JSON that FAILS carries, in the formats
// `menger replay` reads (verify/route/route_witness.h, verify/deadlock/deadlock_evidence.h)
// and the claim kinds' own witnesses (tolerance: breaking_set and separates;
// same-routing: node, source, destination).  Labels are looked up in the
// network: node labels first, then link labels, then component labels, so a
// fault set of any unit kind is drawn.  A witness with nothing to draw (a
// structure mismatch, an estimate) gives no picture.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/network.h"

namespace menger {

struct WitnessMarks {
  std::set<NodeId> faulty_nodes;
  std::set<LinkId> faulty_links;
  std::vector<NodeId> ends;                          // source and destination, or the separated pair
  std::vector<NodeId> route;                         // nodes the failing route visited, in order
  std::vector<std::pair<NodeId, NodeId>> held;       // deadlock: a channel each packet holds (tail, head)
  std::vector<std::pair<NodeId, NodeId>> requested;  // and the channels they wait for
  std::vector<std::string> unresolved;               // labels the network does not have
  bool empty() const {
    return faulty_nodes.empty() && faulty_links.empty() && ends.empty() && route.empty() && held.empty();
  }
};

WitnessMarks read_witness_marks(const Network& net, const nlohmann::json& witness);

// The picture as Graphviz DOT.  Networks of more than `max_nodes` nodes are
// drawn as the marked nodes and their neighbours only; `caption` says which.
std::string witness_dot(const Network& net, const WitnessMarks& marks, std::size_t max_nodes, std::string& caption);

// Runs Graphviz's neato on `dot_file` into `svg_file`.  Returns the reason
// when it cannot (Graphviz missing, neato failing); nullopt on success.
std::optional<std::string> draw_with_graphviz(const std::filesystem::path& dot_file,
                                              const std::filesystem::path& svg_file);

}  // namespace menger
