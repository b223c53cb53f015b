// The core network model: invariants of every family, the Boost.Graph view,
// channels, and fault units.
#include <gtest/gtest.h>

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>

#include "core/bgl.h"
#include "core/error.h"
#include "core/fault.h"
#include "models/registry.h"
#include "verify/structure/distances.h"

namespace menger {
namespace {

const char* const kInstances[] = {
    "hypercube(1)", "hypercube(4)", "torus(2,2)", "torus(3,2,5)", "torus(4,4)", "mesh(2,3)", "mesh(4,4,2)",
    "kary_ntree(2,1)", "kary_ntree(3,3)", "mikant(2,2)", "mikant(3,3)",
    "min(stages=3, radix=4, wiring=deterministic)", "min(stages=3, radix=4, wiring=random, seed=5)",
    "min(stages=3, radix=4, wiring=replicated)", "min(stages=2, radix=4, wiring=non_interwired)",
    "min(stages=4, radix=2, wiring=deterministic, packaging=shifted)", "rdn(base=hypercube(2), k=2)",
    "hdn(base=hypercube(3), k=1, s=[4])", "hdn(base=torus(3,2,5), k=2, s=[15,5])"};

std::shared_ptr<const Topology> build(const std::string& spec) { return Registry::builtin().build(spec); }

TEST(Network, EveryFamilyBuildsAndRoundTripsItsSpec) {
  for (const char* spec : kInstances) {
    auto t = build(spec);
    Network net(t);  // validates the peer involution and port directions
    EXPECT_EQ(net.num_nodes(), t->node_count()) << spec;
    EXPECT_EQ(build(t->spec())->spec(), t->spec()) << spec;  // canonical spec parses back to itself
    std::uint64_t ports = 0;
    for (NodeId v = 0; v < net.num_nodes(); ++v) {
      ports += net.degree(v);
      EXPECT_EQ(net.find_node(net.label(v)), v) << spec << " label " << net.label(v) << " is not unique";
      EXPECT_EQ(t->find_node(net.label(v)), v) << spec << " family lookup of " << net.label(v);
    }
    EXPECT_EQ(ports, 2ull * net.num_links()) << spec;  // each link has two ends
  }
}

TEST(Network, LinkEndsAgreeWithPorts) {
  Network net(build("mikant(3,3)"));
  for (LinkId l = 0; l < net.num_links(); ++l) {
    const Link& k = net.link(l);
    EXPECT_EQ(net.port(k.a, k.pa).link, l);
    EXPECT_EQ(net.port(k.b, k.pb).link, l);
    EXPECT_EQ(net.port(k.a, k.pa).peer, k.b);
  }
}

TEST(Network, UnconnectedPortsAtMeshBordersAndTreeRoots) {
  Network mesh(build("mesh(3,3)"));
  EXPECT_EQ(mesh.num_ports(*mesh.find_node("(0,0)")), 4u);
  EXPECT_EQ(mesh.degree(*mesh.find_node("(0,0)")), 2u);
  EXPECT_EQ(mesh.degree(*mesh.find_node("(1,1)")), 4u);
  Network tree(build("kary_ntree(2,3)"));
  const NodeId root = *tree.find_node("<0,0,0>");  // w = (0,0), level 0
  EXPECT_EQ(tree.degree(root), 2u);                // only down ports
}

TEST(Network, TorusRadixTwoIsASingleLink) {
  // 004 uses a 3x2x5 torus of degree 5: the radix-2 dimension adds one link, not two.
  Network net(build("torus(3,2,5)"));
  for (NodeId v = 0; v < net.num_nodes(); ++v) EXPECT_EQ(net.degree(v), 5u);
  EXPECT_EQ(net.num_links(), 30u * 5 / 2);
}

TEST(Network, RefusesNetworksTooLargeToMaterialise) {
  EXPECT_THROW(Network(build("rdn(base=hypercube(3), k=3)")), InputError);  // 2^31 nodes
  EXPECT_EQ(build("rdn(base=hypercube(3), k=3)")->node_count(), std::uint64_t{1} << 31);
}

TEST(BoostGraphView, BreadthFirstSearchMatchesMengerDistances) {
  for (const char* spec : {"torus(4,3)", "hypercube(5)", "hdn(base=hypercube(3), k=1, s=[4])"}) {
    Network net(build(spec));
    std::vector<std::uint32_t> dist(net.num_nodes(), 0);
    boost::breadth_first_search(
        net, NodeId{0},
        boost::visitor(boost::make_bfs_visitor(boost::record_distances(dist.data(), boost::on_tree_edge())))
            .color_map(boost::make_shared_array_property_map(net.num_nodes(), boost::white_color,
                                                             get(boost::vertex_index, net))));
    EXPECT_EQ(dist, distances_from(net, 0)) << spec;  // every node is a router: relays everywhere
  }
}

TEST(Channels, NumberEveryUsableDirectionOnce) {
  Network torus(build("torus(3,3)"));
  ChannelSpace cs(torus, 2);
  EXPECT_EQ(cs.size(), torus.num_links() * 2 * 2);
  std::vector<bool> seen(cs.size(), false);
  for (LinkId l = 0; l < torus.num_links(); ++l)
    for (NodeId from : {torus.link(l).a, torus.link(l).b})
      for (std::uint32_t vc = 0; vc < 2; ++vc) {
        const ChannelId c = cs.channel(l, from, vc);
        ASSERT_LT(c, cs.size());
        EXPECT_FALSE(seen[c]);
        seen[c] = true;
        const auto info = cs.info(c);
        EXPECT_EQ(info.link, l);
        EXPECT_EQ(info.tail, from);
        EXPECT_EQ(info.vc, vc);
      }
  Network min(build("min(stages=2, radix=2, wiring=deterministic)"));
  EXPECT_EQ(ChannelSpace(min, 1).size(), min.num_links());  // directed wires: one channel each
  EXPECT_THROW(ChannelSpace(min, 0), InputError);
}

TEST(Faults, ComponentsOfTheMultistageNetworks) {
  // 001 section 4: the last stage's dilation-1 routers fail in pairs.
  Network det(build("min(stages=3, radix=4, wiring=deterministic)"));
  FaultUniverse u = FaultUniverse::components(det);
  EXPECT_EQ(u.size(), 48u);
  EXPECT_EQ(u.size(), det.num_components());
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < u.size(); ++i) pairs += u.nodes_of(i).size() == 2;
  EXPECT_EQ(pairs, 16u);
  Network rep(build("min(stages=3, radix=4, wiring=replicated)"));
  EXPECT_EQ(FaultUniverse::components(rep).size(), 96u);
}

TEST(Faults, FailedNodesDisableTheirLinks) {
  Network net(build("mikant(2,2)"));
  FaultUniverse u = FaultUniverse::nodes(net, [&](NodeId v) { return net.kind(v) == NodeKind::Switch; });
  EXPECT_EQ(u.size(), 4u);
  FaultSet f(u.size());
  f.insert(0);
  EXPECT_EQ(f.count(), 1u);
  FailedElements failed(u, f);
  const NodeId sw = u.nodes_of(0).front();
  EXPECT_TRUE(failed.node_failed(sw));
  for (const PortSlot& s : net.ports(sw)) EXPECT_TRUE(failed.link_failed(s.link));
  std::size_t down = 0;
  for (LinkId l = 0; l < net.num_links(); ++l) down += failed.link_failed(l);
  EXPECT_EQ(down, net.degree(sw));
  EXPECT_EQ(f.to_string(u), "{" + net.label(sw) + "}");

  FaultUniverse links = FaultUniverse::links(net);
  FaultSet g(links.size());
  g.insert(3);
  FailedElements only_link(links, g);
  EXPECT_TRUE(only_link.link_failed(3));
  EXPECT_EQ(only_link.nodes.count(), 0u);
}

TEST(Faults, SetsCompareAndHashByContent) {
  FaultSet a(100), b(100);
  a.insert(3);
  a.insert(70);
  b.insert(70);
  b.insert(3);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hash(), b.hash());
  b.erase(3);
  EXPECT_FALSE(a == b);
  EXPECT_EQ(a.units(), (std::vector<std::size_t>{3, 70}));
}

}  // namespace
}  // namespace menger
