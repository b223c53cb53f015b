// The fault model of a tolerance question (DESIGN.md "FaultModel"): which units
// may fail, what a failure disables, and which connections must survive.
//
//   units     nodes        every node (terminals too; pairs are then required
//                          only between healthy terminals)
//             switches     switches only: endpoints and routers stay healthy
//             links        every link (a bidirectional link fails as one unit)
//             switch-links links whose two ends both forward (not an
//                          endpoint's access link)
//             components   packages of nodes that fail together (001 section 4)
//                          plus every switch or router in no package; or, with
//                          `groups`, a user grouping of nodes
//   required  all          every ordered pair of distinct healthy terminals
//             io           inputs to outputs of a directed network: every ordered
//                          pair of endpoints, an endpoint and itself included
//                          (001's completeness: "some non-faulty path between
//                          every pair of network endpoints")
// Paths relay only through switches and routers, never through endpoints.
// Units may carry weights (default 1); a breaking set's size is its weight.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/fault.h"

namespace menger {

enum class UnitChoice { Nodes, Switches, Links, SwitchLinks, Components };
enum class PairChoice { AllTerminals, InputsToOutputs };

UnitChoice parse_unit_choice(const std::string& text);  // throws InputError
PairChoice parse_pair_choice(const std::string& text);
std::string to_string(UnitChoice u);
std::string to_string(PairChoice p);

struct FaultModelSpec {
  UnitChoice units = UnitChoice::Nodes;
  PairChoice pairs = PairChoice::AllTerminals;
  std::vector<Component> groups;     // components only: replaces the network's packages
  std::vector<std::uint32_t> weights; // per unit, empty: all 1
};

// Default required pairs: io for networks whose links are directed, all otherwise.
PairChoice default_pairs(const Network& net);

class FaultModel {
 public:
  // Throws InputError when the choice does not fit the network (io on an
  // undirected network, weights of the wrong length, ...).  `budget` covers
  // listing and numbering the units (Budget{}: no time limit).
  FaultModel(const Network& net, FaultModelSpec spec, const Budget& budget = Budget());

  const Network& network() const { return *net_; }
  const FaultUniverse& universe() const { return universe_; }
  const FaultModelSpec& spec() const { return spec_; }
  std::uint32_t weight(std::size_t unit) const { return spec_.weights.empty() ? 1 : spec_.weights[unit]; }
  bool weighted() const { return !spec_.weights.empty(); }

  // Unit that fails node v, if any (a node is in at most one unit).
  std::optional<std::size_t> unit_of_node(NodeId v) const {  // inline: read on every hop of every run
    return node_unit_[v] == SIZE_MAX ? std::nullopt : std::optional<std::size_t>(node_unit_[v]);
  }
  // Unit that fails link l on its own (link units only).
  std::optional<std::size_t> unit_of_link(LinkId l) const {
    return link_unit_[l] == SIZE_MAX ? std::nullopt : std::optional<std::size_t>(link_unit_[l]);
  }
  // True when every unit is a single node or a single link: a flow network can
  // express the model (node splitting); otherwise the Z3 engine is needed.
  bool flow_expressible() const;

  // Terminals that may appear in a required pair (sources and targets alike).
  const std::vector<NodeId>& terminals() const { return terminals_; }
  bool pair_required(NodeId s, NodeId t) const;  // ignoring faults
  std::string describe() const;                  // "nodes; all pairs of healthy terminals"

 private:
  const Network* net_;
  FaultModelSpec spec_;
  FaultUniverse universe_;
  std::vector<std::size_t> node_unit_;  // SIZE_MAX: none
  std::vector<std::size_t> link_unit_;
  std::vector<NodeId> terminals_;
};

}  // namespace menger
