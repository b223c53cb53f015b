// The independent checker of route-check proofs (route_proof.h's format;
// `menger check-proof`, and every front end that writes a proof).  It
// includes no search code: it rebuilds the network, fault model and routing
// from the proof's question, and checks, step by step, the completeness
// argument of verify/route/route_search.h:
//
//   1. The tree of every proven pair covers every fault set of at most k
//      units that spares the pair's ends: it is a well-formed binary decision
//      tree (each unit branch decides a unit not yet decided, each count
//      branch names a region of the pair's table; both sides are present;
//      below more than k faulty units only an Infeasible leaf stands; nothing
//      follows the root's last leaf), so each such set reaches exactly one
//      leaf.
//   2. Each leaf is justified for every fault set it stands for:
//        Delivered   the routing is re-run under a view that answers only what
//                    the leaf's facts decide (leaf_fault_view.h); a question
//                    they do not decide refuses the proof.  The run must
//                    deliver within the hop limit and within the path bound at
//                    the least fault count the leaf's sets can have (|P|, or
//                    more when its count facts ask for more:
//                    count_feasibility.h).
//        Excused     the question excuses disconnected pairs, and P cuts s
//                    from d (this checker's own breadth-first search).
//        Infeasible  no fault set meets the leaf's facts (count_feasibility.h,
//                    this checker's own search).
//   3. The pairs: every proven pair is a required pair, proven once; the
//      generators are automorphisms of the fault model that keep ports and the
//      routing's colours (automorphism_check.h, this folder), of the kind the
//      routing declares it commutes with (the topology's translations, or
//      every port automorphism); and the orbits of ordered pairs under them
//      carry the proven pairs onto every required pair.
//   4. The routing's declared commutation, on the runs replayed: each
//      Delivered leaf is also replayed mapped through one generator (in turn),
//      and must give the image of the first run.  The declaration is taken on
//      trust beyond those runs; the summary says so.
//   5. The file: the header's digest is its question's, every shard carries
//      it, shards come in increasing order, and the trailer's counts are what
//      was read; the files the model and routing were read from still have the
//      recorded digests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "verify/spec_resolver.h"

namespace menger {

struct RouteProofReport {
  bool valid = false;
  std::vector<std::string> problems;  // the first few reasons it is not valid
  std::string summary;                // what was checked, and what was taken on trust
  std::uint64_t pairs = 0, leaves = 0, runs = 0, commutation_runs = 0, required_pairs = 0;
  std::string verdict_question;       // the question in words ("torus(4,4) dor k=1 ...")
};

// Checks the proof at `path`.  A malformed file or a question that cannot be
// rebuilt is a problem (invalid), not an exception; an unreadable file too.
// Throws BudgetExhausted when specs.budget runs out (neither valid nor not).
RouteProofReport check_route_proof(const std::string& path, const SpecResolver& specs);

}  // namespace menger
