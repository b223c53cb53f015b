#include "models/explicit_graph.h"

#include "core/error.h"

namespace menger {

ExplicitTopology::ExplicitTopology(std::string spec, std::vector<Node> nodes, std::vector<Component> packages,
                                   std::vector<std::string> notes, std::vector<InputRecord> inputs)
    : spec_(std::move(spec)),
      nodes_(std::move(nodes)),
      packages_(std::move(packages)),
      notes_(std::move(notes)),
      inputs_(std::move(inputs)) {
  for (NodeId v = 0; v < nodes_.size(); ++v) index_.emplace(nodes_[v].label, v);
}

std::optional<NodeId> ExplicitTopology::find_node(std::string_view label) const {
  auto it = index_.find(label);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

std::string ExplicitTopology::link_label(NodeId v, PortId p) const {
  const auto& labels = nodes_[v].link_labels;
  if (p < labels.size() && !labels[p].empty()) return labels[p];
  return Topology::link_label(v, p);
}

NodeKind parse_node_kind(const std::string& text, const std::string& where) {
  if (text == "endpoint") return NodeKind::Endpoint;
  if (text == "switch") return NodeKind::Switch;
  if (text == "router") return NodeKind::Router;
  throw InputError(where + ": node kind must be endpoint, switch or router, got '" + text + "'");
}

NodeId GraphBuilder::add_node(const std::string& id, std::string label, NodeKind kind) {
  // A file of 10^8 lines takes minutes to read: under --budget, stop.
  if ((nodes_.size() & 0xffff) == 0) budget_.check("reading " + source_);
  if (by_id_.count(id)) throw InputError(source_ + ": node '" + id + "' is declared twice");
  // An empty label stands for "none" in every format (it falls back to the
  // id), so a node whose id is empty too would have no name to write back
  // (fuzz_export: DOT's `"" -- a`).
  if (id.empty() && label.empty()) throw InputError(source_ + ": a node has an empty name and no label");
  const auto v = static_cast<NodeId>(nodes_.size());
  by_id_[id] = v;
  ExplicitTopology::Node n;
  n.label = label.empty() ? id : std::move(label);
  n.kind = kind;
  nodes_.push_back(std::move(n));
  min_ports_.push_back(0);
  package_of_.emplace_back();
  return v;
}

NodeId GraphBuilder::node(const std::string& id) {
  auto it = by_id_.find(id);
  return it != by_id_.end() ? it->second : add_node(id);
}

void GraphBuilder::set_port_count(NodeId v, PortId ports) {
  if (ports > kMaxPorts)
    throw InputError(source_ + ": node '" + nodes_[v].label + "' has " + std::to_string(ports) + " ports; at most " +
                     std::to_string(kMaxPorts) + " are accepted");
  min_ports_[v] = std::max(min_ports_[v], ports);
}

void GraphBuilder::set_package(NodeId v, const std::string& package) { package_of_[v] = package; }

void GraphBuilder::add_link(NodeId a, std::optional<PortId> pa, NodeId b, std::optional<PortId> pb, bool directed,
                            std::string label) {
  if ((links_.size() & 0xffff) == 0) budget_.check("reading " + source_);
  if (a == b) throw InputError(source_ + ": self-loop at node '" + nodes_[a].label + "'");
  for (const auto& [v, p] : {std::pair{a, pa}, std::pair{b, pb}})
    if (p && *p >= kMaxPorts)
      throw InputError(source_ + ": port " + std::to_string(*p) + " of node '" + nodes_[v].label +
                       "' is beyond the last accepted port number " + std::to_string(kMaxPorts - 1));
  links_.push_back({a, b, pa, pb, directed, std::move(label)});
}

std::shared_ptr<const ExplicitTopology> GraphBuilder::build(const std::string& spec) const {
  std::vector<ExplicitTopology::Node> nodes = nodes_;
  auto claim = [&](NodeId v, PortId p, PortPeer peer, PortDir dir, const std::string& label) {
    auto& n = nodes[v];
    if (p >= n.ports.size()) {
      n.ports.resize(p + 1);
      n.dirs.resize(p + 1, PortDir::Both);
      n.link_labels.resize(p + 1);
    }
    if (n.ports[p])
      throw InputError(source_ + ": port " + std::to_string(p) + " of node '" + n.label + "' is used by two links");
    n.ports[p] = peer;
    n.dirs[p] = dir;
    n.link_labels[p] = label;
  };
  // Explicit ports first, so automatic ones never collide with them.
  std::vector<PortId> next(nodes.size(), 0);
  std::size_t numbered_here = 0;
  for (const auto& l : links_) {
    if (l.pa) next[l.a] = std::max<PortId>(next[l.a], *l.pa + 1);
    if (l.pb) next[l.b] = std::max<PortId>(next[l.b], *l.pb + 1);
    numbered_here += !l.pa + !l.pb;
  }
  std::vector<std::string> notes = notes_;
  if (numbered_here)
    notes.push_back(source_ + ": " + std::to_string(numbered_here) + " of " + std::to_string(2 * links_.size()) +
                    " link ends carry no port number: each took its node's next free port, in the order the file "
                    "lists the links (a routing that names ports depends on that order)");
  for (const auto& l : links_) {
    const PortId pa = l.pa ? *l.pa : next[l.a]++;
    const PortId pb = l.pb ? *l.pb : next[l.b]++;
    claim(l.a, pa, PortPeer{l.b, pb}, l.directed ? PortDir::Out : PortDir::Both, l.label);
    claim(l.b, pb, PortPeer{l.a, pa}, l.directed ? PortDir::In : PortDir::Both, l.label);
  }
  for (NodeId v = 0; v < nodes.size(); ++v)
    if (nodes[v].ports.size() < min_ports_[v]) {
      nodes[v].ports.resize(min_ports_[v]);
      nodes[v].dirs.resize(min_ports_[v], PortDir::Both);
      nodes[v].link_labels.resize(min_ports_[v]);
    }
  std::map<std::string, Component> packages;
  for (NodeId v = 0; v < nodes.size(); ++v)
    if (!package_of_[v].empty()) {
      packages[package_of_[v]].label = package_of_[v];
      packages[package_of_[v]].nodes.push_back(v);
    }
  std::vector<Component> list;
  for (auto& [name, c] : packages) list.push_back(std::move(c));
  return std::make_shared<ExplicitTopology>(spec, std::move(nodes), std::move(list), std::move(notes), inputs_);
}

}  // namespace menger
