// Network: the immutable, integer-indexed, materialised form of a Topology.
//
// Built once from the family's computed answers, then shared read-only by every
// engine.  Layout (compressed, CSR):
//   port slots   offsets_[v] .. offsets_[v+1]: one slot per port of v, connected
//                or not, so (v, p) -> slot is O(1) for routing functions;
//   out / in     neighbour lists of connected ports usable leaving / entering v
//                (parallel links repeat the neighbour: a multigraph);
//   links        one per physical link, bidirectional or directed (tail -> head).
// Invariants checked at construction: every peer is in range, the peer relation
// is an involution, port directions pair Out with In or Both with Both, and no
// link is a self-loop.  A violation is an InternalError naming the family.
//
// Channels (directed link uses, times virtual channels) are numbered by
// ChannelSpace below; the network itself is VC-agnostic.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/budget.h"
#include "core/topology.h"

namespace menger {

struct PortSlot {
  NodeId peer = kNoNode;  // kNoNode: unconnected port
  PortId peer_port = 0;
  LinkId link = kNoLink;
  PortDir dir = PortDir::Both;
  bool connected() const { return peer != kNoNode; }
};

struct Link {
  NodeId a = kNoNode;  // tail when directed
  PortId pa = 0;
  NodeId b = kNoNode;  // head when directed
  PortId pb = 0;
  bool directed = false;
};

class Network {
 public:
  // Largest network Menger materialises; larger ones are refused with an InputError.
  static constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 28;

  // `budget` covers the materialising (a network of millions of nodes takes
  // seconds); Budget{}: no time limit.
  explicit Network(std::shared_ptr<const Topology> topology, const Budget& budget = Budget());
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  const Topology& topology() const { return *topology_; }
  const std::shared_ptr<const Topology>& topology_ptr() const { return topology_; }
  std::string spec() const { return topology_->spec(); }

  NodeId num_nodes() const { return num_nodes_; }
  LinkId num_links() const { return static_cast<LinkId>(links_.size()); }
  bool has_directed_links() const { return directed_links_ > 0; }

  NodeKind kind(NodeId v) const { return kinds_[v]; }
  bool forwards(NodeId v) const { return menger::forwards(kinds_[v]); }
  bool is_terminal(NodeId v) const { return menger::is_terminal(kinds_[v]); }
  std::string label(NodeId v) const { return topology_->label(v); }
  std::string link_label(LinkId l) const { return topology_->link_label(links_[l].a, links_[l].pa); }

  PortId num_ports(NodeId v) const { return static_cast<PortId>(port_offsets_[v + 1] - port_offsets_[v]); }
  const PortSlot& port(NodeId v, PortId p) const { return slots_[port_offsets_[v] + p]; }
  std::span<const PortSlot> ports(NodeId v) const {
    return {slots_.data() + port_offsets_[v], slots_.data() + port_offsets_[v + 1]};
  }
  // Number of connected ports of v (in + out for directed links).
  std::uint32_t degree(NodeId v) const { return degree_[v]; }

  std::span<const NodeId> out_neighbors(NodeId v) const {
    return {out_targets_.data() + out_offsets_[v], out_targets_.data() + out_offsets_[v + 1]};
  }
  std::span<const NodeId> in_neighbors(NodeId v) const {
    return {in_sources_.data() + in_offsets_[v], in_sources_.data() + in_offsets_[v + 1]};
  }
  // Out-arc index range of v; arc i leads to out_target(i) over out_link(i).
  std::uint64_t out_begin(NodeId v) const { return out_offsets_[v]; }
  std::uint64_t out_end(NodeId v) const { return out_offsets_[v + 1]; }
  std::uint64_t num_arcs() const { return out_targets_.size(); }
  NodeId arc_target(std::uint64_t arc) const { return out_targets_[arc]; }
  LinkId arc_link(std::uint64_t arc) const { return out_links_[arc]; }

  const Link& link(LinkId l) const { return links_[l]; }
  const std::vector<Link>& links() const { return links_; }

  // Packages that fail together; nodes in none are single-node components.
  const std::vector<Component>& packages() const { return packages_; }
  // Number of switching components: packages plus switches and routers in no
  // package (the "components" of 001 Table 1; endpoints are not counted).
  std::uint64_t num_components() const;

  // Node with this label (as label() prints it); indexed on first use.
  std::optional<NodeId> find_node(std::string_view label) const;

 private:
  std::shared_ptr<const Topology> topology_;
  NodeId num_nodes_ = 0;
  std::vector<NodeKind> kinds_;
  std::vector<std::uint64_t> port_offsets_;
  std::vector<PortSlot> slots_;
  std::vector<std::uint32_t> degree_;
  std::vector<std::uint64_t> out_offsets_, in_offsets_;
  std::vector<NodeId> out_targets_, in_sources_;
  std::vector<LinkId> out_links_;
  std::vector<Link> links_;
  std::uint64_t directed_links_ = 0;
  std::vector<Component> packages_;

  mutable std::once_flag label_index_once_;
  mutable std::unordered_map<std::string, NodeId> label_index_;

  void read_ports(const Budget& budget);
  void validate_and_number_links(const Budget& budget);
  void build_adjacency(const Budget& budget);
  void validate_packages();
};

// Numbers the directed channels of a network: one per usable direction of each
// link, times `vcs` virtual channels.  Channel id = (direction index) * vcs + vc.
class ChannelSpace {
 public:
  ChannelSpace(const Network& net, std::uint32_t vcs);
  std::uint32_t vcs() const { return vcs_; }
  ChannelId size() const { return static_cast<ChannelId>(dir_base_.back() * vcs_); }
  // Channel leaving `from` over link l on virtual channel vc; precondition:
  // `from` is an end of l that may send over it.
  ChannelId channel(LinkId l, NodeId from, std::uint32_t vc) const;
  struct Info {
    LinkId link;
    NodeId tail, head;
    std::uint32_t vc;
  };
  Info info(ChannelId c) const;
  std::uint32_t vc_of(ChannelId c) const { return static_cast<std::uint32_t>(c % vcs_); }  // info(c).vc, cheaply

 private:
  const Network& net_;
  std::uint32_t vcs_;
  std::vector<std::uint64_t> dir_base_;  // first direction index of each link; back() = total
};

}  // namespace menger
