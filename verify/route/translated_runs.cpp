#include "verify/route/translated_runs.h"

#include <algorithm>

namespace menger {

std::unique_ptr<TranslatedRuns> TranslatedRuns::make(const Routing& routing, const FaultModel& model,
                                                     std::size_t faults, std::size_t max_entries) {
  if (!routing.translation_invariant()) return nullptr;
  // The tables cost n x (n + units) entries; 64 M (256 MB) is far above the
  // tori this is for (512 nodes: 1 M) and keeps a huge model from paying.
  auto frames = SourceFrames::build(model, 64'000'000);
  if (!frames) return nullptr;
  return std::unique_ptr<TranslatedRuns>(new TranslatedRuns(std::move(*frames), model, faults, max_entries));
}

TranslatedRuns::TranslatedRuns(SourceFrames frames, const FaultModel& model, std::size_t faults,
                               std::size_t max_entries)
    : frames_(std::move(frames)),
      nodes_(model.network().num_nodes()),
      units_(model.universe().size()),
      slot_(nodes_),
      faults_(faults),
      max_entries_(max_entries) {
  for (NodeId v = 0; v < nodes_; ++v)
    if (frames_.root(v) == v) roots_.push_back(v);
  for (NodeId v = 0; v < nodes_; ++v)
    slot_[v] = std::size_t(std::lower_bound(roots_.begin(), roots_.end(), frames_.root(v)) - roots_.begin());
}

TranslatedRuns::Frame::Frame(const FaultModel& model)
    : marked(model.universe().size()), run_set(model.universe().size()), touched(model.network().num_nodes(), 0) {}

std::size_t TranslatedRuns::KeyHash::operator()(const std::vector<std::uint32_t>& k) const {
  std::size_t h = k.size();
  for (std::uint32_t x : k) h = (h ^ x) * 0x9e3779b97f4a7c15ULL;
  return h;
}

// The run f.key names: root -> d' under G (budget-aware counts see |F| - |G|
// more faults through the runner's fault_budget).
TranslatedRuns::Entry TranslatedRuns::make_run(RouteRunner& runner, Frame& f) {
  for (std::size_t i = 2; i < f.key.size(); ++i) f.run_set.insert(f.key[i]);
  Entry e;
  e.delivered = runner.run(f.run_set, f.key[0], f.key[1], std::nullopt, false).delivered();
  for (std::size_t i = 2; i < f.key.size(); ++i) f.run_set.erase(f.key[i]);
  for (std::size_t u : runner.reads()) e.reads.push_back(static_cast<std::uint32_t>(u));
  ++runs_;
  return e;
}

void TranslatedRuns::make_fault_free_runs(RouteRunner& runner) {
  const Network& net = runner.model().network();
  Frame f(runner.model());
  fault_free_.resize(roots_.size() * nodes_);
  readers_.resize(roots_.size() * units_);
  for (std::size_t r = 0; r < roots_.size(); ++r)
    for (NodeId d = 0; d < nodes_; ++d) {
      // Only pairs of terminals are asked about (translations keep node kinds).
      if (d == roots_[r] || !net.is_terminal(roots_[r]) || !net.is_terminal(d)) continue;
      f.key.assign({roots_[r], d});
      Entry& e = fault_free_[r * nodes_ + d];
      e = make_run(runner, f);
      for (std::uint32_t u : e.reads) readers_[r * units_ + u].push_back(d);
    }
}

void TranslatedRuns::enter(RouteRunner& runner, std::span<const std::size_t> faults, NodeId s, Frame& f) {
  std::call_once(fault_free_once_, [&] { make_fault_free_runs(runner); });
  for (std::uint32_t u : f.units) f.marked.erase(u);
  f.units.clear();
  for (std::size_t u : faults) f.units.push_back(frames_.unit(s, u));
  std::sort(f.units.begin(), f.units.end());
  for (std::uint32_t u : f.units) f.marked.insert(u);
  f.s = s;
  f.slot = slot_[s];
  if (++f.epoch == 0) {  // wrapped: forget every old mark
    std::fill(f.touched.begin(), f.touched.end(), 0);
    f.epoch = 1;
  }
  for (std::uint32_t u : f.units)
    for (NodeId d : readers_[f.slot * units_ + u]) f.touched[d] = f.epoch;
}

// The memo's entry for f.key, made by one run if missing.  Past the cap the
// run goes into `scratch` instead of the memo.
const TranslatedRuns::Entry& TranslatedRuns::lookup(RouteRunner& runner, Frame& f, Entry& scratch) {
  if (auto it = memo_.find(f.key); it != memo_.end()) return it->second;
  Entry e = make_run(runner, f);
  if (entries_.load(std::memory_order_relaxed) >= max_entries_) {
    scratch = std::move(e);
    return scratch;
  }
  auto [it, inserted] = memo_.emplace(f.key, std::move(e));
  entries_ += inserted;
  return it->second;
}

bool TranslatedRuns::delivered(RouteRunner& runner, NodeId d, Frame& f) {
  const NodeId target = frames_.node(f.s, d);
  const Entry* e = &fault_free_[f.slot * nodes_ + target];
  if (f.touched[target] != f.epoch) return e->delivered;  // F' holds nothing the fault-free run read
  f.key.assign({roots_[f.slot], target});
  Entry scratch;
  for (;;) {
    const std::size_t before = f.key.size();
    for (std::uint32_t u : e->reads)
      if (f.marked.contains(u)) f.key.push_back(u);
    if (f.key.size() == before) return e->delivered;
    std::sort(f.key.begin() + 2, f.key.end());
    e = &lookup(runner, f, scratch);
  }
}

}  // namespace menger
