// hyperx(S=[S_1,...,S_L], K, T): the HyperX of Ahn, Binkert, Davis, McLaren and
// Schreiber ("HyperX: topology, routing, and packaging of efficient large-scale
// networks", SC 2009, the topology section).
//
// Switches are the points of an L-dimensional lattice with S_d coordinates in
// dimension d; two switches are linked, by K parallel links, exactly when
// their coordinates differ in one dimension (every dimension is a complete
// graph: a generalised hypercube / flattened butterfly).  Each switch hosts T
// terminals.  The paper's facts used here (topology section): P = prod S_d switches,
// radix R = T + K * sum (S_d - 1), switch-to-switch diameter L.
//
// Ids: switches first, id = sum_d x_d * prod_{e<d} S_e (dimension 0 least
// significant), then terminals, id = P + switch * T + t.
// Labels: a switch is its coordinate tuple "(x_1,...,x_L)" as in the paper; a
// terminal is "(x_1,...,x_L;t)".
// Ports of a switch (our numbering; the paper fixes none):
//   0 .. T-1               terminal t;
//   then, dimension by dimension (d = 0 first), for every other coordinate
//   value c != x_d in increasing order, K consecutive ports, copy 0 first:
//   port T + K * (off_d + rank_d(c)) + k leads to the switch with x_d = c
//   over its copy k, where off_d = sum_{e<d} (S_e - 1) and rank_d(c) = c if
//   c < x_d, c - 1 otherwise.
// A terminal has one port, 0, to its switch.
//
// T = 0 is allowed and means the switch graph alone: the switches are then
// routers (they are the terminals traffic runs between), so its distances,
// connectivity and routings are those of the switch graph.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/topology.h"

namespace menger {

class HyperX final : public Topology {
 public:
  // Throws InputError on sizes out of range or a network too large to build.
  HyperX(std::vector<std::uint32_t> sizes, std::uint32_t links, std::uint32_t terminals);

  std::string spec() const override;
  std::uint64_t node_count() const override { return switches_ * (1 + terms_); }
  NodeKind kind(NodeId v) const override;
  std::string label(NodeId v) const override;
  PortId port_count(NodeId v) const override;
  std::optional<PortPeer> peer(NodeId v, PortId p) const override;
  void add_formula_vars(FormulaVars& vars) const override;

  std::size_t dims() const { return sizes_.size(); }
  std::uint32_t size(std::size_t d) const { return sizes_[d]; }
  std::uint32_t multiplicity() const { return k_; }
  std::uint32_t terminals_per_switch() const { return terms_; }
  std::uint64_t switches() const { return switches_; }
  bool is_switch(NodeId v) const { return v < switches_; }
  // Switch of a terminal (a switch is its own).
  NodeId switch_of(NodeId v) const;
  std::uint32_t coord(NodeId sw, std::size_t d) const;
  // Port of switch `sw` towards the switch whose coordinate d is c (c != coord), copy k.
  PortId port_towards(NodeId sw, std::size_t d, std::uint32_t c, std::uint32_t k) const;
  // Port of switch `sw` to its terminal t.
  PortId terminal_port(std::uint32_t t) const { return t; }
  // Terminal index of terminal v at its switch.
  std::uint32_t terminal_index(NodeId v) const;

 private:
  std::vector<std::uint32_t> sizes_;
  std::uint32_t k_, terms_;
  std::uint64_t switches_ = 1;
  std::vector<std::uint64_t> stride_, offset_;  // id weight and first neighbour rank of each dimension
  std::uint64_t neighbours_ = 0;                // sum (S_d - 1)

  std::string tuple(NodeId sw) const;
};

}  // namespace menger
