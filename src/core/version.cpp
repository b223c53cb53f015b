#include "core/version.h"

#ifndef MENGER_BUILD_TYPE
#define MENGER_BUILD_TYPE "unknown"
#endif

namespace menger {

std::string build_description() {
  std::string s;
#if defined(__clang__)
  s = "clang " __clang_version__;
#elif defined(__GNUC__)
  s = "gcc " __VERSION__;
#endif
  s += ", " MENGER_BUILD_TYPE;
#if defined(__SANITIZE_ADDRESS__)
  s += ", asan+ubsan";
#endif
  return s;
}

}  // namespace menger
