// The symbolic route search (symbolic_search.h: method and proof).
#include "verify/route/symbolic_search.h"

#include "core/error.h"

namespace menger {

// ---- DecisionScript ---------------------------------------------------------

int DecisionScript::choose(bool allow0, bool allow1) {
  if (next_ < taken_.size()) {
    const int want = taken_[next_];
    if (want == 0 ? !allow0 : !allow1) throw Pruned{};
    if (want == 0 && !allow1) open_[next_] = 0;
    ++next_;
    return want;
  }
  if (!allow0 && !allow1) throw InternalError("symbolic search: a question with no answer the state allows");
  const int take = allow0 ? 0 : 1;
  if (tokens_ && !allow0) tokens_->push_back(kProofInfeasible);  // answer 0's side, written first
  taken_.push_back(static_cast<std::uint8_t>(take));
  open_.push_back(take == 0 && allow1);
  ++next_;
  return take;
}

bool DecisionScript::advance() {
  while (!taken_.empty() && !open_.back()) {
    if (tokens_ && taken_.back() == 0) tokens_->push_back(kProofInfeasible);  // answer 1 was not allowed
    taken_.pop_back();
    open_.pop_back();
  }
  if (taken_.empty()) return false;
  taken_.back() = 1;
  open_.back() = 0;
  return true;
}

void DecisionScript::cut_after_current() {
  taken_.resize(next_ + 1);
  open_.resize(next_ + 1);
}

// ---- SymbolicFaultView ------------------------------------------------------

SymbolicFaultView::SymbolicFaultView(const FaultModel& model, FaultKnowledge knowledge, PartialFaults& state,
                                     DecisionScript& script)
    : model_(model), knowledge_(knowledge), state_(state), script_(script) {}

// Every Unknown unit asked about is a decision, forced or not, so that a
// replayed script meets its decisions in the same places.
bool SymbolicFaultView::unit_faulty(std::optional<std::size_t> unit) {
  if (!unit) return false;
  switch (state_.state(*unit)) {
    case PartialFaults::State::Faulty: return true;
    case PartialFaults::State::Healthy: return false;
    case PartialFaults::State::Unknown: break;
  }
  if (proof_ && !script_.replaying()) proof_->tokens.push_back(proof_branch(*unit, true));
  const bool faulty = script_.choose(state_.allows(*unit, false), state_.allows(*unit, true)) == 1;
  state_.assign(*unit, faulty);
  return faulty;
}

bool SymbolicFaultView::node_faulty(NodeId v) {
  require_local_node(network(), knowledge_, here_, v);
  return unit_faulty(model_.unit_of_node(v));
}

bool SymbolicFaultView::link_faulty(LinkId l) {
  require_local_link(network(), knowledge_, here_, l);
  return unit_faulty(model_.unit_of_link(l));
}

bool SymbolicFaultView::faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) {
  for (NodeId v : region) require_local_node(network(), knowledge_, here_, v);
  if (auto known = state_.implied_count(region, threshold)) return *known;  // asked before in this run
  PartialFaults::Tally tally = state_.tally(region);
  const bool fewer = state_.allows_count(tally, threshold, false);
  const bool at_least = state_.allows_count(tally, threshold, true);
  if (proof_ && !script_.replaying()) {
    auto [it, added] = region_index_.emplace(std::vector<NodeId>(region.begin(), region.end()), proof_->regions.size());
    if (added) proof_->regions.push_back(it->first);
    proof_->tokens.insert(proof_->tokens.end(), {kProofCount, it->second, threshold});
  }
  const bool answer = script_.choose(fewer, at_least) == 1;
  state_.add_count(std::move(tally), threshold, answer);
  return answer;
}

PathAnswer SymbolicFaultView::least_path(const PathQuestion& q) {
  if (knowledge_ == FaultKnowledge::Local) return FaultView::least_path(q);  // node by node, checked
  if (PathAnswer known = paths_.suffix(q); known.found()) return known;     // decided Healthy already
  PathAnswer a = decide_path(q);
  paths_.remember(q, a);
  return a;
}

