// Up-down routings of folded Clos networks (fattree, leafspine; models/clos.h).
//
// Without bouncing (below) both are minimal: a packet climbs until its
// destination host is below the current switch, then descends along the
// unique subtree (the parallel links of a leaf-spine are several ports into
// one subtree).  No down hop is ever
// followed by an up hop, so the channel dependency graph is acyclic with one
// virtual channel (the up*/down* argument of Autonet, Schroeder et al., IEEE
// JSAC 1991, with the levels of the tree as ranks).
//
//   clos-ecmp     ECMP (equal-cost multi-path: data centre switches hash
//                 flows over equal next hops; the multipath baseline that
//                 Al-Fares et al., SIGCOMM 2008, discuss): every usable up
//                 port is offered (adaptive: engines explore every choice),
//                 and every usable down port towards the destination.  Local
//                 fault knowledge: a switch sees its own links and neighbours
//                 (link-down detection).  With no usable port the packet is
//                 dropped.
//   clos-dmodk    D-mod-k (destination mod k), deterministic: at a switch of
//                 level l with U up ports, up port index
//                 floor(d / (U_1 ... U_{l-1})) mod U, d the destination host's
//                 index (E. Zahavi, "D-Mod-K routing providing non-blocking
//                 traffic for shift permutations on real life fat trees",
//                 CCIT report 776, Technion, 2010; C. Gomez, F. Gilabert,
//                 M. E. Gomez, P. Lopez and J. Duato, "Deterministic versus
//                 adaptive routing in fat-trees", IPDPS 2007 (CAC workshop));
//                 of parallel down links the one of index d mod (their
//                 number).  A static table: without bouncing it reads no
//                 faults, so a hop over a failed unit is the engine's Blocked.
//
// Bouncing, parameter bounce=yes.  S. Hu, Y. Zhu, P. Cheng, C. Guo, K. Tan,
// J. Padhye and K. Chen, "Tagger: practical PFC deadlock prevention in data
// center networks", CoNEXT 2017, on bounced paths: after a link failure, and
// before routing converges, a switch whose down link towards the destination
// has failed sends the packet down to another child, which sends it up again
// (up-down-up-down paths), and such paths create cyclic buffer dependencies.
// Our model: at a switch of level >= 2 none of whose down ports towards the
// destination is usable, the packet goes down to another child (ECMP: every
// usable one; D-mod-k: the first usable one after the table's port,
// cyclically); that switch climbs again (ECMP: every usable up port but the
// one back to the bouncing switch; D-mod-k: the table's up port, or the next
// one cyclically if the table's leads back), and the packet then descends
// minimally.  One bounce per packet: a second dead end drops it.  D-mod-k
// with bouncing reads the one down link its table names (a switch knows its
// own link is down).  The deterministic variant stands for hashed ECMP, where
// every flow is pinned to one path: a cycle of its dependency graph is then a
// deadlock.  State: the bouncing switch while the packet is at the bounce
// target (kBouncer), and whether it has bounced (kBounced).
//
// bounce=stateless: what tables without memory of the bounce do (no packet
// state): every switch with no usable down port towards the destination
// bounces, any number of times, and the switch below climbs by its normal
// rule, back to the bouncing switch included.  Packets may then loop (a
// routing loop: in a lossless network its packets fill the loop's buffers and
// wait on each other), and one failed link suffices for a cycle.
#include <algorithm>

#include "core/error.h"
#include "models/clos.h"
#include "models/packet_fields.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

enum class ClosMode { Ecmp, DModK };
// no: never; yes (Once): one bounce, remembered in the packet; stateless: tables without memory.
enum class Bounce { No, Once, Stateless };

Bounce parse_bounce(const std::string& word) {
  return word == "yes" ? Bounce::Once : word == "stateless" ? Bounce::Stateless : Bounce::No;
}

constexpr IdField kBouncer{0, "bounced by "};
constexpr FlagField kBounced{1, "after a bounce"};

