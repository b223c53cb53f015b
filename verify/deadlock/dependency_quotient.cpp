// Dally and Seitz's check with destinations up to translation (the header has
// the argument).
#include "verify/deadlock/dependency_quotient.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/error.h"
#include "verify/check/automorphism_check.h"
#include "verify/check/routing_symmetry_check.h"
#include "verify/fault_model.h"
#include "verify/symmetry/translations.h"

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

// Dependencies as bits: a dependency (c1, c2) has c2 leaving the head of c1,
// so it is slot offset[c1] + port * vcs + vc of c2 at that node.  The slots
// number sum over nodes of (channels in) x (channels out); one bit each makes
// the per-destination merge an OR instead of a hash-table insertion (which
// took a third of the time on fattree(32)).  Witness packets are not kept: a
// cyclic quotient sends the caller to the whole analysis, which names them.
class DependencySlots {
 public:
  DependencySlots(const Network& net, const ChannelSpace& space) : net_(net), space_(space) {
    offset_.resize(space.size() + 1, 0);
    out_rank_.resize(space.size());
    tail_forwards_.resize(space.size());
    for (ChannelId c = 0; c < space.size(); ++c) {
      const auto i = space.info(c);
      const Link& l = net.link(i.link);
      out_rank_[c] = (l.a == i.tail ? l.pa : l.pb) * space.vcs() + i.vc;
      tail_forwards_[c] = net.forwards(i.tail);
      offset_[c + 1] = offset_[c] + std::uint64_t{net.num_ports(i.head)} * space.vcs();
    }
  }
  std::uint64_t size() const { return offset_.back(); }
  std::uint64_t slot(ChannelId from, ChannelId to) const { return offset_[from] + out_rank_[to]; }
  bool tail_forwards(ChannelId c) const { return tail_forwards_[c]; }
  // Calls f(from, to) for every set bit, in slot order (zero words skipped).
  template <class F>
  void for_each(const std::vector<std::uint64_t>& bits, F f) const {
    ChannelId c = 0;
    for (std::size_t w = 0; w < bits.size(); ++w)
      for (std::uint64_t word = bits[w]; word != 0; word &= word - 1) {
        const std::uint64_t s = w * 64 + static_cast<std::uint64_t>(std::countr_zero(word));
        while (offset_[c + 1] <= s) ++c;
        const std::uint64_t r = s - offset_[c];
        const NodeId head = space_.info(c).head;
        f(c, space_.channel(net_.port(head, static_cast<PortId>(r / space_.vcs())).link, head,
                            static_cast<std::uint32_t>(r % space_.vcs())));
      }
  }

 private:
  const Network& net_;
  const ChannelSpace& space_;
  std::vector<std::uint64_t> offset_;
  std::vector<std::uint32_t> out_rank_;
  std::vector<char> tail_forwards_;
};

// Beyond this many slots (1 GiB of bits per thread) the pass answers "not settled here".
constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << 33;

// What the explored destinations add up to, one per thread (merged so that
// the result is the same for any number of threads: sums and ORs).
struct Accumulated {
  std::vector<std::uint64_t> edges;  // bits of DependencySlots
  std::vector<char> used;            // channels held by a configuration or folded
  std::uint64_t packets = 0, configurations = 0;
  bool adaptive = false, unsupported = false;
};

// The packets for a twin t of r are the images of r's under the transposition
// (r t) (Routing::destination_switch_invariant): the same dependencies and
// channels, except r's two channels to and from its switch, which become t's.
// No dependency leaves the channel into r (endpoints do not relay: checked
// by the caller), so only those into it are mapped; r's channel out is folded
// for the twins' packets from r wherever a twin's is folded for r's.
void add_twins(const Network& net, const ChannelSpace& space, const DependencySlots& slots,
               const ExploredDestination& b, NodeId r, const std::vector<NodeId>& twins, Accumulated& acc) {
  const NodeId sw = net.port(r, 0).peer;
  auto image = [&](ChannelId c, NodeId t) { return space.channel(net.port(t, 0).link, sw, space.vc_of(c)); };
  std::vector<ChannelId> into_r;  // one per VC
  for (std::uint32_t vc = 0; vc < space.vcs(); ++vc) into_r.push_back(space.channel(net.port(r, 0).link, sw, vc));
  auto enters_r = [&](ChannelId c) { return std::find(into_r.begin(), into_r.end(), c) != into_r.end(); };
  for (std::uint32_t i = 0; i < b.channel.size(); ++i) {
    const ChannelId from = b.channel[i];
    if (enters_r(from))
      for (NodeId t : twins) acc.used[image(from, t)] = 1;
    for (const auto& h : b.hops(i)) {
      const ChannelId to = b.channel[h.to()];
      if (!enters_r(to)) continue;
      for (NodeId t : twins) {
        const std::uint64_t s = slots.slot(from, image(to, t));
        acc.edges[s >> 6] |= std::uint64_t{1} << (s & 63);
      }
    }
  }
  std::vector<ChannelId> out_of_twins;  // the twins' channels to the switch, every VC
  for (NodeId t : twins)
    for (std::uint32_t vc = 0; vc < space.vcs(); ++vc) out_of_twins.push_back(space.channel(net.port(t, 0).link, t, vc));
  std::sort(out_of_twins.begin(), out_of_twins.end());
  const LinkId up = net.port(r, 0).link;
  for (ChannelId c : b.folded)
    if (std::binary_search(out_of_twins.begin(), out_of_twins.end(), c))
      acc.used[space.channel(up, r, space.vc_of(c))] = 1;
}

