// The route-check question (verify/route/route_search.h): does a routing deliver
// every required pair under every set of <= k faults?  Declared once here
// (src/question/field.h says what comes from the declaration); the subject --
// the model and the routing -- is not part of it: the CLI takes them as
// arguments, a claim from its [model] table and `routing` key, Python as
// objects.  The claim kind asks for `tolerates` or `tolerates_at_least`
// instead of k (claims/route_tolerance_kind.cpp), so k is not a claim key.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "question/field.h"

namespace menger {

struct RouteCheckQuestion {
  static constexpr const char* kVerb = "route-check";
  static constexpr const char* kAbout =
      "Does a routing deliver every required pair under every set of at most k faults?";

  std::string faults = "nodes";
  std::uint32_t k = 1;
  std::optional<std::string> path_bound;
  std::optional<std::uint32_t> hop_limit;
  bool excuse_disconnected = false;
  std::string choices = "every";
  bool symmetry = true;
  bool settle_all = false;
  std::string search = "lazy";
  std::uint32_t failures = 0;
  std::string checkpoint;
  bool recheck_resumed = false;
  std::uint32_t chunk_pairs = 512;
  std::string proof;

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    v(q.faults, Field("faults", "fault units: nodes | switches | links | switch-links | components").needed_in(kClaim));
    v(q.k, Field("k", "largest fault set size examined").range(0, 64).in(kCli | kPython));
    v(q.path_bound,
      Field("path_bound", "formula bounding the hops of every delivered packet (variables: the model's, faults, distance)")
          .is_formula());
    v(q.hop_limit, Field("hop_limit", "livelock guard").range(1, 999'999'999).defaults_to(kDefaultHopLimitText));
    v(q.excuse_disconnected, Field("excuse_disconnected",
                                   "do not count pairs the faults disconnect as routing failures (they are still counted)"));
    v(q.choices, Field("choices",
                       "how an adaptive routing's choices are read: every (every choice must deliver) or some (some "
                       "choice sequence delivers, and the path bound applies to the shortest one)")
                     .one_of({"every", "some"}));
    v(q.symmetry, Field("symmetry", "examine one pair per orbit where the routing and the network's symmetry allow")
                      .off("examine every pair even where translations apply"));
    v(q.settle_all, Field("settle_all", "search every level up to K even after a failure (counts then cover every fault set)"));
    v(q.search, Field("search",
                      "lazy: branch on every unit a run read; symbolic: fault counts over regions as constraints, "
                      "sub-network paths as one question (verify/route/symbolic_search.h), same verdict and least failing "
                      "size; naive: enumerate every fault set blindly (the baseline)")
                    .one_of({"lazy", "symbolic", "naive"}, true));
    v(q.failures, Field("failures",
                        "list the fault sets of the least failing size with every pair each breaks, the first N "
                        "(0: the least failure alone); examines every pair, without symmetry")
                      .range(0, 1'000'000)
                      .in(kCli | kPython));
    checkpoint_fields(v, q.checkpoint, q.recheck_resumed, q.chunk_pairs, {"chunk_pairs", "pairs", "chunk", 1u << 24, ""});
    v(q.proof, Field("proof", "write a proof of a HOLDS verdict to this file (lazy search): every examined pair's "
                              "decision tree over the fault sets, re-checked by menger check-proof without the search")
                   .in(kCli | kPython)
                   .run_control());
  }
};

}  // namespace menger
