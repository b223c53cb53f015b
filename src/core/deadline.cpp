#include "core/deadline.h"

#include <algorithm>
#include <atomic>
#include <cstdio>

namespace menger {

namespace {

// Nanoseconds since the steady clock's epoch; kNone when no deadline is set.
constexpr std::int64_t kNone = INT64_MAX;
std::atomic<std::int64_t> g_deadline{kNone};

std::int64_t ticks(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

std::string describe(const std::string& phase, double fraction) {
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f%%", fraction * 100);
  return "the budget ran out while " + phase + " (" + pct + " of it done)";
}

}  // namespace

BudgetExhausted::BudgetExhausted(std::string phase, double fraction_done)
    : std::runtime_error(describe(phase, fraction_done)), phase_(std::move(phase)), fraction_(fraction_done) {}

DeadlineScope::DeadlineScope(std::optional<Clock::time_point> deadline) : previous_(g_deadline.load()) {
  g_deadline.store(deadline ? std::min(previous_, ticks(*deadline)) : previous_);
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
  const std::int64_t d = g_deadline.load(std::memory_order_relaxed);
  return d != kNone && ticks(Clock::now()) > d;
}

void check_deadline(std::string_view phase, std::uint64_t done, std::uint64_t total) {
  if (!deadline_passed()) return;
  const double fraction = total ? std::min(1.0, double(done) / double(total)) : 0.0;
  throw BudgetExhausted(std::string(phase), fraction);
}

}  // namespace menger
