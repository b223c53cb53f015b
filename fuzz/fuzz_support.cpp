#include "fuzz_support.h"

#include <fstream>
#include <unistd.h>

namespace menger::fuzz {

std::filesystem::path scratch_file(std::string_view extension, std::string_view bytes) {
  std::filesystem::path p = std::filesystem::temp_directory_path() /
                            ("menger-fuzz-" + std::to_string(::getpid()) + std::string(extension));
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return p;
}

}  // namespace menger::fuzz
