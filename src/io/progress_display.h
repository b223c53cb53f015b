// What a person running a verb sees while it works (issue 37, item 3; issue
// 42: progress everywhere).  The engines report through a Progress sink
// (core/progress.h); this display turns the reports into
// - on a terminal, one line on stderr redrawn at most 5 times a second, cut
//   to the terminal's width (a line that wraps cannot be redrawn), and
//   cleared when the display finishes;
// - otherwise (a batch log, CI, a pipe), a line on stderr after 10 s and then
//   every minute, so a log shows a long run moving without filling up.
// Each line gives the work settled of the work in all, the seconds spent and,
// once this run has settled some work of its own, the time left at this
// run's pace: work a checkpoint handed over at the start (a report that
// names a resumption) is not pace.
#pragma once

#include <memory>
#include <string>

#include "core/progress.h"

namespace menger {

// How the display shows itself (the CLI's --progress): Auto draws the line on
// a terminal and writes log lines otherwise (after 10 s, then every minute);
// Bar and Log force one of the two (a bar into a file that a terminal will
// replay; log lines after 1 s and then every 5 s, for a person watching a log
// or keeping a terminal's scroll-back); None shows nothing.
enum class ProgressMode { Auto, Bar, Log, None };

class ProgressDisplay {
 public:
  // `shown`: false for a process that does not speak (another MPI rank),
  // whose sink reports nothing.
  explicit ProgressDisplay(bool shown, ProgressMode mode = ProgressMode::Auto);
  ~ProgressDisplay();  // finish()
  // Clears the terminal line, before the verb prints its answer; idempotent.
  void finish();
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  // The sink for an engine's options (empty when not shown).
  Progress sink() const;
  // What the lines are about, shown before each (`prove`: the claim file and
  // how many are done); on a terminal it is shown at once.  Work reported
  // after a new label is a new run: its pace starts anew.
  void label(const std::string& text);

  struct State;

 private:
  std::shared_ptr<State> state_;
};

// The line a report shows after `seconds` ("1,234 of 4,032 pairs (30.6%), 12 s,
// about 27 s left"); `pace_from`: the work settled when this run's own pace
// began (the first report), and `pace_seconds` when.
std::string progress_line(const Coverage& c, double seconds, std::uint64_t pace_from, double pace_seconds);

}  // namespace menger
