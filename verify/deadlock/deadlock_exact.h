// The exact deadlock check (verify/deadlock/deadlock.h, step 4): for routings that
// Dally and Seitz's and Duato's conditions leave open, decide "is there a
// reachable configuration in which no packet can move?" for a stated
// switching model, with evidence both ways.
//
// Switching models (decided exactly; UNKNOWN only when a bound below is hit):
//
//  virtual cut-through (`cut-through`, B buffers): every channel (link,
//    direction, virtual channel) is a FIFO of B whole packets.  The packet at
//    the head of a channel may take any hop the routing offers when the next
//    channel has room for one packet, or for two when the routing marks the hop
//    `bubble` (core/routing.h); a packet at its destination is consumed.
//    Packets are injected at any time, for any destination, through a hop from
//    their source under the same rule.  A deadlock: packets in the network, and
//    none of them can move.  Bubble routings are analysed in this model (B = 2
//    unless the user says more).
//  wormhole (`wormhole`): a packet of any length holds a chain of channels (a
//    channel's buffer holds flits of one packet at a time), its head requesting
//    the next.  A deadlock: packets in the network, no head can advance.
//
// FREE.  In a deadlock every occupied cut-through channel has a blocked head:
// each one-buffer hop it may take leads to a full channel, each bubble hop to a
// channel with at most one free buffer (so a non-empty one, B >= 2).  A set R
// of channels that packets enter from outside by bubble hops only (no
// one-buffer injection into R; every one-buffer hop into R comes from R) never
// fills: its load rises only by a bubble hop, which leaves a free buffer, and
// moves inside R do not change it.  A bubble ring (dependency_graph.h) is such a
// set, and so is a channel entered only by bubble hops.  So some channel of each
// such set is not full.  The engine removes, as a fixpoint, every
// configuration that cannot be a blocked head and every channel left without
// one; for a set whose channels could all still be full it splits the cases
// "channel i of the set is not full", i = 1..|R| (Davis-Putnam style), each
// case a fixpoint again.  When every case ends with no channel left, no
// deadlock exists: the tree of cases is the certificate, and its checker
// (deadlock_exact_check.h) redoes each case's fixpoint with its own walk of
// the routing.  For wormhole, an occupied channel holds a blocked head or lies
// on a worm behind one: the fixpoint keeps the channels of blocked heads and of
// configurations that reach a blocked head through kept channels, and an empty
// result is FREE.
//
// DEADLOCK.  A case that keeps channels is a candidate, not yet a deadlock: the
// packets must get there.  The engine picks one blocked head per channel of the
// closure of one kept channel under requests, fills channels to B packets (B - 1
// for a set's not-full channel), and searches an order in which to bring the
// packets in from their sources, one at a time along routes whose channels are
// empty as it passes (a packet only leaves a channel from its head).  The
// schedule found is the witness: `menger replay` re-runs it on a model of the
// switches and confirms that no packet can move at the end.  For wormhole the
// packets are one flit long (a packet length wormhole networks allow), so the
// schedule is a cut-through schedule with B = 1.  When none is found that way,
// worms of several channels are searched (deadlock_worms.h): Z3 proposes
// deadlocked configurations of worms, smallest first, and each is brought in
// worm by worm; the schedule then says how many channels each worm holds.
//
// SAT (deadlock_sat.h).  The same questions as one formula each, for CaDiCaL:
// for cut-through when the case tree passes `case_budget` (independent sets
// that never fill multiply its cases; conflict-driven learning does not), and
// for wormhole when the fixpoint keeps channels and one-flit packets find no
// deadlock.  UNSAT is FREE, its certificate the DRAT refutation, which the
// engine checks (drat_check.h) before saying FREE and check-cert checks again
// against a formula it rebuilds.  A model is a candidate: cut-through tries a
// schedule for it as for a leaf of the tree (at most 8 models, each excluded
// when not reached); wormhole brings in the smallest part of it that is
// deadlocked by itself, and when that fails Z3's bounded proposals follow.
//
// Bounds, each reported by name in an UNKNOWN: the number of cases split
// (`case_budget`, after which SAT decides), the route searches spent on
// schedules (`schedule_budget`), the 8 SAT candidates, and the deadline
// (CaDiCaL stops at it).  A deadlock that needs a schedule the searches do
// not find is UNKNOWN, never FREE.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "verify/deadlock/deadlock_schedule.h"
#include "verify/deadlock/dependency_graph.h"

namespace menger {

enum class Switching { Wormhole, CutThrough };
std::string to_string(Switching s);

struct SwitchingModel {
  Switching switching = Switching::Wormhole;
  std::uint32_t buffers = 2;  // packets per channel, cut-through only
  std::string text() const;   // "wormhole" / "virtual cut-through, 2 packet buffers per channel"
};

// A switching model as users name it: `switching` "wormhole" or "cut-through"
// (with `buffers` packets per channel, 0: 2), both unset: the engine's
// default (deadlock.h).  Throws InputError naming the settings as
// `switching_name` and `buffers_name` (e.g. "--switching", "--buffers").
std::optional<SwitchingModel> parse_switching(const std::string& switching, std::uint32_t buffers,
                                              const std::string& switching_name, const std::string& buffers_name);

struct ExactOptions {
  SwitchingModel model;
  std::uint64_t case_budget = 2'000;       // cases split over sets that never fill, then SAT
  std::uint64_t schedule_budget = 200'000; // route searches spent on schedules
};

// One node of the FREE certificate's case tree: under the assumption that the
// channels `not_full` (the path of cases from the root) are not full, either
// the fixpoint keeps no channel (a leaf), or the set `split` (every channel of
// which could still be full) is split into one case per channel.
struct CaseNode {
  std::vector<ChannelId> split;                 // empty: a leaf
  std::vector<std::shared_ptr<CaseNode>> cases; // cases[i]: split[i] not full
};

struct SatCertificate;  // deadlock_sat.h

struct ExactResult {
  enum class Status { Free, Deadlock, Unknown };
  Status status = Status::Unknown;
  std::string reason;  // UNKNOWN: the bound hit; otherwise how it was decided
  std::shared_ptr<CaseNode> tree;              // FREE (cut-through): the cases
  std::shared_ptr<SatCertificate> sat;         // FREE by SAT: the formula's refutation (deadlock_sat.h)
  std::vector<ScheduledPacket> schedule;       // DEADLOCK: in order
  std::vector<std::size_t> heads;              // DEADLOCK: indices into schedule of the blocked heads
  std::uint64_t cases = 0, candidates = 0, route_searches = 0;
};

// Throws InputError for wormhole on a routing with bubble hops (bubble flow
// control needs cut-through) or for cut-through with 0 buffers.
ExactResult decide_deadlock(const Exploration& x, const ExactOptions& opt);

}  // namespace menger
