// Checkpoints of the exhaustive routing search (issue 20, "Beyond one
// machine"): a long `route-check` appends each settled chunk of pairs to a
// file, and the same command resumes from it after a kill, with a final
// answer identical to an uninterrupted run.
//
// Format: the shard checkpoint of core/shard_checkpoint.h (header, damage
// rules), one record per chunk.  The header names the question (model, routing,
// fault model, k, path bound, every option that changes the answer, chunk
// size, tool version); a checkpoint of another question is refused.  Each
// further line is one chunk, in order: its index, what its pairs added to the
// per-level counts, how many pairs it settled, and the failure the search
// holds after it (level, pair, fault units, path bound, disconnected), from
// which the engine re-runs the failing run to rebuild its trace: runs are
// deterministic, so the trace is the one the first run found.
//
// Damage.  A last line without its newline (the process was killed while
// writing it) is dropped and the file cut back to the last complete record; a
// malformed complete line, a broken seal, a chunk out of order or a header
// that does not parse is one InputError naming the file and line.  What the
// records say is checked by the search before it is merged (route_search.h,
// "Checkpoints"): a checkpoint is a cache, not an authority.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/shard_checkpoint.h"

namespace menger {

struct ChunkRecord {
  std::uint64_t chunk = 0;
  std::vector<std::array<std::uint64_t, 3>> levels;  // runs, disconnected, failures per fault-set size
  std::uint64_t pairs_settled = 0;
  // The search's failure after this chunk, if any.
  struct Failure {
    std::uint32_t level = 0;
    std::uint32_t s = 0, d = 0;
    std::vector<std::size_t> units;
    std::optional<std::uint32_t> path_bound;
    bool disconnected = false;
  };
  std::optional<Failure> failure;
};

class RouteCheckpoint {
 public:
  // Opens (or creates) `path` for `question`; reads the chunks it holds.
  // Throws InputError for another question or a damaged file (see above).
  RouteCheckpoint(std::filesystem::path path, const nlohmann::json& question);
  const std::vector<ChunkRecord>& settled() const { return records_; }
  // An InputError for record i that the run cannot use: names the file and line.
  [[noreturn]] void damaged(std::size_t i, const std::string& why) const { file_.damaged(i, why); }
  // Appends one chunk (flushed before it returns).
  void append(const ChunkRecord& r);

 private:
  ShardCheckpoint file_;
  std::vector<ChunkRecord> records_;
};

nlohmann::json to_json(const ChunkRecord& r);
ChunkRecord chunk_record_from_json(const nlohmann::json& j);  // throws InputError

}  // namespace menger
