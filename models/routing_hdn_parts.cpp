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

// node_id(), with_node_id(), supernode() and position() take the node-id n
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

bool PartSearch::usable(NodeId from, PortId p, NodeId node) {
  if (ok_) return ok_(from, p, node);
  return !faults_.link_faulty(g_.net().port(from, p).link) && !faults_.node_faulty(node);
}

// Breadth-first search from `to` backwards inside the part, until `from` is
// settled (then every node closer to `to` than `from` is settled too).
bool PartSearch::search(NodeId from, NodeId to) {
  dist_.assign(g_.part_size(supernode_part()), kUnreached);
  if (ok_ && !ok_(kNoNode, 0, to)) return false;
  dist(to) = 0;
  if (from == to) return true;
  queue_.clear();
  queue_.push_back(to);
  const Network& net = g_.net();
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const NodeId x = queue_[head];
    const std::uint32_t dx = dist(x);
    for (PortId p = 0; p < net.num_ports(x); ++p) {
      if (!in_part(p)) continue;
      const NodeId w = net.port(x, p).peer;
      if (dist(w) != kUnreached) continue;
      // `from` holds the packet (or was checked by the caller): only its link is read.
      bool ok = w == from && !ok_ ? !faults_.link_faulty(net.port(x, p).link) : usable(x, p, w);
      if (!ok) continue;
      dist(w) = dx + 1;
      if (w == from) return true;
      queue_.push_back(w);
    }
  }
  return false;
}

// Lowest port of `here` to a settled node one hop closer.
std::optional<PortId> PartSearch::step(NodeId here) {
  const Network& net = g_.net();
  const std::uint32_t d = dist(here);
  for (PortId p = 0; p < net.num_ports(here); ++p) {
    if (!in_part(p)) continue;
    const std::uint32_t dw = dist(net.port(here, p).peer);
    if (dw == kUnreached || dw + 1 != d) continue;
    if (!ok_ && faults_.link_faulty(net.port(here, p).link)) continue;
    return p;
  }
  return std::nullopt;
}

std::optional<std::uint32_t> PartSearch::distance(NodeId from, NodeId to) {
  if (!search(from, to)) return std::nullopt;
  return dist(from);
}

std::optional<PortId> PartSearch::first_port(NodeId from, NodeId to) {
  if (from == to || !search(from, to)) return std::nullopt;
  return step(from);
}

std::vector<NodeId> PartSearch::path(NodeId from, NodeId to) {
  std::vector<NodeId> out;
  if (!search(from, to)) return out;
  out.push_back(from);
  while (out.back() != to) {
    auto p = step(out.back());
    if (!p) return {};
    out.push_back(g_.net().port(out.back(), *p).peer);
  }
  return out;
}

}  // namespace menger
