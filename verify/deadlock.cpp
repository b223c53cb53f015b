#include "verify/deadlock.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <limits>
#include <set>
#include <tuple>

#include "core/deadline.h"
#include "core/error.h"
#include "verify/route_run.h"

namespace menger {

std::string vc_set_text(const std::vector<bool>& vcs) {
  std::string s = "{";
  for (std::size_t v = 0; v < vcs.size(); ++v)
    if (vcs[v]) s += (s.size() > 1 ? "," : "") + std::to_string(v);
  return s + "}";
}

std::vector<bool> parse_vc_set(const std::string& text, std::uint32_t vcs, const std::string& what) {
  if (text.empty()) return {};
  std::vector<bool> set(vcs, false);
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    if (item.empty() || item.size() > 3 || item.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(item) >= vcs)
      throw InputError(what + " lists virtual channels 0.." + std::to_string(vcs - 1) +
                       " separated by commas, got '" + text + "'");
    set[std::stoul(item)] = true;
    at = comma + 1;
  }
  return set;
}

namespace {

std::string packet_text(const Network& net, const PacketRef& p) {
  return net.label(p.src) + " -> " + net.label(p.dst);
}

// The state in which `packet` holds `channel` and may request `next`: a depth
// first walk over the packet's configurations (for reports only).
PacketState locate_state(const Routing& routing, const FaultModel& model, const FaultSet& faults,
                         const ChannelSpace& space, const PacketRef& p, ChannelId channel, ChannelId next) {
  const Network& net = model.network();
  RecordingFaultView view(model, routing.knowledge());
  view.reset(faults, 0);
  std::set<std::pair<ChannelId, PacketState>> seen;
  std::vector<std::tuple<ChannelId, NodeId, PacketState>> stack;
  view.at(p.src);
  stack.emplace_back(std::numeric_limits<ChannelId>::max(), p.src, routing.start(p.src, p.dst, view));
  Hops hops;
  while (!stack.empty()) {
    auto [c, here, st] = stack.back();
    stack.pop_back();
    if (here == p.dst) continue;
    view.at(here);
    hops.clear();
    routing.next(here, st, p.dst, view, hops);
    for (const Hop& h : hops) {
      const PortSlot& slot = net.port(here, h.port);
      if (!slot.connected() || view.hop_blocked(slot)) continue;
      const ChannelId n = space.channel(slot.link, here, h.vc);
      if (c == channel && n == next) return st;
      if (seen.emplace(n, h.state).second) stack.emplace_back(n, slot.peer, h.state);
    }
  }
  throw InternalError("the packet " + packet_text(net, p) + " of a dependency does not create it");
}

std::vector<BlockedPacket> deadlock_from_cycle(const Routing& routing, const FaultModel& model,
                                               const FaultSet& faults, const std::vector<ChannelDependency>& cycle) {
  const ChannelSpace space(model.network(), routing.vcs());
  std::vector<BlockedPacket> out;
  for (const ChannelDependency& d : cycle)
    out.push_back({d.packet, d.from, locate_state(routing, model, faults, space, d.packet, d.from, d.to), {d.to}});
  return out;
}

// Step 4 of the header: the greatest set of channels each holding a packet
// whose every request is in the set, then the closure of one of its channels.
std::optional<std::vector<BlockedPacket>> deadlocked_configuration(const ConfigurationGraph& g,
                                                                   const Network& net, const ChannelSpace& space) {
  const std::uint32_t V = g.vertices();
  const auto C = static_cast<std::uint32_t>(g.channels);
  std::vector<std::uint64_t> off(V + 1, 0);
  for (const auto& e : g.edges) ++off[e.from + 1];
  for (std::uint32_t v = 0; v < V; ++v) off[v + 1] += off[v];
  std::vector<std::vector<ChannelId>> requests(V - C);
  std::vector<std::vector<std::uint32_t>> requested_by(C);
  std::vector<char> alive(V - C, 0);
  std::vector<std::uint32_t> holders(C, 0);
  for (std::uint32_t v = C; v < V; ++v) {
    auto& r = requests[v - C];
    for (std::uint64_t e = off[v]; e < off[v + 1]; ++e) r.push_back(g.channel_of(g.edges[e].to));
    std::sort(r.begin(), r.end());
    r.erase(std::unique(r.begin(), r.end()), r.end());
    const ChannelId c = g.channel_of(v);
    const bool at_destination = space.info(c).head == g.local_packet[v - C].dst;
    if (at_destination || r.empty()) continue;
    alive[v - C] = 1;
    ++holders[c];
    for (ChannelId x : r) requested_by[x].push_back(v);
  }
  std::vector<ChannelId> dead;
  for (ChannelId c = 0; c < C; ++c)
    if (!holders[c]) dead.push_back(c);
  while (!dead.empty()) {
    const ChannelId c = dead.back();
    dead.pop_back();
    for (std::uint32_t v : requested_by[c]) {
      if (!alive[v - C]) continue;
      alive[v - C] = 0;
      if (--holders[g.channel_of(v)] == 0) dead.push_back(g.channel_of(v));
    }
  }
  std::vector<std::int64_t> first(C, -1);
  for (std::uint32_t v = C; v < V; ++v)
    if (alive[v - C] && first[g.channel_of(v)] < 0) first[g.channel_of(v)] = v;
  const auto start = std::find_if(first.begin(), first.end(), [](std::int64_t v) { return v >= 0; });
  if (start == first.end()) return std::nullopt;
  std::vector<BlockedPacket> out;
  std::vector<char> member(C, 0);
  std::vector<ChannelId> queue{static_cast<ChannelId>(start - first.begin())};
  member[queue[0]] = 1;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const auto v = static_cast<std::uint32_t>(first[queue[i]]);
    out.push_back({g.local_packet[v - C], queue[i], g.local_state[v - C], requests[v - C]});
    for (ChannelId x : requests[v - C])
      if (!member[x]) {
        MENGER_ASSERT(first[x] >= 0, "a live packet requests a dead channel");
        member[x] = 1;
        queue.push_back(x);
      }
  }
  (void)net;
  return out;
}

