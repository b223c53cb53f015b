// Boost.Graph view of a Network, without copying it.
//
// graph_traits<menger::Network> models VertexListGraph, IncidenceGraph and
// AdjacencyGraph over the compressed out-adjacency.  The view is *directed*:
// a bidirectional link appears as two arcs, a directed link as one, and
// parallel links as parallel arcs.  Vertex and edge indices are the node id and
// the arc index, so BGL algorithms take identity property maps.
//
// Note that BGL sees every node as able to forward: algorithms for which
// endpoints must not relay traffic (distances between endpoints of an indirect
// network) belong in verify/, which knows NodeKind.
#pragma once

#include <boost/graph/graph_traits.hpp>
#include <boost/graph/properties.hpp>
#include <boost/iterator/counting_iterator.hpp>
#include <boost/iterator/iterator_facade.hpp>
#include <boost/property_map/property_map.hpp>
#include <utility>

#include "core/network.h"

namespace menger::bgl {

struct Arc {
  NodeId source = kNoNode;
  std::uint64_t index = 0;
  bool operator==(const Arc& o) const { return index == o.index && source == o.source; }
  bool operator!=(const Arc& o) const { return !(*this == o); }
};

class OutArcIterator
    : public boost::iterator_facade<OutArcIterator, Arc, std::random_access_iterator_tag, Arc> {
 public:
  OutArcIterator() = default;
  OutArcIterator(NodeId src, std::uint64_t i) : src_(src), i_(i) {}

 private:
  friend class boost::iterator_core_access;
  Arc dereference() const { return Arc{src_, i_}; }
  bool equal(const OutArcIterator& o) const { return i_ == o.i_; }
  void increment() { ++i_; }
  void decrement() { --i_; }
  void advance(std::ptrdiff_t n) { i_ = static_cast<std::uint64_t>(static_cast<std::ptrdiff_t>(i_) + n); }
  std::ptrdiff_t distance_to(const OutArcIterator& o) const {
    return static_cast<std::ptrdiff_t>(o.i_) - static_cast<std::ptrdiff_t>(i_);
  }
  NodeId src_ = kNoNode;
  std::uint64_t i_ = 0;
};

struct TraversalCategory : boost::incidence_graph_tag,
                           boost::vertex_list_graph_tag,
                           boost::adjacency_graph_tag {};

}  // namespace menger::bgl

namespace boost {

template <>
struct graph_traits<menger::Network> {
  using vertex_descriptor = menger::NodeId;
  using edge_descriptor = menger::bgl::Arc;
  using directed_category = directed_tag;
  using edge_parallel_category = allow_parallel_edge_tag;
  using traversal_category = menger::bgl::TraversalCategory;
  using vertex_iterator = counting_iterator<menger::NodeId>;
  using out_edge_iterator = menger::bgl::OutArcIterator;
  using adjacency_iterator = const menger::NodeId*;
  using vertices_size_type = menger::NodeId;
  using edges_size_type = std::uint64_t;
  using degree_size_type = std::uint64_t;
  using in_edge_iterator = void;
  using edge_iterator = void;
  static vertex_descriptor null_vertex() { return menger::kNoNode; }
};

template <>
struct property_map<menger::Network, vertex_index_t> {
  using type = typed_identity_property_map<menger::NodeId>;
  using const_type = type;
};

}  // namespace boost

namespace menger {

using BglTraits = boost::graph_traits<Network>;

inline std::pair<BglTraits::vertex_iterator, BglTraits::vertex_iterator> vertices(const Network& g) {
  return {BglTraits::vertex_iterator(0), BglTraits::vertex_iterator(g.num_nodes())};
}
inline NodeId num_vertices(const Network& g) { return g.num_nodes(); }
inline std::pair<bgl::OutArcIterator, bgl::OutArcIterator> out_edges(NodeId v, const Network& g) {
  return {bgl::OutArcIterator(v, g.out_begin(v)), bgl::OutArcIterator(v, g.out_end(v))};
}
inline std::uint64_t out_degree(NodeId v, const Network& g) { return g.out_end(v) - g.out_begin(v); }
inline NodeId source(const bgl::Arc& e, const Network&) { return e.source; }
inline NodeId target(const bgl::Arc& e, const Network& g) { return g.arc_target(e.index); }
inline std::pair<const NodeId*, const NodeId*> adjacent_vertices(NodeId v, const Network& g) {
  auto s = g.out_neighbors(v);
  return {s.data(), s.data() + s.size()};
}
inline boost::typed_identity_property_map<NodeId> get(boost::vertex_index_t, const Network&) {
  return {};
}

}  // namespace menger
