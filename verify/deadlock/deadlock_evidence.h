// Evidence for deadlock verdicts, in files that code independent of the engine
// re-checks (`menger check-cert`, `menger replay`):
//
// This file is the evidence's format; deadlock_evidence_check.h is its checker.
//
//   certificate (FREE)  the escape channels in an order such that every packet,
//                       followed through every hop the routing may offer, takes
//                       escape channels in increasing order, counting the ones it
//                       reaches through non-escape channels (Duato's indirect
//                       dependencies); when escape channels are a proper subset,
//                       also that every configuration away from the destination
//                       offers a usable escape hop.  With bubble flow control
//                       (core/routing.h) the certificate also lists bubble rings:
//                       a ring's channels share one rank, a one-buffer hop from a
//                       ring channel to its successor may stay at that rank, and
//                       every other way into a ring channel (injection, another
//                       channel, a path through non-escape channels) must be a
//                       bubble hop; no hop to the successor may be one.  Such a
//                       routing assumes virtual cut-through, so the order binds
//                       direct escape dependencies only (Duato 1996).  The
//                       checker re-derives all of this from the routing with its
//                       own walk per packet; it does not use the dependency graph
//                       the engine built.
//   witness (DEADLOCK)  packets, each holding one channel, such that every hop a
//                       packet may take from there leads to a channel another packet
//                       holds.  The checker confirms each packet can reach its
//                       channel in that situation and that the channels are distinct;
//                       for a routing with bubble hops, also that the packets do
//                       not fill a bubble ring (which cannot fill), finding the
//                       rings itself.
//   exact (either)      for verdicts of the exact check (deadlock_exact.h): its
//                       switching model and B; a certificate's tree of cases,
//                       each naming a set of channels that never fills, split
//                       into "this channel of it is not full", whose every leaf
//                       keeps no channel; a witness's schedule, the packets in
//                       the order they arrive, each with its hops from its
//                       source.  The checker re-derives each case's fixpoint
//                       and each set's closure from its own walk of the
//                       routing, and replays the schedule on a model of FIFO
//                       channel buffers, then checks no head can move.
//                       A FREE verdict by SAT (deadlock_sat.h) carries, instead
//                       of cases, `sat`: the candidate configurations in
//                       variable order, the sets that never fill or the cut
//                       cycles, and CaDiCaL's DRAT refutation; the checker
//                       rebuilds the formula from its own walk and checks the
//                       refutation (deadlock_sat_check.h, drat_check.h).
// Channels are named by the node they leave, the port and the virtual channel.
//
// Both carry `inputs`, the files the model and routing were read from with
// their digests (evidence_inputs.h).  The reader refuses a key it does not
// know at any level (it re-checks every field it is given), a key written
// twice, a fault unit named twice, and an exact certificate with both `sat`
// and `cases`; evidence without `inputs` (written before they were recorded)
// records none.  For an exact certificate the checker re-derives what the
// exact check stands on rather than reading it: `vcs` must be the routing's,
// `escape_vcs` every VC (the exact check holds every channel, not an escape
// subset) and, under wormhole, `buffers` 1.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "verify/deadlock/deadlock.h"
#include "verify/evidence_inputs.h"

namespace menger {

struct ChannelRef {
  std::string node;  // label of the node the channel leaves
  PortId port = 0;
  std::uint32_t vc = 0;
  auto operator<=>(const ChannelRef&) const = default;
};

struct DeadlockEvidence {
  bool deadlock = false;  // false: certificate of freedom; true: deadlock witness
  std::string model, routing, faults_model;
  std::vector<std::string> fault_set;  // unit labels
  std::vector<bool> escape_vcs;        // certificate: the escape VCs (all: plain graph)
  std::vector<ChannelRef> order;       // certificate
  std::vector<std::vector<ChannelRef>> rings;  // certificate: bubble rings, each in ring order
  bool cut_through = false;  // certificate: Duato's condition for cut-through (direct dependencies only);
                             // accepted only for a routing with bubble hops, which assumes it
  struct Packet {
    std::string source, destination, state;
    ChannelRef channel;
    std::vector<ChannelRef> requests;
  };
  std::vector<Packet> packets;  // witness
  // The exact check (deadlock_exact.h); empty `switching` when not used.
  std::string switching;  // "wormhole" or "cut-through"
  std::uint32_t buffers = 0;
  struct Case {
    std::vector<ChannelRef> split;  // empty: a leaf
    std::vector<Case> cases;
  };
  Case cases;                        // certificate
  struct SatConfig {
    ChannelRef channel;
    std::string state, destination;
  };
  struct Sat {
    std::vector<SatConfig> configs;                  // variable order (deadlock_sat.h)
    std::vector<std::vector<ChannelRef>> sets;       // cut-through: sets that never fill
    std::vector<std::vector<std::uint32_t>> cycles;  // wormhole: rings of configs, indices into configs
    std::string proof;                               // DRAT
  };
  std::optional<Sat> sat;            // certificate by SAT, instead of cases
  struct Hop {
    ChannelRef channel;
    std::string state;
  };
  struct Arrival {
    std::string source, destination;
    std::vector<Hop> hops;
    std::uint32_t holds = 1;  // channels held at the end (wormhole worms), the last hops'
  };
  std::vector<Arrival> schedule;     // witness
  EvidenceInputs inputs;             // the files model and routing were read from
};

// From an engine result (FREE with its analysis, or DEADLOCK with its packets).
DeadlockEvidence make_deadlock_evidence(const Routing& routing, const FaultModel& model, const FaultSet& faults,
                                        const DeadlockResult& r);
nlohmann::json to_json(const DeadlockEvidence& e);
// Writes a certificate to `certificate` or a witness to `witness`, whichever
// `e` is, when that file name is not empty; InputError when it cannot be written.
void write_deadlock_evidence(const DeadlockEvidence& e, const std::string& certificate, const std::string& witness);
// Throws InputError naming the first malformed field.
DeadlockEvidence deadlock_evidence_from_json(const nlohmann::json& j);
bool is_deadlock_evidence(const nlohmann::json& j);

// What an independent checker (deadlock_evidence_check.h) says of a piece of
// evidence: here, beside the format, so that the checker's helpers
// (deadlock_checker.h) need not include the checker.
struct EvidenceCheck {
  bool valid = false;
  std::string summary;
  std::vector<std::string> problems;
};

}  // namespace menger
