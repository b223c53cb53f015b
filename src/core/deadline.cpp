#include "core/deadline.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace menger {

namespace {

// Nanoseconds since the steady clock's epoch; kNone when no deadline is set.
constexpr std::int64_t kNone = INT64_MAX;
std::atomic<std::int64_t> g_deadline{kNone};
std::atomic<bool> g_cancel{false};
std::atomic<std::uint64_t> g_memory_limit{0};  // 0: the default
std::atomic<bool> g_memory_hit{false};         // sticky until the next scope opens
std::atomic<std::int64_t> g_next_memory_read{0};
// How often the resident size is read: often enough that a command that
// allocates a gigabyte a second overshoots the limit by a few megabytes.
constexpr std::int64_t kMemoryReadEvery = 5'000'000;  // ns

std::int64_t ticks(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

std::string percent(double fraction) {
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f%%", fraction * 100);
  return pct;
}

std::string describe(const std::string& phase, double fraction, StopCause cause) {
  return stop_reason(cause) + " while " + phase + " (" + percent(fraction) + " of it done)";
}

// "18.0 GiB"; below a GiB in MiB ("256 MiB"), where one decimal of a GiB says too little.
std::string gib_text(std::uint64_t bytes) {
  char text[32];
  if (bytes < (1ull << 30)) std::snprintf(text, sizeof text, "%.0f MiB", static_cast<double>(bytes) / double(1ull << 20));
  else std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / double(1ull << 30));
  return text;
}

// A number from a one-line file such as /sys/fs/cgroup/memory.max (0: none or "max").
std::uint64_t number_in(const char* file) {
  std::ifstream in(file);
  std::string word;
  if (!(in >> word) || word.find_first_not_of("0123456789") != std::string::npos || word.size() > 19) return 0;
  return std::stoull(word);
}

std::uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || size <= 0) return std::uint64_t{8} << 30;  // cannot tell: assume a small machine
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(size);
}

bool memory_exceeded() {
  if (g_memory_hit.load(std::memory_order_relaxed)) return true;
  const std::int64_t now = ticks(Clock::now());
  std::int64_t next = g_next_memory_read.load(std::memory_order_relaxed);
  if (now < next || !g_next_memory_read.compare_exchange_strong(next, now + kMemoryReadEvery)) return false;
  if (resident_bytes() < memory_limit()) return false;
  g_memory_hit = true;
  return true;
}

// stop_after_checks(): the check that stops the command (-1: none), and
// how many checks were made since it was set.
std::atomic<std::int64_t> g_stop_at_check{-1};
std::atomic<std::int64_t> g_checks{0};

// MENGER_TEST_BUDGET_CHECKS=N in the environment: stop_after_checks(N) at
// start-up, for tests that stop a command at every point its checks reach.
// Anything but a whole decimal number is one error before the program starts
// (a test that misspelt it must not run unstopped and pass).
const bool g_checks_from_environment = [] {
  const char* text = std::getenv("MENGER_TEST_BUDGET_CHECKS");
  if (!text) return true;
  const char* end = text + std::strlen(text);
  std::int64_t n = -1;
  const auto r = std::from_chars(text, end, n);
  if (r.ec != std::errc() || r.ptr != end || r.ptr == text || n < 0) {
    std::fprintf(stderr, "menger: MENGER_TEST_BUDGET_CHECKS='%s' is not a whole number of checks\n", text);
    std::_Exit(2);
  }
  g_stop_at_check = n;
  return true;
}();

bool stopped_by_check_count() {
  const std::int64_t at = g_stop_at_check.load(std::memory_order_relaxed);
  return at >= 0 && g_checks.fetch_add(1, std::memory_order_relaxed) >= at;
}

}  // namespace

BudgetExhausted::BudgetExhausted(std::string phase, double fraction_done, StopCause cause)
    : std::runtime_error(describe(phase, fraction_done, cause)), phase_(std::move(phase)), fraction_(fraction_done),
      cause_(cause) {}

