// Stopping an engine at a chosen check of its budget (core/budget.h,
// Budget::stop_after_checks), for tests that want an engine's own UNKNOWN
// with coverage rather than a clock's.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <utility>

#include "core/budget.h"

namespace menger::testing {

// The least test stop at which `run(budget)` returns instead of throwing
// BudgetExhausted: its preparation (building, listing and planning the
// pairs, the fault-free analysis) has finished, and the engine stopped at
// its first check of the search itself.  The budget covers the preparation
// too, so a budget already spent stops a run there, before any coverage.
template <class Run>
std::int64_t first_stop_after_preparation(Run&& run) {
  for (std::int64_t n = 0; n < 1'000'000; ++n) {
    const Budget budget;
    budget.stop_after_checks(n);
    try {
      (void)run(budget);
      return n;
    } catch (const BudgetExhausted&) {
    }
  }
  throw std::logic_error("the run never got past its preparation");
}

// A budget that runs out at its n-th check.
inline Budget stopping_at(std::int64_t n) {
  const Budget budget;
  budget.stop_after_checks(n);
  return budget;
}

}  // namespace menger::testing
