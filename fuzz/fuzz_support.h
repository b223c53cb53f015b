// What every harness shares (fuzz/README.md, issue 21 "every reader fuzzed").
//
// A harness hands one input to the library function a CLI verb calls.  The
// documented user-facing outcomes are InputError (bad input, exit 2) and
// BudgetExhausted (the budget ran out: UNKNOWN, exit 4); anything
// else escaping -- a library exception, InternalError, a crash, a sanitizer
// report -- is a finding.  So the harness catches exactly those two and lets
// everything else reach libFuzzer (or the corpus replay driver), which stops
// and names the input.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/budget.h"
#include "core/error.h"

namespace menger::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Readers that take a path get the input through one scratch file per process
// (libFuzzer's -fork/-jobs run several processes); the extension picks the format.
std::filesystem::path scratch_file(std::string_view extension, std::string_view bytes);

// Runs `read(budget)` with a budget of `time` (readers whose input can name a
// large network build it under the same budget a CLI verb would honour, so
// `read` hands it to everything it builds and asks) and treats the two
// user-facing errors as the expected rejection.
template <class Read>
void expect_clean_rejection(Read&& read, std::chrono::milliseconds time = std::chrono::milliseconds(2000)) {
  const Budget budget = Budget::until(Clock::now() + time);
  try {
    read(budget);
  } catch (const InputError&) {
  } catch (const BudgetExhausted&) {
  }
}

}  // namespace menger::fuzz
