// dragonfly(p, a, h, g, arrangement): the dragonfly of Kim, Dally, Scott and
// Abts ("Technology-driven, highly-scalable dragonfly topology", ISCA 2008,
// section 3): g groups of a routers; the routers of a group are linked all to
// all; every router has p terminals and h global links, and the a*h global
// links of a group reach the other groups.  Groups: g <= a*h + 1 (default
// a*h + 1, the largest, where every two groups share exactly one global link).
//
// Global link arrangements (the names of Hastings et al., "Comparing global
// link arrangements for dragonfly networks", IEEE Cluster 2015).  A group's
// global ports are numbered k = r*h + j (router r, its j-th global port).
// With m = g - 1, port k is slot s = k mod m of copy c = k div m: every copy
// of a group's ports reaches each other group once.  Slot s of group i reaches
//   absolute:  group s if s < i, else s + 1 (the other groups in order);
//   relative:  group i + s + 1 (mod g): the offset grows with the port;
//   palmtree:  group i - s - 1 (mod g): the "palm tree" of Camarero, Vallejo
//              and Beivide (ACM TACO 11(4), 2014), the offset counted
//              backwards.  At g = a*h + 1, global port j of router r reaches
//              router a-1-r of group i - (r*h + j) - 1 at its port h-1-j.
//              The mirror image (group i -> -i) of relative, with the same
//              properties; kept apart because sites and simulators name it;
//   circulant: group i + d or i - d (mod g) with d = s div 2 + 1, + for even
//              slots: the two ends of a link use slots of the same d.
// A port reaches the slot of the same copy at the far group that leads back;
// when that port does not exist (the last copy is partial, g - 1 not dividing
// a*h), both ends stay unconnected.
//
// p = 0 builds the router graph alone: the routers are the terminals, as
// slimfly(p=0) and hyperx(T=0) do.
//
// Ports of a router (our numbering; the paper names none): 0..p-1 its
// terminals, p..p+a-2 local links (port p+q reaches router q of the group if
// q < r, else router q+1), then p+a-1..p+a+h-2 its global ports j = 0..h-1.
// Ids: routers (group-major, id = i*a + r), then terminals (router*p + t).
// Labels: routers "G3.R1", terminals "G3.R1.T0", as the paper's figures name
// groups and routers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/topology.h"

namespace menger {

class Dragonfly : public Topology {
 public:
  enum class Arrangement { Absolute, Relative, Circulant, Palmtree };
  // Throws InputError for impossible parameters (g > a*h + 1, too large).
  Dragonfly(std::uint32_t p, std::uint32_t a, std::uint32_t h, std::uint32_t g, Arrangement arr);

  std::string spec() const override;
  std::uint64_t node_count() const override { return routers() + std::uint64_t{routers()} * p_; }
  // p = 0: the router graph alone, routers both forward and send (NodeKind::Router).
  NodeKind kind(NodeId v) const override {
    return v >= routers() ? NodeKind::Endpoint : p_ == 0 ? NodeKind::Router : NodeKind::Switch;
  }
  PortId port_count(NodeId v) const override { return v < routers() ? p_ + a_ - 1 + h_ : 1; }
  std::string label(NodeId v) const override;
  std::optional<PortPeer> peer(NodeId v, PortId port) const override;
  void add_formula_vars(FormulaVars& vars) const override;
  // Relative, palm-tree and circulant arrangements depend only on the difference of the
  // group numbers, so moving every router and terminal one group on (group i
  // to i + 1 mod g, same router and terminal numbers) keeps every port: a
  // translation.  The absolute arrangement has none.
  std::vector<std::vector<NodeId>> translations() const override;

  // Geometry for the routings (models/routing_dragonfly.cpp).
  std::uint32_t p() const { return p_; }
  std::uint32_t a() const { return a_; }
  std::uint32_t h() const { return h_; }
  std::uint32_t groups() const { return g_; }
  Arrangement arrangement() const { return arr_; }
  std::uint32_t routers() const { return g_ * a_; }
  std::uint32_t group_of(NodeId router) const { return router / a_; }
  // The router a node is (a router) or hangs from (a terminal).
  NodeId router_of(NodeId v) const { return v < routers() ? v : (v - routers()) / p_; }
  NodeId router(std::uint32_t group, std::uint32_t r) const { return group * a_ + r; }
  PortId terminal_port(NodeId terminal) const { return (terminal - routers()) % p_; }
  // Port of router `from` towards router `to` of the same group (from != to).
  PortId local_port(NodeId from, NodeId to) const;
  PortId global_port(std::uint32_t j) const { return p_ + a_ - 1 + j; }
  // The lowest global port number k (k = r*h + j) of group `from` that reaches
  // group `to`, if any (none only when from == to).
  std::optional<std::uint32_t> first_global_to(std::uint32_t from, std::uint32_t to) const;

 private:
  std::uint32_t p_, a_, h_, g_;
  Arrangement arr_;

  // Group reached by slot s of group i, and the slot of that group leading back.
  std::uint32_t slot_target(std::uint32_t i, std::uint32_t s) const;
  std::uint32_t slot_back(std::uint32_t i, std::uint32_t s) const;
  std::optional<PortPeer> global_peer(NodeId router, std::uint32_t j) const;
};

std::string to_string(Dragonfly::Arrangement a);

}  // namespace menger
