// Dragonfly routings (Kim, Dally, Scott and Abts, ISCA 2008, section 4):
//
//   dragonfly-min      minimal, local-global-local: a local hop to the router
//                      that holds the global link to the destination group, the
//                      global hop, a local hop to the destination router;
//   dragonfly-valiant  Valiant's algorithm: minimally to an intermediate group,
//                      then minimally to the destination; the intermediate group
//                      (any group but the source's and the destination's) is a
//                      nondeterministic choice, so every one of them must work;
//   dragonfly-ugal     UGAL, the choice between the two made at the source router
//                      from queue lengths; queue lengths are not modelled, so both
//                      the minimal route and every Valiant route are offered.
//
// Virtual channels: a packet takes VC min(G, vcs - 1), where G counts the
// global hops it has taken, on every hop: the VC changes after each global
// hop.  With vcs = 2 for minimal and vcs = 3 for the others this is the
// scheme of section 4 of the paper (VC 0 in the source group, VC 1 after the
// first global hop, VC 2 after the second); fewer VCs (the parameter) let the
// deadlock engine show why the scheme needs them.
//
// Which global link: the lowest global port number of the group (k = r*h + j,
// models/dragonfly.h) that reaches the target group, a deterministic choice.
// Faults (local knowledge): a hop whose port is unusable is not offered; a
// packet with no usable hop is dropped (the routings are not fault-tolerant,
// which the route-tolerance claims show).  Packets between the terminals of one
// router never enter the network beyond that router; packets between two
// routers of one group take Valiant's detour too.
//
// The Valiant and UGAL choice, the legs and the VCs are the building blocks
// of models/valiant.h; this file gives them the dragonfly's minimal leg.
// State: `choosing` until the source router has chosen the route, `via` the
// intermediate group until the global hop that enters it, and the global hops
// taken.
#include <string>

#include "core/error.h"
#include "models/dragonfly.h"
#include "models/routing_registry.h"
#include "models/valiant.h"

namespace menger {
namespace {

constexpr ValiantFields kFields{FlagField{0, "route not chosen"}, IdField{1, "via "}};
constexpr CountField kGlobalHops{2, "global hop(s)"};

// The minimal leg (local-global-local): a local hop to the router that holds
// the group's lowest global port to the target group, the global hop, and in
// the destination group a local hop to the destination router.
class DragonflyLegs final : public MinimalLegs {
 public:
  explicit DragonflyLegs(const Dragonfly& df) : df_(df) {}
  std::uint32_t intermediates() const override { return df_.groups(); }
  // Any group but the source's and the destination's, for packets that
  // leave their router.
  bool may_serve(std::uint32_t i, NodeId here, NodeId target) const override {
    return here != target && i != df_.group_of(here) && i != df_.group_of(target);
  }

  Step step(NodeId here, std::optional<std::uint32_t> via, NodeId target) const override {
    const std::uint32_t g = df_.group_of(here);
    MENGER_ASSERT(!via || *via != g, "dragonfly: a packet in G" + std::to_string(g) + " still bound for it");
    const std::uint32_t tg = via ? *via : df_.group_of(target);
    if (tg == g) return {df_.local_port(here, target), false, false};
    const auto k = df_.first_global_to(g, tg);
    MENGER_ASSERT(k.has_value(), "dragonfly: no global link from G" + std::to_string(g) + " to G" + std::to_string(tg));
    const NodeId owner = df_.router(g, *k / df_.h());
    if (owner != here) return {df_.local_port(here, owner), false, false};
    return {df_.global_port(*k % df_.h()), via.has_value(), true};
  }

 private:
  const Dragonfly& df_;
};

class DragonflyRouting final : public Routing {
 public:
  DragonflyRouting(const Network& net, const Dragonfly& df, PathChoice choice, std::uint32_t vcs)
      : net_(net), df_(df), choice_(choice), legs_(df), router_(legs_, choice, kFields, VcPerHop{kGlobalHops, vcs}, true) {
    fields_.flag(kFields.choosing).id(kFields.via, [](std::uint32_t g) { return "G" + std::to_string(g); });
    fields_.count(kGlobalHops);
  }

  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return router_.vcs().vcs; }
  // Minimal routing reads only differences of group numbers where the
  // arrangement does (models/dragonfly.h); Valiant's state names its
  // intermediate group by number, so it does not commute.
  bool translation_invariant() const override {
    return choice_ == PathChoice::Minimal && df_.arrangement() != Dragonfly::Arrangement::Absolute;
  }

  PacketState start(NodeId, NodeId, FaultView&) const override { return router_.start(); }
  // A terminal is read only through its router (router_of) and, there,
  // its port (terminal_port); states name groups, never terminals.
  bool destination_switch_invariant() const override { return true; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    if (net_.kind(here) == NodeKind::Endpoint) {  // a terminal injects into its router
      offer(here, 0, state, faults, out);
      return;
    }
    const NodeId target = df_.router_of(dst);
    if (here != target || kFields.via(state)) {
      router_.next(here, state, target, faults, out);
      return;
    }
    PacketState delivered = state;  // chosen: the minimal route, the only one within a router
    kFields.choosing.set(delivered, false);
    offer(here, df_.terminal_port(dst), delivered, faults, out);
  }

  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }

 private:
  const Network& net_;
  const Dragonfly& df_;
  PathChoice choice_;
  DragonflyLegs legs_;
  ValiantRouter router_;
  StateFields fields_;

  // A terminal's hop (injection, delivery), offered when its port is usable.
  void offer(NodeId here, PortId port, const PacketState& next, FaultView& faults, Hops& out) const {
    if (faults.port_usable(here, port)) out.push_back(Hop{port, router_.vcs().vc(next), next});
  }
};

const Dragonfly& dragonfly_of(const Network& net, const std::string& routing) {
  const auto* df = dynamic_cast<const Dragonfly*>(&net.topology());
  if (!df) throw InputError(routing + ": defined on dragonfly networks only, not on " + net.spec());
  return *df;
}

RoutingFamily dragonfly_routing(const std::string& name, PathChoice mode, std::int64_t default_vcs, std::string summary) {
  return RoutingFamily{
      name, std::move(summary), "Kim, Dally, Scott and Abts, ISCA 2008, section 4",
      {ParamSpec::integer("vcs", "virtual channels; a packet takes VC min(global hops taken, vcs - 1)")
           .range(1, 8)
           .defaults_to(SpecValue::make_int(default_vcs))},
      [name, mode](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        const Dragonfly& df = dragonfly_of(net, name);
        const auto vcs = static_cast<std::uint32_t>(p.integer("vcs"));
        return std::make_unique<DragonflyRouting>(net, df, mode, vcs);
      }};
}

}  // namespace

void register_dragonfly_routings(RoutingRegistry& reg) {
  reg.add(dragonfly_routing("dragonfly-min", PathChoice::Minimal, 2,
                            "dragonfly minimal (local-global-local), one VC per global hop taken"));
  reg.add(dragonfly_routing("dragonfly-valiant", PathChoice::Valiant, 3,
                            "dragonfly Valiant: via any intermediate group (every choice must work)"));
  reg.add(dragonfly_routing("dragonfly-ugal", PathChoice::Ugal, 3,
                            "dragonfly UGAL: minimal or any Valiant route, chosen at the source router"));
}

}  // namespace menger
