#include "io/progress_display.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <optional>

namespace menger {

namespace {

using Seconds = std::chrono::duration<double>;
constexpr double kRedrawEvery = 0.2;     // terminal
constexpr double kFirstLogAfter = 10;    // log chosen for a batch log: the first line
constexpr double kLogEvery = 60;         // and the lines after it
constexpr double kAskedFirstLogAfter = 1;  // log asked for (--progress log): the first line
constexpr double kAskedLogEvery = 5;       // and the lines after it

std::string whole(double x) { return std::to_string(static_cast<long long>(x)); }

// The terminal's width in columns (80 when it does not say).
std::size_t columns() {
  winsize w{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  return 80;
}

}  // namespace

struct ProgressDisplay::State {
  std::mutex mutex;
  bool terminal = false;
  double first_log_after = kFirstLogAfter, log_every = kLogEvery;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::optional<double> next_line;           // seconds: when the next line may be shown
  std::optional<std::uint64_t> pace_from;    // settled at the first report of this run
  double pace_seconds = 0;
  std::uint64_t last_settled = 0, last_total = 0;
  std::string label;
  double label_seconds = 0;                  // when the label was last set
  bool drawn = false;                        // a terminal line is on screen

  double seconds() const { return Seconds(std::chrono::steady_clock::now() - start).count(); }

  void report(const Coverage& c) {
    const std::lock_guard lock(mutex);
    const double now = seconds();
    if (!pace_from || c.settled < last_settled || c.total != last_total) {  // a run starts
      // Work a checkpoint handed over arrives at once: the pace starts after
      // it.  A fresh run's pace starts from nothing, when the display did.
      pace_from = c.resumed ? c.settled : 0;
      pace_seconds = c.resumed ? now : label_seconds;
    }
    last_settled = c.settled;
    last_total = c.total;
    if (now < next_line.value_or(terminal ? 0 : first_log_after)) return;
    next_line = now + (terminal ? kRedrawEvery : log_every);
    show((label.empty() ? "" : label + ": ") + progress_line(c, now, *pace_from, pace_seconds));
  }

  void show(std::string line) {
    if (terminal && line.size() >= columns()) line.resize(columns() - 1);
    if (terminal) std::cerr << "\r\033[K" << line << std::flush;
    else std::cerr << "progress     " << line << "\n" << std::flush;
    drawn = terminal;
  }
};

std::string progress_line(const Coverage& c, double seconds, std::uint64_t pace_from, double pace_seconds) {
  std::string line = std::to_string(c.settled) + (c.total ? " of " + std::to_string(c.total) : "") + " " + c.unit;
  if (c.total) {
    char pct[32];
    std::snprintf(pct, sizeof pct, " (%.1f%%)", 100.0 * c.fraction());
    line += pct;
  }
  line += ", " + whole(seconds) + " s";
  const double paced = seconds - pace_seconds;
  if (c.total && c.settled > pace_from && paced > 0.5 && c.settled < c.total) {
    const double rate = static_cast<double>(c.settled - pace_from) / paced;
    line += ", about " + whole(static_cast<double>(c.total - c.settled) / rate) + " s left";
  }
  if (!c.so_far.empty()) line += "; " + c.so_far;
  return line;
}

ProgressDisplay::ProgressDisplay(bool shown, ProgressMode mode) {
  if (!shown || mode == ProgressMode::None) return;
  state_ = std::make_shared<State>();
  state_->terminal = mode == ProgressMode::Auto ? isatty(STDERR_FILENO) != 0 : mode == ProgressMode::Bar;
  if (mode == ProgressMode::Log) {  // asked for: a person is watching the log
    state_->first_log_after = kAskedFirstLogAfter;
    state_->log_every = kAskedLogEvery;
  }
}

ProgressDisplay::~ProgressDisplay() { finish(); }

void ProgressDisplay::finish() {
  if (!state_) return;
  const std::lock_guard lock(state_->mutex);
  if (state_->drawn) std::cerr << "\r\033[K" << std::flush;
  state_->drawn = false;
}

void ProgressDisplay::label(const std::string& text) {
  if (!state_) return;
  const std::lock_guard lock(state_->mutex);
  state_->label = text;
  state_->label_seconds = state_->seconds();
  state_->pace_from.reset();
  if (state_->terminal) state_->show(text);
}

Progress ProgressDisplay::sink() const {
  if (!state_) return {};
  return [state = state_](const Coverage& c) { state->report(c); };
}

}  // namespace menger
