// A topology stored explicitly, for networks read from files (GraphML, DOT,
// JSON, edge lists) rather than computed from a family's formulas.
//
// GraphBuilder collects nodes and links as a file lists them and assigns ports:
// a link end with an explicit port keeps it (files written by `menger export`
// carry tail_port/head_port, so export then import reproduces the network
// exactly); other ends take the node's next free port in order of appearance.
// build() validates (unknown nodes, a port used twice, self-loops) and throws
// InputError naming the file.  The readers hand it their notes (what they
// read otherwise than the file may mean, core/notes.h) and the files they
// read; build() adds one more note when link ends had no port number (their
// ports follow the order of the links), and the topology carries them all.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/topology.h"

namespace menger {

class ExplicitTopology : public Topology {
 public:
  struct Node {
    std::string label;
    NodeKind kind = NodeKind::Router;
    std::vector<std::optional<PortPeer>> ports;
    std::vector<PortDir> dirs;
    std::vector<std::string> link_labels;  // per port; empty: the default label
  };
  ExplicitTopology(std::string spec, std::vector<Node> nodes, std::vector<Component> packages,
                   std::vector<std::string> notes = {}, std::vector<InputRecord> inputs = {});

  std::string spec() const override { return spec_; }
  std::uint64_t node_count() const override { return nodes_.size(); }
  NodeKind kind(NodeId v) const override { return nodes_[v].kind; }
  std::string label(NodeId v) const override { return nodes_[v].label; }
  PortId port_count(NodeId v) const override { return static_cast<PortId>(nodes_[v].ports.size()); }
  std::optional<PortPeer> peer(NodeId v, PortId p) const override { return nodes_[v].ports[p]; }
  PortDir port_dir(NodeId v, PortId p) const override { return nodes_[v].dirs[p]; }
  std::string link_label(NodeId v, PortId p) const override;
  std::vector<Component> packages() const override { return packages_; }
  std::optional<NodeId> find_node(std::string_view label) const override;
  std::vector<std::string> notes() const override { return notes_; }
  std::vector<InputRecord> input_files() const override { return inputs_; }

 private:
  std::string spec_;
  std::vector<Node> nodes_;
  std::vector<Component> packages_;
  std::vector<std::string> notes_;
  std::vector<InputRecord> inputs_;
  std::map<std::string, NodeId, std::less<>> index_;
};

class GraphBuilder {
 public:
  // `budget` is checked as nodes and links arrive (a file of 10^8 lines takes
  // minutes to read).
  explicit GraphBuilder(std::string source, Budget budget = Budget())
      : source_(std::move(source)), budget_(std::move(budget)) {}
  const Budget& budget() const { return budget_; }

  // Adds a node named `id` (a file's own node name); returns its index.
  // Throws InputError if the name is already taken.
  NodeId add_node(const std::string& id, std::string label = {}, NodeKind kind = NodeKind::Router);
  // The node named `id`, adding it (label = id) if it is new.
  NodeId node(const std::string& id);
  bool has_node(const std::string& id) const { return by_id_.count(id) != 0; }
  // A note for the topology, prefixed with the file's name (see above).
  void note(const std::string& sentence) { notes_.push_back(source_ + ": " + sentence); }
  // A file the topology was read from.
  void add_input(InputRecord file) { inputs_.push_back(std::move(file)); }
  // A node has at most kMaxPorts ports: a file naming a larger port number
  // (a negative one read as 2^32 - 1, or 10^8 in a 200-byte file) is refused
  // here, for every format, instead of allocating that many ports (issue 21).
  static constexpr PortId kMaxPorts = 65536;
  void set_port_count(NodeId v, PortId ports);  // at least this many ports
  void set_package(NodeId v, const std::string& package);
  void add_link(NodeId a, std::optional<PortId> pa, NodeId b, std::optional<PortId> pb, bool directed,
                std::string label = {});
  std::size_t num_nodes() const { return nodes_.size(); }

  std::shared_ptr<const ExplicitTopology> build(const std::string& spec) const;

 private:
  struct PendingLink {
    NodeId a, b;
    std::optional<PortId> pa, pb;
    bool directed;
    std::string label;
  };
  std::string source_;
  Budget budget_;
  std::vector<ExplicitTopology::Node> nodes_;
  std::vector<PortId> min_ports_;
  std::vector<std::string> package_of_;
  std::map<std::string, NodeId> by_id_;
  std::vector<PendingLink> links_;
  std::vector<std::string> notes_;
  std::vector<InputRecord> inputs_;
};

// Parses a node kind attribute ("endpoint", "switch", "router"); throws InputError.
NodeKind parse_node_kind(const std::string& text, const std::string& where);

}  // namespace menger
