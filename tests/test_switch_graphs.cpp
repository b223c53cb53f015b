// Families built without their endpoints (issue 41: router-only connectivity
// without an export-and-strip detour): the k-ary n-tree and MiKANT, port for
// port against the full network (tests/switch_graph_check.h), the counts
// their papers give, the one-sentence refusals of a partial endpoint count and
// of the routings that route to endpoints.  fattree, leafspine, hyperx,
// slimfly, dragonfly and jellyfish have their own tests.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "switch_graph_check.h"

namespace menger {
namespace {

Network build(const std::string& spec) { return Network(Registry::builtin().build(spec)); }

std::string error_of(const std::string& spec) {
  try {
    (void)Registry::builtin().build(spec);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(SwitchGraphs, KaryNTreeWithoutProcessingNodes) {
  for (auto [k, n] : {std::pair{2, 3}, {3, 2}, {4, 3}}) {
    SCOPED_TRACE(std::to_string(k) + "," + std::to_string(n));
    const std::string base = "kary_ntree(" + std::to_string(k) + "," + std::to_string(n);
    const Network bare = build(base + ", hosts=0)");
    const Network full = build(base + ")");
    EXPECT_EQ(build(base + ", hosts=" + std::to_string(k) + ")").spec(), full.spec());
    EXPECT_EQ(bare.spec(), base + ", hosts=0)");
    std::size_t per_level = 1;
    for (int i = 1; i < n; ++i) per_level *= static_cast<std::size_t>(k);
    EXPECT_EQ(bare.num_nodes(), per_level * static_cast<std::size_t>(n));  // n levels of k^(n-1) switches
    EXPECT_EQ(bare.num_links(), per_level * static_cast<std::size_t>(k) * static_cast<std::size_t>(n - 1));
    expect_switch_graph_of(bare, full);
    // Rebuilt from its own spec (evidence files name it): the same network.
    EXPECT_EQ(build(bare.spec()).num_links(), bare.num_links());
  }
  EXPECT_NE(error_of("kary_ntree(4,2, hosts=2)").find("all processing nodes (the paper's tree) or none (hosts=0)"),
            std::string::npos);
}

TEST(SwitchGraphs, MikantWithoutComputeNodes) {
  for (auto [k, n] : {std::pair{2, 2}, {3, 3}, {2, 4}}) {
    SCOPED_TRACE(std::to_string(k) + "," + std::to_string(n));
    const std::string base = "mikant(" + std::to_string(k) + "," + std::to_string(n);
    const Network bare = build(base + ", nodes=0)");
    const Network full = build(base + ")");
    EXPECT_EQ(build(base + ", nodes=" + std::to_string(k) + ")").spec(), full.spec());
    std::size_t per_level = 1;
    for (int i = 1; i < n; ++i) per_level *= static_cast<std::size_t>(k);
    // 002 section 2.1: 2(n-1)k^(n-1) switches, (2n-1)k^n links of which 2k^n reach compute nodes.
    EXPECT_EQ(bare.num_nodes(), 2 * static_cast<std::size_t>(n - 1) * per_level);
    EXPECT_EQ(bare.num_links(), static_cast<std::size_t>(2 * n - 3) * per_level * static_cast<std::size_t>(k));
    expect_switch_graph_of(bare, full);
    EXPECT_EQ(build(bare.spec()).num_links(), bare.num_links());
  }
  EXPECT_NE(error_of("mikant(3,2, nodes=1)").find("all compute nodes (the paper's MiKANT) or none (nodes=0)"),
            std::string::npos);
  // 002's routings route to compute nodes: refused in one sentence.
  const Network bare = build("mikant(2,3, nodes=0)");
  for (const char* routing : {"mikant-shortest", "mikant-x-turns"}) {
    try {
      (void)RoutingRegistry::builtin().build(routing, bare);
      ADD_FAILURE() << routing << " accepted a MiKANT without compute nodes";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("routes to compute nodes"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace menger
