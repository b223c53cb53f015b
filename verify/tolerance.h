// Exact fault tolerance of a topology by max-flow / min-cut (DESIGN.md,
// "Connectivity / topology fault tolerance").
//
// Finds the least weight c of a set of fault units whose failure disconnects a
// required pair, with such a set and the pair as witness; the network then
// tolerates every fault set of weight < c (c - 1 faults of unit weight).  The
// pairs come from plan_pairs (pair_plan.h); each pair's flow stops at the best
// cut found so far.  Pairs run in parallel (TBB), yet the answer, the witness
// (the first pair in plan order with the least cut) and the certificate are
// the same for any thread count: a pair earlier in the plan than the current
// witness is searched one unit further, so ties resolve to plan order.
//
// Certificate (Menger's theorem): for every planned pair, c paths disjoint in
// fault units, or one path through units that cannot fail.  With the plan's
// reduction this proves that no fault set of weight < c disconnects any
// required pair; verify/certificate_check.h re-validates it without this code.
//
// Symmetry: with `symmetry`, the pivot methods search one pair per orbit of
// the pivot's stabiliser (pair_plan.h); the certificate carries its generators.
//
// Budget: a deadline checked between pairs; when it passes the result is
// incomplete, with the pairs covered and the best (upper bound) cut so far.
#pragma once

#include <chrono>
#include <optional>

#include "verify/certificate.h"
#include "verify/fault_model.h"
#include "verify/pair_plan.h"

namespace menger {

struct ToleranceOptions {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  bool certificate = true;
  bool symmetry = true;  // reduce pairs by the pivot's stabiliser (pair_plan.h)
};

struct ToleranceResult {
  bool complete = false;
  std::uint64_t pairs_total = 0, pairs_done = 0;
  std::string method;               // the pair plan
  std::string symmetry_order;       // order of the stabiliser used ("" none)
  std::uint64_t flow_calls = 0;
  // Least weight of a breaking set; nullopt: no fault set disconnects any
  // required pair (or there is no required pair).
  std::optional<std::uint64_t> min_cut;
  std::vector<std::size_t> breaking_set;  // units of one least breaking set
  NodeId source = kNoNode, target = kNoNode;  // the pair it separates
  std::optional<ToleranceCertificate> certificate;
};

// Throws InputError if the fault model is not flow-expressible (use the SMT engine).
ToleranceResult flow_tolerance(const FaultModel& model, const ToleranceOptions& opts = {});

}  // namespace menger
