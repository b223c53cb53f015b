// Turn-model routings on 2D meshes: west-first, north-last, negative-first
// (C. J. Glass and L. M. Ni, "The turn model for adaptive routing", ISCA 1992;
// J. ACM 41(5), 1994), and minimal-adaptive, which allows every turn.
//
// Dimension 0 is X (west = X-, east = X+), dimension 1 is Y (south = Y-,
// north = Y+).  All four are the minimal versions: a packet is offered only
// productive directions (those that shorten the distance to the destination),
// and every allowed one of them (adaptive; engines explore each choice).  One
// virtual channel; the packet state is never touched.
//
// The turn model forbids one turn in each of the two abstract cycles of a 2D
// mesh (the clockwise and the counter-clockwise one), which breaks every cycle
// of the channel dependency graph (Glass & Ni, section 3):
//   west-first      forbids the turns into west (N->W, S->W): west hops come first;
//   north-last      forbids the turns out of north (N->E, N->W): north hops come last;
//   negative-first  forbids the turns from a positive into a negative direction
//                   (E->S, N->W): negative hops (W, S) come first.
// minimal-adaptive forbids nothing; with one virtual channel its channel
// dependency graph is cyclic on any mesh with a 2x2 square (the deadlock-prone
// reference the three others are compared with).
//
// north-last-split (Duato, Yalamanchili and Ni, "Interconnection Networks: An
// Engineering Approach", section 3.1, Example 3.5) splits each north channel
// into N1 (VC 0) and N2 (VC 1): every minimal path is allowed, a north hop
// taking N2 while an east or west hop is still to come and N1 once only north
// is left (no turn after N1).  Its escape subfunction on {N1, E, S, W} is
// north-last; the book proves the routing deadlock-free under virtual
// cut-through and store-and-forward (its Theorem 3.2) and, in an exercise,
// asks for a deadlocked configuration under wormhole switching on a 3x3 mesh.
//
// They read no faults: a hop over a failed unit is the engine's Blocked.  Hops
// are listed by dimension (X before Y); a mesh has at most one productive
// direction per dimension.
#include <array>

#include "core/error.h"
#include "models/routing_registry.h"
#include "models/routing_torus.h"

namespace menger {
namespace {

enum class TurnRule { WestFirst, NorthLast, NegativeFirst, MinimalAdaptive, NorthLastSplit };

// Productive direction in X and Y (+1, -1, or 0 when the coordinate is reached).
using Productive = std::array<int, 2>;

// May the packet, whose productive directions are `p`, move in dimension d now?
bool allowed(TurnRule rule, const Productive& p, std::size_t d) {
  switch (rule) {
    case TurnRule::WestFirst:  // west pending: nothing else until it is done
      return p[0] < 0 ? d == 0 : true;
    case TurnRule::NorthLast:  // north only once nothing else is left
      return d == 1 && p[1] > 0 ? p[0] == 0 : true;
    case TurnRule::NegativeFirst:  // any negative pending: negatives only
      return p[0] < 0 || p[1] < 0 ? p[d] < 0 : true;
    case TurnRule::MinimalAdaptive:
    case TurnRule::NorthLastSplit:
      return true;
  }
  return false;
}

class TurnModelRouting final : public Routing {
 public:
  TurnModelRouting(Lattice lattice, TurnRule rule, std::string name)
      : lattice_(std::move(lattice)), rule_(rule), name_(std::move(name)) {}
  // It reads nothing, so the local model (the stricter one) fits.
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return rule_ == TurnRule::NorthLastSplit ? 2 : 1; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    Productive p{};
    for (std::size_t d = 0; d < 2; ++d) {
      const int o = lattice_.offset(here, dst, d);
      p[d] = (o > 0) - (o < 0);
    }
    for (std::size_t d = 0; d < 2; ++d)
      if (p[d] != 0 && allowed(rule_, p, d)) out.push_back(Hop{lattice_.port(d, p[d]), vc(p, d), state});
  }

  // N2 (VC 1) for a north hop with an east or west hop still to come.
  std::uint32_t vc(const Productive& p, std::size_t d) const {
    return rule_ == TurnRule::NorthLastSplit && d == 1 && p[1] > 0 && p[0] != 0 ? 1 : 0;
  }

 private:
  Lattice lattice_;
  TurnRule rule_;
  std::string name_;
};

// The lattice of net, which must be a 2D mesh (the turn model's directions
// west/east/south/north name the two dimensions of a mesh without wrap links).
Lattice mesh_2d(const Network& net, const std::string& routing) {
  Lattice lat(net, routing);
  bool ok = lat.dims() == 2;
  for (std::size_t d = 0; ok && d < lat.dims(); ++d) ok = lat.factor(d).kind == FactorKind::Path;
  if (!ok) throw InputError(routing + " is defined on 2D meshes only, e.g. mesh(4,4), not on " + net.spec());
  return lat;
}

RoutingFamily turn_family(std::string name, TurnRule rule, std::string summary, std::string source) {
  return RoutingFamily{
      name, std::move(summary), std::move(source), {},
      [name, rule](const Network& net, const BoundParams&) -> std::unique_ptr<Routing> {
        return std::make_unique<TurnModelRouting>(mesh_2d(net, name), rule, name);
      }};
}

}  // namespace

void register_turn_model_routings(RoutingRegistry& reg) {
  const std::string glass_ni = "Glass & Ni, The turn model for adaptive routing, ISCA 1992 / JACM 1994";
  reg.add(turn_family("west-first", TurnRule::WestFirst,
                      "2D mesh turn model, minimal: all west hops first, then adaptive among E, N, S; 1 VC",
                      glass_ni + ", west-first"));
  reg.add(turn_family("north-last", TurnRule::NorthLast,
                      "2D mesh turn model, minimal: adaptive among W, E, S, north hops last; 1 VC",
                      glass_ni + ", north-last"));
  reg.add(turn_family("negative-first", TurnRule::NegativeFirst,
                      "2D mesh turn model, minimal: adaptive among W, S first, then among E, N; 1 VC",
                      glass_ni + ", negative-first"));
  reg.add(turn_family("minimal-adaptive", TurnRule::MinimalAdaptive,
                      "2D mesh, every productive direction (all turns allowed; cyclic dependencies); 1 VC",
                      glass_ni + ", the unrestricted case (every turn allowed)"));
  reg.add(turn_family("north-last-split", TurnRule::NorthLastSplit,
                      "2D mesh, every minimal path; north hops on N2 (VC 1) while east or west is left, on N1 (VC 0) "
                      "after; 2 VCs",
                      "Duato, Yalamanchili and Ni, Interconnection Networks: An Engineering Approach, section 3.1, "
                      "Example 3.5"));
}

}  // namespace menger