DeadlineScope::DeadlineScope(std::optional<Clock::time_point> deadline) : previous_(g_deadline.load()) {
  g_deadline.store(deadline ? std::min(previous_, ticks(*deadline)) : previous_);
  g_memory_hit = false;  // a new command (or claim instance) starts below the limit or finds out anew
}

DeadlineScope::~DeadlineScope() { g_deadline.store(previous_); }

std::optional<Clock::time_point> ambient_deadline() {
  const std::int64_t d = g_deadline.load(std::memory_order_relaxed);
  if (d == kNone) return std::nullopt;
  return Clock::time_point(std::chrono::duration_cast<Clock::duration>(std::chrono::nanoseconds(d)));
}

std::optional<Clock::time_point> earliest_deadline(std::optional<Clock::time_point> own) {
  const auto ambient = ambient_deadline();
  if (!ambient) return own;
  if (!own) return ambient;
  return std::min(*own, *ambient);
}

bool deadline_passed() {
  if (g_cancel.load(std::memory_order_relaxed)) return true;
  if (stopped_by_check_count()) return true;
  const std::int64_t d = g_deadline.load(std::memory_order_relaxed);
  if (d != kNone && ticks(Clock::now()) > d) return true;
  return memory_exceeded();
}

void check_deadline(std::string_view phase, std::uint64_t done, std::uint64_t total) {
  if (!deadline_passed()) return;
  const double fraction = total ? std::min(1.0, double(done) / double(total)) : 0.0;
  throw BudgetExhausted(std::string(phase), fraction, stop_cause());
}

void check_memory_for(std::string_view phase, std::uint64_t bytes) {
  const std::uint64_t limit = memory_limit(), resident = resident_bytes();
  if (resident < limit && bytes <= limit - resident) return;
  g_memory_hit = true;  // the command stops here: later checks say why
  throw BudgetExhausted(std::string(phase) + ", which needs " + gib_text(bytes) + " more", 0, StopCause::Memory);
}

StopCause stop_cause() {
  if (g_cancel.load(std::memory_order_relaxed)) return StopCause::Interrupted;
  if (g_memory_hit.load(std::memory_order_relaxed)) return StopCause::Memory;
  return StopCause::Time;
}

std::string stop_reason() { return stop_reason(stop_cause()); }

std::string stop_reason(StopCause cause) {
  switch (cause) {
    case StopCause::Memory:
      return "the memory limit (" + gib_text(memory_limit()) + ") was reached";
    case StopCause::Interrupted:
      return "the run was interrupted";
    case StopCause::Time:
      break;
  }
  // A test's stop (stop_after_checks) says so: a variable left set in a
  // user's environment must not pass for a --budget that ran out.
  const std::int64_t at = g_stop_at_check.load(std::memory_order_relaxed);
  if (at >= 0 && g_checks.load(std::memory_order_relaxed) > at)
    return "the test budget of " + std::to_string(at) + " checks (MENGER_TEST_BUDGET_CHECKS) ran out";
  return "the budget ran out";
}

std::uint64_t memory_limit() {
  const std::uint64_t set = g_memory_limit.load(std::memory_order_relaxed);
  if (set) return set;
  static const std::uint64_t fallback = default_memory_limit();
  return fallback;
}

void set_memory_limit(std::uint64_t bytes) { g_memory_limit = bytes; }

std::uint64_t default_memory_limit() {
  std::uint64_t total = physical_memory();
  // cgroup v2, then v1: a container's limit is what the kernel enforces.
  for (const char* file : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"})
    if (const std::uint64_t limit = number_in(file); limit > 0 && limit < total) total = limit;
  return total / 4 * 3;
}

std::uint64_t resident_bytes() {
  // /proc/self/statm: size resident shared text lib data dt, in pages.
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  const int read = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  if (read != 2) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGE_SIZE));
}

void stop_after_checks(std::int64_t n) {
  g_checks = 0;
  g_stop_at_check = n < 0 ? -1 : n;
}

void request_cancel() { g_cancel.store(true, std::memory_order_relaxed); }
void clear_cancel() { g_cancel.store(false, std::memory_order_relaxed); }

}  // namespace menger
