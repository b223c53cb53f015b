// A program Menger starts and stops itself (the simulator and the subnet
// manager of src/io/opensm_session.h), unlike run_program (io/program.h),
// which waits for a program to end.  No shell: arguments are passed as
// given, output goes to files, the environment is this process's with some
// variables set.  The destructor stops a child still running (TERM, then KILL
// after a grace period), so that no simulator outlives an error or Ctrl-C.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace menger {

class ChildProcess {
 public:
  // Starts argv[0] (looked up on PATH) with stdin from /dev/null and stdout,
  // stderr to `out` (truncated).  Throws InputError when it cannot start.
  ChildProcess(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env,
               const std::filesystem::path& out);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Still running?  Collects the exit status when it has ended.
  bool running();
  // Waits for the end; its exit status (128 + N when killed by signal N).
  int wait();
  // TERM, up to `grace` for the end, then KILL; the exit status.
  int stop(std::chrono::milliseconds grace = std::chrono::milliseconds(5000));

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
};

}  // namespace menger
