// Questions (src/question/) to engine options: the one place each front end's
// question becomes what an engine takes, so that no front end assembles an
// engine's options by hand (issue 37).
#pragma once

#include "question/deadlock_question.h"
#include "question/info_question.h"
#include "question/route_check_question.h"
#include "question/tolerance_question.h"
#include "verify/deadlock/deadlock_search.h"
#include "verify/route/route_search.h"
#include "verify/tolerance/tolerance_engine.h"
#include "verify/route/route_witness.h"
#include "verify/structure/structure.h"

namespace menger {

// The route-check engine's options for `q` (the progress sink, the budget and
// the MPI farm are the caller's context, not the question's).
RouteCheckOptions route_check_options(const RouteCheckQuestion& q);

// The replayable witness of a failure route_check(q) found, under q's hop
// limit and excuse.
RouteWitness route_check_witness(const Routing& routing, const FaultModel& model, const RouteFailure& failure,
                                 const RouteCheckQuestion& q);

// The deadlock search's options for `q` on `routing` (its VCs bound the
// escape set); throws InputError naming the field as `front`'s user wrote it
// (--escape on the command line, escape elsewhere).
DeadlockSearchOptions deadlock_search_options(const DeadlockQuestion& q, const Routing& routing,
                                              question::Front front);

// The tolerance engine's request for `q` (its deadline is the caller's).
ToleranceRequest tolerance_request(const ToleranceQuestion& q);

// The fault model's units and required pairs for `q` on `net`; the CLI adds
// the groups and weights it reads from q's files.
FaultModelSpec tolerance_fault_spec(const ToleranceQuestion& q, const Network& net);

// The structure engine's options for `q` (the deadline is the caller's).
StructureOptions structure_options(const InfoQuestion& q);

}  // namespace menger
