#include "verify/proof_stream.h"

#include <zlib.h>

#include "core/error.h"

namespace menger {

namespace {

// A line longer than this is not a proof's: a route proof's generators are
// |generators| x |nodes| numbers, a deadlock proof's certificate with a DRAT
// refutation tens of MB, on the largest networks checked.
constexpr std::size_t kMaxLine = std::size_t{1} << 30;

}  // namespace

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
