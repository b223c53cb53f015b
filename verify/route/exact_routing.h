// Exact values of the routing experiment (reliability.h; 002 and 004 section
// 4) by enumeration, where the fault space is small enough: every set of m
// faulty units, and every ordered pair of distinct healthy terminals, weighted
// as a trial draws them (the fault set uniform among the C(units, m), then the
// pair uniform among that set's healthy pairs).  Per series of the
// RoutingExperiment: "pair connected" and each routing's success as exact
// probabilities, each path length as the exact mean over the successful runs
// (the weighted sum of their hops over the weighted count).
//
// Symmetry.  When every routing commutes with the topology's translations and
// the fault model is symmetric (translations.h), the run s -> d under F is the
// translate of the run t(s) -> t(d) under t(F), and F -> t(F) permutes the
// fault sets of size m keeping their healthy pair counts.  So the sum over
// sources s of an orbit equals the orbit's size times the sum for its root
// alone: only the roots' runs are made (a torus: 1 source instead of N).
//
// Sums: per fault set in integers, then weighted by 1 / pairs(F) in long
// double and added in lexicographic order of the fault sets, so the values
// are the same bits for any thread count.  These are what the sampler's
// intervals estimate: tests/test_exact_routing.cpp holds them to each other.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "verify/reliability/reliability.h"

namespace menger {

struct ExactRouting {
  std::vector<std::optional<double>> values;  // per series; none: nothing to measure (no successful run)
  std::uint64_t fault_sets = 0;
  std::uint64_t sources = 0;  // sources routed from: the terminals, or one per orbit with symmetry
  std::uint64_t runs = 0;     // routing runs made
};

// Symmetry::Ignore routes from every terminal (the brute-force reference).
enum class Symmetry { Use, Ignore };

// The runs enumeration costs at most: C(units, m) x sources x (terminals - 1) x routings
// (saturating at UINT64_MAX).
std::uint64_t exact_routing_cost(const RoutingExperiment& e, Symmetry symmetry = Symmetry::Use);

// Throws InputError when the cost is above `limit`, or when a fault set leaves
// fewer than two healthy terminals (as a trial would).
ExactRouting exact_routing(const RoutingExperiment& e, std::uint64_t limit, Symmetry symmetry = Symmetry::Use);

}  // namespace menger
