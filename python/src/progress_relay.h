// A Python progress callback fed by an engine (issue 37, item 3: one
// Progress sink, core/progress.h).  The engine runs on a thread of its own
// (engine_thread.h) and reports from whichever thread merges its work; Python
// code must not run there.  So the engine's sink only keeps the latest
// coverage, and the verb's calling thread, which looks up every few tens of
// milliseconds under the GIL, hands it to the callback: callbacks run on the
// thread that called the verb, one at a time, with the coverage as a dict
// (core/coverage.h's JSON view), and at least once more after the engine
// returns if it reported since.  A callback that raises stops the verb as
// Ctrl-C does, and the verb raises that exception.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <mutex>
#include <optional>

#include "core/json_io.h"
#include "core/progress.h"

namespace menger::py_binding {

namespace py = pybind11;

class ProgressRelay {
 public:
  // `callback`: a callable taking one dict, or None (no relay is made then).
  explicit ProgressRelay(py::object callback) : callback_(std::move(callback)), slot_(std::make_shared<Slot>()) {}
  ProgressRelay(const ProgressRelay&) = delete;
  ProgressRelay& operator=(const ProgressRelay&) = delete;

  // For the engine's options: keeps the latest coverage (any thread).
  Progress sink() const {
    return [slot = slot_](const Coverage& c) {
      const std::lock_guard lock(slot->mutex);
      slot->latest = c;
    };
  }

  // Under the GIL, on the calling thread: the latest coverage to the
  // callback, if one came since the last delivery.  Throws
  // py::error_already_set when the callback raises.
  void deliver() {
    std::optional<Coverage> c;
    {
      const std::lock_guard lock(slot_->mutex);
      c.swap(slot_->latest);
    }
    if (!c) return;
    callback_(py::module_::import("json").attr("loads")(json_text(to_json(*c))));
  }

 private:
  struct Slot {
    std::mutex mutex;
    std::optional<Coverage> latest;
  };
  py::object callback_;
  std::shared_ptr<Slot> slot_;
};

}  // namespace menger::py_binding