std::vector<std::vector<bool>> escape_candidates(std::uint32_t vcs) {
  std::vector<std::uint32_t> masks;
  for (std::uint32_t m = 1; m + 1 < (1u << vcs); ++m) masks.push_back(m);
  std::stable_sort(masks.begin(), masks.end(),
                   [](std::uint32_t a, std::uint32_t b) { return std::popcount(a) < std::popcount(b); });
  std::vector<std::vector<bool>> out;
  for (std::uint32_t m : masks) {
    std::vector<bool> set(vcs);
    for (std::uint32_t v = 0; v < vcs; ++v) set[v] = (m >> v) & 1;
    out.push_back(set);
  }
  return out;
}

// A bubble ring all of whose channels `held` holds, if any.  Bubble flow
// control keeps a ring from filling (dependency_graph.h), so a configuration
// with one is not reachable and is no deadlock.
const std::vector<ChannelId>* filled_ring(const std::vector<std::vector<ChannelId>>& rings,
                                          std::vector<ChannelId> held) {
  std::sort(held.begin(), held.end());
  for (const auto& ring : rings)
    if (std::all_of(ring.begin(), ring.end(),
                    [&](ChannelId c) { return std::binary_search(held.begin(), held.end(), c); }))
      return &ring;
  return nullptr;
}

// "its 3 bubble rings are" / "its 1 bubble ring is".
std::string rings_text(std::size_t n) {
  return "its " + std::to_string(n) + (n == 1 ? " bubble ring is" : " bubble rings are");
}

void add_reads(DeadlockResult& r, const std::vector<std::size_t>& reads) {
  r.reads.insert(r.reads.end(), reads.begin(), reads.end());
}

// Step 3: Duato's condition for each candidate escape set.
bool try_duato(const Exploration& x, const DeadlockOptions& opt, DeadlockResult& r) {
  const Routing& routing = x.routing();
  const Network& net = x.network();
  const ChannelSpace& space = x.space;
  std::vector<std::vector<bool>> sets;
  if (!opt.escape_vcs.empty()) sets.push_back(opt.escape_vcs);
  else if (routing.vcs() > 1 && routing.vcs() <= 6) sets = escape_candidates(routing.vcs());
  else if (routing.vcs() > 6)
    r.escape_attempts.push_back("not searched: " + std::to_string(routing.vcs()) + " VCs; name the escape VCs");
  for (const auto& set : sets) {
    DependencyAnalysis a = analyse_dependencies(x, set, true);
    const std::string name = "escape VCs " + vc_set_text(set);
    if (a.escape_gap) {
      r.escape_attempts.push_back(name + ": not connected: " + a.escape_gap->what + ", packet " +
                                  packet_text(net, a.escape_gap->packet));
    } else if (!a.acyclic) {
      r.escape_attempts.push_back(name + (a.cut_through ? ": the escape channels' dependency graph" : ": the extended dependency graph") + " has a cycle of " +
                                  std::to_string(a.cycle.size()) + " channels, through " +
                                  channel_name(net, space, a.cycle[0].from));
    } else {
      r.method = "Duato's condition: " + name + " form a connected routing subfunction whose " +
                 (a.cut_through ? std::string("dependency graph (direct dependencies: virtual cut-through, Duato 1996)")
                                : std::string("extended dependency graph (direct and indirect dependencies)")) +
                 " is acyclic" +
                 (a.rings.empty() ? "" : " once " + rings_text(a.rings.size()) + " contracted (bubble flow control)");
      r.escape = std::move(a);
      return true;
    }
  }
  return false;
}

}  // namespace

