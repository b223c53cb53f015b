// Lookup in a routing table (models/routing_table.h): the one hop of a packet
// at (node, destination, input port, input VC), shared by the load-time walk
// check and the `table` routing.
//
// Rows are sorted by (node, dst, in_port, in_vc) and a hash map takes
// (node, dst) to its run of rows, a handful at most, scanned for the most
// specific match: O(1) expected per hop, 12 bytes of index per (node, dst).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

#include "models/routing_table_rows.h"

namespace menger {

// Where a packet stands: `in_port` is TableRow::kLocal for a packet injected
// at `node` (then in_vc is unused), else the port it entered by.
struct TableKey {
  NodeId node = kNoNode;
  NodeId dst = kNoNode;
  std::int32_t in_port = TableRow::kLocal;
  std::int32_t in_vc = 0;
};

struct TableHop {
  PortId port = 0;
  std::uint32_t vc = 0;
  bool bubble = false;
};

class TableIndex {
 public:
  // Sorts `table.rows` in place; duplicate keys are an InputError naming `name`.
  TableIndex(const Network& net, RoutingTable& table, const std::string& name);
  // The row for `key`, the endpoint rule (one sending port, VC 0) for a packet
  // injected at an endpoint without rows, or nullopt: no route.
  std::optional<TableHop> hop(const TableKey& key) const;
  // Whether any row names (node, dst).
  bool has_rows(NodeId node, NodeId dst) const { return runs_.count(pair_key(node, dst)) != 0; }
  const RoutingTable& table() const { return *table_; }

 private:
  struct Run {
    std::uint32_t begin = 0, end = 0;
  };
  const Network& net_;
  const RoutingTable* table_;
  std::unordered_map<std::uint64_t, Run> runs_;

  static std::uint64_t pair_key(NodeId node, NodeId dst) { return (std::uint64_t{node} << 32) | dst; }
  std::optional<TableHop> endpoint_rule(NodeId node) const;
};

// The sending port of an endpoint with exactly one connected port that can
// send, or nullopt.
std::optional<PortId> single_sending_port(const Network& net, NodeId v);

// Follows every destination's rows from every node with a row for it (and
// from each one-port endpoint whose switch has rows for it): a forwarding loop,
// or a node a packet is forwarded to without a row for the destination, is an
// InputError naming `name`, the node and the destination.
void check_table_walks(const Network& net, const TableIndex& index, const std::string& name);

}  // namespace menger
