// The lazy search's proof trees (route_proof.h's format) for one pair, built
// depth first by running the routing again: a second pass after the search
// has found no failure, so that the search itself is the same with or
// without a proof, and memory stays that of one branch (keeping every
// explored set's reads took 18 GB on the 1,024-node HDN).
//
// The tree of F (with H the units decided healthy above it) branches on the
// units of R(F) -- the healthy units the run under F read -- not yet decided,
// u1, u2, ... in order: u1 faulty leads to the tree of F + {u1}; u1 healthy
// to the branch on u2, and so on; when all are decided healthy, the run
// under F is the run of every fault set of the leaf (route_search.h's
// completeness argument: a set that avoids R(F) runs as F does).  Below k
// faults there is no branch: every undecided unit is healthy by the budget.
// Each F is reached by one path only (two paths part at some unit that one
// decides faulty and the other healthy), so the pass runs each set at most
// once, and only sets the lazy search ran: at most as many runs as the search.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "verify/fault_model.h"
#include "verify/route/route_outcome.h"

namespace menger {

// How the run under one fault set ended, and what it read.
struct TreeRun {
  enum class End : std::uint8_t { Delivered, Excused, Failed };
  End end = End::Delivered;
  std::vector<std::size_t> reads;  // R(F), sorted (Delivered only)
};
// Runs the pair under the sorted fault set F.
using TreeRunner = std::function<TreeRun(const std::vector<std::size_t>& f)>;

// The pair's tree in preorder tokens, and the runs it took; InternalError
// when a run fails (the search found no failure, so that is a contradiction).
std::vector<std::uint64_t> proof_tokens(const TreeRunner& run, const FaultModel& model, const RoutePair& pair,
                                        std::uint32_t k, std::uint64_t& runs);

}  // namespace menger
