// A routing table's rows, as read (models/routing_table.h) and as looked up
// (models/routing_table_index.h): the types apart from the reader, so that
// the reader and its index need not include each other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/input_file.h"
#include "core/network.h"

namespace menger {

inline constexpr const char* kRoutingTableFormat = "menger-routing-table";
// Version 2 adds adaptive entries (several rows with one key: the choices) and
// the escape mark; version 1 files still read, with version 1's rules (one row
// per key, no escape field).  The writer writes version 1 when the table uses
// neither, so that a deterministic table reads with an older Menger.
inline constexpr std::int64_t kRoutingTableVersion = 2;
inline constexpr std::int64_t kRoutingTableFirstVersion = 1;

struct TableRow {
  static constexpr std::int32_t kAny = -1;    // in_port, in_vc: absent
  static constexpr std::int32_t kLocal = -2;  // in_port: injected at `node`
  NodeId node = kNoNode;
  NodeId dst = kNoNode;
  std::int32_t in_port = kAny;
  std::int32_t in_vc = kAny;
  PortId port = 0;
  std::uint32_t vc = 0;
  bool bubble = false;
  bool escape = false;  // version 2: the choice is an escape channel (Duato)
};

struct RoutingTable {
  std::string network;  // spec it was written for; empty: not stated
  std::int64_t version = kRoutingTableVersion;  // as read; version 1 allows one row per key
  std::uint32_t vcs = 1;
  std::vector<TableRow> rows;
  InputRecord source;   // the file and its digest (read_routing_table); empty path: parsed from text
};

}  // namespace menger
