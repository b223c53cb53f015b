// Product graphs of rings, single links and paths: hypercubes, tori, meshes.
//
// Node ids are mixed-radix numbers with dimension 0 least significant, so in a
// 4x4 mesh the two low "bits" of an address are X and the two high ones Y, as
// in 003's FIR examples (switch "ji", i the two least significant bits).
//
// A dimension is one factor graph:
//   ring  C_r for r >= 3: ports + (coordinate+1 mod r) and - (coordinate-1 mod r);
//   link  K_2 (a hypercube dimension, or radix 2 in a torus, which 004's
//         3x2x5 torus needs to have degree 5): one port;
//   path  P_r (a mesh dimension): ports + and -, unconnected at the borders.
// Ports are numbered dimension by dimension in that order (+ before -).
//
// HDN (004) builds on the factor list: a super-node is a sub-product of the
// base network, so the base must expose its factors (factors()).
#pragma once

#include <string>
#include <vector>

#include "core/topology.h"

namespace menger {

enum class FactorKind { Ring, Link, Path };

struct Factor {
  FactorKind kind;
  std::uint32_t radix;
  std::uint32_t ports() const { return kind == FactorKind::Link ? 1u : 2u; }
  std::uint32_t diameter() const {
    return kind == FactorKind::Ring ? radix / 2 : radix - 1;
  }
  bool symmetric() const { return kind != FactorKind::Path; }
};

class ProductGraph : public Topology {
 public:
  enum class LabelStyle { Coordinates, Bits };

  ProductGraph(std::string spec, std::vector<Factor> factors, LabelStyle style);

  std::string spec() const override { return spec_; }
  std::uint64_t node_count() const override { return nodes_; }
  NodeKind kind(NodeId) const override { return NodeKind::Router; }
  std::string label(NodeId v) const override;
  PortId port_count(NodeId) const override { return ports_; }
  std::optional<PortPeer> peer(NodeId v, PortId p) const override;
  bool vertex_transitive() const override;
  // +1 in one ring or single-link dimension (XOR for a link), one generator per
  // dimension; a shift keeps + ports + ports, so ports are preserved.  None for
  // meshes, whose path dimensions have no such shift.
  std::vector<std::vector<NodeId>> translations() const override;
  void add_formula_vars(FormulaVars& vars) const override;
  std::optional<NodeId> find_node(std::string_view label) const override;

  const std::vector<Factor>& factors() const { return factors_; }
  std::uint32_t coordinate(NodeId v, std::size_t dim) const {
    return static_cast<std::uint32_t>((v / stride_[dim]) % factors_[dim].radix);
  }
  // Port of dimension `dim` in direction +1 or -1 (a Link dimension has only +1).
  PortId port_of(std::size_t dim, int direction) const;

 private:
  std::string spec_;
  std::vector<Factor> factors_;
  LabelStyle style_;
  std::vector<std::uint64_t> stride_;
  std::vector<PortId> first_port_;  // first port of each dimension
  std::vector<std::size_t> dim_of_port_;
  std::uint64_t nodes_ = 1;
  PortId ports_ = 0;
};

// Factor list for the dims of a torus or mesh, validating radices; throws InputError.
std::vector<Factor> lattice_factors(const std::string& family, const std::vector<std::int64_t>& dims,
                                    bool wrap);

}  // namespace menger
