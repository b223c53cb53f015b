// Routings written in Python, seen by the engines as an ordinary Routing.
//
// A Python routing is any object with a method next(here, state, dest, faults)
// returning the hops the packet may take (core/routing.h): a list whose items
// are a port, a tuple (port, vc), (port, vc, state) or (port, vc, state,
// bubble), or a menger.Hop.  An omitted state (or None) keeps the packet's
// state.  A state is a tuple of PacketState::kWords integers; a shorter
// sequence is padded with zeros.  Optional members: start(src, dest, faults)
// returning the first state, describe_state(state) returning its text for
// traces, and the attributes `name` (the spec; default the class name),
// `knowledge` ("local" or "global"; default "global") and `vcs` (default 1).
//
// The fault view.  `faults` is a menger.FaultView around the very view the
// engine handed to Routing::next: the exhaustive route search's recording
// view, the deadlock engine's, the Monte Carlo's.  Every question the Python
// code asks (node_faulty, link_faulty, port_usable, faulty_nodes_at_least)
// is the C++ call, recorded exactly as a C++ routing's reads are, so the lazy
// search's completeness argument (verify/route/route_search.h) covers Python
// routings unchanged.  The Python object is invalidated when next() returns:
// a view kept and asked later raises instead of reading freed memory.
//
// Threads and the GIL.  Engines call routings from TBB threads while the
// calling Python thread has released the GIL.  Every call into Python takes
// the GIL (pybind11::gil_scoped_acquire), so Python callbacks are serialized;
// the verbs in addition run an engine that holds a Python routing in a
// one-thread TBB arena by default (verbs.cpp), so that the threads do not
// queue for the GIL.  The engines' results do not depend on the thread count
// (DESIGN.md "Determinism"), so neither choice changes an answer.
//
// Errors.  A routing that raises an Exception, returns something that is not
// a list of hops, or names a port, VC or state word that does not exist makes
// next() throw PythonRoutingError (not InputError: no engine catches it).
// The first such error of a run is kept, with the Python exception that caused
// it, and the verb raises menger.RoutingError from it; later calls fail at once.
// A BaseException that is not an Exception (KeyboardInterrupt, SystemExit,
// GeneratorExit) is no routing error: it is kept in the verb's RoutingCalls,
// next() throws PythonInterrupt, every later call of any routing of the verb
// throws it at once, and the verb re-raises the routing's own exception once
// the engine has unwound.
//
// Budgets and Ctrl-C (issue "Never a false verdict").  An engine checks its
// budget between routing calls, so a routing whose call never returns (a
// `while True: pass`) would hold the engine for ever.  Every call of a Python
// routing is registered in the verb's RoutingCalls while it runs (the thread,
// the start).  The verb's calling thread looks up every few tens of
// milliseconds (python/src/engine_thread.h); once the budget has run out (or
// the memory limit: core/budget.h) it interrupts each call that has run for
// RoutingCalls::kGrace: it keeps BudgetExhausted in the call's `pending`
// (above) and raises EngineUnwind in the call's thread asynchronously
// (PyThreadState_SetAsyncExc), so the routing's Python code unwinds at its next
// bytecode and the engine sees the BudgetExhausted of its own budget checks.
// The grace keeps ordinary calls, which end long before it, out of it: the
// engine then notices the budget itself and reports what it covered.  On
// Ctrl-C every call is interrupted at once (BudgetExhausted with StopCause::
// Interrupted) and later calls throw it on entry.  An asynchronous exception
// is delivered only while Python bytecode runs: a routing blocked inside a C
// function (time.sleep, a lock) is interrupted when it returns from it.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/routing.h"

namespace menger::py_binding {

namespace py = pybind11;

class PythonRoutingError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A routing raised a BaseException that is not an Exception (header); the
// exception itself is kept in RoutingCalls::base_exception.
class PythonInterrupt : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The calls of one verb's Python routings in progress, and whether the verb
// must stop (header); guarded by the GIL.
class RoutingCalls {
 public:
  // A call still running this long after the budget ran out is interrupted.
  static constexpr std::chrono::milliseconds kGrace{100};

  // One call in progress, registered for its lifetime (under the GIL).
  class Running {
   public:
    Running(RoutingCalls* calls, const std::string& spec, const char* method, std::exception_ptr* pending);
    ~Running();
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;
    // After the call's Python code has returned or raised: clears an
    // asynchronous exception that was sent but not delivered.
    void settle();

   private:
    friend class RoutingCalls;
    RoutingCalls* calls_;
    std::string phase_;  // "running python:X's next()", for BudgetExhausted
    std::exception_ptr* pending_;
    unsigned long thread_;
    Clock::time_point started_;
    bool sent_ = false;
  };

