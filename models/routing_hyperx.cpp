// Routings on the HyperX (models/hyperx.h; Ahn, Binkert, Davis, McLaren and
// Schreiber, SC 2009, the routing section; section numbers are not cited
// because we worked from secondary descriptions of the paper, not its text).
//
// hyperx-dor           dimension-order routing: correct the lowest differing
//                      coordinate first, in one hop (each dimension is a
//                      complete graph), over the first of the K parallel links
//                      (copy 0: a fixed choice keeps it deterministic).  One VC.
//                      Dimensions are taken in increasing order and never
//                      revisited, so the channel dependency graph is acyclic.
// hyperx-min-adaptive  every minimal hop: any unaligned dimension, any of the K
//                      copies.  One VC.  On a 2D HyperX a packet may go X then Y
//                      or Y then X, which closes cycles of dependencies (the
//                      deadlock-prone reference).
// hyperx-dal           Dimensionally-Adaptive, Load-balanced routing (section
//                      on DAL): adaptive over the unaligned dimensions; in each
//                      dimension the packet may deroute at most once, to a
//                      switch of that dimension that is neither its own
//                      coordinate nor the destination's, after which that
//                      dimension is corrected minimally.  Packet state: the
//                      dimensions the packet has derouted in (kDerouted).
//                      Paths have at most 2L switch hops.
//   Deadlock avoidance, VC scheme.  We could not read the paper's own text on
//   DAL's virtual channels; we implement the scheme commonly described for it,
//   Duato's: VC 1 carries every DAL hop (minimal or deroute, any copy), VC 0 is
//   the escape subnetwork, dimension-order routing over copy 0, offered at
//   every switch besides the adaptive hops.  The escape function is connected
//   (DOR reaches every destination) and its extended dependency graph is
//   acyclic: after an escape hop in dimension d, every dimension below d is
//   aligned and DAL never moves in an aligned dimension, so the next escape
//   hop is in a dimension above d.  Menger checks this with Duato's condition
//   (escape VC 0).
//
// Terminals: a terminal's only hop is to its switch; at the destination's
// switch the hop goes down to the destination.  Both on VC 0.  With T = 0 the
// switches are the terminals.  None of them reads faults (a hop over a failed
// unit is the engine's Blocked), so the local knowledge model fits.
#include "core/error.h"
#include "models/hyperx.h"
#include "models/packet_fields.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

enum class HyperXRule { DimensionOrder, MinimalAdaptive, Dal };

const HyperX& hyperx_of(const Network& net, const std::string& routing) {
  const auto* h = dynamic_cast<const HyperX*>(&net.topology());
  if (h == nullptr) throw InputError(routing + " is defined on HyperX networks only, e.g. hyperx(S=[4,4]), not on " +
                                     net.spec());
  return *h;
}

// The dimensions a DAL packet has derouted in, one bit each.
constexpr BitsField kDerouted{0, "derouted in dimension "};

