// Reading a proof file (verify/route/route_proof.h, verify/deadlock/
// deadlock_proof.h): a gzip stream, one or more members read as one (zlib
// reads a plain file as it is), in lines and bytes, with every way it can be
// cut or damaged an InputError naming the file.  Shared by both formats'
// readers, so that both refuse a damaged file the same way.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/types.h"

namespace menger {

// What both formats' headers hold: the question the proof proves, its
// digest, the symmetry its search reduced by with the generators, and the
// digests of the input files.  Each format derives its own header type.
struct ProofHeader {
  nlohmann::json question;
  std::string digest;  // of json_text(question)
  std::string symmetry = "none";
  std::vector<std::vector<NodeId>> generators;
  nlohmann::json inputs = nlohmann::json::object();  // evidence_inputs.h's view
};
nlohmann::json proof_header_json(const ProofHeader& h, const char* format, int version);
// The header of a proof of `format` ("a route-check proof" names it in errors),
// every field checked; InputError otherwise.
ProofHeader proof_header_from_json(const nlohmann::json& j, const char* format, int version, const char* name);

class ProofStream {
 public:
  explicit ProofStream(std::string path);  // InputError when it cannot be opened
  ~ProofStream();
  ProofStream(const ProofStream&) = delete;
  ProofStream& operator=(const ProofStream&) = delete;

  // The next line without its newline; InputError when the file ends inside
  // it or it is longer than 1 GiB.
  std::string line();
  // The next byte; InputError naming `inside` when the file ends there.
  std::uint8_t byte(const char* inside);
  // After the trailer: nothing may follow, and zlib must report the stream
  // whole (it hands out what it decompressed before it reports a cut member
  // or a bad CRC).
  void expect_end();
  const std::string& path() const { return path_; }

 private:
  struct File;
  std::unique_ptr<File> file_;
  std::string path_;
};

}  // namespace menger
