// Routing tables as data: a routing given as a file, and `table(file=PATH)`,
// the routing that replays it hop by hop.
//
// FORMAT "menger-routing-table", versions 1 and 2 (models/routing_table.md
// has the same text with examples).  One row per (node, destination[, input
// port][, input VC]) gives a hop a packet there may take: the output port and
// the virtual channel.  Version 1: one row per key (deterministic).  Version
// 2: several rows with one key are an adaptive entry, whose hops are the
// packet's choices (the same port and VC twice is an error), and a row may be
// marked "escape" (below).  Two encodings of the same rows:
//
//   JSON  {"format": "menger-routing-table", "version": 1, "vcs": 2,
//          "network": "torus(4,4)",                     (optional, checked)
//          "routes": [{"node": "(0,0)", "dst": "(2,1)", "port": 0, "vc": 0},
//                     {"node": 5, "dst": 9, "in_port": 2, "in_vc": 1,
//                      "port": 0, "vc": 1, "bubble": true}, ...]}
//   CSV   lines "# format: menger-routing-table", "# version: 1", "# vcs: 2",
//         optionally "# network: torus(4,4)", then the header row naming the
//         columns, then one row per line (RFC 4180 quoting: labels hold
//         commas).  Columns: node, dst (labels) or node_id, dst_id (ids);
//         in_port, in_vc, bubble optional; port, vc required.  An empty cell
//         of an optional column is "any" (in_port, in_vc) or false (bubble).
//   A file whose name ends in .csv is read as CSV, any other as JSON.
//
// Fields.
//   vcs       virtual channels per link (>= 1); every vc and in_vc is below it.
//             Required: a routing may own more lanes than it uses, and the
//             deadlock engine's channels depend on the number.
//   network   the spec of the network the table was written for; when present
//             it must equal the canonical spec of the network it is used with
//             (torus(4,4) and torus(5,5) share labels: this catches the swap).
//   node,dst  nodes named by label, as `menger export` and `menger info` print
//             them (a JSON string), or by integer id (a JSON number; the
//             node_id/dst_id CSV columns), the network's own numbering, which
//             `menger export --format json` shows.  Labels are the default
//             because they survive a change of family code; ids are for
//             networks whose labels repeat (a network with a repeated label
//             refuses label rows).  dst must be a terminal, other than node.
//   in_port   the port the packet entered `node` by, or "local" for a packet
//             injected at `node`; absent: any.
//   in_vc     the VC it arrived on; absent: any (not allowed with "local").
//   port, vc  the hop: a connected port of `node` that may send, and a VC.
//   bubble    the hop enters a ring under bubble flow control (core/routing.h
//             Hop::bubble); default false.
//   escape    version 2: the choice is an escape channel; default false.  The
//             VCs of the marked rows are the routing's escape VCs (Routing::
//             escape_vcs, tried by the deadlock engine for Duato's
//             condition); escape channels are whole VCs, so every row on a
//             marked VC must be marked.
// Lookup: the most specific key matching (in_port, in_vc) wins, in the order
// (in_port, in_vc), (in_port, any), (any, in_vc), (any, any); its rows are the
// hops.  In version 1, two rows with the same key are an error.
//
// Endpoints.  An endpoint with exactly one connected port that may send needs
// no rows: without one, it sends every packet out of that port on VC 0.  Rows
// for an endpoint (in_port absent or "local") override that rule.
//
// Checks at load time, each failure one InputError naming the file, the node
// and the destination: the version and format, unknown nodes, ports that do
// not exist, are not connected or cannot send, VCs out of range, duplicate
// rows, a row at a node for itself; then, following every destination's rows
// from every node that has a row for it (through every choice), a node a
// packet is forwarded to that has no row for the destination and a forwarding
// loop of one-choice entries (a loop through a choice is the engines'
// livelock question); then escape marks that cover part of a VC.  A pair whose
// source has no row (and no endpoint rule) is not routed: the engines report
// it as dropped, they do not refuse the table.
//
// The routing `table(file=PATH)`.  The entry's hops (one, or an adaptive
// entry's choices in the file's order), or none where the table routes no
// packet.  It reads no faults (FaultKnowledge::
// Local, with nothing asked): a hop over a failed link or into a failed node is
// the engine's Blocked, as for dor; tables are fixed, they do not react.  The
// packet state carries the port the packet entered by (word 0, port + 1; 0
// for a packet injected here) and the VC it arrived on (word 1): both are
// functions of the channel it occupies, so the state adds no configurations.
// A relative PATH resolves beside the claim file that names it; on the
// command line and in Python, in the working directory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/input_file.h"
#include "core/network.h"
#include "core/routing.h"
#include "models/routing_table_rows.h"

namespace menger {

// Reads and checks a table file for `net` (format chosen by extension: .csv
// or JSON) through read_input_file (core/input_file.h: no directory, device or
// file beyond the input limit; a byte-order mark is dropped).  JSON is parsed
// as a stream straight into rows, so memory grows with the rows, not with a
// document tree; a key written twice in one object and a key the format does
// not have are refused, as "# key:" lines given twice in CSV.  Throws one
// InputError naming the file, node and destination.
RoutingTable read_routing_table(const std::filesystem::path& file, const Network& net, const Budget& budget = Budget());
// The same from text; `name` stands for the file in messages.
RoutingTable parse_routing_table(const std::string& text, bool csv, const std::string& name, const Network& net,
                                 const Budget& budget = Budget());

// The routing that replays a checked table; `spec` is its canonical spec.
std::unique_ptr<Routing> make_table_routing(const Network& net, RoutingTable table, std::string spec);

// Writers; labels when the network's labels are unique, ids otherwise.
void write_routing_table_json(std::ostream& out, const RoutingTable& table, const Network& net);
void write_routing_table_csv(std::ostream& out, const RoutingTable& table, const Network& net);

}  // namespace menger
