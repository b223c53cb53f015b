// Running an engine's work so that Python keeps control: Ctrl-C and budgets
// that routings cannot outlast (issue "Never a false verdict").
//
// Method.  The work runs on a thread of its own, with the GIL released, while
// the calling thread waits for it and looks up every kPoll (50 ms): under the
// GIL it runs Python's signal handlers (PyErr_CheckSignals; only the main
// thread's call does anything) and, once the call's budget or its memory
// limit is gone (core/budget.h: Budget::passed), interrupts the Python routing
// calls that have outlived it (RoutingCalls, python_routing.h).  When a
// handler raises (Ctrl-C: KeyboardInterrupt), it cancels the call's budget
// (each budget check then throws BudgetExhausted, cause Interrupted),
// interrupts every Python routing call at once, waits for the work to unwind,
// clears the request and raises the handler's exception, whatever the work
// returned meanwhile.  So Ctrl-C is answered within kPoll plus the time from
// one budget check of the engine to the next.  A progress callback
// (progress_relay.h) is called at the same looks, on this thread; one that
// raises stops the work the same way.
//
// Invariants.  The work's objects live in the caller's frame: the caller
// always joins the thread before it returns or raises, Ctrl-C or not.  The
// worker keeps one Python thread state for its whole life, so that a Python
// routing called on it (threads = 1) takes the GIL without building a thread
// state per call.  The work's exception, if any, is rethrown on the calling
// thread, under the GIL, where pybind11's translators turn it into Python's.
// The budget is the call's own (one per verb call, passed to everything the
// work builds and asks): a Ctrl-C stops the call it interrupts.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "core/budget.h"
#include "progress_relay.h"
#include "python_routing.h"

namespace menger::py_binding {

namespace py = pybind11;

inline constexpr std::chrono::milliseconds kPoll{50};

// Runs `work()` on its own thread as the header says; returns its result or
// rethrows its exception (under the GIL).  `calls`: the verb's Python routing
// calls (may be null); `budget`: the call's, which the work was handed;
// `relay`: the call's progress callback (may be null), fed at every look and
// once more after the work.  Called under the GIL.
template <class Work>
auto run_watched(RoutingCalls* calls, const Budget& budget, ProgressRelay* relay, Work&& work) -> decltype(work()) {
  using Result = decltype(work());
  std::optional<Result> result;
  std::exception_ptr error;
  std::optional<py::error_already_set> interrupted;  // what a signal handler raised
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  // One look up from the work, under the GIL.
  auto stop = [&](py::error_already_set e) {
    interrupted.emplace(std::move(e));
    budget.cancel();
    if (calls) calls->stop();
  };
  auto look = [&] {
    if (!interrupted && PyErr_CheckSignals() != 0) stop(py::error_already_set());  // the handler's exception
    if (!interrupted && relay) {
      try {
        relay->deliver();
      } catch (py::error_already_set& e) {  // the callback raised: as Ctrl-C
        stop(std::move(e));
      }
    }
    if (!calls) return;
    if (interrupted) calls->interrupt(StopCause::Interrupted, budget.reason(StopCause::Interrupted), Clock::duration::zero());
    else if (budget.passed()) calls->interrupt(budget.cause(), budget.reason(), RoutingCalls::kGrace);
  };
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      const PyGILState_STATE gil = PyGILState_Ensure();
      PyThreadState* self = PyEval_SaveThread();
      try {
        result.emplace(work());
      } catch (...) {
        error = std::current_exception();
      }
      PyEval_RestoreThread(self);
      PyGILState_Release(gil);
      const std::lock_guard lock(mutex);
      done = true;
      finished.notify_one();
    });
    std::unique_lock lock(mutex);
    while (!finished.wait_for(lock, kPoll, [&] { return done; })) {
      lock.unlock();
      {
        py::gil_scoped_acquire gil;
        look();
      }
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (!interrupted && relay && !error) {
    try {
      relay->deliver();
    } catch (py::error_already_set& e) {
      interrupted.emplace(std::move(e));
    }
  }
  if (interrupted) {
    budget.clear_cancel();
    throw std::move(*interrupted);
  }
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace menger::py_binding
