#include "verify/tolerance.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "core/error.h"
#include "verify/unit_flow.h"

namespace menger {

namespace {

// The best (least cut, earliest pair) found so far, shared by the workers.
struct Best {
  std::mutex lock;
  std::atomic<std::uint64_t> cut{kUnbounded};
  std::atomic<std::size_t> index{SIZE_MAX};
  std::vector<std::size_t> units;

  // The bound for pair i: pairs before the current witness must also report a tie.
  std::uint64_t bound_for(std::size_t i) const {
    const std::uint64_t c = cut.load();
    return (i < index.load() && c != kUnbounded) ? c + 1 : c;
  }
  void offer(std::uint64_t c, std::size_t i, std::vector<std::size_t> u) {
    std::lock_guard<std::mutex> g(lock);
    if (c < cut.load() || (c == cut.load() && i < index.load())) {
      cut = c;
      index = i;
      units = std::move(u);
    }
  }
};

CertifiedPair certify(NodeId s, NodeId t, PairCut& cut, std::uint64_t keep) {
  CertifiedPair p;
  p.source = s;
  p.target = t;
  if (cut.value == kUnbounded) {
    p.unbreakable = true;
    p.paths = std::move(cut.paths);
    p.amounts = std::move(cut.amounts);
    return p;
  }
  // Keep just enough flow to reach `keep`.
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < cut.paths.size() && total < keep; ++i) {
    const std::uint64_t a = std::min(cut.amounts[i], keep - total);
    p.paths.push_back(std::move(cut.paths[i]));
    p.amounts.push_back(a);
    total += a;
  }
  return p;
}

// The searches of one run: pairs are solved in parallel, index by index.
struct PairSearch {
  const UnitFlowNetwork& flow;
  const ToleranceOptions& opts;
  std::vector<std::pair<NodeId, NodeId>> pairs;
  std::vector<PairCut> cuts;  // kept for the certificate
  std::vector<char> done;
  Best best;
  std::atomic<bool> expired{false};
  std::atomic<std::uint64_t> calls{0};
  tbb::enumerable_thread_specific<UnitFlowNetwork::Workspace> spaces{[this] { return flow.make_workspace(); }};

  PairSearch(const UnitFlowNetwork& f, const ToleranceOptions& o, std::vector<std::pair<NodeId, NodeId>> p)
      : flow(f), opts(o), pairs(std::move(p)) {}

  void run(std::size_t from) {
    cuts.resize(pairs.size());
    done.resize(pairs.size(), 0);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(from, pairs.size(), 16), [&](const auto& range) {
      if (out_of_time()) return;  // before a workspace is made: on millions of nodes that takes seconds
      auto& w = spaces.local();
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        if (out_of_time()) return;
        PairCut c = flow.solve(pairs[i].first, pairs[i].second, best.bound_for(i), w, true, opts.certificate);
        ++calls;
        if (!c.bounded && c.value != kUnbounded) best.offer(c.value, i, c.units);
        cuts[i] = std::move(c);
        done[i] = 1;
      }
    });
  }
  bool out_of_time() {
    if (!expired && opts.deadline && std::chrono::steady_clock::now() > *opts.deadline) expired = true;
    return expired;
  }
  bool complete() const { return std::all_of(done.begin(), done.end(), [](char d) { return d != 0; }); }
};

