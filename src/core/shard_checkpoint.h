// A checkpoint file of settled shards (issue 20, "Beyond one machine"): a long
// run appends each shard as it settles, and the same command resumes from the
// file after a kill with the output an uninterrupted run gives.  route-check,
// deadlock under faults, tolerance and prove write this file; each engine
// decides what a shard's record holds (core/coverage.h says what a shard is).
// (Monte Carlo studies keep their own per-sample format, montecarlo_checkpoint.h,
// with the same header and damage rules.)
//
// Format: JSON lines.  The first line is {"format", "question"}: the format
// names the engine and its record version, the question everything that
// changes the answer (model, routing, options, tool version).  A checkpoint of
// another format or question is refused with the first field that differs.
// Each further line is one shard's record, {"shard": i, ...}, for i = 0, 1, 2,
// ... in order: records are written only after their shard was merged, in
// shard order, so the file always holds a prefix of the run's shards.
//
// Damage.  A last line without its newline (killed while writing it) is
// dropped and the file cut back to its last complete line.  A complete line
// that is not a JSON object, a record out of order or a header that does not
// parse is one InputError naming the file and the line; so is a record its
// engine cannot use (ShardCheckpoint::damaged).  Never a wrong verdict: a
// record is only written after its shard settled, and only read back as it
// was.  A checkpoint is the user's own file, not evidence: records that are
// well formed but altered are not detected.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace menger {

class ShardCheckpoint {
 public:
  // Opens (or creates) `path` for `question` in `format` (e.g.
  // "menger-deadlock-checkpoint/1"); reads the records it holds and cuts off
  // a half-written last line.  Throws InputError (see above).
  ShardCheckpoint(std::filesystem::path path, std::string format, const nlohmann::json& question);
  // The records read, in shard order (record i is shard i; "shard" included).
  const std::vector<nlohmann::json>& records() const { return records_; }
  // Appends the record of the next shard (its "shard" field is set here) and
  // flushes it before returning.
  void append(nlohmann::json record);
  std::size_t shards() const { return shards_; }  // records read plus records appended
  // An InputError for record i that its engine cannot use: names the file and line.
  [[noreturn]] void damaged(std::size_t i, const std::string& why) const;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::vector<nlohmann::json> records_;
  std::size_t shards_ = 0;
  std::ofstream out_;
};

// The first field in which two questions differ, as "field: A here, B there"
// text ("name=value" items of ';'-separated strings name themselves), or ""
// when they are equal.
std::string question_difference(const nlohmann::json& here, const nlohmann::json& there);

}  // namespace menger
