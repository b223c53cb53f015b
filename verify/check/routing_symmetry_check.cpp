#include "verify/check/routing_symmetry_check.h"

#include <algorithm>
#include <random>
#include <tuple>

#include "core/error.h"
#include "core/hop_limit.h"
#include "verify/check/fixed_fault_view.h"
#include "verify/check/replay_run.h"

namespace menger {

namespace {

// The unit g maps unit u to (units are nodes or links; g keeps ports).
std::size_t image_unit(const FaultModel& m, const Permutation& g, std::size_t u) {
  const FaultUniverse& uni = m.universe();
  const Network& net = m.network();
  if (uni.kind() == UnitKind::Link) {
    const Link& l = net.link(uni.link_of(u));
    return *m.unit_of_link(net.port(g[l.a], l.pa).link);
  }
  return *m.unit_of_node(g[uni.nodes_of(u).front()]);
}

std::vector<std::size_t> image_units(const FaultModel& m, const Permutation& g, const std::vector<std::size_t>& units) {
  std::vector<std::size_t> out;
  for (std::size_t u : units) out.push_back(image_unit(m, g, u));
  std::sort(out.begin(), out.end());
  return out;
}

// Endpoints attached to one switch by one link each, grouped by that switch
// (groups of two or more, in the order of their switches).
std::vector<std::vector<NodeId>> endpoint_twins(const FaultModel& model) {
  const Network& net = model.network();
  std::vector<std::vector<NodeId>> by_switch(net.num_nodes());
  for (NodeId v : model.terminals())
    if (!net.forwards(v) && net.num_ports(v) == 1 && net.port(v, 0).connected())
      by_switch[net.port(v, 0).peer].push_back(v);
  std::erase_if(by_switch, [](const std::vector<NodeId>& g) { return g.size() < 2; });
  return by_switch;
}

// The port of v leading to w (v and w adjacent).
PortId port_to(const Network& net, NodeId v, NodeId w) {
  for (PortId p = 0; p < net.num_ports(v); ++p)
    if (net.port(v, p).connected() && net.port(v, p).peer == w) return p;
  throw InternalError(net.label(v) + " has no port to " + net.label(w));
}

using HopKey = std::tuple<PortId, std::uint32_t, PacketState, bool>;

std::vector<HopKey> hop_keys(const Hops& hops) {
  std::vector<HopKey> out;
  for (const Hop& h : hops) out.emplace_back(h.port, h.vc, h.state, h.bubble);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::optional<std::string> endpoint_swap_problem(const Routing& routing, const FaultModel& model, std::size_t runs,
                                                 std::uint64_t seed) {
  const Network& net = model.network();
  const auto twins = endpoint_twins(model);
  const auto& terminals = model.terminals();
  if (twins.empty()) return std::nullopt;
  const FaultSet none(model.universe().size());
  FixedFaultView view(model, routing.knowledge(), none);
  std::mt19937_64 rng(seed);
  const std::uint32_t hop_limit = hop_limit_for(net);
  for (std::size_t r = 0; r < runs; ++r) {
    const auto& group = twins[rng() % twins.size()];
    const NodeId d = group[rng() % group.size()];
    NodeId d2 = group[rng() % (group.size() - 1)];
    if (d2 == d) d2 = group.back();
    const NodeId s = terminals[rng() % terminals.size()];
    if (s == d) continue;
    const NodeId sw = net.port(d, 0).peer;
    const PortId to_d = port_to(net, sw, d), to_d2 = port_to(net, sw, d2);
    auto pi = [&](NodeId v) { return v == d ? d2 : v == d2 ? d : v; };
    const std::string run = " (packet " + net.label(s) + " -> " + net.label(d) + " beside " + net.label(pi(s)) +
                            " -> " + net.label(d2) + ")";
    view.at(s);
    PacketState st = routing.start(s, d, view);
    view.at(pi(s));
    if (routing.start(pi(s), d2, view) != st) return "the start states differ" + run;
    NodeId here = s;
    for (std::uint32_t step = 0; step < hop_limit && here != d; ++step) {
      Hops a, b;
      view.at(here);
      routing.next(here, st, d, view, a);
      view.at(pi(here));
      routing.next(pi(here), st, d2, view, b);
      if (here == sw)
        for (Hop& h : b) h.port = h.port == to_d2 ? to_d : h.port == to_d ? to_d2 : h.port;
      if (hop_keys(a) != hop_keys(b))
        return "at " + net.label(here) + " (step " + std::to_string(step) + ") the hops offered differ" + run;
      if (a.empty()) break;
      const Hop& h = a[rng() % a.size()];
      st = h.state;
      here = net.port(here, h.port).peer;
    }
  }
  return std::nullopt;
}

std::optional<std::string> run_image_problem(const Network& net, const Permutation& g, const Replay& a, const Replay& b) {
  if (a.end != b.end) return "outcome " + std::string(to_string(a.end)) + " becomes " + std::string(to_string(b.end));
  if (a.hops != b.hops) return "hops " + std::to_string(a.hops) + " become " + std::to_string(b.hops);
  if (a.branch.size() != b.branch.size()) return std::string("the traces differ in length");
  for (std::size_t i = 0; i < a.branch.size(); ++i) {
    const ReplayStep &x = a.branch[i], &y = b.branch[i];
    if (g[x.node] != y.node) return "step " + std::to_string(i) + " at " + net.label(x.node) + " maps to " + net.label(y.node);
    if (x.moved != y.moved || (x.moved && (x.port != y.port || x.vc != y.vc)))
      return "step " + std::to_string(i) + " at " + net.label(x.node) + " takes another port or channel";
  }
  return std::nullopt;
}


std::optional<std::vector<std::size_t>> unit_permutation(const FaultModel& model, const Permutation& g) {
  const FaultUniverse& uni = model.universe();
  const Network& net = model.network();
  const std::size_t n = uni.size();
  std::vector<std::size_t> image(n);
  std::vector<char> hit(n, 0);
  for (std::size_t u = 0; u < n; ++u) {
    std::optional<std::size_t> to;
    if (uni.kind() == UnitKind::Link) {
      const Link& l = net.link(uni.link_of(u));
      to = model.unit_of_link(net.port(g[l.a], l.pa).link);
    } else if (uni.kind() == UnitKind::Node && uni.nodes_of(u).size() == 1) {
      to = model.unit_of_node(g[uni.nodes_of(u).front()]);
    }
    if (!to || *to >= n || hit[*to]) return std::nullopt;
    hit[*to] = 1;
    image[u] = *to;
  }
  return image;
}

std::optional<std::string> commutation_problem(const Routing& routing, const FaultModel& model, const Permutation& g,
                                               std::uint32_t k, std::size_t runs, std::uint64_t seed) {
  if (auto why = port_automorphism_problem(model, g)) return "not a port automorphism: " + *why;
  const Network& net = model.network();
  const auto& terminals = model.terminals();
  const std::size_t units = model.universe().size();
  if (terminals.size() < 2 || units == 0) return std::nullopt;
  std::mt19937_64 rng(seed);
  const std::uint32_t hop_limit = hop_limit_for(net);
  for (std::size_t r = 0; r < runs; ++r) {
    const NodeId s = terminals[rng() % terminals.size()], d = terminals[rng() % terminals.size()];
    if (s == d) continue;
    std::vector<std::size_t> f;
    const std::uint64_t size = rng() % (k + 1);
    for (std::uint64_t i = 0; i < size; ++i) f.push_back(rng() % units);
    std::sort(f.begin(), f.end());
    f.erase(std::unique(f.begin(), f.end()), f.end());
    std::erase_if(f, [&](std::size_t u) {  // keep the pair's own nodes healthy
      return model.unit_of_node(s) == u || model.unit_of_node(d) == u;
    });
    const FaultSet faults(units, f), mapped(units, image_units(model, g, f));
    const Replay a = replay_every_branch(routing, model, faults, s, d, hop_limit);
    const Replay b = replay_every_branch(routing, model, mapped, g[s], g[d], hop_limit);
    const std::string where = " (run " + net.label(s) + " -> " + net.label(d) + " with " + std::to_string(f.size()) + " faults)";
    if (auto why = run_image_problem(net, g, a, b)) return *why + where;
    if (image_units(model, g, a.reads) != b.reads) return "the read sets are not images of each other" + where;
  }
  return std::nullopt;
}

}  // namespace menger
