// Deadlock freedom under faults: the verdict of deadlock.h for every fault set
// of at most k units, searched lazily, level by level, in shards that a
// checkpoint records and that MPI ranks share (issue 20, "Beyond one machine").
//
// The lazy search (DESIGN.md "Exhaustive routing search"; route_search.h).  A
// set is extended only by the healthy units some analysis of it read (the
// routing's fault questions and the hops the packets took).  Completeness: if
// F* holds no unit read under F subset of F*, every packet of F* is routed as
// under F, so the graph of F* is the graph of F minus the packets of failed
// endpoints; whatever proved F free (an order, an escape set) proves F* free.
// Levels are searched in order, so the first set that is not FREE is a least one.
//
// Symmetry (`symmetry`, the default): when the topology exposes translations,
// the routing declares that it commutes with them (Routing::
// translation_invariant(); each generator is also spot-checked on random runs,
// routing_symmetry_check.h) and the fault model is symmetric, every set a level
// would add is replaced by its least image under the translations.  Sound: the
// translation t maps every packet of F onto a packet of t(F) with the same
// ports, VCs and bubble marks, so the dependency graphs of F and t(F) are
// isomorphic and their verdicts equal; and in the completeness argument above a
// failing F* containing F that extends F by a read unit u contains the set
// F + u, whose image t(F + u) the search keeps and which t(F*) contains, itself
// failing.  A least failing set is therefore still found, at the same size
// (possibly another of its orbit, or another orbit's set of that size).
// Where no translations apply and the routing declares that it commutes with
// every port-keeping automorphism (Routing::port_automorphism_invariant(),
// keeping the colours it names), the group G of the fault model's
// port-keeping automorphisms (nauty, every generator re-checked without it and
// spot-checked against the routing) is closed into its elements, as
// permutations of the fault units, and each set is replaced by its least
// image over G: the same argument, with g in G for t (g keeps ports, and the
// routing maps every run under F onto the run under gF, VCs and bubble marks
// included).  A group too large to list (|G| x units > 2^24), or units that
// are not single nodes or links, get no reduction.
//
// Shards.  Level j's sets, sorted, are cut into chunks of `chunk_sets`; the
// shards are the chunks of level 0, then of level 1, and so on.  A chunk's
// result lists, in order, the units each set's analysis read, up to the first
// set that is not FREE (where the search stops).  Chunks are merged in order:
// the first set that is not FREE in level order is the one the sequential
// search stops at, and the next level is the sorted union of every FREE set
// extended by each unit it read (a set, so the order the chunks arrived in
// cannot matter).  Inside this process a chunk's sets are analysed in
// parallel (TBB) and only the prefix up to its first failure counts, so the
// answer and every count are the same for any thread count.
//
// Processes (`farm`, mpirun): each level is one farm job whose contexts are
// the chunks' sets; the coordinator merges in chunk order and then tells every
// process whether another level follows (ShardFarm::agree).  The answer is the
// sequential one for any number of processes.  --budget is refused there: the
// processes share no clock to stop at one point.
//
// Checkpoints (`checkpoint`): each merged chunk is appended as a record of the
// shard checkpoint (core/shard_checkpoint.h): its level, its first set's
// index, and what its sets read (or where it failed).  A resumed run rebuilds
// every level from the records, checking that each names the chunk the run
// expects, and goes on from the first chunk not recorded; its answer is the
// uninterrupted run's.  The evidence (the fault-free analysis for FREE, the
// failing set's for the rest) is recomputed at the end: analyses are
// deterministic; a recorded failing set that turns out FREE is refused as
// damage.  Each record is checked against the plan (its level and first set,
// reads of healthy units, one per set before its failure).  The rest is taken
// on trust, and the result's coverage.resumed says so (issue 36: a checkpoint
// is a cache, not an authority); with `recheck_resumed` every recorded shard
// is analysed again and compared with its record instead.
//
// Proofs (`prove`, deadlock_proof.h; docs/proofs.md): every FREE set's
// certificate is made where it is analysed and written, with the units its
// analysis read, in level order by the coordinator; a level is kept only once
// it is all FREE.  verify/check/deadlock_proof_check.h re-checks the argument
// above without this code: each certificate under a view that refuses what
// its set and reads do not decide, and the cover of every set of <= k units
// by extensions up to the generators.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/coverage.h"
#include "core/progress.h"
#include "core/json_io.h"
#include "core/shard_farm.h"
#include "verify/deadlock/deadlock.h"
#include "verify/deadlock/deadlock_proof.h"

