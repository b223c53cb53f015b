#include "verify/check/deadlock_exact_check.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <tuple>

#include "core/error.h"
#include "verify/check/deadlock_checker.h"
#include "verify/check/deadlock_exact_space.h"
#include "verify/check/deadlock_sat_check.h"

namespace menger {
namespace {

using Key = DeadlockChecker::Key;
using exact_check::Space;
using exact_check::Walker;
using exact_check::Offer;
using exact_check::check_closed;

// The channels of the configurations `flag` marks.
std::set<Key> channels_of(const Space& sp, const std::vector<char>& flag) {
  std::set<Key> out;
  for (std::size_t g = 0; g < sp.configs.size(); ++g)
    if (flag[g]) out.insert(sp.configs[g].channel);
  return out;
}

// The fixpoint of deadlock_exact.h by repeated passes: the channels that can
// hold a blocked head when the channels `not_full` are not full.
std::set<Key> cut_through_fixpoint(const Space& sp, const std::set<Key>& not_full, std::uint32_t buffers) {
  std::vector<char> alive(sp.configs.size());
  for (std::size_t g = 0; g < sp.configs.size(); ++g)
    alive[g] = sp.configs[g].head != sp.configs[g].dst && !sp.configs[g].out.empty();
  for (bool changed = true; changed;) {
    changed = false;
    const std::set<Key> held = channels_of(sp, alive);
    for (std::size_t g = 0; g < sp.configs.size(); ++g) {
      if (!alive[g]) continue;
      for (const auto& [t, bubble] : sp.configs[g].out) {
        const Key& k = sp.configs[t].channel;
        const bool can_block = bubble ? (buffers < 2 || held.count(k)) : (held.count(k) && !not_full.count(k));
        if (!can_block) {
          alive[g] = 0;
          changed = true;
          break;
        }
      }
    }
  }
  return channels_of(sp, alive);
}

// Wormhole: blocked heads, and configurations behind them on kept channels.
std::set<Key> wormhole_fixpoint(const Space& sp) {
  std::set<Key> kept;
  for (const auto& c : sp.configs) kept.insert(c.channel);
  for (;;) {
    std::vector<char> worm(sp.configs.size(), 0);
    for (std::size_t g = 0; g < sp.configs.size(); ++g) {
      const auto& c = sp.configs[g];
      worm[g] = c.head != c.dst && !c.out.empty() && kept.count(c.channel) &&
                std::all_of(c.out.begin(), c.out.end(),
                            [&](const auto& o) { return kept.count(sp.configs[o.first].channel) > 0; });
    }
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t g = 0; g < sp.configs.size(); ++g)
        if (!worm[g] && kept.count(sp.configs[g].channel))
          for (const auto& o : sp.configs[g].out)
            if (worm[o.first]) {
              worm[g] = 1;
              grew = true;
              break;
            }
    }
    std::set<Key> next = channels_of(sp, worm);
    if (next == kept) return kept;
    kept = std::move(next);
  }
}

void check_case(const Space& sp, const DeadlockEvidence::Case& node, std::set<Key>& not_full, std::uint32_t B,
                Walker& w, std::vector<std::string>& problems, std::size_t& cases) {
  if (problems.size() >= 10) return;
  ++cases;
  w.c.budget.check("checking exact deadlock evidence");
  const std::set<Key> kept = cut_through_fixpoint(sp, not_full, B);
  if (kept.empty()) return;
  if (node.split.empty()) {
    problems.push_back("a leaf of the case tree keeps " + std::to_string(kept.size()) + " channels, e.g. " +
                       w.name(*kept.begin()));
    return;
  }
  if (node.cases.size() != node.split.size()) {
    problems.push_back("a split of " + std::to_string(node.split.size()) + " channels has " +
                       std::to_string(node.cases.size()) + " cases");
    return;
  }
  std::set<Key> r;
  for (const auto& c : node.split) r.insert(w.key(c));
  check_closed(sp, r, w, problems);
  for (std::size_t i = 0; i < node.split.size(); ++i) {
    const Key k = w.key(node.split[i]);
    const bool added = not_full.insert(k).second;
    check_case(sp, node.cases[i], not_full, B, w, problems, cases);
    if (added) not_full.erase(k);
  }
}

