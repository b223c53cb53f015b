#include "verify/check/routing_symmetry_check.h"

#include <algorithm>
#include <random>

#include "core/hop_limit.h"
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

}  // namespace

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
