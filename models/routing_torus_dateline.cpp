// Deadlock-free routings on tori with virtual channels.
//
//   dor-dateline(order=[...])  dimension-order routing (as `dor`, routing_torus.cpp)
//       with two virtual channels per link, split at a dateline in every ring:
//       W. J. Dally and C. L. Seitz, "Deadlock-free message routing in
//       multiprocessor interconnection networks", IEEE Trans. Computers C-36(5),
//       1987 (k-ary n-cubes: each ring's channels split into two classes).
//   duato-torus  fully adaptive minimal routing with three virtual channels:
//       VCs 0 and 1 are the escape channels and route exactly as dor-dateline
//       (dimension order 0, 1, ...), VC 2 is adaptive, a hop in every productive
//       direction: J. Duato, "A new theory of deadlock-free adaptive routing in
//       wormhole networks", IEEE TPDS 4(12), 1993.  Hops: adaptive ones by
//       dimension, then the escape hop.
//
// Both are defined on tori whose every dimension is a ring (radix >= 3; a radix
// 2 dimension is a single link, and a mesh has no wraparound to route over).
// Both are minimal and go the + way on a half-way tie (Lattice::offset), the
// adaptive hops of duato-torus too: so a packet's direction in each dimension is
// fixed at injection and no hop ever undoes progress.  They read no faults.
//
// VC rule.  The dateline of a ring of radix k is its wraparound link, between
// coordinates k-1 and 0.  A hop in dimension d is on VC 0 when, after the hop,
// the rest of the packet's path in d still has to cross the dateline; otherwise
// (the hop crosses the dateline itself, the packet has already crossed it, or
// its path in d never crosses it) on VC 1.  A wrapping path thus runs on VC 0 up
// to the dateline and on VC 1 from the wrap hop on, and the next dimension
// starts afresh.  A path that never wraps runs on VC 1: the rule is a function
// of (current node, destination) alone, which cannot tell that packet from one
// that has wrapped, and need not.  Being state-free, the same rule serves
// dor-dateline and duato-torus's escape channels, whose packets may have moved
// adaptively between two escape hops (so a "crossed" bit carried in the packet
// would not describe the escape path from where the packet now is).
//
// Why the escape channels are acyclic (Dally & Seitz's argument, extended to
// Duato's indirect dependencies).  Take one direction of one dimension, say +,
// and rank its channels by position: i -> i+1 has rank i, except that the wrap
// channel k-1 -> 0 has rank -1.  A minimal path is shorter than the ring, so it
// crosses the dateline at most once, and its positions in d only advance.
//   * VC 0 carries i -> i+1 only while the dateline lies beyond i+1: never the
//     wrap link.  A later escape hop on VC 0 is further along, before the
//     dateline: higher rank.
//   * After a VC 1 hop no dateline lies ahead, so VC 1 never leads back to VC 0,
//     and a later VC 1 hop is at a higher rank (after the wrap hop, rank -1, the
//     packet is at 0 <= j <= k-2).
//   * A dependency into another dimension goes to a later one in the order: a
//     minimal route never reopens a corrected dimension.
// So the key (place of d in the order, VC, rank) increases along every escape
// hop followed by the next escape hop, directly (dor-dateline) or after any
// number of adaptive VC 2 hops (duato-torus: they advance the packet in the
// same directions, maybe onto a parallel ring, where ranks are the same), and
// the extended channel dependency graph of the escape subfunction is acyclic.
// With the escape subfunction connected (dor-dateline delivers every pair),
// that is Duato's sufficient condition; VC 2 alone may be, and is, cyclic.
//
// translation_invariant() is false: the dateline is at a fixed coordinate.
#include <algorithm>

#include "core/error.h"
#include "models/routing_registry.h"
#include "models/routing_torus.h"