// The schedule replayed on FIFO buffers of B packets; a wormhole worm that
// holds k channels releases the channel k hops behind its head as it goes.
void replay(const DeadlockEvidence& e, Walker& w, std::vector<std::string>& problems) {
  struct Packet {
    NodeId src, dst;
    PacketState state;
    Key head;
  };
  // The witness's list of blocked heads, to be confirmed against the replay.
  std::map<Key, const DeadlockEvidence::Packet*> listed;
  for (const auto& p : e.packets)
    if (!listed.emplace(w.key(p.channel), &p).second) problems.push_back("two listed packets hold one channel");
  std::vector<Packet> packets;
  std::map<Key, std::deque<std::size_t>> queue;
  const std::uint32_t B = e.buffers;
  for (const auto& a : e.schedule) {
    auto s = w.net().find_node(a.source), d = w.net().find_node(a.destination);
    if (!s || !d) throw InputError("deadlock witness: unknown node in packet " + a.source + " -> " + a.destination);
    const std::size_t id = packets.size();
    packets.push_back({*s, *d, w.start(*s, *d), {}});
    NodeId here = *s;
    std::deque<Key> held;
    for (const auto& h : a.hops) {
      w.c.budget.check("replaying a deadlock schedule");
      const Key k = w.key(h.channel);
      const std::string who = "packet " + std::to_string(id + 1) + " (" + a.source + " -> " + a.destination + ")";
      if (here == *d) return problems.push_back(who + " is consumed at its destination before " + w.name(k));
      const auto offers = w.offers(here, packets[id].state, *d);
      const auto o = std::find_if(offers.begin(), offers.end(), [&](const Offer& x) {
        return x.channel == k && w.routing().describe_state(x.state) == h.state;
      });
      if (o == offers.end())
        return problems.push_back(who + ": the routing offers no hop to " + w.name(k) + " in state '" + h.state +
                                  "' at " + w.net().label(here));
      if (queue[k].size() + (o->bubble ? 2 : 1) > B)
        return problems.push_back(who + ": no room in " + w.name(k) + (o->bubble ? " for a bubble hop" : ""));
      queue[k].push_back(id);
      held.push_back(k);
      if (held.size() > a.holds) {
        const Key tail = held.front();
        held.pop_front();
        if (queue[tail].empty() || queue[tail].front() != id)
          return problems.push_back(who + " is not at the head of " + w.name(tail) + " when it leaves");
        queue[tail].pop_front();
      }
      packets[id].state = o->state;
      packets[id].head = k;
      here = o->peer;
    }
  }
  std::size_t held = 0;
  for (const auto& [k, q] : queue) {
    if (q.empty()) continue;
    held += q.size();
    const Packet& p = packets[q.front()];
    if (p.head != k) continue;  // a worm's body: its head, elsewhere, is checked there
    const NodeId head = w.net().port(std::get<0>(k), std::get<1>(k)).peer;
    if (head == p.dst) {
      problems.push_back("the packet at the head of " + w.name(k) + " is at its destination and can leave");
      continue;
    }
    const auto offers = w.offers(head, p.state, p.dst);
    const auto it_listed = listed.find(k);
    std::set<Key> asked;
    for (const Offer& o : offers) asked.insert(o.channel);
    if (it_listed == listed.end()) {
      problems.push_back("the head of " + w.name(k) + " is not among the witness's packets");
    } else {
      const auto& l = *it_listed->second;
      std::set<Key> req;
      for (const auto& r : l.requests) req.insert(w.key(r));
      if (l.source != w.net().label(p.src) || l.destination != w.net().label(p.dst) || req != asked)
        problems.push_back("the witness's packet in " + w.name(k) +
                           " is not the replay's head or does not list exactly the channels it requests");
      listed.erase(it_listed);
    }
    if (offers.empty()) problems.push_back("the packet at the head of " + w.name(k) + " is offered no hop");
    for (const Offer& o : offers) {
      const auto it = queue.find(o.channel);
      const std::size_t n = it == queue.end() ? 0 : it->second.size();
      if (n + (o.bubble ? 2 : 1) <= B)
        problems.push_back("the packet at the head of " + w.name(k) + " can move to " + w.name(o.channel));
    }
  }
  if (held == 0) problems.push_back("the schedule leaves no packet in the network");
  if (!listed.empty()) problems.push_back("the witness lists a packet in " + w.name(listed.begin()->first) +
                                          ", which the replay leaves empty");
}

}  // namespace

