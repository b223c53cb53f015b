// Dimension-order routing on tori, meshes and hypercubes (`dor`), the
// deterministic routing that 003 section 3.1 configures in FIR ("XY routing"
// on a 4x4 mesh, Figure 3.3; the escape subfunction of Figure 3.5), and the
// lattice geometry that the fault-tolerant methodology (routing_torus_ft.cpp)
// shares with it.
//
// dor(order=[...], flow=...): correct the dimensions one at a time in the given
// order (default 0, 1, ..., n-1: X, then Y, then Z), each the shortest way round
// its ring, + on a half-way tie (routing_torus.h).  It reads no faults: a hop
// over a failed unit is the engine's Blocked.  One virtual channel: deadlock
// freedom in tori needs more, or 003's bubble flow control (flow=bubble: a packet
// entering a ring, at injection or on a turn, needs room for two packets).
#include "models/routing_torus.h"

#include <algorithm>

#include "core/error.h"
#include "models/packet_fields.h"

namespace menger {

// ---- Lattice ---------------------------------------------------------------

Lattice::Lattice(const Network& net, const std::string& routing)
    : net_(net), graph_(dynamic_cast<const ProductGraph*>(&net.topology())) {
  if (graph_ == nullptr)
    throw InputError(routing + " is defined on tori, meshes and hypercubes only, not on " + net.spec());
  std::uint64_t s = 1;
  for (const Factor& f : graph_->factors()) {
    stride_.push_back(s);
    s *= f.radix;
  }
}

int Lattice::coord_offset(std::size_t d, std::uint32_t cx, std::uint32_t cy) const {
  const Factor& f = factor(d);
  const auto x = static_cast<int>(cx);
  const auto y = static_cast<int>(cy);
  if (f.kind == FactorKind::Path) return y - x;
  if (f.kind == FactorKind::Link) return x == y ? 0 : 1;
  const int k = static_cast<int>(f.radix);
  const int up = ((y - x) % k + k) % k;  // hops the + way
  return 2 * up <= k ? up : up - k;      // + wins a half-way tie
}

std::vector<int> Lattice::offsets(NodeId a, NodeId b) const {
  std::vector<int> o(dims());
  for (std::size_t d = 0; d < dims(); ++d) o[d] = offset(a, b, d);
  return o;
}

std::uint32_t Lattice::distance(NodeId a, NodeId b) const {
  std::uint32_t sum = 0;
  for (std::size_t d = 0; d < dims(); ++d) sum += static_cast<std::uint32_t>(std::abs(offset(a, b, d)));
  return sum;
}

PortId Lattice::direction_order_port(NodeId here, NodeId target) const {
  for (int dir : {1, -1})
    for (std::size_t d = 0; d < dims(); ++d)
      if (offset(here, target, d) * dir > 0) return port(d, dir);
  throw InternalError("direction order: no direction from a node to itself");
}

NodeId Lattice::move(NodeId v, std::size_t d, int dir, std::uint32_t steps) const {
  const std::uint32_t k = factor(d).radix;
  const std::uint32_t x = coord(v, d);
  const std::uint32_t y = dir > 0 ? (x + steps) % k : (x + k - steps % k) % k;
  return static_cast<NodeId>(v - x * stride_[d] + y * stride_[d]);
}

std::uint64_t Lattice::relative_code(NodeId origin, NodeId v) const {
  std::uint64_t code = 0;
  for (std::size_t d = dims(); d-- > 0;) {
    const std::uint32_t k = factor(d).radix;
    code = code * k + (coord(v, d) + k - coord(origin, d)) % k;
  }
  return code;
}

Hop ring_hop(const PacketState& now, PacketState next, PortId port, std::uint32_t vc, std::size_t word,
             bool bubble_vc) {
  const TagField last_hop{word};
  const auto tag = static_cast<std::int32_t>(((vc << 8) | port) + 1);
  const bool continues = last_hop(now) == tag;
  last_hop.set(next, tag);
  return Hop{port, vc, next, bubble_vc && !continues};
}

ParamSpec flow_param() {
  return ParamSpec::choice("flow", "plain, or bubble: entering a ring (injection, a turn) needs room for two packets",
                           {"plain", "bubble"})
      .may_be_absent();
}

bool bubble_flow(const BoundParams& p) { return p.has("flow") && p.word("flow") == "bubble"; }

std::string direction_name(std::size_t dim, int dir) {
  static const char* const kNames[] = {"X", "Y", "Z"};
  std::string s = dim < 3 ? kNames[dim] : "D" + std::to_string(dim);
  return s + (dir > 0 ? "+" : "-");
}

// ---- dor -------------------------------------------------------------------

// The order parameter must be a permutation of the dimensions.
std::vector<std::size_t> dimension_order(const Lattice& lat, const BoundParams& p) {
  std::vector<std::size_t> order(lat.dims());
  for (std::size_t d = 0; d < order.size(); ++d) order[d] = d;
  if (!p.has("order")) return order;
  const auto given = p.int_list("order");
  std::vector<std::size_t> sorted(given.begin(), given.end());
  std::sort(sorted.begin(), sorted.end());
  if (sorted != order)
    p.fail("order must list each of the " + std::to_string(lat.dims()) + " dimensions once, from 0");
  return {given.begin(), given.end()};
}

namespace {

class DimensionOrderRouting final : public Routing {
 public:
  DimensionOrderRouting(Lattice lattice, std::vector<std::size_t> order, bool bubble)
      : lattice_(std::move(lattice)), order_(std::move(order)), bubble_(bubble) {}
  // It reads nothing, so the local model (the stricter one) fits.
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  // Offsets and the tie rule depend on coordinate differences only.
  bool translation_invariant() const override { return lattice_.wraps(); }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    for (std::size_t d : order_) {
      const int o = lattice_.offset(here, dst, d);
      if (o == 0) continue;
      const PortId p = lattice_.port(d, o > 0 ? 1 : -1);
      out.push_back(bubble_ ? ring_hop(state, state, p, 0, 0) : Hop{p, 0, state});
      return;
    }
  }

