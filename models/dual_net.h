// hdn(base=B, k=K, s=[s_1,...,s_k]) and rdn(base=B, k=K): the hierarchical
// dual-net HDN(B,k,S) of 004 (Arai and Li), section 2, and the recursive
// dual-net RDN, its special case with every s_i = 1.
//
// Construction (004 section 2).  B is a symmetric product graph (a torus or a
// hypercube).  Level i takes H_{i-1} (H_0 = B) and a super-node SN^i, a
// sub-product of B of s_i nodes; H_{i-1} = Q x SN^i with Q the quotient
// H_{i-1}/SN^i of q_i = N_{i-1}/s_i nodes.  H_i has 2 q_i clusters (copies of
// H_{i-1}) in two classes, nodes (c, u, x, n): class c, cluster u, super-node x
// of the cluster, node n of the super-node.  Inside a cluster H_i keeps the
// links of H_{i-1}; the level-i cross-edge joins (c, u, x, n) and
// (1-c, x, u, n).  Hence N_i = 2 N_{i-1}^2 / s_i and degree d0 + i.
//
// For Q to exist, SN^i must be a product factor of H_{i-1}.  H_{i-1} is the
// product of its level's "dual part" and SN^{i-1}, so SN^i must consist of
// dimensions of SN^{i-1} (SN^1 of any dimensions of B); that is also what the
// paper's instances do (S = {15,5} on the 3x2x5 torus: SN^1 = 3x5, SN^2 = 5).
// By default SN^i takes the first set of available dimensions (in increasing
// dimension order, compared as bitmasks) whose radices multiply to s_i; the
// optional `sn=[[dims of SN^1],...]` names them instead.
//
// Labels are the paper's (class, cluster, supernode, node) at level k, e.g.
// (1,1,1,3) in Figures 5-12; an RDN prints (class, cluster, node).  Inside a
// cluster, (x, n) maps to a node of H_{i-1}: n is the mixed-radix coordinate
// over SN^i's dimensions, x enumerates the rest (for i = 1 the other dimensions
// of B; above, the level-(i-1) (c, u, x) and the dimensions of SN^{i-1} not in
// SN^i).  Ports: 0..d0-1 are the base network's, d0+i-1 is the level-i
// cross-edge.
#pragma once

#include <memory>
#include <vector>

#include "models/product_graph.h"

namespace menger {

class DualNet : public Topology {
 public:
  // sn: the dimensions of each SN^i, or empty to choose them; throws InputError.
  DualNet(std::shared_ptr<const ProductGraph> base, std::vector<std::uint64_t> s,
          std::vector<std::vector<std::int64_t>> sn, bool rdn_labels);

  std::string spec() const override;
  std::uint64_t node_count() const override { return levels_.back().nodes; }
  NodeKind kind(NodeId) const override { return NodeKind::Router; }
  std::string label(NodeId v) const override;
  PortId port_count(NodeId) const override { return static_cast<PortId>(d0_ + levels_.size() - 1); }
  std::optional<PortPeer> peer(NodeId v, PortId p) const override;
  void add_formula_vars(FormulaVars& vars) const override;
  std::optional<NodeId> find_node(std::string_view label) const override;

  struct Address {
    std::uint64_t c, u, x, n;
  };
  // (class, cluster, supernode, node) of v at level `level` (1..k).
  Address address(std::uint64_t v, std::size_t level) const;
  std::uint64_t id(const Address& a, std::size_t level) const;
  std::size_t levels() const { return levels_.size() - 1; }
  const ProductGraph& base() const { return *base_; }
  std::uint64_t supernode_size(std::size_t level) const { return levels_[level].s; }
  const std::vector<std::size_t>& supernode_dims(std::size_t level) const { return levels_[level].sn_dims; }
  // The node of H_{level-1} at cluster-local position (x, n) of level `level`
  // (1..k): every cluster of level `level` is a copy of H_{level-1}, and ports
  // other than the level's cross-edge keep their numbers in that copy.
  std::uint64_t cluster_member(std::size_t level, std::uint64_t x, std::uint64_t n) const {
    return inner_node(level, x, n);
  }

 private:
  struct Level {
    std::uint64_t nodes = 0;            // N_i
    std::uint64_t s = 1;                // s_i
    std::uint64_t q = 0;                // q_i = N_{i-1} / s_i
    std::vector<std::size_t> sn_dims;   // dimensions of SN^i (level 0: all of B)
    std::vector<std::size_t> rest_dims; // dimensions of SN^{i-1} not in SN^i
  };
  std::shared_ptr<const ProductGraph> base_;
  std::vector<Level> levels_;  // [0] describes B
  std::uint32_t d0_ = 0;
  bool rdn_labels_ = false;

  void choose_supernodes(const std::vector<std::uint64_t>& s, const std::vector<std::vector<std::int64_t>>& sn);
  // Cluster-local position (x, n) of level i <-> node of H_{i-1}.
  std::uint64_t inner_node(std::size_t i, std::uint64_t x, std::uint64_t n) const;
  std::pair<std::uint64_t, std::uint64_t> split_inner(std::size_t i, std::uint64_t w) const;
  std::optional<PortPeer> peer_at(std::size_t level, std::uint64_t v, PortId p) const;
  std::uint64_t radix_product(const std::vector<std::size_t>& dims) const;
  std::string base_spec_;
};

}  // namespace menger
