// Least breaking fault set by SMT (Z3), for fault models a flow network cannot
// express: units that are groups of nodes (001's packages of two last-stage
// routers, user groupings), with weights.
//
// Encoding, for one query over all required pairs at once:
//   f_u        unit u fails                      (sum of w_u f_u <= bound, the
//                                                 bound raised 0, 1, 2, ... until SAT)
//   src_v, dst_v  the separated pair             (exactly one of each; distinct
//                                                 unless pairs=io; both healthy)
//   r_v        v is reached from the source by a path of at least one link
//   for every usable link direction u -> w:
//     (src_u or (r_u and u relays)) and not failed(w) and not failed(link) => r_w
//   dst_t => not r_t
// The implications force r to contain every node the source really reaches, so
// "not r_t" is satisfiable exactly when t is cut off: the first satisfiable
// bound is the least weight of a breaking set.  Completeness and soundness are checked against the
// flow engine and against brute force in the tests.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "verify/fault_model.h"

namespace menger {

struct SmtOutcome {
  bool complete = false;                 // the solver proved the optimum
  std::optional<std::uint64_t> min_cut;  // nullopt with complete: nothing breaks
  std::vector<std::size_t> breaking_set;
  NodeId source = kNoNode, target = kNoNode;
  std::string status;                    // the solver's words when not complete
  unsigned queries = 0;
};

// `budget`: its deadline bounds each solver query; between queries its memory
// limit and cancellation are checked too.  Budget{}: no limit.
SmtOutcome smt_min_breaking_set(const FaultModel& model, const Budget& budget = Budget());

}  // namespace menger
