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
// State: w[0] = 1 until the source router has chosen the route (Valiant, UGAL),
// w[1] = intermediate group + 1 while it is not yet reached (0: minimal),
// w[2] = global hops taken.
#include <string>

#include "core/error.h"
#include "models/dragonfly.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

enum class Mode { Minimal, Valiant, Ugal };

class DragonflyRouting final : public Routing {
 public:
  DragonflyRouting(const Network& net, const Dragonfly& df, Mode mode, std::uint32_t vcs, std::string spec)
      : net_(net), df_(df), mode_(mode), vcs_(vcs), spec_(std::move(spec)) {}

  std::string spec() const override { return spec_; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return vcs_; }
  // Minimal routing reads only differences of group numbers where the
  // arrangement does (models/dragonfly.h); Valiant's state names its
  // intermediate group by number, so it does not commute.
  bool translation_invariant() const override {
    return mode_ == Mode::Minimal && df_.arrangement() != Dragonfly::Arrangement::Absolute;
  }

  PacketState start(NodeId, NodeId, FaultView&) const override {
    PacketState s;
    s.w[0] = mode_ == Mode::Minimal ? 0 : 1;
    return s;
  }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    if (net_.kind(here) == NodeKind::Endpoint) {  // a terminal injects into its router
      offer(here, 0, state, faults, out);
      return;
    }
    if (state.w[0] == 0) {
      follow(here, state, dst, faults, out);
      return;
    }
    PacketState chosen = state;
    chosen.w[0] = 0;
    const std::uint32_t gs = df_.group_of(here), gd = df_.group_of(df_.router_of(dst));
    // A detour needs a group other than the source's and the destination's.
    const bool detour = df_.router_of(dst) != here && df_.groups() > (gs == gd ? 1u : 2u);
    if (mode_ == Mode::Ugal || !detour) follow(here, chosen, dst, faults, out);
    if (!detour) return;
    for (std::uint32_t i = 0; i < df_.groups(); ++i) {
      if (i == gs || i == gd) continue;
      PacketState via = chosen;
      via.w[1] = static_cast<std::int32_t>(i + 1);
      follow(here, via, dst, faults, out);
    }
  }

  std::string describe_state(const PacketState& s) const override {
    if (s.w[0] != 0) return "route not chosen";
    std::string t = s.w[1] ? "via G" + std::to_string(s.w[1] - 1) : "minimal";
    return t + ", " + std::to_string(s.w[2]) + " global hop(s)";
  }

 private:
  const Network& net_;
  const Dragonfly& df_;
  Mode mode_;
  std::uint32_t vcs_;
  std::string spec_;

  // The one minimal hop towards the intermediate group (while it is set and
  // not reached) or the destination.
  void follow(NodeId here, PacketState state, NodeId dst, FaultView& faults, Hops& out) const {
    const std::uint32_t g = df_.group_of(here);
    if (state.w[1] != 0 && static_cast<std::uint32_t>(state.w[1] - 1) == g) state.w[1] = 0;  // reached
    const NodeId target = df_.router_of(dst);
    const std::uint32_t tg = state.w[1] != 0 ? static_cast<std::uint32_t>(state.w[1] - 1) : df_.group_of(target);
    if (tg == g) {
      offer(here, target == here ? df_.terminal_port(dst) : df_.local_port(here, target), state, faults, out);
      return;
    }
    const auto k = df_.first_global_to(g, tg);
    MENGER_ASSERT(k.has_value(), "dragonfly: no global link from G" + std::to_string(g) + " to G" + std::to_string(tg));
    const NodeId owner = df_.router(g, *k / df_.h());
    if (owner != here) {
      offer(here, df_.local_port(here, owner), state, faults, out);
      return;
    }
    PacketState after = state;
    ++after.w[2];
    offer(here, df_.global_port(*k % df_.h()), after, faults, out, state.w[2]);
  }

  // Offers port `port` on the VC of `globals` global hops taken (default: the
  // state's own count) when it is usable.
  void offer(NodeId here, PortId port, const PacketState& next, FaultView& faults, Hops& out,
             std::int32_t globals = -1) const {
    if (!faults.port_usable(here, port)) return;
    const auto taken = static_cast<std::uint32_t>(globals >= 0 ? globals : next.w[2]);
    out.push_back(Hop{port, std::min(taken, vcs_ - 1), next});
  }
};

const Dragonfly& dragonfly_of(const Network& net, const std::string& routing) {
  const auto* df = dynamic_cast<const Dragonfly*>(&net.topology());
  if (!df) throw InputError(routing + ": defined on dragonfly networks only, not on " + net.spec());
  return *df;
}

RoutingFamily dragonfly_routing(const std::string& name, Mode mode, std::int64_t default_vcs, std::string summary) {
  return RoutingFamily{
      name, std::move(summary), "Kim, Dally, Scott and Abts, ISCA 2008, section 4",
      {ParamSpec::integer("vcs", "virtual channels; a packet takes VC min(global hops taken, vcs - 1)")
           .range(1, 8)
           .defaults_to(SpecValue::make_int(default_vcs))},
      [name, mode](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        const Dragonfly& df = dragonfly_of(net, name);
        const auto vcs = static_cast<std::uint32_t>(p.integer("vcs"));
        return std::make_unique<DragonflyRouting>(net, df, mode, vcs, name + "(vcs=" + std::to_string(vcs) + ")");
      }};
}

}  // namespace

void register_dragonfly_routings(RoutingRegistry& reg) {
  reg.add(dragonfly_routing("dragonfly-min", Mode::Minimal, 2,
                            "dragonfly minimal (local-global-local), one VC per global hop taken"));
  reg.add(dragonfly_routing("dragonfly-valiant", Mode::Valiant, 3,
                            "dragonfly Valiant: via any intermediate group (every choice must work)"));
  reg.add(dragonfly_routing("dragonfly-ugal", Mode::Ugal, 3,
                            "dragonfly UGAL: minimal or any Valiant route, chosen at the source router"));
}

}  // namespace menger
