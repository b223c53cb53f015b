// The proof of an exhaustive routing search (issue 38): what `menger
// route-check --proof FILE` writes for a HOLDS verdict and `menger
// check-proof FILE` re-checks (verify/check/route_proof_check.h) without the
// search.  This file is the format alone, shared by the writer (the lazy
// search, route_search.cpp) and the checker; it holds no search code.
//
// A proof is, per examined pair (s, d), a binary decision tree over facts
// about the fault set.  A node of the tree stands for the fault sets F with
// |F| <= k that spare s and d (a pair is required only while both are
// healthy) and meet every fact decided on the way down: units decided faulty
// (P), units decided healthy (H), and count facts "|R ∩ F| >= t" or "< t"
// over a region R of nodes (a node counts when its unit is in F).  A branch
// splits its sets in two complementary halves, so the leaves together stand
// for every such fault set, each in exactly one leaf.  A leaf is
//   Delivered   the routing's run from s to d is the same for every fault set
//               of the leaf (every question it asks is decided by the leaf's
//               facts and the budget k - |P|) and delivers within the path
//               bound;
//   Excused     P alone cuts s from d (so does every superset); only when the
//               question excuses disconnected pairs;
//   Infeasible  no fault set meets the leaf's facts (the symbolic search
//               writes one where a question had one possible answer only).
// The tree is written in preorder as tokens: 0 Delivered, 1 Excused,
// 2 Infeasible, 3 a count branch followed by two tokens, the region's index
// in the pair's region table and the threshold t (its "< t" subtree first,
// then its ">= t" one), and 4 + 2u + h a branch on unit u, its faulty subtree
// first when h = 0 (the lazy search's trees), its healthy one first when
// h = 1 (the symbolic search's, which take answer "no" first).  Below the
// budget (|P| > k) only an Infeasible leaf may stand.
//
// Version 1 (the lazy search alone) let the root stand for sets holding s or
// d too, with an Endpoint leaf for them; this Menger reads version 2 only.
//
// The pairs examined are representatives: the header names the symmetry the
// search used, with generators (node permutations) whose orbits of ordered
// pairs must carry the representatives onto every required pair.
//
// File: a gzip stream (zlib) of
//   line   header JSON: {"format": "menger-route-proof", "version": 1,
//          "question": {...}, "digest": "sha256:..." of the question's JSON
//          text, "symmetry": {"kind": "none" | "translations" |
//          "port automorphisms", "generators": [[node ids], ...]},
//          "inputs": {file: digest}, "menger": {"version": ...}}
//   per shard (one chunk of pairs, as searched): a line {"shard": c,
//          "digest": ..., "pairs": n}, then n records, each
//          varint s, varint d, varint region count, per region a varint
//          node count and the node ids, varint token count, the tokens; all
//          varints (LEB128, unsigned)
//   line   trailer {"end": true, "digest": ..., "shards": S, "pairs": P,
//          "tokens": T}
// Every shard repeats the question's digest, so that a shard spliced in from
// another question's proof is refused.  docs/proofs.md describes it;
// schemas/route-proof-header.schema.json is the header's schema.
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

inline constexpr const char* kRouteProofFormat = "menger-route-proof";
inline constexpr int kRouteProofVersion = 2;

enum RouteProofToken : std::uint64_t {
  kProofDelivered = 0,
  kProofExcused = 1,
  kProofInfeasible = 2,
  kProofCount = 3,
  kProofBranch = 4
};
// The token of a branch on `unit`, faulty subtree first or healthy first.
constexpr std::uint64_t proof_branch(std::size_t unit, bool healthy_first) {
  return kProofBranch + 2 * std::uint64_t{unit} + (healthy_first ? 1 : 0);
}

struct RouteProofHeader : ProofHeader {};  // the question: model, routing, faults, k, path_bound, hop_limit,
                                            // excuse_disconnected

struct PairProof {
  NodeId s = kNoNode, d = kNoNode;
  std::vector<std::uint64_t> tokens;
  std::vector<std::vector<NodeId>> regions;  // the count branches' regions, as the routing asked them
};

struct ProofShard {
  std::uint64_t index = 0;
  std::string digest;
  std::vector<PairProof> pairs;
};

// A written proof, as an answer's evidence names it.
struct RouteProofFile {
  std::string path;
  std::uint64_t bytes = 0, pairs = 0, tokens = 0, runs = 0;  // runs: the search's
};
nlohmann::json to_json(const RouteProofFile& f);

// "sha256:..." of the question's JSON text.
std::string route_proof_digest(const nlohmann::json& question);

// Writes to `path` + ".partial" and renames it to `path` at finish(), so that
// a run that stops early never leaves a file that looks like a whole proof.
class RouteProofWriter {
 public:
  RouteProofWriter(std::string path, RouteProofHeader header);  // throws InputError when unwritable
  ~RouteProofWriter();
  RouteProofWriter(const RouteProofWriter&) = delete;
  RouteProofWriter& operator=(const RouteProofWriter&) = delete;

  const RouteProofHeader& header() const { return header_; }
  // What the search proves, once it knows: the symmetry its pairs were
  // chosen by, and the largest fault count proved (the question's k, or one
  // below a failure's size).  Before the first shard.
  void begin(std::string kind, std::vector<std::vector<NodeId>> generators, std::uint32_t k);
  void shard(std::uint64_t index, const std::vector<PairProof>& pairs);
  void finish();   // the trailer, then the rename
  void abandon();  // removes the partial file; nothing more is written
  bool abandoned() const { return abandoned_; }
  std::uint64_t pairs() const { return pairs_; }
  std::uint64_t tokens() const { return tokens_; }
  std::uint64_t bytes() const { return bytes_; }  // compressed, after finish()
  const std::string& path() const { return path_; }

 private:
  struct File;
  std::string path_;
  RouteProofHeader header_;
  std::unique_ptr<File> file_;
  bool header_written_ = false, done_ = false, abandoned_ = false;
  std::uint64_t shards_ = 0, pairs_ = 0, tokens_ = 0, bytes_ = 0;
  void write(const std::string& bytes);
  void write_header();
};

// Reads a proof, checking its framing as it goes (InputError on anything
// malformed: a bad varint, a line too long, a token count beyond the file,
// an unknown key, a missing trailer).  What the records mean is the
// checker's business.
class RouteProofReader {
 public:
  explicit RouteProofReader(const std::string& path);
  ~RouteProofReader();
  const RouteProofHeader& header() const { return header_; }
  // The next shard, or nullopt at the trailer (then trailer() is set).
  std::optional<ProofShard> next();
  const nlohmann::json& trailer() const { return trailer_; }

 private:
  std::unique_ptr<ProofStream> in_;
  std::string path_;
  RouteProofHeader header_;
  nlohmann::json trailer_;
  std::uint64_t varint();
};

RouteProofHeader route_proof_header_from_json(const nlohmann::json& j);  // throws InputError
nlohmann::json to_json(const RouteProofHeader& h);

}  // namespace menger