  // Throws what a call made now must throw: PythonInterrupt after a routing's
  // BaseException, BudgetExhausted after Ctrl-C.
  void check() const;
  // Interrupts the calls in progress that have run for at least `age` with
  // BudgetExhausted(cause).
  void interrupt(StopCause cause, const std::string& reason, Clock::duration age);
  // Ctrl-C: every call now and every later call.
  void stop() { stopped_ = true; }
  // A routing raised `e`, a BaseException that is not an Exception (the first is kept).
  void keep_base_exception(py::object e);
  const py::object& base_exception() const { return base_exception_; }
  ~RoutingCalls();

 private:
  std::vector<Running*> running_;
  bool stopped_ = false;
  py::object base_exception_;
};

// What a Python routing's `faults` argument wraps; `view` is null once the
// call that received it has returned.
//
// Engines' own exceptions.  A view may throw to steer its engine: the
// symbolic search's view throws DecisionScript::Pruned to abandon a branch
// (verify/route/symbolic_search.h), any view may throw BudgetExhausted.  Such an
// exception cannot cross the Python frames as itself, so the view's method
// keeps it in `pending`, raises menger._menger.EngineUnwind (a BaseException,
// which `except Exception` in a routing does not catch) to unwind the
// routing's Python code, and the call that invoked the routing rethrows it to
// the engine, whatever the routing did meanwhile.  Only the locality check's
// complaint (a Local routing asking beyond its neighbours) is the routing's
// own error, a RoutingError.
struct PyFaultView {
  FaultView* view = nullptr;
  py::object network;  // the menger.Network the verb was given
  std::exception_ptr* pending = nullptr;
  FaultView& live() const;
};

// What the calls of one Python routing object in one verb call left behind,
// shared by the Routing objects an engine builds for it (the Monte Carlo
// builds its own); guarded by the GIL.
struct RoutingRecord {
  bool failed = false;
  std::string error_text;
  py::object error_cause;  // the Python exception, or empty
  std::uint64_t calls = 0;  // Python calls made (next, start, describe_state)
  ~RoutingRecord();
};

class PyRouting final : public Routing {
 public:
  // Under the GIL.  `network` is the menger.Network object handed to the
  // routing's views; `net` the network the engine runs on (the same topology);
  // `calls` the verb's calls in progress (header).  Throws a Python TypeError
  // or ValueError when `obj` is not a routing.
  PyRouting(py::object obj, py::object network, const Network& net, std::shared_ptr<RoutingCalls> calls,
            std::shared_ptr<RoutingRecord> record = std::make_shared<RoutingRecord>());
  ~PyRouting() override;  // under the GIL

  std::string spec() const override { return spec_; }
  FaultKnowledge knowledge() const override { return knowledge_; }
  std::uint32_t vcs() const override { return vcs_; }
  PacketState start(NodeId src, NodeId dst, FaultView& faults) const override;
  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override;
  std::string describe_state(const PacketState& state) const override;

  // The first error of the routing's calls, if any, with the Python exception
  // behind it (empty when the routing's answer was at fault), and the calls made.
  const std::shared_ptr<RoutingRecord>& record() const { return record_; }

 private:
  py::object obj_, network_, next_, start_, describe_;
  const Network& net_;
  std::string spec_;
  FaultKnowledge knowledge_ = FaultKnowledge::Global;
  std::uint32_t vcs_ = 1;
  std::shared_ptr<RoutingRecord> record_;  // guarded by the GIL
  std::shared_ptr<RoutingCalls> calls_;

  [[noreturn]] void fail(const std::string& what, py::object cause) const;
  void check_not_failed() const;
  // The routing's Python code raised `e` in the call `running`: the engine's
  // own exception if one is pending, the routing's BaseException as
  // PythonInterrupt, else the routing's error (`where` says which call).
  template <class Where>
  [[noreturn]] void raised(py::error_already_set& e, std::exception_ptr& pending, RoutingCalls::Running& running,
                           const Where& where) const;
  // After a call that returned: an engine exception kept meanwhile is rethrown.
  static void returned(std::exception_ptr& pending, RoutingCalls::Running& running);
  template <class Where>
  py::object call_with_view(const py::object& fn, FaultView& faults, std::exception_ptr& pending,
                            RoutingCalls::Running& running, const Where& where, const py::tuple& args) const;
  void read_hops(const py::handle& result, NodeId here, const PacketState& state, const std::string& where,
                 Hops& out) const;
  // Where a bad answer came from, in words; built only when one is refused.
  template <class Where>
  Hop read_hop(const py::handle& item, NodeId here, const PacketState& state, const Where& where) const;
  template <class Where>
  PacketState read_state(const py::handle& s, const Where& where) const;
};

// The state as a Python tuple of PacketState::kWords ints.
py::tuple state_tuple(const PacketState& s);

void bind_python_routing(py::module_& m);

}  // namespace menger::py_binding
