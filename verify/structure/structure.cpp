#include "verify/structure/structure.h"

#include "core/error.h"

namespace menger {

namespace {

Observed value(Rational v, std::string note = {}) { return Observed{std::move(v), std::move(note), false, 1.0}; }
Observed none(std::string why) { return Observed{std::nullopt, std::move(why), false, 1.0}; }

}  // namespace

const std::vector<ObservableInfo>& StructureFacts::observables() {
  static const std::vector<ObservableInfo> list = {
      {"nodes", "all nodes: endpoints, switches and routers"},
      {"endpoints", "compute endpoints that do not forward"},
      {"switches", "switches that forward but host no endpoint"},
      {"routers", "nodes that are both (direct networks)"},
      {"terminals", "endpoints plus routers: the nodes traffic runs between"},
      {"links", "physical links (a directed wire counts once)"},
      {"components", "switching components: packages plus unpackaged switches and routers (001)"},
      {"degree", "the common number of connected ports, if every node has the same"},
      {"degree_min", "smallest number of connected ports of a node"},
      {"degree_max", "largest number of connected ports of a node"},
      {"switch_degree", "the common number of connected ports of the switches"},
      {"diameter", "largest hop distance between two terminals (paths relay only through switches/routers)"},
      {"avg_distance", "mean hop distance over ordered pairs of distinct terminals"},
      {"avg_distance_incl_self", "mean hop distance over all ordered pairs of terminals, (t,t) included"},
  };
  return list;
}

StructureFacts::StructureFacts(std::shared_ptr<const Topology> topology, StructureOptions opts)
    : topology_(std::move(topology)), opts_(opts) {}

const Network& StructureFacts::network() {
  if (!network_) network_ = std::make_unique<Network>(topology_, opts_.budget);
  return *network_;
}

const DistanceSummary& StructureFacts::distances() {
  if (!distances_) {
    DistanceOptions d;
    d.use_symmetry = opts_.use_symmetry;
    d.method = opts_.method;
    d.budget = opts_.budget;
    distances_ = terminal_distances(network(), d);
  }
  return *distances_;
}

Observed StructureFacts::degree_over(bool (*pick)(NodeKind), const char* what) {
  const Network& net = network();
  std::optional<std::uint32_t> lo, hi;
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if (!pick(net.kind(v))) continue;
    const std::uint32_t d = net.degree(v);
    lo = lo ? std::min(*lo, d) : d;
    hi = hi ? std::max(*hi, d) : d;
  }
  if (!lo) return none(std::string("there are no ") + what);
  if (*lo != *hi) return none("not regular: " + std::string(what) + " have " + std::to_string(*lo) + " to " +
                              std::to_string(*hi) + " connected ports");
  return value(*lo);
}

Observed StructureFacts::distance_fact(const std::string& name) {
  const DistanceSummary& d = distances();
  const Network& net = network();
  if (!d.complete())
    return Observed{std::nullopt,
                    "budget exhausted after " + std::to_string(d.sources_done) + " of " +
                        std::to_string(d.sources_total) + " BFS sources",
                    true, static_cast<double>(d.sources_done) / static_cast<double>(d.sources_total)};
  if (d.terminals < 2) return none("fewer than two terminals");
  if (d.unreachable > 0)
    return none("disconnected: " + std::to_string(d.unreachable) + " ordered pairs have no path, e.g. " +
                net.label(d.unreachable_source) + " to " + net.label(d.unreachable_target));
  if (name == "diameter")
    return value(d.diameter, "between " + net.label(d.diameter_source) + " and " + net.label(d.diameter_target));
  if (name == "avg_distance") return value(Rational(d.distance_sum, d.pairs));
  return value(Rational(d.distance_sum, d.terminals * d.terminals));
}

Observed StructureFacts::get(const std::string& name) {
  if (name == "nodes") return value(topology_->node_count());
  const auto& list = observables();
  if (std::none_of(list.begin(), list.end(), [&](const ObservableInfo& o) { return o.name == name; })) {
    std::string known;
    for (const auto& o : list) known += (known.empty() ? "" : ", ") + o.name;
    throw InputError("unknown structure observable '" + name + "' (known: " + known + ")");
  }
  const Network& net = network();
  auto count = [&](bool (*pick)(NodeKind)) {
    std::uint64_t c = 0;
    for (NodeId v = 0; v < net.num_nodes(); ++v) c += pick(net.kind(v));
    return value(c);
  };
  if (name == "endpoints") return count([](NodeKind k) { return k == NodeKind::Endpoint; });
  if (name == "switches") return count([](NodeKind k) { return k == NodeKind::Switch; });
  if (name == "routers") return count([](NodeKind k) { return k == NodeKind::Router; });
  if (name == "terminals") return count([](NodeKind k) { return is_terminal(k); });
  if (name == "links") return value(net.num_links());
  if (name == "components") return value(net.num_components());
  if (name == "degree") return degree_over([](NodeKind) { return true; }, "nodes");
  if (name == "switch_degree") return degree_over([](NodeKind k) { return k == NodeKind::Switch; }, "switches");
  if (name == "degree_min" || name == "degree_max") {
    std::uint32_t lo = UINT32_MAX, hi = 0;
    for (NodeId v = 0; v < net.num_nodes(); ++v) {
      lo = std::min(lo, net.degree(v));
      hi = std::max(hi, net.degree(v));
    }
    if (net.num_nodes() == 0) return none("no nodes");
    return value(name == "degree_min" ? lo : hi);
  }
  return distance_fact(name);
}

}  // namespace menger
