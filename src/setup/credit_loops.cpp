#include "setup/credit_loops.h"

#include "core/infiniband_lanes.h"
#include "core/spec.h"
#include "core/version.h"
#include "question/question_json.h"

#include <chrono>

namespace menger {

namespace {

VerdictKind verdict_kind(const DeadlockResult& r) {
  if (r.status == DeadlockResult::Status::Unknown || (r.plain.acyclic && r.plain.gap)) return VerdictKind::Unknown;
  return r.plain.acyclic ? VerdictKind::Holds : VerdictKind::Fails;
}

nlohmann::json credit_loops_view(const Answer& a, Timings timings);

}  // namespace

Answer answer_credit_loops(const std::string& dir, const std::string& fabric_file, const CreditLoopsQuestion& q,
                           const Context& ctx) {
  const auto start = std::chrono::steady_clock::now();
  const std::string spec = "opensm(dir=" + SpecValue::make_string(dir).to_string() +
                           (fabric_file.empty() ? "" : ", fabric=" + SpecValue::make_string(fabric_file).to_string()) +
                           ")";
  std::string routing = "opensm-tables(";
  routing.append(kPathServiceLevels.name).append("=").append(q.sls).append(", ");
  routing.append(kServiceLevelToLane.name).append("=").append(q.vls);
  for (const auto& [name, file] : {std::pair{"lfts", &q.lfts}, {"sl2vl", &q.sl2vl}, {"psl", &q.psl}})
    if (!file->empty()) routing.append(", ").append(name).append("=").append(SpecValue::make_string(*file).to_string());
  routing.append(")");
  Answer a = Answer::asked("credit-loops", subject_of(make_route_setup(spec, routing, "links", ctx.budget)),
                           question::to_json_view(q));
  DeadlockOptions opt;
  opt.budget = ctx.budget;
  DeadlockResult r = check_deadlock(*a.subject.routing, *a.subject.model, opt);
  a.verdict = verdict_kind(r);
  if (r.status == DeadlockResult::Status::Unknown) a.reason = r.reason;
  else if (a.verdict == VerdictKind::Unknown) a.reason = "no credit loop among the routed pairs, but " + r.plain.gap->what;
  if (r.status != DeadlockResult::Status::Unknown) {
    // The checker re-reads the routing's dump files but holds the fabric it was given.
    const SpecResolver specs = specs_holding(a.subject.net->topology_ptr(), ctx.budget);
    add_deadlock_evidence(a, FaultSet(a.subject.model->universe().size()), r, true, &specs);
  }
  a.result = std::move(r);
  a.view = &credit_loops_view;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

const InfinibandFabric& fabric_of(const Answer& a) {
  return dynamic_cast<const InfinibandFabric&>(a.subject.net->topology());
}

Buffer buffer_of(const Network& net, const InfinibandFabric& fabric, const ChannelSpace& space, ChannelId c) {
  const auto i = space.info(c);
  const Link& l = net.link(i.link);
  const bool forward = l.a == i.tail;
  return {i.tail, i.head, fabric.ib_port(i.tail, forward ? l.pa : l.pb), fabric.ib_port(i.head, forward ? l.pb : l.pa),
          i.vc};
}

namespace {

nlohmann::json loop_json(const Network& net, const InfinibandFabric& fabric, const DependencyAnalysis& a) {
  const ChannelSpace space(net, a.vcs);
  nlohmann::json loop = nlohmann::json::array();
  for (const auto& d : a.cycle) {
    const Buffer b = buffer_of(net, fabric, space, d.from);
    const auto& t = fabric.info(b.tail);
    loop.push_back({{"guid", guid_text(t.is_switch ? t.node_guid : t.port_guid)},
                    {"node", fabric.label(b.tail)},
                    {"port", b.port},
                    {"vl", b.vl},
                    {"peer", fabric.label(b.head)},
                    {"peer_port", b.head_port},
                    {"slid", fabric.info(d.packet.src).lid},
                    {"dlid", fabric.info(d.packet.dst).lid}});
  }
  return loop;
}

}  // namespace

nlohmann::json credit_loops_json(const DeadlockResult& r, const Network& net, const InfinibandFabric& fabric,
                                 Timings timings) {
  const DependencyAnalysis& a = r.plain;
  nlohmann::json j{{"credit_loop", !a.acyclic},
                   {"pairs", a.packets},
                   {"buffers", a.escape_channels_used.size()},
                   {"dependencies", a.direct_dependencies},
                   {"loop", a.acyclic ? nlohmann::json::array() : loop_json(net, fabric, a)}};
  if (a.gap) j["unrouted"] = a.gap->what;
  if (timings == Timings::Include) j["seconds"] = a.seconds;
  return j;
}

namespace {

// schemas/credit-loops.schema.json: the subnet's directory, the routing, the
// question, and the check's view above.
nlohmann::json credit_loops_view(const Answer& a, Timings timings) {
  const InfinibandFabric& fabric = fabric_of(a);
  nlohmann::json j{{"dir", fabric.dump_dir().string()},
                   {"routing", a.subject.routing->spec()},
                   {"question", a.question},
                   {"menger", {{"version", kVersion}}}};
  j.update(credit_loops_json(a.result_as<DeadlockResult>(), *a.subject.net, fabric, timings));
  return j;
}

}  // namespace

}  // namespace menger
