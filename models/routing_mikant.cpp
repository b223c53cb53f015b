// Routings of 002 (Wang and Li, "Link Fault Tolerant Routing Algorithms in
// Mirrored K-Ary N-Tree Interconnection Networks"): Algorithm 1 (section 2.2),
// the four link-fault-tolerant algorithms of section 3.1 and the three
// combinations of section 3.2.
//
//   mikant-shortest                          Algorithm 1; takes its port blindly
//   mikant-go-neighbor-switch                3.1.1
//   mikant-go-down-level                     3.1.2
//   mikant-x-turns                           3.1.3 = Algorithm 2 (Go-Neighbor-Switch
//                                            and X-Turns: "X-Turns algorithm must be
//                                            used together with Go-Neighbor-Switch")
//   mikant-three-turn                        3.1.4
//   mikant-go-neighbor-switch+go-down-level  3.2.1
//   mikant-go-neighbor-switch+x-turns+go-down-level  3.2.2
//   mikant-three-turn+go-down-level          3.2.3
//
// Notation (002): W = <G_W, L_W, W_{n-2}..W_0> the current switch, T = <G_T,
// T_{n-1}..T_0> the destination node, t = T_{n-2}.  Port j < k descends (to the
// switch with D_{L-1} = j, or to the node with C_{n-1} = j at level 0); port k+j
// climbs to D_L = j, or at level n-2 crosses to the other group's switch with
// D_{n-2} = j (models/mikant.cpp).  Every fault-tolerant routing follows
// Algorithm 1 and checks its port first; only if that link is faulty does it
// look at a detour, and only at the two places the paper gives detours for:
//   * a faulty crossing link at level n-2 (Algorithm 1's port T_{n-2}+k; Case 0,
//     or Case 3 at level n-2: section 3.3 applies Go-Neighbor-Switch to the
//     same-group case "on the path to the NCA", and 3.2.1 says it is used when
//     "the current switch and destination/NCA are in different groups"):
//     Go-Neighbor-Switch, X-Turns, Three-Turn;
//   * a faulty downward link from level 1 (Go-Down-Level, "L_W = 1").
// Any other faulty link (upward below level n-2, downward from level >= 2 when
// n >= 4, a compute node's link) is outside the paper's algorithms: the packet
// is dropped (no hops).  The last hop of every detour is Algorithm 1's port with
// no further detour; if it is faulty the packet is dropped ("routing fails",
// Algorithm 2).  After it the packet is routed normally again, so a later fault
// on the path may start a new detour.
//
// Detours, as the general forms of 3.1 and Figs. 2-5 give them (digits not
// named keep W's values):
//   Go-Neighbor-Switch  W -> <G_W, n-3, D_{n-3} = *> -> W_N = <G_W, n-2,
//       D_{n-3} = * - W_{n-3}> -> (Algorithm 1) cross to t.  Needs n >= 3.
//   Three-Turn  W -> <~G_W, n-2, * - t> -> <G_W, n-2, * - W_{n-2}> -> cross to t.
//   X-Turns  W -> <~G_W, n-2, * - t> -> down to level 0 of ~G_W ("N(T+_{L_W-(n-2)})
//       ... in level 0"), D_0 = * -> up, D_0 = * - W_0, back to level n-2 ->
//       <G_W, n-2, * - W_{n-2}> -> cross to t.  The packet saves W_{n-2} and W_0
//       (the "two parameters" of 3.1.3) to avoid the switches it came from.
//   Go-Down-Level  W = <G, 1, T_{n-2}..T_1, W_0> -> <G, 0, T_{n-2}..T_1, * - T_0>
//       -> <G, 1, ..., * - W_0> -> (Algorithm 1) down to <G, 0, T_{n-2}..T_0>.
//
// Ambiguities and the readings taken:
//   * "*" choices (3.1, all figures show two alternatives): parameter choice=first
//     takes the lowest usable port (deterministic); choice=all offers every usable
//     one (adaptive: every choice must deliver).  Each figure path is one of the
//     choice=all branches.
//   * Fault knowledge.  Go-Neighbor-Switch, Go-Down-Level and Three-Turn decide
//     from the current switch's own links (Local): the figures need no more.
//     Algorithm 2 chooses X-Turns at W when "all the links connected to neighbor
//     switches are faulty" (3.1.3); in Fig. 4 those are the neighbours' crossing
//     links, three hops from W, yet the X-Turns path leaves W directly.  So the
//     X-Turns routings read, at W only, the links of each Go-Neighbor-Switch
//     detour (W's down link, the climb to W_N, W_N's crossing link; in port
//     order, lazily) and declare Global knowledge.  Go-Neighbor-Switch is taken
//     over the first detour whose three links are healthy; X-Turns if none is.
//     Everything after W is decided locally.
//   * X-Turns' general form changes D_0 at level 0 (the figures, n = 3, cannot
//     tell D_0 from D_{n-3}).  For n >= 4 we follow the text: descend in ~G_W
//     keeping W's digits, change only D_0, climb back keeping them.  Fig. 4's
//     second path visits <1,0,2,0> (D_0 = W_0), so the level-0 switch is free and
//     only the climb avoids W_0.  Algorithm 2's "N(T+_...) means W has the same
//     group ID as T": in the Case 3 reading above that group is ~G_W.
//   * n = 2: no level below n-2, so Go-Neighbor-Switch, X-Turns and Go-Down-Level
//     have no detour and drop; Three-Turn works.
//   * Fig. 5's second path prints <0,1,2,0>; a crossing keeps D_0, the general
//     form says <G_W, L_W, * - W_{n-2}, ..., W_0>: we read <0,1,2,1> (misprint).
//   * Algorithm 1 (mikant-shortest) reads no faults: on a faulty link the run is
//     Blocked, "the shortest path routing algorithm will fail" (3.1).
//
// saved=no (X-Turns and Three-Turn; issue 5 asks for the routings "with and
// without the paper's avoidance parameters"): the saved W_{n-2} and W_0 are not
// consulted, so the climb at level 0 and the crossing back may take any usable
// port, the one the packet came from included (the first usable one, or all
// with choice=all).  The default is the paper's routing.
//
// Packet state: the phase and two saved digits a and b (kPhase, kSavedA,
// kSavedB; what a and b hold depends on the phase, see Phase).
#include <memory>
#include <string>
#include <utility>

