// The independent checker of deadlock evidence (verify/check/deadlock_evidence_check.h).
#include "verify/check/deadlock_evidence_check.h"

#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "core/error.h"
#include "verify/check/deadlock_checker.h"
#include "verify/check/deadlock_exact_check.h"

namespace menger {

// It follows each packet with its own depth-first walk and names channels by
// (node, port, vc); nothing here uses dependency_graph.h or ChannelSpace.
namespace {

using Key = DeadlockChecker::Key;
using Checker = DeadlockChecker;

// Hashes for the walk's tables: an ordered set of configurations was half of a
// certificate check's time (perf, torus(8,8,8) with duato-torus).
std::size_t mix(std::size_t h, std::size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    return mix(mix(std::hash<std::uint32_t>{}(std::get<0>(k)), std::get<1>(k)), std::get<2>(k));
  }
};
using Ranks = std::unordered_map<Key, std::int64_t, KeyHash>;
using RingPredecessors = std::unordered_map<Key, Key, KeyHash>;

// The certificate's bubble rings: each channel's predecessor; a ring's
// channels all take the least rank of any of them.
RingPredecessors ring_predecessors(const DeadlockEvidence& e, Checker& c, Ranks& rank) {
  RingPredecessors pred;
  for (const auto& ring : e.rings) {
    if (ring.empty()) c.problem("the certificate lists an empty bubble ring");
    std::int64_t least = std::numeric_limits<std::int64_t>::max();
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const Key k = c.key(ring[i]);
      if (!e.escape_vcs[std::get<2>(k)]) c.problem("bubble ring channel " + c.name(k) + " is not an escape channel");
      if (!pred.emplace(k, c.key(ring[(i + ring.size() - 1) % ring.size()])).second)
        c.problem("channel " + c.name(k) + " is in two bubble rings, or twice in one");
      auto it = rank.find(k);
      if (it != rank.end()) least = std::min(least, it->second);
    }
    for (const auto& ch : ring)
      if (auto it = rank.find(c.key(ch)); it != rank.end()) it->second = least;
  }
  return pred;
}

// The packets to follow, grouped by destination (each group's sources in the order listed).
std::map<NodeId, std::vector<NodeId>> by_destination(const std::vector<std::pair<NodeId, NodeId>>& pairs) {
  std::map<NodeId, std::vector<NodeId>> out;
  for (const auto& [s, d] : pairs) out[d].push_back(s);
  return out;
}