namespace menger {

struct DeadlockSearchOptions {
  std::uint32_t k = 0;                 // largest fault set examined
  std::vector<bool> escape_vcs;        // as DeadlockOptions::escape_vcs
  std::optional<SwitchingModel> switching;  // as DeadlockOptions::switching
  std::uint64_t case_budget = DeadlockOptions{}.case_budget;  // as DeadlockOptions::case_budget
  Budget budget;  // the question's; UNKNOWN with the coverage when it runs out
  bool symmetry = true;                // fault sets up to translation or automorphism (above)
  bool translations = true;            // false: skip the translations, so that the port-keeping group is
                                       // used where the routing allows (tests compare the two)
  std::size_t chunk_sets = DeadlockQuestion{}.chunk_sets;  // fault sets per shard
  std::string checkpoint;              // file of settled shards; "" none
  bool recheck_resumed = false;        // analyse again every shard the checkpoint holds, refusing the file
                                       // at the first record that differs (nothing taken on trust)
  const ShardFarm* farm = nullptr;     // spread the shards over processes (mpirun)
  Progress progress;  // after each merged shard (the coordinator only)
  // Proofs (deadlock_proof.h): every process makes each FREE set's
  // certificate; the coordinator writes them to `proof`, level by level
  // (level_done once a level is all FREE).  The caller finishes the proof.
  // With a checkpoint, the shards it holds are analysed again (as with
  // recheck_resumed): their certificates are not kept in it.
  bool prove = false;
  DeadlockProofWriter* proof = nullptr;  // the coordinator's, when prove
};

struct DeadlockSearchResult {
  std::optional<FaultSet> failing;     // least fault set whose verdict is not FREE
  std::optional<DeadlockResult> failing_result;
  std::optional<DeadlockResult> fault_free;  // the analysis without faults, when FREE
  std::uint64_t analyses = 0;          // fault sets analysed (up to the failing one, in level order)
  std::vector<std::uint64_t> per_level;
  bool complete = true;                // false: the budget ran out
  Coverage coverage;                   // unit "fault sets"; total unknown (levels grow as they go)
  std::string symmetry;                // how sets were reduced ("" when they were not)
  double seconds = 0;
};

// Throws InputError on escape VCs that do not fit, a checkpoint of another
// question or a damaged one, and a budget under a farm (mpirun).
// Under a farm every process calls it; only the coordinator's result is whole.
DeadlockSearchResult search_deadlock_faults(const Routing& routing, const FaultModel& model,
                                            const DeadlockSearchOptions& opt);

// The one JSON view of a DeadlockSearchResult (the search over fault sets; k = 0
// is one analysis), used by `menger deadlock --json` (which adds the question
// and the evidence) and by the `deadlock-free` claim kind's details (under
// "result").  Documented by schemas/deadlock.schema.json ($defs/result):
//   verdict              "FREE" | "DEADLOCK" | "UNKNOWN" (UNKNOWN too when the budget ran out)
//   fault_sets_analysed, symmetry, coverage    the search over fault sets
//   fault_set            the least fault set whose verdict is not FREE ("{}" when none)
//   method, reason, packets, configurations, dependencies, acyclic,
//   destinations_explored, bubble_rings, escape_attempts, switching, exact_cases
//                        the analysis shown: the failing set's, else the fault-free one
//                        (null, or "" for the words, when the budget stopped it before any)
//   seconds, graph_seconds, check_seconds      with Timings::Include only
nlohmann::json to_json(const DeadlockSearchResult& s, const FaultModel& model, Timings timings = Timings::Omit);
std::string to_string(DeadlockResult::Status s);  // "FREE", "DEADLOCK", "UNKNOWN"

// The same with default shards, no checkpoint and no farm.
DeadlockSearchResult search_deadlock_faults(const Routing& routing, const FaultModel& model, std::uint32_t k,
                                            const std::vector<bool>& escape_vcs,
                                            const Budget& budget, bool symmetry = true);

}  // namespace menger
