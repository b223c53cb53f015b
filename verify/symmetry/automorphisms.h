// Automorphism groups of networks and fault models, computed with nauty
// (verify/symmetry/nauty_group.h) and certified: every generator is re-checked by
// automorphism_check.h, which does not call nauty, before it is returned.
//
// Encoding.  One vertex per node, coloured by (kind, fault weight of its unit
// or "cannot fail", whether it is individualised).  Links are bundled by
// (ends, direction, fault weight) with their multiplicity; when every bundle
// is one undirected link of one weight, bundles are plain edges, otherwise
// each is subdivided: an undirected bundle by one vertex coloured with weight
// and multiplicity, a directed one by a tail half and a head half, so that
// direction, multiplicity and weight are colours nauty keeps.  A fault unit of
// several nodes (packages, user groups) gets a vertex joined to its members.
// Automorphisms of this coloured graph, restricted to the nodes, are exactly
// the automorphisms of the fault model (automorphism_check.h), and the order
// nauty reports is the order of the group acting on the nodes.
// With `Preserve::Ports` each link is split into two halves coloured with the
// port number at their end (and tail or head): the automorphisms then keep
// ports, as a routing that reads only ports and faults needs
// (port_automorphism_problem).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "verify/check/automorphism_check.h"
#include "verify/fault_model.h"

namespace menger {

struct NodeGroup {
  std::vector<Permutation> generators;  // on nodes; each checked; no identity
  std::string order;                    // nauty's group order ("4096", "3.6288e6")
  std::vector<NodeId> root;             // least node of each node's orbit, from the generators
  std::size_t orbit_count() const;
};

enum class Preserve { Links, Ports };

// The group of the fault model fixing every node in `fixed` (its stabiliser)
// and keeping `colours` (one per node, when given: a routing's
// Routing::symmetry_colours).  Throws InternalError if nauty returns a
// generator the check rejects (not an automorphism, moves a fixed node, or
// changes a node's colour).
NodeGroup fault_model_automorphisms(const FaultModel& model, std::span<const NodeId> fixed = {},
                                    Preserve preserve = Preserve::Links, std::span<const std::uint64_t> colours = {},
                                    const Budget& budget = Budget());

// The network's group as `menger info` reports it: node kinds, links with
// direction and multiplicity (every node a unit of weight 1, links not units).
NodeGroup network_automorphisms(const Network& net, std::span<const NodeId> fixed = {},
                                Preserve preserve = Preserve::Links, const Budget& budget = Budget());

// Number of orbits of ordered pairs of distinct nodes: the sum, over one node
// s per orbit, of the orbits of the stabiliser of s other than {s}.
std::uint64_t ordered_pair_orbits(const Network& net, const NodeGroup& group, Preserve preserve = Preserve::Links,
                                  const Budget& budget = Budget());

}  // namespace menger
