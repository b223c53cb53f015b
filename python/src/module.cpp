// The extension module menger._menger (python/menger/__init__.py is the
// package users import).  Exceptions: menger's InputError (a bad spec, a bad
// file, impossible parameters: one sentence naming the input) is
// menger.InputError, a ValueError; a routing written in Python that raised an
// Exception or answered something that is not a list of hops is
// menger.RoutingError, also a ValueError, with the routing's own exception as
// __cause__ (a KeyboardInterrupt or SystemExit it raised comes back as
// itself: python_routing.h); a budget that ran out where the engine could not
// report its own coverage (before any search started, inside one analysis, or
// in a Python routing call that outlived it) is menger.BudgetExhausted; a
// broken invariant of Menger itself is menger.InternalError, a RuntimeError.
// Ctrl-C during a verb raises KeyboardInterrupt (engine_thread.h).
#include "binding.h"
#include "core/budget.h"
#include "core/error.h"
#include "core/version.h"
#include "python_routing.h"

namespace menger::py_binding {

py::object json_to_py(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null: return py::none();
    case nlohmann::json::value_t::boolean: return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer: return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned: return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float: return py::float_(j.get<double>());
    case nlohmann::json::value_t::string: return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list out;
      for (const auto& x : j) out.append(json_to_py(x));
      return out;
    }
    case nlohmann::json::value_t::object: {
      py::dict out;
      for (const auto& [k, v] : j.items()) out[py::str(k)] = json_to_py(v);
      return out;
    }
    default: return py::none();
  }
}

}  // namespace menger::py_binding

PYBIND11_MODULE(_menger, m) {
  namespace mb = menger::py_binding;
  namespace py = pybind11;
  m.doc() = "Menger's engines (the package menger wraps them; see its docstrings).";
  m.attr("__version__") = std::string(menger::kVersion);
  static py::exception<menger::InputError> input_error(m, "InputError", PyExc_ValueError);
  static py::exception<mb::PythonRoutingError> routing_error(m, "RoutingError", PyExc_ValueError);
  static py::exception<menger::BudgetExhausted> budget_error(m, "BudgetExhausted", PyExc_RuntimeError);
  static py::exception<menger::InternalError> internal_error(m, "InternalError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const menger::InputError& e) {
      input_error(e.what());
    } catch (const mb::PythonRoutingError& e) {
      routing_error(e.what());
    } catch (const menger::BudgetExhausted& e) {
      budget_error(e.what());
    } catch (const menger::InternalError& e) {
      internal_error(e.what());
    }
  });
  mb::bind_network(m);
  mb::bind_python_routing(m);
  mb::bind_results(m);
  mb::bind_verbs(m);
}
