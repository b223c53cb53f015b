// menger export --routing R --format table|table-csv: a deterministic routing
// written as a routing table (format: models/routing_table.h).
//
// Method: run the routing on the fault-free network for every pair the
// network's default fault model requires (all terminal pairs; inputs to
// outputs on a network of directed links), hop by hop, and record for every
// place a packet reaches (node, destination, input port, input VC) the one hop
// the routing takes there.  Then each (node, destination) gets the fewest rows
// the lookup rule needs: one row when every place agrees, else rows by input
// port, by input VC, or by both.  An endpoint whose hop is the endpoint rule
// (its one sending port, VC 0) gets no row.
//
// Refusals (InputError): a routing that offers several hops somewhere
// (adaptive: a table holds one hop per row), one whose hop at a place depends
// on more than the input port and VC (its packet state carries, say, the
// source), one that sends a packet round a loop on the fault-free network,
// and one that drops a packet after its first hop (a table cannot say "drop
// here" at a node a row sent the packet to; a pair dropped at its source is
// simply not routed, and its source gets no row).
// A routing that reads faults is tabulated as it behaves without faults;
// `reads_faults` says so (the table will not react to faults: it is dropped
// where the original might detour).
//
// Cost: one walk per pair, O(pairs x path length) routing calls.
#pragma once

#include "core/routing.h"
#include "models/routing_table.h"

namespace menger {

struct TabulatedRouting {
  RoutingTable table;
  bool reads_faults = false;  // the routing asked the FaultView something
  std::uint64_t pairs = 0, places = 0;
};

TabulatedRouting tabulate_routing(const Routing& routing, const Network& net);

}  // namespace menger
