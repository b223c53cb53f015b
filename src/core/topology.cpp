#include "core/topology.h"

namespace menger {

std::string Topology::link_label(NodeId v, PortId p) const {
  auto q = peer(v, p);
  if (!q) return label(v) + ":" + std::to_string(p) + " (unconnected)";
  return label(v) + ":" + std::to_string(p) + " - " + label(q->node) + ":" + std::to_string(q->port);
}

std::optional<NodeId> Topology::find_node(std::string_view wanted) const {
  const std::uint64_t n = node_count();
  for (std::uint64_t v = 0; v < n; ++v)
    if (label(static_cast<NodeId>(v)) == wanted) return static_cast<NodeId>(v);
  return std::nullopt;
}

}  // namespace menger