class HyperXRouting final : public Routing {
 public:
  HyperXRouting(const HyperX& hx, HyperXRule rule, std::string name) : hx_(hx), rule_(rule), name_(std::move(name)) {}
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return rule_ == HyperXRule::Dal ? 2 : 1; }
  // A terminal is read only through its switch and, there, its port.
  bool destination_switch_invariant() const override { return true; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    if (!hx_.is_switch(here)) {  // a terminal injects into its switch
      out.push_back(Hop{0, 0, state});
      return;
    }
    if (here == hx_.switch_of(dst)) {  // here != dst, so dst is one of this switch's terminals
      out.push_back(Hop{hx_.terminal_port(hx_.terminal_index(dst)), 0, state});
      return;
    }
    const NodeId target = hx_.switch_of(dst);
    if (rule_ == HyperXRule::DimensionOrder || rule_ == HyperXRule::Dal) add_dor_hop(here, target, state, out);
    if (rule_ == HyperXRule::MinimalAdaptive) add_minimal_hops(here, target, state, 0, out);
    if (rule_ == HyperXRule::Dal) {
      add_minimal_hops(here, target, state, 1, out);
      add_deroutes(here, target, state, out);
    }
  }

  std::string describe_state(const PacketState& state) const override { return fields_.describe(state); }

 private:
  const HyperX& hx_;
  HyperXRule rule_;
  std::string name_;
  StateFields fields_ = StateFields().bits(kDerouted);

  bool aligned(NodeId a, NodeId b, std::size_t d) const { return hx_.coord(a, d) == hx_.coord(b, d); }

  // The lowest unaligned dimension, corrected in one hop over copy 0, VC 0.
  void add_dor_hop(NodeId here, NodeId target, const PacketState& state, Hops& out) const {
    std::size_t d = 0;
    while (aligned(here, target, d)) ++d;
    out.push_back(Hop{hx_.port_towards(here, d, hx_.coord(target, d), 0), 0, state});
  }

  // Every minimal hop (unaligned dimension, every copy) on `vc`.
  void add_minimal_hops(NodeId here, NodeId target, const PacketState& state, std::uint32_t vc, Hops& out) const {
    for (std::size_t d = 0; d < hx_.dims(); ++d) {
      if (aligned(here, target, d)) continue;
      for (std::uint32_t k = 0; k < hx_.multiplicity(); ++k)
        out.push_back(Hop{hx_.port_towards(here, d, hx_.coord(target, d), k), vc, state});
    }
  }

  // DAL's deroutes on VC 1: in an unaligned dimension not yet derouted in, to
  // any other coordinate than the current and the destination's.
  void add_deroutes(NodeId here, NodeId target, const PacketState& state, Hops& out) const {
    for (std::size_t d = 0; d < hx_.dims(); ++d) {
      if (aligned(here, target, d) || kDerouted.has(state, static_cast<unsigned>(d))) continue;
      PacketState after = state;
      kDerouted.add(after, static_cast<unsigned>(d));
      for (std::uint32_t c = 0; c < hx_.size(d); ++c) {
        if (c == hx_.coord(here, d) || c == hx_.coord(target, d)) continue;
        for (std::uint32_t k = 0; k < hx_.multiplicity(); ++k)
          out.push_back(Hop{hx_.port_towards(here, d, c, k), 1, after});
      }
    }
  }
};

RoutingFamily hyperx_routing(std::string name, HyperXRule rule, std::string summary, std::string where) {
  return RoutingFamily{
      name, std::move(summary), "Ahn, Binkert, Davis, McLaren and Schreiber, HyperX, SC 2009, " + std::move(where), {},
      [name, rule](const Network& net, const BoundParams&) -> std::unique_ptr<Routing> {
        const HyperX& hx = hyperx_of(net, name);
        if (rule == HyperXRule::Dal && hx.dims() > 30) throw InputError(name + " supports at most 30 dimensions");
        return std::make_unique<HyperXRouting>(hx, rule, name);
      }};
}

}  // namespace

void register_hyperx_routings(RoutingRegistry& reg) {
  reg.add(hyperx_routing("hyperx-dor", HyperXRule::DimensionOrder,
                         "HyperX dimension order: lowest differing coordinate first, one hop each, copy 0; 1 VC",
                         "routing section (dimension-order routing)"));
  reg.add(hyperx_routing("hyperx-min-adaptive", HyperXRule::MinimalAdaptive,
                         "HyperX, every minimal hop (any unaligned dimension, any copy); 1 VC, deadlock-prone",
                         "routing section (minimal adaptive routing, the unrestricted case)"));
  reg.add(hyperx_routing("hyperx-dal", HyperXRule::Dal,
                         "HyperX DAL: adaptive, one deroute per dimension, on VC 1; DOR escape on VC 0; 2 VCs",
                         "routing section (DAL); escape VC scheme after Duato (see routing_hyperx.cpp)"));
}

}  // namespace menger
