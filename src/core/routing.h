// Routing functions and the FaultView they see faults through (DESIGN.md
// "Routing", "FaultView").
//
// A routing is a pure function of (current node, packet state, destination,
// faults as the FaultView reports them).  It returns the hops the packet may
// take next; several hops mean adaptive routing, which every engine treats as
// nondeterminism: every choice must work.  An empty answer means the routing
// gives up (the packet is dropped).
//
// The FaultView is the routing's only window on faults, and it records every
// fault unit it is asked about.  The exhaustive search (verify/route/route_search.h)
// relies on that record: a routing must therefore read lazily, asking only what
// its decision needs, in the order the algorithm examines it (look at the
// preferred port first, and at the next one only if the first is unusable).
// A routing that reads everything still gives correct answers, only slowly.
//
// Knowledge: a Local routing may ask about the current node, its links and its
// neighbours only (the FaultView enforces this: asking further is a modelling
// error, reported as an InternalError).  A Global routing may ask about any
// unit, as source routing with full fault information does.
#pragma once

#include <array>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/input_file.h"
#include "core/network.h"
#include "core/path_question.h"

namespace menger {

enum class FaultKnowledge { Local, Global };
std::string_view to_string(FaultKnowledge k);

// A small, fixed-size packet state: intermediate node, misroute counters, saved
// switch ids, phase bits.  The meaning of the words is the routing's own; two
// states are the same state exactly when all words are equal (livelock
// detection compares (node, state) pairs).
struct PacketState {
  static constexpr std::size_t kWords = 8;
  std::array<std::int32_t, kWords> w{};
  auto operator<=>(const PacketState&) const = default;
  bool operator==(const PacketState&) const = default;
  // Inline: the route runner and the dependency graph hash a state at every hop.
  std::size_t hash() const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (std::int32_t x : w) h = (h ^ static_cast<std::uint32_t>(x)) * 0x100000001b3ULL + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};

// Bubble flow control (Carrion, Beivide, Gregorio and Vallejo, HiPC 1997; 003
// section 3): a hop marked `bubble` may enter its channel only when the channel
// has room for two packets, not one.  Routings set it where a packet enters a
// ring (injection, a change of dimension or direction, a change of virtual
// channel) and leave it clear where the packet goes on round the ring; the
// deadlock engine then accepts the ring cycles this protects
// (verify/deadlock/dependency_graph.h).  Routings without bubble flow control never set it.
struct Hop {
  PortId port = 0;        // port of the current node the packet leaves by
  std::uint32_t vc = 0;   // virtual channel on that link
  PacketState state;      // state the packet carries to the next node
  bool bubble = false;    // needs two free packet buffers in the channel (see above)
};
using Hops = boost::container::small_vector<Hop, 6>;

class FaultView {
 public:
  virtual ~FaultView() = default;
  virtual const Network& network() const = 0;
  // Has node v failed?  (A node that is in no fault unit never fails.)
  virtual bool node_faulty(NodeId v) = 0;
  // Has link l failed as a link?  A failed end node is a separate question.
  virtual bool link_faulty(LinkId l) = 0;
  // Are at least `threshold` of the nodes of `region` faulty?  Asked as one
  // question so that the view can answer from the fault budget without reading
  // the region when the threshold is out of reach (DESIGN.md, budget-aware reads).
  virtual bool faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) = 0;
  // The least shortest usable path of a sub-network (core/path_question.h),
  // asked as one question so that an engine's view can record only what the
  // answer depends on (the path), not every node a search touched.  The
  // default asks node_faulty and link_faulty as a breadth-first search meets
  // them, which is exact for any view.
  virtual PathAnswer least_path(const PathQuestion& q);

  // Port p of v is connected, its link has not failed and its peer has not
  // failed.  Reads the link first, then the peer, and stops at the first fault.
  bool port_usable(NodeId v, PortId p);
};

