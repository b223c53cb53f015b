#include "verify/proof_stream.h"

#include <zlib.h>

#include "core/error.h"
#include "core/json_io.h"
#include "core/version.h"

namespace menger {

namespace {

// A line longer than this is not a proof's: a route proof's generators are
// |generators| x |nodes| numbers, a deadlock proof's certificate with a DRAT
// refutation tens of MB, on the largest networks checked.
constexpr std::size_t kMaxLine = std::size_t{1} << 30;

// The member `key` of object `j`, which must be there (InputError, not
// nlohmann's out_of_range, when it is not: a damaged file is bad input).
const nlohmann::json& member(const nlohmann::json& j, const std::string& key, const std::string& what) {
  if (!j.is_object() || !j.contains(key)) throw InputError(what + ": missing field '" + key + "'");
  return j[key];
}

}  // namespace

nlohmann::json proof_header_json(const ProofHeader& h, const char* format, int version) {
  return {{"format", format},
          {"version", version},
          {"question", h.question},
          {"digest", h.digest},
          {"symmetry", {{"kind", h.symmetry}, {"generators", h.generators}}},
          {"inputs", h.inputs},
          {"menger", {{"version", kVersion}}}};
}

ProofHeader proof_header_from_json(const nlohmann::json& j, const char* format, int version, const char* name) {
  if (!j.is_object()) throw InputError("a proof's header must be a JSON object");
  require_keys(j, {"format", "version", "question", "digest", "symmetry", "inputs", "menger"}, "proof header");
  if (json_at<std::string>(j, "format") != format)
    throw InputError(std::string("not ") + name + " (format '" + json_at<std::string>(j, "format") + "')");
  if (json_at<std::uint32_t>(j, "version") != static_cast<std::uint32_t>(version))
    throw InputError(std::string(name) + ": format version " + std::to_string(json_at<std::uint32_t>(j, "version")) +
                     " is not one this Menger reads (" + std::to_string(version) + ")");
  ProofHeader h;
  h.question = member(j, "question", "proof header");
  if (!h.question.is_object()) throw InputError("a proof's question must be an object");
  h.digest = json_at<std::string>(j, "digest");
  const nlohmann::json& sym = member(j, "symmetry", "proof header");
  if (!sym.is_object()) throw InputError("a proof's symmetry must be an object");
  require_keys(sym, {"kind", "generators"}, "proof symmetry");
  h.symmetry = json_at<std::string>(sym, "kind");
  h.generators = json_at<std::vector<std::vector<NodeId>>>(sym, "generators");
  h.inputs = member(j, "inputs", "proof header");
  if (!h.inputs.is_object()) throw InputError("a proof's inputs must be an object");
  return h;
}

struct ProofStream::File {
  gzFile gz = nullptr;
  ~File() {
    if (gz) gzclose(gz);
  }
};

ProofStream::ProofStream(std::string path) : file_(std::make_unique<File>()), path_(std::move(path)) {
  file_->gz = gzopen(path_.c_str(), "rb");
  if (!file_->gz) throw InputError("cannot read the proof " + path_);
  gzbuffer(file_->gz, 1 << 17);
}

ProofStream::~ProofStream() = default;

std::string ProofStream::line() {
  std::string out;
  for (;;) {
    const int c = gzgetc(file_->gz);
    if (c == -1) throw InputError("proof " + path_ + " ends inside a line (truncated or damaged)");
    if (c == '\n') return out;
    if (out.size() >= kMaxLine) throw InputError("proof " + path_ + ": a line longer than 1 GiB");
    out.push_back(static_cast<char>(c));
  }
}

std::uint8_t ProofStream::byte(const char* inside) {
  const int c = gzgetc(file_->gz);
  if (c == -1) throw InputError("proof " + path_ + " ends inside " + inside + " (truncated or damaged)");
  return static_cast<std::uint8_t>(c);
}

void ProofStream::expect_end() {
  if (gzgetc(file_->gz) != -1) throw InputError("proof " + path_ + ": bytes after the trailer");
  int err = Z_OK;
  const char* msg = gzerror(file_->gz, &err);
  if (err != Z_OK) throw InputError("proof " + path_ + " is truncated or damaged (" + msg + ")");
}

}  // namespace menger
