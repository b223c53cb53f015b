#include "verify/tolerance.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

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

}  // namespace

ToleranceResult flow_tolerance(const FaultModel& model, const ToleranceOptions& opts) {
  if (!model.flow_expressible())
    throw InputError("fault units that are groups of nodes need the SMT engine (--engine smt)");
  const Network& net = model.network();
  const PairPlan plan = plan_pairs(model);
  const UnitFlowNetwork flow(model);
  ToleranceResult r;
  r.method = plan.method;
  r.pairs_total = plan.pairs.size();

  Best best;
  std::vector<PairCut> cuts(plan.pairs.size());  // kept for the certificate
  std::vector<char> done(plan.pairs.size(), 0);
  std::atomic<bool> expired{false};
  std::atomic<std::uint64_t> calls{0};
  tbb::enumerable_thread_specific<UnitFlowNetwork::Workspace> spaces([&] { return flow.make_workspace(); });
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, plan.pairs.size(), 16), [&](const auto& range) {
    auto& w = spaces.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      if (expired || (opts.deadline && std::chrono::steady_clock::now() > *opts.deadline)) {
        expired = true;
        return;
      }
      const auto [s, t] = plan.pairs[i];
      PairCut c = flow.solve(s, t, best.bound_for(i), w, true, opts.certificate);
      ++calls;
      if (!c.bounded && c.value != kUnbounded) best.offer(c.value, i, c.units);
      cuts[i] = std::move(c);
      done[i] = 1;
    }
  });
  r.flow_calls = calls;
  for (char d : done) r.pairs_done += d;
  r.complete = r.pairs_done == r.pairs_total;
  if (best.index != SIZE_MAX) {
    r.min_cut = best.cut.load();
    r.breaking_set = best.units;
    r.source = plan.pairs[best.index].first;
    r.target = plan.pairs[best.index].second;
  }
  if (!r.complete || !opts.certificate) return r;

  ToleranceCertificate cert;
  cert.model = net.spec();
  cert.faults = model.spec();
  cert.min_cut = r.min_cut;
  cert.kind = "disjoint-paths";
  cert.reduction = plan.method;
  cert.pivot = plan.pivot;
  if (r.min_cut) cert.witness = BreakingWitness{r.breaking_set, r.source, r.target};
  const std::uint64_t keep = r.min_cut ? *r.min_cut : 1;
  for (std::size_t i = 0; i < plan.pairs.size(); ++i) {
    MENGER_ASSERT(cuts[i].value >= keep || (!r.min_cut && cuts[i].value == kUnbounded),
                  "a planned pair's flow is below the least cut");
    cert.pairs.push_back(certify(plan.pairs[i].first, plan.pairs[i].second, cuts[i], keep));
  }
  r.certificate = std::move(cert);
  return r;
}

}  // namespace menger
