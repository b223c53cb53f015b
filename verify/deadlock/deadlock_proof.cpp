#include "verify/deadlock/deadlock_proof.h"

#include <zlib.h>

#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"

namespace menger {

namespace {

std::string digest_of(const nlohmann::json& question) { return sha256_digest(json_text(question)); }

// Writes `text` as one gzip member appended to `file`.
void append_member(const std::string& file, const std::string& text) {
  gzFile gz = gzopen(file.c_str(), "ab9");
  if (!gz) throw InputError("cannot write the proof " + file);
  const bool ok = gzwrite(gz, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size());
  if (gzclose(gz) != Z_OK || !ok) throw InputError("cannot write the proof " + file + " (disk full?)");
}

const nlohmann::json& member(const nlohmann::json& j, const std::string& key, const std::string& what) {
  if (!j.is_object() || !j.contains(key)) throw InputError(what + ": missing field '" + key + "'");
  return j[key];
}

}  // namespace

nlohmann::json to_json(const DeadlockProofFile& f) {
  return {{"file", f.path}, {"bytes", f.bytes}, {"sets", f.sets}, {"analyses", f.analyses}, {"k", f.k}};
}

nlohmann::json to_json(const DeadlockProofHeader& h) {
  return proof_header_json(h, kDeadlockProofFormat, kDeadlockProofVersion);
}

DeadlockProofHeader deadlock_proof_header_from_json(const nlohmann::json& j) {
  DeadlockProofHeader h;
  static_cast<ProofHeader&>(h) = proof_header_from_json(j, kDeadlockProofFormat, kDeadlockProofVersion, "a deadlock proof");
  return h;
}

DeadlockProofRecord deadlock_proof_record_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw InputError("a proof's record must be a JSON object");
  require_keys(j, {"set", "reads", "evidence"}, "proof record");
  DeadlockProofRecord r;
  r.set = json_at<std::vector<std::size_t>>(j, "set");
  r.reads = json_at<std::vector<std::size_t>>(j, "reads");
  r.evidence = member(j, "evidence", "proof record");
  if (!r.evidence.is_object()) throw InputError("a proof record's evidence must be an object");
  return r;
}

// ---- writer ------------------------------------------------------------

struct DeadlockProofWriter::Level {
  gzFile gz = nullptr;
};

DeadlockProofWriter::DeadlockProofWriter(std::string path, DeadlockProofHeader header)
    : path_(std::move(path)), header_(std::move(header)), level_(std::make_unique<Level>()) {
  header_.digest = digest_of(header_.question);
  std::ofstream probe(body(), std::ios::binary | std::ios::trunc);
  if (!probe) throw InputError("cannot write the proof " + body());
}

DeadlockProofWriter::~DeadlockProofWriter() {
  if (!done_) abandon();
}

void DeadlockProofWriter::symmetry(std::string kind, std::vector<std::vector<NodeId>> generators) {
  header_.symmetry = std::move(kind);
  header_.generators = std::move(generators);
}

void DeadlockProofWriter::record(const std::vector<std::size_t>& set, const std::vector<std::size_t>& reads,
                                 const std::string& evidence) {
  MENGER_ASSERT(!done_, "proof: a record after the proof was finished or abandoned");
  if (!level_->gz) {
    std::error_code ec;
    body_before_level_ = std::filesystem::file_size(body(), ec);
    if (ec) throw InputError("cannot write the proof " + body() + ": " + ec.message());
    level_->gz = gzopen(body().c_str(), "ab9");
    if (!level_->gz) throw InputError("cannot write the proof " + body());
  }
  const std::string line = "{\"set\":" + json_text(set) + ",\"reads\":" + json_text(reads) +
                           ",\"evidence\":" + evidence + "}\n";
  if (gzwrite(level_->gz, line.data(), static_cast<unsigned>(line.size())) != static_cast<int>(line.size()))
    throw InputError("cannot write the proof " + body() + " (disk full?)");
  ++in_level_;
}

void DeadlockProofWriter::level_done() {
  if (!level_->gz) return;
  const int closed = gzclose(level_->gz);
  level_->gz = nullptr;
  if (closed != Z_OK) throw InputError("cannot write the proof " + body());
  kept_ += in_level_;
  in_level_ = 0;
}

// A level cut short: its member is cut off the body.
void DeadlockProofWriter::drop_level() {
  if (!level_->gz) return;
  gzclose(level_->gz);
  level_->gz = nullptr;
  in_level_ = 0;
  std::error_code ec;
  std::filesystem::resize_file(body(), body_before_level_, ec);
  if (ec) throw InputError("cannot cut the unfinished level off the proof " + body() + ": " + ec.message());
}

void DeadlockProofWriter::finish(std::uint32_t k) {
  MENGER_ASSERT(!done_, "proof: finished after it was finished or abandoned");
  drop_level();
  header_.question["k"] = k;
  header_.digest = digest_of(header_.question);
  const std::string partial = path_ + ".partial";
  std::error_code ec;
  std::filesystem::remove(partial, ec);
  append_member(partial, json_text(to_json(header_)) + "\n");
  {
    std::ifstream in(body(), std::ios::binary);
    std::ofstream out(partial, std::ios::binary | std::ios::app);
    out << in.rdbuf();
    if (!in || !out) throw InputError("cannot write the proof " + partial);
  }
  append_member(partial, json_text({{"end", true}, {"digest", header_.digest}, {"sets", kept_}}) + "\n");
  done_ = true;
  std::filesystem::remove(body(), ec);
  std::filesystem::rename(partial, path_, ec);
  if (ec) throw InputError("cannot rename the proof to " + path_ + ": " + ec.message());
  bytes_ = std::filesystem::file_size(path_, ec);
}

void DeadlockProofWriter::abandon() {
  abandoned_ = true;
  if (level_->gz) gzclose(level_->gz);
  level_->gz = nullptr;
  done_ = true;
  std::error_code ec;
  std::filesystem::remove(body(), ec);
  std::filesystem::remove(path_ + ".partial", ec);
}

// ---- reader ------------------------------------------------------------

DeadlockProofReader::DeadlockProofReader(const std::string& path)
    : in_(std::make_unique<ProofStream>(path)), path_(path) {
  header_ = deadlock_proof_header_from_json(parse_json(in_->line(), "proof header of " + path));
  if (header_.digest != digest_of(header_.question))
    throw InputError("proof " + path + ": the header's digest is not its question's");
}

DeadlockProofReader::~DeadlockProofReader() = default;

std::optional<DeadlockProofRecord> DeadlockProofReader::next() {
  const nlohmann::json j = parse_json(in_->line(), "proof record of " + path_);
  if (!j.is_object()) throw InputError("proof " + path_ + ": a record must be a JSON object");
  if (j.contains("end")) {
    require_keys(j, {"end", "digest", "sets"}, "proof trailer");
    if (!json_at<bool>(j, "end")) throw InputError("proof " + path_ + ": a trailer whose 'end' is not true");
    trailer_ = j;
    in_->expect_end();
    return std::nullopt;
  }
  try {
    return deadlock_proof_record_from_json(j);
  } catch (const InputError& e) {
    throw InputError("proof " + path_ + ": " + e.what());
  }
}

std::string proof_file_format(const std::string& path) {
  ProofStream in(path);
  const nlohmann::json j = parse_json(in.line(), "proof header of " + path);
  if (!j.is_object() || !j.contains("format") || !j["format"].is_string())
    throw InputError("proof " + path + ": its first line names no format");
  return j["format"].get<std::string>();
}

}  // namespace menger