namespace menger {
namespace {

// The lattice of net, which must be a torus of rings (each has a dateline).
Lattice torus_of_rings(const Network& net, const std::string& routing) {
  Lattice lat(net, routing);
  for (std::size_t d = 0; d < lat.dims(); ++d)
    if (lat.factor(d).kind != FactorKind::Ring)
      throw InputError(routing + " is defined on tori whose every dimension is a ring (radix >= 3), not on " +
                       net.spec());
  return lat;
}

// VC of the minimal hop out of `here` in dimension d, `o` != 0 hops from the
// destination's coordinate (the rule in the header).
std::uint32_t dateline_vc(const Lattice& lat, NodeId here, std::size_t d, int o) {
  const auto k = static_cast<int>(lat.factor(d).radix);
  const int x = static_cast<int>(lat.coord(here, d));
  // An unwrapped coordinate outside [0, k) lies past the dateline.
  auto past = [k](int y) { return y < 0 || y >= k; };
  return past(x + o) && !past(x + (o > 0 ? 1 : -1)) ? 0 : 1;
}

// Appends the hop dor-dateline takes out of `here` (none when here == dst).
void dateline_hop(const Lattice& lat, const std::vector<std::size_t>& order, NodeId here, NodeId dst,
                  const PacketState& state, Hops& out) {
  for (std::size_t d : order) {
    const int o = lat.offset(here, dst, d);
    if (o == 0) continue;
    out.push_back(Hop{lat.port(d, o > 0 ? 1 : -1), dateline_vc(lat, here, d, o), state});
    return;
  }
}

class DatelineRouting final : public Routing {
 public:
  DatelineRouting(Lattice lattice, std::vector<std::size_t> order)
      : lattice_(std::move(lattice)), order_(std::move(order)) {}
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }  // reads nothing
  std::uint32_t vcs() const override { return 2; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    dateline_hop(lattice_, order_, here, dst, state, out);
  }

 private:
  Lattice lattice_;
  std::vector<std::size_t> order_;
};

class DuatoTorusRouting final : public Routing {
 public:
  explicit DuatoTorusRouting(Lattice lattice) : lattice_(std::move(lattice)), order_(lattice_.dims()) {
    for (std::size_t d = 0; d < order_.size(); ++d) order_[d] = d;
  }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }  // reads nothing
  std::uint32_t vcs() const override { return 3; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    for (std::size_t d = 0; d < lattice_.dims(); ++d) {
      const int o = lattice_.offset(here, dst, d);
      if (o != 0) out.push_back(Hop{lattice_.port(d, o > 0 ? 1 : -1), kAdaptiveVc, state});
    }
    dateline_hop(lattice_, order_, here, dst, state, out);
  }

 private:
  static constexpr std::uint32_t kAdaptiveVc = 2;
  Lattice lattice_;
  std::vector<std::size_t> order_;
};

RoutingFamily dor_dateline_family() {
  return RoutingFamily{
      "dor-dateline",
      "dimension-order routing on tori, 2 VCs: VC 0 while the ring's wraparound is still ahead, else VC 1",
      "Dally & Seitz, Deadlock-free message routing in multiprocessor interconnection networks, IEEE TC 1987",
      {ParamSpec::int_list("order", "dimensions in the order they are corrected (default 0,1,...)")
           .range(0, 63)
           .may_be_absent()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        Lattice lat = torus_of_rings(net, "dor-dateline");
        auto order = dimension_order(lat, p);
        return std::make_unique<DatelineRouting>(std::move(lat), std::move(order));
      }};
}

RoutingFamily duato_torus_family() {
  return RoutingFamily{
      "duato-torus",
      "fully adaptive minimal routing on tori, 3 VCs: VC 2 adaptive, VCs 0-1 dor-dateline escape",
      "Duato, A new theory of deadlock-free adaptive routing in wormhole networks, IEEE TPDS 1993",
      {},
      [](const Network& net, const BoundParams&) -> std::unique_ptr<Routing> {
        return std::make_unique<DuatoTorusRouting>(torus_of_rings(net, "duato-torus"));
      }};
}

}  // namespace

void register_dateline_routings(RoutingRegistry& reg) {
  reg.add(dor_dateline_family());
  reg.add(duato_torus_family());
}

}  // namespace menger
