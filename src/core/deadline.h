// The --budget of one command covers everything the command does, not only
// the engine's own loop: materialising a network of millions of nodes,
// computing its automorphism group with nauty, building flow networks and
// planning pairs all happen before (or beneath) the engines' deadline checks,
// and `tolerance "rdn(base=hypercube(5), k=2)" --budget 5` once ran 5 minutes
// in them.  That work sits in constructors and helpers that never see a
// request, so the deadline is ambient: a command or a claim instance opens a
// DeadlineScope, and long loops call check_deadline(phase, done, total) every
// few thousand steps.  When the deadline has passed, check_deadline throws
// BudgetExhausted naming the phase and how far it got; the CLI reports
// UNKNOWN (exit 4) and the claim runner an UNKNOWN verdict with coverage 0.
//
// Process-wide, not thread-local, so that TBB workers of the command see it;
// Menger runs one command, and `prove` one claim instance, at a time.
//
// The same checks hold the memory limit and cancellation (issue 36, "Budgets
// that hold"): deadline_passed() and check_deadline() also stop a command
// whose resident memory has reached the memory limit (default: three quarters
// of the machine's memory, or of the control group's limit where one is set;
// `--memory-limit`), so that a question too big for the machine ends in
// UNKNOWN with its coverage instead of the kernel's OOM killer or a
// std::bad_alloc, and a command that was asked to stop (Ctrl-C in Python)
// stops at the next check.  The resident size is read from /proc at most
// every few milliseconds, so a check stays cheap.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace menger {

using Clock = std::chrono::steady_clock;

// Why a budget stopped a command.
enum class StopCause { Time, Memory, Interrupted };

class BudgetExhausted : public std::runtime_error {
 public:
  BudgetExhausted(std::string phase, double fraction_done, StopCause cause = StopCause::Time);
  const std::string& phase() const { return phase_; }
  double fraction_done() const { return fraction_; }  // of the phase, in [0, 1]
  StopCause cause() const { return cause_; }

 private:
  std::string phase_;
  double fraction_;
  StopCause cause_;
};

// Sets the ambient deadline for its lifetime (none: no limit) and restores
// the previous one after; an inner scope never extends an outer deadline.
class DeadlineScope {
 public:
  explicit DeadlineScope(std::optional<Clock::time_point> deadline);
  ~DeadlineScope();
  DeadlineScope(const DeadlineScope&) = delete;
  DeadlineScope& operator=(const DeadlineScope&) = delete;

 private:
  std::int64_t previous_;
};

// The ambient deadline, if any.
std::optional<Clock::time_point> ambient_deadline();
// The earlier of `own` and the ambient deadline: what an engine given its
// own deadline should honour.
std::optional<Clock::time_point> earliest_deadline(std::optional<Clock::time_point> own);
// True once the deadline has passed, the memory limit is reached or the
// command was asked to stop (stop_cause() says which).
bool deadline_passed();
// Throws BudgetExhausted(phase, done / total) once deadline_passed().  Cheap
// (an atomic load and a clock read) on every call.
void check_deadline(std::string_view phase, std::uint64_t done = 0, std::uint64_t total = 0);

// Why deadline_passed() is true (Time when it is not), and the words for it:
// "the budget ran out", "the memory limit (18.0 GiB) was reached",
// "the run was interrupted".
StopCause stop_cause();
std::string stop_reason();
std::string stop_reason(StopCause cause);

// Before a phase allocates `bytes` at once (a table, a vector's next
// doubling, the arrays of a graph): throws BudgetExhausted(phase, 0,
// StopCause::Memory), naming how much it needs, when the resident memory
// now plus `bytes` would pass the memory limit.  The periodic checks above
// see memory only once it is resident; one allocation of more than the
// machine has ends in std::bad_alloc (or the OOM killer) first.
void check_memory_for(std::string_view phase, std::uint64_t bytes);

// The memory limit, in bytes of resident memory (never 0).
std::uint64_t memory_limit();
// Sets it for the process (0: back to the default); `--memory-limit GiB`.
void set_memory_limit(std::uint64_t bytes);
// Three quarters of physical memory, or of the control group's limit when lower.
std::uint64_t default_memory_limit();
// The process's resident memory now, in bytes (0 when /proc cannot tell).
std::uint64_t resident_bytes();

// For tests: from now on the n-th check (0: the next) and every later one
// find the budget run out; n < 0 turns this off.  A test can so stop a
// command at every point its checks reach, not only where a clock happens
// to (a budget that ran out while CaDiCaL loaded a formula once corrupted
// the heap, and only CI's loaded machine hit that moment).  The environment
// variable MENGER_TEST_BUDGET_CHECKS=n sets it when the program starts.
void stop_after_checks(std::int64_t n);

// Cancellation: every later check stops the command until clear_cancel().
// Async-signal-safe (one atomic store), so a SIGINT handler may call it.
void request_cancel();
void clear_cancel();

}  // namespace menger
