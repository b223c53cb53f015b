// The budget of one question, passed as a value (issue 37, item 3: context
// passed, not ambient).  A command's --budget covers everything the command
// does, not only an engine's own loop: materialising a network of millions of
// nodes, computing its automorphism group with nauty, building flow networks
// and planning pairs all happen before (or beneath) the engines' loops, and
// `tolerance "rdn(base=hypercube(5), k=2)" --budget 5` once ran 5 minutes in
// them.  So every front end makes one Budget per question (the CLI per verb,
// the claim runner per instance, Python per call) and hands it to everything
// that works for the question: constructors, file readers, setup and engines.
// Long loops call budget.check(phase, done, total) every few thousand steps;
// once the budget is spent it throws BudgetExhausted naming the phase and how
// far it got, and the front end reports UNKNOWN with the coverage it has.
//
// A Budget holds three limits (issue 36, "Budgets that hold"):
// - a deadline (none: no time limit);
// - a memory limit on the process's resident memory (default: three quarters
//   of the machine's memory, or of the control group's limit where one is
//   set; --memory-limit), so that a question too big for the machine ends in
//   UNKNOWN with its coverage instead of the kernel's OOM killer or a
//   std::bad_alloc; the resident size is read from /proc at most every few
//   milliseconds, so a check stays cheap;
// - a cancellation token, which SIGINT (the CLI) and KeyboardInterrupt
//   (Python) set, so that the question stops at its next check.
//
// Copies share their state: a copy handed to a worker thread sees the same
// cancellation.  narrowed() makes a budget for a part of the question (a claim
// instance, an engine with a deadline of its own) that ends no later than its
// parent and shares the parent's token.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace menger {

using Clock = std::chrono::steady_clock;

// Why a budget stopped a question.
enum class StopCause { Time, Memory, Interrupted };

class BudgetExhausted : public std::runtime_error {
 public:
  BudgetExhausted(std::string phase, double fraction_done, StopCause cause, std::string reason);
  const std::string& phase() const { return phase_; }
  double fraction_done() const { return fraction_; }  // of the phase, in [0, 1]
  StopCause cause() const { return cause_; }

 private:
  std::string phase_;
  double fraction_;
  StopCause cause_;
};

class Budget {
 public:
  // No deadline, the default memory limit, a token of its own.
  Budget();
  // Ends at `deadline` (none: no time limit); `memory_limit` bytes of resident
  // memory (0: the default).  A budget made here counts the test checks of
  // MENGER_TEST_BUDGET_CHECKS (see stop_after_checks).
  static Budget until(std::optional<Clock::time_point> deadline, std::uint64_t memory_limit = 0);
  // Ends `seconds` from now (none: no time limit).
  static Budget for_seconds(std::optional<std::chrono::seconds> seconds, std::uint64_t memory_limit = 0);

  // This budget ending no later than `deadline`: the same token, memory limit
  // and test counter, and a memory watch of its own (a claim instance starts
  // below the limit or finds out anew).
  Budget narrowed(std::optional<Clock::time_point> deadline) const;
  Budget narrowed(std::optional<Clock::duration> from_now) const;
  std::optional<Clock::time_point> deadline() const { return deadline_; }

  // True once the deadline has passed, the memory limit is reached or the
  // question was asked to stop (cause() says which).
  bool passed() const;
  // Throws BudgetExhausted(phase, done / total) once passed().  Cheap (an
  // atomic load and a clock read) on every call.
  void check(std::string_view phase, std::uint64_t done = 0, std::uint64_t total = 0) const;
  // Before a phase allocates `bytes` at once (a table, a vector's next
  // doubling, the arrays of a graph): throws BudgetExhausted(phase, 0,
  // StopCause::Memory), naming how much it needs, when the resident memory
  // now plus `bytes` would pass the memory limit.  The periodic checks see
  // memory only once it is resident; one allocation of more than the machine
  // has ends in std::bad_alloc (or the OOM killer) first.
  void check_memory_for(std::string_view phase, std::uint64_t bytes) const;
  // A BudgetExhausted for `phase` from what stopped this budget.
  BudgetExhausted exhausted(std::string_view phase, double fraction_done = 0) const;

  // Why passed() is true (Time when it is not), and the words for it: "the
  // budget ran out", "the memory limit (18.0 GiB) was reached", "the run was
  // interrupted", or the test stop naming itself.
  StopCause cause() const;
  std::string reason() const;
  std::string reason(StopCause cause) const;
  // In bytes of resident memory (never 0).
  std::uint64_t memory_limit() const;

  // Cancellation: every later check of this budget, its copies and narrowings
  // stops the question until clear_cancel().  Async-signal-safe (one atomic
  // store), so a signal handler may call it.
  void cancel() const;
  void clear_cancel() const;

  // For tests: from now on the n-th check (0: the next) and every later one
  // find the budget run out; n < 0 turns this off.  A test can so stop a
  // question at every point its checks reach, not only where a clock happens
  // to (a budget that ran out while CaDiCaL loaded a formula once corrupted
  // the heap, and only CI's loaded machine hit that moment).  Budgets made by
  // until() and for_seconds() start with MENGER_TEST_BUDGET_CHECKS=n from the
  // environment; anything but a whole decimal number there ends the program
  // with one error before it starts.
  void stop_after_checks(std::int64_t n) const;

 private:
  struct Token;  // cancellation, memory limit and test counter: shared by narrowings
  struct Watch;  // the memory watch: one per narrowing
  Budget(std::shared_ptr<Token> token, std::optional<Clock::time_point> deadline);
  bool memory_exceeded() const;
  bool stopped_by_check_count() const;

  std::shared_ptr<Token> token_;
  std::shared_ptr<Watch> watch_;
  std::optional<Clock::time_point> deadline_;
};

// The default memory limit: three quarters of physical memory, or of the
// control group's limit when lower.
std::uint64_t default_memory_limit();
// The process's resident memory now, in bytes (0 when /proc cannot tell).
std::uint64_t resident_bytes();

}  // namespace menger