void add_destination(const Routing& routing, const FaultModel& model, const ChannelSpace& space,
                     const DependencySlots& slots, NodeId r, std::uint64_t orbit, const std::vector<NodeId>& twins,
                     Accumulated& acc, const Budget& budget) {
  const ExploredDestination b = explore_destination(routing, model, space, r, true, budget);
  // A gap, bubble hops or a packet relayed through an endpoint: the whole analysis reports those.
  acc.unsupported |= b.gap.has_value() || b.bubble_hops;
  acc.packets += b.packets * orbit;
  acc.configurations += (b.channel.size() + b.folded.size()) * orbit;
  acc.adaptive |= b.adaptive;
  for (ChannelId c : b.folded) acc.used[c] = 1;
  for (std::uint32_t i = 0; i < b.channel.size(); ++i) {
    const ChannelId from = b.channel[i];
    acc.unsupported |= !slots.tail_forwards(from);
    acc.used[from] = 1;
    for (const auto& h : b.hops(i)) {
      const std::uint64_t s = slots.slot(from, b.channel[h.to()]);
      acc.edges[s >> 6] |= std::uint64_t{1} << (s & 63);
    }
  }
  if (!twins.empty()) add_twins(model.network(), space, slots, b, r, twins, acc);
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

// The translations to use: certified (the header), or none when the routing
// does not declare them or the fault model would not keep them.
std::vector<Permutation> certified_translations(const Routing& routing, const FaultModel& model) {
  if (!routing.translation_invariant() || !symmetric_fault_model(model) ||
      model.spec().pairs != PairChoice::AllTerminals)
    return {};
  auto gens = model.network().topology().translations();
  constexpr std::size_t kSpotRuns = 32;
  for (std::size_t i = 0; i < gens.size(); ++i)
    if (auto why = commutation_problem(routing, model, gens[i], 2, kSpotRuns, i + 1))
      throw InternalError("routing " + routing.spec() + " declares that it commutes with translations, but not " +
                          "with translation " + std::to_string(i) + ": " + *why);
  return gens;
}

// Destinations explored: one per class, standing for its size.  Without
// translations or twins every terminal is its own class.
struct DestinationClasses {
  std::vector<NodeId> reps;
  std::vector<std::uint64_t> size;          // per node: its class's size, for reps
  std::vector<std::vector<NodeId>> twins;   // per rep (parallel to reps): the other endpoints of its switch
};

DestinationClasses by_translation(const FaultModel& model, const std::vector<Permutation>& gens) {
  const Network& net = model.network();
  const std::vector<NodeId> nroot = orbit_roots(net, gens);
  DestinationClasses c;
  c.size.assign(net.num_nodes(), 0);
  for (NodeId v : model.terminals()) ++c.size[nroot[v]];
  for (NodeId v : model.terminals())
    if (nroot[v] == v) c.reps.push_back(v);
  c.twins.resize(c.reps.size());
  return c;
}

// Endpoints attached to one switch by one link each share a class, its
// first endpoint the representative (Routing::destination_switch_invariant,
// spot-checked here); other terminals are their own class.
DestinationClasses by_switch(const Routing& routing, const FaultModel& model) {
  constexpr std::size_t kSpotRuns = 64;
  if (auto why = endpoint_swap_problem(routing, model, kSpotRuns, 1))
    throw InternalError("routing " + routing.spec() + " declares that it reads a destination only through its " +
                        "switch, but: " + *why);
  const Network& net = model.network();
  std::vector<NodeId> first(net.num_nodes(), kNoNode);  // per switch: its first endpoint
  DestinationClasses c;
  c.size.assign(net.num_nodes(), 0);
  std::vector<std::size_t> index(net.num_nodes(), 0);   // rep -> its place in reps
  for (NodeId v : model.terminals()) {
    const bool endpoint = !net.forwards(v) && net.num_ports(v) == 1 && net.port(v, 0).connected();
    NodeId& rep = endpoint ? first[net.port(v, 0).peer] : first[v];
    if (!endpoint || rep == kNoNode) {
      if (endpoint) rep = v;
      index[v] = c.reps.size();
      c.reps.push_back(v);
      c.twins.emplace_back();
      c.size[v] = 1;
      continue;
    }
    ++c.size[rep];
    c.twins[index[rep]].push_back(v);
  }
  return c;
}

}  // namespace

