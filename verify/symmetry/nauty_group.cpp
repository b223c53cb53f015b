#include "verify/symmetry/nauty_group.h"

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <optional>
#include <string>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/budget.h"
#include "core/error.h"

// nauty's C headers define macros such as TRUE, FALSE and ALLOCS; they stay in this file.
#include <nauty.h>
#include <nausparse.h>

namespace menger {

namespace {

// nauty reports generators through a callback without a user pointer; the
// collector is per thread (nauty itself is built with thread-local storage).
thread_local std::vector<std::vector<std::uint32_t>>* collector = nullptr;

void collect(int /*count*/, int* perm, int* /*orbits*/, int /*numorbits*/, int /*stabvertex*/, int n) {
  collector->emplace_back(perm, perm + n);
}

void validate(const ColouredGraph& g) {
  if (g.colour.size() != g.n) throw InputError("automorphisms: one colour per vertex is needed");
  if (g.n > std::uint32_t{1} << 30) throw InputError("automorphisms: graph too large for nauty");
  std::vector<std::pair<std::uint32_t, std::uint32_t>> seen;
  seen.reserve(g.edges.size());
  for (auto [a, b] : g.edges) {
    if (a >= g.n || b >= g.n) throw InputError("automorphisms: an edge leaves the graph");
    if (a == b) throw InputError("automorphisms: a loop at vertex " + std::to_string(a));
    seen.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(seen.begin(), seen.end());
  if (std::adjacent_find(seen.begin(), seen.end()) != seen.end())
    throw InputError("automorphisms: a repeated edge (nauty takes simple graphs; subdivide parallel links)");
}

// Compressed adjacency in nauty's sparsegraph layout (v: offsets, d: degrees, e: neighbours).
struct SparseStorage {
  std::vector<std::size_t> v;
  std::vector<int> d, e;
};

SparseStorage sparse(const ColouredGraph& g) {
  SparseStorage s;
  s.v.assign(g.n, 0);
  s.d.assign(g.n, 0);
  for (auto [a, b] : g.edges) ++s.d[a], ++s.d[b];
  for (std::uint32_t i = 1; i < g.n; ++i) s.v[i] = s.v[i - 1] + static_cast<std::size_t>(s.d[i - 1]);
  s.e.assign(2 * g.edges.size(), 0);
  std::vector<std::size_t> fill(s.v);
  for (auto [a, b] : g.edges) {
    s.e[fill[a]++] = static_cast<int>(b);
    s.e[fill[b]++] = static_cast<int>(a);
  }
  return s;
}

}  // namespace

std::string GraphGroup::order_text() const {
  if (order_exponent == 0 && order_mantissa < 1e15 && order_mantissa == std::floor(order_mantissa)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", order_mantissa);
    return buf;
  }
  // nauty keeps mantissa * 10^exponent with a mantissa that may exceed 10: normalise.
  const int shift = order_mantissa > 0 ? static_cast<int>(std::floor(std::log10(order_mantissa))) : 0;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6ge%d", order_mantissa / std::pow(10.0, shift), order_exponent + shift);
  return buf;
}

namespace {

// nauty itself, in this process.
GraphGroup run_nauty(const ColouredGraph& g) {
  GraphGroup out;
  out.orbits.resize(g.n);
  std::iota(out.orbits.begin(), out.orbits.end(), 0u);
  if (g.n == 0) return out;
  const int n = static_cast<int>(g.n);
  const int m = SETWORDSNEEDED(n);
  nauty_check(WORDSIZE, m, n, NAUTYVERSIONID);

  SparseStorage s = sparse(g);
  sparsegraph sg;
  sg.nv = n;
  sg.nde = s.e.size();
  sg.v = s.v.data();
  sg.d = s.d.data();
  sg.e = s.e.data();
  sg.w = nullptr;
  sg.vlen = s.v.size();
  sg.dlen = s.d.size();
  sg.elen = s.e.size();
  sg.wlen = 0;

  // The colour partition: vertices sorted by (colour, id), a cell per colour.
  std::vector<int> lab(g.n), ptn(g.n), orbits(g.n);
  std::iota(lab.begin(), lab.end(), 0);
  std::stable_sort(lab.begin(), lab.end(), [&](int a, int b) { return g.colour[std::size_t(a)] < g.colour[std::size_t(b)]; });
  for (std::size_t i = 0; i < g.n; ++i)
    ptn[i] = (i + 1 < g.n && g.colour[std::size_t(lab[i])] == g.colour[std::size_t(lab[i + 1])]) ? 1 : 0;

  DEFAULTOPTIONS_SPARSEGRAPH(options);
  options.defaultptn = FALSE;
  options.getcanon = FALSE;
  options.userautomproc = collect;
  statsblk stats;
  collector = &out.generators;
  sparsenauty(&sg, lab.data(), ptn.data(), orbits.data(), &options, &stats, nullptr);
  collector = nullptr;
  if (stats.errstatus != 0) throw InternalError("nauty failed with status " + std::to_string(stats.errstatus));
  out.order_mantissa = stats.grpsize1;
  out.order_exponent = stats.grpsize2;
  for (std::size_t i = 0; i < g.n; ++i) out.orbits[i] = static_cast<std::uint32_t>(orbits[i]);
  return out;
}

// ---- nauty under a deadline ---------------------------------------------------
//
// nauty polls its kill flag (nauty_kill_request) only between nodes of its
// search tree, and refining the root of a graph of millions of vertices is one
// step of minutes: rdn(base=hypercube(5), k=2) under --budget 90 stopped after
// 159 s that way.  Under a deadline nauty therefore runs in a child process,
// which the parent kills when the deadline passes; the child sends its result
// back through a pipe.  The parent also stops it when the memory limit is
// reached (the child's resident memory counts with the parent's: nauty on a
// graph of millions of vertices takes gigabytes) or the command is
// cancelled, so that a graph of kChildFrom vertices or more goes to a child
// even without a deadline.  Smaller graphs without a deadline run in this
// process, as before.  The child only runs nauty and writes (glibc's malloc is
// safe after fork), then leaves with _exit.
constexpr std::uint32_t kChildFrom = std::uint32_t{1} << 16;
// How often the parent looks at the memory and the cancellation while it waits.
constexpr int kWatchMs = 20;

// The result as 32-bit words: the order's mantissa (two words) and exponent,
// the generator count, the orbits, then each generator.  Errors do not travel:
// the child exits 1 on any.
std::vector<std::uint32_t> serialise(const GraphGroup& r, std::uint32_t n) {
  std::vector<std::uint32_t> w;
  w.reserve(5 + n + r.generators.size() * n);
  std::uint64_t bits;
  std::memcpy(&bits, &r.order_mantissa, sizeof bits);
  w.push_back(static_cast<std::uint32_t>(bits));
  w.push_back(static_cast<std::uint32_t>(bits >> 32));
  w.push_back(static_cast<std::uint32_t>(r.order_exponent));
  w.push_back(static_cast<std::uint32_t>(r.generators.size()));
  w.insert(w.end(), r.orbits.begin(), r.orbits.end());
  for (const auto& gen : r.generators) w.insert(w.end(), gen.begin(), gen.end());
  return w;
}

GraphGroup deserialise(const std::vector<std::uint32_t>& w, std::uint32_t n) {
  if (w.size() < 4) throw InternalError("nauty's child process sent a truncated result");
  GraphGroup r;
  const std::uint64_t bits = std::uint64_t{w[0]} | std::uint64_t{w[1]} << 32;
  std::memcpy(&r.order_mantissa, &bits, sizeof bits);
  r.order_exponent = static_cast<int>(w[2]);
  const std::uint64_t count = w[3];
  if (w.size() != 4 + std::uint64_t{n} * (1 + count)) throw InternalError("nauty's child process sent a truncated result");
  r.orbits.assign(w.begin() + 4, w.begin() + 4 + n);
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto from = w.begin() + static_cast<std::ptrdiff_t>(4 + n * (1 + i));
    r.generators.emplace_back(from, from + n);
  }
  return r;
}

[[noreturn]] void child(const ColouredGraph& g, int out) {
  int status = 0;
  try {
    const std::vector<std::uint32_t> w = serialise(run_nauty(g), g.n);
    const char* p = reinterpret_cast<const char*>(w.data());
    std::size_t left = w.size() * sizeof(std::uint32_t);
    while (left > 0) {
      const ssize_t k = write(out, p, left);
      if (k < 0 && errno == EINTR) continue;
      if (k <= 0) {
        status = 1;
        break;
      }
      p += k;
      left -= static_cast<std::size_t>(k);
    }
  } catch (...) {
    status = 1;
  }
  _exit(status);
}

// The resident memory of process `pid`, in bytes (0 when /proc cannot tell).
std::uint64_t resident_bytes_of(pid_t pid) {
  const std::string file = "/proc/" + std::to_string(pid) + "/statm";
  std::FILE* f = std::fopen(file.c_str(), "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  const int read = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  return read == 2 ? resident * static_cast<std::uint64_t>(sysconf(_SC_PAGE_SIZE)) : 0;
}

// Why the child must stop now, if it must: the deadline, the memory limit
// (the child's resident memory and this process's together) or cancellation.
std::optional<StopCause> watch(pid_t child, const Budget& budget) {
  if (budget.passed()) return budget.cause();
  if (resident_bytes() + resident_bytes_of(child) >= budget.memory_limit()) return StopCause::Memory;
  return std::nullopt;
}

// Reads the child's bytes until it closes the pipe; the reason to stop when
// watch() gives one first.
std::optional<StopCause> read_until(int in, pid_t child, const Budget& budget, std::vector<char>& bytes) {
  char buf[1 << 16];
  for (;;) {
    if (const auto stop = watch(child, budget)) return stop;
    pollfd p{in, POLLIN, 0};
    const int ready = poll(&p, 1, kWatchMs);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) throw InternalError(std::string("poll on nauty's child process: ") + std::strerror(errno));
    if (ready == 0) continue;
    const ssize_t k = read(in, buf, sizeof buf);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) throw InternalError(std::string("reading nauty's child process: ") + std::strerror(errno));
    if (k == 0) return std::nullopt;
    bytes.insert(bytes.end(), buf, buf + k);
  }
}

}  // namespace

