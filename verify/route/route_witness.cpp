#include "verify/route/route_witness.h"

#include <algorithm>
#include <deque>
#include <map>

#include "core/error.h"
#include "core/json_io.h"
#include "core/text.h"

namespace menger {

namespace {

std::vector<RouteWitness::Step> steps_of(const Routing& routing, const Network& net, const RunResult& run) {
  std::vector<RouteWitness::Step> out;
  for (const TraceStep& t : run.trace)
    out.push_back({net.label(t.node), routing.describe_state(t.state), t.port, t.vc, t.moved});
  return out;
}

NodeId node_named(const Network& net, const std::string& label) {
  auto v = net.find_node(label);
  if (!v) throw InputError("witness: no node labelled " + label + " in " + net.spec());
  return *v;
}

FaultSet fault_set_named(const FaultModel& m, const std::vector<std::string>& labels) {
  std::map<std::string, std::size_t> unit;
  for (std::size_t u = 0; u < m.universe().size(); ++u) unit[m.universe().label(u)] = u;
  FaultSet f(m.universe().size());
  for (const auto& l : labels) {
    auto it = unit.find(l);
    if (it == unit.end()) throw InputError("witness: no " + to_string(m.spec().units) + " unit labelled " + l);
    f.insert(it->second);
  }
  return f;
}

// Breadth-first reachability written here, not borrowed from the engine.
bool reachable(const Network& net, const FailedElements& dead, NodeId s, NodeId d) {
  std::vector<char> seen(net.num_nodes(), 0);
  std::deque<NodeId> frontier{s};
  seen[s] = 1;
  while (!frontier.empty()) {
    NodeId x = frontier.front();
    frontier.pop_front();
    if (x == d) return true;
    if (x != s && !net.forwards(x)) continue;
    for (const PortSlot& p : net.ports(x))
      if (p.connected() && p.dir != PortDir::In && !seen[p.peer] && !dead.node_failed(p.peer) &&
          !dead.link_failed(p.link)) {
        seen[p.peer] = 1;
        frontier.push_back(p.peer);
      }
  }
  return false;
}

void check_walk(const RouteWitness& w, const Network& net, const FailedElements& dead, std::vector<NodeId>& nodes,
                std::vector<std::string>& problems) {
  for (const auto& s : w.trace) nodes.push_back(node_named(net, s.node));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (dead.node_failed(nodes[i])) problems.push_back("the trace visits failed node " + w.trace[i].node);
    if (!w.trace[i].moved || i + 1 == nodes.size()) continue;
    if (w.trace[i].port >= net.num_ports(nodes[i])) {
      problems.push_back("step " + std::to_string(i) + ": " + w.trace[i].node + " has no port " +
                         std::to_string(w.trace[i].port));
      continue;
    }
    const PortSlot& p = net.port(nodes[i], w.trace[i].port);
    if (!p.connected() || p.peer != nodes[i + 1])
      problems.push_back("step " + std::to_string(i) + ": port " + std::to_string(w.trace[i].port) + " of " +
                         w.trace[i].node + " does not lead to " + w.trace[i + 1].node);
    else if (dead.link_failed(p.link))
      problems.push_back("step " + std::to_string(i) + " crosses a failed link");
  }
}

void check_outcome(const RouteWitness& w, const Network& net, const FailedElements& dead,
                   const std::vector<NodeId>& nodes, std::vector<std::string>& problems) {
  const auto& last = w.trace.back();
  const std::size_t moves = static_cast<std::size_t>(std::count_if(
      w.trace.begin(), w.trace.end(), [](const auto& s) { return s.moved; }));
  if (w.outcome == to_string(RunOutcome::Blocked)) {
    bool blocked = false;
    if (last.moved && last.port < net.num_ports(nodes.back())) {
      const PortSlot& p = net.port(nodes.back(), last.port);
      blocked = !p.connected() || dead.link_failed(p.link) || dead.node_failed(p.peer);
    }
    if (!blocked) problems.push_back("the last hop of the trace is not blocked by a fault");
  } else if (w.outcome == to_string(RunOutcome::Livelock)) {
    bool again = false;
    for (std::size_t i = 0; i + 1 < w.trace.size(); ++i)
      again |= w.trace[i].node == last.node && w.trace[i].state == last.state;
    if (!again) problems.push_back("the trace does not return to an earlier (node, state)");
  } else if (w.outcome == to_string(RunOutcome::HopLimit)) {
    if (moves <= w.hop_limit) problems.push_back("the trace is not longer than the hop limit");
  } else if (w.outcome == to_string(RunOutcome::TooLong)) {
    if (!w.path_bound || moves <= *w.path_bound || last.node != w.destination)
      problems.push_back("the trace is not a delivered path longer than the bound");
  } else if (w.outcome == to_string(RunOutcome::NoRoute)) {
    if (last.moved || last.node == w.destination) problems.push_back("the trace does not end short of the destination");
  } else {
    problems.push_back("unknown outcome '" + w.outcome + "'");
  }
}

}  // namespace