#include "core/error.h"
#include "models/mikant.h"
#include "models/packet_fields.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

enum class CrossingDetour { None, GoNeighborSwitch, XTurns, ThreeTurn };

struct Variant {
  bool tolerant = true;  // false: Algorithm 1 alone
  CrossingDetour crossing = CrossingDetour::None;
  bool go_down_level = false;
};

// The phase of a packet (kPhase); w1, w2: the saved digits a, b named here.
enum Phase : std::int32_t {
  kNormal = 0,  // Algorithm 1, detours on a faulty port
  kLast,        // the last hop of a detour: Algorithm 1's port or drop
  kGnsClimb,    // at level n-3: climb to a neighbour of W, D_{n-3} != w1 (= W_{n-3})
  kGnsClimbTo,  // Algorithm 2's checked detour: climb to D_{n-3} = w1
  kTtBack,      // Three-Turn, in ~G_W: cross back to D_{n-2} != w1 (= W_{n-2})
  kXtDown,      // X-Turns: descend in ~G_W to level 0 (w1 = W_{n-2}, w2 = W_0)
  kXtUp,        // X-Turns at level 0: climb to D_0 != w2
  kXtClimb,     // X-Turns: climb to level n-2 keeping the digits
  kXtBack,      // X-Turns at level n-2 of ~G_W: cross back to D_{n-2} != w1
  kGdlUp,       // Go-Down-Level at level 0: climb to D_0 != w1 (= W_0)
};

// The fields are declared for their accessors; the trace text stays the
// paper's wording of each phase (describe_state below), which names what the
// saved digits mean in it.
constexpr ValueField kPhase{0, "phase "};
constexpr ValueField kSavedA{1, "a="};
constexpr ValueField kSavedB{2, "b="};

PacketState make_state(Phase p, std::int32_t a = 0, std::int32_t b = 0) {
  PacketState s;
  kPhase.set(s, p);
  kSavedA.set(s, a);
  kSavedB.set(s, b);
  return s;
}

class MikantRouting final : public Routing {
 public:
  MikantRouting(const Network& net, const Mikant& topo, Variant v, bool all, bool saved)
      : net_(net), topo_(topo), v_(v), all_(all), saved_(saved), k_(topo.k()),
        n_(topo.n()) {}

  FaultKnowledge knowledge() const override {
    return v_.crossing == CrossingDetour::XTurns ? FaultKnowledge::Global : FaultKnowledge::Local;
  }

