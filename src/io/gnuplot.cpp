#include "io/gnuplot.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/error.h"

namespace menger {

std::optional<std::string> find_gnuplot() {
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
    const std::string dir = dirs.substr(start, colon - start);
    const std::string candidate = (std::filesystem::path(dir.empty() ? "." : dir) / "gnuplot").string();
    if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate)) return candidate;
    start = colon + 1;
  }
  return std::nullopt;
}

namespace {

// A path for /bin/sh: in single quotes, a ' written as '\''.
std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs the command; its exit status, and its output in `messages`.
int run_command(const std::string& command, std::string& messages) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw InputError("cannot start gnuplot: " + command);
  char buf[256];
  while (fgets(buf, sizeof buf, pipe)) messages += buf;
  return pclose(pipe);
}

}  // namespace

void run_gnuplot(const std::string& script_path, const std::string& image_path,
                 const std::function<void(std::ostream&)>& write_script) {
  const auto gnuplot = find_gnuplot();
  if (!gnuplot)
    throw InputError("cannot draw " + image_path + ": gnuplot is not on PATH (install the Debian package gnuplot-nox)");
  {
    std::ofstream script(script_path);
    if (!script) throw InputError("cannot write " + script_path);
    write_script(script);
  }
  std::string messages;
  const int status = run_command(shell_quoted(*gnuplot) + " " + shell_quoted(script_path) + " 2>&1", messages);
  if (status != 0)
    throw InputError("gnuplot failed on " + script_path + (messages.empty() ? "" : ": " + messages.substr(0, 400)));
}

std::string gnuplot_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("''") : std::string(1, c);  // gnuplot's single-quote escape
  return q + "'";
}

}  // namespace menger
