#include "verify/deadlock_evidence.h"

#include <fstream>

#include <map>
#include <set>
#include <tuple>

#include "core/error.h"
#include "verify/route_witness.h"

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

ChannelRef ref_from_json(const nlohmann::json& j) {
  if (!j.is_array() || j.size() != 3) throw InputError("deadlock evidence: a channel is [node, port, vc]");
  return {j[0].get<std::string>(), j[1].get<PortId>(), j[2].get<std::uint32_t>()};
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
  e.escape_vcs = a.escape_vcs;
  for (ChannelId c : a.order) e.order.push_back(channel_ref(net, space, c));
  return e;
}

bool is_deadlock_evidence(const nlohmann::json& j) {
  if (!j.is_object()) return false;
  const std::string f = j.value("format", "");
  return f == kCertificate || f == kWitness;
}

void write_deadlock_evidence(const DeadlockEvidence& e, const std::string& certificate, const std::string& witness) {
  const std::string& file = e.deadlock ? witness : certificate;
  if (file.empty()) return;
  std::ofstream out(file);
  if (!out) throw InputError("cannot write " + file);
  out << to_json(e).dump(1) << "\n";
}

nlohmann::json to_json(const DeadlockEvidence& e) {
  nlohmann::json j{{"format", e.deadlock ? kWitness : kCertificate},
                   {"model", e.model},
                   {"routing", e.routing},
                   {"faults", {{"units", e.faults_model}, {"set", e.fault_set}}}};
  if (!e.deadlock) {
    std::vector<std::uint32_t> esc;
    for (std::uint32_t v = 0; v < e.escape_vcs.size(); ++v)
      if (e.escape_vcs[v]) esc.push_back(v);
    j["vcs"] = e.escape_vcs.size();
    j["escape_vcs"] = esc;
    j["order"] = nlohmann::json::array();
    for (const auto& c : e.order) j["order"].push_back(ref_json(c));
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
    e.model = j.at("model").get<std::string>();
    e.routing = j.at("routing").get<std::string>();
    e.faults_model = j.at("faults").at("units").get<std::string>();
    e.fault_set = j.at("faults").at("set").get<std::vector<std::string>>();
    if (!e.deadlock) {
      e.escape_vcs.assign(j.at("vcs").get<std::size_t>(), false);
      for (auto v : j.at("escape_vcs").get<std::vector<std::uint32_t>>()) {
        if (v >= e.escape_vcs.size()) throw InputError("deadlock certificate: escape VC beyond vcs");
        e.escape_vcs[v] = true;
      }
      for (const auto& c : j.at("order")) e.order.push_back(ref_from_json(c));
    } else {
      for (const auto& p : j.at("packets")) {
        DeadlockEvidence::Packet q{p.at("source").get<std::string>(), p.at("destination").get<std::string>(),
                                   p.value("state", ""), ref_from_json(p.at("channel")), {}};
        for (const auto& c : p.at("requests")) q.requests.push_back(ref_from_json(c));
        e.packets.push_back(std::move(q));
      }
    }
  } catch (const nlohmann::json::exception& ex) {
    throw InputError(std::string("deadlock evidence: malformed field: ") + ex.what());
  }
  return e;
}

// ---- The independent checker -------------------------------------------------
// It follows each packet with its own depth-first walk and names channels by
// (node, port, vc); nothing here uses dependency_graph.h or ChannelSpace.

namespace {

using Key = std::tuple<NodeId, PortId, std::uint32_t>;

struct Checker {
  RouteSetup setup;
  FaultSet faults;
  EvidenceCheck out;

