// The verbs of the CLI (src/cli/*_command.cpp) as functions: each builds the
// same question and calls the same engine entry point as its command
// (solve_tolerance, route_check + make_witness, search_deadlock_faults +
// make_deadlock_evidence, run_study, StructureFacts), with the GIL released
// for the whole of the engine's work, which runs on a thread of its own
// (engine_thread.h: Ctrl-C raises KeyboardInterrupt, a Python routing call
// cannot outlast the budget).
//
// Routings: a spec string names a built-in routing (RoutingRegistry); any
// other object is a routing written in Python (python_routing.h).
//
// Threads: `threads` = 0 (the default) lets an engine use every core, except
// when a Python routing is involved: the engine then runs in a one-thread TBB
// arena, since its Python callbacks are serialized by the GIL anyway and the
// threads would only queue for it.  threads = N > 0 runs it in an N-thread
// arena (with a Python routing too: the callbacks still take the GIL one at a
// time).  The answers are the same for any thread count (DESIGN.md
// "Determinism"; tests/test_python_routing.py checks 1 against 2).
#include <pybind11/stl.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <fstream>
#include <set>

#include "binding.h"
#include "claims/reliability_study.h"
#include "claims/witness_picture.h"
#include "core/budget.h"
#include "core/error.h"
#include "core/spec.h"
#include "engine_thread.h"
#include "python_routing.h"
#include "results.h"
#include "models/infiniband_fabric.h"
#include "setup/answer.h"
#include "setup/credit_loops.h"
#include "setup/opensm_faults.h"
#include "core/json_io.h"
#include "question/question_json.h"
#include "question/questions.h"
#include "setup/questions.h"
#include "setup/setup.h"
#include "setup/specs.h"
#include "verify/symmetry/automorphisms.h"
#include "verify/check/certificate_check.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/deadlock/dependency_graph.h"
#include "verify/route/route_search.h"
#include "verify/route/route_witness.h"
#include "verify/structure/structure.h"
#include "verify/tolerance/tolerance_engine.h"

namespace menger::py_binding {

namespace {

// The first failure of any Python routing of one verb call (python_routing.h).
struct Call {
  NetworkPtr net;
  py::object net_obj;
  std::shared_ptr<RoutingCalls> calls = std::make_shared<RoutingCalls>();
  std::vector<std::shared_ptr<PyRouting>> python;
  unsigned threads = 0;
  std::optional<double> budget;
  Budget context;  // the call's budget: from its start, `budget` seconds (none: no time limit)
  std::unique_ptr<ProgressRelay> progress;  // the caller's progress callback, if any

  bool has_python() const { return !python.empty(); }
  std::uint64_t python_calls() const {
    std::uint64_t n = 0;
    for (const auto& r : python) n += r->record()->calls;
    return n;
  }
};

// The budget of a call that starts now: `seconds` from now (none: no time limit).
Budget budget_of(std::optional<double> seconds) {
  if (!seconds) return Budget::until(std::nullopt);
  return Budget::until(Clock::now() +
                       std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*seconds)));
}

Call start_call(py::object net_obj, unsigned threads, std::optional<double> budget,
                py::object progress = py::none()) {
  Call c;
  c.net = net_obj.cast<NetworkPtr>();
  c.net_obj = std::move(net_obj);
  c.threads = threads;
  // At most 1e9 s (31 years): a deadline the steady clock holds (menger/__init__.py checks it first).
  if (budget && !(*budget > 0 && *budget <= 1e9))
    throw InputError("budget is a positive number of seconds, at most 1e9 (None for no limit)");
  c.budget = budget;
  c.context = budget_of(budget);
  if (!progress.is_none()) c.progress = std::make_unique<ProgressRelay>(std::move(progress));
  return c;
}

// The engine's progress sink for the call (empty without a callback).
Progress progress_of(const Call& c) { return c.progress ? c.progress->sink() : Progress(); }

// A routing the call owns, lent to an Answer that does not outlive the call.
std::shared_ptr<const Routing> borrowed(const Routing& r) { return {std::shared_ptr<const Routing>(), &r}; }

