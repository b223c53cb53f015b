// The tree structure of a folded Clos network, as the Clos routings read it
// (routing_clos.cpp): the three-level fat tree of data centres (fattree.cpp)
// and the two-level leaf-spine (leafspine.cpp).
//
// Levels: 0 hosts, 1 edge / leaf switches, 2 aggregation / spine switches,
// 3 core switches.  Every switch numbers its down ports first: ports
// [0, first_up_port(v)) lead one level down, the others one level up (the top
// level has no up ports).  A host is "below" a switch when some path of down
// links reaches it; down_ports_towards lists the down ports of v that start
// such a path (one port in a fat tree, the parallel links of a leaf-spine).
#pragma once

#include <cstdint>
#include <vector>

#include "core/topology.h"

namespace menger {

class ClosTopology : public Topology {
 public:
  // Number of switch levels (2 for leaf-spine, 3 for the fat tree).
  virtual std::uint32_t levels() const = 0;
  // Level of node v (0 for a host).
  virtual std::uint32_t level(NodeId v) const = 0;
  // First up port of node v (= its number of down ports; 0 for a host, whose
  // one port goes up).
  virtual PortId first_up_port(NodeId v) const = 0;
  // Up ports of every switch of level l, 1 <= l < levels().
  virtual PortId up_ports_at(std::uint32_t l) const = 0;
  // Appends the down ports of switch v that lead towards host h (none when h
  // is not below v).
  virtual void down_ports_towards(NodeId v, NodeId h, std::vector<PortId>& out) const = 0;
  // Index of host h among the hosts, 0..hosts-1, in id order (D-mod-k's d).
  virtual std::uint64_t host_index(NodeId h) const = 0;
};

}  // namespace menger
