// The pieces of the extension module _menger (python/), one file each:
//   module.cpp            the module, its exceptions, the JSON bridge
//   network_bindings.cpp  menger.Network: from a spec or from parts (NetworkX, python/menger/_networkx.py)
//   python_routing.cpp    routings written in Python and the FaultView they read
//   results.cpp           the result objects of the verbs
//   verbs.cpp             the verbs, with the GIL released during the engines' work
//   engine_thread.h       an engine's work on a thread of its own: Ctrl-C, budgets routings cannot outlast
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "core/network.h"

namespace menger::py_binding {

namespace py = pybind11;

using NetworkPtr = std::shared_ptr<Network>;

// A JSON value as Python objects (dict, list, str, int, float, bool, None).
py::object json_to_py(const nlohmann::json& j);

void bind_network(py::module_& m);
void bind_python_routing(py::module_& m);
void bind_results(py::module_& m);
void bind_verbs(py::module_& m);

}  // namespace menger::py_binding