// Evidence that its independent re-check refutes is a bug in Menger, never a result.
void throw_unless_checked(const Answer& a) {
  if (a.recheck && !a.recheck->valid)
    throw InternalError("the " + a.verb + " evidence does not check: " +
                        (a.recheck->problems.empty() ? a.recheck->summary : a.recheck->problems.front()));
  if (a.proof_recheck && !a.proof_recheck->valid)
    throw InternalError("the " + a.verb + " proof does not check: " + a.proof_recheck->problems.front());
}

// The routing of a verb: a built-in one by spec, or a Python routing (under the GIL).
struct RoutingChoice {
  std::unique_ptr<Routing> builtin;
  std::shared_ptr<PyRouting> python;
  const Routing& get() const { return builtin ? *builtin : *python; }
};

RoutingChoice choose_routing(Call& c, const py::object& routing) {
  RoutingChoice r;
  if (py::isinstance<py::str>(routing)) {
    const std::string spec = routing.cast<std::string>();
    py::gil_scoped_release release;
    r.builtin = build_routing(spec, *c.net);
  } else {
    r.python = std::make_shared<PyRouting>(routing, c.net_obj, *c.net, c.calls);
    c.python.push_back(r.python);
  }
  return r;
}

// Raises menger.RoutingError from the first Python routing that failed, with
// the routing's own exception as its __cause__.
[[noreturn]] void raise_routing_error(const Call& c, const std::string& fallback) {
  std::string text = fallback;
  py::object cause = py::none();
  for (const auto& r : c.python)
    if (r->record()->failed) {
      text = r->record()->error_text;
      if (r->record()->error_cause) cause = r->record()->error_cause;
      break;
    }
  py::object type = py::module_::import("menger._menger").attr("RoutingError");
  py::object exc = type(text);
  if (!cause.is_none()) PyException_SetCause(exc.ptr(), cause.release().ptr());  // steals the reference
  PyErr_SetObject(type.ptr(), exc.ptr());
  throw py::error_already_set();
}

// Re-raises the BaseException (KeyboardInterrupt, SystemExit, ...) a Python
// routing raised, with its own traceback.
[[noreturn]] void raise_base_exception(const Call& c, const std::string& fallback) {
  const py::object& e = c.calls->base_exception();
  if (!e) throw InternalError("a Python routing was interrupted, but by nothing: " + fallback);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(e.ptr())), e.ptr());
  throw py::error_already_set();
}

// Runs `work` with the GIL released, in the arena the call's threads ask for,
// on a thread of its own (engine_thread.h: Ctrl-C, and routing calls that
// outlive the budget).
template <class Work>
auto run_engine(const Call& c, Work&& work) -> decltype(work()) {
  const unsigned threads = c.threads ? c.threads : c.has_python() ? 1u : 0u;
  try {
    return run_watched(c.calls.get(), c.context, c.progress.get(), [&] {
      if (!threads) return work();
      tbb::task_arena arena(static_cast<int>(threads));
      return arena.execute([&] { return work(); });
    });
  } catch (const PythonRoutingError& e) {
    raise_routing_error(c, e.what());
  } catch (const PythonInterrupt& e) {
    raise_base_exception(c, e.what());
  }
}

// A resolver for the evidence checkers: this call's network by its spec, and
// the built-in registries for everything else.
SpecResolver resolver_of(const Call& c) { return specs_holding(c.net->topology_ptr(), c.context); }

FaultModel fault_model(const Network& net, const std::string& faults, const std::string& pairs, const Budget& budget) {
  FaultModelSpec spec;
  spec.units = parse_unit_choice(faults);
  spec.pairs = pairs.empty() ? default_pairs(net) : parse_pair_choice(pairs);
  return FaultModel(net, spec, budget);
}

// ---- tolerance --------------------------------------------------------------

