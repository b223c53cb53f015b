// Lookup in a routing table (models/routing_table.h): the hops a packet at
// (node, destination, input port, input VC) may take (one for a deterministic
// entry, the choices of an adaptive one), shared by the load-time walk check
// and the `table` routing.
//
// Rows are sorted by (node, dst, in_port, in_vc), stably (an adaptive entry's
// choices keep the file's order), and a hash map takes (node, dst) to its run
// of rows, a handful at most, scanned for the most specific key: O(1)
// expected per hop, 12 bytes of index per (node, dst).
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

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
  bool operator==(const TableHop&) const = default;
};
using TableHops = boost::container::small_vector<TableHop, 4>;

class TableIndex {
 public:
  // Sorts `table.rows` in place.  An InputError naming `name`: two rows with
  // one key in a version 1 table; the same choice (port and VC) twice in one
  // entry of a version 2 table.
  TableIndex(const Network& net, RoutingTable& table, const std::string& name);
  // The rows of the most specific key matching `key` (an adaptive entry's
  // choices, in the file's order), the endpoint rule (one sending port, VC 0)
  // for a packet injected at an endpoint without rows, or none: no route.
  TableHops hops(const TableKey& key) const;
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
  TableHops endpoint_rule(NodeId node) const;
  void duplicate_check(const std::vector<TableRow>& rows, std::uint32_t entry, std::uint32_t i,
                       const std::string& name) const;
};

// The sending port of an endpoint with exactly one connected port that can
// send, or nullopt.
std::optional<PortId> single_sending_port(const Network& net, NodeId v);

// Follows every destination's rows from every node with a row for it (and
// from each one-port endpoint whose switch has rows for it), through every
// choice of an adaptive entry: a node a packet is forwarded to without a row
// for the destination is an InputError naming `name`, the node and the
// destination, and so is a forwarding loop of deterministic entries (a packet
// that enters it has no way out).  A loop through an adaptive entry is not
// refused here: whether a packet may take it is the engines' question (route-
// check reports the livelock, with the choices that make it).
void check_table_walks(const Network& net, const TableIndex& index, const std::string& name);

// The escape VCs a version 2 table declares: every VC of a choice marked
// escape; empty when no row is marked.  Menger's escape channels are whole
// VCs (verify/deadlock/dependency_graph.h), so a row on an escape VC that is
// not marked, in a table that marks some, is an InputError naming `name`, the
// node and the destination.
std::vector<bool> declared_escape_vcs(const Network& net, const RoutingTable& table, const std::string& name);

}  // namespace menger
