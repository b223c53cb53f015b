// Building blocks of the HDN routings of 004 (routing_hdn.cpp): the split of
// HDN(B,k,S) into super-nodes and RDNs, and the two fault-tolerant
// sub-routings the paper's algorithms call.
//
// 004 section 3: "an HDN can be considered as a product graph of RDN and S_k".
// A node (c,u,x,n) lies in the super-node SN(c,u,x) (the s_k nodes that differ
// in n only) and in RDN(n) (the N/s_k nodes with node-id n).  Every port either
// stays in the super-node (the base dimensions of SN^k: "SN ports") or keeps n
// (the other base dimensions and every cross-edge: "RDN ports");
// test_dual_net.cpp's IsTheProductOfItsRdnAndTheSuperNode checks that split.
//
// Sub-routings.  The paper leaves F(B), the fault-tolerant routing of the base
// network and hence Supernode_FaultTolerantRouting, open (section 3), and takes
// RDN_FaultTolerantRouting from its reference [8], which it does not restate.
// Both are modelled here as a shortest fault-free path inside the sub-network
// (the super-node, or RDN(n)), ties broken by the lowest port at each node.
// For [8] this is a stand-in: a shortest path is never longer than the path
// [8] finds whenever [8] finds one, so Theorem 4's length bound, which adds
// up [8]'s bound, is not loosened by it; it may succeed where [8] gives up.
//
// Each search is one path question to the FaultView (core/path_question.h):
// the least shortest usable path, which an engine records as the path's own
// units, not the hundreds of nodes a breadth-first search of an RDN touches.
// The suffix of a least path is the least path from its second node, so the
// hop choice is consistent along the path: recomputing at the next node gives
// the same path.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/network.h"
#include "core/routing.h"
#include "models/dual_net.h"

namespace menger {

class HdnGeometry {
 public:
  // Throws InputError unless `net` is an hdn(...) or rdn(...) network.
  HdnGeometry(const Network& net, const std::string& routing);

  const Network& net() const { return net_; }
  const DualNet& dual() const { return dual_; }
  std::size_t k() const { return dual_.levels(); }
  std::uint64_t s() const { return dual_.supernode_size(k()); }  // s_k
  std::uint32_t d0() const { return d0_; }
  std::uint32_t sn_degree() const { return sn_degree_; }               // d(S_k)
  std::uint32_t rdn_degree() const { return d0_ + static_cast<std::uint32_t>(k()) - sn_degree_; }  // r
  bool sn_port(PortId p) const { return sn_port_[p]; }

  // The constructor checks that the node-id n is the least significant digit
  // of the node number (radix s_k), so these are arithmetic, not DualNet
  // address decodes: they run on every hop of every search.
  std::uint64_t node_id(NodeId v) const { return v % s_; }
  // (c,u,x) of v with node-id n.
  NodeId with_node_id(NodeId v, std::uint64_t n) const { return static_cast<NodeId>(v - v % s_ + n); }
  bool same_supernode(NodeId a, NodeId b) const { return a / s_ == b / s_; }
  std::span<const NodeId> supernode(NodeId v) const;  // SN(c,u,x) of v
  std::span<const NodeId> rdn(std::uint64_t n) const;  // RDN(n)
  std::string label(NodeId v) const { return net_.label(v); }

 private:
  const Network& net_;
  const DualNet& dual_;
  std::uint64_t s_ = 1;
  std::uint32_t d0_ = 0, sn_degree_ = 0;
  std::vector<bool> sn_port_;
  std::vector<NodeId> by_supernode_;             // nodes grouped by super-node, s_k each
  std::vector<std::vector<NodeId>> by_node_id_;  // RDN(n) for each n

  void check_numbering() const;
};

// Which part of the product a sub-routing moves in.
enum class Part { Supernode, Rdn };

// Shortest fault-free path inside one part from `from` to `to`, asked of the
// FaultView as one path question (core/path_question.h): lowest port first at
// each node; `from` and `to` are taken as healthy (the packet is at `from`,
// the runner checks the hop into `to`).  With `companion_id`, a node is usable
// only when the node of its super-node with that node-id is healthy too, and
// the ends are checked like every other node (Algorithm 2's r_f, below).
class PartSearch {
 public:
  PartSearch(const HdnGeometry& g, Part part, FaultView& faults) : g_(g), part_(part), faults_(faults) {}
  // Algorithm 2's search for P (reading 5): a node w is usable when w and
  // (w's super-node, node-id `companion_id`) are healthy; links are not read.
  PartSearch& avoiding_companions(std::uint64_t companion_id);
  // Length of the path, nullopt when `to` cannot be reached.
  std::optional<std::uint32_t> distance(NodeId from, NodeId to);
  // First port of the path (lowest port among the shortest), nullopt when cut.
  std::optional<PortId> first_port(NodeId from, NodeId to);
  // The whole path from `from` to `to`, nodes in order, empty when cut.
  std::vector<NodeId> path(NodeId from, NodeId to);

 private:
  const HdnGeometry& g_;
  Part part_;
  FaultView& faults_;
  std::optional<std::uint64_t> companion_id_;

  PathAnswer ask(NodeId from, NodeId to);
};

}  // namespace menger