  void next(NodeId here, const PacketState& st, NodeId dst, FaultView& faults, Hops& out) const override {
    if (!topo_.is_switch(here)) {  // the source node: its only link, to its level-0 switch
      out.push_back(Hop{0, 0, st});
      return;
    }
    const Ctx c{here, topo_.decode(here), dst, faults, out};
    switch (static_cast<Phase>(kPhase(st))) {
      case kNormal: return normal(c);
      case kLast: return take(c, algorithm1_port(c), make_state(kNormal));
      case kGnsClimb: return offer(c, k_, kSavedA(st), [](std::uint64_t) { return make_state(kLast); });
      case kGnsClimbTo: return take(c, static_cast<PortId>(k_ + kSavedA(st)), make_state(kLast));
      case kTtBack: return offer(c, k_, avoid(kSavedA(st)), [](std::uint64_t) { return make_state(kLast); });
      case kXtDown: return xt_down(c, st);
      case kXtUp:
        return offer(c, k_, avoid(kSavedB(st)), [&](std::uint64_t) { return xt_climb_state(c.w.l + 1, st); });
      case kXtClimb: return take(c, up_keep(c.w), xt_climb_state(c.w.l + 1, st));
      case kXtBack: return offer(c, k_, avoid(kSavedA(st)), [](std::uint64_t) { return make_state(kLast); });
      case kGdlUp: return offer(c, k_, kSavedA(st), [](std::uint64_t) { return make_state(kLast); });
    }
    throw InternalError("mikant routing: unknown phase " + std::to_string(kPhase(st)));
  }

  std::string describe_state(const PacketState& st) const override {
    const std::string a = std::to_string(kSavedA(st)), b = std::to_string(kSavedB(st));
    switch (static_cast<Phase>(kPhase(st))) {
      case kNormal: return "normal";
      case kLast: return "detour: last hop";
      case kGnsClimb: return "go-neighbor-switch: climb to D_{n-3} != " + a;
      case kGnsClimbTo: return "go-neighbor-switch: climb to D_{n-3} = " + a;
      case kTtBack: return "three-turn: cross back to D_{n-2} != " + a;
      case kXtDown: return "x-turns: down to level 0 (W_{n-2}=" + a + ", W_0=" + b + ")";
      case kXtUp: return "x-turns: climb to D_0 != " + b + " (W_{n-2}=" + a + ")";
      case kXtClimb: return "x-turns: climb to level n-2 (W_{n-2}=" + a + ", W_0=" + b + ")";
      case kXtBack: return "x-turns: cross back to D_{n-2} != " + a;
      case kGdlUp: return "go-down-level: climb to D_0 != " + a;
    }
    return Routing::describe_state(st);
  }

 private:
  // One decision: where, for whom, through what view, into what answer.
  struct Ctx {
    NodeId here;
    Mikant::Sw w;
    NodeId dst;
    FaultView& faults;
    Hops& out;
  };

  const Network& net_;
  const Mikant& topo_;
  Variant v_;
  bool all_;
  bool saved_;  // X-Turns and Three-Turn consult their saved digits (see the header)
  std::uint64_t k_, n_;

  // The digit a saved parameter tells the packet to avoid, or none (-1) with saved=no.
  std::int32_t avoid(std::int32_t saved_digit) const { return saved_ ? saved_digit : -1; }

  std::uint64_t sw_digit(const Mikant::Sw& s, std::uint64_t i) const { return digit(s.d, k_, topo_.weight(i)); }
  // T_i of the destination node, i in 0..n-1.
  std::uint64_t t_digit(NodeId dst, std::uint64_t i) const {
    return digit(topo_.node_digits(dst), k_, topo_.weight(i));
  }

  // Algorithm 1 (section 2.2): Case 0 / Case 3 climb by T_{L_W} + k, Case 1
  // descends by T_{L_W - 1}, Case 2 delivers by T_{n-1}.
  PortId algorithm1_port(const Ctx& c) const {
    const std::uint64_t l = c.w.l;
    bool up = topo_.node_group(c.dst) != c.w.g;
    for (std::uint64_t i = l; !up && i + 2 <= n_; ++i) up = sw_digit(c.w, i) != t_digit(c.dst, i);
    if (up) return static_cast<PortId>(k_ + t_digit(c.dst, l));
    return static_cast<PortId>(l > 0 ? t_digit(c.dst, l - 1) : t_digit(c.dst, n_ - 1));
  }