// The least path under the Faulty units; then its Unknown units in order
// (header): the first one decided Faulty asks the question again.
PathAnswer SymbolicFaultView::decide_path(const PathQuestion& q) {
  auto healthy = [this](std::optional<std::size_t> u) {
    return !u || state_.state(*u) != PartialFaults::State::Faulty;
  };
  const PathOracles ok{[&](NodeId v) { return healthy(model_.unit_of_node(v)); },
                       [&](LinkId l) { return healthy(model_.unit_of_link(l)); }};
  while (true) {
    PathAnswer a = least_shortest_path(network(), q, ok, path_scratch_);
    if (!a.found()) return a;
    bool spared = true;
    for (NodeId v : answer_nodes(q, a))
      if (spared && unit_faulty(model_.unit_of_node(v))) spared = false;
    for (LinkId l : answer_links(network(), q, a))
      if (spared && unit_faulty(model_.unit_of_link(l))) spared = false;
    if (spared) return a;
  }
}

void SymbolicFaultView::record(PairProof* proof) {
  proof_ = proof;
  region_index_.clear();
}

bool SymbolicFaultView::hop_blocked(const PortSlot& slot) {
  if (!slot.connected()) return true;
  if (unit_faulty(model_.unit_of_link(slot.link))) return true;
  return unit_faulty(model_.unit_of_node(slot.peer));
}

// Breadth-first from s over the arcs, through nodes that forward, under the
// Faulty units; the tree path to d is then decided unit by unit, as a path
// question's is (any path serves: its health proves the pair connected).
bool SymbolicFaultView::connected(NodeId s, NodeId d) {
  const Network& net = network();
  auto healthy = [this](std::optional<std::size_t> u) {
    return !u || state_.state(*u) != PartialFaults::State::Faulty;
  };
  while (true) {
    if (!healthy(model_.unit_of_node(s)) || !healthy(model_.unit_of_node(d))) return false;
    std::vector<std::uint64_t> via(net.num_nodes(), UINT64_MAX);  // arc that reached the node
    std::vector<NodeId> parent(net.num_nodes(), kNoNode), queue{s};
    parent[s] = s;
    for (std::size_t head = 0; head < queue.size() && parent[d] == kNoNode; ++head) {
      const NodeId x = queue[head];
      if (x != s && !net.forwards(x)) continue;
      for (std::uint64_t arc = net.out_begin(x); arc != net.out_end(x); ++arc) {
        const NodeId y = net.arc_target(arc);
        if (parent[y] != kNoNode || !healthy(model_.unit_of_node(y)) || !healthy(model_.unit_of_link(net.arc_link(arc))))
          continue;
        parent[y] = x;
        via[y] = arc;
        queue.push_back(y);
      }
    }
    if (parent[d] == kNoNode) return false;
    std::vector<std::uint64_t> arcs;
    for (NodeId y = d; y != s; y = parent[y]) arcs.push_back(via[y]);
    bool spared = true;
    for (auto it = arcs.rbegin(); it != arcs.rend() && spared; ++it)
      if (unit_faulty(model_.unit_of_link(net.arc_link(*it))) || unit_faulty(model_.unit_of_node(net.arc_target(*it))))
        spared = false;
    if (spared) return true;
  }
}

// ---- SymbolicPairSearch -----------------------------------------------------

// Writes the walk into a proof's tree while it lives (the worker's search is
// reused: it never goes on writing into a tree after the walk).
SymbolicPairSearch::Recording::Recording(SymbolicPairSearch& search, PairProof* tree) : search_(search), tree_(tree) {
  search_.script_.record(tree ? &tree->tokens : nullptr);
  search_.view_.record(tree);
}

void SymbolicPairSearch::Recording::stop() {
  tree_ = nullptr;
  search_.script_.record(nullptr);
  search_.view_.record(nullptr);
}

SymbolicPairSearch::SymbolicPairSearch(const Routing& routing, const FaultModel& model, RunLimits limits)
    : model_(model), runner_(routing, model, limits), state_(model),
      view_(model, routing.knowledge(), state_, script_) {}

void SymbolicPairSearch::start_run(NodeId s, NodeId d, std::uint32_t budget) {
  state_.reset(budget);
  for (NodeId v : {s, d})
    if (auto u = model_.unit_of_node(v); u && state_.state(*u) == PartialFaults::State::Unknown)
      state_.assign(*u, false);  // a required pair's ends are healthy
  script_.rewind();
  view_.begin_run();
}

// The least size the leaf's state admits at which its run fails: any size
// when the packet was not delivered, else one whose path bound it exceeds.
std::optional<std::uint32_t> SymbolicPairSearch::failing_size(const RunResult& run, std::uint32_t distance,
                                                              const PathBound& bound) {
  const std::vector<std::uint32_t> sizes = state_.sizes();
  if (sizes.empty()) throw InternalError("symbolic search: a leaf whose state admits no fault set");
  if (!run.delivered()) return sizes.front();
  for (std::uint32_t j : sizes)
    if (auto b = bound.at(j, distance); b && run.hops > *b) return j;
  return std::nullopt;
}