class ClosRouting final : public Routing {
 public:
  ClosRouting(const Network& net, const ClosTopology& clos, ClosMode mode, Bounce bounce)
      : net_(net), clos_(clos), mode_(mode), bounce_(bounce) {}

  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }
  // ECMP reads a host only through its subtree (down_ports_towards), and at
  // the edge switch through the port to it; D-mod-k reads its index.
  bool destination_switch_invariant() const override { return mode_ == ClosMode::Ecmp; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    if (clos_.level(here) == 0) {  // a host injects through its only port
      out.push_back(Hop{0, 0, state});
      return;
    }
    std::vector<PortId> towards;
    clos_.down_ports_towards(here, dst, towards);
    if (!towards.empty()) go_down(here, state, dst, towards, faults, out);
    else if (mode_ == ClosMode::DModK) dmodk_up(here, state, dst, out);
    else ecmp_up(here, state, faults, out);
  }

 private:
  const Network& net_;
  const ClosTopology& clos_;
  ClosMode mode_;
  Bounce bounce_;
  StateFields fields_ =
      StateFields().id(kBouncer, [this](std::uint32_t v) { return net_.label(v); }).flag(kBounced);

  std::uint64_t index(NodeId dst) const { return clos_.host_index(dst); }
  static NodeId bouncer(const PacketState& s) { return kBouncer(s).value_or(kNoNode); }
  // The state after a hop: the bounce target's mark is dropped (it matters there only).
  static PacketState moved_on(PacketState s) {
    kBouncer.set(s, std::nullopt);
    return s;
  }

  void ecmp_up(NodeId here, const PacketState& state, FaultView& faults, Hops& out) const {
    for (PortId p = clos_.first_up_port(here); p < net_.num_ports(here); ++p)
      if (net_.port(here, p).peer != bouncer(state) && faults.port_usable(here, p))
        out.push_back(Hop{p, 0, moved_on(state)});
  }

  // D-mod-k's up port, read blindly from the table; at a bounce target, the
  // next up port (cyclically) if the table's leads back to the bouncing switch.
  void dmodk_up(NodeId here, const PacketState& state, NodeId dst, Hops& out) const {
    const PortId first = clos_.first_up_port(here), count = static_cast<PortId>(net_.num_ports(here) - first);
    auto port = static_cast<PortId>(first + dmodk_up_index(here, dst));
    if (net_.port(here, port).peer == bouncer(state)) port = static_cast<PortId>(first + (port - first + 1) % count);
    out.push_back(Hop{port, 0, moved_on(state)});
  }

  // D-mod-k's up port index at `here`: floor(d / (U_1 ... U_{l-1})) mod U_l.
  std::uint64_t dmodk_up_index(NodeId here, NodeId dst) const {
    const std::uint32_t l = clos_.level(here);
    std::uint64_t d = index(dst);
    for (std::uint32_t below = 1; below < l; ++below) d /= clos_.up_ports_at(below);
    return d % clos_.up_ports_at(l);
  }

  // ECMP: every usable port towards dst.  D-mod-k: the table's port, blindly
  // without bouncing, checked with it.  Then the bounce, if none was usable.
  void go_down(NodeId here, const PacketState& state, NodeId dst, const std::vector<PortId>& towards,
               FaultView& faults, Hops& out) const {
    if (mode_ == ClosMode::DModK) {
      const PortId p = towards[index(dst) % towards.size()];
      if (bounce_ == Bounce::No || faults.port_usable(here, p)) out.push_back(Hop{p, 0, state});
    } else {
      for (PortId p : towards)
        if (faults.port_usable(here, p)) out.push_back(Hop{p, 0, state});
    }
    const bool may_bounce = bounce_ == Bounce::Stateless || (bounce_ == Bounce::Once && !kBounced(state));
    if (out.empty() && may_bounce && clos_.level(here) >= 2) bounce(here, state, towards, faults, out);
  }

  // Down to another child: ECMP offers every usable one; D-mod-k takes the
  // first usable one after the port towards dst, cyclically.
  void bounce(NodeId here, const PacketState& state, const std::vector<PortId>& towards, FaultView& faults,
              Hops& out) const {
    PacketState bounced = state;
    if (bounce_ == Bounce::Once) {
      kBouncer.set(bounced, here);
      kBounced.set(bounced, true);
    }
    const PortId down = clos_.first_up_port(here);
    for (PortId i = 1; i < down; ++i) {
      const auto p = static_cast<PortId>((towards.back() + i) % down);
      if (std::find(towards.begin(), towards.end(), p) != towards.end() || !faults.port_usable(here, p)) continue;
      out.push_back(Hop{p, 0, bounced});
      if (mode_ == ClosMode::DModK) return;
    }
  }
};

const ClosTopology& clos_of(const Network& net, const std::string& routing) {
  const auto* clos = dynamic_cast<const ClosTopology*>(&net.topology());
  if (!clos) throw InputError(routing + " is defined on Clos networks (fattree, leafspine) only, not on " + net.spec());
  bool hosts = false;
  for (NodeId v = 0; v < net.num_nodes() && !hosts; ++v) hosts = net.kind(v) == NodeKind::Endpoint;
  if (!hosts) throw InputError(routing + " routes to hosts, and " + net.spec() + " has none (hosts=0)");
  return *clos;
}

}  // namespace

void register_clos_routings(RoutingRegistry& reg) {
  RoutingFamily ecmp{
      "clos-ecmp",
      "Clos up-down, ECMP over every usable up port (adaptive), minimal; bounce=yes bounces off a failed down link; 1 VC",
      "Al-Fares et al., SIGCOMM 2008 (ECMP); bouncing: Hu et al., Tagger, CoNEXT 2017",
      {ParamSpec::choice("bounce", "yes: a switch whose down link towards the destination failed bounces the packet "
                                   "down to another child, which sends it up again (once per packet, not back to the bouncing switch); "
                                   "stateless: tables without memory (any number of bounces, any way up)",
                         {"no", "yes", "stateless"})
           .defaults_to(SpecValue::make_word("no"))},
      {}};
  ecmp.build = [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
    return std::make_unique<ClosRouting>(net, clos_of(net, "clos-ecmp"), ClosMode::Ecmp, parse_bounce(p.word("bounce")));
  };
  reg.add(std::move(ecmp));
  RoutingFamily dmodk{
      "clos-dmodk",
      "Clos up-down, deterministic D-mod-k: up port floor(d / (U_1..U_{l-1})) mod U_l for destination host d; 1 VC",
      "Zahavi, D-Mod-K routing, Technion CCIT 776, 2010; Gomez et al., Deterministic versus adaptive routing in "
      "fat-trees, IPDPS 2007; bouncing: Hu et al., Tagger, CoNEXT 2017",
      {ParamSpec::choice("bounce", "yes: a switch whose table's down link failed bounces the packet to the next "
                                   "usable child, which climbs by its table (once per packet, avoiding the bouncing switch); "
                                   "stateless: tables without memory",
                         {"no", "yes", "stateless"})
           .defaults_to(SpecValue::make_word("no"))},
      {}};
  dmodk.build = [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
    return std::make_unique<ClosRouting>(net, clos_of(net, "clos-dmodk"), ClosMode::DModK, parse_bounce(p.word("bounce")));
  };
  reg.add(std::move(dmodk));
}

}  // namespace menger
