// A route-check proof taken apart and written back (verify/route/route_proof.h's
// format), for the tests that forge proofs: the parts as read, a writer that
// writes them uncompressed (zlib reads a plain file as it is) with a trailer
// counting what is written, and a fixture that checks a forgery.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "question/route_check_question.h"
#include "scratch_dir.h"
#include "setup/specs.h"
#include "verify/check/route_proof_check.h"
#include "verify/route/route_proof.h"

namespace menger::testing {

// A route-check question the proof tests ask, with `proof` set.
struct ProofCase {
  std::string model, routing, faults;
  std::uint32_t k;
  std::optional<std::string> path_bound;
  bool excuse = false, symmetry = true;

  RouteCheckQuestion question(const std::string& proof, const std::string& search = "lazy") const {
    RouteCheckQuestion q;
    q.faults = faults;
    q.k = k;
    q.path_bound = path_bound;
    q.excuse_disconnected = excuse;
    q.symmetry = symmetry;
    q.search = search;
    q.proof = proof;
    return q;
  }
};

struct ProofParts {
  RouteProofHeader header;
  std::vector<ProofShard> shards;
};

inline ProofParts read_proof_parts(const std::string& path) {
  RouteProofReader r(path);
  ProofParts p{r.header(), {}};
  while (auto s = r.next()) p.shards.push_back(std::move(*s));
  return p;
}

inline void put_proof_varint(std::string& out, std::uint64_t v) {
  for (; v >= 0x80; v >>= 7) out.push_back(static_cast<char>((v & 0x7f) | 0x80));
  out.push_back(static_cast<char>(v));
}

inline void write_proof_parts(const ProofParts& p, const std::string& path) {
  std::string out = json_text(to_json(p.header)) + "\n";
  std::uint64_t pairs = 0, tokens = 0;
  for (const ProofShard& s : p.shards) {
    out += json_text({{"shard", s.index}, {"digest", s.digest}, {"pairs", s.pairs.size()}}) + "\n";
    for (const PairProof& pp : s.pairs) {
      put_proof_varint(out, pp.s);
      put_proof_varint(out, pp.d);
      put_proof_varint(out, pp.regions.size());
      for (const auto& r : pp.regions) {
        put_proof_varint(out, r.size());
        for (NodeId v : r) put_proof_varint(out, v);
      }
      put_proof_varint(out, pp.tokens.size());
      for (auto t : pp.tokens) put_proof_varint(out, t);
      tokens += pp.tokens.size();
    }
    pairs += s.pairs.size();
  }
  out += json_text({{"end", true}, {"digest", p.header.digest}, {"shards", p.shards.size()}, {"pairs", pairs},
                    {"tokens", tokens}}) +
         "\n";
  std::ofstream(path, std::ios::binary) << out;
}

// Where each tree node's token stands (a count branch's two operands skipped).
inline std::vector<std::size_t> proof_node_positions(const std::vector<std::uint64_t>& tokens) {
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < tokens.size(); i += tokens[i] == kProofCount ? 3 : 1) at.push_back(i);
  return at;
}

// The position of the first tree node whose token is `t`; tokens.size() if none.
inline std::size_t first_proof_node(const std::vector<std::uint64_t>& tokens, std::uint64_t t) {
  for (std::size_t i : proof_node_positions(tokens))
    if (tokens[i] == t) return i;
  return tokens.size();
}

inline std::string proof_problems(const RouteProofReport& r) {
  std::string s;
  for (const auto& p : r.problems) s += p + "\n";
  return s;
}

// A scratch folder with a good proof's and a forgery's file, and the specs
// the checker rebuilds the question from.
class ProofForgery : public ::testing::Test {
 protected:
  explicit ProofForgery(SpecResolver specs) : specs_(std::move(specs)) {}
  ScratchDir dir_{"menger-proof-forgery-"};
  SpecResolver specs_;
  std::string good_ = (dir_.path() / "good.gz").string(), forged_ = (dir_.path() / "forged.gz").string();

  // The forgery, written and checked: refused with a problem containing `why`.
  void expect_refused(const ProofParts& p, const std::string& why) {
    write_proof_parts(p, forged_);
    const RouteProofReport r = check_route_proof(forged_, specs_);
    EXPECT_FALSE(r.valid);
    EXPECT_NE(proof_problems(r).find(why), std::string::npos) << proof_problems(r);
  }
};

}  // namespace menger::testing