// A concrete fault set of the leaf, run again by the recording runner, which
// must fail the same way (header, "Witnesses").
RouteFailure SymbolicPairSearch::witness(NodeId s, NodeId d, std::uint32_t size, std::uint32_t distance,
                                         const PathBound& bound, const RunResult& symbolic_run) {
  const FaultSet faults(model_.universe().size(), state_.completion(size));
  const auto b = bound.at(size, distance);
  RunResult run = runner_.run(faults, s, d, b, true);
  const bool same = symbolic_run.delivered() ? run.outcome == RunOutcome::TooLong && run.hops == symbolic_run.hops
                                             : run.outcome == symbolic_run.outcome;
  if (!same)
    throw InternalError("symbolic search: the concrete run of its witness " + faults.to_string(model_.universe()) +
                        " for " + model_.network().label(s) + " -> " + model_.network().label(d) + " ends " +
                        std::string(to_string(run.outcome)) + ", the symbolic run " +
                        std::string(to_string(symbolic_run.outcome)));
  return RouteFailure{faults, RoutePair{s, d}, std::move(run), b, !physically_connected(model_, faults, s, d)};
}

SymbolicPairResult SymbolicPairSearch::search(NodeId s, NodeId d, std::uint32_t distance, std::uint32_t k,
                                              const PathBound& bound, bool excuse_disconnected,
                                              const std::function<bool()>& out_of_time, std::optional<PairProof>* tree) {
  SymbolicPairResult r;
  r.stats.resize(k + 1);
  script_.clear();
  Recording recording(*this, tree ? &tree->emplace(PairProof{s, d, {}, {}}) : nullptr);
  auto drop_tree = [&] {
    recording.stop();
    if (tree) tree->reset();
  };
  std::uint32_t budget = k;
  do {
    if (out_of_time()) {
      r.complete = false;
      drop_tree();
      break;
    }
    start_run(s, d, budget);
    try {
      const RunResult run = runner_.run_in(view_, s, d, std::nullopt, false);
      auto j = failing_size(run, distance, bound);
      bool excused = false;
      if (j && excuse_disconnected) {
        if (!view_.connected(s, d)) {
          ++r.stats[state_.faulty_count()].disconnected;
          j.reset();
          excused = true;
        } else {
          j = failing_size(run, distance, bound);
        }
      }
      ++r.stats[state_.faulty_count()].runs;
      if (j) {
        drop_tree();  // the budget moves: the rest of the walk is not the tree to k
        ++r.stats[*j].failures;
        r.failure = witness(s, d, *j, distance, bound, run);
        r.failure_level = *j;
        if (*j == 0) break;
        budget = *j - 1;
      } else {
        recording.leaf(excused ? kProofExcused : kProofDelivered);
      }
    } catch (const DecisionScript::Pruned&) {
      ++r.stats[std::min(state_.faulty_count(), k)].runs;
      script_.cut_after_current();
    }
  } while (script_.advance());
  return r;
}

// The search's tree again at a fixed budget, written as it is walked (header,
// "The proof").  Nothing is pruned: the budget never moves.
bool SymbolicPairSearch::prove(NodeId s, NodeId d, std::uint32_t distance, std::uint32_t k, const PathBound& bound,
                               bool excuse_disconnected, const std::function<bool()>& out_of_time, PairProof& out) {
  out = PairProof{s, d, {}, {}};
  script_.clear();
  Recording recording(*this, &out);
  auto contradiction = [&](const std::string& what) {
    return InternalError("symbolic proof: " + what + " for " + model_.network().label(s) + " -> " +
                         model_.network().label(d) + " within " + std::to_string(k) +
                         " faults, after the search found no failure");
  };
  do {
    if (out_of_time()) return false;
    start_run(s, d, k);
    try {
      const RunResult run = runner_.run_in(view_, s, d, std::nullopt, false);
      auto j = failing_size(run, distance, bound);
      if (j && excuse_disconnected) {
        if (!view_.connected(s, d)) {
          recording.leaf(kProofExcused);
          continue;
        }
        j = failing_size(run, distance, bound);
      }
      if (j) throw contradiction("a leaf fails");
      recording.leaf(kProofDelivered);
    } catch (const DecisionScript::Pruned&) {
      throw contradiction("a replayed decision was pruned");
    }
  } while (script_.advance());
  return true;
}

}  // namespace menger
