// Checkpoints of Monte Carlo studies (issues 20 and 21, "Long runs survive a
// kill"): `montecarlo --checkpoint FILE` appends every settled shard of trials
// to FILE, and the same command resumes from it after a kill with the output
// an uninterrupted run gives, byte for byte, for any thread count.
//
// Unit.  A study runs its samples in a fixed order (one per wiring of
// best-of, one per point of a curve); sample i's shard j is the fixed block
// of trials j x shard .. (j + 1) x shard - 1, drawn from the streams of
// (seed, point, trial) only (montecarlo.h).  A record is (i, j, the shard's
// sums): a pure function of the question, so a record read back is the bits
// this run would compute, and the engine merges it in the same order.  Records
// are written after their round's merge, in shard order, so the file always
// holds a prefix of the uninterrupted run's sequence of shards; the stop rules
// (trial count, half-width at round ends) then stop at the same shard.
//
// Format: core/checkpoint_file.h's JSON lines (a sealed chain, the input
// files' digests in the header).  The first line's question
// names the model, the study's canonical request (experiment, fault units,
// routings, counts or rates, best-of, limits, seed, trials, half-width,
// confidence, shard and round sizes: everything that changes the output) and
// the tool version; a checkpoint of another question is refused, naming the
// first field that differs.  Each further line is {"sample", "shard",
// "tally": [[n, sum, sum of squares] per series], "check"}.  Doubles are written by
// nlohmann's shortest round-trip form and read back to the same bits.
//
// Damage.  A last line without its newline (killed while writing it) is
// dropped and the file cut back to its last complete record.  A complete line
// that is not a record, a record out of order, or a header that does not parse
// is one InputError naming the file and the line.  Records that this run
// cannot use (a sample stopped earlier or later than this run stops it, a
// tally of another width, more observations than the shard has trials, a
// success count that is not a whole number of them) are an InputError too,
// never a silent restart.  A checkpoint is a cache, not an authority (issue
// 36): sums that are plausible but altered cannot be told from sampled ones,
// so the study says how many shards it took from the file (resumed()), and
// with `recheck` samples each again and compares it with its record.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/checkpoint_file.h"
#include "core/coverage.h"
#include "verify/reliability/montecarlo.h"

namespace menger {

struct ShardRecord {
  std::uint64_t sample = 0, shard = 0;
  Tally tally;
};

// A checkpoint file's contents as read: the question, the records in order,
// and how many leading bytes hold complete lines (what a resume keeps).
struct MonteCarloCheckpointText {
  nlohmann::json question;  // null when the text holds no complete line
  std::vector<ShardRecord> records;
  std::size_t complete_bytes = 0;
};

// Parses checkpoint text; `name` names it in errors.  Text without a complete
// line reads as empty (a run killed before its header was written).  Throws
// InputError for a bad header, a malformed record or records out of order.
MonteCarloCheckpointText read_montecarlo_checkpoint(std::string_view text, const std::string& name);

nlohmann::json to_json(const ShardRecord& r);
ShardRecord shard_record_from_json(const nlohmann::json& j);  // throws InputError

class MonteCarloCheckpoint {
 public:
  // Opens (or creates) `path` for `question`: reads what it settled and cuts
  // off a half-written last record.  Throws InputError (see above).
  // With `recheck`, every shard the file holds is sampled again and compared
  // with its record (refused at the first that differs) instead of taken.
  MonteCarloCheckpoint(std::filesystem::path path, const nlohmann::json& question, bool recheck = false);
  ~MonteCarloCheckpoint();
  // The log of the study's next sample (numbered in the order the study runs them).
  ShardLog& next_sample();
  // After the study: every record was used, else the file is not this run's.
  void finish();
  std::size_t records() const { return records_.size(); }
  // What the study took from the file (nullopt: nothing), for StudyResult::resumed.
  std::optional<Resumption> resumed() const;

 private:
  class SampleLog;
  std::optional<Tally> take(std::uint64_t sample, std::uint64_t shard, const std::vector<Series>& series,
                            std::uint64_t trials);
  void append(std::uint64_t sample, std::uint64_t shard, const Tally& tally);
  std::string where() const { return "checkpoint " + path_.string(); }

  std::filesystem::path path_;
  bool recheck_ = false;
  std::unique_ptr<CheckpointFile> file_;
  std::vector<ShardRecord> records_;
  std::size_t next_ = 0;  // the first record no sample has taken
  std::size_t compared_ = 0;  // with recheck_: records compared with a fresh shard
  std::uint64_t samples_ = 0;
  std::unique_ptr<SampleLog> current_;
};

}  // namespace menger