GraphGroup nauty_automorphisms_in_child(const ColouredGraph& g, const Budget& budget) {
  validate(g);
  int fds[2];
  if (pipe(fds) != 0) throw InternalError(std::string("pipe for nauty's child process: ") + std::strerror(errno));
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw InternalError(std::string("fork for nauty: ") + std::strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    child(g, fds[1]);
  }
  close(fds[1]);
  std::vector<char> bytes;
  std::optional<StopCause> stopped;
  try {
    stopped = read_until(fds[0], pid, budget, bytes);
  } catch (...) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    close(fds[0]);
    throw;
  }
  close(fds[0]);
  if (stopped) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (stopped) throw BudgetExhausted("computing the automorphism group", 0, *stopped, budget.reason(*stopped));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || bytes.size() % sizeof(std::uint32_t) != 0)
    throw InternalError("nauty failed in its child process");
  std::vector<std::uint32_t> w(bytes.size() / sizeof(std::uint32_t));
  std::memcpy(w.data(), bytes.data(), bytes.size());
  return deserialise(w, g.n);
}

GraphGroup nauty_automorphisms(const ColouredGraph& g, const Budget& budget) {
  budget.check("computing the automorphism group");
  if (budget.deadline() || g.n >= kChildFrom) return nauty_automorphisms_in_child(g, budget);
  validate(g);
  return run_nauty(g);
}

}  // namespace menger
