// The one way Menger reads a file a user hands it (issue 36, "Strict readers
// everywhere"): networks, routing tables, unit weights and groups, claim
// files, certificates, witnesses, checkpoints, InfiniBand dumps.
//
// Refused, each with one InputError naming the file: a path that does not
// exist or cannot be read, a directory, a device (/dev/zero and /dev/full
// never end; a terminal would wait for typing), and a file longer than
// max_input_bytes() (a pipe that never ends is cut there, not read until
// memory runs out).  Pipes and regular files are read whole.  A UTF-8
// byte-order mark at the very start is dropped (every format Menger reads is
// UTF-8 or ASCII text, and a mark is how some editors save UTF-8): the
// readers then see the text as written, never a first line they skip.
//
// Every file read is recorded with its SHA-256 digest in the process's input
// ledger, so that a checkpoint can bind the question to the exact bytes of
// every input (core/shard_checkpoint.h) and a resumed run can tell that a
// file changed since.  SHA-256 comes from OpenSSL's libcrypto (Debian's
// libssl-dev): a digest is a claim about bytes that someone else re-checks,
// so it is not a hash we write ourselves.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/budget.h"

namespace menger {

struct InputFile {
  std::filesystem::path path;
  std::string text;    // the bytes, without a leading UTF-8 byte-order mark
  std::string digest;  // "sha256:<64 hex digits>" of the bytes as stored (mark included)
};

// Reads `path` whole; `what` names the input in errors ("routing table",
// "unit weights", ...).  Throws InputError (see above).  `budget` is checked
// while reading, and its memory limit bounds the file (max_input_bytes).
InputFile read_input_file(const std::filesystem::path& path, std::string_view what, const Budget& budget = Budget());
// The same, not recorded in the ledger: for Menger's own files (a checkpoint
// being resumed is not an input of the question it answers).
InputFile read_own_file(const std::filesystem::path& path, std::string_view what, const Budget& budget = Budget());

// The most bytes one input may hold under `budget`: a 64th of its memory
// limit (parsed JSON takes up to about 33 bytes of memory per byte of text),
// at least 64 MiB.
std::uint64_t max_input_bytes(const Budget& budget);

// "sha256:<hex>" of `bytes`.
std::string sha256_digest(std::string_view bytes);

// A file read, as the ledger holds it.
struct InputRecord {
  std::string path;    // as named (not made absolute: a checkpoint moves with its inputs)
  std::string digest;  // as InputFile::digest
};

// Every file read by this process so far, in path order (the latest digest
// of each path).
std::vector<InputRecord> inputs_read();
// Collects every file read through read_input_file while it lives, by any
// thread of this process (one watch at a time; an inner one hides the outer
// one's reads from it): what a prove checkpoint's claim was computed from.
class InputWatch {
 public:
  InputWatch();
  ~InputWatch();
  InputWatch(const InputWatch&) = delete;
  InputWatch& operator=(const InputWatch&) = delete;
  std::vector<InputRecord> files() const;  // in path order

 private:
  InputWatch* outer_;
};

// The digest of `path` as it is now ("" when it cannot be read), for a
// resumed run that compares a record's inputs with the files.
std::string current_digest(const std::filesystem::path& path);

}  // namespace menger
