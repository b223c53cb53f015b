// Routing outcomes under many fault combinations, each pair's run looked up
// instead of repeated where it can be (the combinations experiment of 003
// section 5, reliability.h).
//
// One combination of m faults on the 512-node torus is 261,632 runs, most of
// which either never meet a fault or meet one or two that other pairs of other
// combinations met in the same place.  Two facts make that reuse exact:
//
// 1. A run is decided by the few fault units it reads.  Let G be a subset of F
//    and let the run s -> d under G read the healthy units R(G), with its
//    budget-aware counts given |F| - |G| more faults (route_run.h).  If F holds
//    no unit of R(G), the run under F asks the same questions and gets the
//    same answers, so it is the same run (the completeness argument of
//    route_search.h, for one set F instead of all of them).
// 2. When the routing commutes with the topology's translations and the fault
//    model is symmetric, the run s -> d under F is the translate of the run
//    t(s) -> t(d) under t(F); SourceFrames picks t with t(s) the root of s's orbit.
//
// So, for the pair (s, d) under F: translate into s's frame, F' = t(F),
// d' = t(d); start with G = {}; look the run (root, d', G) up in a memo,
// running it once if missing; if F' holds units of its reads, add them all to
// G and look again, else the memo's outcome is the answer.  G grows inside F'
// at every step, so there are at most |F| + 1 lookups, and the answer is the
// outcome the direct run would give: the memo changes the cost, not a verdict.
// The fault-free runs (G = {}) are made once per root and destination, with an
// index from each unit to the destinations whose run read it, so a source's
// pairs that no fault touches cost no lookup at all.  The memo of the other
// runs is shared by all threads (entries are written once, never changed) and
// capped in size; past the cap missing runs are simply not stored.
#pragma once

#include <tbb/concurrent_unordered_map.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "core/routing.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"
#include "verify/symmetry/translations.h"

namespace menger {

class TranslatedRuns {
 public:
  // Null when the routing does not commute with translations or the model has
  // none (SourceFrames::build).  `faults`: |F| of every combination asked about.
  static std::unique_ptr<TranslatedRuns> make(const Routing& routing, const FaultModel& model, std::size_t faults,
                                              std::size_t max_entries = 4'000'000);

  // A thread's view of one fault combination from one source.
  class Frame {
   public:
    explicit Frame(const FaultModel& model);

   private:
    friend class TranslatedRuns;
    NodeId s = kNoNode;
    std::size_t slot = 0;              // s's root among the roots
    std::vector<std::uint32_t> units;  // F', sorted
    FaultSet marked;                   // F' as a set
    FaultSet run_set;                  // G while a run is made
    std::vector<std::uint32_t> key;    // root, d', then G sorted
    std::vector<std::uint32_t> touched;  // per d': epoch when F' holds a unit the fault-free run read
    std::uint32_t epoch = 0;
  };

  // Sets `frame` to the combination `faults` (unit ids) seen from source s.
  // `runner`: this memo's routing, with fault_budget = faults (the first call
  // makes the fault-free runs with it).
  void enter(RouteRunner& runner, std::span<const std::size_t> faults, NodeId s, Frame& frame);
  // Whether `runner` delivers frame's source to d under frame's combination.
  bool delivered(RouteRunner& runner, NodeId d, Frame& frame);

  std::uint64_t runs() const { return runs_.load(); }  // memo misses: the runs made
  std::size_t entries() const { return entries_.load(); }

 private:
  struct Entry {
    bool delivered = false;
    std::vector<std::uint32_t> reads;  // healthy units read, in the root frame, sorted
  };
  struct KeyHash {
    std::size_t operator()(const std::vector<std::uint32_t>& k) const;
  };

  TranslatedRuns(SourceFrames frames, const FaultModel& model, std::size_t faults, std::size_t max_entries);
  const Entry& lookup(RouteRunner& runner, Frame& f, Entry& scratch);
  Entry make_run(RouteRunner& runner, Frame& f);
  void make_fault_free_runs(RouteRunner& runner);

  SourceFrames frames_;
  std::size_t nodes_, units_;
  std::vector<NodeId> roots_;                         // distinct orbit roots
  std::vector<std::size_t> slot_;                     // per node: its root's index in roots_
  std::once_flag fault_free_once_;
  std::vector<Entry> fault_free_;                     // roots x nodes: the run root -> d' under {}
  std::vector<std::vector<NodeId>> readers_;          // roots x units: the d' whose fault-free run read it
  std::size_t faults_;
  std::size_t max_entries_;
  tbb::concurrent_unordered_map<std::vector<std::uint32_t>, Entry, KeyHash> memo_;
  std::atomic<std::size_t> entries_{0};
  std::atomic<std::uint64_t> runs_{0};
};

}  // namespace menger
