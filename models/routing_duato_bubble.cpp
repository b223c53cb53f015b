// duato-bubble: fully adaptive minimal routing on tori with two virtual
// channels, the adaptive bubble router of V. Puente, R. Beivide, J. A. Gregorio,
// J. M. Prellezo, J. Duato and C. Izu, "Adaptive bubble router: a design to
// improve performance in torus networks", ICPP 1999, and the routing 003
// section 3.1 configures in FIR for a 4x4 torus (Figure 3.5): "the routing
// function returns the adaptive channels that provide minimal routing and the
// deterministic channel returned by the deterministic subfunction".
//
//   VC 0  escape: dimension order (X, then Y, ...), the shortest way round, + on
//         a half-way tie (as dor), with bubble flow control: a hop that does not
//         continue the packet's last hop (same port, same VC) needs room for two
//         packets (routing_torus.h, ring_hop).
//   VC 1  adaptive: a hop in every productive direction; never the bubble.
// Hops: adaptive ones by dimension, then the escape hop.  Written directly from
// that description, independently of the FIR registers (routing_fir.cpp) it is
// the reference for.  It reads no faults.
#include <optional>

#include "core/error.h"
#include "models/routing_registry.h"
#include "models/routing_torus.h"

namespace menger {

namespace {

constexpr std::uint32_t kEscapeVc = 0, kAdaptiveVc = 1;

class DuatoBubbleRouting final : public Routing {
 public:
  explicit DuatoBubbleRouting(Lattice lat) : lat_(std::move(lat)) {}
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return 2; }
  bool translation_invariant() const override { return true; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    std::optional<PortId> escape;
    for (std::size_t d = 0; d < lat_.dims(); ++d) {
      const int o = lat_.offset(here, dst, d);
      if (o == 0) continue;
      const PortId p = lat_.port(d, o > 0 ? 1 : -1);
      out.push_back(ring_hop(state, state, p, kAdaptiveVc, 0, false));
      if (!escape) escape = p;
    }
    if (escape) out.push_back(ring_hop(state, state, *escape, kEscapeVc, 0));
  }

 private:
  Lattice lat_;
};

}  // namespace

void register_duato_bubble_routing(RoutingRegistry& reg) {
  reg.add(RoutingFamily{
      "duato-bubble",
      "fully adaptive minimal routing on tori: VC 1 adaptive, VC 0 escape in dimension order with bubble flow control",
      "Puente et al., ICPP 1999 (adaptive bubble router); 003 section 3.1, Figure 3.5",
      {},
      [](const Network& net, const BoundParams&) -> std::unique_ptr<Routing> {
        Lattice lat(net, "duato-bubble");
        for (std::size_t d = 0; d < lat.dims(); ++d)
          if (lat.factor(d).kind != FactorKind::Ring)
            throw InputError("duato-bubble needs a torus whose every radix is >= 3, not " + net.spec());
        return std::make_unique<DuatoBubbleRouting>(std::move(lat));
      }});
}

}  // namespace menger