// `question`: the tolerance question as JSON, checked by the package against
// question_schema("tolerance") and again here (read_question_json).
ToleranceResult tolerance(py::object net_obj, const std::string& question, std::optional<double> budget,
                          unsigned threads, py::object progress) {
  ToleranceQuestion q;
  question::read_question_json(parse_json(question, "tolerance's question"), q, "tolerance", question::kPython);
  Call c = start_call(std::move(net_obj), threads, budget, std::move(progress));
  return run_engine(c, [&] {
    auto model = std::make_shared<const FaultModel>(*c.net, tolerance_fault_spec(q, *c.net), c.context);
    const Answer a = answer_tolerance(q, Subject{c.net, model, nullptr}, Context{c.context, progress_of(c)},
                                      resolver_of(c));
    const ToleranceOutcome& o = a.result_as<ToleranceOutcome>();
    ToleranceResult r;
    r.model = c.net->spec();
    r.faults = to_string(model->spec().units);
    r.pairs = to_string(model->spec().pairs);
    r.engine = o.engine;
    r.method = o.method;
    r.work = o.work;
    r.complete = o.complete;
    r.coverage = to_json(o.coverage);
    if (o.min_cut) {
      r.min_breaking_weight = *o.min_cut;
      r.tolerance = static_cast<std::int64_t>(*o.min_cut) - 1;
      for (std::size_t u : o.breaking_set) r.breaking_set.push_back(model->universe().label(u));
      r.breaking_units = o.breaking_set;
      r.source = c.net->label(o.source);
      r.target = c.net->label(o.target);
    }
    if (o.certificate) r.certificate = to_json(*o.certificate);
    if (a.recheck) {
      r.certificate_valid = a.recheck->valid;
      r.certificate_summary = a.recheck->summary;
      r.certificate_problems = a.recheck->problems;
    }
    r.certificate_note = o.certificate_note;
    r.seconds = a.seconds;
    r.view = {to_json(a, Timings::Include), ""};
    return r;
  });
}

// ---- route-check ------------------------------------------------------------

void read_witness(RouteCheckResultPy& r, const RouteWitness& w) {
  r.witness = to_json(w);
  r.fault_set = w.fault_set;
  r.source = w.source;
  r.destination = w.destination;
  r.outcome = w.outcome;
  r.detail = w.detail;
  r.hops = w.hops;
  r.disconnected = w.disconnected;
  for (const auto& s : w.trace) r.trace.push_back({s.node, s.state, s.port, s.vc, s.moved});
}

// `question`: the route-check question as JSON, checked by the package against
// question_schema("route-check") and again here (read_question_json).
RouteCheckResultPy route_check_verb(py::object net_obj, py::object routing, const std::string& question,
                                    std::optional<double> budget, unsigned threads, py::object progress) {
  RouteCheckQuestion q;
  question::read_question_json(parse_json(question, "route_check's question"), q, "route_check", question::kPython);
  Call c = start_call(std::move(net_obj), threads, budget, std::move(progress));
  const RoutingChoice choice = choose_routing(c, routing);
  RouteCheckResultPy r = run_engine(c, [&] {
    const Routing& rt = choice.get();
    auto model = std::make_shared<const FaultModel>(fault_model(*c.net, q.faults, "", c.context));
    // A Python routing cannot be rebuilt from its spec: its proof is not re-checked here.
    const SpecResolver specs = resolver_of(c);
    const Answer a = answer_route_check(q, Subject{c.net, model, borrowed(rt)}, Context{c.context, progress_of(c)},
                                        choice.builtin ? &specs : nullptr);
    const RouteCheckResult& res = a.result_as<RouteCheckResult>();
    RouteCheckResultPy out;
    out.model = c.net->spec();
    out.routing = rt.spec();
    out.knowledge = std::string(to_string(rt.knowledge()));
    out.faults = to_string(model->spec().units);
    out.units = model->universe().size();
    out.k = q.k;
    out.verdict = to_string(res.status);
    out.minimum_proved = res.minimum_proved;
    out.runs = res.runs();
    out.naive_runs = res.naive_runs;
    out.pairs_total = res.pairs_total;
    out.pairs_examined = res.pairs_examined;
    out.pairs_settled = res.pairs_settled;
    out.symmetry_used = res.symmetry_used;
    out.symmetry = res.symmetry;
    out.engine = res.engine;
    for (const auto& l : res.levels)
      out.levels.push_back({{"runs", l.runs}, {"failures", l.failures}, {"disconnected", l.disconnected}});
    out.coverage = to_json(res.coverage);
    out.seconds = res.seconds;
    if (const auto* w = std::get_if<RouteWitness>(&a.evidence)) read_witness(out, *w);
    throw_unless_checked(a);
    out.view = {to_json(a, Timings::Include), ""};
    return out;
  });
  r.python_calls = c.python_calls();
  return r;
}

