// A proof's scratch file for a claim that re-checks its search's proof
// (route-tolerance, deadlock-free under faults): removed when the claim is
// checked, since the catalog keeps what the re-check found, not the file.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>

namespace menger {

struct ScratchProof {
  std::string path;
  ScratchProof() {
    static std::atomic<std::uint64_t> count{0};
    path = (std::filesystem::temp_directory_path() /
            ("menger-proof-" + std::to_string(::getpid()) + "-" + std::to_string(count++) + ".gz"))
               .string();
  }
  ~ScratchProof() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
  ScratchProof(const ScratchProof&) = delete;
  ScratchProof& operator=(const ScratchProof&) = delete;
};

}  // namespace menger
