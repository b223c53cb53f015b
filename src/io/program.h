// Running an external program (gnuplot, Graphviz): looked up on PATH first,
// so that a machine without it gets one clear message naming the package,
// rather than a shell's "command not found".
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace menger {

// The executable `name` on PATH (PATH unset: /usr/bin and /bin), or nullopt.
std::optional<std::string> find_program(const std::string& name);

// Runs `program` with `args` (no shell interprets them) and returns its exit
// status, its output (stdout and stderr) in `messages`.  Throws InputError
// when it cannot be started.
int run_program(const std::string& program, const std::vector<std::string>& args, std::string& messages);

}  // namespace menger
