// The switch graph alone (issue 41: fattree(hosts=0), kary_ntree(hosts=0),
// mikant(nodes=0), ...) against the family's full network: the same nodes up
// to the endpoints, every one a router, and port for port the same links,
// except that a port that reached an endpoint is unconnected.
#pragma once

#include <gtest/gtest.h>

#include "core/network.h"

namespace menger {

inline void expect_switch_graph_of(const Network& bare, const Network& full) {
  std::size_t endpoint_ports = 0;
  for (NodeId v = 0; v < full.num_nodes(); ++v)
    if (full.kind(v) == NodeKind::Endpoint) endpoint_ports += full.num_ports(v);
  EXPECT_EQ(bare.num_nodes(), full.num_nodes() - [&] {
    std::size_t e = 0;
    for (NodeId v = 0; v < full.num_nodes(); ++v) e += full.kind(v) == NodeKind::Endpoint;
    return e;
  }());
  EXPECT_EQ(bare.num_links(), full.num_links() - endpoint_ports);
  for (NodeId v = 0; v < bare.num_nodes(); ++v) {
    ASSERT_EQ(bare.label(v), full.label(v));
    EXPECT_EQ(bare.kind(v), NodeKind::Router) << bare.label(v);
    ASSERT_EQ(bare.num_ports(v), full.num_ports(v));
    for (PortId p = 0; p < bare.num_ports(v); ++p) {
      const PortSlot& b = bare.port(v, p);
      const PortSlot& f = full.port(v, p);
      if (f.connected() && full.kind(f.peer) == NodeKind::Endpoint) {
        EXPECT_FALSE(b.connected()) << bare.label(v) << " port " << p;
      } else {
        EXPECT_EQ(b.connected(), f.connected());
        if (f.connected()) {
          EXPECT_EQ(b.peer, f.peer);
          EXPECT_EQ(b.peer_port, f.peer_port);
        }
      }
    }
  }
}

}  // namespace menger
