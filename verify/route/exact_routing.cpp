#include "verify/route/exact_routing.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <map>
#include <memory>
#include <optional>

#include "core/error.h"
#include "verify/route/route_run.h"
#include "verify/route/route_search.h"
#include "verify/symmetry/translations.h"

namespace menger {

namespace {

// Weighted sums over fault sets: each set's pair counts divided by its pairs.
struct Sums {
  long double connected = 0;
  std::vector<long double> delivered, hops;  // per routing
  explicit Sums(std::size_t routings = 0) : delivered(routings, 0), hops(routings, 0) {}
  void add(const Sums& o) {
    connected += o.connected;
    for (std::size_t r = 0; r < delivered.size(); ++r) delivered[r] += o.delivered[r], hops[r] += o.hops[r];
  }
};

// The sources whose runs are made, each standing for `weight` sources: every
// terminal, or with symmetry one root per orbit of terminals.
struct Sources {
  std::vector<NodeId> nodes;
  std::vector<std::uint64_t> weight;  // per node of `nodes`
};

Sources every_terminal(const FaultModel& model) {
  Sources s;
  s.nodes = model.terminals();
  s.weight.assign(s.nodes.size(), 1);
  return s;
}

// The orbit roots of the terminals under the topology's translations, when
// every routing commutes with them and the fault model is symmetric
// (translations.h, the conditions TranslatedRuns needs); none otherwise.
std::optional<Sources> orbit_sources(const RoutingExperiment& e) {
  for (const Routing* r : e.routings())
    if (!r->translation_invariant()) return std::nullopt;
  const FaultModel& model = e.model();
  const auto frames = SourceFrames::build(model, 64'000'000);  // validates that units map onto units
  if (!frames) return std::nullopt;
  const NodeId nodes = model.network().num_nodes();
  std::vector<char> terminal(nodes, 0);
  for (NodeId t : model.terminals()) terminal[t] = 1;
  for (NodeId v = 0; v < nodes; ++v)  // an orbit mixing terminals and other nodes: the pairs are not permuted
    if (terminal[v] != terminal[frames->root(v)]) return std::nullopt;
  std::map<NodeId, std::uint64_t> orbit_size;
  for (NodeId t : model.terminals()) ++orbit_size[frames->root(t)];
  Sources s;
  for (const auto& [root, size] : orbit_size) {
    s.nodes.push_back(root);
    s.weight.push_back(size);
  }
  return s;
}

class Enumerator {
 public:
  Enumerator(const RoutingExperiment& e, const Sources& sources) : e_(e), sources_(sources) {
    for (const Routing* r : e.routings()) runners_.push_back(std::make_unique<RouteRunner>(*r, e.model(), e.limits()));
  }

  // Every fault set whose least unit is `first` (all of them, once, when m = 0).
  Sums from(std::size_t first, std::uint64_t& runs) {
    const std::size_t n = e_.model().universe().size(), m = e_.faults();
    Sums sums(runners_.size());
    for_each_combination_from(n, m, first, [&](const std::vector<std::size_t>& pick) { add_set(FaultSet(n, pick), sums, runs); });
    return sums;
  }

 private:
  const RoutingExperiment& e_;
  const Sources& sources_;
  std::vector<std::unique_ptr<RouteRunner>> runners_;
  std::vector<NodeId> healthy_;

  void add_set(const FaultSet& f, Sums& sums, std::uint64_t& runs) {
    const FaultModel& model = e_.model();
    const FailedElements failed(model.universe(), f);
    healthy_.clear();
    for (NodeId t : model.terminals())
      if (!failed.node_failed(t)) healthy_.push_back(t);
    if (healthy_.size() < 2) throw InputError("a fault set left fewer than two healthy terminals: no pair to route");
    std::uint64_t connected = 0;
    std::vector<std::uint64_t> delivered(runners_.size(), 0), hops(runners_.size(), 0);
    for (std::size_t i = 0; i < sources_.nodes.size(); ++i) {
      const NodeId s = sources_.nodes[i];
      const std::uint64_t w = sources_.weight[i];
      if (failed.node_failed(s)) continue;
      for (NodeId d : healthy_) {
        if (s == d) continue;
        bool any = false;
        for (std::size_t r = 0; r < runners_.size(); ++r) {
          const RunResult run = runners_[r]->run(f, s, d, std::nullopt, false);
          ++runs;
          if (!run.delivered()) continue;
          any = true;
          delivered[r] += w;
          hops[r] += w * run.hops;
        }
        if (any || physically_connected(model.network(), failed, s, d)) connected += w;
      }
    }
    const long double pairs = static_cast<long double>(healthy_.size()) * static_cast<long double>(healthy_.size() - 1);
    sums.connected += static_cast<long double>(connected) / pairs;
    for (std::size_t r = 0; r < runners_.size(); ++r) {
      sums.delivered[r] += static_cast<long double>(delivered[r]) / pairs;
      sums.hops[r] += static_cast<long double>(hops[r]) / pairs;
    }
  }
};

Sources sources_for(const RoutingExperiment& e, Symmetry symmetry) {
  if (symmetry == Symmetry::Use)
    if (auto s = orbit_sources(e)) return std::move(*s);
  return every_terminal(e.model());
}

std::uint64_t cost_of(const RoutingExperiment& e, const Sources& sources) {
  const std::uint64_t t = e.model().terminals().size();
  return saturating_product({binomial(e.model().universe().size(), e.faults()), sources.nodes.size(), t > 0 ? t - 1 : 0,
                             static_cast<std::uint64_t>(e.routings().size())});
}

}  // namespace

std::uint64_t exact_routing_cost(const RoutingExperiment& e, Symmetry symmetry) {
  return cost_of(e, sources_for(e, symmetry));
}

ExactRouting exact_routing(const RoutingExperiment& e, std::uint64_t limit, Symmetry symmetry) {
  const Sources sources = sources_for(e, symmetry);
  const std::uint64_t cost = cost_of(e, sources);
  if (cost > limit)
    throw InputError("exact mode: up to " + (cost == UINT64_MAX ? std::string("more than 2^64") : std::to_string(cost)) +
                     " routing runs with " + std::to_string(e.faults()) + " faults, above the limit of " +
                     std::to_string(limit));
  const std::size_t n = e.model().universe().size(), m = e.faults();
  const std::size_t firsts = m == 0 ? 1 : n;  // m = 0: the empty set, once
  const std::size_t routings = e.routings().size();
  std::vector<Sums> parts(firsts, Sums(routings));
  std::vector<std::uint64_t> runs(firsts, 0);
  tbb::enumerable_thread_specific<std::unique_ptr<Enumerator>> workers(
      [&] { return std::make_unique<Enumerator>(e, sources); });
  tbb::parallel_for(std::size_t{0}, firsts, [&](std::size_t first) { parts[first] = workers.local()->from(first, runs[first]); });
  Sums total(routings);
  ExactRouting out;
  for (std::size_t i = 0; i < firsts; ++i) total.add(parts[i]), out.runs += runs[i];  // in order: same bits for any split
  out.fault_sets = binomial(n, m);
  out.sources = sources.nodes.size();
  const long double sets = static_cast<long double>(out.fault_sets);
  out.values.push_back(static_cast<double>(total.connected / sets));
  for (std::size_t r = 0; r < routings; ++r) {
    out.values.push_back(static_cast<double>(total.delivered[r] / sets));
    out.values.push_back(total.delivered[r] > 0 ? std::optional<double>(static_cast<double>(total.hops[r] / total.delivered[r]))
                                                : std::nullopt);
  }
  return out;
}

}  // namespace menger
