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
// search's completeness argument (verify/route_search.h) covers Python
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
// Errors.  A routing that raises, returns something that is not a list of
// hops, or names a port, VC or state word that does not exist makes
// next() throw PythonRoutingError (not InputError: no engine catches it).
// The first such error of a run is kept, with the Python exception that caused
// it, and the verb raises menger.RoutingError from it; later calls fail at once.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "core/routing.h"

namespace menger::py_binding {

namespace py = pybind11;

class PythonRoutingError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a Python routing's `faults` argument wraps; `view` is null once the
// call that received it has returned.
//
// Engines' own exceptions.  A view may throw to steer its engine: the
// symbolic search's view throws DecisionScript::Pruned to abandon a branch
// (verify/symbolic_search.h), any view may throw BudgetExhausted.  Such an
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
  // routing's views; `net` the network the engine runs on (the same topology).
  // Throws a Python TypeError or ValueError when `obj` is not a routing.
  PyRouting(py::object obj, py::object network, const Network& net,
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

  [[noreturn]] void fail(const std::string& what, py::object cause) const;
  void check_not_failed() const;
  template <class Where>
  py::object call_with_view(const py::object& fn, FaultView& faults, const Where& where, const py::tuple& args) const;
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
