// Version and build description, printed by `menger --version` and recorded in
// every JSON output (STYLE.md point 7).
#pragma once

#include <string>

namespace menger {

inline constexpr const char* kVersion = "0.1.0";
std::string build_description();  // compiler, build type, sanitizers

}  // namespace menger
