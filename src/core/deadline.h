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
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace menger {

using Clock = std::chrono::steady_clock;

class BudgetExhausted : public std::runtime_error {
 public:
  BudgetExhausted(std::string phase, double fraction_done);
  const std::string& phase() const { return phase_; }
  double fraction_done() const { return fraction_; }  // of the phase, in [0, 1]

 private:
  std::string phase_;
  double fraction_;
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
bool deadline_passed();
// Throws BudgetExhausted(phase, done / total) once the ambient deadline has
// passed.  Cheap (one atomic load) when no deadline is set.
void check_deadline(std::string_view phase, std::uint64_t done = 0, std::uint64_t total = 0);

}  // namespace menger
