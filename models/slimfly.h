// slimfly(q, p): the Slim Fly of Besta and Hoefler ("Slim Fly: a cost effective
// low-diameter network topology", SC 2014, the section on connecting routers),
// built on the
// McKay-Miller-Siran graphs (McKay, Miller and Siran, "A note on large graphs of
// diameter two and given maximum degree", JCTB 1998) as described by Hafner
// ("Geometric realisation of the graphs of McKay-Miller-Siran", JCTB 2004)
// and in Besta and Hoefler's description of the MMS graphs.
//
// For a prime power q = 4w + delta, delta in {-1, 0, 1}, and a primitive element
// xi of GF(q) (galois_field.h: the least one), the 2q^2 routers are (s, x, y),
// s in {0, 1}, x, y in GF(q), and the generator sets are (Besta and Hoefler,
// after Hafner):
//   delta =  1: X = {1, xi^2, ..., xi^(q-3)},  X' = {xi, xi^3, ..., xi^(q-2)};
//   delta =  0: X = {1, xi^2, ..., xi^(q-2)},  X' = {xi, xi^3, ..., xi^(q-1)};
//   delta = -1: X = {1, xi^2, ..., xi^(2w-2)} u {xi^(2w-1), xi^(2w+1), ..., xi^(4w-3)},
//               X' = {xi, xi^3, ..., xi^(2w-1)} u {xi^(2w), xi^(2w+2), ..., xi^(4w-2)}.
// Links: (0,x,y)-(0,x,y') iff y - y' in X; (1,m,c)-(1,m,c') iff c - c' in X';
// (0,x,y)-(1,m,c) iff y = m x + c.  Each router then has network degree
// k' = (3q - delta)/2 and the router graph has diameter 2 (McKay, Miller and Siran).
// Each router hosts p endpoints; the paper's choice (its section on attaching
// endpoints, for full global bandwidth) is p = ceil(k'/2), the default here
// (q = 5: k' = 7, p = 4, 200 endpoints; q = 19: k' = 29, p = 15, 10,830).
//
// Ids: routers first, id = s q^2 + x q + y (field elements as GaloisField
// integers: for a prime q the residue itself), then endpoints,
// id = 2q^2 + router * p + e.
// Labels: a router is "(s,x,y)", an endpoint "(s,x,y;e)".
// Ports of router (0,x,y) (our numbering):
//   0 .. p-1          endpoint e;
//   p + i             (0, x, y + X[i]), i < |X|, X listed in increasing integer order;
//   p + |X| + m       (1, m, y - m x), m = 0..q-1.
// Ports of router (1,m,c):
//   0 .. p-1          endpoint e;
//   p + i             (1, m, c + X'[i]), i < |X'|, X' in increasing integer order;
//   p + |X'| + x      (0, x, m x + c), x = 0..q-1.
// An endpoint has one port, 0, to its router.
// p = 0 is the router graph alone: routers are then routers in Menger's sense
// (they are the terminals).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/topology.h"
#include "models/galois_field.h"

namespace menger {

class SlimFly final : public Topology {
 public:
  // Throws InputError unless q is a prime power 3 <= q <= 256 with q mod 4 != 2.
  SlimFly(std::uint32_t q, std::uint32_t endpoints);

  std::string spec() const override;
  std::uint64_t node_count() const override { return routers_ * (1 + std::uint64_t{p_}); }
  NodeKind kind(NodeId v) const override;
  std::string label(NodeId v) const override;
  PortId port_count(NodeId v) const override;
  std::optional<PortPeer> peer(NodeId v, PortId p) const override;
  void add_formula_vars(FormulaVars& vars) const override;

  std::uint32_t q() const { return q_; }
  int delta() const { return delta_; }
  std::uint32_t endpoints_per_router() const { return p_; }
  std::uint64_t routers() const { return routers_; }
  // Network degree k' = (3q - delta)/2.
  std::uint32_t network_degree() const { return static_cast<std::uint32_t>(gen_[0].size() + q_); }
  const GaloisField& field() const { return field_; }
  // X (s = 0) and X' (s = 1), in increasing integer order.
  const std::vector<std::uint32_t>& generators(std::uint32_t s) const { return gen_[s]; }
  NodeId router_of(NodeId v) const;
  PortId endpoint_port(std::uint32_t e) const { return e; }
  std::uint32_t endpoint_index(NodeId v) const;

 private:
  std::uint32_t q_, p_;
  int delta_ = 0;
  GaloisField field_;
  std::uint64_t routers_;
  std::vector<std::uint32_t> gen_[2];
  std::vector<std::uint32_t> gen_index_[2];  // element -> its index in gen_[s], or UINT32_MAX

  void build_generators();
  NodeId router(std::uint32_t s, std::uint32_t a, std::uint32_t b) const {
    return static_cast<NodeId>(s * q_ * q_ + a * q_ + b);
  }
  std::optional<PortPeer> router_peer(NodeId v, PortId p) const;
};

// ceil(k'/2) for the q of a Slim Fly: the paper's endpoints per router.
std::uint32_t slimfly_default_endpoints(std::uint32_t q);

}  // namespace menger
