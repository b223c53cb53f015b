// How far a question has got, reported while it runs (issue 37, item 3: one
// Progress sink passed with the Budget, not a display of the CLI's own).  An
// engine calls it after each piece of work it merges (a chunk of pairs, a
// block, a level of fault sets, a shard of trials) with its Coverage so far;
// the front end decides what a person sees: a line redrawn on a terminal or a
// log line now and then (src/io/progress_display.h), a Python callback
// (python/src/progress_relay.h), a claim instance's line under `prove`.
// Called by the thread that merges, one call at a time; an empty Progress
// reports nothing.
#pragma once

#include <functional>

#include "core/coverage.h"

namespace menger {

using Progress = std::function<void(const Coverage&)>;

}  // namespace menger
