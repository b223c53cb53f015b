#include "verify/reliability/montecarlo_checkpoint.h"

#include <cmath>
#include <sstream>

#include "core/checkpoint_file.h"

#include "core/error.h"
#include "core/json_io.h"

namespace menger {

namespace {

constexpr const char* kFormat = "menger-montecarlo-checkpoint/2";  // 2: sealed lines, inputs in the header

// Whether `next` may follow `prev`: the next shard of the same sample, or the
// first shard of the next sample (every sample runs at least one shard).
bool follows(const ShardRecord& prev, const ShardRecord& next) {
  return (next.sample == prev.sample && next.shard == prev.shard + 1) ||
         (next.sample == prev.sample + 1 && next.shard == 0);
}

std::string at_line(const std::string& name, std::size_t line) {
  return "checkpoint " + name + ": line " + std::to_string(line);
}

}  // namespace

nlohmann::json to_json(const ShardRecord& r) {
  return {{"sample", r.sample}, {"shard", r.shard}, {"tally", to_json(r.tally)}};
}

ShardRecord shard_record_from_json(const nlohmann::json& j) {
  ShardRecord r;
  r.sample = json_at<std::uint64_t>(j, "sample");
  r.shard = json_at<std::uint64_t>(j, "shard");
  if (!j.contains("tally")) throw InputError("field 'tally' must be a list");
  r.tally = tally_from_json(j["tally"]);
  return r;
}

// The records of a checkpoint (its header and seals already checked), in
// order; `line` numbers them in errors from `first_line`.
std::vector<ShardRecord> records_in_order(const std::vector<nlohmann::json>& lines, const std::string& name) {
  std::vector<ShardRecord> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t line = i + 2;
    try {
      out.push_back(shard_record_from_json(lines[i]));
    } catch (const InputError& e) {
      throw InputError(at_line(name, line) + ": " + e.what());
    }
    const ShardRecord& r = out.back();
    const bool first = out.size() == 1;
    if (first ? (r.sample != 0 || r.shard != 0) : !follows(out[out.size() - 2], r))
      throw InputError(at_line(name, line) + " holds sample " + std::to_string(r.sample) + " shard " +
                       std::to_string(r.shard) + ", out of order");
  }
  return out;
}

MonteCarloCheckpointText read_montecarlo_checkpoint(std::string_view text, const std::string& name) {
  CheckpointText read = read_checkpoint_text(text, name);
  MonteCarloCheckpointText out;
  if (read.header.is_null()) return out;
  const nlohmann::json& j = read.header;
  if (!j.is_object() || !j.contains("format") || j["format"] != kFormat || !j.contains("question") ||
      !j["question"].is_object())
    throw InputError("checkpoint " + name + " is not a Monte Carlo checkpoint (its first line is no " + kFormat +
                     " header)");
  out.question = j["question"];
  out.records = records_in_order(read.records, name);
  out.complete_bytes = read.complete_bytes;
  return out;
}

// ---- the file ------------------------------------------------------------------

class MonteCarloCheckpoint::SampleLog final : public ShardLog {
 public:
  SampleLog(MonteCarloCheckpoint& cp, std::uint64_t sample) : cp_(cp), sample_(sample) {}
  std::optional<Tally> settled(std::uint64_t shard, const std::vector<Series>& series,
                               std::uint64_t trials) override {
    return cp_.take(sample_, shard, series, trials);
  }
  void record(std::uint64_t shard, const Tally& tally) override { cp_.append(sample_, shard, tally); }

 private:
  MonteCarloCheckpoint& cp_;
  std::uint64_t sample_;
};

// The header is written with the first record: a request that fails before
// any trial (a misspelt routing) leaves no file that would refuse the corrected one.
MonteCarloCheckpoint::MonteCarloCheckpoint(std::filesystem::path path, const nlohmann::json& question, bool recheck)
    : path_(path), recheck_(recheck), file_(std::make_unique<CheckpointFile>(std::move(path), kFormat, question,
                                                          CheckpointFile::Header::WithFirstRecord)) {
  records_ = records_in_order(file_->records(), path_.string());
}

