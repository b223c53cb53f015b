#include "verify/deadlock/deadlock.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <limits>
#include <set>
#include <tuple>

#include "core/budget.h"
#include "core/error.h"
#include "verify/deadlock/dependency_quotient.h"
#include "verify/route/route_run.h"

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
  const std::vector<bool> declared = routing.escape_vcs();  // a table's escape marks
  if (!opt.escape_vcs.empty()) sets.push_back(opt.escape_vcs);
  else if (!declared.empty()) sets.push_back(declared);
  else if (routing.vcs() > 1 && routing.vcs() <= 6) sets = escape_candidates(routing.vcs());
  else if (routing.vcs() > 6)
    r.escape_attempts.push_back("not searched: " + std::to_string(routing.vcs()) + " VCs; name the escape VCs");
  for (const auto& set : sets) {
    DependencyAnalysis a = analyse_dependencies(x, set, true);
    const bool marked = opt.escape_vcs.empty() && !declared.empty();
    const std::string name = "escape VCs " + vc_set_text(set) + (marked ? " (marked escape by the routing)" : "");
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

// Whether the deterministic cycle's channels fill a whole bubble ring.
bool cycle_round_a_ring(const DependencyAnalysis& a) {
  std::vector<ChannelId> held;
  for (const ChannelDependency& d : a.cycle) held.push_back(d.from);
  std::sort(held.begin(), held.end());
  return std::any_of(a.rings.begin(), a.rings.end(), [&](const std::vector<ChannelId>& ring) {
    return std::all_of(ring.begin(), ring.end(),
                       [&](ChannelId c) { return std::binary_search(held.begin(), held.end(), c); });
  });
}

// The blocked heads of an exact DEADLOCK, for reports and the witness.
std::vector<BlockedPacket> blocked_heads(const Exploration& x, const ExactResult& e) {
  std::vector<BlockedPacket> out;
  for (std::size_t i : e.heads) {
    const ScheduledPacket& p = e.schedule[i];
    const auto& last = p.hops.back();
    BlockedPacket b{p.packet, last.channel, last.state, {}};
    const ExploredDestination& d = x.destinations[p.packet.dst];
    for (std::size_t g = 0; g < d.channel.size(); ++g)
      if (d.channel[g] == last.channel && d.state(static_cast<std::uint32_t>(g)) == last.state)
        for (const auto& h : d.hops(static_cast<std::uint32_t>(g))) b.requests.push_back(d.channel[h.to()]);
    std::sort(b.requests.begin(), b.requests.end());
    b.requests.erase(std::unique(b.requests.begin(), b.requests.end()), b.requests.end());
    out.push_back(std::move(b));
  }
  return out;
}

// Step 4: the exact check of deadlock_exact.h.
void exact_step(const Exploration& x, const DeadlockOptions& opt, DeadlockResult& r) {
  SwitchingModel sw;
  if (opt.switching) sw = *opt.switching;
  else if (x.bubble_hops) sw = {Switching::CutThrough, 2};
  ExactOptions eo{sw, opt.case_budget, opt.schedule_budget};
  r.switching = sw;
  ExactResult e = decide_deadlock(x, eo);
  const std::string model_text = " (" + sw.text() + ")";
  switch (e.status) {
    case ExactResult::Status::Free:
      r.status = DeadlockResult::Status::Free;
      r.method = "the exact check" + model_text + ": " + e.reason;
      break;
    case ExactResult::Status::Deadlock:
      r.status = DeadlockResult::Status::Deadlock;
      r.method = "the exact check" + model_text + ": a reachable deadlocked configuration";
      r.reason = e.reason;
      r.deadlock = blocked_heads(x, e);
      break;
    case ExactResult::Status::Unknown:
      r.status = DeadlockResult::Status::Unknown;
      r.method = "the exact check" + model_text + " reached a bound";
      r.reason = e.reason;
      break;
  }
  r.exact = std::move(e);
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
  auto finish = [&]() -> DeadlockResult& {
    std::sort(r.reads.begin(), r.reads.end());
    r.reads.erase(std::unique(r.reads.begin(), r.reads.end()), r.reads.end());
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  };
  if (opt.quick_plain_check && faults.empty() && opt.fault_budget == 0) {
    if (auto q = quick_plain_check(routing, model, opt.quick_translations, kQuickCheckFrom, opt.budget)) {
      r.plain = std::move(q->analysis);
      r.status = DeadlockResult::Status::Free;
      r.method = r.plain.destinations_explored
                     ? "the channel dependency graph is acyclic (Dally and Seitz), checked on one destination per "
                       "translation orbit (" + std::to_string(q->destinations) + " standing for " +
                       std::to_string(q->terminals) + ")"
                 : q->one_per_switch
                     ? "the channel dependency graph is acyclic (Dally and Seitz), checked destination by "
                       "destination, one endpoint per switch (" + std::to_string(q->destinations) +
                       " standing for " + std::to_string(q->terminals) +
                       ": the routing reads a destination only through its switch, spot-checked)"
                     : "the channel dependency graph is acyclic (Dally and Seitz), checked destination by "
                       "destination";
      return finish();
    }
  }
  // One exploration of every packet serves every analysis below.
  const Exploration x = explore(routing, model, opt.faults, opt.fault_budget, opt.budget);
  r.plain = analyse_dependencies(x, {});
  add_reads(r, x.reads);
  if (r.plain.acyclic) {
    r.status = DeadlockResult::Status::Free;
    r.method = r.plain.rings.empty()
                   ? "the channel dependency graph is acyclic (Dally and Seitz)"
                   : "the channel dependency graph is acyclic once " + rings_text(r.plain.rings.size()) +
                         " contracted (Dally and Seitz; bubble flow control, 003 section 3)";
    return finish();
  }
  // A deterministic cycle round a whole bubble ring is no deadlock by itself
  // (the ring never fills): step 4 decides it.
  if (!r.plain.adaptive && !cycle_round_a_ring(r.plain)) {
    r.status = DeadlockResult::Status::Deadlock;
    r.method = "a cycle in the dependency graph of a deterministic routing (Dally and Seitz)";
    r.reason = "each packet of the cycle holds one channel and may only request the next";
    r.deadlock = deadlock_from_cycle(routing, model, faults, r.plain.cycle);
    return finish();
  }
  if (r.plain.adaptive && try_duato(x, opt, r)) {
    r.status = DeadlockResult::Status::Free;
    return finish();
  }
  exact_step(x, opt, r);
  return finish();
}
}  // namespace menger
