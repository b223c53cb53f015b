// Python views of the result objects of results.h.
#include <pybind11/stl.h>

#include "core/json_io.h"
#include "results.h"

namespace menger::py_binding {

namespace {

py::object optional_json(const std::optional<nlohmann::json>& j) { return j ? json_to_py(*j) : py::none(); }

std::string view_text(const JsonView& v, const char* type, py::object indent) {
  if (!v.json) {
    const std::string text = std::string(type) + ".to_json(): the library has no JSON view of this result yet (" +
                             v.missing + " lands with the json-views work); its attributes, .witness and " +
                             ".certificate carry the same facts";
    PyErr_SetString(PyExc_NotImplementedError, text.c_str());
    throw py::error_already_set();
  }
  return json_text(*v.json, indent.is_none() ? -1 : indent.cast<int>());
}

template <class R>
void add_to_json(py::class_<R>& c, const char* type) {
  c.def(
      "to_json", [type](const R& r, py::object indent) { return view_text(r.view, type, indent); },
      py::arg("indent") = py::none(),
      "The library's one JSON view of the result, as text (DESIGN.md: one result type per engine, one JSON view).");
  c.def_property_readonly("has_json_view", [](const R& r) { return r.view.json.has_value(); });
}

py::list trace_list(const std::vector<TraceStepResult>& trace) {
  py::list out;
  for (const auto& s : trace) {
    py::dict d;
    d["node"] = s.node;
    d["state"] = s.state;
    d["port"] = s.port;
    d["vc"] = s.vc;
    d["moved"] = s.moved;
    out.append(d);
  }
  return out;
}

}  // namespace

void bind_results(py::module_& m) {
  // dynamic_attr: a result about a network built from NetworkX carries the
  // user's node keys (_results.py maps the node fields onto them).
  py::class_<ToleranceResult> tol(m, "ToleranceResult", py::dynamic_attr(),
                                  "Exact fault tolerance of a network (menger tolerance): the least breaking fault "
                                  "set, the pair it separates, and the certificate, re-validated independently.");
  tol.def_readonly("model", &ToleranceResult::model)
      .def_readonly("faults", &ToleranceResult::faults)
      .def_readonly("pairs", &ToleranceResult::pairs)
      .def_readonly("engine", &ToleranceResult::engine)
      .def_readonly("method", &ToleranceResult::method)
      .def_readonly("work", &ToleranceResult::work)
      .def_readonly("complete", &ToleranceResult::complete)
      .def_property_readonly("verdict", &ToleranceResult::verdict)
      .def_readonly("min_breaking_weight", &ToleranceResult::min_breaking_weight)
      .def_readonly("tolerance", &ToleranceResult::tolerance)
      .def_readonly("breaking_set", &ToleranceResult::breaking_set)
      .def_readonly("breaking_units", &ToleranceResult::breaking_units)
      .def_readonly("source", &ToleranceResult::source)
      .def_readonly("target", &ToleranceResult::target)
      .def_property_readonly("coverage", [](const ToleranceResult& r) { return json_to_py(r.coverage); })
      .def_property_readonly("witness",
                             [](const ToleranceResult& r) -> py::object {
                               if (!r.min_breaking_weight) return py::none();
                               py::dict d;
                               d["breaking_set"] = r.breaking_set;
                               d["separates"] = py::make_tuple(*r.source, *r.target);
                               d["weight"] = *r.min_breaking_weight;
                               return d;
                             })
      .def_property_readonly("certificate", [](const ToleranceResult& r) { return optional_json(r.certificate); })
      .def_readonly("certificate_valid", &ToleranceResult::certificate_valid)
      .def_readonly("certificate_summary", &ToleranceResult::certificate_summary)
      .def_readonly("certificate_problems", &ToleranceResult::certificate_problems)
      .def_readonly("certificate_note", &ToleranceResult::certificate_note)
      .def_readonly("seconds", &ToleranceResult::seconds)
      .def("__repr__", [](const ToleranceResult& r) {
        return "<menger.ToleranceResult " + r.model + " " + r.faults + ": " +
               (r.min_breaking_weight ? "tolerance " + std::to_string(*r.tolerance) : std::string("unbounded")) +
               (r.complete ? "" : " (UNKNOWN)") + ">";
      });
  add_to_json(tol, "ToleranceResult");

  py::class_<RouteCheckResultPy> rc(m, "RouteCheckResult", py::dynamic_attr(),
                                    "Does a routing deliver every pair under every set of <= k faults (menger "
                                    "route-check)?  FAILS carries the least defeating fault set, the pair and the "
                                    "hop-by-hop trace (.witness, as `menger replay` reads it).");
  rc.def_readonly("model", &RouteCheckResultPy::model)
      .def_readonly("routing", &RouteCheckResultPy::routing)
      .def_readonly("knowledge", &RouteCheckResultPy::knowledge)
      .def_readonly("faults", &RouteCheckResultPy::faults)
      .def_readonly("units", &RouteCheckResultPy::units)
      .def_readonly("k", &RouteCheckResultPy::k)
      .def_readonly("verdict", &RouteCheckResultPy::verdict)
      .def_property_readonly("holds", [](const RouteCheckResultPy& r) { return r.verdict == "HOLDS"; })
      .def_property_readonly("fails", [](const RouteCheckResultPy& r) { return r.verdict == "FAILS"; })
      .def_readonly("minimum_proved", &RouteCheckResultPy::minimum_proved)
      .def_readonly("runs", &RouteCheckResultPy::runs)
      .def_readonly("naive_runs", &RouteCheckResultPy::naive_runs)
      .def_readonly("pairs_total", &RouteCheckResultPy::pairs_total)
      .def_readonly("pairs_examined", &RouteCheckResultPy::pairs_examined)
      .def_readonly("pairs_settled", &RouteCheckResultPy::pairs_settled)
      .def_readonly("symmetry_used", &RouteCheckResultPy::symmetry_used)
      .def_readonly("symmetry", &RouteCheckResultPy::symmetry)
      .def_readonly("engine", &RouteCheckResultPy::engine)
      .def_readonly("levels", &RouteCheckResultPy::levels)
      .def_property_readonly("coverage", [](const RouteCheckResultPy& r) { return json_to_py(r.coverage); })
      .def_property_readonly("witness", [](const RouteCheckResultPy& r) { return optional_json(r.witness); })
      .def_property_readonly(
          "failing_sets",
          [](const RouteCheckResultPy& r) -> py::object {
            if (!r.view.json || !r.view.json->contains("failing_sets")) return py::none();
            return json_to_py(r.view.json->at("failing_sets"));
          },
          "With failures=N: {size, found, sets: [{fault_set, pairs}]}, the fault sets of the least failing size "
          "with every pair each breaks (None otherwise)")
      .def_property_readonly("certificate", [](const RouteCheckResultPy&) { return py::none(); },
                             "None: route-check has no certificate beyond its exhaustive search.")
      .def_readonly("fault_set", &RouteCheckResultPy::fault_set)
      .def_readonly("source", &RouteCheckResultPy::source)
      .def_readonly("destination", &RouteCheckResultPy::destination)
      .def_readonly("outcome", &RouteCheckResultPy::outcome)
      .def_readonly("detail", &RouteCheckResultPy::detail)
      .def_readonly("hops", &RouteCheckResultPy::hops)
      .def_readonly("disconnected", &RouteCheckResultPy::disconnected)
      .def_property_readonly("trace", [](const RouteCheckResultPy& r) { return trace_list(r.trace); })
      .def_readonly("python_calls", &RouteCheckResultPy::python_calls)
      .def_readonly("seconds", &RouteCheckResultPy::seconds)
      .def("__repr__", [](const RouteCheckResultPy& r) {
        std::string s = "<menger.RouteCheckResult " + r.routing + " on " + r.model + ", k=" + std::to_string(r.k) +
                        ": " + r.verdict;
        if (r.verdict == "FAILS") s += " with " + std::to_string(r.fault_set.size()) + " fault(s)";
        return s + ">";
      });
  add_to_json(rc, "RouteCheckResult");

  py::class_<DeadlockResultPy> dl(m, "DeadlockResult", py::dynamic_attr(),
                                  "Can the routing deadlock (menger deadlock)?  FREE with a certificate, DEADLOCK "
                                  "with a witness (both as `menger check-cert` / `menger replay` read them).");
  dl.def_readonly("model", &DeadlockResultPy::model)
      .def_readonly("routing", &DeadlockResultPy::routing)
      .def_readonly("vcs", &DeadlockResultPy::vcs)
      .def_readonly("k", &DeadlockResultPy::k)
      .def_readonly("verdict", &DeadlockResultPy::verdict)
      .def_property_readonly("free", [](const DeadlockResultPy& r) { return r.verdict == "FREE"; })
      .def_readonly("method", &DeadlockResultPy::method)
      .def_readonly("reason", &DeadlockResultPy::reason)
      .def_readonly("fault_sets_analysed", &DeadlockResultPy::fault_sets_analysed)
      .def_readonly("symmetry", &DeadlockResultPy::symmetry)
      .def_readonly("fault_set", &DeadlockResultPy::fault_set)
      .def_readonly("packets", &DeadlockResultPy::packets)
      .def_readonly("configurations", &DeadlockResultPy::configurations)
      .def_readonly("dependencies", &DeadlockResultPy::dependencies)
      .def_readonly("acyclic", &DeadlockResultPy::acyclic)
      .def_readonly("adaptive", &DeadlockResultPy::adaptive)
      .def_readonly("cycle", &DeadlockResultPy::cycle)
      .def_readonly("cycle_packets", &DeadlockResultPy::cycle_packets)
      .def_readonly("escape_attempts", &DeadlockResultPy::escape_attempts)
      .def_readonly("gap", &DeadlockResultPy::gap)
      .def_property_readonly("coverage", [](const DeadlockResultPy& r) { return json_to_py(r.coverage); })
      .def_property_readonly("witness",
                             [](const DeadlockResultPy& r) {
                               return r.deadlock_evidence ? optional_json(r.evidence) : py::none();
                             })
      .def_property_readonly("certificate",
                             [](const DeadlockResultPy& r) {
                               return r.evidence && !r.deadlock_evidence ? optional_json(r.evidence) : py::none();
                             })
      .def_readonly("python_calls", &DeadlockResultPy::python_calls)
      .def_readonly("seconds", &DeadlockResultPy::seconds)
      .def("__repr__", [](const DeadlockResultPy& r) {
        return "<menger.DeadlockResult " + r.routing + " on " + r.model + ": " + r.verdict + ">";
      });
  add_to_json(dl, "DeadlockResult");

  py::class_<CreditLoopsResult> cl(m, "CreditLoopsResult",
                                   "InfiniBand credit loops (menger credit-loops) of the routing OpenSM programmed; "
                                   "the loop buffer by buffer (GUID, port, VL) is in .loop.");
  cl.def_readonly("dir", &CreditLoopsResult::dir)
      .def_readonly("routing", &CreditLoopsResult::routing)
      .def_readonly("verdict", &CreditLoopsResult::verdict)
      .def_readonly("credit_loop", &CreditLoopsResult::credit_loop)
      .def_readonly("unrouted", &CreditLoopsResult::unrouted)
      .def_property_readonly("pairs", [](const CreditLoopsResult& r) { return json_to_py(r.view.json->at("pairs")); })
      .def_property_readonly("buffers", [](const CreditLoopsResult& r) { return json_to_py(r.view.json->at("buffers")); })
      .def_property_readonly("dependencies",
                             [](const CreditLoopsResult& r) { return json_to_py(r.view.json->at("dependencies")); })
      .def_property_readonly("loop", [](const CreditLoopsResult& r) { return json_to_py(r.view.json->at("loop")); })
      .def_property_readonly("witness",
                             [](const CreditLoopsResult& r) {
                               return r.deadlock_evidence ? optional_json(r.evidence) : py::none();
                             })
      .def_property_readonly("certificate",
                             [](const CreditLoopsResult& r) {
                               return r.evidence && !r.deadlock_evidence ? optional_json(r.evidence) : py::none();
                             })
      .def("__repr__", [](const CreditLoopsResult& r) {
        return "<menger.CreditLoopsResult " + r.dir + ": " + (r.credit_loop ? "CREDIT LOOP" : "no credit loops") + ">";
      });
  add_to_json(cl, "CreditLoopsResult");

  py::class_<OpensmFaultsResultPy> sm(m, "OpensmFaultsResult",
                                      "OpenSM re-routing after every set of <= k failed links or switches (menger "
                                      "opensm-faults); every set's outcome is in .sets, in set order.");
  sm.def_readonly("net", &OpensmFaultsResultPy::net)
      .def_readonly("engine", &OpensmFaultsResultPy::engine)
      .def_readonly("verdict", &OpensmFaultsResultPy::verdict)
      .def_readonly("total_sets", &OpensmFaultsResultPy::total_sets)
      .def_readonly("failing", &OpensmFaultsResultPy::failing)
      .def_property_readonly("sets", [](const OpensmFaultsResultPy& r) { return json_to_py(r.view.json->at("sets")); })
      .def_property_readonly("witness", [](const OpensmFaultsResultPy& r) { return optional_json(r.witness); })
      .def("__repr__", [](const OpensmFaultsResultPy& r) {
        return "<menger.OpensmFaultsResult " + r.engine + " on " + r.net + ": " + r.verdict + ">";
      });
  add_to_json(sm, "OpensmFaultsResult");

  py::class_<InfoResult> info(m, "InfoResult",
                              "Structural facts of a network (menger info): exact counts, degrees, diameter, "
                              "average distance, automorphism groups.");
  info.def_readonly("model", &InfoResult::model)
      .def_readonly("complete", &InfoResult::complete)
      .def_property_readonly("facts",
                             [](const InfoResult& r) {
                               py::dict d;
                               for (const auto& [name, o] : r.observables) {
                                 py::dict x;
                                 x["exact"] = o.exact;
                                 // An integer is an int (a diameter of 4, not 4.0).
                                 const bool whole = o.exact && o.exact->find('/') == std::string::npos;
                                 if (whole) x["value"] = py::int_(py::str(*o.exact));
                                 else x["value"] = o.value;
                                 x["note"] = o.note;
                                 d[py::str(name)] = x;
                               }
                               return d;
                             })
      .def(
          "value",
          [](const InfoResult& r, const std::string& name) -> py::object {
            for (const auto& [n, o] : r.observables)
              if (n == name) {
                if (!o.exact) return py::none();
                return py::module_::import("fractions").attr("Fraction")(*o.exact);
              }
            throw py::key_error("no observable named '" + name + "'");
          },
          py::arg("name"), "The exact value of an observable as a fractions.Fraction (None when it has none).")
      .def_readonly("distances", &InfoResult::distances)
      .def_property_readonly("automorphisms",
                             [](const InfoResult& r) -> py::object {
                               if (!r.automorphisms) return py::none();
                               py::dict d;
                               for (const auto& [key, g] : {std::pair{"links", r.automorphisms},
                                                            std::pair{"ports", r.port_automorphisms}}) {
                                 py::dict x;
                                 x["order"] = g->order;
                                 x["node_orbits"] = g->node_orbits;
                                 x["ordered_pair_orbits"] = g->ordered_pair_orbits;
                                 x["generators"] = g->generators;
                                 d[key] = x;
                               }
                               return d;
                             })
      .def_readonly("automorphisms_note", &InfoResult::automorphisms_note)
      .def_property_readonly("witness", [](const InfoResult&) { return py::none(); })
      .def_property_readonly("certificate", [](const InfoResult&) { return py::none(); })
      .def_readonly("seconds", &InfoResult::seconds)
      .def("__getattr__", [](const InfoResult& r, const std::string& name) -> py::object {
        // An int where the exact value is a whole number (a diameter is 4, not 4.0).
        for (const auto& [n, o] : r.observables) {
          if (n != name) continue;
          const std::size_t slash = o.exact ? o.exact->find('/') : std::string::npos;
          if (o.exact && (slash == std::string::npos || o.exact->substr(slash + 1) == "1"))
            return py::int_(py::str(o.exact->substr(0, slash)));
          return o.value ? py::object(py::float_(*o.value)) : py::none();
        }
        throw py::attribute_error("InfoResult has no attribute '" + name + "'");
      });
  add_to_json(info, "InfoResult");

  py::class_<StudyResultPy> study(m, "StudyResult",
                                  "A reliability study (menger montecarlo): per point, every series' estimate and "
                                  "interval, exact values where enumeration reached.");
  study.def_readonly("experiment", &StudyResultPy::experiment)
      .def_readonly("model", &StudyResultPy::model)
      .def_readonly("faults", &StudyResultPy::faults)
      .def_readonly("complete", &StudyResultPy::complete)
      .def_readonly("series", &StudyResultPy::series)
      .def_property_readonly("points", [](const StudyResultPy& r) -> py::object {
        const auto it = r.study.find("points");
        return it == r.study.end() ? py::object(py::list()) : json_to_py(*it);
      })
      .def_property_readonly("data", [](const StudyResultPy& r) { return json_to_py(r.study); })
      .def_property_readonly("witness", [](const StudyResultPy&) { return py::none(); })
      .def_property_readonly("certificate", [](const StudyResultPy&) { return py::none(); })
      .def_readonly("python_calls", &StudyResultPy::python_calls)
      .def_readonly("seconds", &StudyResultPy::seconds);
  add_to_json(study, "StudyResult");
}

}  // namespace menger::py_binding