// The fan lemma of pair_plan.h: x is c-connected to the pivot v when every
// neighbour of x is settled (a flow to it, or to its orbit's representative
// under the pivot's stabiliser, was computed; or, under node faults, it is
// adjacent to v; under link faults it may be v) and the neighbours (node
// faults) or the links to them (link faults) weigh at least c together.
bool fan_settles(const FaultModel& m, const PairPlan& plan, NodeId x, const std::vector<char>& flowed, std::uint64_t c) {
  const NodeId v = plan.pivot;
  const Network& net = m.network();
  const bool links = m.universe().kind() == UnitKind::Link;
  std::vector<char> adj_v(net.num_nodes(), 0);
  for (NodeId u : net.out_neighbors(v)) adj_v[u] = 1;
  std::uint64_t weight = 0;
  constexpr std::uint64_t kHeavy = std::uint64_t{1} << 40;
  for (const PortSlot& p : net.ports(x)) {
    if (!p.connected()) continue;
    const NodeId u = p.peer;
    if (links) {
      if (u != v && !flowed[plan.orbit_root[u]]) return false;
      const auto unit = m.unit_of_link(p.link);
      weight += unit ? m.weight(*unit) : kHeavy;
    } else {
      if (u == v || (!adj_v[u] && !flowed[plan.orbit_root[u]])) return false;
      const auto unit = m.unit_of_node(u);
      weight += unit ? m.weight(*unit) : kHeavy;
    }
  }
  return weight >= c;
}

}  // namespace

ToleranceResult flow_tolerance(const FaultModel& model, const ToleranceOptions& opts) {
  if (!model.flow_expressible())
    throw InputError("fault units that are groups of nodes need the SMT engine (--engine smt)");
  const Network& net = model.network();
  const PairPlan plan = plan_pairs(model, opts.symmetry);
  const UnitFlowNetwork flow(model);
  PairSearch search(flow, opts, plan.pairs);
  search.run(0);

  // Fan targets: settled by the lemma when it applies, otherwise searched.
  std::vector<NodeId> fan;
  if (!plan.fan_targets.empty() && search.complete()) {
    std::vector<char> flowed(net.num_nodes(), 0);
    for (const auto& [a, b] : search.pairs)
      if (a == plan.pivot || b == plan.pivot) flowed[a == plan.pivot ? b : a] = 1;
    const std::uint64_t c = search.best.cut.load();
    const std::size_t first_extra = search.pairs.size();
    for (NodeId x : plan.fan_targets) {
      if (c != kUnbounded && fan_settles(model, plan, x, flowed, c)) fan.push_back(x);
      else search.pairs.emplace_back(std::min(plan.pivot, x), std::max(plan.pivot, x));
    }
    search.run(first_extra);
  }

  ToleranceResult r;
  r.method = plan.method;
  r.symmetry_order = plan.symmetry_order;
  r.pairs_total = search.pairs.size() + fan.size() + (search.complete() ? 0 : plan.fan_targets.size());
  r.flow_calls = search.calls;
  for (char d : search.done) r.pairs_done += d;
  r.pairs_done += fan.size();
  r.complete = search.complete() && r.pairs_done == r.pairs_total;
  const Best& best = search.best;
  if (best.index != SIZE_MAX) {
    r.min_cut = best.cut.load();
    r.breaking_set = best.units;
    r.source = search.pairs[best.index].first;
    r.target = search.pairs[best.index].second;
  }
  if (!r.complete || !opts.certificate) return r;

  ToleranceCertificate cert;
  cert.model = net.spec();
  cert.faults = model.spec();
  cert.min_cut = r.min_cut;
  cert.kind = "disjoint-paths";
  cert.reduction = plan.method;
  cert.pivot = plan.pivot;
  cert.fan = fan;
  cert.symmetry = plan.symmetry;
  if (r.min_cut) cert.witness = BreakingWitness{r.breaking_set, r.source, r.target};
  const std::uint64_t keep = r.min_cut ? *r.min_cut : 1;
  for (std::size_t i = 0; i < search.pairs.size(); ++i) {
    MENGER_ASSERT(search.cuts[i].value >= keep || (!r.min_cut && search.cuts[i].value == kUnbounded),
                  "a planned pair's flow is below the least cut");
    cert.pairs.push_back(certify(search.pairs[i].first, search.pairs[i].second, search.cuts[i], keep));
  }
  r.certificate = std::move(cert);
  return r;
}

}  // namespace menger