void check_exact_evidence(const DeadlockEvidence& e, DeadlockChecker& c) {
  Walker w(c);
  std::vector<std::string> problems;
  const std::string model = e.switching == "wormhole" ? "wormhole"
                                                      : "cut-through with " + std::to_string(e.buffers) + " buffers";
  auto report = [&](std::string summary) {
    for (auto& p : problems) c.problem(std::move(p));
    c.out.summary = std::move(summary);
  };
  if (e.deadlock) {
    if (e.switching == "wormhole" && e.buffers != 1)
      problems.push_back("a wormhole schedule moves worms through one-flit buffers: buffers must be 1");
    for (const auto& a : e.schedule)
      if (a.holds != 1 && e.switching != "wormhole")
        problems.push_back("a cut-through packet holds one channel, not " + std::to_string(a.holds));
    if (e.schedule.empty()) problems.push_back("the witness's schedule is empty");
    else replay(e, w, problems);
    return report("deadlock (" + model + "): " + std::to_string(e.schedule.size()) +
                  " packets brought in from an empty network, after which no packet can move");
  }
  // What the certificate states beside its cases or its SAT proof, re-derived
  // here rather than read: the exact check holds every channel of the
  // routing's VCs (no escape subset), and a wormhole worm advances through
  // one-flit buffers.
  const std::uint32_t vcs = c.setup.routing->vcs();
  if (e.escape_vcs.size() != vcs)
    problems.push_back("the certificate says vcs = " + std::to_string(e.escape_vcs.size()) + "; the routing " +
                       c.setup.routing->spec() + " has " + std::to_string(vcs));
  else if (std::find(e.escape_vcs.begin(), e.escape_vcs.end(), false) != e.escape_vcs.end())
    problems.push_back("the certificate names a proper subset of the VCs as escape_vcs; the exact check holds "
                       "every channel, so escape_vcs must list every VC 0.." + std::to_string(vcs - 1));
  if (e.switching == "wormhole" && e.buffers != 1)
    problems.push_back("a wormhole certificate checks worms in one-flit buffers: buffers must be 1, not " +
                       std::to_string(e.buffers));
  const Space sp(w);
  if (e.sat) {
    const std::string what = check_sat_certificate(e, w, sp, problems);
    return report("deadlock-free (" + model + "): " + what);
  }
  if (e.switching == "wormhole") {
    const auto kept = wormhole_fixpoint(sp);
    if (!kept.empty())
      problems.push_back("the wormhole fixpoint keeps " + std::to_string(kept.size()) + " channels, e.g. " +
                         w.name(*kept.begin()));
    return report("deadlock-free (wormhole): no channel can hold a blocked head or a worm behind one");
  }
  std::set<Key> not_full;
  std::size_t cases = 0;
  check_case(sp, e.cases, not_full, e.buffers, w, problems, cases);
  report("deadlock-free (" + model + "): no channel can hold a blocked packet in any of " + std::to_string(cases) +
         " case(s)");
}

}  // namespace menger
