// menger export --routing R --format table|table-csv: a routing written as a
// routing table (format: models/routing_table.h).
//
// Method: run the routing on the fault-free network for every pair the
// network's default fault model requires (all terminal pairs; inputs to
// outputs on a network of directed links), through every hop it offers, and
// record for every place a packet reaches (node, destination, input port,
// input VC) the hops the routing offers there: one for a deterministic
// routing, the choices of an adaptive one (version 2 rows, one per choice).
// Then each (node, destination) gets the fewest rows the lookup rule needs:
// one entry when every place agrees, else entries by input port, by input VC,
// or by both.  An endpoint whose hop is the endpoint rule (its one sending
// port, VC 0) gets no row.  Escape marks are not written: a routing declares
// no escape VCs here (the deadlock engine searches them, as for the routing).
//
// Refusals (InputError): a routing whose hops at a place depend on more than
// the input port and VC (its packet state carries, say, the source), a
// deterministic routing that sends a packet round a loop on the fault-free
// network (so does a table whose deterministic entries loop, checked on the
// result), and one that drops a packet after its first hop (a table cannot
// say "drop here" at a node a row sent the packet to; a pair dropped at its
// source is simply not routed, and its source gets no row).
// A routing that reads faults is tabulated as it behaves without faults;
// `reads_faults` says so (the table will not react to faults: it is dropped
// where the original might detour).
//
// Cost: O(configurations reached per pair) routing calls; one walk per pair
// for a deterministic routing.  The budget (time, memory, Ctrl-C) is checked
// every 4,096 configurations: BudgetExhausted, no table written.
#pragma once

#include "core/budget.h"
#include "core/routing.h"
#include "models/routing_table.h"

namespace menger {

struct TabulatedRouting {
  RoutingTable table;
  bool reads_faults = false;  // the routing asked the FaultView something
  std::uint64_t pairs = 0, places = 0;
};

TabulatedRouting tabulate_routing(const Routing& routing, const Network& net, const Budget& budget = Budget());

}  // namespace menger
