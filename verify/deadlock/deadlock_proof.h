// The proof of a deadlock search over fault sets (issue 38): what `menger
// deadlock --k K --proof FILE` writes for a FREE verdict, and `menger
// check-proof FILE` re-checks (verify/check/deadlock_proof_check.h) without
// the search.  This file is the format alone, shared by the writer (the
// search, deadlock_search.cpp) and the checker; it holds no search code.
//
// A proof lists the fault sets the search analysed (deadlock_search.h, up to
// symmetry), each with
//   reads     the healthy fault units its analysis read (the routing's fault
//             questions and the hops its packets took); empty for sets of k
//             units, which are extended no further;
//   evidence  the certificate of freedom of that one set (deadlock_evidence.h:
//             an escape-channel order, bubble rings, an exact case tree or a
//             checked DRAT refutation), without its `inputs` (the header's).
// The checker re-checks each certificate with the existing certificate
// checkers, under a view that refuses any question about a unit the record
// does not list, and re-derives the coverage argument of deadlock_search.h
// from the list: the empty set is there, and every listed set of fewer than
// k units, extended by each unit it read, is listed up to the generators.
//
// File: a gzip stream (zlib; several members may follow one another) of
//   line   header JSON: {"format": "menger-deadlock-proof", "version": 1,
//          "question": {"model", "routing", "faults", "k", "switching",
//          "buffers"}, "digest": "sha256:..." of the question's JSON text,
//          "symmetry": {"kind": "none" | "translations" | "port automorphisms",
//          "generators": [[node ids], ...]}, "inputs": {file: digest},
//          "menger": {"version": ...}}
//   lines  one record per set: {"set": [unit ids], "reads": [unit ids],
//          "evidence": {...}}, level by level
//   line   trailer {"end": true, "digest": ..., "sets": N}
// The question's k is what the proof proves: the asked k for FREE, or one
// below the size of the least set that is not FREE.  docs/proofs.md describes
// it; schemas/deadlock-proof-header.schema.json is the header's schema.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "verify/proof_stream.h"

namespace menger {

inline constexpr const char* kDeadlockProofFormat = "menger-deadlock-proof";
inline constexpr int kDeadlockProofVersion = 1;

struct DeadlockProofHeader : ProofHeader {};  // the question: model, routing, faults, k, switching, buffers

struct DeadlockProofRecord {
  std::vector<std::size_t> set, reads;  // unit ids, sorted
  nlohmann::json evidence;              // a certificate (deadlock_evidence.h) without `inputs`
};

// A written proof, as an answer names it.
struct DeadlockProofFile {
  std::string path;
  std::uint64_t bytes = 0, sets = 0, analyses = 0;  // analyses: the search's
  std::uint32_t k = 0;                              // the fault count proved
};
nlohmann::json to_json(const DeadlockProofFile& f);

nlohmann::json to_json(const DeadlockProofHeader& h);
DeadlockProofHeader deadlock_proof_header_from_json(const nlohmann::json& j);  // throws InputError
DeadlockProofRecord deadlock_proof_record_from_json(const nlohmann::json& j);  // throws InputError

// The search writes its records level by level; a level's records are kept
// only once the whole level is FREE (level_done), so that a level cut short
// by a failure leaves nothing.  The records go to `path`.partial.body as one
// gzip member per level; finish() writes `path`.partial as the header, the
// kept levels and the trailer, and renames it to `path`: a run that stops
// early never leaves a file that looks like a whole proof.
class DeadlockProofWriter {
 public:
  DeadlockProofWriter(std::string path, DeadlockProofHeader header);  // throws InputError when unwritable
  ~DeadlockProofWriter();
  DeadlockProofWriter(const DeadlockProofWriter&) = delete;
  DeadlockProofWriter& operator=(const DeadlockProofWriter&) = delete;

  // The symmetry the search reduced fault sets by.
  void symmetry(std::string kind, std::vector<std::vector<NodeId>> generators);
  // One analysed set of the current level; `evidence` is its certificate's JSON text.
  void record(const std::vector<std::size_t>& set, const std::vector<std::size_t>& reads, const std::string& evidence);
  void level_done();
  // The header with `k` proved, the kept levels, the trailer; then the rename.
  void finish(std::uint32_t k);
  void abandon();  // removes every partial file; nothing more is written
  bool abandoned() const { return abandoned_; }
  std::uint64_t sets() const { return kept_; }
  std::uint64_t bytes() const { return bytes_; }  // compressed, after finish()
  const std::string& path() const { return path_; }

 private:
  struct Level;
  std::string path_;
  DeadlockProofHeader header_;
  std::unique_ptr<Level> level_;
  std::uint64_t kept_ = 0, in_level_ = 0, bytes_ = 0;
  std::uintmax_t body_before_level_ = 0;
  bool done_ = false, abandoned_ = false;
  std::string body() const { return path_ + ".partial.body"; }
  void drop_level();
};

// Reads a proof, checking its framing as it goes (InputError on anything
// malformed: a line too long, an unknown key, a missing trailer, bytes after
// it).  What the records mean is the checker's business.
class DeadlockProofReader {
 public:
  explicit DeadlockProofReader(const std::string& path);
  ~DeadlockProofReader();
  const DeadlockProofHeader& header() const { return header_; }
  // The next record, or nullopt at the trailer (then trailer() is set).
  std::optional<DeadlockProofRecord> next();
  const nlohmann::json& trailer() const { return trailer_; }

 private:
  std::unique_ptr<ProofStream> in_;
  std::string path_;
  DeadlockProofHeader header_;
  nlohmann::json trailer_;
};

// The format a proof file names in its header ("menger-route-proof",
// "menger-deadlock-proof"): which checker it is for.  InputError when the
// file cannot be read or its first line is no JSON object with a format.
std::string proof_file_format(const std::string& path);

}  // namespace menger
