#include "verify/deadlock/deadlock_evidence.h"

#include <fstream>

#include "core/error.h"
#include "core/json_io.h"
#include "core/text.h"
#include "verify/deadlock/deadlock_sat.h"

namespace menger {

namespace {

constexpr const char* kCertificate = "menger-deadlock-certificate/1";
constexpr const char* kWitness = "menger-deadlock-witness/1";

ChannelRef channel_ref(const Network& net, const ChannelSpace& space, ChannelId c) {
  const auto i = space.info(c);
  const Link& l = net.link(i.link);
  return {net.label(i.tail), l.a == i.tail ? l.pa : l.pb, i.vc};
}

nlohmann::json ref_json(const ChannelRef& c) { return nlohmann::json::array({c.node, c.port, c.vc}); }

const nlohmann::json& list_at(const nlohmann::json& j, const char* key) {
  if (!j.contains(key)) throw InputError(std::string("missing field '") + key + "'");
  if (!j[key].is_array()) throw InputError(std::string("field '") + key + "' must be a list");
  return j[key];
}

const nlohmann::json& object_at(const nlohmann::json& j, const char* key) {
  if (!j.contains(key)) throw InputError(std::string("missing field '") + key + "'");
  if (!j[key].is_object()) throw InputError(std::string("field '") + key + "' must be an object");
  return j[key];
}

ChannelRef ref_from_json(const nlohmann::json& j) {
  if (!j.is_array() || j.size() != 3) throw InputError("deadlock evidence: a channel is [node, port, vc]");
  return {json_as<std::string>(j[0], "channel node"), json_as<PortId>(j[1], "channel port"),
          json_as<std::uint32_t>(j[2], "channel vc")};
}

DeadlockEvidence::Case case_evidence(const Network& net, const ChannelSpace& space, const CaseNode& n) {
  DeadlockEvidence::Case c;
  for (ChannelId x : n.split) c.split.push_back(channel_ref(net, space, x));
  for (const auto& sub : n.cases) c.cases.push_back(case_evidence(net, space, *sub));
  return c;
}

nlohmann::json case_json(const DeadlockEvidence::Case& c) {
  nlohmann::json j = nlohmann::json::object();
  if (c.split.empty()) return j;
  j["split"] = nlohmann::json::array();
  for (const auto& x : c.split) j["split"].push_back(ref_json(x));
  j["cases"] = nlohmann::json::array();
  for (const auto& sub : c.cases) j["cases"].push_back(case_json(sub));
  return j;
}

DeadlockEvidence::Case case_from_json(const nlohmann::json& j, int depth) {
  if (depth > 10'000) throw InputError("exact.cases nests too deep");
  DeadlockEvidence::Case c;
  if (!j.is_object()) throw InputError("a case is an object");
  require_keys(j, {"split", "cases"}, "exact.cases");
  if (!j.contains("split")) {
    if (j.contains("cases")) throw InputError("exact.cases: a case without a split has no cases");
    return c;
  }
  for (const auto& x : list_at(j, "split")) c.split.push_back(ref_from_json(x));
  for (const auto& sub : list_at(j, "cases")) c.cases.push_back(case_from_json(sub, depth + 1));
  return c;
}

DeadlockEvidence::Sat sat_evidence(const Routing& routing, const Network& net, const ChannelSpace& space,
                                   const SatCertificate& cert) {
  DeadlockEvidence::Sat s;
  for (const auto& c : cert.configs)
    s.configs.push_back({channel_ref(net, space, c.channel), routing.describe_state(c.state), net.label(c.dst)});
  for (const auto& r : cert.sets) {
    s.sets.emplace_back();
    for (ChannelId c : r) s.sets.back().push_back(channel_ref(net, space, c));
  }
  s.cycles = cert.cycles;
  s.proof = cert.proof;
  return s;
}

nlohmann::json sat_json(const DeadlockEvidence::Sat& s) {
  nlohmann::json configs = nlohmann::json::array(), sets = nlohmann::json::array();
  for (const auto& c : s.configs)
    configs.push_back({{"channel", ref_json(c.channel)}, {"state", c.state}, {"destination", c.destination}});
  for (const auto& r : s.sets) {
    nlohmann::json set = nlohmann::json::array();
    for (const auto& c : r) set.push_back(ref_json(c));
    sets.push_back(std::move(set));
  }
  return {{"configs", configs}, {"sets", sets}, {"cycles", s.cycles}, {"proof", s.proof}};
}

DeadlockEvidence::Sat sat_from_json(const nlohmann::json& j) {
  DeadlockEvidence::Sat s;
  if (!j.is_object()) throw InputError("exact.sat must be an object");
  require_keys(j, {"configs", "sets", "cycles", "proof"}, "exact.sat");
  for (const auto& c : list_at(j, "configs")) {
    require_keys(c, {"channel", "state", "destination"}, "exact.sat.configs");
    s.configs.push_back({ref_from_json(c.at("channel")), json_at<std::string>(c, "state"),
                         json_at<std::string>(c, "destination")});
  }
  for (const auto& r : list_at(j, "sets")) {
    if (!r.is_array()) throw InputError("exact.sat.sets: a set is a list of channels");
    s.sets.emplace_back();
    for (const auto& c : r) s.sets.back().push_back(ref_from_json(c));
  }
  s.cycles = json_at<std::vector<std::vector<std::uint32_t>>>(j, "cycles");
  for (const auto& ring : s.cycles)
    for (std::uint32_t i : ring)
      if (i >= s.configs.size()) throw InputError("exact.sat.cycles: configuration " + std::to_string(i) + " is not listed");
  s.proof = json_at<std::string>(j, "proof");
  return s;
}

void exact_evidence(const Routing& routing, const Network& net, const ChannelSpace& space, const DeadlockResult& r,
                    DeadlockEvidence& e) {
  if (!r.exact || !r.switching) return;
  e.switching = to_string(r.switching->switching);
  e.buffers = r.switching->switching == Switching::Wormhole ? 1 : r.switching->buffers;
  e.escape_vcs.assign(routing.vcs(), true);  // the exact check holds every channel (deadlock_exact_check.cpp)
  if (r.exact->tree) e.cases = case_evidence(net, space, *r.exact->tree);
  if (r.exact->sat) e.sat = sat_evidence(routing, net, space, *r.exact->sat);
  for (const ScheduledPacket& p : r.exact->schedule) {
    DeadlockEvidence::Arrival a{net.label(p.packet.src), net.label(p.packet.dst), {}, p.holds};
    for (const auto& h : p.hops) a.hops.push_back({channel_ref(net, space, h.channel), routing.describe_state(h.state)});
    e.schedule.push_back(std::move(a));
  }
}

}  // namespace

DeadlockEvidence make_deadlock_evidence(const Routing& routing, const FaultModel& model, const FaultSet& faults,
                                        const DeadlockResult& r) {
  const Network& net = model.network();
  const ChannelSpace space(net, routing.vcs());
  DeadlockEvidence e;
  e.deadlock = r.status == DeadlockResult::Status::Deadlock;
  e.model = net.spec();
  e.routing = routing.spec();
  e.faults_model = to_string(model.spec().units);
  for (std::size_t u : faults.units()) e.fault_set.push_back(model.universe().label(u));
  e.inputs = evidence_inputs(net, &routing);
  exact_evidence(routing, net, space, r, e);
  if (e.deadlock) {
    for (const BlockedPacket& p : r.deadlock) {
      DeadlockEvidence::Packet q{net.label(p.packet.src), net.label(p.packet.dst), routing.describe_state(p.state),
                                 channel_ref(net, space, p.channel), {}};
      for (ChannelId c : p.requests) q.requests.push_back(channel_ref(net, space, c));
      e.packets.push_back(std::move(q));
    }
    return e;
  }
  MENGER_ASSERT(r.status == DeadlockResult::Status::Free, "evidence of an UNKNOWN verdict");
  const DependencyAnalysis& a = r.escape ? *r.escape : r.plain;
  if (!r.exact) e.escape_vcs = a.escape_vcs;  // an exact answer's stand on every VC (exact_evidence)
  e.cut_through = a.cut_through;
  for (ChannelId c : a.order) e.order.push_back(channel_ref(net, space, c));
  for (const auto& ring : a.rings) {
    e.rings.emplace_back();
    for (ChannelId c : ring) e.rings.back().push_back(channel_ref(net, space, c));
  }
  return e;
}

bool is_deadlock_evidence(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("format") || !j["format"].is_string()) return false;
  const std::string f = j["format"].get<std::string>();
  return f == kCertificate || f == kWitness;
}

void write_deadlock_evidence(const DeadlockEvidence& e, const std::string& certificate, const std::string& witness) {
  const std::string& file = e.deadlock ? witness : certificate;
  if (file.empty()) return;
  std::ofstream out(file);
  if (!out) throw InputError("cannot write " + file);
  out << json_text(to_json(e), 1) << "\n";
}

nlohmann::json to_json(const DeadlockEvidence& e) {
  nlohmann::json j{{"format", e.deadlock ? kWitness : kCertificate},
                   {"model", e.model},
                   {"routing", e.routing},
                   {"faults", {{"units", e.faults_model}, {"set", e.fault_set}}},
                   {"inputs", inputs_json(e.inputs)}};
  if (!e.switching.empty()) {
    nlohmann::json x{{"switching", e.switching}, {"buffers", e.buffers}};
    if (e.deadlock) {
      x["schedule"] = nlohmann::json::array();
      for (const auto& a : e.schedule) {
        nlohmann::json hops = nlohmann::json::array();
        for (const auto& h : a.hops) hops.push_back({{"channel", ref_json(h.channel)}, {"state", h.state}});
        nlohmann::json arrival{{"source", a.source}, {"destination", a.destination}, {"hops", hops}};
        if (a.holds != 1) arrival["holds"] = a.holds;
        x["schedule"].push_back(std::move(arrival));
      }
    } else if (e.sat) {
      x["sat"] = sat_json(*e.sat);
    } else {
      x["cases"] = case_json(e.cases);
    }
    j["exact"] = x;
  }
  if (!e.deadlock) {
    std::vector<std::uint32_t> esc;
    for (std::uint32_t v = 0; v < e.escape_vcs.size(); ++v)
      if (e.escape_vcs[v]) esc.push_back(v);
    j["vcs"] = e.escape_vcs.size();
    j["escape_vcs"] = esc;
    if (e.cut_through) j["switching"] = "cut-through";
    j["order"] = nlohmann::json::array();
    for (const auto& c : e.order) j["order"].push_back(ref_json(c));
    if (!e.rings.empty()) {
      j["rings"] = nlohmann::json::array();
      for (const auto& ring : e.rings) {
        nlohmann::json r = nlohmann::json::array();
        for (const auto& c : ring) r.push_back(ref_json(c));
        j["rings"].push_back(r);
      }
    }
    return j;
  }
  j["packets"] = nlohmann::json::array();
  for (const auto& p : e.packets) {
    nlohmann::json req = nlohmann::json::array();
    for (const auto& c : p.requests) req.push_back(ref_json(c));
    j["packets"].push_back({{"source", p.source}, {"destination", p.destination}, {"state", p.state},
                            {"channel", ref_json(p.channel)}, {"requests", req}});
  }
  return j;
}

DeadlockEvidence deadlock_evidence_from_json(const nlohmann::json& j) {
  if (!is_deadlock_evidence(j)) throw InputError("not a Menger deadlock certificate or witness (format)");
  DeadlockEvidence e;
  try {
    e.deadlock = j.at("format") == kWitness;
    if (e.deadlock)
      require_keys(j, {"format", "model", "routing", "faults", "inputs", "exact", "packets"}, "a deadlock witness");
    else
      require_keys(j, {"format", "model", "routing", "faults", "inputs", "exact", "vcs", "escape_vcs", "switching",
                       "order", "rings"},
                   "a deadlock certificate");
    e.model = json_at<std::string>(j, "model");
    e.routing = json_at<std::string>(j, "routing");
    const auto& faults = object_at(j, "faults");
    require_keys(faults, {"units", "set"}, "faults");
    e.faults_model = json_at<std::string>(faults, "units");
    e.fault_set = json_at<std::vector<std::string>>(faults, "set");
    for (std::size_t i = 0; i < e.fault_set.size(); ++i)
      for (std::size_t k = 0; k < i; ++k)
        if (e.fault_set[k] == e.fault_set[i])
          throw InputError("faults.set names the unit " + excerpt(e.fault_set[i]) + " twice");
    if (j.contains("inputs")) e.inputs = inputs_from_json(j["inputs"]);
    if (j.contains("exact")) {
      const auto& x = object_at(j, "exact");
      if (e.deadlock) require_keys(x, {"switching", "buffers", "schedule"}, "exact");
      else require_keys(x, {"switching", "buffers", "sat", "cases"}, "exact");
      if (x.contains("sat") && x.contains("cases"))
        throw InputError("exact holds both sat and cases (which one is the certificate?)");
      e.switching = json_at<std::string>(x, "switching");
      if (e.switching != "wormhole" && e.switching != "cut-through")
        throw InputError("exact.switching is wormhole or cut-through, not " + excerpt(e.switching));
      e.buffers = json_at<std::uint32_t>(x, "buffers");
      if (e.buffers == 0 || e.buffers > 64) throw InputError("exact.buffers must be 1..64");
      if (e.deadlock) {
        for (const auto& a : list_at(x, "schedule")) {
          require_keys(a, {"source", "destination", "hops", "holds"}, "exact.schedule");
          DeadlockEvidence::Arrival arr{json_at<std::string>(a, "source"), json_at<std::string>(a, "destination"), {}};
          for (const auto& h : list_at(a, "hops")) {
            require_keys(h, {"channel", "state"}, "exact.schedule hops");
            arr.hops.push_back({ref_from_json(h.at("channel")), json_at<std::string>(h, "state")});
          }
          if (arr.hops.empty()) throw InputError("exact.schedule: a packet without hops");
          if (a.contains("holds")) arr.holds = json_at<std::uint32_t>(a, "holds");
          if (arr.holds == 0 || arr.holds > arr.hops.size())
            throw InputError("exact.schedule: a packet holds 1 to its number of hops channels, not " +
                             std::to_string(arr.holds));
          e.schedule.push_back(std::move(arr));
        }
      } else if (x.contains("sat")) {
        e.sat = sat_from_json(x.at("sat"));
      } else {
        e.cases = case_from_json(x.at("cases"), 0);
      }
    }
    if (!e.deadlock) {
      const auto vcs = json_at<std::uint32_t>(j, "vcs");
      if (vcs > 64) throw InputError("field 'vcs' must be at most 64, not " + std::to_string(vcs));
      e.escape_vcs.assign(vcs, false);
      for (auto v : json_at<std::vector<std::uint32_t>>(j, "escape_vcs")) {
        if (v >= e.escape_vcs.size()) throw InputError("escape VC beyond vcs");
        e.escape_vcs[v] = true;
      }
      for (const auto& c : list_at(j, "order")) e.order.push_back(ref_from_json(c));
      const std::string switching = j.contains("switching") ? json_at<std::string>(j, "switching") : "wormhole";
      if (switching != "wormhole" && switching != "cut-through")
        throw InputError("switching is wormhole or cut-through, not " + excerpt(switching));
      e.cut_through = switching == "cut-through";
      if (j.contains("rings"))
        for (const auto& ring : list_at(j, "rings")) {
          if (!ring.is_array()) throw InputError("rings: a ring is a list of channels");
          e.rings.emplace_back();
          for (const auto& c : ring) e.rings.back().push_back(ref_from_json(c));
        }
    } else {
      for (const auto& p : list_at(j, "packets")) {
        require_keys(p, {"source", "destination", "state", "channel", "requests"}, "packets");
        DeadlockEvidence::Packet q{json_at<std::string>(p, "source"), json_at<std::string>(p, "destination"),
                                   p.contains("state") ? json_at<std::string>(p, "state") : std::string(),
                                   ref_from_json(p.at("channel")), {}};
        for (const auto& c : list_at(p, "requests")) q.requests.push_back(ref_from_json(c));
        e.packets.push_back(std::move(q));
      }
    }
  } catch (const nlohmann::json::exception& ex) {
    throw InputError(std::string("deadlock evidence: malformed field: ") + ex.what());
  } catch (const InputError& ex) {
    throw InputError(std::string("deadlock evidence: ") + ex.what());
  }
  return e;
}

}  // namespace menger
