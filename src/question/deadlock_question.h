// The deadlock question (verify/deadlock/deadlock_search.h): can the routing deadlock,
// with no faults or under every set of <= k faults?  Declared once here
// (src/question/field.h says what comes from the declaration); the model and
// the routing are the subject, not fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "question/field.h"

namespace menger {

struct DeadlockQuestion {
  static constexpr const char* kVerb = "deadlock";
  static constexpr const char* kAbout =
      "Can a routing deadlock (channel dependency graph, Duato's condition, the exact check), with no faults or "
      "under every set of at most k faults?";

  std::string faults = "nodes";
  std::uint32_t k = 0;
  std::optional<std::string> escape;
  std::optional<std::uint32_t> vcs;
  std::optional<std::string> switching;
  std::optional<std::uint32_t> buffers;
  std::uint64_t case_budget = 2'000;
  bool symmetry = true;
  std::string checkpoint;
  bool recheck_resumed = false;
  std::uint32_t chunk_sets = 64;
  std::string proof;

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    v(q.faults, Field("faults", "fault units for k: nodes | switches | links | switch-links | components"));
    v(q.k, Field("k", "check under every set of <= k faults").range(0, 16));
    v(q.escape, Field("escape", "escape virtual channels for Duato's condition, e.g. \"0,1\"")
                    .defaults_to("searched when the routing is adaptive"));
    v(q.vcs, Field("vcs", "check that the routing uses this many virtual channels").range(1, 255).defaults_to("any"));
    v(q.switching, Field("switching", "the exact check's model when Duato's condition does not settle it")
                       .one_of({"wormhole", "cut-through"})
                       .defaults_to("cut-through for bubble routings, wormhole otherwise"));
    v(q.buffers, Field("buffers", "with switching cut-through: packets per channel buffer").range(1, 64).defaults_to("2"));
    v(q.case_budget, Field("case_budget",
                           "cut-through: cases the exact check splits before it asks a SAT solver instead (0: SAT at once)")
                         .range(0, 1'000'000'000));
    v(q.symmetry, Field("symmetry", "analyse one fault set and one destination per orbit where the symmetry allows")
                      .off("analyse every fault set (with --k) and every destination, not one per translation orbit"));
    checkpoint_fields(v, q.checkpoint, q.recheck_resumed, q.chunk_sets,
                      {"chunk_sets", "fault sets", "shard", 1u << 20, "with k: "});
    v(q.proof, Field("proof", "write a proof of a FREE verdict to this file: every analysed fault set with the units "
                              "it read and its certificate, re-checked by menger check-proof without the search")
                   .in(kCli | kPython)
                   .run_control());
  }
};

}  // namespace menger
