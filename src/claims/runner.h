// The claim runner: `menger prove PATH...`.  Collects claim files (directories
// recursively, in sorted order), checks every instance, and compares each
// verdict with the claim's expectation.  One bad file or model is reported as
// an error for that claim; the others still run.
//
// Shards (issue 20, "Beyond one machine"): with a checkpoint or a farm of
// processes, each claim file to check is one shard.  Every process reads and
// plans the same files (filter, ids, kinds) in the same order; a shard's
// result is the claim's instance outcomes and the figure curves they added,
// as JSON, merged in file order.  The plain run, the processes and a resumed
// checkpoint therefore build the same report, timing aside (each instance's
// seconds are its own; `--no-timing` prints the same bytes for any number of
// processes).  An instance's budget is its own deadline, so it holds on any
// process.  A checkpoint's question names every claim file with a hash of its
// text: an edited claim file makes it another question, and each record names
// the files its claim read (networks, tables, weights) with their digests: a
// record whose inputs changed since is refused.  A record is a cache, not an
// authority (issue 36): the report says which claims were taken from the file
// (ClaimOutcome::resumed, ProveReport::resumed), and with recheck_resumed each
// is checked again and compared with its record instead.  Artifacts (CSV,
// plots) are written by the process that checks the claim; combined figures
// are drawn once, by the coordinator, after the last claim.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "claims/claim.h"
#include "claims/property.h"
#include "core/budget.h"
#include "core/coverage.h"
#include "core/progress.h"
#include "core/shard_farm.h"

namespace menger {

struct InstanceOutcome {
  ClaimInstance instance;
  std::string canonical_model;        // the model's canonical spec, once built
  std::optional<CheckResult> result;  // empty when an error stopped the check
  std::string error;
  double seconds = 0;

  bool as_expected() const { return result && kind_of(result->verdict) == instance.expect; }
};

struct ClaimOutcome {
  std::filesystem::path file;
  std::optional<Claim> claim;  // empty when the file could not be read
  std::string error;           // file-level error
  std::vector<InstanceOutcome> instances;
  bool resumed = false;        // its outcomes were taken from the checkpoint, not checked by this run
};

struct ProveOptions {
  std::optional<std::chrono::seconds> budget;  // per model, for the expensive facts
  Budget root_budget;                          // the command's: memory limit and cancellation
  Progress instance_progress;                  // what the engines report while an instance runs
  std::string filter;                          // run only claims whose id contains this
  std::filesystem::path artifacts;             // where claims write CSV and plots (empty: nowhere)
  // Called before each claim file with (files done, files in all, the file).
  std::function<void(std::size_t, std::size_t, const std::filesystem::path&)> progress;
  // Settled claims are appended to this file and a run of the same catalog
  // resumes after them (core/shard_checkpoint.h); empty: none.
  std::filesystem::path checkpoint;
  bool recheck_resumed = false;     // check again every claim the checkpoint holds, refusing it at the first that differs
  const ShardFarm* farm = nullptr;  // spread the claims over processes (mpirun)
};

struct ProveReport {
  std::vector<ClaimOutcome> claims;
  std::vector<std::string> figure_errors;  // combined figures that could not be drawn (after the last claim)
  std::optional<Resumption> resumed;        // claim files taken from the checkpoint (core/coverage.h)
  std::size_t instances() const;
  std::size_t as_expected() const;
  std::size_t errors() const;  // file, instance and figure errors
  bool all_as_expected() const { return errors() == 0 && as_expected() == instances(); }
};

// Claim files under `paths`, with the id each gets by default (its path under
// the directory given, without .toml).  Throws InputError if a path is missing.
std::vector<std::pair<std::filesystem::path, std::string>> collect_claim_files(
    const std::vector<std::filesystem::path>& paths);

ProveReport prove(const std::vector<std::filesystem::path>& paths, const ProveOptions& opts);

}  // namespace menger