void check_order(const DeadlockEvidence& e, Checker& c) {
  Ranks rank;
  for (std::size_t i = 0; i < e.order.size(); ++i)
    if (!rank.emplace(c.key(e.order[i]), static_cast<std::int64_t>(i)).second)
      c.problem("channel " + c.name(c.key(e.order[i])) + " is listed twice in the order");
  if (e.escape_vcs.size() != c.setup.routing->vcs()) return c.problem("the routing has a different number of VCs");
  const RingPredecessors ring_pred = ring_predecessors(e, c, rank);
  bool all = true;
  for (bool b : e.escape_vcs) all &= b;
  const auto owned_view = c.make_view();
  CheckerFaultView& view = *owned_view;
  std::uint64_t packets = 0, steps = 0;
  bool bubble_seen = false;
  // Every packet to one destination is followed in one walk: each check below
  // reads only the configuration (node, state, held channel, rank of the last
  // escape channel) and the destination, never the source, so a configuration
  // that two packets reach is checked once; the source is carried only to name
  // the packet in a problem.  The walk still starts from every packet's own
  // injection, so the configurations checked are exactly those some packet
  // reaches.  (Following each packet alone took 41 s on torus(8,8,8) with
  // duato-torus, against the engine's 0.9 s.)
  using Cfg = std::tuple<NodeId, PacketState, std::optional<Key>, std::int64_t>;
  struct CfgHash {
    std::size_t operator()(const Cfg& g) const {
      const auto& held = std::get<2>(g);
      return mix(mix(mix(std::get<0>(g), std::get<1>(g).hash()), held ? KeyHash{}(*held) : 0x51ed),
                 static_cast<std::size_t>(std::get<3>(g)));
    }
  };
  for (const auto& [d, sources] : by_destination(c.pairs())) {
    std::unordered_set<Cfg, CfgHash> seen;
    std::vector<std::pair<Cfg, NodeId>> stack;  // a configuration, and the packet that reached it first
    for (NodeId s : sources) {
      c.budget.check("following every packet to check the certificate");
      ++packets;
      view.at(s);
      Cfg start{s, c.setup.routing->start(s, d, view), std::nullopt, -1};
      if (seen.insert(start).second) stack.emplace_back(std::move(start), s);
    }
    for (std::uint64_t popped = 1; !stack.empty() && c.out.problems.size() < 10; ++popped) {
      // One destination's walk can be long on a big network: the budget holds inside it too.
      if ((popped & 0xfff) == 0) c.budget.check("following every packet to check the certificate");
      auto [cfg, s] = std::move(stack.back());
      stack.pop_back();
      auto& [here, st, held, last] = cfg;
      if (here == d) continue;
      const auto next = c.hops(here, st, d, view);
      bool escape = false;
      for (const auto& [k, peer, ns, bubble] : next) {
        ++steps;
        std::int64_t r = last;
        const auto ring = ring_pred.find(k);
        // A one-buffer hop round a bubble ring keeps its rank; any other way in needs the bubble.
        const bool round_ring = ring != ring_pred.end() && held == ring->second;
        // Named only for a problem: labels cost more than the step itself.  (A
        // lambda takes the pair by value: clang does not capture structured bindings.)
        const auto packet = [&c, src = s, dst = d] { return "packet " + c.net().label(src) + " -> " + c.net().label(dst); };
        bubble_seen |= bubble;
        if (e.cut_through) r = -1;  // cut-through: leaving the escape channels ends the dependency
        if (ring != ring_pred.end() && round_ring == bubble)
          c.problem(packet() + (bubble ? " enters " : " enters bubble ring channel ") + c.name(k) +
                    (bubble ? " from its ring predecessor by a bubble hop" : " without the bubble condition"));
        if (e.escape_vcs[std::get<2>(k)]) {
          escape = true;
          auto it = rank.find(k);
          if (it == rank.end()) c.problem("escape channel " + c.name(k) + " is used but not in the order");
          else if (it->second < last || (it->second == last && !round_ring))
            c.problem(packet() + " takes " + c.name(k) + " after an escape channel ranked " + std::to_string(last) +
                      ", not before");
          else r = it->second;
        }
        Cfg n{peer, ns, k, r};
        if (seen.insert(n).second) stack.emplace_back(std::move(n), s);
      }
      if (held && !all && !escape)
        c.problem("packet " + c.net().label(s) + " -> " + c.net().label(d) + " has no usable escape hop at " +
                  c.net().label(here));
    }
  }
  if (e.cut_through && !bubble_seen)
    c.problem("the certificate assumes cut-through switching, but the routing has no bubble flow control");
  c.out.summary = "deadlock-free: " + std::to_string(packets) + " packets followed (" + std::to_string(steps) +
                  " hops), every escape dependency goes forward in the order of " + std::to_string(e.order.size()) +
                  " channels" +
                  (e.rings.empty() ? ""
                                   : " or round one of " + std::to_string(e.rings.size()) +
                                         " bubble rings, which every other hop enters under the bubble condition") +
                  (all ? "" : ", and an escape hop is offered everywhere") +
                  (e.cut_through ? " (virtual cut-through: direct escape dependencies)" : "");
}

// Every configuration (node, state, channel held) packet s -> d can reach,
// depth first; `visit(here, held, hops)` sees each once and returns true to
// stop the walk (then walk_packet returns true).
template <class Visit>
bool walk_packet(Checker& c, NodeId s, NodeId d, CheckerFaultView& view, Visit visit) {
  // The checkers walk every pair of the network the evidence names: a few
  // hundred bytes can name a network that takes minutes (fuzzing: a witness
  // for mikant(7,3) ran past 10 s under ASan), so the check's budget holds.
  c.budget.check("following packets to check deadlock evidence");
  using Cfg = std::tuple<NodeId, PacketState, std::optional<Key>>;
  std::set<Cfg> seen;
  view.at(s);
  std::vector<Cfg> stack{{s, c.setup.routing->start(s, d, view), std::nullopt}};
  while (!stack.empty()) {
    auto [here, st, in] = stack.back();
    stack.pop_back();
    if (here == d) continue;
    const auto next = c.hops(here, st, d, view);
    if (visit(here, in, next)) return true;
    for (const auto& [k, peer, ns, bubble] : next) {
      Cfg n{peer, ns, k};
      if (seen.insert(n).second) stack.push_back(n);
    }
  }
  return false;
}