class Routing {
 public:
  virtual ~Routing() = default;
  // Canonical routing spec, e.g. "mikant-x-turns" or "dor(order=[0,1])".
  // The routing registry stamps it on every routing it builds: the
  // canonical text of the bound parameters (models/routing_registry.h), so
  // that no routing writes its own.  A routing made elsewhere (Python, a
  // table in memory, tests) overrides spec(); one that does neither is an
  // InternalError here.
  virtual std::string spec() const;
  virtual FaultKnowledge knowledge() const = 0;
  // False for a routing that never asks the fault view (a static table,
  // OpenSM's dumped tables): its hops are fixed, a hop into a fault is the
  // engine's Blocked.  Only what the CLI says about the routing reads it
  // ("static: reads no faults", not "local fault knowledge", issue 42).
  virtual bool reads_faults() const { return true; }
  // Virtual channels per link the routing uses.
  virtual std::uint32_t vcs() const { return 1; }
  // The escape VCs the routing declares (per VC; a routing table's rows marked
  // escape, models/routing_table.h), which the deadlock engine tries for
  // Duato's condition when the user names none; empty: none declared (the
  // engine searches the candidate sets).
  virtual std::vector<bool> escape_vcs() const { return {}; }
  // State of a packet injected at src for dst.  Source routing with global
  // knowledge computes its route descriptor here.
  virtual PacketState start(NodeId src, NodeId dst, FaultView& faults) const;
  // Hops allowed from `here` (here != dst); appends to `out`, which is empty.
  virtual void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const = 0;
  // Text for a state in traces; the default lists the non-zero words.
  virtual std::string describe_state(const PacketState& state) const;
  // True when the routing commutes with the topology's translations
  // (Topology::translations()): route(t(s), t(d), t(F)) = t(route(s, d, F)).
  // Engines then examine one source-destination pair per orbit.
  virtual bool translation_invariant() const { return false; }
  // True when the routing commutes with every automorphism g of the network
  // that keeps ports and the fault model (verify/check/automorphism_check.h,
  // port_automorphism_problem): route(g s, g d, g F) = g route(s, d, F), with
  // the same ports, states, outcome and read set mapped by g.  It holds when
  // every decision depends only on ports, fault answers and the packet's
  // state, never on node ids, labels or coordinates.  Engines then compute
  // that group with nauty and examine one pair per orbit; tests check every
  // generator on random runs (tests/test_routing_symmetry.cpp).
  virtual bool port_automorphism_invariant() const { return false; }
  // Node colours the routing's decisions read besides ports, faults and the
  // packet's state (004's Step-1 by node-id: the node-id).  With
  // port_automorphism_invariant(), the routing commutes with every
  // port-keeping automorphism that also keeps these colours, and engines use
  // that subgroup.  Empty (the default): no colours.
  virtual std::vector<std::uint64_t> symmetry_colours(const Network&) const { return {}; }
  // True when, without faults, the routing reads a destination endpoint only
  // through the switch it hangs off: for two endpoints d and d' attached to
  // one switch S by one link each, it commutes with the transposition pi of d
  // and d' (start(pi s, d') = start(s, d), and next(pi v, st, d') is
  // next(v, st, d) with every hop mapped by pi: at S the port to d read as
  // the port to d' and back), and its states name no endpoint.  The deadlock
  // engine's destination-by-destination pass then explores one endpoint per
  // switch (verify/deadlock/dependency_quotient.h), after spot-checking the
  // declaration (verify/check/routing_symmetry_check.h, endpoint_swap_problem).
  virtual bool destination_switch_invariant() const { return false; }

  // The files the routing was read from (a routing table, OpenSM's dumps),
  // with their digests (core/input_file.h); empty for a routing computed from
  // its parameters.  Certificates, witnesses and checkpoints record them, so
  // that a file edited since is another question.
  virtual std::vector<InputRecord> input_files() const { return {}; }

 private:
  friend class RoutingRegistry;  // the one writer of stamped_spec_
  std::string stamped_spec_;
};

}  // namespace menger
