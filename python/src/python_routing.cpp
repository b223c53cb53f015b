#include "python_routing.h"

#include <algorithm>
#include <climits>
#include <string_view>

#include "core/error.h"

namespace menger::py_binding {

namespace {

// A Python int (or an integer type with __index__, e.g. numpy's) that is not
// a bool, in [lo, hi]; nullopt otherwise.
std::optional<long long> exact_int(const py::handle& h, long long lo, long long hi) {
  if (PyBool_Check(h.ptr()) || PyFloat_Check(h.ptr()) || !PyIndex_Check(h.ptr())) return std::nullopt;
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
  if (!index) {
    PyErr_Clear();
    return std::nullopt;
  }
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow || (x == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return std::nullopt;
  }
  if (x < lo || x > hi) return std::nullopt;
  return x;
}

std::string repr_of(const py::handle& h) {
  std::string s = py::repr(h);
  return s.size() > 80 ? s.substr(0, 77) + "..." : s;
}

std::string node_text(const Network& net, NodeId v) { return net.label(v) + " (node " + std::to_string(v) + ")"; }

// Raised through a routing's Python frames to carry an engine's exception
// back to the engine (PyFaultView, python_routing.h).
py::handle engine_unwind_type() {
  static py::handle type = PyErr_NewExceptionWithDoc(
      "menger._menger.EngineUnwind",
      "Raised through a Python routing to return an engine's own exception to the engine; do not catch it.",
      PyExc_BaseException, nullptr);
  return type;
}

}  // namespace

// ---- RoutingCalls ------------------------------------------------------------

RoutingCalls::Running::Running(RoutingCalls* calls, const std::string& spec, const char* method,
                               std::exception_ptr* pending)
    : calls_(calls), pending_(pending), thread_(PyThread_get_thread_ident()), started_(Clock::now()) {
  if (!calls_) return;
  phase_ = "running " + spec + "'s " + method + "()";
  calls_->running_.push_back(this);
}

RoutingCalls::Running::~Running() {
  settle();
  if (!calls_) return;
  auto& r = calls_->running_;
  r.erase(std::remove(r.begin(), r.end(), this), r.end());
}

void RoutingCalls::Running::settle() {
  if (!sent_) return;
  PyThreadState_SetAsyncExc(thread_, nullptr);  // not delivered (or delivered already): cleared either way
  sent_ = false;
}

void RoutingCalls::check() const {
  if (base_exception_)
    throw PythonInterrupt("a routing raised " + std::string(py::str(py::type::of(base_exception_).attr("__name__"))));
  if (stopped_) throw BudgetExhausted("calling a Python routing", 0, StopCause::Interrupted, "the run was interrupted");
}

void RoutingCalls::interrupt(StopCause cause, const std::string& reason, Clock::duration age) {
  const auto now = Clock::now();
  for (Running* r : running_) {
    if (now - r->started_ < age) continue;
    if (!*r->pending_) *r->pending_ = std::make_exception_ptr(BudgetExhausted(r->phase_, 0, cause, reason));
    // Sent again at every look while the call runs: a routing that swallows
    // one (a bare `except:`) gets the next.
    PyThreadState_SetAsyncExc(r->thread_, engine_unwind_type().ptr());
    r->sent_ = true;
  }
}

void RoutingCalls::keep_base_exception(py::object e) {
  if (!base_exception_) base_exception_ = std::move(e);
}

RoutingCalls::~RoutingCalls() {
  if (!base_exception_) return;
  py::gil_scoped_acquire gil;
  base_exception_ = py::object();
}

FaultView& PyFaultView::live() const {
  if (!view)
    throw PythonRoutingError("this FaultView belonged to a call of next() or start() that has returned; "
                             "ask the view passed to the current call");
  return *view;
}

py::tuple state_tuple(const PacketState& s) {
  py::tuple t(PacketState::kWords);
  for (std::size_t i = 0; i < PacketState::kWords; ++i) t[i] = py::int_(s.w[i]);
  return t;
}

RoutingRecord::~RoutingRecord() {
  if (!error_cause) return;
  py::gil_scoped_acquire gil;
  error_cause = py::object();
}

PyRouting::PyRouting(py::object obj, py::object network, const Network& net, std::shared_ptr<RoutingCalls> calls,
                     std::shared_ptr<RoutingRecord> record)
    : obj_(std::move(obj)), network_(std::move(network)), net_(net), record_(std::move(record)),
      calls_(std::move(calls)) {
  auto method = [&](const char* name) -> py::object {
    if (!py::hasattr(obj_, name)) return {};
    py::object f = obj_.attr(name);
    if (!PyCallable_Check(f.ptr()))
      throw py::type_error("the routing's `" + std::string(name) + "` is not callable: " + repr_of(f));
    return f;
  };
  next_ = method("next");
  if (!next_)
    throw py::type_error("a routing is a spec string or an object with a method next(here, state, dest, faults); got " +
                         repr_of(obj_));
  start_ = method("start");
  describe_ = method("describe_state");
  const py::object name = py::getattr(obj_, "name", py::none());
  spec_ = "python:" + (name.is_none() ? py::str(py::type::of(obj_).attr("__name__")).cast<std::string>()
                                      : py::str(name).cast<std::string>());
  const py::object knowledge = py::getattr(obj_, "knowledge", py::str("global"));
  const std::string k = py::isinstance<py::str>(knowledge) ? knowledge.cast<std::string>() : "";
  if (k != "local" && k != "global")
    throw py::value_error("the routing's `knowledge` is \"local\" or \"global\", not " + repr_of(knowledge));
  knowledge_ = k == "local" ? FaultKnowledge::Local : FaultKnowledge::Global;
  const py::object vcs = py::getattr(obj_, "vcs", py::int_(1));
  const auto v = exact_int(vcs, 1, 256);
  if (!v) throw py::value_error("the routing's `vcs` is a whole number of virtual channels in 1..256, not " + repr_of(vcs));
  vcs_ = static_cast<std::uint32_t>(*v);
}

PyRouting::~PyRouting() {
  py::gil_scoped_acquire gil;
  obj_ = py::object();
  network_ = py::object();
  next_ = py::object();
  start_ = py::object();
  describe_ = py::object();
}

void PyRouting::fail(const std::string& what, py::object cause) const {
  RoutingRecord& r = *record_;
  if (!r.failed) {
    r.failed = true;
    r.error_text = spec_ + ": " + what;
    if (!cause.is_none()) r.error_cause = std::move(cause);
  }
  throw PythonRoutingError(r.error_text);
}

void PyRouting::check_not_failed() const {
  if (calls_) calls_->check();
  if (record_->failed) throw PythonRoutingError(record_->error_text);
}

template <class Where>
void PyRouting::raised(py::error_already_set& e, std::exception_ptr& pending, RoutingCalls::Running& running,
                       const Where& where) const {
  running.settle();
  if (pending) std::rethrow_exception(pending);
  py::object value = e.value();
  if (value && e.trace()) PyException_SetTraceback(value.ptr(), e.trace().ptr());
  const std::string type = py::str(e.type().attr("__name__"));
  if (!e.matches(PyExc_Exception)) {  // KeyboardInterrupt, SystemExit, ...: not the routing's error
    if (calls_) calls_->keep_base_exception(value);
    throw PythonInterrupt(where() + " raised " + type);
  }
  fail(where() + " raised " + type + ": " + std::string(py::str(value)), value);
}

void PyRouting::returned(std::exception_ptr& pending, RoutingCalls::Running& running) {
  running.settle();
  if (pending) std::rethrow_exception(pending);
}


template <class Where>
PacketState PyRouting::read_state(const py::handle& s, const Where& where_of) const {
  const auto where = [&] { return where_of(); };
  if (!py::isinstance<py::tuple>(s) && !py::isinstance<py::list>(s))
    fail(where() + ": a packet state is a tuple of at most " + std::to_string(PacketState::kWords) + " ints", py::none());
  const py::sequence seq = py::reinterpret_borrow<py::sequence>(s);
  if (seq.size() > PacketState::kWords)
    fail(where() + ": a packet state has at most " + std::to_string(PacketState::kWords) + " words", py::none());
  PacketState st;
  for (std::size_t i = 0; i < seq.size(); ++i) {
    const auto w = exact_int(seq[i], INT32_MIN, INT32_MAX);
    if (!w) fail(where() + ": word " + std::to_string(i) + " is not an int in the 32-bit signed range", py::none());
    st.w[i] = static_cast<std::int32_t>(*w);
  }
  return st;
}

template <class Where>
Hop PyRouting::read_hop(const py::handle& item, NodeId here, const PacketState& state,
                        const Where& where_of) const {
  const auto where = [&] { return where_of(); };
  Hop hop;
  hop.state = state;
  py::handle port = item;
  if (py::isinstance<py::tuple>(item) || py::isinstance<py::list>(item)) {
    const py::sequence seq = py::reinterpret_borrow<py::sequence>(item);
    const std::size_t n = seq.size();
    if (n < 1 || n > 4)
      fail(where() + " is " + repr_of(item) + ": a hop is a port, (port, vc), (port, vc, state) or (port, vc, state, bubble)",
           py::none());
    port = seq[0];
    if (n >= 2) {
      const auto vc = exact_int(seq[1], 0, UINT32_MAX);
      if (!vc || *vc >= vcs_)
        fail(where() + " names virtual channel " + repr_of(seq[1]) + ", but the routing declares vcs = " +
                 std::to_string(vcs_) + " (channels 0.." + std::to_string(vcs_ - 1) + ")",
             py::none());
      hop.vc = static_cast<std::uint32_t>(*vc);
    }
    if (n >= 3 && !seq[2].is_none()) hop.state = read_state(seq[2], [&] { return where() + "'s state " + repr_of(seq[2]); });
    if (n == 4) {
      if (!PyBool_Check(seq[3].ptr())) fail(where() + "'s bubble flag is " + repr_of(seq[3]) + ", not True or False", py::none());
      hop.bubble = seq[3].cast<bool>();
    }
  }
  const auto p = exact_int(port, 0, UINT32_MAX);
  if (!p) fail(where() + " is " + repr_of(item) + ": a hop's port is a non-negative int", py::none());
  if (*p >= net_.num_ports(here))
    fail(where() + " names port " + std::to_string(*p) + ", but " + node_text(net_, here) + " has " +
             (net_.num_ports(here) ? "ports 0.." + std::to_string(net_.num_ports(here) - 1) : "no ports"),
         py::none());
  hop.port = static_cast<PortId>(*p);
  return hop;
}

// Calls fn(*args, faults) with a FaultView that expires when it returns; an
// engine's exception kept by the view (or by an interruption, header) is
// rethrown, a Python exception is handled by raised() (`where` says which
// call, in words, built only then).
template <class Where>
py::object PyRouting::call_with_view(const py::object& fn, FaultView& faults, std::exception_ptr& pending,
                                     RoutingCalls::Running& running, const Where& where, const py::tuple& args) const {
  ++record_->calls;
  py::object view = py::cast(PyFaultView{&faults, network_, &pending});
  py::object result;
  try {
    result = fn(*args, view);
  } catch (py::error_already_set& e) {
    view.cast<PyFaultView&>().view = nullptr;
    raised(e, pending, running, where);
  }
  view.cast<PyFaultView&>().view = nullptr;
  returned(pending, running);
  return result;
}

PacketState PyRouting::start(NodeId src, NodeId dst, FaultView& faults) const {
  if (!start_) return {};
  py::gil_scoped_acquire gil;
  check_not_failed();
  std::exception_ptr pending;
  RoutingCalls::Running running(calls_.get(), spec_, "start", &pending);
  const auto where = [&] { return "start(src=" + node_text(net_, src) + ", dest=" + node_text(net_, dst) + ")"; };
  py::object r = call_with_view(start_, faults, pending, running, where, py::make_tuple(src, dst));
  if (r.is_none()) return {};
  return read_state(r, [&] { return where() + " returned state " + repr_of(r); });
}

void PyRouting::next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const {
  py::gil_scoped_acquire gil;
  check_not_failed();
  std::exception_ptr pending;
  RoutingCalls::Running running(calls_.get(), spec_, "next", &pending);
  auto where = [&] { return "next(here=" + node_text(net_, here) + ", dest=" + node_text(net_, dst) + ")"; };
  py::object r = call_with_view(next_, faults, pending, running, where, py::make_tuple(here, state_tuple(state), dst));
  if (r.is_none()) fail(where() + " returned None; return a list of hops ([] to give up)", py::none());
  if (py::isinstance<py::tuple>(r) || py::isinstance<py::str>(r) || py::isinstance<py::bytes>(r) ||
      py::isinstance<py::dict>(r) || PyLong_Check(r.ptr()))
    fail(where() + " returned " + repr_of(r) +
             "; return a list of hops (a tuple is one hop, (port, vc[, state[, bubble]]), so a list holds them)",
         py::none());
  py::iterator it;
  try {
    it = py::iter(r);
  } catch (py::error_already_set&) {
    fail(where() + " returned " + repr_of(r) + ", not a list of hops", py::none());
  }
  std::size_t index = 0;
  try {
    for (; it != py::iterator::sentinel(); ++it, ++index)
      out.push_back(read_hop(*it, here, state, [&] { return where() + "'s hop #" + std::to_string(index); }));
  } catch (py::error_already_set& e) {  // a generator that raised
    raised(e, pending, running, where);
  }
  returned(pending, running);
}

std::string PyRouting::describe_state(const PacketState& state) const {
  if (!describe_) return Routing::describe_state(state);
  py::gil_scoped_acquire gil;
  check_not_failed();
  ++record_->calls;
  std::exception_ptr pending;
  RoutingCalls::Running running(calls_.get(), spec_, "describe_state", &pending);
  const auto where = [&] { return "describe_state(" + std::string(py::repr(state_tuple(state))) + ")"; };
  py::object r;
  try {
    r = describe_(state_tuple(state));
  } catch (py::error_already_set& e) {
    raised(e, pending, running, where);
  }
  returned(pending, running);
  if (!py::isinstance<py::str>(r)) fail(where() + " returned " + repr_of(r) + ", not a str", py::none());
  return r.cast<std::string>();
}

namespace {

// The prefix of route_run.cpp's require_local_node and require_local_link.
constexpr std::string_view kLocalityComplaint = "a local-knowledge routing at ";

// A fault view's question.  The locality check's complaint is the routing's
// error; any other exception is the engine's, carried back to it (header).
template <class F>
auto ask(const PyFaultView& v, F question) {
  FaultView& view = v.live();
  std::exception_ptr caught;
  try {
    return question(view);
  } catch (const InternalError& e) {
    if (std::string_view(e.what()).starts_with(kLocalityComplaint)) throw PythonRoutingError(e.what());
    caught = std::current_exception();
  } catch (...) {
    caught = std::current_exception();
  }
  if (!v.pending) std::rethrow_exception(caught);  // not from a routing's call: nothing to unwind
  *v.pending = caught;
  PyErr_SetString(engine_unwind_type().ptr(), "an engine unwinds this routing's call");
  throw py::error_already_set();
}

// A fault view's argument: an int (or an integer type with __index__), never
// a bool or a float (node_faulty(True) is a routing's bug, not node 1).  Out
// of the long long range: LLONG_MAX, which the range checks refuse.
long long view_int(const py::handle& h, const char* what) {
  if (PyBool_Check(h.ptr()) || PyFloat_Check(h.ptr()) || !PyIndex_Check(h.ptr()))
    throw py::type_error(std::string(what) + " is an int, not " + repr_of(h));
  return exact_int(h, LLONG_MIN, LLONG_MAX).value_or(LLONG_MAX);
}

const Network& checked_node(const PyFaultView& v, long long node) {
  const Network& net = v.live().network();
  if (node < 0 || node >= static_cast<long long>(net.num_nodes()))
    throw py::index_error("node " + std::to_string(node) + " is not a node of " + net.spec() + " (0.." +
                          std::to_string(net.num_nodes() - 1) + ")");
  return net;
}

}  // namespace

void bind_python_routing(py::module_& m) {
  py::class_<PyFaultView>(m, "FaultView",
                          "The engine's fault view, as a Python routing's next() and start() see it.  Every "
                          "question is recorded exactly as a C++ routing's (the exhaustive route search extends "
                          "fault sets only by what a run read): ask lazily, in the order the algorithm needs.")
      .def_property_readonly("network", [](const PyFaultView& v) {
        v.live();
        return v.network;
      })
      .def(
          "node_faulty",
          [](const PyFaultView& v, const py::handle& node_arg) {
            const long long node = view_int(node_arg, "node");
            checked_node(v, node);
            return ask(v, [&](FaultView& f) { return f.node_faulty(static_cast<NodeId>(node)); });
          },
          py::arg("node"), "Has this node failed?")
      .def(
          "link_faulty",
          [](const PyFaultView& v, const py::handle& link_arg) {
            const long long link = view_int(link_arg, "link");
            const Network& net = v.live().network();
            if (link < 0 || link >= static_cast<long long>(net.num_links()))
              throw py::index_error("link " + std::to_string(link) + " is not a link of " + net.spec());
            return ask(v, [&](FaultView& f) { return f.link_faulty(static_cast<LinkId>(link)); });
          },
          py::arg("link"), "Has this link failed as a link? (A failed end node is a separate question.)")
      .def(
          "port_usable",
          [](const PyFaultView& v, const py::handle& node_arg, const py::handle& port_arg) {
            const long long node = view_int(node_arg, "node"), port = view_int(port_arg, "port");
            const Network& net = checked_node(v, node);
            if (port < 0 || port >= static_cast<long long>(net.num_ports(static_cast<NodeId>(node))))
              throw py::index_error("port " + std::to_string(port) + " is not a port of " +
                                    node_text(net, static_cast<NodeId>(node)));
            return ask(v, [&](FaultView& f) {
              return f.port_usable(static_cast<NodeId>(node), static_cast<PortId>(port));
            });
          },
          py::arg("node"), py::arg("port"),
          "Is the port connected, its link healthy and its peer healthy?  Reads the link, then the peer, and stops "
          "at the first fault (as the C++ routings do).")
      .def(
          "faulty_nodes_at_least",
          [](const PyFaultView& v, const py::iterable& region, const py::handle& threshold_arg) {
            const long long t = view_int(threshold_arg, "threshold");
            if (t < 0 || t > UINT32_MAX)
              throw py::value_error("threshold is a count of nodes, not " + repr_of(threshold_arg));
            const auto threshold = static_cast<std::uint32_t>(t);
            std::vector<NodeId> nodes;
            for (const py::handle x : region) {
              const long long node = view_int(x, "a node of the region");
              checked_node(v, node);
              nodes.push_back(static_cast<NodeId>(node));
            }
            return ask(v, [&](FaultView& f) { return f.faulty_nodes_at_least(nodes, threshold); });
          },
          py::arg("region"), py::arg("threshold"),
          "Are at least `threshold` nodes of `region` faulty?  One question, which the view may answer from the "
          "fault budget without reading the region.")
      .def("__repr__", [](const PyFaultView& v) {
        return v.view ? std::string("<menger.FaultView (live)>") : std::string("<menger.FaultView (expired)>");
      });
  m.attr("PACKET_STATE_WORDS") = PacketState::kWords;
  m.attr("EngineUnwind") = engine_unwind_type();
}

}  // namespace menger::py_binding
