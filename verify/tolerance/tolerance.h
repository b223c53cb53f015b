// Exact fault tolerance of a topology by max-flow / min-cut (DESIGN.md,
// "Connectivity / topology fault tolerance").
//
// Finds the least weight c of a set of fault units whose failure disconnects a
// required pair, with such a set and the pair as witness; the network then
// tolerates every fault set of weight < c (c - 1 faults of unit weight).  The
// pairs come from plan_pairs (pair_plan.h); each pair's flow stops at a bound,
// the least cut found before it (below).  The witness is the first pair in
// plan order with the least cut.
//
// Certificate (Menger's theorem): for every planned pair, c paths disjoint in
// fault units, or one path through units that cannot fail.  With the plan's
// reduction this proves that no fault set of weight < c disconnects any
// required pair; verify/check/certificate_check.h re-validates it without this code.
//
// Symmetry: with `symmetry`, the pivot methods search one pair per orbit of
// the pivot's stabiliser (pair_plan.h); the certificate carries its generators.
//
// Shards (issue 20, "Beyond one machine").  The run's items are the planned
// pairs, then the plan's fan targets (each settled by the fan lemma or by a
// flow from the pivot, once every planned pair is settled, since the lemma
// needs their least cut).  Each of the two lists is cut into blocks of
// `chunk_pairs` items in plan order; a block is a shard, numbered planned
// pairs first.  Blocks settle in rounds, per list: blocks 0 | 1 | 2-3 | 4-7 |
// 8-15 | ...  Every pair of a round is searched with one bound, the least cut
// merged from the rounds before (none in the first), and the results merge in
// block order: a block's least cut (its earliest pair with the least value
// below the bound, with that pair's minimum cut) replaces the merged one only
// when strictly smaller.  In one process a round's blocks are taken in order
// by as many workers as TBB has threads (each block's pairs in parallel too),
// and a block merges as soon as every block before it has, so a checkpoint
// grows block by block.
//
// Exact.  A flow stopped at a bound above the max flow is the max flow, so a
// pair whose cut is below its round's bound gets its exact value and its
// minimum cut whatever the bound was; a pair whose cut is not below the bound
// cannot beat the cut an earlier pair achieved before its round, and loses a
// tie to it.  So the merged least cut is the least over every pair, the
// witness is the first pair in plan order with it, and its units are the
// minimum cut of its unstopped flow.  Every pair's flow (stopped at >= its
// bound >= c, or exact >= c) is kept for the certificate up to just c.
//
// Determinism.  A flow stopped at a bound is the prefix of the augmentations
// that first reaches it, so its paths depend on the bound; a bound shared
// live between parallel pairs made the certificate depend on timing.  Within a
// round the bound is fixed, so a block's result is a function of the block
// and the merged state before its round alone: not of the thread count, of
// which pair or block finished first, of the process that searched it, or of
// a restart.  The answer, the witness and the certificate (and a checkpoint's
// bytes) are the same for any thread count, any number of processes, and
// after any resume.  The rounds keep most of the pruning (the bound is renewed
// after blocks 1, 2, 4, 8, ...) and give processes whole rounds of
// independent blocks to share.
//
// Processes (`farm`, mpirun): each round is one ShardJob.  Its blocks are
// handed out with the round's bound (and the fan lemma's cut) as context,
// searched by any process, and merged in block order by the coordinator,
// which then tells the others (ShardFarm::agree) whether the next round
// follows.  The merged result, the checkpoint and the output exist on the
// coordinator only; elsewhere the result is empty and incomplete.  A deadline
// is refused under a farm (the processes share no clock to stop at one point).
//
// Checkpoint (`checkpoint`): every merged block is appended to the file as one
// record of core/shard_checkpoint.h: the bound and fan-lemma cut it was
// searched with; per item its flow's value ("stopped at the bound", exact, or
// unbreakable) or "settled by the fan lemma", and with certificates its paths
// trimmed to the bound; and the block's least cut with its units.  A resumed
// run re-derives each round's bound from the records before it, refuses a
// record searched with another, and merges the recorded blocks instead of
// searching them: the same merge, so the same output.  The header's question
// names the model, the fault model (units, pairs, a digest of the weights),
// the engine, symmetry on or off, certificates on or off, chunk_pairs and the
// tool version (the plan follows from these).  A record is a cache, not an
// authority (issue 36): its shape and bound are checked against the plan, the
// least cut it names is re-checked as a cut (its units weigh that much and
// their failure separates its pair), and with certificates every pair's
// paths are re-validated with the rest of the certificate; without them the
// recorded flow values are taken on trust, which the result's
// coverage.resumed says.  With `recheck_resumed` every recorded block is
// searched again and compared with its record instead.  A block searched by
// another process is checked the same way before it is merged.
//
// Budget: a deadline checked between pairs; a block it interrupts is dropped,
// so the result covers the blocks merged (a prefix, core/coverage.h), with the
// least cut among them as an upper bound.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "core/coverage.h"
#include "core/progress.h"
#include "core/shard_farm.h"
#include "verify/tolerance/certificate.h"
#include "verify/fault_model.h"
#include "verify/route/pair_plan.h"

namespace menger {

struct ToleranceOptions {
  Budget budget;      // the question's: UNKNOWN with the coverage when it runs out
  Progress progress;  // after each merged block (blocks settled of blocks)
  bool certificate = true;
  bool symmetry = true;  // reduce pairs by the pivot's stabiliser (pair_plan.h)
  std::size_t chunk_pairs = 64;     // items per block (the shard, and the checkpoint's record); >= 1
  std::string checkpoint;           // file of merged blocks ("" none); see the header
  bool recheck_resumed = false;     // search again every block the file holds, refusing it at the first that differs
  const ShardFarm* farm = nullptr;  // spread the blocks over processes (mpirun); see the header
};

struct ToleranceResult {
  bool complete = false;
  Coverage coverage;                // blocks of pairs merged, of all (a prefix)
  std::uint64_t pairs_total = 0;    // planned pairs plus fan targets
  std::string method;               // the pair plan
  std::string symmetry_order;       // order of the stabiliser used ("" none)
  std::uint64_t flow_calls = 0;     // in the blocks merged
  // Least weight of a breaking set; nullopt: no fault set disconnects any
  // required pair (or there is no required pair).
  std::optional<std::uint64_t> min_cut;
  std::vector<std::size_t> breaking_set;  // units of one least breaking set
  NodeId source = kNoNode, target = kNoNode;  // the pair it separates
  std::optional<ToleranceCertificate> certificate;
};

// Throws InputError if the fault model is not flow-expressible (use the SMT
// engine), for a checkpoint of another question or a damaged one, for a
// deadline under a farm, and for chunk_pairs 0.
ToleranceResult flow_tolerance(const FaultModel& model, const ToleranceOptions& opts = {});

}  // namespace menger
