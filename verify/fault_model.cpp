#include "verify/fault_model.h"

#include "core/error.h"

namespace menger {

UnitChoice parse_unit_choice(const std::string& t) {
  if (t == "nodes") return UnitChoice::Nodes;
  if (t == "switches") return UnitChoice::Switches;
  if (t == "links") return UnitChoice::Links;
  if (t == "switch-links") return UnitChoice::SwitchLinks;
  if (t == "components") return UnitChoice::Components;
  throw InputError("faults must be nodes, switches, links, switch-links or components, got '" + t + "'");
}

PairChoice parse_pair_choice(const std::string& t) {
  if (t == "all") return PairChoice::AllTerminals;
  if (t == "io") return PairChoice::InputsToOutputs;
  throw InputError("pairs must be all (every pair of healthy terminals) or io (inputs to outputs), got '" + t + "'");
}

std::string to_string(UnitChoice u) {
  switch (u) {
    case UnitChoice::Nodes: return "nodes";
    case UnitChoice::Switches: return "switches";
    case UnitChoice::Links: return "links";
    case UnitChoice::SwitchLinks: return "switch-links";
    case UnitChoice::Components: return "components";
  }
  return "?";
}

std::string to_string(PairChoice p) { return p == PairChoice::AllTerminals ? "all" : "io"; }

PairChoice default_pairs(const Network& net) {
  return net.has_directed_links() ? PairChoice::InputsToOutputs : PairChoice::AllTerminals;
}

namespace {

FaultUniverse make_universe(const Network& net, const FaultModelSpec& s, const Budget& budget) {
  switch (s.units) {
    case UnitChoice::Nodes: return FaultUniverse::nodes(net, {}, budget);
    case UnitChoice::Switches:
      return FaultUniverse::nodes(net, [&net](NodeId v) { return net.kind(v) == NodeKind::Switch; }, budget);
    case UnitChoice::Links: return FaultUniverse::links(net, {}, budget);
    case UnitChoice::SwitchLinks:
      return FaultUniverse::links(net, [&net](LinkId l) {
        return net.forwards(net.link(l).a) && net.forwards(net.link(l).b);
      }, budget);
    case UnitChoice::Components:
      if (s.groups.empty()) return FaultUniverse::components(net, budget);
      return FaultUniverse::node_groups(net, s.groups, {}, budget);
  }
  return FaultUniverse::nodes(net, {}, budget);
}

}  // namespace

FaultModel::FaultModel(const Network& net, FaultModelSpec spec, const Budget& budget)
    : net_(&net), spec_(std::move(spec)), universe_(make_universe(net, spec_, budget)) {
  if (!spec_.groups.empty() && spec_.units != UnitChoice::Components)
    throw InputError("fault groups apply to component faults only");
  for (std::uint32_t wt : spec_.weights)
    if (wt == 0) throw InputError("fault unit weights must be at least 1");
  if (!spec_.weights.empty() && spec_.weights.size() != universe_.size())
    throw InputError("got " + std::to_string(spec_.weights.size()) + " unit weights for " +
                     std::to_string(universe_.size()) + " fault units");
  if (spec_.pairs == PairChoice::InputsToOutputs && !net.has_directed_links())
    throw InputError("pairs=io needs a network with directed links (inputs and outputs); " + net.spec() +
                     " is bidirectional: use pairs=all");
  node_unit_.assign(net.num_nodes(), SIZE_MAX);
  link_unit_.assign(net.num_links(), SIZE_MAX);
  for (std::size_t u = 0; u < universe_.size(); ++u) {
    if ((u & 0xffff) == 0) budget.check("numbering the fault units", u, universe_.size());
    if (universe_.kind() == UnitKind::Link) link_unit_[universe_.link_of(u)] = u;
    else
      for (NodeId v : universe_.nodes_of(u)) node_unit_[v] = u;
  }
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if (!net.is_terminal(v)) continue;
    if (spec_.pairs == PairChoice::InputsToOutputs && net.kind(v) != NodeKind::Endpoint) continue;
    terminals_.push_back(v);
  }
}

bool FaultModel::flow_expressible() const {
  if (universe_.kind() == UnitKind::Link) return true;
  for (std::size_t u = 0; u < universe_.size(); ++u)
    if (universe_.nodes_of(u).size() != 1) return false;
  return true;
}

bool FaultModel::pair_required(NodeId s, NodeId t) const {
  return s != t || spec_.pairs == PairChoice::InputsToOutputs;
}

std::string FaultModel::describe() const {
  std::string units = to_string(spec_.units) + " (" + std::to_string(universe_.size()) + " units" +
                      (weighted() ? ", weighted" : "") + ")";
  return units + "; required: " +
         (spec_.pairs == PairChoice::AllTerminals ? "every pair of healthy terminals"
                                                  : "every input to every output (completeness)");
}

}  // namespace menger
