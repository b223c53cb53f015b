// The hand-written unit-capacity max-flow (verify/tolerance/unit_flow.h) against Boost's
// Boykov-Kolmogorov max-flow on node-split graphs built here, pair by pair.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>

#include "models/registry.h"
#include "verify/tolerance/unit_flow.h"

namespace menger {
namespace {

// Boost's Boykov-Kolmogorov max-flow on a node-split graph built here from the
// network, node faults: the reference for single pair cuts.
long boost_node_cut(const Network& net, NodeId s, NodeId t) {
  using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
  using Graph = boost::adjacency_list<
      boost::vecS, boost::vecS, boost::directedS,
      boost::property<boost::vertex_index_t, long,
                      boost::property<boost::vertex_color_t, boost::default_color_type,
                                      boost::property<boost::vertex_distance_t, long,
                                                      boost::property<boost::vertex_predecessor_t, Traits::edge_descriptor>>>>,
      boost::property<boost::edge_capacity_t, long,
                      boost::property<boost::edge_residual_capacity_t, long,
                                      boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;
  const long inf = 1 << 20;
  Graph g(2 * net.num_nodes());
  auto cap = get(boost::edge_capacity, g);
  auto rev = get(boost::edge_reverse, g);
  auto add = [&](std::size_t a, std::size_t b, long c) {
    auto e = add_edge(a, b, g).first, r = add_edge(b, a, g).first;
    cap[e] = c;
    cap[r] = 0;
    rev[e] = r;
    rev[r] = e;
  };
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.forwards(v)) add(2 * v, 2 * v + 1, 1);
  for (LinkId l = 0; l < net.num_links(); ++l) {
    add(2 * net.link(l).a + 1, 2 * net.link(l).b, inf);
    if (!net.link(l).directed) add(2 * net.link(l).b + 1, 2 * net.link(l).a, inf);
  }
  return boost::boykov_kolmogorov_max_flow(g, 2 * s + 1, 2 * t);
}

TEST(UnitFlow, PairCutsMatchBoostMaxFlow) {
  for (const char* spec : {"mikant(2,3)", "hdn(base=hypercube(3), k=1, s=[4])", "mesh(4,3)",
                           "min(stages=3, radix=2, wiring=deterministic)"}) {
    Network net(Registry::builtin().build(spec));
    FaultModelSpec fs;
    fs.pairs = default_pairs(net);
    FaultModel model(net, fs);
    const UnitFlowNetwork flow(model);
    auto w = flow.make_workspace();
    const auto& ts = model.terminals();
    for (std::size_t a = 0; a < ts.size(); a += 3)
      for (std::size_t b = 1; b < ts.size(); b += 5) {
        if (!model.pair_required(ts[a], ts[b])) continue;
        const PairCut c = flow.solve(ts[a], ts[b], kUnbounded, w, true, true);
        const long reference = boost_node_cut(net, ts[a], ts[b]);
        if (reference >= (1 << 20)) {
          EXPECT_EQ(c.value, kUnbounded) << spec;
        } else {
          EXPECT_EQ(c.value, static_cast<std::uint64_t>(reference)) << spec;
        }
        if (c.value != kUnbounded) {
          EXPECT_EQ(c.paths.size(), c.value) << spec;  // Menger: as many disjoint paths
        }
      }
  }
}

}  // namespace
}  // namespace menger
