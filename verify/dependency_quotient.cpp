// Dally and Seitz's check with destinations up to translation (the header has
// the argument).
#include "verify/dependency_quotient.h"

#include <algorithm>
#include <chrono>
#include <tbb/parallel_for.h>

#include "core/error.h"
#include "verify/automorphism_check.h"
#include "verify/routing_symmetry_check.h"
#include "verify/translations.h"

namespace menger {
namespace {

using Edge = ConfigurationGraph::Edge;

// The channel permutation a port-keeping node permutation t induces: the
// channel out of `tail` by port p goes to the channel out of t(tail) by port p.
Permutation channel_image(const Network& net, const ChannelSpace& space, const Permutation& t) {
  Permutation out(space.size());
  for (ChannelId c = 0; c < space.size(); ++c) {
    const auto i = space.info(c);
    const Link& l = net.link(i.link);
    const PortId p = l.a == i.tail ? l.pa : l.pb;
    out[c] = space.channel(net.port(t[i.tail], p).link, t[i.tail], i.vc);
  }
  return out;
}

// One orbit's destination explored and projected onto channel orbits.
struct Part {
  std::vector<Edge> edges;            // quotient edges, least packet each
  std::vector<ChannelId> used;        // channel orbits held by some configuration
  std::uint64_t packets = 0, configurations = 0;
  bool adaptive = false, unsupported = false;
};

Part project_destination(const Routing& routing, const FaultModel& model, const ChannelSpace& space,
                         const std::vector<NodeId>& croot, NodeId r) {
  const ExploredDestination b = explore_destination(routing, model, space, r);
  Part part;
  part.unsupported = b.gap.has_value() || b.bubble_hops;  // the whole analysis reports these
  part.packets = b.packets;
  part.configurations = b.channel.size();
  part.adaptive = b.adaptive;
  for (std::uint32_t i = 0; i < b.channel.size(); ++i) {
    part.used.push_back(croot[b.channel[i]]);
    for (std::uint32_t e = b.edge_range[i].first; e < b.edge_range[i].second; ++e)
      part.edges.push_back({croot[b.channel[i]], croot[b.channel[b.edges[e].to]], PacketRef{b.src[i], r}});
  }
  std::sort(part.edges.begin(), part.edges.end());
  auto same = [](const Edge& x, const Edge& y) { return x.from == y.from && x.to == y.to; };
  part.edges.erase(std::unique(part.edges.begin(), part.edges.end(), same), part.edges.end());
  std::sort(part.used.begin(), part.used.end());
  part.used.erase(std::unique(part.used.begin(), part.used.end()), part.used.end());
  return part;
}

// Kahn's algorithm on the quotient: the rank of each orbit, or nullopt on a cycle.
std::optional<std::vector<std::uint32_t>> quotient_ranks(std::uint32_t vertices, const std::vector<Edge>& edges) {
  std::vector<std::uint32_t> indegree(vertices, 0), first(vertices + 1, 0), rank(vertices, 0), ready;
  for (const Edge& e : edges) {
    if (e.from == e.to) return std::nullopt;
    ++indegree[e.to];
    ++first[e.from + 1];
  }
  for (std::uint32_t v = 0; v < vertices; ++v) first[v + 1] += first[v];  // edges are sorted by from
  for (std::uint32_t v = vertices; v-- > 0;)
    if (indegree[v] == 0) ready.push_back(v);
  std::uint32_t next = 0;
  while (!ready.empty()) {
    const std::uint32_t v = ready.back();
    ready.pop_back();
    rank[v] = next++;
    for (std::uint32_t e = first[v]; e < first[v + 1]; ++e)
      if (--indegree[edges[e].to] == 0) ready.push_back(edges[e].to);
  }
  if (next != vertices) return std::nullopt;
  return rank;
}

bool applies(const Routing& routing, const FaultModel& model) {
  return routing.translation_invariant() && symmetric_fault_model(model) &&
         model.spec().pairs == PairChoice::AllTerminals && !model.network().topology().translations().empty();
}

}  // namespace

std::optional<QuotientCheck> acyclic_up_to_translation(const Routing& routing, const FaultModel& model) {
  if (!applies(routing, model)) return std::nullopt;
  const auto t0 = std::chrono::steady_clock::now();
  const Network& net = model.network();
  const auto gens = net.topology().translations();
  // Certified, not assumed (the header): port automorphisms, and the routing's declaration spot-checked.
  constexpr std::size_t kSpotRuns = 32;
  for (std::size_t i = 0; i < gens.size(); ++i)
    if (auto why = commutation_problem(routing, model, gens[i], 2, kSpotRuns, i + 1))
      throw InternalError("routing " + routing.spec() + " declares that it commutes with translations, but not " +
                          "with translation " + std::to_string(i) + ": " + *why);
  const ChannelSpace space(net, routing.vcs());
  std::vector<Permutation> channel_gens;
  for (const auto& g : gens) channel_gens.push_back(channel_image(net, space, g));
  const std::vector<NodeId> croot = orbit_roots(space.size(), channel_gens);
  const std::vector<NodeId> nroot = orbit_roots(net, gens);
  std::vector<std::uint64_t> orbit(net.num_nodes(), 0);
  for (NodeId v = 0; v < net.num_nodes(); ++v) orbit[nroot[v]] += net.is_terminal(v);
  std::vector<NodeId> reps;
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (nroot[v] == v && net.is_terminal(v)) reps.push_back(v);

  std::vector<Part> parts(reps.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, reps.size(), 1), [&](const auto& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i)
      parts[i] = project_destination(routing, model, space, croot, reps[i]);
  });
  QuotientCheck q;
  DependencyAnalysis& a = q.analysis;
  a.vcs = routing.vcs();
  a.escape_vcs.assign(a.vcs, true);
  std::vector<Edge> edges;
  std::vector<bool> used(space.size(), false);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].unsupported) return std::nullopt;
    a.packets += parts[i].packets * orbit[reps[i]];
    a.configurations += parts[i].configurations * orbit[reps[i]];
    a.adaptive |= parts[i].adaptive;
    edges.insert(edges.end(), parts[i].edges.begin(), parts[i].edges.end());
    for (ChannelId c : parts[i].used) used[c] = true;
    q.terminals += orbit[reps[i]];
  }
  std::sort(edges.begin(), edges.end());  // by (from, to, packet): the first of each pair has the least packet
  auto same = [](const Edge& x, const Edge& y) { return x.from == y.from && x.to == y.to; };
  edges.erase(std::unique(edges.begin(), edges.end(), same), edges.end());
  const auto t1 = std::chrono::steady_clock::now();
  const auto rank = quotient_ranks(space.size(), edges);
  if (!rank) return std::nullopt;
  a.check_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  q.destinations = reps.size();
  a.destinations_explored = reps.size();
  a.terminals_represented = q.terminals;
  q.quotient_edges = edges.size();
  a.direct_dependencies = edges.size();
  a.graph_edges = edges.size();
  for (ChannelId c = 0; c < space.size(); ++c)
    if (used[croot[c]]) a.escape_channels_used.push_back(c);
  a.graph_vertices = a.escape_channels_used.size();
  a.order = a.escape_channels_used;
  std::stable_sort(a.order.begin(), a.order.end(),
                   [&](ChannelId x, ChannelId y) { return (*rank)[croot[x]] < (*rank)[croot[y]]; });
  a.acyclic = true;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return q;
}

}  // namespace menger