// ---- the channel dependency graph --------------------------------------------

// The plain channel dependency graph (every VC, no faults: verify/deadlock/
// dependency_graph.h) as Python values for menger.dependency_graph(): the
// channels some packet takes, as (id, tail, head, port, vc, link), and the
// dependencies, as (from id, to id, packet source, packet destination,
// bubble), one per (from, to) with the least packet that creates it.
py::tuple dependency_graph_verb(py::object net_obj, py::object routing, std::optional<double> budget,
                                unsigned threads) {
  Call c = start_call(std::move(net_obj), threads, budget);
  const RoutingChoice choice = choose_routing(c, routing);
  struct Out {
    std::vector<std::tuple<ChannelId, NodeId, NodeId, PortId, std::uint32_t, LinkId>> channels;
    std::vector<std::tuple<ChannelId, ChannelId, NodeId, NodeId, bool>> edges;
  };
  const Out out = run_engine(c, [&] {
    const Network& net = *c.net;
    const Routing& rt = choice.get();
    const FaultModel model = fault_model(net, "nodes", "", c.context);
    DependencyOptions opt;
    opt.budget = c.context;
    DependencyAnalysis stats;
    const ConfigurationGraph g = configuration_graph(rt, model, opt, stats);
    const ChannelSpace space(net, rt.vcs());
    Out o;
    std::set<ChannelId> used;
    for (const auto& e : g.edges) {
      const ChannelId from = g.channel_of(e.from), to = g.channel_of(e.to);
      used.insert(from), used.insert(to);
      o.edges.emplace_back(from, to, e.packet.src, e.packet.dst, (e.kinds & ConfigurationGraph::kBubble) != 0);
    }
    for (ChannelId ch : stats.escape_channels_used) used.insert(ch);
    for (ChannelId ch : used) {
      const auto i = space.info(ch);
      const Link& l = net.link(i.link);
      o.channels.emplace_back(ch, i.tail, i.head, l.a == i.tail ? l.pa : l.pb, i.vc, i.link);
    }
    return o;
  });
  return py::make_tuple(out.channels, out.edges);
}

// ---- deadlock ---------------------------------------------------------------

// `question`: the deadlock question as JSON, checked by the package against
// question_schema("deadlock") and again here (read_question_json).
DeadlockResultPy deadlock_verb(py::object net_obj, py::object routing, const std::string& question,
                               std::optional<double> budget, unsigned threads, py::object progress) {
  DeadlockQuestion q;
  question::read_question_json(parse_json(question, "deadlock's question"), q, "deadlock", question::kPython);
  Call c = start_call(std::move(net_obj), threads, budget, std::move(progress));
  const RoutingChoice choice = choose_routing(c, routing);
  DeadlockResultPy r = run_engine(c, [&] {
    const Routing& rt = choice.get();
    const Network& net = *c.net;
    auto model = std::make_shared<const FaultModel>(fault_model(net, q.faults, "", c.context));
    // A Python routing cannot be rebuilt from its spec: its evidence is not re-checked here.
    const SpecResolver specs = resolver_of(c);
    const Answer a = answer_deadlock(q, Subject{c.net, model, borrowed(rt)}, Context{c.context, progress_of(c)},
                                     question::kPython, choice.builtin ? &specs : nullptr);
    throw_unless_checked(a);
    const DeadlockSearchResult& s = a.result_as<DeadlockSearchResult>();
    const DeadlockResult& d = s.failing_result ? *s.failing_result : *s.fault_free;
    DeadlockResultPy out;
    out.model = net.spec();
    out.routing = rt.spec();
    out.vcs = rt.vcs();
    out.k = q.k;
    out.verdict = s.complete ? to_string(d.status) : "UNKNOWN";
    out.method = d.method;
    out.reason = d.reason;
    out.fault_sets_analysed = s.analyses;
    out.symmetry = s.symmetry;
    if (s.failing)
      for (std::size_t u : s.failing->units()) out.fault_set.push_back(model->universe().label(u));
    out.packets = d.plain.packets;
    out.configurations = d.plain.configurations;
    out.dependencies = d.plain.direct_dependencies;
    out.acyclic = d.plain.acyclic;
    out.adaptive = d.plain.adaptive;
    if (!d.plain.acyclic) {
      const ChannelSpace space(net, d.plain.vcs);
      for (const auto& dep : d.plain.cycle) {
        out.cycle.push_back(channel_name(net, space, dep.from));
        out.cycle_packets.emplace_back(net.label(dep.packet.src), net.label(dep.packet.dst));
      }
    }
    out.escape_attempts = d.escape_attempts;
    if (d.plain.gap) out.gap = d.plain.gap->what;
    out.coverage = to_json(s.coverage);
    if (const auto* e = std::get_if<DeadlockEvidence>(&a.evidence)) {
      out.evidence = to_json(*e);
      out.deadlock_evidence = e->deadlock;
    }
    out.seconds = s.seconds;
    out.view = {to_json(a, Timings::Include), ""};
    return out;
  });
  r.python_calls = c.python_calls();
  return r;
}

