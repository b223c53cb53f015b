// A checkpoint file of settled shards (issue 20, "Beyond one machine"): a long
// run appends each shard as it settles, and the same command resumes from the
// file after a kill with the output an uninterrupted run gives.  route-check,
// deadlock under faults, tolerance and prove write this file; each engine
// decides what a shard's record holds (core/coverage.h says what a shard is).
// (Monte Carlo studies number their records by sample and shard,
// montecarlo_checkpoint.h, on the same file.)
//
// The file is core/checkpoint_file.h's: a header that binds the question and
// the input files, records sealed into a chain, damage refused with one
// InputError naming the file and line.  On top of it: each record is
// {"shard": i, ...}, for i = 0, 1, 2, ... in order (records are written only
// after their shard was merged, in shard order, so the file always holds a
// prefix of the run's shards), and a record its engine cannot use is refused
// through damaged().
//
// A checkpoint is a cache, not an authority (issue 36): the engine checks
// each record against its plan, replays what a record says failed, and tells
// the user how many shards it took from the file (resumption(), which goes
// into Coverage::resumed); with --recheck-resumed it re-runs every shard it
// would have taken and refuses the file at the first record that differs.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/checkpoint_file.h"
#include "core/coverage.h"

namespace menger {

class ShardCheckpoint {
 public:
  // Opens (or creates) `path` for `question` in `format` (e.g.
  // "menger-deadlock-checkpoint/2"); reads the records it holds and cuts off
  // a half-written last line.  Throws InputError (core/checkpoint_file.h).
  ShardCheckpoint(std::filesystem::path path, std::string format, const nlohmann::json& question);
  // The records read, in shard order (record i is shard i; "shard" included).
  const std::vector<nlohmann::json>& records() const { return file_.records(); }
  // Appends the record of the next shard (its "shard" field is set here) and
  // flushes it before returning.
  void append(nlohmann::json record);
  std::size_t shards() const { return shards_; }  // records read plus records appended
  // An InputError for record i that its engine cannot use: names the file and line.
  [[noreturn]] void damaged(std::size_t i, const std::string& why) const { file_.damaged(i, why); }
  const std::filesystem::path& path() const { return file_.path(); }

 private:
  CheckpointFile file_;
  std::size_t shards_ = 0;
};

// What a resumed run took from its checkpoint, for Coverage::resumed: `taken`
// records (`unit`, plural) merged, `rechecked` of them re-run and found
// equal, `checked` what was re-checked of the rest in words, `trusted` what
// was believed ("" nothing).
Resumption resumption(const ShardCheckpoint& file, std::string unit, std::uint64_t taken, std::uint64_t rechecked,
                      std::string checked, std::string trusted);

}  // namespace menger
