#include "io/program.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "core/error.h"

namespace menger {

std::optional<std::string> find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
    const std::string dir = dirs.substr(start, colon - start);
    const std::string candidate = (std::filesystem::path(dir.empty() ? "." : dir) / name).string();
    if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate)) return candidate;
    start = colon + 1;
  }
  return std::nullopt;
}

namespace {

// A word for /bin/sh: in single quotes, a ' written as '\''.
std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

int run_program(const std::string& program, const std::vector<std::string>& args, std::string& messages) {
  // popen through /bin/sh with every word quoted: the output is read back
  // without a second pipe, and nothing in a file name is interpreted.
  std::string command = shell_quoted(program);
  for (const std::string& a : args) command += " " + shell_quoted(a);
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) throw InputError("cannot start " + program);
  char buf[256];
  while (fgets(buf, sizeof buf, pipe)) messages += buf;
  return pclose(pipe);
}

}  // namespace menger
