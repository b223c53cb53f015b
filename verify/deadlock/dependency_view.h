// The graph H of dependency_graph.h, analysed where the exploration holds it
// (issue 40: memory in proportion to what the routing makes, not to copies).
//
// The graph H of one escape set is a projection of the exploration: a
// channel vertex's hops are the hops of every escape configuration holding
// that channel, a non-escape configuration is its own vertex, and a hop into
// an escape configuration lands on its channel.  Materialising H
// (configuration_graph) copies every hop once per escape set, with the packet
// that makes it, and then again into the compressed graph the component search
// reads: three copies of the largest thing the engine holds (torus(8,8,8)
// with duato-torus: 286 MB at the peak, for 0.95M configurations).  Here the
// hops are read from the exploration when the search needs them: the
// components (Tarjan's algorithm, iterative), the bubble rings and their
// contraction, and a shortest cycle through an escape channel.  Only the
// per-vertex numbers of the component search and one index of the escape
// configurations by channel are added.
//
// Same answers, same bytes: vertices keep the order of the materialised graph
// (channels, then each destination's configurations in order; a configuration
// on an escape channel is a hole that no hop reaches), each vertex's hops are
// visited by increasing target, and a cycle's hops are the least ones between
// its vertices; so the components are numbered as boost::strong_components
// numbers them on the materialised graph, the order of the escape channels and
// the cycle reported are the same, and so are the counts of H.  The
// materialised analysis stays as the cross-check (tests/materialized_cycles.h).
#pragma once

#include "verify/deadlock/dependency_graph.h"

namespace menger {

// The analysis of H for a.escape_vcs on x: fills graph_vertices, graph_edges,
// direct_dependencies, rings, cut_through, acyclic and the cycle or the order.
// a.escape_channels_used and a.bubble_hops must already be set.  Throws
// BudgetExhausted when the exploration's budget runs out.
void analyse_explored_graph(const Exploration& x, DependencyAnalysis& a);

}  // namespace menger