MonteCarloCheckpoint::~MonteCarloCheckpoint() = default;

ShardLog& MonteCarloCheckpoint::next_sample() {
  const std::uint64_t sample = samples_++;
  if (next_ < records_.size() && records_[next_].sample < sample)
    throw InputError(where() + " holds shard " + std::to_string(records_[next_].shard) + " of sample " +
                     std::to_string(records_[next_].sample) +
                     ", beyond where this run stops that sample: it was written by another run");
  current_ = std::make_unique<SampleLog>(*this, sample);
  return *current_;
}

std::optional<Tally> MonteCarloCheckpoint::take(std::uint64_t sample, std::uint64_t shard,
                                                const std::vector<Series>& series, std::uint64_t trials) {
  if (recheck_ || next_ == records_.size()) return std::nullopt;
  const ShardRecord& r = records_[next_];
  // Records are consecutive from (0, 0) and the engine asks in the same order,
  // so the next record is this shard unless the file's run stopped elsewhere.
  if (r.sample != sample || r.shard != shard)
    throw InputError(where() + " holds sample " + std::to_string(r.sample) + " shard " + std::to_string(r.shard) +
                     " where this run needs sample " + std::to_string(sample) + " shard " + std::to_string(shard) +
                     ": it was written by another run");
  const std::string which = where() + ": sample " + std::to_string(sample) + " shard " + std::to_string(shard);
  if (r.tally.size() != series.size())
    throw InputError(which + " holds " + std::to_string(r.tally.size()) + " series, this experiment observes " +
                     std::to_string(series.size()));
  for (std::size_t i = 0; i < series.size(); ++i) {
    const Accumulator& a = r.tally[i];
    if (a.n > trials)
      throw InputError(which + " counts " + std::to_string(a.n) + " observations in a shard of " +
                       std::to_string(trials) + " trials");
    // A ratio observes 0 or 1: its sum is a whole count of at most n, equal to its sum of squares.
    const bool ratio_ok = a.sum >= 0 && a.sum <= static_cast<double>(a.n) && a.sum == std::floor(a.sum) &&
                          a.sum_squares == a.sum;
    if (series[i].kind == SeriesKind::Ratio && !ratio_ok)
      throw InputError(which + ": '" + series[i].name + "' is a ratio, so its sums are a whole count of at most " +
                       std::to_string(a.n) + " twice");
    if (a.sum_squares < 0 || (a.n == 0 && (a.sum != 0 || a.sum_squares != 0)))
      throw InputError(which + ": '" + series[i].name + "' has impossible sums");
  }
  ++next_;
  return r.tally;
}

void MonteCarloCheckpoint::append(std::uint64_t sample, std::uint64_t shard, const Tally& tally) {
  const nlohmann::json rec = to_json(ShardRecord{sample, shard, tally});
  if (recheck_ && compared_ < records_.size()) {  // the file holds this shard: compare, do not append
    if (rec != to_json(records_[compared_]))
      file_->damaged(compared_, "sampled again (--recheck-resumed), its trials give " + json_text(rec));
    ++compared_;
    return;
  }
  file_->append(rec);
}

std::optional<Resumption> MonteCarloCheckpoint::resumed() const {
  const std::size_t taken = recheck_ ? compared_ : next_;
  if (taken == 0) return std::nullopt;
  return Resumption{path_.string(), "shards of trials", taken, recheck_ ? compared_ : 0, "",
                    recheck_ ? "" : "their trials' counts and sums"};
}

void MonteCarloCheckpoint::finish() {
  if ((recheck_ ? compared_ : next_) < records_.size())
    throw InputError(where() + " holds " + std::to_string(records_.size() - next_) +
                     " records beyond where this run stops: it was written by another run");
}

}  // namespace menger