  void normal(const Ctx& c) const {
    const PortId p = algorithm1_port(c);
    if (!v_.tolerant || c.faults.port_usable(c.here, p)) {
      c.out.push_back(Hop{p, 0, make_state(kNormal)});
      return;
    }
    if (c.w.l + 2 == n_ && p >= k_) return crossing_detour(c);
    if (c.w.l == 1 && p < k_ && v_.go_down_level) return go_down_level(c, p);
    // No detour of the paper covers this link: dropped.
  }

  void crossing_detour(const Ctx& c) const {
    const std::uint64_t t = t_digit(c.dst, n_ - 2), top = sw_digit(c.w, n_ - 2);
    switch (v_.crossing) {
      case CrossingDetour::None: return;
      case CrossingDetour::GoNeighborSwitch: return go_neighbor_switch(c);
      case CrossingDetour::ThreeTurn:
        // 3.1.4: to <~G_W, L_W, * - T_{n-2}, ...>, saving W_{n-2}.
        return offer(c, k_, static_cast<std::int32_t>(t),
                     [&](std::uint64_t) { return make_state(kTtBack, static_cast<std::int32_t>(top)); });
      case CrossingDetour::XTurns: return algorithm2(c, t, top);
    }
  }

  // 3.1.1: down to any <G_W, n-3, ...>, which then climbs to a neighbour of W.
  void go_neighbor_switch(const Ctx& c) const {
    if (n_ < 3) return;
    const auto skip = static_cast<std::int32_t>(sw_digit(c.w, n_ - 3));
    offer(c, 0, -1, [&](std::uint64_t) { return make_state(kGnsClimb, skip); });
  }

  // Algorithm 2: Go-Neighbor-Switch over a detour whose three links are healthy
  // (checked here, see the header), else X-Turns.
  void algorithm2(const Ctx& c, std::uint64_t t, std::uint64_t top) const {
    if (n_ < 3) return;
    const std::uint64_t skip = sw_digit(c.w, n_ - 3);
    for (std::uint64_t d = 0; d < k_; ++d) {
      if (!c.faults.port_usable(c.here, static_cast<PortId>(d))) continue;
      const NodeId below = net_.port(c.here, static_cast<PortId>(d)).peer;
      for (std::uint64_t x = 0; x < k_; ++x) {
        if (x == skip || !c.faults.port_usable(below, static_cast<PortId>(k_ + x))) continue;
        const NodeId wn = net_.port(below, static_cast<PortId>(k_ + x)).peer;
        if (!c.faults.port_usable(wn, static_cast<PortId>(k_ + t))) continue;
        c.out.push_back(Hop{static_cast<PortId>(d), 0, make_state(kGnsClimbTo, static_cast<std::int32_t>(x))});
        if (!all_) return;
      }
    }
    if (!c.out.empty()) return;
    // X-Turns (3.1.3): cross to <~G_W, n-2, * - T_{n-2}, ...>, saving W_{n-2} and W_0.
    const auto w0 = static_cast<std::int32_t>(sw_digit(c.w, 0));
    offer(c, k_, static_cast<std::int32_t>(t),
          [&](std::uint64_t) { return make_state(kXtDown, static_cast<std::int32_t>(top), w0); });
  }

  // X-Turns descent: keep W's digits down to level 1, then any port to level 0.
  void xt_down(const Ctx& c, const PacketState& st) const {
    if (c.w.l >= 2) return take(c, static_cast<PortId>(sw_digit(c.w, c.w.l - 1)), st);
    offer(c, 0, -1, [&](std::uint64_t) { return make_state(kXtUp, kSavedA(st), kSavedB(st)); });
  }

  PacketState xt_climb_state(std::uint64_t level_after, const PacketState& st) const {
    return make_state(level_after + 2 == n_ ? kXtBack : kXtClimb, kSavedA(st), kSavedB(st));
  }

  // The up port that keeps the switch's digits (D_L unchanged).
  PortId up_keep(const Mikant::Sw& w) const { return static_cast<PortId>(k_ + sw_digit(w, w.l)); }

  // 3.1.2: down to <G, 0, T_{n-2}..T_1, * - T_0>, saving W_0.
  void go_down_level(const Ctx& c, PortId faulty) const {
    const auto w0 = static_cast<std::int32_t>(sw_digit(c.w, 0));
    offer(c, 0, static_cast<std::int32_t>(faulty), [&](std::uint64_t) { return make_state(kGdlUp, w0); });
  }

