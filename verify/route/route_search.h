// Exhaustive routing search: does a routing deliver every required pair under
// every fault set of at most k units?  (DESIGN.md "Exhaustive routing search".)
//
// The lazy search.  For one pair (s, d), run the routing under F (starting
// with F = {}), collect R(F), the healthy units whose state the run read
// (route_run.h), and extend F only by units of R(F), up to |F| = k, level by
// level (all sets of size j before any of size j + 1), each set once.
//
// Completeness.  Claim: for every F* with |F*| <= k, the search explores some
// F with F subset of F* whose run is identical to the run under F* (same
// answers to every question, hence the same hops, outcome and trace).
// Proof: start with F = {} (explored).  Given an explored F subset of F*, if
// F* contains no unit of R(F), every question the run asked is answered the
// same under F* as under F: a unit of F is faulty in both; a healthy unit read
// is not in F*, so healthy in both; a budget-aware count answered without
// reading its region could not reach its threshold with |F*| - |F| <= k - |F|
// more faults, nor under F* (route_run.cpp); a count answered "true" stays
// true under more faults.  The runs are identical.  Otherwise pick u in
// F* intersected with R(F); F + {u} is a subset of F*, has size
// |F| + 1 <= |F*| <= k, and the search explores it (it extends every explored
// set that it does not stop at by every unit of R(F)).  Each step grows F, so
// this ends.  The search does not extend three kinds of set, none of which
// breaks the argument: sets containing a unit of s or d (the pair is then not
// required, nor under any superset); sets where the routing failed (the search
// ends at that level anyway, below); and, when disconnected pairs are
// excused, sets that cut s from d (every superset cuts them too).
// Consequence: a level-by-level search that sees no failure among explored
// sets of size < j has proved that no fault set of size < j defeats the
// routing, so the first failure it meets is a minimum-size counterexample.
//
// Cost: at most sum_j |R|^j / j! runs per pair instead of C(units, <= k).
//
// Pairs disconnected by the faults themselves (no fault-free path exists):
// every routing fails them.  By default they count as failures (a network cut
// defeats any routing, so the reference routing's tolerance is the
// connectivity); with `excuse_disconnected` they are counted and reported but
// not held against the routing, which is how routing papers state tolerance
// beyond the connectivity ("delivers between every connected pair").
//
// Symmetry: when the topology exposes translations and the routing commutes
// with them, only pairs whose source is the least node of its orbit are
// examined (every pair maps onto one of them by a translation).  Otherwise,
// when the routing declares that it commutes with every port-keeping
// automorphism (Routing::port_automorphism_invariant()), the group G of the
// fault model's port-keeping automorphisms is computed with nauty
// (verify/symmetry/automorphisms.h; every generator re-checked without nauty, and
// spot-checked against the routing on random runs, routing_symmetry_check.h):
// pairs (s, d) are examined for s the least node of its G-orbit and d the
// least of its orbit under the stabiliser G_s.  Sound: any pair (s', d') is
// (g s, g h d) for such a pair (s, d), g in G, h in G_s, and the routing maps
// every run of (s, d) under F onto the run of (s', d') under g h F, so a
// failure, its size and its trace correspond.
//
// Counts.  runs are the routing runs executed (of the pairs examined);
// failures and disconnected count explored (F, pair) cases over every required
// pair: a representative's count times its weight (RoutePair::weight).
// Exact: the routing maps every run of (s, d) under F onto the run of
// g(s, d) under gF, so isomorphic pairs have the same counts; and summing a
// source's representatives, each weighted by |orbit of s| (times the
// stabiliser orbit of d for the automorphisms), sums every pair whose source
// lies in that orbit once, since for each such source s' an element taking s'
// to s maps its destinations one to one onto those of s.
//
// Symbolic: with `symbolic`, each examined pair is searched by the symbolic
// search of symbolic_search.h instead (one run per leaf of the tree of the
// runs' open answers), which finds the same least failing size; per-level
// counts are then runs by the number of faults a leaf fixed, failures by
// their least size.  Pairs, symmetry, chunks, budgets and checkpoints are
// shared with the lazy search.  Every pair is searched to k, whatever an
// earlier chunk failed at (a pair lowers its budget at its own failures), so
// a chunk's record is one thing whichever chunks were known when it ran, and
// the processes' merge below has nothing to cut.
//
// Checkpoints: with `checkpoint`, every chunk that settles is appended to the
// file, and a run of the same question resumes after the last one recorded
// (route_checkpoint.h); the answer is the one an uninterrupted run gives.
// A record is a cache, not an authority (issue 36): each is checked against
// the plan (its counts fit its chunk's pairs and the levels searched, its
// failure names one of its pairs at a size <= k), every failure a record
// claims is re-run and must fail as recorded, and the result's
// coverage.resumed says how many chunks came from the file and that their
// deliveries were taken on trust; with `recheck_resumed` each chunk is
// searched again and compared with its record instead.  A chunk searched by
// another process (farm) is checked the same way before it is merged.
//
// Determinism: pairs are processed in chunks, in order; inside a chunk, level
// by level, pairs in parallel (TBB) with results merged by pair index.  After
// a failure at level m, later chunks search only levels below m (a failure of
// the same size in a later chunk would lose the tie-break on pair index).  The
// answer and every count are therefore the same for any thread count.
//
// Processes (`farm`, mpirun): the chunks are handed out one at a time, each
// with the least failure level among the results that have come back (a
// chunk handed out later has a larger index, so every such failure is from
// an earlier chunk); the coordinator merges them in chunk order.  Exact: a
// chunk's search depends only on `last`, the top level it may search, and
// searched with last' >= last it agrees with the search to `last` on every
// level <= last, up to its first failing level m' (if m' <= last the two
// are the same search; otherwise the one to `last` has no failure and its
// counts are the levels <= last of the other).  The hand-out's last' is at
// least the sequential `last`: the sequential failure level before chunk c is
// the least first failing level m_a over chunks a < c, each m_a taken from a
// search with any last'_a >= last_a (a failure above last_a lies at or above
// the failure level before a, so it lowers nothing).  The merge cuts each
// result down to the sequential `last` and so adds exactly the sequential
// counts.  --budget is refused there: the processes share no clock to stop
// at one point.
//
// Proofs (`prove`, issue 38): once the search has ended, a second pass builds
// each examined pair's decision tree over the fault sets (proof_tree.h, or
// for the symbolic search SymbolicPairSearch::prove) up to
// what the search settled -- k, or m - 1 below a least failure of m -- and
// writes it with the generators the pairs were chosen by (route_proof.h), so
// that verify/check/route_proof_check.h can re-check the completeness argument
// above step by step without this code.  The pass runs the chunks in order
// here, or spread over the farm; the trees do not depend on either.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/coverage.h"
#include "core/progress.h"
#include "core/json_io.h"
#include "core/formula.h"
#include "core/routing.h"
#include "core/shard_farm.h"
#include "verify/fault_model.h"
#include "verify/route/route_outcome.h"
#include "verify/route/route_proof.h"
#include "question/route_check_question.h"
#include "verify/route/route_run.h"