std::optional<QuotientCheck> quick_plain_check(const Routing& routing, const FaultModel& model,
                                               bool use_translations, std::uint64_t one_by_one_from,
                                               const Budget& budget, bool use_twins) {
  const auto t0 = std::chrono::steady_clock::now();
  const Network& net = model.network();
  const std::vector<Permutation> gens =
      use_translations ? certified_translations(routing, model) : std::vector<Permutation>{};
  const std::uint64_t terminals = model.terminals().size();
  if (gens.empty() && terminals * terminals < one_by_one_from) return std::nullopt;
  const ChannelSpace space(net, routing.vcs());
  std::vector<Permutation> channel_gens;
  for (const auto& g : gens) channel_gens.push_back(channel_image(net, space, g));
  const std::vector<NodeId> croot = orbit_roots(space.size(), channel_gens);  // the identity without gens
  const bool one_per_switch = gens.empty() && use_twins && routing.destination_switch_invariant() &&
                              model.spec().pairs == PairChoice::AllTerminals;
  const DestinationClasses classes = one_per_switch ? by_switch(routing, model) : by_translation(model, gens);
  const std::vector<NodeId>& reps = classes.reps;

  const DependencySlots slots(net, space);
  if (slots.size() > kMaxSlots) return std::nullopt;
  // Each worker's bits, and the merged ones: asked of the memory limit first.
  constexpr const char* kPhase = "checking the channel dependency graph destination by destination";
  budget.check_memory_for(kPhase, (static_cast<std::uint64_t>(tbb::this_task_arena::max_concurrency()) + 1) *
                               (slots.size() / 8 + space.size()));
  std::atomic<std::uint64_t> done{0};
  tbb::enumerable_thread_specific<Accumulated> parts([&] {
    Accumulated a;
    a.used.assign(space.size(), 0);
    a.edges.assign((slots.size() + 63) / 64, 0);
    return a;
  });
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, reps.size(), 1), [&](const auto& range) {
    Accumulated& acc = parts.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      budget.check(kPhase, done.load(std::memory_order_relaxed), reps.size());
      add_destination(routing, model, space, slots, reps[i], classes.size[reps[i]], classes.twins[i], acc, budget);
      done.fetch_add(1, std::memory_order_relaxed);
    }
  });
  budget.check(kPhase, reps.size(), reps.size());
  QuotientCheck q;
  DependencyAnalysis& a = q.analysis;
  a.vcs = routing.vcs();
  a.escape_vcs.assign(a.vcs, true);
  std::vector<std::uint64_t> bits((slots.size() + 63) / 64, 0);
  std::vector<char> used(space.size(), 0);
  for (Accumulated& part : parts) {
    if (part.unsupported) return std::nullopt;
    a.packets += part.packets;
    a.configurations += part.configurations;
    a.adaptive |= part.adaptive;
    for (ChannelId c = 0; c < space.size(); ++c) used[croot[c]] |= part.used[c];
    for (std::size_t w = 0; w < bits.size(); ++w) bits[w] |= part.edges[w];
  }
  // Onto channel orbits (the identity without translations): one edge per pair.
  std::vector<std::uint64_t> keys;
  slots.for_each(bits, [&](ChannelId from, ChannelId to) {
    keys.push_back(std::uint64_t{croot[from]} << 32 | croot[to]);
  });
  budget.check(kPhase, reps.size(), reps.size());
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<Edge> edges;
  edges.reserve(keys.size());
  for (std::uint64_t key : keys)
    edges.push_back({static_cast<std::uint32_t>(key >> 32), static_cast<std::uint32_t>(key), PacketRef{}});
  const auto t1 = std::chrono::steady_clock::now();
  const auto rank = quotient_ranks(space.size(), edges);
  if (!rank) return std::nullopt;
  a.check_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  q.destinations = reps.size();
  q.one_per_switch = one_per_switch;
  q.terminals = terminals;
  q.quotient_edges = edges.size();
  a.destinations_explored = gens.empty() ? 0 : reps.size();
  a.terminals_represented = terminals;
  a.direct_dependencies = edges.size();
  a.graph_edges = edges.size();
  for (ChannelId c = 0; c < space.size(); ++c)
    if (used[croot[c]]) a.escape_channels_used.push_back(c);
  a.graph_vertices = a.escape_channels_used.size();
  // Channels out of endpoints first: no dependency enters them (the packets that
  // take them were injected there, and a relay through an endpoint was refused).
  auto key = [&](ChannelId c) {
    return std::pair(net.forwards(space.info(c).tail) ? 1u : 0u, (*rank)[croot[c]]);
  };
  a.order = a.escape_channels_used;
  std::stable_sort(a.order.begin(), a.order.end(), [&](ChannelId x, ChannelId y) { return key(x) < key(y); });
  a.acyclic = true;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return q;
}

}  // namespace menger
