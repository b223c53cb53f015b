// One entry point for tolerance questions: picks the engine (max-flow where the
// fault model is flow-expressible, SMT otherwise), runs it within the budget,
// and attaches the certificate each engine can give.  It only dispatches; the
// algorithms live in tolerance.h (flow) and tolerance_smt.h (Z3).
//
// Shards, checkpoints and processes (issue 20) are the flow engine's
// (tolerance.h).  The SMT engine is one solver run that does not split: with
// a checkpoint, or under a farm of more than one process, choosing it is one
// InputError; under a farm of one process (mpirun -n 1) it simply runs.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "core/coverage.h"
#include "core/progress.h"
#include "core/shard_farm.h"
#include "question/tolerance_question.h"
#include "verify/tolerance/certificate.h"
#include "verify/fault_model.h"

namespace menger {

enum class EngineChoice { Auto, Flow, Smt };
EngineChoice parse_engine_choice(const std::string& text);  // auto | flow | smt; throws InputError

struct ToleranceRequest {
  EngineChoice engine = EngineChoice::Auto;
  Budget budget;      // the question's: UNKNOWN with the coverage when it runs out
  Progress progress;  // flow engine: after each merged block
  bool certificate = true;
  bool symmetry = true;  // flow engine: one pair per orbit of the pivot's stabiliser (pair_plan.h)
  // SMT answers get an exhaustive certificate when at most this many lighter
  // fault sets exist for the checker to enumerate.
  std::uint64_t exhaustive_limit = 2'000'000;
  std::size_t chunk_pairs = ToleranceQuestion{}.chunk_pairs;  // flow engine: pairs per block (tolerance.h)
  std::string checkpoint;           // flow engine: file of settled blocks ("" none)
  bool recheck_resumed = false;     // flow engine: search again every block the checkpoint holds
  const ShardFarm* farm = nullptr;  // flow engine: spread the blocks over processes
};

struct ToleranceOutcome {
  std::string engine;  // "flow" or "smt"
  bool complete = false;
  Coverage coverage;  // how far the search got (flow: blocks of pairs; smt: its one search)
  std::string method, work;
  std::optional<std::uint64_t> min_cut;  // least breaking weight; nullopt: none (when complete)
  std::vector<std::size_t> breaking_set;
  NodeId source = kNoNode, target = kNoNode;
  std::optional<ToleranceCertificate> certificate;
  std::string certificate_note;  // why there is none
};

ToleranceOutcome solve_tolerance(const FaultModel& model, const ToleranceRequest& request);

// The one JSON view of a ToleranceOutcome, units and nodes named by `model`'s
// labels; used by `menger tolerance --json` (which adds the question and the
// certificate's re-check) and by the `tolerance` claim kind's details (under
// "result").  Documented by schemas/tolerance.schema.json ($defs/result):
//   engine, complete, coverage, method, work,
//   min_breaking_weight  least weight of a breaking set (null: none, or none found yet)
//   tolerance            min_breaking_weight - 1 (null with it)
//   breaking_set         unit labels of such a set, separates [source, target] (null with it)
//   certificate_note     why there is no certificate (only when there is none)
// The certificate itself is certificate.h's to_json.
nlohmann::json to_json(const ToleranceOutcome& o, const FaultModel& model);

}  // namespace menger
