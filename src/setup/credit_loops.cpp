#include "setup/credit_loops.h"

#include "core/infiniband_lanes.h"
#include "core/spec.h"

namespace menger {

CreditLoopsCheck check_credit_loops(const std::string& dir, const std::string& fabric_file,
                                    const CreditLoopsQuestion& q, const Budget& budget) {
  const std::string spec = "opensm(dir=" + SpecValue::make_string(dir).to_string() +
                           (fabric_file.empty() ? "" : ", fabric=" + SpecValue::make_string(fabric_file).to_string()) +
                           ")";
  std::string routing = "opensm-tables(";
  routing.append(kPathServiceLevels.name).append("=").append(q.sls).append(", ");
  routing.append(kServiceLevelToLane.name).append("=").append(q.vls).append(")");
  CreditLoopsCheck c{make_route_setup(spec, routing, "links", budget), {}, {}};
  DeadlockOptions opt;
  opt.budget = budget;
  c.result = check_deadlock(*c.setup.routing, *c.setup.model, opt);
  if (c.result.status != DeadlockResult::Status::Unknown) {
    const FaultSet none(c.setup.model->universe().size());
    c.evidence = make_deadlock_evidence(*c.setup.routing, *c.setup.model, none, c.result);
  }
  return c;
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

}  // namespace menger