DeadlockResult check_deadlock(const Routing& routing, const FaultModel& model, const DeadlockOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!opt.escape_vcs.empty() && opt.escape_vcs.size() != routing.vcs())
    throw InputError("escape VCs " + vc_set_text(opt.escape_vcs) + " do not fit " + routing.spec() + ", which has " +
                     std::to_string(routing.vcs()) + " virtual channel(s)");
  const FaultSet none(model.universe().size());
  const FaultSet& faults = opt.faults ? *opt.faults : none;
  DeadlockResult r;
  // One exploration of every packet serves every analysis below.
  const Exploration x = explore(routing, model, opt.faults, opt.fault_budget);
  r.plain = analyse_dependencies(x, {});
  add_reads(r, x.reads);
  auto finish = [&]() -> DeadlockResult& {
    std::sort(r.reads.begin(), r.reads.end());
    r.reads.erase(std::unique(r.reads.begin(), r.reads.end()), r.reads.end());
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  };
  if (r.plain.acyclic) {
    r.status = DeadlockResult::Status::Free;
    r.method = r.plain.rings.empty()
                   ? "the channel dependency graph is acyclic (Dally and Seitz)"
                   : "the channel dependency graph is acyclic once " + rings_text(r.plain.rings.size()) +
                         " contracted (Dally and Seitz; bubble flow control, 003 section 3)";
    return finish();
  }
  std::vector<ChannelId> on_cycle;
  for (const ChannelDependency& d : r.plain.cycle) on_cycle.push_back(d.from);
  if (!r.plain.adaptive && filled_ring(r.plain.rings, on_cycle)) {
    r.status = DeadlockResult::Status::Unknown;
    r.method = "none applies";
    r.reason = "the dependency cycle runs round a whole bubble ring, which bubble flow control keeps from "
               "filling, so one packet per channel of the cycle is not a reachable configuration";
    return finish();
  }
  if (!r.plain.adaptive) {
    r.status = DeadlockResult::Status::Deadlock;
    r.method = "a cycle in the dependency graph of a deterministic routing (Dally and Seitz)";
    r.reason = "each packet of the cycle holds one channel and may only request the next";
    r.deadlock = deadlock_from_cycle(routing, model, faults, r.plain.cycle);
    return finish();
  }
  if (try_duato(x, opt, r)) {
    r.status = DeadlockResult::Status::Free;
    return finish();
  }
  DependencyAnalysis stats;
  const ConfigurationGraph g = configuration_graph(x, std::vector<bool>(routing.vcs(), false), true, false, stats);
  const ChannelSpace space(model.network(), routing.vcs());
  auto d = deadlocked_configuration(g, model.network(), space);
  if (d) {
    std::vector<ChannelId> held;
    for (const BlockedPacket& p : *d) held.push_back(p.channel);
    if (filled_ring(r.plain.rings, held)) d.reset();
  }
  if (d) {
    r.status = DeadlockResult::Status::Deadlock;
    r.method = "a deadlocked configuration of an adaptive routing";
    r.reason = "each packet holds one channel and every hop it may take leads to a channel held by another";
    r.deadlock = std::move(*d);
  } else {
    r.status = DeadlockResult::Status::Unknown;
    r.method = "none applies";
    r.reason = "the dependency graph has a cycle, no escape set satisfies Duato's condition, and no packets "
               "holding one channel each can block each other" +
               std::string(r.plain.rings.empty() ? "; a deadlock would need longer packets"
                                                 : " without filling a bubble ring");
  }
  return finish();
}

}  // namespace menger