// ---- montecarlo -------------------------------------------------------------

// `question`: the montecarlo question as JSON, checked by the package against
// question_schema("montecarlo") and again here (read_question_json);
// `routings`, the subject: spec strings or Python routings.
StudyResultPy montecarlo_verb(py::object net_obj, py::list routings, const std::string& question,
                              std::optional<double> budget, unsigned threads, py::object progress) {
  MonteCarloQuestion mq;
  question::read_question_json(parse_json(question, "montecarlo's question"), mq, "montecarlo", question::kPython);
  Call c = start_call(std::move(net_obj), threads, budget, std::move(progress));
  std::vector<std::string> specs;
  // Python routings by the spec each is given here (their `name`, made
  // distinct); the study builds them on its own Network of the same topology.
  std::map<std::string, py::object> python;
  for (py::handle h : routings) {
    if (py::isinstance<py::str>(h)) {
      specs.push_back(h.cast<std::string>());
      continue;
    }
    const PyRouting probe(py::reinterpret_borrow<py::object>(h), c.net_obj, *c.net, nullptr);  // checks it is a routing
    std::string spec = probe.spec();
    for (int i = 2; python.count(spec) || std::count(specs.begin(), specs.end(), spec); ++i)
      spec = probe.spec() + "#" + std::to_string(i);
    python[spec] = py::reinterpret_borrow<py::object>(h);
    specs.push_back(spec);
  }
  StudyRequest q = study_request(mq, std::move(specs), question::kPython);
  // One PyRouting per Python routing stands for it in the call (its record
  // collects the calls and the first error of the routings the study builds).
  std::map<std::string, std::shared_ptr<RoutingRecord>> records;
  for (const auto& [spec, obj] : python) {
    c.python.push_back(std::make_shared<PyRouting>(obj, c.net_obj, *c.net, c.calls));
    records[spec] = c.python.back()->record();
  }
  const py::object net_py = c.net_obj;
  q.routing_builder = [&](const std::string& spec, const Network& net) -> std::unique_ptr<Routing> {
    auto it = python.find(spec);
    if (it == python.end()) return build_routing(spec, net, {}, c.context);
    py::gil_scoped_acquire gil;
    return std::make_unique<PyRouting>(it->second, net_py, net, c.calls, records.at(spec));
  };
  StudyResultPy r = run_engine(c, [&] {
    const Answer a = answer_montecarlo(mq, q, c.net->topology_ptr(), Context{c.context, progress_of(c)});
    const StudyResult& s = a.result_as<StudyResult>();
    StudyResultPy out;
    out.experiment = s.experiment;
    out.model = s.model;
    out.faults = s.faults_described;
    out.complete = s.complete;
    for (const auto& series : s.series) out.series.push_back(series.name);
    out.study = study_json(s);
    out.seconds = s.seconds;
    out.view = {to_json(a, Timings::Include), ""};
    return out;
  });
  r.python_calls = c.python_calls();
  return r;
}

