#include "verify/route/route_proof.h"

#include <zlib.h>

#include <cstdio>
#include <filesystem>

#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"

namespace menger {

namespace {

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

}  // namespace

nlohmann::json to_json(const RouteProofFile& f) {
  const double per_run = f.runs ? static_cast<double>(f.bytes) / static_cast<double>(f.runs) : 0.0;
  return {{"file", f.path}, {"bytes", f.bytes}, {"pairs", f.pairs}, {"tokens", f.tokens}, {"runs", f.runs},
          {"bytes_per_run", per_run}};
}

std::string route_proof_digest(const nlohmann::json& question) { return sha256_digest(json_text(question)); }

nlohmann::json to_json(const RouteProofHeader& h) { return proof_header_json(h, kRouteProofFormat, kRouteProofVersion); }

RouteProofHeader route_proof_header_from_json(const nlohmann::json& j) {
  RouteProofHeader h;
  static_cast<ProofHeader&>(h) = proof_header_from_json(j, kRouteProofFormat, kRouteProofVersion, "a route-check proof");
  return h;
}

// ---- writer ------------------------------------------------------------

struct RouteProofWriter::File {
  gzFile gz = nullptr;
};

RouteProofWriter::RouteProofWriter(std::string path, RouteProofHeader header)
    : path_(std::move(path)), header_(std::move(header)), file_(std::make_unique<File>()) {
  header_.digest = route_proof_digest(header_.question);
  file_->gz = gzopen((path_ + ".partial").c_str(), "wb9");
  if (!file_->gz) throw InputError("cannot write the proof " + path_ + ".partial");
}

RouteProofWriter::~RouteProofWriter() {
  if (!done_) abandon();
}

void RouteProofWriter::write(const std::string& bytes) {
  if (bytes.empty()) return;
  if (gzwrite(file_->gz, bytes.data(), static_cast<unsigned>(bytes.size())) != static_cast<int>(bytes.size()))
    throw InputError("cannot write the proof " + path_ + ".partial (disk full?)");
}

void RouteProofWriter::write_header() {
  if (header_written_) return;
  write(json_text(to_json(header_)) + "\n");
  header_written_ = true;
}

void RouteProofWriter::begin(std::string kind, std::vector<std::vector<NodeId>> generators, std::uint32_t k) {
  MENGER_ASSERT(!header_written_, "proof: begun before the first shard");
  header_.symmetry = std::move(kind);
  header_.generators = std::move(generators);
  header_.question["k"] = k;
  header_.digest = route_proof_digest(header_.question);
}

void RouteProofWriter::shard(std::uint64_t index, const std::vector<PairProof>& pairs) {
  MENGER_ASSERT(!done_, "proof: a shard after the proof was finished or abandoned");
  write_header();
  std::string out = json_text({{"shard", index}, {"digest", header_.digest}, {"pairs", pairs.size()}}) + "\n";
  for (const PairProof& p : pairs) {
    put_varint(out, p.s);
    put_varint(out, p.d);
    put_varint(out, p.regions.size());
    for (const auto& region : p.regions) {
      put_varint(out, region.size());
      for (NodeId v : region) put_varint(out, v);
    }
    put_varint(out, p.tokens.size());
    for (std::uint64_t t : p.tokens) put_varint(out, t);
    tokens_ += p.tokens.size();
    if (out.size() > (1u << 20)) {
      write(out);
      out.clear();
    }
  }
  write(out);
  ++shards_;
  pairs_ += pairs.size();
}

void RouteProofWriter::finish() {
  MENGER_ASSERT(!done_, "proof: finished after it was finished or abandoned");
  write_header();
  write(json_text({{"end", true}, {"digest", header_.digest}, {"shards", shards_}, {"pairs", pairs_},
                   {"tokens", tokens_}}) +
        "\n");
  const int closed = gzclose(file_->gz);
  file_->gz = nullptr;
  done_ = true;
  std::error_code ec;
  if (closed != Z_OK) throw InputError("cannot write the proof " + path_ + ".partial");
  std::filesystem::rename(path_ + ".partial", path_, ec);
  if (ec) throw InputError("cannot rename the proof to " + path_ + ": " + ec.message());
  bytes_ = std::filesystem::file_size(path_, ec);
}

void RouteProofWriter::abandon() {
  abandoned_ = true;
  if (file_->gz) gzclose(file_->gz);
  file_->gz = nullptr;
  done_ = true;
  std::error_code ec;
  std::filesystem::remove(path_ + ".partial", ec);
}

// ---- reader ------------------------------------------------------------

RouteProofReader::RouteProofReader(const std::string& path)
    : in_(std::make_unique<ProofStream>(path)), path_(path) {
  header_ = route_proof_header_from_json(parse_json(in_->line(), "proof header of " + path));
  if (header_.digest != route_proof_digest(header_.question))
    throw InputError("proof " + path + ": the header's digest is not its question's");
}

RouteProofReader::~RouteProofReader() = default;

std::uint64_t RouteProofReader::varint() {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    const auto byte = static_cast<std::uint64_t>(in_->byte("a record"));
    if (shift == 63 && byte > 1) throw InputError("proof " + path_ + ": a number beyond 64 bits");
    v |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) return v;
  }
  throw InputError("proof " + path_ + ": a number beyond 64 bits");
}

std::optional<ProofShard> RouteProofReader::next() {
  const nlohmann::json j = parse_json(in_->line(), "proof shard line of " + path_);
  if (!j.is_object()) throw InputError("proof " + path_ + ": a shard line must be a JSON object");
  if (j.contains("end")) {
    require_keys(j, {"end", "digest", "shards", "pairs", "tokens"}, "proof trailer");
    if (!json_at<bool>(j, "end")) throw InputError("proof " + path_ + ": a trailer whose 'end' is not true");
    trailer_ = j;
    in_->expect_end();
    return std::nullopt;
  }
  require_keys(j, {"shard", "digest", "pairs"}, "proof shard");
  ProofShard s;
  s.index = json_at<std::uint64_t>(j, "shard");
  s.digest = json_at<std::string>(j, "digest");
  const auto pairs = json_at<std::uint64_t>(j, "pairs");
  for (std::uint64_t i = 0; i < pairs; ++i) {
    PairProof p;
    const std::uint64_t s_id = varint(), d_id = varint();
    if (s_id >= kNoNode || d_id >= kNoNode) throw InputError("proof " + path_ + ": a node id out of range");
    p.s = static_cast<NodeId>(s_id);
    p.d = static_cast<NodeId>(d_id);
    const std::uint64_t regions = varint();
    for (std::uint64_t r = 0; r < regions; ++r) {
      auto& region = p.regions.emplace_back();
      const std::uint64_t size = varint();
      for (std::uint64_t at = 0; at < size; ++at) {
        const std::uint64_t v = varint();
        if (v >= kNoNode) throw InputError("proof " + path_ + ": a region's node id out of range");
        region.push_back(static_cast<NodeId>(v));
      }
    }
    const std::uint64_t n = varint();
    // Grown as read, never reserved from the count: a damaged count must not
    // allocate what the file does not hold.
    for (std::uint64_t t = 0; t < n; ++t) p.tokens.push_back(varint());
    s.pairs.push_back(std::move(p));
  }
  return s;
}

}  // namespace menger
