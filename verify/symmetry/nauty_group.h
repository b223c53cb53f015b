// A thin wrapper over nauty (B. D. McKay and A. Piperno, "Practical graph
// isomorphism, II", J. Symbolic Computation 60, 2014; Debian libnauty2-dev):
// generators and order of the automorphism group of a vertex-coloured simple
// graph.  Only this file's .cpp includes nauty's C headers, whose macros
// (TRUE, FALSE, ALLOCS, ...) must not leak into the rest of the tree.
//
// Nothing here is trusted: callers re-check every generator with code that
// does not call nauty (verify/check/automorphism_check.h) before relying on it.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/budget.h"

namespace menger {

// An undirected simple graph on vertices 0..n-1 whose automorphisms must
// preserve `colour` (equal colours form one cell of nauty's partition).
struct ColouredGraph {
  std::uint32_t n = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;  // no loops, no repeats
  std::vector<std::uint64_t> colour;                           // one per vertex
};

struct GraphGroup {
  std::vector<std::vector<std::uint32_t>> generators;  // permutations of 0..n-1
  // |Aut| = mantissa * 10^exponent, as nauty reports it (exact while it fits a double).
  double order_mantissa = 1;
  int order_exponent = 0;
  std::vector<std::uint32_t> orbits;  // least vertex of each vertex's orbit
  std::string order_text() const;     // "4096" or "3.6288e6"
};

// Throws InputError for a malformed graph (vertex out of range, loop,
// repeated edge, colour count not n).  Deterministic: the same graph gives the
// same generators.
GraphGroup nauty_automorphisms(const ColouredGraph& g, const Budget& budget = Budget());

// What nauty_automorphisms does under a budget with a deadline, and on a
// graph of 65,536 vertices or more: nauty in a child process, killed
// (BudgetExhausted) when the budget's deadline passes, its memory limit is
// reached (the child's memory counted with this process's) or it is cancelled.
// Exposed so that tests can reach the kill path without a race.
GraphGroup nauty_automorphisms_in_child(const ColouredGraph& g, const Budget& budget);

}  // namespace menger
