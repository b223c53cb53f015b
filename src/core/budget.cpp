#include "core/budget.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace menger {

namespace {

// How often the resident size is read: often enough that a question that
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

// MENGER_TEST_BUDGET_CHECKS=N in the environment: the test stop every budget
// made by until() starts with (-1: none).  Read once, when the program starts;
// anything but a whole decimal number is one error before the program starts
// (a test that misspelt it must not run unstopped and pass).
const std::int64_t g_test_checks_from_environment = [] {
  const char* text = std::getenv("MENGER_TEST_BUDGET_CHECKS");
  if (!text) return std::int64_t{-1};
  const char* end = text + std::strlen(text);
  std::int64_t n = -1;
  const auto r = std::from_chars(text, end, n);
  if (r.ec != std::errc() || r.ptr != end || r.ptr == text || n < 0) {
    std::fprintf(stderr, "menger: MENGER_TEST_BUDGET_CHECKS='%s' is not a whole number of checks\n", text);
    std::_Exit(2);
  }
  return n;
}();

}  // namespace

struct Budget::Token {
  std::atomic<bool> cancelled{false};
  std::uint64_t memory_limit = 0;        // 0: the default
  std::atomic<std::int64_t> stop_at{-1};  // stop_after_checks(): the check that stops (-1: none)
  std::atomic<std::int64_t> checks{0};    // checks made since it was set
};

struct Budget::Watch {
  std::atomic<bool> memory_hit{false};  // sticky: the question stops for good
  std::atomic<std::int64_t> next_read{0};
};

BudgetExhausted::BudgetExhausted(std::string phase, double fraction_done, StopCause cause, std::string reason)
    : std::runtime_error(reason + " while " + phase + " (" + percent(fraction_done) + " of it done)"),
      phase_(std::move(phase)), fraction_(fraction_done), cause_(cause) {}

Budget::Budget() : Budget(std::make_shared<Token>(), std::nullopt) {}

Budget::Budget(std::shared_ptr<Token> token, std::optional<Clock::time_point> deadline)
    : token_(std::move(token)), watch_(std::make_shared<Watch>()), deadline_(deadline) {}

Budget Budget::until(std::optional<Clock::time_point> deadline, std::uint64_t memory_limit) {
  auto token = std::make_shared<Token>();
  token->memory_limit = memory_limit;
  token->stop_at = g_test_checks_from_environment;
  return Budget(std::move(token), deadline);
}

Budget Budget::for_seconds(std::optional<std::chrono::seconds> seconds, std::uint64_t memory_limit) {
  return until(seconds ? std::optional(Clock::now() + *seconds) : std::nullopt, memory_limit);
}

Budget Budget::narrowed(std::optional<Clock::time_point> deadline) const {
  if (!deadline) return Budget(token_, deadline_);
  return Budget(token_, deadline_ ? std::min(*deadline_, *deadline) : *deadline);
}

Budget Budget::narrowed(std::optional<Clock::duration> from_now) const {
  return narrowed(from_now ? std::optional(Clock::now() + *from_now) : std::nullopt);
}

bool Budget::memory_exceeded() const {
  if (watch_->memory_hit.load(std::memory_order_relaxed)) return true;
  const std::int64_t now = ticks(Clock::now());
  std::int64_t next = watch_->next_read.load(std::memory_order_relaxed);
  if (now < next || !watch_->next_read.compare_exchange_strong(next, now + kMemoryReadEvery)) return false;
  if (resident_bytes() < memory_limit()) return false;
  watch_->memory_hit = true;
  return true;
}

bool Budget::stopped_by_check_count() const {
  const std::int64_t at = token_->stop_at.load(std::memory_order_relaxed);
  return at >= 0 && token_->checks.fetch_add(1, std::memory_order_relaxed) >= at;
}

bool Budget::passed() const {
  if (token_->cancelled.load(std::memory_order_relaxed)) return true;
  if (stopped_by_check_count()) return true;
  if (deadline_ && Clock::now() > *deadline_) return true;
  return memory_exceeded();
}

void Budget::check(std::string_view phase, std::uint64_t done, std::uint64_t total) const {
  if (!passed()) return;
  throw exhausted(phase, total ? std::min(1.0, double(done) / double(total)) : 0.0);
}

BudgetExhausted Budget::exhausted(std::string_view phase, double fraction_done) const {
  const StopCause why = cause();
  return BudgetExhausted(std::string(phase), fraction_done, why, reason(why));
}

void Budget::check_memory_for(std::string_view phase, std::uint64_t bytes) const {
  const std::uint64_t limit = memory_limit(), resident = resident_bytes();
  if (resident < limit && bytes <= limit - resident) return;
  watch_->memory_hit = true;  // the question stops here: later checks say why
  throw BudgetExhausted(std::string(phase) + ", which needs " + gib_text(bytes) + " more", 0, StopCause::Memory,
                        reason(StopCause::Memory));
}

StopCause Budget::cause() const {
  if (token_->cancelled.load(std::memory_order_relaxed)) return StopCause::Interrupted;
  if (watch_->memory_hit.load(std::memory_order_relaxed)) return StopCause::Memory;
  return StopCause::Time;
}

std::string Budget::reason() const { return reason(cause()); }

std::string Budget::reason(StopCause cause) const {
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
  const std::int64_t at = token_->stop_at.load(std::memory_order_relaxed);
  if (at >= 0 && token_->checks.load(std::memory_order_relaxed) > at)
    return "the test budget of " + std::to_string(at) + " checks (MENGER_TEST_BUDGET_CHECKS) ran out";
  return "the budget ran out";
}

std::uint64_t Budget::memory_limit() const {
  if (token_->memory_limit) return token_->memory_limit;
  static const std::uint64_t fallback = default_memory_limit();
  return fallback;
}

void Budget::cancel() const { token_->cancelled.store(true, std::memory_order_relaxed); }
void Budget::clear_cancel() const { token_->cancelled.store(false, std::memory_order_relaxed); }

void Budget::stop_after_checks(std::int64_t n) const {
  token_->checks = 0;
  token_->stop_at = n < 0 ? -1 : n;
}

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

}  // namespace menger
