#include "io/child_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <thread>

#include "core/error.h"

extern char** environ;

namespace menger {

namespace {

int exit_status(int raw) { return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw); }

std::vector<std::string> environment_with(const std::vector<std::pair<std::string, std::string>>& set) {
  std::map<std::string, std::string> vars;
  for (char** e = environ; *e; ++e) {
    const char* eq = std::strchr(*e, '=');
    if (eq) vars[std::string(*e, static_cast<std::size_t>(eq - *e))] = eq + 1;
  }
  for (const auto& [k, v] : set) vars[k] = v;
  std::vector<std::string> out;
  for (const auto& [k, v] : vars) out.push_back(k + "=" + v);
  return out;
}

std::vector<char*> pointers(std::vector<std::string>& words) {
  std::vector<char*> p;
  for (auto& w : words) p.push_back(w.data());
  p.push_back(nullptr);
  return p;
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv,
                           const std::vector<std::pair<std::string, std::string>>& env,
                           const std::filesystem::path& out) {
  std::vector<std::string> args = argv, vars = environment_with(env);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&files, 1, 2);
  const int rc = posix_spawnp(&pid_, args.at(0).c_str(), &files, nullptr, pointers(args).data(), pointers(vars).data());
  posix_spawn_file_actions_destroy(&files);
  if (rc != 0) {
    pid_ = -1;
    throw InputError("cannot start " + args[0] + ": " + std::strerror(rc));
  }
}

ChildProcess::~ChildProcess() {
  try {
    stop(std::chrono::milliseconds(2000));
  } catch (...) {  // a destructor throws nothing; stop() only waits and signals
  }
}

bool ChildProcess::running() {
  if (status_ || pid_ < 0) return false;
  int raw = 0;
  const pid_t r = ::waitpid(pid_, &raw, WNOHANG);
  if (r == pid_) status_ = exit_status(raw);
  return !status_;
}

int ChildProcess::wait() {
  if (!status_ && pid_ >= 0) {
    int raw = 0;
    while (::waitpid(pid_, &raw, 0) < 0 && errno == EINTR) {
    }
    status_ = exit_status(raw);
  }
  return status_.value_or(-1);
}

int ChildProcess::stop(std::chrono::milliseconds grace) {
  if (!running()) return status_.value_or(-1);
  ::kill(pid_, SIGTERM);
  const auto until = std::chrono::steady_clock::now() + grace;
  while (running() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  if (running()) ::kill(pid_, SIGKILL);
  return wait();
}

}  // namespace menger
