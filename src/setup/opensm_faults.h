// The subnet manager in the loop (issue 41): for every set of at most k failed
// links (between switches) or switches of an InfiniBand fabric, OpenSM itself
// routes the fabric again (src/io/opensm_session.h: ibsim simulates the fabric
// without the failed units, OpenSM sweeps it with the engine asked for, the SA
// gives the path SLs), and Menger's credit-loop check (setup/credit_loops.h:
// the deadlock engine's Dally-Seitz check over (link, VL) buffers, its
// evidence re-checked) reads the tables OpenSM wrote.
//
// HOLDS: after every such failure the tables have no credit loop and route
// every adapter pair the subnet manager still reaches.  FAILS: some set's
// tables have a credit loop, leave a reachable pair unrouted, or the engine
// cannot route the fabric at all (OpenSM would fall back to minhop, with
// no_fallback it does not); every failing set is reported, the least first,
// with its loop.  UNKNOWN: the budget ran out or OpenSM did not come up for
// some set (how many sets were examined is said).  Adapters a failure
// disconnects from the subnet manager cannot be routed by any engine: they
// are reported per set, never counted against the engine.
//
// Order and LIDs: the fault-free fabric is routed first; its LIDs
// (OpenSM's guid2lid) are kept for every fault set, as a running subnet
// manager keeps them (opensm_session.h).  The other sets run `jobs` at a
// time; the outcome is listed in set order (by size, then by the units'
// indices: links in the order the net file first lists them, then switches in
// file order), so the output does not depend on the jobs.
//
// Symmetry is not used: OpenSM's tables depend on GUIDs and on the LIDs it
// hands out in discovery order, which an automorphism of the cabling does not
// keep, so two fault sets in one orbit can be routed differently.  Every set
// is run.
//
// The work directory (question field `workdir`) keeps each set's files in
// set-N/ and question.json naming the question; a run given a directory
// that holds an earlier run of the same question takes each finished set's
// tables from it instead of running OpenSM again: the set's fabric.net is
// compared with the one this set needs, the tables are read and checked for
// credit loops afresh, and only "OpenSM wrote these tables" is taken on trust
// (the coverage says so).  A directory of another question is refused.
// Without one, the run uses <temp>/menger-opensm-faults/<digest of the
// question>, emptied first and removed at the end unless a set failed (its
// tables are the witness's) or the run was cut short: a name that depends on
// the question only, so that the output is the same bytes run after run.
//
// Under MPI (Context::farm, mpirun -n R) the sets are shards: rank 0 routes
// the fault-free set, then every rank routes sets one at a time, in the
// coordinator's work directory when it sees it (one machine, or a shared
// file system) and in a temporary one of its own otherwise (kept: its path
// is in the outcome).  Rank 0 re-reads and re-checks each other rank's tables
// when they are on its machine; outcomes it cannot re-read are counted in the
// coverage as taken on trust.  --budget is refused under mpirun, as the
// other verbs refuse it.
#pragma once

#include <filesystem>

#include "question/opensm_faults_question.h"
#include "setup/answer.h"

namespace menger {

// `base_dir`: where relative roots / torus_config names resolve (a claim
// file's directory; empty: the working directory).  The Answer's evidence is
// the least failing set's credit loop (a deadlock witness over that set's
// tables, which stay in the work directory), re-checked as credit-loops
// re-checks it.
Answer answer_opensm_faults(const std::filesystem::path& net_file, const OpensmFaultsQuestion& q, const Context& ctx,
                            const std::filesystem::path& base_dir = {});

}  // namespace menger
