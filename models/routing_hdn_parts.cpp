// Super-nodes, RDNs and the shortest-path sub-routings of the HDN routings
// (routing_hdn_parts.h says what they model and why).
#include "models/routing_hdn_parts.h"

#include <algorithm>
#include <numeric>

#include "core/error.h"

namespace menger {

namespace {

const DualNet& dual_of(const Network& net, const std::string& routing) {
  const auto* d = dynamic_cast<const DualNet*>(&net.topology());
  if (!d)
    throw InputError("routing " + routing + " needs an hdn(...) or rdn(...) network (004), not " + net.spec());
  return *d;
}

}  // namespace

HdnGeometry::HdnGeometry(const Network& net, const std::string& routing)
    : net_(net), dual_(dual_of(net, routing)) {
  s_ = dual_.supernode_size(k());
  check_numbering();
  d0_ = net.num_ports(0) - static_cast<std::uint32_t>(k());
  // Port classes from node 0; the product structure makes them the same at
  // every node, which the loop below confirms.
  for (PortId p = 0; p < net.num_ports(0); ++p) sn_port_.push_back(same_supernode(0, net.port(0, p).peer));
  sn_degree_ = static_cast<std::uint32_t>(std::count(sn_port_.begin(), sn_port_.end(), true));
  by_supernode_.resize(net.num_nodes());
  std::iota(by_supernode_.begin(), by_supernode_.end(), NodeId{0});
  by_node_id_.resize(s());
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    by_node_id_[node_id(v)].push_back(v);
    for (PortId p = 0; p < net.num_ports(v); ++p) {
      NodeId w = net.port(v, p).peer;
      if (same_supernode(v, w) != sn_port_[p] || (!sn_port_[p] && node_id(v) != node_id(w)))
        throw InternalError("hdn routing: " + net.spec() + " is not the product of its RDN and super-node");
    }
  }
}

// node_id(), with_node_id() and supernode() take the node-id n
// to be the least significant digit (radix s_k) of the node number; confirmed
// here against DualNet's own addressing, node by node.
void HdnGeometry::check_numbering() const {
  if (s_ == 0 || net_.num_nodes() % s_ != 0) throw InternalError("hdn routing: unexpected super-node size");
  for (NodeId v = 0; v < net_.num_nodes(); ++v) {
    DualNet::Address a = dual_.address(v, k());
    const std::uint64_t n = a.n;
    a.n = 0;
    if (n != v % s_ || dual_.id(a, k()) != v - v % s_) throw InternalError("hdn routing: unexpected node numbering");
  }
}

std::span<const NodeId> HdnGeometry::supernode(NodeId v) const {
  return std::span<const NodeId>(by_supernode_).subspan(with_node_id(v, 0), s());
}

std::span<const NodeId> HdnGeometry::rdn(std::uint64_t n) const { return by_node_id_[n]; }

// ---- PartSearch ------------------------------------------------------------

PartSearch& PartSearch::avoiding_companions(std::uint64_t companion_id) {
  companion_id_ = companion_id;
  return *this;
}

PathAnswer PartSearch::ask(NodeId from, NodeId to) {
  const bool sn = part_ == Part::Supernode;
  PathQuestion q;
  q.from = from;
  q.to = to;
  q.inside = [this, sn](NodeId, PortId p) { return g_.sn_port(p) == sn; };
  q.key = sn ? 1 : 2;  // the part's shape: the same for every super-node, every RDN
  if (companion_id_) {
    const std::uint64_t n = *companion_id_;
    // A node with that node-id is its own companion: no second read.
    q.companion = [this, n](NodeId v) { return g_.node_id(v) == n ? kNoNode : g_.with_node_id(v, n); };
    q.check_links = false;
    q.check_ends = true;
    q.key = 3 + 2 * n + (sn ? 1 : 0);
  }
  return faults_.least_path(q);
}

std::optional<std::uint32_t> PartSearch::distance(NodeId from, NodeId to) {
  PathAnswer a = ask(from, to);
  if (!a.found()) return std::nullopt;
  return a.length();
}

std::optional<PortId> PartSearch::first_port(NodeId from, NodeId to) {
  if (from == to) return std::nullopt;
  PathAnswer a = ask(from, to);
  if (!a.found()) return std::nullopt;
  return a.ports.front();
}

std::vector<NodeId> PartSearch::path(NodeId from, NodeId to) { return ask(from, to).nodes; }

}  // namespace menger
