// Geometry shared by the torus and mesh routings of paper 003 (routing_torus.cpp,
// routing_torus_ft.cpp): minimal offsets, ports by direction, the minimal cube.
//
// Tie rule.  In a ring of even radix k a destination k/2 away is as close one
// way as the other; every routing here goes the + way (the usual convention;
// 003 does not state one, and its "minimal adaptive cube" of section 2 is a
// cube only when each dimension has one minimal direction).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/network.h"
#include "models/product_graph.h"
#include "models/routing_registry.h"

namespace menger {

class Lattice {
 public:
  // Throws InputError naming `routing` unless net is a torus, mesh or hypercube.
  Lattice(const Network& net, const std::string& routing);

  const Network& network() const { return net_; }
  std::size_t dims() const { return graph_->factors().size(); }
  const Factor& factor(std::size_t d) const { return graph_->factors()[d]; }
  // Every dimension wraps (torus, hypercube): the translations exist.
  bool wraps() const { return graph_->vertex_transitive(); }

  std::uint32_t coord(NodeId v, std::size_t d) const { return graph_->coordinate(v, d); }
  // Signed minimal offset from a to b in dimension d (+ on a half-way tie).
  int offset(NodeId a, NodeId b, std::size_t d) const { return coord_offset(d, coord(a, d), coord(b, d)); }
  // The same from coordinate x to coordinate y of dimension d.
  int coord_offset(std::size_t d, std::uint32_t x, std::uint32_t y) const;
  std::vector<int> offsets(NodeId a, NodeId b) const;
  std::uint32_t distance(NodeId a, NodeId b) const;
  // Port of dimension d towards direction `dir` (+1 or -1; a link has only +1).
  PortId port(std::size_t d, int dir) const { return graph_->port_of(d, dir); }
  // Port of the first productive direction in the order X+ Y+ Z+ ... X- Y- Z- ...
  // (003 section 2, the deterministic direction-order routing); here != target.
  PortId direction_order_port(NodeId here, NodeId target) const;
  // v moved `steps` hops in direction dir of dimension d (no bounds check).
  NodeId move(NodeId v, std::size_t d, int dir, std::uint32_t steps) const;
  // Offset of v from `origin`, coordinate by coordinate modulo the radix, as a
  // mixed-radix number: a translation-invariant rank for ordering candidates.
  std::uint64_t relative_code(NodeId origin, NodeId v) const;
  // Weight of coordinate d in node ids and relative codes (dimension 0 least significant).
  std::uint64_t stride(std::size_t d) const { return stride_[d]; }

 private:
  const Network& net_;
  const ProductGraph* graph_;
  std::vector<std::uint64_t> stride_;
};

// The dimension order of a `dor`-style routing from its `order` parameter
// (default 0, 1, ...); it must list every dimension once.
std::vector<std::size_t> dimension_order(const Lattice& lat, const BoundParams& p);

// Direction names for traces: X+, Y-, ..., D3+ beyond the third dimension.
std::string direction_name(std::size_t dim, int dir);

// Bubble flow control in the rings (003 section 3; core/routing.h).  A hop
// continues a ring when it leaves by the same port (dimension and direction) on
// the same virtual channel as the hop that brought the packet here; any other
// hop (injection, a turn, a change of virtual channel) enters a ring and is
// marked `bubble`.  The last hop is kept in the tag (bits 16-30, TagField) of
// state word `word` of `next`; the channel a packet holds fixes it, so no
// configurations are added.
// On a VC without bubble flow control (`bubble_vc` false: adaptive channels)
// the hop never waits for the bubble, but is still remembered.
Hop ring_hop(const PacketState& now, PacketState next, PortId port, std::uint32_t vc, std::size_t word,
             bool bubble_vc = true);
// The `flow` parameter of the lattice routings: absent or "plain", or "bubble".
ParamSpec flow_param();
bool bubble_flow(const BoundParams& p);

void register_ft_torus_routing(RoutingRegistry& reg);  // routing_torus_ft.cpp

}  // namespace menger