// ---- credit-loops -----------------------------------------------------------

// `question`: the credit-loops question as JSON, checked by the package
// against question_schema("credit-loops") and again here.
CreditLoopsResult credit_loops_verb(const std::string& dir, const std::string& fabric_file, const std::string& question,
                                    std::optional<double> budget) {
  CreditLoopsQuestion q;
  question::read_question_json(parse_json(question, "credit_loops's question"), q, "credit_loops", question::kPython);
  Call c;
  c.budget = budget;
  c.context = budget_of(budget);
  return run_engine(c, [&] {
    const Answer a = answer_credit_loops(dir, fabric_file, q, Context{c.context, {}, nullptr});
    throw_unless_checked(a);
    const DeadlockResult& r = a.result_as<DeadlockResult>();
    CreditLoopsResult out;
    out.dir = dir;
    out.routing = a.subject.routing->spec();
    out.credit_loop = !r.plain.acyclic;
    out.verdict = to_string(r.status);
    if (r.plain.gap) out.unrouted = r.plain.gap->what;
    if (const auto* e = std::get_if<DeadlockEvidence>(&a.evidence)) {
      out.evidence = to_json(*e);
      out.deadlock_evidence = e->deadlock;
    }
    out.view = {to_json(a, Timings::Include), ""};
    return out;
  });
}

// ---- opensm-faults ----------------------------------------------------------

// `question`: the opensm-faults question as JSON, checked by the package
// against question_schema("opensm-faults") and again here.
OpensmFaultsResultPy opensm_faults_verb(const std::string& net, const std::string& question,
                                        std::optional<double> budget) {
  OpensmFaultsQuestion q;
  question::read_question_json(parse_json(question, "opensm_faults's question"), q, "opensm_faults",
                               question::kPython);
  Call c;
  c.budget = budget;
  c.context = budget_of(budget);
  return run_engine(c, [&] {
    const Answer a = answer_opensm_faults(net, q, Context{c.context, {}, nullptr});
    throw_unless_checked(a);
    const OpensmFaultsResult& r = a.result_as<OpensmFaultsResult>();
    OpensmFaultsResultPy out;
    out.net = net;
    out.engine = q.engine;
    out.verdict = std::string(to_string(a.verdict));
    out.total_sets = r.total_sets;
    out.failing = r.failing();
    if (const auto* e = std::get_if<DeadlockEvidence>(&a.evidence)) out.witness = to_json(*e);
    out.view = {to_json(a, Timings::Include), ""};
    return out;
  });
}

// ---- drawing ------------------------------------------------------------------

// A witness drawn on its network, as `menger VERB --dot/--svg` and the HTML
// report draw it (claims/witness_picture.h): `path` ending in .svg is drawn by
// Graphviz (its DOT beside it, PATH.dot), any other name gets the DOT.  The
// witness is the JSON a result's .witness holds (a route failure or a
// deadlocked configuration).  Returns what was drawn, in words.
std::string draw_verb(py::object net_obj, const std::string& witness, const std::string& path) {
  const NetworkPtr net = net_obj.cast<NetworkPtr>();
  const WitnessMarks marks = read_witness_marks(*net, parse_json(witness, "the witness to draw"));
  if (marks.empty()) throw InputError("nothing to draw: the witness marks nothing on " + net->spec());
  std::string caption;
  const std::string dot = witness_dot(*net, marks, 400, caption);
  const bool svg = path.size() > 4 && path.compare(path.size() - 4, 4, ".svg") == 0;
  const std::string dot_file = svg ? path + ".dot" : path;
  {
    std::ofstream out(dot_file);
    if (!out) throw InputError("cannot write " + dot_file);
    out << dot;
  }
  if (svg)
    if (auto why = draw_with_graphviz(dot_file, path)) throw InputError("drawing " + path + ": " + *why);
  return "drawn to " + path + (caption.empty() ? "" : " (" + caption + ")");
}

// ---- info -------------------------------------------------------------------