RouteWitness make_witness(const Routing& routing, const FaultModel& model, const RouteFailure& f,
                          std::uint32_t hop_limit, bool excuse_disconnected, ChoiceRule choices) {
  const Network& net = model.network();
  RouteWitness w;
  w.model = net.spec();
  w.routing = routing.spec();
  w.faults_model = to_string(model.spec().units);
  w.excuse_disconnected = excuse_disconnected;
  for (std::size_t u : f.faults.units()) w.fault_set.push_back(model.universe().label(u));
  w.source = net.label(f.pair.s);
  w.destination = net.label(f.pair.d);
  w.path_bound = f.path_bound;
  w.hop_limit = hop_limit;
  w.choices = choices;
  w.outcome = std::string(to_string(f.run.outcome));
  w.hops = f.run.hops;
  w.disconnected = f.disconnected;
  w.detail = f.run.detail;
  w.trace = steps_of(routing, net, f.run);
  w.inputs = evidence_inputs(net, &routing);
  return w;
}

nlohmann::json to_json(const RouteWitness& w) {
  nlohmann::json j{{"kind", "route-witness"},
                   {"model", w.model},
                   {"routing", w.routing},
                   {"faults", w.faults_model},
                   {"excuse_disconnected", w.excuse_disconnected},
                   {"fault_set", w.fault_set},
                   {"source", w.source},
                   {"destination", w.destination},
                   {"path_bound", w.path_bound ? nlohmann::json(*w.path_bound) : nlohmann::json(nullptr)},
                   {"hop_limit", w.hop_limit},
                   {"outcome", w.outcome},
                   {"hops", w.hops},
                   {"disconnected", w.disconnected},
                   {"detail", w.detail}};
  nlohmann::json t = nlohmann::json::array();
  for (const auto& s : w.trace)
    t.push_back({{"node", s.node}, {"state", s.state}, {"port", s.port}, {"vc", s.vc}, {"moved", s.moved}});
  j["trace"] = t;
  j["inputs"] = inputs_json(w.inputs);
  // Written only when not the default, so that every-choice witnesses read
  // with a Menger that predates the field.
  if (w.choices != ChoiceRule::Every) j["choices"] = to_string(w.choices);
  return j;
}

RouteWitness witness_from_json(const nlohmann::json& j) {
  try {
    if (!j.is_object()) throw InputError("not a route witness (not a JSON object)");
    const std::string kind = json_at<std::string>(j, "kind");
    if (kind != "route-witness") throw InputError("not a route witness (kind is " + excerpt(kind) + ")");
    static const char* const kFields[] = {"kind",  "model", "routing",    "faults",   "excuse_disconnected",
                                          "fault_set", "source", "destination", "path_bound", "hop_limit",
                                          "outcome", "hops",  "disconnected", "detail",  "trace",
                                          "inputs", "choices"};
    for (const auto& [key, value] : j.items())
      if (std::find(std::begin(kFields), std::end(kFields), key) == std::end(kFields))
        throw InputError("unknown field '" + excerpt(key) + "' (a checker confirms every field it is given)");
    RouteWitness w;
    w.model = json_at<std::string>(j, "model");
    w.routing = json_at<std::string>(j, "routing");
    w.faults_model = json_at<std::string>(j, "faults");
    if (j.contains("excuse_disconnected")) w.excuse_disconnected = json_at<bool>(j, "excuse_disconnected");
    w.fault_set = json_at<std::vector<std::string>>(j, "fault_set");
    for (std::size_t i = 0; i < w.fault_set.size(); ++i)
      for (std::size_t k = 0; k < i; ++k)
        if (w.fault_set[k] == w.fault_set[i])
          throw InputError("fault_set names the unit " + excerpt(w.fault_set[i]) + " twice");
    if (j.contains("inputs")) w.inputs = inputs_from_json(j["inputs"]);
    w.source = json_at<std::string>(j, "source");
    w.destination = json_at<std::string>(j, "destination");
    if (!j.contains("path_bound")) throw InputError("missing field 'path_bound'");
    if (!j["path_bound"].is_null()) w.path_bound = json_at<std::uint32_t>(j, "path_bound");
    w.hop_limit = json_at<std::uint32_t>(j, "hop_limit");
    if (j.contains("choices")) w.choices = parse_choice_rule(json_at<std::string>(j, "choices"), "field 'choices'");
    w.outcome = json_at<std::string>(j, "outcome");
    w.hops = json_at<std::uint32_t>(j, "hops");
    if (j.contains("disconnected")) w.disconnected = json_at<bool>(j, "disconnected");
    if (j.contains("detail")) w.detail = json_at<std::string>(j, "detail");
    const auto& trace = j.at("trace");
    if (!trace.is_array()) throw InputError("field 'trace' must be a list");
    for (const auto& s : trace) {
      require_keys(s, {"node", "state", "port", "vc", "moved"}, "a trace step");
      w.trace.push_back({json_at<std::string>(s, "node"), json_at<std::string>(s, "state"),
                         json_at<PortId>(s, "port"), json_at<std::uint32_t>(s, "vc"), json_at<bool>(s, "moved")});
    }
    if (w.trace.empty()) throw InputError("the witness has an empty trace");
    return w;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("malformed route witness: ") + e.what());
  } catch (const InputError& e) {
    throw InputError(std::string("route witness: ") + e.what());
  }
}

