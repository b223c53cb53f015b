// Basic identifiers of the core network model (DESIGN.md "Core concepts").
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

namespace menger {

using NodeId = std::uint32_t;
using PortId = std::uint32_t;
using LinkId = std::uint32_t;
using ChannelId = std::uint32_t;

inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();
inline constexpr LinkId kNoLink = std::numeric_limits<LinkId>::max();

// What a node is.  Indirect networks (fat trees, MiKANT, multistage networks)
// separate compute endpoints from switches; in direct networks (tori,
// hypercubes, dual-nets) every node is a processor with its own switch, which
// we call a router: it is both a traffic endpoint and a forwarding element.
enum class NodeKind : std::uint8_t { Endpoint, Switch, Router };

// Endpoints terminate traffic but never forward it; switches forward but never
// terminate it; routers do both.
constexpr bool is_terminal(NodeKind k) { return k != NodeKind::Switch; }
constexpr bool forwards(NodeKind k) { return k != NodeKind::Endpoint; }

std::string_view to_string(NodeKind k);

// Direction of a port.  Bidirectional links use Both at each end; a directed
// link (the stage-by-stage wires of a multistage network) is Out at its tail
// and In at its head.
enum class PortDir : std::uint8_t { Both, Out, In };

}  // namespace menger
