#include "verify/tolerance_smt.h"

#include <z3++.h>

#include <algorithm>

namespace menger {

namespace {

struct Encoding {
  z3::context ctx;
  z3::optimize opt{ctx};
  std::vector<z3::expr> fail_unit, src, dst, reach;
};

z3::expr node_failed(Encoding& e, const FaultModel& m, NodeId v) {
  auto u = m.unit_of_node(v);
  return u ? e.fail_unit[*u] : e.ctx.bool_val(false);
}

void encode(Encoding& e, const FaultModel& m) {
  const Network& net = m.network();
  auto var = [&](const std::string& name) { return e.ctx.bool_const(name.c_str()); };
  for (std::size_t u = 0; u < m.universe().size(); ++u) e.fail_unit.push_back(var("f" + std::to_string(u)));
  std::vector<char> terminal(net.num_nodes(), 0);
  for (NodeId t : m.terminals()) terminal[t] = 1;
  z3::expr_vector srcs(e.ctx), dsts(e.ctx);
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    e.src.push_back(terminal[v] ? var("s" + std::to_string(v)) : e.ctx.bool_val(false));
    e.dst.push_back(terminal[v] ? var("t" + std::to_string(v)) : e.ctx.bool_val(false));
    e.reach.push_back(var("r" + std::to_string(v)));
    if (!terminal[v]) continue;
    srcs.push_back(e.src[v]);
    dsts.push_back(e.dst[v]);
    const z3::expr healthy = !node_failed(e, m, v);
    e.opt.add(z3::implies(e.src[v], healthy));
    e.opt.add(z3::implies(e.dst[v], healthy));
    e.opt.add(z3::implies(e.dst[v], !e.reach[v]));
    if (!m.pair_required(v, v)) e.opt.add(!(e.src[v] && e.dst[v]));
  }
  e.opt.add(z3::mk_or(srcs) && z3::atmost(srcs, 1));
  e.opt.add(z3::mk_or(dsts) && z3::atmost(dsts, 1));
  for (NodeId u = 0; u < net.num_nodes(); ++u) {
    const z3::expr from = net.forwards(u) ? (e.src[u] || e.reach[u]) : e.src[u];
    for (const PortSlot& p : net.ports(u)) {
      if (!p.connected() || p.dir == PortDir::In) continue;
      z3::expr blocked = node_failed(e, m, p.peer);
      if (auto lu = m.unit_of_link(p.link)) blocked = blocked || e.fail_unit[*lu];
      e.opt.add(z3::implies(from && !blocked, e.reach[p.peer]));
    }
  }
  for (std::size_t u = 0; u < m.universe().size(); ++u)
    e.opt.add_soft(!e.fail_unit[u], static_cast<unsigned>(m.weight(u)));
}

}  // namespace

SmtOutcome smt_min_breaking_set(const FaultModel& m, std::optional<std::chrono::steady_clock::time_point> deadline) {
  SmtOutcome out;
  if (m.terminals().empty()) {
    out.complete = true;
    return out;
  }
  Encoding e;
  encode(e, m);
  if (deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
    z3::params p(e.ctx);
    p.set("timeout", static_cast<unsigned>(std::max<long long>(1, left.count())));
    e.opt.set(p);
  }
  const z3::check_result r = e.opt.check();
  if (r == z3::unsat) {  // no fault set at all disconnects a required pair
    out.complete = true;
    return out;
  }
  if (r == z3::unknown) {
    out.status = Z3_optimize_get_reason_unknown(e.ctx, e.opt);  // z3++ 4.8 lacks the wrapper
    return out;
  }
  const z3::model model = e.opt.get_model();
  auto is_true = [&](const z3::expr& x) { return model.eval(x, true).is_true(); };
  std::uint64_t weight = 0;
  for (std::size_t u = 0; u < m.universe().size(); ++u)
    if (is_true(e.fail_unit[u])) {
      out.breaking_set.push_back(u);
      weight += m.weight(u);
    }
  for (NodeId v : m.terminals()) {
    if (is_true(e.src[v])) out.source = v;
    if (is_true(e.dst[v])) out.target = v;
  }
  out.min_cut = weight;
  out.complete = true;
  return out;
}

}  // namespace menger
