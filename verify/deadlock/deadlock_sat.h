// The exact deadlock check by SAT (deadlock_exact.h): "is there a deadlocked
// configuration at all?" as a formula for CaDiCaL (sat_solver.h).  When the
// formula is unsatisfiable no deadlock exists, reachable or not, and the
// verdict is FREE with CaDiCaL's DRAT refutation as its certificate: the
// checker (deadlock_sat_check.h) rebuilds the formula from its own walk of
// the routing and checks the refutation with drat_check.h.  When it is
// satisfiable, the model is a candidate the schedulers try to reach.
//
// The variables, numbered from the certificate's list of candidate
// configurations (every reachable configuration not at its destination that
// the routing offers a hop; i = 0..N-1 in the list's order), so that the
// checker can rebuild the same formula:
//
//  cut-through (B buffers), channels k = 0..C-1 in order of first appearance
//   in the list:  O_k = 1 + k "channel k holds a packet", F_k = 1 + C + k
//   "channel k is full", H_i = 1 + 2C + i "the packet at the head of its
//   channel is in configuration i".  Clauses: H_i -> O_ch(i); O_k -> some H_i
//   of channel k; F_k -> O_k (and O_k -> F_k when B = 1); H_i -> F_t for each
//   one-buffer hop of i into channel t, H_i -> O_t for each bubble hop (a
//   bubble hop is blocked by B - 1 >= 1 packets; with B = 1 always blocked, no
//   clause); a channel with no variable is empty; some O_k; and for each set of
//   `sets` (channels that never fill, deadlock_exact.h) not all F.
//
//  wormhole:  H_i = 1 + 2i "a worm's head is in configuration i", W_i = 2 + 2i
//   "a worm's body flit is in configuration i", then a link variable per
//   (i, j), i ascending, j ascending over the distinct candidates the hops of
//   i enter: "the flit after i's is in j".  Clauses: not both H_i and W_i; for
//   each channel t a hop of i enters, H_i -> some H_j or W_j in channel t (a
//   blocked head finds every channel offered held; by itself included); W_i ->
//   some link out of i; a link -> W_i, and -> H_j or W_j; some H_i.  Then the
//   at-most-one constraints (Cnf::at_most_one, fresh variables in this order):
//   per channel in order of first appearance, over H_i, W_i for its i
//   ascending; per i ascending, over its out-links; per j ascending, over its
//   in-links.  Finally, for each cycle of `cycles` (candidates i1 .. im
//   linked in a ring), not all its links: a worm is a finite chain ending at
//   its head.  Such cycles are added one model at a time (counterexample-guided)
//   until the model has none or the formula is unsatisfiable.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "verify/deadlock/deadlock_configs.h"

namespace menger {

struct SatCertificate {
  struct Config {
    ChannelId channel;
    PacketState state;
    NodeId dst;
  };
  std::vector<Config> configs;                     // candidate configurations, in variable order
  std::vector<std::vector<ChannelId>> sets;        // cut-through: sets that never fill
  std::vector<std::vector<std::uint32_t>> cycles;  // wormhole: rings of candidates (indices into `configs`)
  std::string proof;                               // CaDiCaL's DRAT refutation, checked by drat_check.h
  int vars = 0;
  std::size_t clauses = 0, lemmas = 0;
};

struct SatOutcome {
  enum class Status { Free, Candidate, Unknown };
  Status status = Status::Unknown;
  std::shared_ptr<SatCertificate> certificate;  // Free
  std::vector<char> not_full;                   // Candidate, cut-through: by channel, the model's not-full channels
  std::vector<std::vector<std::uint32_t>> worms;  // Candidate, wormhole: configurations tail first
  std::string reason;                           // Unknown: why (deadline, a proof that did not check)
};

// `exclude`: not-full patterns of earlier candidates (channel lists), each
// excluded by "one of these is full"; a formula with exclusions refutes only
// those candidates, so its UNSAT is Unknown, not Free.
SatOutcome sat_cut_through(const Configs& cfg, const std::vector<std::vector<ChannelId>>& sets, std::uint32_t buffers,
                           const std::vector<std::vector<ChannelId>>& exclude);
SatOutcome sat_wormhole(const Configs& cfg);

}  // namespace menger