 private:
  Lattice lattice_;
  std::vector<std::size_t> order_;
  bool bubble_;
};

RoutingFamily dor_family() {
  return RoutingFamily{
      "dor",
      "dimension-order routing on tori, meshes and hypercubes; shortest way round, + on a tie",
      "003 section 3.1 (XY routing, deterministic subfunction)",
      {ParamSpec::int_list("order", "dimensions in the order they are corrected (default 0,1,...)")
           .range(0, 63)
           .may_be_absent(),
       flow_param()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        Lattice lat(net, "dor");
        auto order = dimension_order(lat, p);
        return std::make_unique<DimensionOrderRouting>(std::move(lat), std::move(order), bubble_flow(p));
      }};
}

// 003 section 2: "the X+ Y+ Z+ X- Y- Z- direction-order routing, which is
// deadlock-free", the deterministic routing whose order the methodology's
// misrouting follows.  Minimal: every + hop the packet needs, dimension by
// dimension, before any - hop.  One virtual channel; on tori the paper adds
// bubble flow control in the rings (section 3): flow=bubble.
class DirectionOrderRouting final : public Routing {
 public:
  DirectionOrderRouting(Lattice lat, bool bubble)
      : lattice_(std::move(lat)), bubble_(bubble) {}
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  bool translation_invariant() const override { return lattice_.wraps(); }
  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    const PortId p = lattice_.direction_order_port(here, dst);
    out.push_back(bubble_ ? ring_hop(state, state, p, 0, 0) : Hop{p, 0, state});
  }

 private:
  Lattice lattice_;
  bool bubble_;
};

RoutingFamily direction_order_family() {
  return RoutingFamily{
      "direction-order",
      "deterministic X+ Y+ Z+ X- Y- Z- direction-order routing on tori, meshes and hypercubes; 1 VC",
      "003 section 2 (the deterministic routing the misrouting follows)",
      {flow_param()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        return std::make_unique<DirectionOrderRouting>(Lattice(net, "direction-order"), bubble_flow(p));
      }};
}

}  // namespace

void register_torus_routings(RoutingRegistry& reg) {
  reg.add(dor_family());
  reg.add(direction_order_family());
  register_ft_torus_routing(reg);
}

}  // namespace menger