namespace menger {

struct RouteCheckOptions {
  std::uint32_t k = 1;                      // largest fault set size examined
  std::optional<std::string> path_bound;    // formula; variables: the topology's, plus
                                            // `faults` (|F|) and `distance` (fault-free s-d distance)
  RunLimits limits;                         // hop limit (fault_budget is set from k)
  bool symmetry = true;                     // use translations when both sides allow
  bool excuse_disconnected = false;         // see the header comment
  Budget budget;                            // the question's; UNKNOWN with the coverage when it runs out
  std::size_t chunk_pairs = RouteCheckQuestion{}.chunk_pairs;  // pairs per deterministic chunk
  bool naive = false;                       // baseline: enumerate every fault set blindly
  bool settle_all = false;                  // do not stop at the first failing level: search every
                                            // level to k, extending failing sets too, so that the
                                            // counts cover every fault set of size <= k
  std::string checkpoint;                   // file of settled chunks (route_checkpoint.h); "" none
  bool recheck_resumed = false;             // re-run every chunk the checkpoint holds and refuse the file
                                            // at the first record that differs (nothing taken on trust)
  bool symbolic = false;                    // each pair by the symbolic search (symbolic_search.h):
                                            // counts as constraints, paths as one question
  std::size_t list_failures = 0;            // keep the failing fault sets of the least failing size with the
                                            // pairs each breaks, the first this many in unit order (0: none);
                                            // every pair is examined (no symmetry reduction), every chunk
                                            // searches that level too; lazy or naive search, no checkpoint, no farm
  const ShardFarm* farm = nullptr;          // spread the chunks over processes (mpirun); see below
  bool prove = false;                       // after the search, build each examined pair's decision tree
                                            // (route_proof.h) up to k faults, or up to m - 1 when the least
                                            // failure has m, by a second pass over every pair (resumed chunks
                                            // too: their trees are built afresh); lazy search only.  Under a
                                            // farm every process takes part in the pass.
  RouteProofWriter* proof = nullptr;        // with prove, where the trees go (the coordinator's; null on the
                                            // other processes).  Abandoned when there is nothing to prove or
                                            // the budget runs out; otherwise the caller finishes it.
  Progress progress;  // after each merged chunk: pairs settled of pairs examined
};

// A fault set of the least failing size and the required pairs it breaks
// (RouteCheckOptions::list_failures), pairs in the examined order.
struct FailingSet {
  std::vector<std::size_t> units;  // sorted
  std::vector<RoutePair> pairs;
};

struct RouteCheckResult {
  enum class Status { Holds, Fails, Unknown };
  Status status = Status::Holds;
  std::optional<RouteFailure> failure;  // a minimum-size one when `minimum_proved`
  bool minimum_proved = true;
  std::vector<RouteLevelStats> levels;  // index = fault set size
  std::uint64_t pairs_total = 0;        // required pairs of the fault-free network
  std::uint64_t pairs_examined = 0;     // after symmetry reduction
  std::uint64_t pairs_settled = 0;      // fully searched (to k, or to the failure level)
  bool symmetry_used = false;
  std::string symmetry;                 // "translations", "port automorphisms (order N)", "" none
  std::string engine = "lazy";          // "lazy", "symbolic" or "naive"
  double naive_runs = 0;                // C(units, <= k) x pairs_total
  Coverage coverage;                    // unit "pairs": settled of examined, and in words what that proves
  double seconds = 0;
  std::vector<FailingSet> failing_sets;   // with list_failures: the first sets, in unit order
  std::uint64_t failing_sets_found = 0;   // with list_failures: every set of the least failing size that
                                          // breaks some pair
  std::uint64_t runs() const;
  std::uint64_t disconnected() const;  // explored cases the faults disconnected, all sizes
};

// The one JSON view of a RouteCheckResult, used by `menger route-check --json`
// (which adds the question: model, routing, faults, k, ...) and by the
// `route-tolerance` claim kind's details (under "result"); documented by
// schemas/route-check.schema.json ($defs/result).  Fields:
//   verdict         "HOLDS" | "FAILS" | "UNKNOWN"
//   minimum_proved  the failure found is of least size
//   coverage        core/coverage.h's view (unit "pairs")
//   search          runs, naive_runs, pairs, pairs_examined, pairs_settled,
//                   symmetry (bool), engine, disconnected (sum over levels),
//                   levels [{runs, failures, disconnected}] by fault set size,
//                   and seconds with Timings::Include
// The failure itself is not here: route_witness.h's RouteWitness names it
// (labels, trace), and the caller adds it where it has one.
nlohmann::json to_json(const RouteCheckResult& r, Timings timings = Timings::Omit);
std::string to_string(RouteCheckResult::Status s);  // "HOLDS", "FAILS", "UNKNOWN"

// Searches; throws InputError on a bad path-bound formula.
RouteCheckResult route_check(const Routing& routing, const FaultModel& model, const RouteCheckOptions& opt);

// The required pairs of the fault-free network, in (s, d) order.
std::vector<RoutePair> required_pairs(const FaultModel& model, const Budget& budget = Budget());

// Testing aid: every explored (F, pair) of the lazy search with its run,
// extending failing sets too (no stop), for comparison against brute force.
struct ExploredRun {
  std::vector<std::size_t> faults;  // sorted units
  RoutePair pair;
  RunResult run;
};
std::vector<ExploredRun> explore_all(const Routing& routing, const FaultModel& model, const RoutePair& pair,
                                     std::uint32_t k);

}  // namespace menger