// Can packet s -> d hold `channel` in a configuration whose every usable hop is held?
// The witness's `requests` must be exactly the channels that configuration's
// usable hops lead to: a checker confirms every field it reads.
bool blocked_there(Checker& c, NodeId s, NodeId d, const Key& channel, const std::set<Key>& requests,
                   const std::map<Key, std::size_t>& held) {
  const auto owned_view = c.make_view();
  CheckerFaultView& view = *owned_view;
  return walk_packet(c, s, d, view, [&](NodeId, const std::optional<Key>& in, const auto& next) {
    if (in != channel || next.empty()) return false;
    std::set<Key> asked;
    for (const auto& h : next) asked.insert(h.channel);
    return asked == requests &&
           std::all_of(next.begin(), next.end(), [&](const auto& h) { return held.count(h.channel) > 0; });
  });
}

// The bubble rings of the routing, found from scratch: follow every packet and
// note, per channel, its one-buffer ways in (injection counts as one); a ring is
// a cycle of channels whose only one-buffer way in is from the channel before,
// by hops none of which needs the bubble.  Only the escape-free reading is
// needed here (every VC), as the witness holds packets on any channel.
std::vector<std::set<Key>> bubble_rings(Checker& c) {
  std::map<Key, std::set<std::optional<Key>>> ways_in;
  std::set<std::pair<Key, Key>> bubble_edges;
  const auto owned_view = c.make_view();
  CheckerFaultView& view = *owned_view;
  bool any_bubble = false;
  for (auto [s, d] : c.pairs())
    walk_packet(c, s, d, view, [&](NodeId, const std::optional<Key>& in, const auto& next) {
      for (const auto& h : next) {
        any_bubble |= h.bubble;
        if (!h.bubble) ways_in[h.channel].insert(in);
        else if (in) bubble_edges.emplace(*in, h.channel);
      }
      return false;
    });
  std::vector<std::set<Key>> rings;
  if (!any_bubble) return rings;
  std::map<Key, Key> pred;
  for (const auto& [k, ways] : ways_in)
    if (ways.size() == 1 && *ways.begin() && **ways.begin() != k && !bubble_edges.count({**ways.begin(), k}))
      pred.emplace(k, **ways.begin());
  std::set<Key> done;
  for (const auto& [k, p] : pred) {
    if (done.count(k)) continue;
    std::vector<Key> walk{k};
    std::set<Key> on_walk{k};
    for (auto it = pred.find(k); it != pred.end() && !done.count(it->second); it = pred.find(it->second)) {
      if (on_walk.count(it->second)) {  // a cycle: the walk from it->second on
        const auto from = std::find(walk.begin(), walk.end(), it->second);
        rings.emplace_back(from, walk.end());
        break;
      }
      walk.push_back(it->second);
      on_walk.insert(it->second);
    }
    done.insert(walk.begin(), walk.end());
  }
  return rings;
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
    std::set<Key> requests;
    for (const auto& r : p.requests) requests.insert(c.key(r));
    if (!blocked_there(c, *s, *d, c.key(p.channel), requests, held))
      c.problem("packet " + p.source + " -> " + p.destination + " cannot hold " + c.name(c.key(p.channel)) +
                " while requesting exactly the " + std::to_string(requests.size()) +
                " channels the witness lists, all held");
  }
  for (const auto& ring : bubble_rings(c))
    if (std::all_of(ring.begin(), ring.end(), [&](const Key& k) { return held.count(k) > 0; }))
      c.problem("the packets fill a bubble ring of " + std::to_string(ring.size()) + " channels through " +
                c.name(*ring.begin()) + ", which bubble flow control never lets fill");
  c.out.summary = "deadlock: " + std::to_string(e.packets.size()) +
                  " packets each hold one channel and may only request channels the others hold";
}

}  // namespace

namespace {

EvidenceCheck check_with(const DeadlockEvidence& e, Checker& c) {
  if (!e.switching.empty()) check_exact_evidence(e, c);
  else if (e.deadlock) check_deadlock_witness(e, c);
  else check_order(e, c);
  c.out.valid = c.out.problems.empty();
  return c.out;
}

}  // namespace

EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e, const SpecResolver& specs) {
  Checker c(e, specs);
  return check_with(e, c);
}

EvidenceCheck check_deadlock_evidence(const DeadlockEvidence& e, const RouteSetup& setup, const Budget& budget,
                                      const DeadlockScope& scope) {
  Checker c(e, setup, budget, &scope);
  try {
    return check_with(e, c);
  } catch (const UndecidedQuestion& u) {
    EvidenceCheck out;
    out.problems.push_back("checking it asks about unit " + setup.model->universe().label(u.unit) +
                           ", which the record neither holds nor lists as read");
    return out;
  }
}

}  // namespace menger