  // Ports base + j, j in 0..k-1, j != skip, in order: the first usable one
  // (choice=first) or every usable one (choice=all).  Reads stop at the first.
  template <class StateOf>
  void offer(const Ctx& c, std::uint64_t base, std::int32_t skip, StateOf state_of) const {
    for (std::uint64_t j = 0; j < k_; ++j) {
      if (static_cast<std::int32_t>(j) == skip) continue;
      const auto p = static_cast<PortId>(base + j);
      if (!c.faults.port_usable(c.here, p)) continue;
      c.out.push_back(Hop{p, 0, state_of(j)});
      if (!all_) return;
    }
  }

  // A hop with no alternative: taken if usable, else the packet is dropped.
  void take(const Ctx& c, PortId p, const PacketState& st) const {
    if (c.faults.port_usable(c.here, p)) c.out.push_back(Hop{p, 0, st});
  }
};

struct Entry {
  const char* name;
  const char* summary;
  const char* source;
  Variant variant;
};

const Entry kEntries[] = {
    {"mikant-shortest", "MiKANT shortest-path routing (Algorithm 1); takes its port even if faulty",
     "002 section 2.2, Algorithm 1", {false, CrossingDetour::None, false}},
    {"mikant-go-neighbor-switch", "Algorithm 1; a faulty crossing link is bypassed through a neighbour switch",
     "002 section 3.1.1, Fig. 2", {true, CrossingDetour::GoNeighborSwitch, false}},
    {"mikant-go-down-level", "Algorithm 1; a faulty level-1 down link is bypassed through a level-0 sibling",
     "002 section 3.1.2, Fig. 3", {true, CrossingDetour::None, true}},
    {"mikant-x-turns", "Go-Neighbor-Switch, else X-Turns through the other group's level 0 (Algorithm 2)",
     "002 section 3.1.3, Algorithm 2, Fig. 4", {true, CrossingDetour::XTurns, false}},
    {"mikant-three-turn", "Algorithm 1; a faulty crossing link is bypassed by three group changes",
     "002 section 3.1.4, Fig. 5", {true, CrossingDetour::ThreeTurn, false}},
    {"mikant-go-neighbor-switch+go-down-level", "Go-Neighbor-Switch upward and Go-Down-Level downward",
     "002 section 3.2.1", {true, CrossingDetour::GoNeighborSwitch, true}},
    {"mikant-go-neighbor-switch+x-turns+go-down-level", "Algorithm 2 upward and Go-Down-Level downward",
     "002 section 3.2.2", {true, CrossingDetour::XTurns, true}},
    {"mikant-three-turn+go-down-level", "Three-Turn upward and Go-Down-Level downward", "002 section 3.2.3",
     {true, CrossingDetour::ThreeTurn, true}},
};

const Mikant& require_mikant(const Network& net, const std::string& routing) {
  const auto* m = dynamic_cast<const Mikant*>(&net.topology());
  if (!m) throw InputError("routing '" + routing + "' is defined on MiKANT networks only (002), not on " + net.spec());
  if (!m->has_compute_nodes())
    throw InputError("routing '" + routing + "' routes to compute nodes, and " + net.spec() +
                     " has none (the switch network alone)");
  return *m;
}

RoutingFamily family_of(const Entry& e) {
  RoutingFamily f{e.name, e.summary, e.source, {}, {}};
  if (e.variant.tolerant)
    f.params = {ParamSpec::choice("choice",
                                  "first: the lowest usable port at each '*' of a detour; all: every one (adaptive)",
                                  {"first", "all"})
                    .defaults_to(SpecValue::make_word("first"))};
  const bool saves = e.variant.crossing == CrossingDetour::XTurns || e.variant.crossing == CrossingDetour::ThreeTurn;
  if (saves)
    f.params.push_back(ParamSpec::choice("saved",
                                         "yes: the saved W_{n-2} and W_0 keep the packet from going back (the paper); "
                                         "no: they are ignored",
                                         {"yes", "no"})
                           .may_be_absent());
  f.build = [f, v = e.variant](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
    const Mikant& m = require_mikant(net, f.name);
    const bool all = v.tolerant && p.word("choice") == "all";
    const bool saved = !p.has("saved") || p.word("saved") == "yes";
    return std::make_unique<MikantRouting>(net, m, v, all, saved);
  };
  return f;
}

}  // namespace

void register_mikant_routings(RoutingRegistry& reg) {
  for (const Entry& e : kEntries) reg.add(family_of(e));
}

}  // namespace menger