  explicit Checker(const DeadlockEvidence& e)
      : setup(make_route_setup(e.model, e.routing, e.faults_model)), faults(setup.model->universe().size()) {
    std::map<std::string, std::size_t> unit;
    for (std::size_t u = 0; u < setup.model->universe().size(); ++u) unit[setup.model->universe().label(u)] = u;
    for (const auto& l : e.fault_set) {
      auto it = unit.find(l);
      if (it == unit.end()) throw InputError("deadlock evidence: no fault unit labelled " + l);
      faults.insert(it->second);
    }
  }
  const Network& net() const { return *setup.net; }
  bool failed(NodeId v) const {
    auto u = setup.model->unit_of_node(v);
    return u && faults.contains(*u);
  }
  bool blocked(const PortSlot& s) const {
    auto lu = setup.model->unit_of_link(s.link);
    return !s.connected() || s.dir == PortDir::In || failed(s.peer) || (lu && faults.contains(*lu));
  }
  Key key(const ChannelRef& c) {
    auto v = net().find_node(c.node);
    if (!v || c.port >= net().num_ports(*v) || c.vc >= setup.routing->vcs())
      throw InputError("deadlock evidence: no channel " + c.node + " port " + std::to_string(c.port) + " vc " +
                       std::to_string(c.vc));
    return {*v, c.port, c.vc};
  }
  std::string name(const Key& k) const {
    const auto& [v, p, vc] = k;
    return net().label(v) + "->" + net().label(net().port(v, p).peer) + " vc" + std::to_string(vc);
  }
  void problem(std::string p) {
    if (out.problems.size() < 10) out.problems.push_back(std::move(p));
  }
  // The usable hops of a configuration as (channel, next node, next state).
  std::vector<std::tuple<Key, NodeId, PacketState>> hops(NodeId here, const PacketState& st, NodeId d,
                                                         RecordingFaultView& view) {
    Hops h;
    view.at(here);
    setup.routing->next(here, st, d, view, h);
    std::vector<std::tuple<Key, NodeId, PacketState>> out_hops;
    for (const Hop& x : h) {
      if (x.port >= net().num_ports(here)) continue;
      const PortSlot& s = net().port(here, x.port);
      if (!blocked(s)) out_hops.emplace_back(Key{here, x.port, x.vc}, s.peer, x.state);
    }
    return out_hops;
  }
  std::vector<std::pair<NodeId, NodeId>> pairs() const {
    std::vector<std::pair<NodeId, NodeId>> p;
    for (NodeId s : setup.model->terminals())
      for (NodeId d : setup.model->terminals())
        if (s != d && setup.model->pair_required(s, d) && !failed(s) && !failed(d)) p.emplace_back(s, d);
    return p;
  }
};

void check_order(const DeadlockEvidence& e, Checker& c) {
  std::map<Key, std::int64_t> rank;
  for (std::size_t i = 0; i < e.order.size(); ++i)
    if (!rank.emplace(c.key(e.order[i]), static_cast<std::int64_t>(i)).second)
      c.problem("channel " + c.name(c.key(e.order[i])) + " is listed twice in the order");
  if (e.escape_vcs.size() != c.setup.routing->vcs()) return c.problem("the routing has a different number of VCs");
  bool all = true;
  for (bool b : e.escape_vcs) all &= b;
  RecordingFaultView view(*c.setup.model, c.setup.routing->knowledge());
  std::uint64_t packets = 0, steps = 0;
  for (auto [s, d] : c.pairs()) {
    ++packets;
    view.reset(c.faults, 0);
    // (node, state, held channel or none, rank of the last escape channel taken)
    using Cfg = std::tuple<NodeId, PacketState, std::optional<Key>, std::int64_t>;
    std::set<Cfg> seen;
    view.at(s);
    std::vector<Cfg> stack{{s, c.setup.routing->start(s, d, view), std::nullopt, -1}};
    while (!stack.empty() && c.out.problems.size() < 10) {
      auto [here, st, held, last] = stack.back();
      stack.pop_back();
      if (here == d) continue;
      const auto next = c.hops(here, st, d, view);
      bool escape = false;
      for (const auto& [k, peer, ns] : next) {
        ++steps;
        std::int64_t r = last;
        if (e.escape_vcs[std::get<2>(k)]) {
          escape = true;
          auto it = rank.find(k);
          if (it == rank.end()) c.problem("escape channel " + c.name(k) + " is used but not in the order");
          else if (it->second <= last)
            c.problem("packet " + c.net().label(s) + " -> " + c.net().label(d) + " takes " + c.name(k) +
                      " after an escape channel ranked " + std::to_string(last) + ", not before");
          else r = it->second;
        }
        Cfg n{peer, ns, k, r};
        if (seen.insert(n).second) stack.push_back(n);
      }
      if (held && !all && !escape)
        c.problem("packet " + c.net().label(s) + " -> " + c.net().label(d) + " has no usable escape hop at " +
                  c.net().label(here));
    }
  }
  c.out.summary = "deadlock-free: " + std::to_string(packets) + " packets followed (" + std::to_string(steps) +
                  " hops), every escape dependency goes forward in the order of " + std::to_string(e.order.size()) +
                  " channels" + (all ? "" : ", and an escape hop is offered everywhere");
}

// Can packet s -> d hold `channel` in a configuration whose every usable hop is held?
bool blocked_there(Checker& c, NodeId s, NodeId d, const Key& channel, const std::map<Key, std::size_t>& held) {
  RecordingFaultView view(*c.setup.model, c.setup.routing->knowledge());
  view.reset(c.faults, 0);
  using Cfg = std::tuple<NodeId, PacketState, std::optional<Key>>;
  std::set<Cfg> seen;
  view.at(s);
  std::vector<Cfg> stack{{s, c.setup.routing->start(s, d, view), std::nullopt}};
  while (!stack.empty()) {
    auto [here, st, in] = stack.back();
    stack.pop_back();
    if (here == d) continue;
    const auto next = c.hops(here, st, d, view);
    if (in == channel && !next.empty() &&
        std::all_of(next.begin(), next.end(), [&](const auto& h) { return held.count(std::get<0>(h)) > 0; }))
      return true;
    for (const auto& [k, peer, ns] : next) {
      Cfg n{peer, ns, k};
      if (seen.insert(n).second) stack.push_back(n);
    }
  }
  return false;
}

void check_deadlock_witness(const DeadlockEvidence& e, Checker& c) {
  std::map<Key, std::size_t> held;
  for (std::size_t i = 0; i < e.packets.size(); ++i)
    if (!held.emplace(c.key(e.packets[i].channel), i).second)
      c.problem("two packets hold channel " + c.name(c.key(e.packets[i].channel)));
  if (e.packets.empty()) c.problem("the witness lists no packets");
  for (const auto& p : e.packets) {
    auto s = c.net().find_node(p.source), d = c.net().find_node(p.destination);
    if (!s || !d) throw InputError("deadlock witness: unknown node in packet " + p.source + " -> " + p.destination);
    if (!blocked_there(c, *s, *d, c.key(p.channel), held))
      c.problem("packet " + p.source + " -> " + p.destination + " cannot hold " + c.name(c.key(p.channel)) +
                " while waiting only for held channels");
  }
  c.out.summary = "deadlock: " + std::to_string(e.packets.size()) +
                  " packets each hold one channel and may only request channels the others hold";
}

}  // namespace

EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e) {
  Checker c(e);
  if (e.deadlock) check_deadlock_witness(e, c);
  else check_order(e, c);
  c.out.valid = c.out.problems.empty();
  return c.out;
}

}  // namespace menger
