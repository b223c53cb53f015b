// The JSON view of a credit-loop check (`menger credit-loops`): the deadlock
// engine's Dally-Seitz result (verify/deadlock/deadlock.h) over an InfiniBand subnet
// that OpenSM routed (models/infiniband_fabric.h), its buffers named by GUID,
// physical port and VL.  It lives here, where models/ and verify/ meet, because
// the names come from the fabric and the verdict from the engine.  Documented
// by schemas/credit-loops.schema.json ($defs/result):
//   credit_loop   the (link direction, VL) buffer dependency graph has a cycle
//   pairs, buffers, dependencies   adapter-port pairs routed, buffers used, dependencies
//   loop          [{guid, node, port, vl, peer, peer_port, slid, dlid}] buffer by buffer
//                 (empty without a loop)
//   unrouted      a pair OpenSM left unrouted (only then)
//   seconds       with Timings::Include only
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/json_io.h"
#include "core/network.h"
#include "models/infiniband_fabric.h"
#include "question/credit_loops_question.h"
#include "setup/answer.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock.h"
#include "verify/deadlock/deadlock_evidence.h"

namespace menger {

// One credit-loop check, as every front end asks it: the subnet OpenSM's dump
// directory `dir` describes (its fabric read from `fabric_file` instead when
// that is not empty), the routing its dump files hold, the deadlock engine's
// result over the (link, VL) buffers (the Answer's result: a DeadlockResult),
// and the evidence (a loop-free certificate or the loop as a witness; none
// when the engine could not settle), re-checked as answer_deadlock's is.
// HOLDS: no credit loop; FAILS: a loop; UNKNOWN: the engine could not settle,
// or no loop among the routed pairs but OpenSM left a pair unrouted.
Answer answer_credit_loops(const std::string& dir, const std::string& fabric_file, const CreditLoopsQuestion& q,
                           const Context& ctx);

// The fabric of a credit-loops answer's subject.
const InfinibandFabric& fabric_of(const Answer& a);

// One buffer: the port a (link direction, VL) leaves from, and where it arrives.
struct Buffer {
  NodeId tail = kNoNode, head = kNoNode;
  unsigned port = 0, head_port = 0, vl = 0;
};
Buffer buffer_of(const Network& net, const InfinibandFabric& fabric, const ChannelSpace& space, ChannelId c);

nlohmann::json credit_loops_json(const DeadlockResult& r, const Network& net, const InfinibandFabric& fabric,
                                 Timings timings = Timings::Omit);

}  // namespace menger
