// Routing building blocks shared by the dragonfly and the Slim Fly (issue 37,
// item 6): a topology's minimal leg, a VC-per-hop policy, and Valiant's and
// UGAL's composition of legs.
//
//   Valiant   minimally to an intermediate, then minimally to the destination
//             (Valiant, "A scheme for fast parallel communication", SIAM J.
//             Comput. 11(2), 1982).  The intermediate, random in the scheme,
//             is a nondeterministic choice here: every one must work.
//   UGAL      the minimal route or any Valiant route, chosen at the source
//             router from queue lengths (Kim, Dally, Scott and Abts, ISCA
//             2008, section 4.2); queue lengths are not modelled, so every
//             route is offered.
//   Minimal   the minimal leg alone.
//
// A packet with no intermediate to choose (no intermediate may serve it: the
// dragonfly's packets within one router) takes the minimal route in every
// mode.  The intermediate is kept in the packet's state until the hop that
// enters it: from there on the state is the same whatever the intermediate
// was, which keeps the states few.
//
// VCs per hop (Kim et al. section 4; Besta and Hoefler, Slim Fly, SC 2014): a
// hop goes on VC min(n, vcs - 1), n the count of counted hops taken before it
// (global hops on the dragonfly, router hops on the Slim Fly).  Every
// dependency then climbs from a VC to the same or a higher one, and with
// enough VCs the channel dependency graph is acyclic.
#pragma once

#include <cstdint>
#include <optional>

#include "core/routing.h"
#include "models/packet_fields.h"

namespace menger {

enum class PathChoice { Minimal, Valiant, Ugal };

// What a topology supplies: its intermediates (numbered from 0) and the one
// hop of its deterministic minimal leg between routers.
class MinimalLegs {
 public:
  virtual ~MinimalLegs() = default;

  struct Step {
    PortId port = 0;
    bool enters_goal = false;  // the hop's far end lies in the intermediate it heads for
    bool counted = false;      // the hop counts for the VC (VcPerHop)
  };

  // How many intermediates there are (the dragonfly's groups, the Slim
  // Fly's routers).
  virtual std::uint32_t intermediates() const = 0;
  // Whether intermediate i may carry a packet from router `here` to router
  // `target` (not the ones that hold either end).
  virtual bool may_serve(std::uint32_t i, NodeId here, NodeId target) const = 0;
  // The hop from router `here` towards intermediate `via`, or towards router
  // `target` when there is none (here != target in that case).
  virtual Step step(NodeId here, std::optional<std::uint32_t> via, NodeId target) const = 0;
};

// VC min(hops counted so far, vcs - 1), the count kept in `counted`.
struct VcPerHop {
  CountField counted;
  std::uint32_t vcs;
  std::uint32_t vc(const PacketState& s) const { return counted(s) < vcs ? counted(s) : vcs - 1; }
};

// The fields the composition owns in a packet's state.
struct ValiantFields {
  FlagField choosing;  // set until the source router has chosen the route
  IdField via;         // the intermediate, until the hop that enters it
};

// Routes a packet between routers by Valiant, UGAL or the minimal leg.
// Faults: with `skip_unusable`, a hop whose port is unusable is not offered
// (local knowledge); without, the composition reads no faults.
class ValiantRouter {
 public:
  ValiantRouter(const MinimalLegs& legs, PathChoice choice, ValiantFields fields, VcPerHop vcs, bool skip_unusable)
      : legs_(legs), choice_(choice), fields_(fields), vcs_(vcs), skip_unusable_(skip_unusable) {}

  // The state of a fresh packet: choosing, unless the route is minimal.
  PacketState start() const;
  // Appends the hops of router `here` for a packet bound for router
  // `target`: at the source router the chosen routes' first hops, after that
  // the current leg's one hop.
  void next(NodeId here, const PacketState& state, NodeId target, FaultView& faults, Hops& out) const;
  // The hop of the current leg (towards the intermediate while the state
  // names one, else towards `target`).
  void follow(NodeId here, PacketState state, NodeId target, FaultView& faults, Hops& out) const;

  const VcPerHop& vcs() const { return vcs_; }

 private:
  const MinimalLegs& legs_;
  PathChoice choice_;
  ValiantFields fields_;
  VcPerHop vcs_;
  bool skip_unusable_;

  bool detour_possible(NodeId here, NodeId target) const;
};

}  // namespace menger