GroupResult group_of(const Network& net, Preserve preserve, const Budget& budget) {
  const NodeGroup g = network_automorphisms(net, {}, preserve, budget);
  GroupResult r{g.order, g.orbit_count(), g.generators.size(), std::nullopt};
  if (r.node_orbits <= 256) r.ordered_pair_orbits = ordered_pair_orbits(net, g, preserve, budget);
  return r;
}

// `question`: the info question as JSON, checked by the package against
// question_schema("info") and again here.
InfoResult info_verb(py::object net_obj, const std::string& question, std::optional<double> budget, unsigned threads) {
  InfoQuestion q;
  question::read_question_json(parse_json(question, "info's question"), q, "info", question::kPython);
  Call c = start_call(std::move(net_obj), threads, budget);
  return run_engine(c, [&] {
    const auto start = std::chrono::steady_clock::now();
    StructureOptions opts = structure_options(q);
    opts.budget = c.context;
    StructureFacts facts(c.net->topology_ptr(), opts);
    InfoResult r;
    r.model = c.net->spec();
    for (const auto& o : StructureFacts::observables()) {
      const Observed v = facts.get(o.name);
      ObservedResult x;
      if (v.value) {
        x.exact = to_string(*v.value);
        x.value = to_double(*v.value);
      }
      x.note = v.note;
      r.observables.emplace_back(o.name, x);
    }
    const DistanceSummary& d = facts.distances();
    r.distances = {{"sources_total", d.sources_total}, {"sources_done", d.sources_done},
                   {"by_symmetry", d.by_symmetry},     {"unreachable_pairs", d.unreachable},
                   {"ordered_pairs", d.pairs},         {"distance_sum", d.distance_sum}};
    r.complete = d.complete();
    if (q.automorphisms) {
      try {
        r.automorphisms = group_of(facts.network(), Preserve::Links, c.context);
        r.port_automorphisms = group_of(facts.network(), Preserve::Ports, c.context);
      } catch (const BudgetExhausted& e) {
        r.automorphisms.reset();
        r.port_automorphisms.reset();
        r.automorphisms_note = std::string("not computed: ") + e.what();
      }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The views of verify/structure/structure.h, one member per observable and "distances",
    // as `menger info --json` lays them out (its automorphism groups are the CLI's own).
    nlohmann::json view{{"model", r.model}};
    for (const auto& o : StructureFacts::observables()) view[o.name] = to_json(facts.get(o.name));
    view["distances"] = to_json(d);
    r.view = {view, ""};
    return r;
  });
}

}  // namespace

void bind_verbs(py::module_& m) {
  m.def("_tolerance", &tolerance, py::arg("network"), py::arg("question"), py::arg("budget"), py::arg("threads"),
        py::arg("progress"));
  m.def("_route_check", &route_check_verb, py::arg("network"), py::arg("routing"), py::arg("question"),
        py::arg("budget"), py::arg("threads"), py::arg("progress"));
  // The questions' JSON Schemas (src/question/): the package makes each verb's
  // keyword arguments, their checks and their docstring from them.
  m.def("_question_schema",
        [](const std::string& verb) { return json_text(question::question_schema_named(verb, question::kPython)); });
  m.def("_deadlock", &deadlock_verb, py::arg("network"), py::arg("routing"), py::arg("question"), py::arg("budget"),
        py::arg("threads"), py::arg("progress"));
  m.def("_montecarlo", &montecarlo_verb, py::arg("network"), py::arg("routings"), py::arg("question"),
        py::arg("budget"), py::arg("threads"), py::arg("progress"));
  m.def("_credit_loops", &credit_loops_verb, py::arg("dir"), py::arg("fabric"), py::arg("question"), py::arg("budget"));
  m.def("_opensm_faults", &opensm_faults_verb, py::arg("net"), py::arg("question"), py::arg("budget"));
  m.def("_draw", &draw_verb, py::arg("network"), py::arg("witness"), py::arg("path"));
  m.def("_dependency_graph", &dependency_graph_verb, py::arg("network"), py::arg("routing"), py::arg("budget"),
        py::arg("threads"));
  m.def("_info", &info_verb, py::arg("network"), py::arg("question"), py::arg("budget"), py::arg("threads"));
}

}  // namespace menger::py_binding