std::vector<std::string> validate_trace(const RouteWitness& w, const FaultModel& model) {
  const Network& net = model.network();
  std::vector<std::string> problems;
  const FaultSet faults = fault_set_named(model, w.fault_set);
  const FailedElements dead(model.universe(), faults);
  if (w.trace.empty() || w.trace.front().node != w.source) problems.push_back("the trace does not start at the source");
  if (!problems.empty()) return problems;
  std::vector<NodeId> nodes;
  check_walk(w, net, dead, nodes, problems);
  // A run that is blocked, circles or exceeds the hop limit stops with the
  // hop that shows it; any other ends where it stands.
  if (w.outcome != to_string(RunOutcome::Blocked) && w.outcome != to_string(RunOutcome::Livelock) &&
      w.outcome != to_string(RunOutcome::HopLimit) && w.trace.back().moved)
    problems.push_back("the trace ends with a hop");
  check_outcome(w, net, dead, nodes, problems);
  bool cut = !reachable(net, dead, node_named(net, w.source), node_named(net, w.destination));
  if (cut != w.disconnected)
    problems.push_back(std::string("the witness says the pair is ") + (w.disconnected ? "" : "not ") +
                       "disconnected by the faults; it is " + (cut ? "" : "not"));
  if (cut && w.excuse_disconnected) problems.push_back("a disconnected pair is excused, so it is not a failure");
  return problems;
}

ReplayReport replay(const RouteWitness& w, const SpecResolver& specs) {
  RouteSetup setup = make_route_setup(specs, w.model, w.routing, w.faults_model);
  const Network& net = *setup.net;
  const FaultModel& model = *setup.model;
  const Routing* routing = setup.routing.get();
  ReplayReport rep;
  rep.problems = validate_trace(w, model);
  RouteRunner runner(*routing, model, RunLimits{w.hop_limit, w.path_bound, 0, w.choices});
  rep.run = runner.run(fault_set_named(model, w.fault_set), node_named(net, w.source),
                       node_named(net, w.destination), w.path_bound, true);
  auto fresh = steps_of(*routing, net, rep.run);
  bool same_trace = fresh.size() == w.trace.size();
  for (std::size_t i = 0; same_trace && i < fresh.size(); ++i)
    same_trace = fresh[i].node == w.trace[i].node && fresh[i].state == w.trace[i].state &&
                 fresh[i].port == w.trace[i].port && fresh[i].vc == w.trace[i].vc && fresh[i].moved == w.trace[i].moved;
  if (std::string(to_string(rep.run.outcome)) != w.outcome)
    rep.problems.push_back("replay ends " + std::string(to_string(rep.run.outcome)) + ", the witness says " + w.outcome);
  else if (!same_trace)
    rep.problems.push_back("replay takes a different path than the witness's trace");
  else if (rep.run.hops != w.hops)
    rep.problems.push_back("replay takes " + std::to_string(rep.run.hops) + " hops, the witness says " +
                           std::to_string(w.hops));
  else if (rep.run.detail != w.detail)
    rep.problems.push_back("replay fails with \"" + excerpt(rep.run.detail) + "\", the witness says \"" +
                           excerpt(w.detail) + "\"");
  rep.same = rep.problems.empty();
  return rep;
}

}  // namespace menger
