#include "verify/route/route_search.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <unordered_set>

#include "core/checkpoint_file.h"
#include "core/error.h"
#include "core/json_io.h"
#include "verify/symmetry/automorphisms.h"
#include "core/version.h"
#include "verify/structure/distances.h"
#include "verify/route/proof_tree.h"
#include "verify/route/route_checkpoint.h"
#include "verify/check/routing_symmetry_check.h"
#include "verify/route/symbolic_search.h"
#include "verify/symmetry/translations.h"

namespace menger {

namespace {

using Clock = std::chrono::steady_clock;
using Units = std::vector<std::size_t>;

struct UnitsHash {
  std::size_t operator()(const Units& u) const {
    std::size_t h = u.size();
    for (std::size_t x : u) h = h * 1000003 + x;
    return h;
  }
};

double binomial_sum(std::size_t n, std::uint32_t k) {
  double total = 0, term = 1;  // term = C(n, j)
  for (std::uint32_t j = 0; j <= k && j <= n; ++j) {
    total += term;
    term = term * static_cast<double>(n - j) / static_cast<double>(j + 1);
  }
  return total;
}

// Per-pair state of the level-by-level search inside one chunk.
struct PairSearch {
  RoutePair pair;
  std::size_t index = 0;            // in the examined list (tie-break)
  std::uint32_t distance = 0;       // fault-free
  std::vector<Units> frontier{Units{}};
  bool done = false;                // searched to its last level, or failed
  std::vector<RouteLevelStats> stats;
  std::optional<RouteFailure> failure;  // first failure of its failing level
  std::uint32_t failure_level = 0;
  std::vector<Units> failing;           // with list_failures: every failing set of that level
  std::optional<PairProof> tree;        // the symbolic search's own walk as a proof tree to k, when whole
};

struct Worker {
  RouteRunner runner;
  FaultSet faults;
  std::unique_ptr<SymbolicPairSearch> symbolic;  // made on first use
};
using Workers = tbb::enumerable_thread_specific<Worker>;

// Where a run stands between chunks.
struct RunState {
  std::optional<std::uint32_t> fail_level;  // of the search's failure so far
  std::optional<RouteCheckpoint> checkpoint;
  std::uint64_t taken = 0;      // chunks merged from the checkpoint
  std::uint64_t rechecked = 0;  // chunks the checkpoint holds, searched again and found equal
  std::uint64_t replayed = 0;   // failures the checkpoint's records claim, re-run
  struct Stop {  // how far the chunk the time budget stopped got (for UNKNOWN)
    bool known = false, level0_done = false;
    std::uint32_t complete_level = 0;  // every pair of the chunk settled up to here
  } stop;
};

class Search {
 public:
  Search(const Routing& routing, const FaultModel& model, const RouteCheckOptions& opt)
      : routing_(routing), model_(model), opt_(opt), bound_(model, opt.path_bound, opt.k),
        start_(Clock::now()) {
    limits_ = opt.limits;
    limits_.fault_budget = opt.k;
    if (opt.symbolic && (opt.naive || opt.settle_all))
      throw InputError("the symbolic search finds the least failing fault sets; it does not combine with " +
                       std::string(opt.naive ? "the naive baseline" : "settle-all (use the lazy search)"));
    if (opt.list_failures && (opt.symbolic || !opt.checkpoint.empty() || opt.farm))
      throw InputError("listing the failing fault sets needs the lazy or naive search in one process without a "
                       "checkpoint (it keeps every failing set in memory), not " +
                       std::string(opt.symbolic ? "the symbolic search" : opt.farm ? "mpirun" : "--checkpoint"));
    if (opt.prove && opt.naive)
      throw InputError("a proof is written by the lazy or the symbolic search, not by the naive baseline");
    // The proof checker replays every choice (verify/check/route_proof_check.h)
    // and the symbolic search's tests cover that reading only.
    if (opt.limits.choices == ChoiceRule::Some && (opt.prove || opt.symbolic))
      throw InputError("choices = some (some choice sequence delivers) is searched by the lazy or naive search "
                       "without a proof; " + std::string(opt.prove ? "a proof re-checks every choice" : "not yet by the symbolic search"));
  }

  RouteCheckResult run();

 private:
  // How far the search got (core/coverage.h): pairs settled, and what that proves.
  Coverage coverage(const RouteCheckResult& r, const RunState& st) const;
  // The chunk loop, in this process or spread over a farm of processes.
  void run_here(const std::vector<RoutePair>& pairs, RouteCheckResult& r, Workers& workers, RunState& st);
  void run_farm(const std::vector<RoutePair>& pairs, RouteCheckResult& r, Workers& workers, RunState& st);
  std::size_t chunk_count(const std::vector<RoutePair>& pairs) const;
  std::optional<std::uint32_t> last_level(std::optional<std::uint32_t> fail_level) const;
  std::vector<PairSearch> make_chunk(const std::vector<RoutePair>& pairs, std::size_t c) const;
  std::optional<std::uint32_t> search_chunk(std::vector<PairSearch>& chunk, std::uint32_t last, Workers& workers,
                                            RunState::Stop& stop);
  static const PairSearch& first_failure(const std::vector<PairSearch>& chunk, std::uint32_t level);
  ChunkRecord own_record(std::size_t c, const std::vector<PairSearch>& chunk, std::optional<std::uint32_t> failed,
                         std::optional<std::uint32_t> fail_level) const;
  ChunkRecord cut_to(ChunkRecord own, std::uint32_t last) const;
  void fold(const ChunkRecord& own, std::optional<RouteFailure> failure, RouteCheckResult& r,
            std::optional<std::uint32_t>& fail_level) const;
  // What a chunk's record says of the search's failure: the failure after the
  // chunk (a checkpoint's record), or the chunk's own (another process's result).
  enum class Carries { SearchFailure, OwnFailure };
  void fold_checked(std::size_t c, const ChunkRecord& own, Carries carries, const std::vector<RoutePair>& pairs,
                    RouteCheckResult& r, RunState& st) const;
  // Checkpoint: the question a file must match, and the state of the chunks it settled.
  nlohmann::json question(const RouteCheckResult& r) const;
  std::size_t open_checkpoint(const std::vector<RoutePair>& pairs, RouteCheckResult& r, RunState& st) const;
  std::size_t restore(const std::vector<RoutePair>& pairs, RouteCheckResult& r, RunState& st) const;
  void settled(std::size_t c, const ChunkRecord& own, const RouteCheckResult& r, RunState& st) const;
  std::string plan_problem(const ChunkRecord& rec, std::size_t c, Carries carries, const std::vector<RoutePair>& pairs,
                           const std::optional<RouteFailure>& failure, std::optional<std::uint32_t> fail_level) const;
  std::string failure_problem(const ChunkRecord::Failure& f, const RouteFailure& rebuilt) const;
  RouteFailure rebuild(const ChunkRecord::Failure& f) const;
  RouteFailure replayed(const ChunkRecord::Failure& f) const;  // rebuilt, and refused unless it fails as recorded
  ChunkRecord checkpoint_record(ChunkRecord own, const RouteCheckResult& r,
                                std::optional<std::uint32_t> fail_level) const;
  // With list_failures: the failing sets of the least failing level so far, with their pairs.
  void collect_failing(const std::vector<PairSearch>& chunk);
  void list_failing(RouteCheckResult& r) const;
  std::optional<std::uint32_t> failing_level_;
  std::map<Units, std::vector<RoutePair>> failing_;
  // The proof (RouteCheckOptions::proof): the generators the pairs were chosen by, and a chunk's trees.
  mutable std::string proof_symmetry_ = "none";
  mutable std::vector<Permutation> proof_generators_;
  void write_proofs(const std::vector<RoutePair>& pairs, const RouteCheckResult& r, Workers& workers);
  void write_proofs_farm(const std::vector<RoutePair>& pairs, Workers& workers, std::uint32_t k);
  bool proof_shard(const std::vector<PairSearch>& chunk, Workers& workers, std::uint32_t k, std::vector<PairProof>& shard);
  TreeRun tree_run(const PairSearch& p, const Units& f, Worker& w);
  struct ProofStopped {};  // the budget ran out while the proof was written
  // The symbolic search's own trees to k, per chunk searched here, while
  // every pair's is whole and they stay under kKeptTokens in all: written
  // as the proof when nothing failed, in place of the second pass.
  static constexpr std::uint64_t kKeptTokens = 64u << 20;
  std::map<std::size_t, std::vector<PairProof>> kept_trees_;
  std::uint64_t kept_tokens_ = 0;
  bool keep_trees_ = true;
  void keep_trees(std::size_t c, std::vector<PairSearch>& chunk);
  const Routing& routing_;
  const FaultModel& model_;
  const RouteCheckOptions& opt_;
  PathBound bound_;
  RunLimits limits_;
  Clock::time_point start_;
  std::atomic<bool> expired_{false};

  // The question's budget (deadline, memory limit, cancellation).
  bool out_of_time() {
    if (!expired_.load(std::memory_order_relaxed) && opt_.budget.passed())
      expired_ = true;
    return expired_.load(std::memory_order_relaxed);
  }
  std::vector<RoutePair> examined_pairs(RouteCheckResult& r) const;
  void naive_level(PairSearch& p, std::uint32_t level, std::uint32_t last_level, Worker& w);
  bool judge(PairSearch& p, const Units& f, std::uint32_t level, RouteLevelStats& st, Worker& w);
  void search_level(PairSearch& p, std::uint32_t level, std::uint32_t last_level, Worker& w);
  void search_symbolic(PairSearch& p, Worker& w);
  bool pair_required_under(const Units& f, const RoutePair& p) const;
};

// Translations that join the node orbits as all of them do, kept in order
// when one joins two orbits so far: every source of an orbit is then the image
// of its least node under the group they span, which is what a proof's pairs
// need (each (s', d') is the image of (root, d) for some d).
std::vector<Permutation> spanning_translations(std::size_t n, const std::vector<std::vector<NodeId>>& all) {
  std::vector<NodeId> parent(n);
  std::iota(parent.begin(), parent.end(), NodeId{0});
  auto find = [&](NodeId v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  std::vector<Permutation> kept;
  for (const auto& t : all) {
    bool joins = false;
    for (NodeId v = 0; v < n; ++v) {
      const NodeId a = find(v), b = find(t[v]);
      if (a != b) {
        parent[std::max(a, b)] = std::min(a, b);
        joins = true;
      }
    }
    if (joins) kept.push_back(t);
  }
  return kept;
}

// Orbit sizes from a root map: size[r] = how many nodes have root r.
std::vector<std::uint64_t> orbit_sizes(const std::vector<NodeId>& root) {
  std::vector<std::uint64_t> size(root.size(), 0);
  for (NodeId r : root) ++size[r];
  return size;
}

// The pairs of the header's port-automorphism reduction.  A generator the
// routing is caught not commuting with is a bug in its declaration: an error,
// never a silent reduction.
std::vector<RoutePair> port_orbit_pairs(const Routing& routing, const FaultModel& model, std::vector<RoutePair> all,
                                        RouteCheckResult& r, const Budget& budget, std::vector<Permutation>& used) {
  const std::vector<std::uint64_t> colours = routing.symmetry_colours(model.network());
  const NodeGroup g = fault_model_automorphisms(model, {}, Preserve::Ports, colours, budget);
  if (g.generators.empty()) return all;
  constexpr std::size_t kSpotRuns = 32;
  for (std::size_t i = 0; i < g.generators.size(); ++i)
    if (auto why = commutation_problem(routing, model, g.generators[i], 2, kSpotRuns, i + 1))
      throw InternalError("routing " + routing.spec() + " declares that it commutes with the port-keeping "
                          "automorphisms, but not with generator " + std::to_string(i) + ": " + *why);
  std::map<NodeId, std::vector<NodeId>> stabiliser_root;  // per source representative
  const std::vector<std::uint64_t> orbit = orbit_sizes(g.root);
  std::vector<RoutePair> reps;
  for (RoutePair p : all) {
    if (g.root[p.s] != p.s) continue;
    auto it = stabiliser_root.find(p.s);
    if (it == stabiliser_root.end()) {
      const NodeId fixed[] = {p.s};
      it = stabiliser_root.emplace(p.s, fault_model_automorphisms(model, fixed, Preserve::Ports, colours, budget).root).first;
    }
    if (it->second[p.d] != p.d) continue;
    p.weight = orbit[p.s] * static_cast<std::uint64_t>(std::count(it->second.begin(), it->second.end(), p.d));
    reps.push_back(p);
  }
  r.symmetry_used = true;
  r.symmetry = std::string(colours.empty() ? "port automorphisms" : "port automorphisms keeping the routing's colours") +
               " (order " + g.order + ")";
  used = g.generators;  // the pairs (g s, g h d) are G's orbits of the representatives: G's generators span them
  return reps;
}

bool Search::pair_required_under(const Units& f, const RoutePair& p) const {
  for (NodeId v : {p.s, p.d}) {
    auto u = model_.unit_of_node(v);
    if (u && std::binary_search(f.begin(), f.end(), *u)) return false;
  }
  return true;
}

std::vector<RoutePair> Search::examined_pairs(RouteCheckResult& r) const {
  std::vector<RoutePair> all = required_pairs(model_, opt_.budget);
  r.pairs_total = all.size();
  const Network& net = model_.network();
  auto gens = net.topology().translations();
  if (!opt_.symmetry || opt_.list_failures) return all;  // a listed set's pairs are every pair it breaks
  if (gens.empty() || !routing_.translation_invariant() || !symmetric_fault_model(model_)) {
    if (!routing_.port_automorphism_invariant()) return all;
    auto reps = port_orbit_pairs(routing_, model_, std::move(all), r, opt_.budget, proof_generators_);
    if (r.symmetry_used) proof_symmetry_ = "port automorphisms";
    return reps;
  }
  r.symmetry_used = true;
  r.symmetry = "translations";
  proof_symmetry_ = "translations";
  if (opt_.prove) proof_generators_ = spanning_translations(net.num_nodes(), gens);  // |T| x nodes steps
  std::vector<NodeId> root = orbit_roots(net, gens);
  const std::vector<std::uint64_t> orbit = orbit_sizes(root);
  std::vector<RoutePair> reps;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if ((i & 0xffff) == 0) opt_.budget.check("choosing one pair per orbit", i, all.size());
    if (root[all[i].s] != all[i].s) continue;
    reps.push_back(all[i]);
    reps.back().weight = orbit[all[i].s];
  }
  return reps;
}

// Runs the pair under w.faults and counts the outcome; keeps the pair's first
// failure (sets come in sorted order, so it is the least).  Returns whether
// the set may be extended: when delivered, or with settle_all when the routing
// failed on a pair that is still connected (a cut stays a cut under more faults).
bool Search::judge(PairSearch& p, const Units& f, std::uint32_t level, RouteLevelStats& st, Worker& w) {
  const auto bound = bound_.at(level, p.distance);
  const RunResult res = w.runner.run(w.faults, p.pair.s, p.pair.d, bound, false);
  ++st.runs;
  if (res.delivered()) return true;
  const bool cut = !physically_connected(model_, w.faults, p.pair.s, p.pair.d);
  st.disconnected += cut;
  if (!cut || !opt_.excuse_disconnected) {
    ++st.failures;
    if (!p.failure) {
      p.failure = RouteFailure{w.faults, p.pair, w.runner.run(w.faults, p.pair.s, p.pair.d, bound, true), bound, cut};
      p.failure_level = level;
    }
    if (opt_.list_failures && level == p.failure_level) p.failing.push_back(f);
  }
  return opt_.settle_all && !cut;
}

// One level of one pair: run every set of the frontier; failing sets and
// excused sets stop, delivered ones extend by their reads (below the last level).
void Search::search_level(PairSearch& p, std::uint32_t level, std::uint32_t last_level, Worker& w) {
  if (opt_.symbolic) {
    if (level == 0) search_symbolic(p, w);
    return;
  }
  if (p.stats.size() <= level) p.stats.resize(level + 1);
  RouteLevelStats& st = p.stats[level];
  std::unordered_set<Units, UnitsHash> next;
  for (const Units& f : p.frontier) {
    if (out_of_time()) return;
    for (std::size_t u : f) w.faults.insert(u);
    const bool extend = judge(p, f, level, st, w);
    if (extend && level < last_level) {
      for (std::size_t u : w.runner.reads()) {
        Units child = f;
        child.insert(std::upper_bound(child.begin(), child.end(), u), u);
        if (pair_required_under(child, p.pair)) next.insert(std::move(child));
      }
    }
    for (std::size_t u : f) w.faults.erase(u);
  }
  p.frontier.assign(next.begin(), next.end());
  std::sort(p.frontier.begin(), p.frontier.end());
  if ((p.failure && !opt_.settle_all) || level == last_level || p.frontier.empty()) {
    p.done = true;
    p.frontier.clear();
  }
}

// The whole search of the pair, every level at once: the level loop of
// search_chunk then finds the pair done, with its failure at its level.  It
// searches to k whatever level an earlier chunk failed at, so that a chunk's
// record does not depend on which chunks were known when it was searched
// (processes, header): the pair lowers its own budget at its own failures.
void Search::search_symbolic(PairSearch& p, Worker& w) {
  if (!w.symbolic) w.symbolic = std::make_unique<SymbolicPairSearch>(routing_, model_, limits_);
  SymbolicPairResult r = w.symbolic->search(p.pair.s, p.pair.d, p.distance, opt_.k, bound_,
                                            opt_.excuse_disconnected, [this] { return out_of_time(); },
                                            opt_.prove && !opt_.farm ? &p.tree : nullptr);
  p.stats = std::move(r.stats);
  if (r.failure) {
    p.failure = std::move(r.failure);
    p.failure_level = r.failure_level;
  }
  p.done = r.complete;
  p.frontier.clear();
}

// The baseline of bench/: every fault set of this size, in lexicographic
// order, without looking at what the runs read.
void Search::naive_level(PairSearch& p, std::uint32_t level, std::uint32_t last_level, Worker& w) {
  if (p.stats.size() <= level) p.stats.resize(level + 1);
  RouteLevelStats& st = p.stats[level];
  const std::size_t n = model_.universe().size();
  if (level > n) return;
  Units f(level);
  std::iota(f.begin(), f.end(), std::size_t{0});
  do {
    if (out_of_time()) return;
    if (pair_required_under(f, p.pair)) {
      for (std::size_t u : f) w.faults.insert(u);
      judge(p, f, level, st, w);
      for (std::size_t u : f) w.faults.erase(u);
    }
  } while (next_combination(f, n));
  if ((p.failure && !opt_.settle_all) || level == last_level) p.done = true;
}

RouteCheckResult Search::run() {
  RouteCheckResult r;
  r.engine = opt_.symbolic ? "symbolic" : opt_.naive ? "naive" : "lazy";
  r.levels.resize(opt_.k + 1);
  const std::vector<RoutePair> pairs = examined_pairs(r);
  r.pairs_examined = pairs.size();
  r.naive_runs = binomial_sum(model_.universe().size(), opt_.k) * static_cast<double>(r.pairs_total);
  Workers workers([&] { return Worker{RouteRunner(routing_, model_, limits_), FaultSet(model_.universe().size()), nullptr}; });
  RunState st;
  if (opt_.farm) run_farm(pairs, r, workers, st);
  else run_here(pairs, r, workers, st);
  if (expired_) {
    r.status = r.failure ? RouteCheckResult::Status::Fails : RouteCheckResult::Status::Unknown;
    r.minimum_proved = false;
    r.coverage = coverage(r, st);
  } else {
    r.status = r.failure ? RouteCheckResult::Status::Fails : RouteCheckResult::Status::Holds;
    r.coverage = coverage(r, st);
  }
  if (opt_.list_failures) list_failing(r);
  if (opt_.prove && !expired_) write_proofs(pairs, r, workers);
  r.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return r;
}

// The proof (RouteCheckOptions::proof) of what the search settled: no
// failure up to k, or, when the least failure has m faults, none up to m - 1
// (the witness shows m).  A second pass over every examined pair, chunk by
// chunk; abandoned when the budget runs out, the verdict unchanged.
void Search::write_proofs(const std::vector<RoutePair>& pairs, const RouteCheckResult& r, Workers& workers) {
  const std::size_t least = r.failure ? r.failure->faults.count() : opt_.k + 1;
  int proved = least == 0 || (r.failure && !r.minimum_proved) ? -1 : static_cast<int>(least - 1);
  if (opt_.farm) proved = opt_.farm->agree(proved);  // only the coordinator holds the merged result
  if (proved < 0) {
    if (opt_.proof) opt_.proof->abandon();
    return;
  }
  if (opt_.proof) opt_.proof->begin(proof_symmetry_, proof_generators_, static_cast<std::uint32_t>(proved));
  if (opt_.farm) return write_proofs_farm(pairs, workers, static_cast<std::uint32_t>(proved));
  if (keep_trees_ && static_cast<std::uint32_t>(proved) == opt_.k && kept_trees_.size() == chunk_count(pairs)) {
    for (auto& [c, shard] : kept_trees_) opt_.proof->shard(c, shard);
    return;
  }
  for (std::size_t c = 0; c < chunk_count(pairs); ++c) {
    std::vector<PairProof> shard;
    if (!proof_shard(make_chunk(pairs, c), workers, static_cast<std::uint32_t>(proved), shard))
      return opt_.proof->abandon();
    opt_.proof->shard(c, shard);
  }
}

// The same pass spread over the farm's processes: each builds a chunk's trees
// and sends them back as JSON; the coordinator writes them in chunk order.
void Search::write_proofs_farm(const std::vector<RoutePair>& pairs, Workers& workers, std::uint32_t k) {
  ShardJob job;
  job.count = chunk_count(pairs);
  job.start = [] { return std::size_t{0}; };
  job.context = [k](std::size_t) -> std::optional<std::string> { return std::to_string(k); };
  job.work = [&](std::size_t c, const std::string& context) {
    std::vector<PairProof> shard;
    proof_shard(make_chunk(pairs, c), workers, static_cast<std::uint32_t>(std::stoul(context)), shard);
    nlohmann::json j = nlohmann::json::array();
    for (const PairProof& p : shard) j.push_back({p.s, p.d, p.tokens, p.regions});
    return json_text(j);
  };
  job.arrived = [](std::size_t, const std::string&) {};
  job.merge = [&](std::size_t c, const std::string& text) {
    std::vector<PairProof> shard;
    try {
      // Checked reads (core/json_io.h): a number out of range is refused, not wrapped.
      for (const auto& p : parse_json(text, "a proof shard from another process")) {
        if (!p.is_array() || p.size() != 4) throw InputError("a pair's record is not [s, d, tokens, regions]");
        shard.push_back({json_as<NodeId>(p[0], "s"), json_as<NodeId>(p[1], "d"),
                         json_as<std::vector<std::uint64_t>>(p[2], "tokens"),
                         json_as<std::vector<std::vector<NodeId>>>(p[3], "regions")});
      }
    } catch (const InputError& e) {
      throw InternalError(std::string("a process sent back a malformed proof shard: ") + e.what());
    }
    opt_.proof->shard(c, shard);  // checked with the whole proof by the independent checker
    return true;
  };
  opt_.farm->run(job);
}

// Keeps a chunk's symbolic trees (kept_trees_); any missing tree, or too
// many tokens, gives the keeping up for the second pass.
void Search::keep_trees(std::size_t c, std::vector<PairSearch>& chunk) {
  if (!opt_.prove || !opt_.symbolic || !keep_trees_) return;
  std::vector<PairProof> shard;
  for (PairSearch& p : chunk) {
    if (!p.tree || (kept_tokens_ += p.tree->tokens.size()) > kKeptTokens) {
      keep_trees_ = false;
      kept_trees_.clear();
      return;
    }
    shard.push_back(std::move(*p.tree));
  }
  kept_trees_[c] = std::move(shard);
}

// One run of the proof's pass (proof_tree.h), as judge() would judge it.
TreeRun Search::tree_run(const PairSearch& p, const Units& f, Worker& w) {
  if (out_of_time()) throw ProofStopped{};
  for (std::size_t u : f) w.faults.insert(u);
  const RunResult res = w.runner.run(w.faults, p.pair.s, p.pair.d, bound_.at(static_cast<std::uint32_t>(f.size()), p.distance), false);
  TreeRun out;
  if (res.delivered()) out.reads = w.runner.reads();
  else if (opt_.excuse_disconnected && !physically_connected(model_, w.faults, p.pair.s, p.pair.d)) out.end = TreeRun::End::Excused;
  else out.end = TreeRun::End::Failed;
  for (std::size_t u : f) w.faults.erase(u);
  return out;
}

// The chunk's pairs' trees (proof_tree.h) to k faults, as one shard of the
// proof, built in parallel, in pair order; false when the budget ran out.
bool Search::proof_shard(const std::vector<PairSearch>& chunk, Workers& workers, std::uint32_t k,
                         std::vector<PairProof>& shard) {
  shard.assign(chunk.size(), PairProof{});
  try {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunk.size(), 1), [&](const auto& range) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        const PairSearch& p = chunk[i];
        Worker& w = workers.local();
        if (opt_.symbolic) {
          if (!w.symbolic) w.symbolic = std::make_unique<SymbolicPairSearch>(routing_, model_, limits_);
          if (!w.symbolic->prove(p.pair.s, p.pair.d, p.distance, k, bound_, opt_.excuse_disconnected,
                                 [this] { return out_of_time(); }, shard[i]))
            throw ProofStopped{};
          continue;
        }
        std::uint64_t runs = 0;
        shard[i] = {p.pair.s, p.pair.d,
                    proof_tokens([&](const Units& f) { return tree_run(p, f, w); }, model_, p.pair, k, runs), {}};
      }
    });
  } catch (const ProofStopped&) {
    return false;
  }
  return true;
}

// A chunk's failing sets join the list when they are of the least failing
// level so far; a lower level starts the list anew.  Chunks come in order and
// pairs in index order, so each set's pairs are in the examined order.
void Search::collect_failing(const std::vector<PairSearch>& chunk) {
  for (const PairSearch& p : chunk) {
    if (p.failing.empty()) continue;
    if (!failing_level_ || p.failure_level < *failing_level_) {
      failing_.clear();
      failing_level_ = p.failure_level;
    }
    if (p.failure_level != *failing_level_) continue;
    for (const Units& f : p.failing) failing_[f].push_back(p.pair);
  }
}

void Search::list_failing(RouteCheckResult& r) const {
  r.failing_sets_found = failing_.size();
  for (const auto& [units, pairs] : failing_) {
    if (r.failing_sets.size() == opt_.list_failures) break;
    r.failing_sets.push_back({units, pairs});
  }
}

// The sequential order: chunk after chunk in this process.
void Search::run_here(const std::vector<RoutePair>& pairs, RouteCheckResult& r, Workers& workers, RunState& st) {
  const std::size_t chunks = chunk_count(pairs);
  for (std::size_t c = open_checkpoint(pairs, r, st); c < chunks && !expired_; ++c) {
    const std::optional<std::uint32_t> last = last_level(st.fail_level);
    if (!last) break;
    std::vector<PairSearch> chunk = make_chunk(pairs, c);
    const std::optional<std::uint32_t> failed = search_chunk(chunk, *last, workers, st.stop);
    const std::optional<std::uint32_t> after = failed && (!st.fail_level || *failed < *st.fail_level) ? failed
                                                                                                       : st.fail_level;
    const ChunkRecord own = own_record(c, chunk, failed, after);
    keep_trees(c, chunk);
    fold(own, failed ? first_failure(chunk, *failed).failure : std::nullopt, r, st.fail_level);
    if (opt_.list_failures && !expired_) collect_failing(chunk);
    if (!expired_) settled(c, own, r, st);
    if (opt_.progress) opt_.progress(coverage(r, st));
  }
}

// The chunks spread over processes (the header's "Processes"): any process
// searches a chunk to the level its context names and sends back its own
// record; the coordinator cuts each record to the sequential `last` and folds
// them in chunk order.
void Search::run_farm(const std::vector<RoutePair>& pairs, RouteCheckResult& r, Workers& workers, RunState& st) {
  if (opt_.budget.deadline())
    throw InputError("--budget cannot be honoured under mpirun: the ranks share no clock to stop the search at "
                     "one point; run without mpirun, or split a long run with --checkpoint");
  const std::size_t chunks = chunk_count(pairs);
  std::optional<std::uint32_t> known;  // least first failing level among the results that arrived
  ShardJob job;
  job.count = chunks;
  job.start = [&] {
    const std::size_t first = open_checkpoint(pairs, r, st);
    known = st.fail_level;
    return first;
  };
  job.context = [&](std::size_t) -> std::optional<std::string> {
    const auto last = last_level(known);
    return last ? std::optional<std::string>(std::to_string(*last)) : std::nullopt;
  };
  job.work = [&](std::size_t c, const std::string& context) {
    std::vector<PairSearch> chunk = make_chunk(pairs, c);
    RunState::Stop unused;
    const auto failed = search_chunk(chunk, static_cast<std::uint32_t>(std::stoul(context)), workers, unused);
    return json_text(to_json(own_record(c, chunk, failed, failed)));
  };
  // A process's result is checked like a checkpoint's record before it counts
  // (fold_checked): another rank's shard is not believed either.
  const auto from_rank = [](std::size_t c, const std::string& text) {
    try {
      return chunk_record_from_json(parse_json(text, "chunk " + std::to_string(c) + " from another process"));
    } catch (const InputError& e) {
      throw InternalError(std::string("a process sent back a malformed chunk: ") + e.what());
    }
  };
  job.arrived = [&](std::size_t c, const std::string& text) {
    const ChunkRecord own = from_rank(c, text);
    if (own.failure && (!known || own.failure->level < *known)) known = own.failure->level;
  };
  job.merge = [&](std::size_t c, const std::string& text) {
    const ChunkRecord own = cut_to(from_rank(c, text), *last_level(st.fail_level));
    fold_checked(c, own, Carries::OwnFailure, pairs, r, st);
    settled(c, own, r, st);
    if (opt_.progress) opt_.progress(coverage(r, st));
    return last_level(st.fail_level).has_value();
  };
  opt_.farm->run(job);
}

std::size_t Search::chunk_count(const std::vector<RoutePair>& pairs) const {
  return (pairs.size() + opt_.chunk_pairs - 1) / opt_.chunk_pairs;
}

// The top level a chunk searches after a failure at `fail_level` (one below,
// unless settle_all); nullopt when nothing is left to search.
std::optional<std::uint32_t> Search::last_level(std::optional<std::uint32_t> fail_level) const {
  if (!fail_level || opt_.settle_all) return opt_.k;
  if (opt_.list_failures) return *fail_level;  // every pair's failing sets of that level are listed
  if (*fail_level == 0) return std::nullopt;
  return *fail_level - 1;
}

// Opens the checkpoint, if any, and restores what it settled; returns the first chunk to search.
std::size_t Search::open_checkpoint(const std::vector<RoutePair>& pairs, RouteCheckResult& r, RunState& st) const {
  if (opt_.checkpoint.empty()) return 0;
  st.checkpoint.emplace(opt_.checkpoint, question(r));
  return restore(pairs, r, st);
}

std::vector<PairSearch> Search::make_chunk(const std::vector<RoutePair>& pairs, std::size_t c) const {
  std::vector<PairSearch> chunk;
  NodeId distance_source = kNoNode;
  std::vector<std::uint32_t> dist_row;
  const std::size_t begin = c * opt_.chunk_pairs, end = std::min(pairs.size(), begin + opt_.chunk_pairs);
  for (std::size_t i = begin; i < end; ++i) {
    PairSearch p;
    p.pair = pairs[i];
    p.index = i;
    if (bound_.needs_distance()) {
      if (distance_source != p.pair.s) dist_row = distances_from(model_.network(), distance_source = p.pair.s);
      p.distance = dist_row[p.pair.d];
    }
    chunk.push_back(std::move(p));
  }
  return chunk;
}

// Searches a chunk level by level up to `last`, its pairs in parallel;
// without settle_all it stops after its first failing level.  Returns the
// least level at which a pair failed (among the levels it finished).  When the
// time budget runs out, `stop` says how far the chunk got.
std::optional<std::uint32_t> Search::search_chunk(std::vector<PairSearch>& chunk, std::uint32_t last,
                                                  Workers& workers, RunState::Stop& stop) {
  std::optional<std::uint32_t> failed;
  for (std::uint32_t level = 0; level <= last; ++level) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunk.size(), 1), [&](const auto& range) {
      for (std::size_t i = range.begin(); i != range.end(); ++i) {
        if (chunk[i].done) continue;
        if (opt_.naive) naive_level(chunk[i], level, last, workers.local());
        else search_level(chunk[i], level, last, workers.local());
      }
    });
    if (expired_) {
      stop = {true, level > 0, level == 0 ? 0u : level - 1};
      break;
    }
    const bool fails = std::any_of(chunk.begin(), chunk.end(),
                                   [&](const PairSearch& p) { return p.failure && p.failure_level == level; });
    if (fails && !failed) failed = level;
    if (failed && !opt_.settle_all) break;
  }
  return failed;
}

// The pair of least index that failed at `level` (the tie-break).
const PairSearch& Search::first_failure(const std::vector<PairSearch>& chunk, std::uint32_t level) {
  return *std::find_if(chunk.begin(), chunk.end(),
                       [&](const PairSearch& p) { return p.failure && p.failure_level == level; });
}

// What a searched chunk adds: its counts, the pairs it settled (given the
// search's failure level once it is merged) and its own first failure.
ChunkRecord Search::own_record(std::size_t c, const std::vector<PairSearch>& chunk,
                               std::optional<std::uint32_t> failed, std::optional<std::uint32_t> fail_level) const {
  ChunkRecord own;
  own.chunk = c;
  own.levels.assign(opt_.k + 1, {0, 0, 0});
  for (const PairSearch& p : chunk) {
    for (std::size_t j = 0; j < p.stats.size(); ++j) {
      own.levels[j][0] += p.stats[j].runs;
      own.levels[j][1] += p.stats[j].disconnected * p.pair.weight;
      own.levels[j][2] += p.stats[j].failures * p.pair.weight;
    }
    if (p.done || (fail_level && p.stats.size() == *fail_level + 1 && !expired_)) ++own.pairs_settled;
  }
  if (failed) {
    const RouteFailure& f = *first_failure(chunk, *failed).failure;
    own.failure = ChunkRecord::Failure{*failed, f.pair.s, f.pair.d, f.faults.units(), f.path_bound, f.disconnected};
  }
  return own;
}

// A chunk's own record searched to some level >= last, cut to what the search
// to `last` finds (the header's "Processes"): the same when it failed at or
// below `last`, else its levels <= last and no failure.  Every pair is settled
// either way (no budget under a farm), so pairs_settled stays.
ChunkRecord Search::cut_to(ChunkRecord own, std::uint32_t last) const {
  if (own.failure && own.failure->level <= last) return own;
  own.failure.reset();
  if (opt_.symbolic) return own;  // searched to k whatever `last` is (search_symbolic): nothing to cut
  for (std::size_t j = last + 1; j < own.levels.size(); ++j) own.levels[j] = {0, 0, 0};
  return own;
}

// Adds a chunk's own record to the result, in chunk order; its failure
// becomes the search's when it is lower (re-run for its trace unless given).
void Search::fold(const ChunkRecord& own, std::optional<RouteFailure> failure, RouteCheckResult& r,
                  std::optional<std::uint32_t>& fail_level) const {
  for (std::size_t j = 0; j < own.levels.size() && j < r.levels.size(); ++j) {
    r.levels[j].runs += own.levels[j][0];
    r.levels[j].disconnected += own.levels[j][1];
    r.levels[j].failures += own.levels[j][2];
  }
  r.pairs_settled += own.pairs_settled;
  if (!own.failure || (fail_level && own.failure->level >= *fail_level)) return;
  fail_level = own.failure->level;
  r.failure = failure ? std::move(*failure) : replayed(*own.failure);
}

}  // namespace

nlohmann::json Search::question(const RouteCheckResult& r) const {
  return {{"model", model_.network().spec()},
          {"routing", routing_.spec()},
          {"inputs", question_inputs(model_.network().topology(), &routing_)},
          {"faults", model_.describe()},
          {"k", opt_.k},
          {"path_bound", opt_.path_bound ? nlohmann::json(*opt_.path_bound) : nlohmann::json()},
          {"hop_limit", opt_.limits.hop_limit},
          {"excuse_disconnected", opt_.excuse_disconnected},
          {"choices", to_string(opt_.limits.choices)},
          {"settle_all", opt_.settle_all},
          {"naive", opt_.naive},
          {"symbolic", opt_.symbolic},
          {"symmetry", r.symmetry},
          {"pairs_examined", r.pairs_examined},
          {"chunk_pairs", opt_.chunk_pairs},
          {"menger", kVersion}};
}

// Merges the recorded chunks into `r`, each checked against the plan and its
// failure replayed (fold_checked), and returns the first chunk still to
// search.  With recheck_resumed nothing is merged: every chunk is searched
// again and compared with its record as it settles (settled()).
std::size_t Search::restore(const std::vector<RoutePair>& pairs, RouteCheckResult& r, RunState& st) const {
  const RouteCheckpoint& cp = *st.checkpoint;
  const std::size_t chunks = chunk_count(pairs);
  if (cp.settled().size() > chunks)
    cp.damaged(chunks, "this run has only " + std::to_string(chunks) + " chunks of pairs");
  if (opt_.recheck_resumed) return 0;
  for (std::size_t c = 0; c < cp.settled().size(); ++c) {
    if (!last_level(st.fail_level)) cp.damaged(c, "it lies beyond where this run's search ends");
    try {
      fold_checked(c, cp.settled()[c], Carries::SearchFailure, pairs, r, st);
    } catch (const InputError& e) {
      cp.damaged(c, e.what());
    }
    ++st.taken;
  }
  return cp.settled().size();
}

// Folds chunk c's record (from the checkpoint, or from another process)
// after checking it against the plan; a failure it claims that the search
// does not hold yet is re-run first, and must fail as recorded.  Throws
// InputError naming what does not fit.
void Search::fold_checked(std::size_t c, const ChunkRecord& own, Carries carries, const std::vector<RoutePair>& pairs,
                          RouteCheckResult& r, RunState& st) const {
  if (const std::string why = plan_problem(own, c, carries, pairs, r.failure, st.fail_level); !why.empty())
    throw InputError(why);
  std::optional<RouteFailure> failure;
  const bool lowers = own.failure && (!st.fail_level || own.failure->level < *st.fail_level);
  if (lowers) {
    failure = replayed(*own.failure);
    ++st.replayed;
  }
  fold(own, std::move(failure), r, st.fail_level);
}

// What in a chunk's record cannot come from this run's search of chunk c,
// given the search's failure before it; "" when it fits.  (A record carries
// the search's failure after its chunk: the one before, or a lower one of its
// own pairs.)
std::string Search::plan_problem(const ChunkRecord& rec, std::size_t c, Carries carries,
                                 const std::vector<RoutePair>& pairs, const std::optional<RouteFailure>& failure,
                                 std::optional<std::uint32_t> fail_level) const {
  const std::size_t begin = c * opt_.chunk_pairs, end = std::min(pairs.size(), begin + opt_.chunk_pairs);
  const std::size_t n = end - begin;
  if (rec.chunk != c) return "it holds chunk " + std::to_string(rec.chunk) + ", expected " + std::to_string(c);
  if (rec.levels.size() != opt_.k + 1)
    return "it counts " + std::to_string(rec.levels.size()) + " fault-set sizes, this run " + std::to_string(opt_.k + 1);
  if (rec.pairs_settled != n)
    return "it settles " + std::to_string(rec.pairs_settled) + " pairs, its chunk holds " + std::to_string(n);
  std::uint64_t heaviest = 0;
  for (std::size_t i = begin; i < end; ++i) heaviest = std::max(heaviest, pairs[i].weight);
  const std::uint32_t last = *last_level(fail_level);
  for (std::size_t j = 0; j < rec.levels.size(); ++j) {
    const auto& [runs, cut, failed] = rec.levels[j];
    // (The symbolic search counts runs by the faults a leaf fixed and failures by their least size.)
    if (!opt_.symbolic && (runs > std::numeric_limits<std::uint64_t>::max() / std::max<std::uint64_t>(heaviest, 1) ||
                           cut > runs * heaviest || failed > runs * heaviest))
      return "its counts at size " + std::to_string(j) + " exceed its runs";
    if (!opt_.symbolic && j > last && runs != 0)
      return "it counts runs with " + std::to_string(j) + " faults, beyond the " + std::to_string(last) +
             " this run searches there";
  }
  if (!opt_.symbolic && rec.levels[0][0] != n)
    return "it counts " + std::to_string(rec.levels[0][0]) + " fault-free runs for its " + std::to_string(n) + " pairs";
  if (!rec.failure) {
    if (failure && carries == Carries::SearchFailure) return "it drops the failure the search holds before it";
    return "";
  }
  const ChunkRecord::Failure& f = *rec.failure;
  if (failure && carries == Carries::SearchFailure && f.level == *fail_level && f.s == failure->pair.s && f.d == failure->pair.d &&
      f.units == failure->faults.units())
    return "";  // the failure before it, carried on
  if (carries == Carries::SearchFailure && fail_level && f.level >= *fail_level)
    return "it names a failure no smaller than the one the search holds";
  if (f.level > last) return "its failure has more faults than this run searches";
  const auto at = std::find_if(pairs.begin() + static_cast<std::ptrdiff_t>(begin),
                               pairs.begin() + static_cast<std::ptrdiff_t>(end),
                               [&](const RoutePair& p) { return p.s == f.s && p.d == f.d; });
  if (at == pairs.begin() + static_cast<std::ptrdiff_t>(end)) return "its failure is not of a pair of its chunk";
  if (f.units.size() != f.level || !std::is_sorted(f.units.begin(), f.units.end()) ||
      std::adjacent_find(f.units.begin(), f.units.end()) != f.units.end() ||
      (!f.units.empty() && f.units.back() >= model_.universe().size()))
    return "its failure's fault units are not " + std::to_string(f.level) + " distinct units of this fault model";
  if (rec.levels[f.level][2] == 0) return "it counts no failure at the size of its failure";
  // The chunk stopped at its first failing size (without settle_all): nothing was run beyond it.
  if (!opt_.symbolic && !opt_.settle_all)
    for (std::size_t j = f.level + 1; j < rec.levels.size(); ++j)
      if (rec.levels[j][0] != 0)
        return "it counts runs with " + std::to_string(j) + " faults, beyond its failure with " +
               std::to_string(f.level);
  return "";
}

// Why a recorded failure, re-run, does not fail as recorded; "" when it does.
std::string Search::failure_problem(const ChunkRecord::Failure& f, const RouteFailure& rebuilt) const {
  if (!pair_required_under(f.units, RoutePair{f.s, f.d})) return "its failure's fault set holds an end of its pair";
  std::uint32_t distance = 0;
  if (bound_.needs_distance()) distance = distances_from(model_.network(), f.s)[f.d];
  if (f.path_bound != bound_.at(f.level, distance)) return "its failure's path bound is not this question's";
  if (rebuilt.run.delivered()) return "the failure it names delivers when re-run";
  const bool cut = !physically_connected(model_, rebuilt.faults, f.s, f.d);
  if (cut != f.disconnected) return "its failure's pair is " + std::string(cut ? "" : "not ") + "cut when re-run";
  if (cut && opt_.excuse_disconnected) return "its failure's pair is cut, which this question excuses";
  return "";
}

// A recorded failure with its trace, re-run (runs are deterministic, so it is
// the trace the search found).
RouteFailure Search::rebuild(const ChunkRecord::Failure& f) const {
  RouteRunner runner(routing_, model_, limits_);
  const FaultSet faults(model_.universe().size(), f.units);
  return RouteFailure{faults, RoutePair{f.s, f.d}, runner.run(faults, f.s, f.d, f.path_bound, true), f.path_bound,
                      f.disconnected};
}

RouteFailure Search::replayed(const ChunkRecord::Failure& f) const {
  RouteFailure rebuilt = rebuild(f);
  if (const std::string why = failure_problem(f, rebuilt); !why.empty()) throw InputError(why);
  return rebuilt;
}

// A chunk merged by this run: appended to the checkpoint, or, where the
// checkpoint already holds it (recheck_resumed), compared with its record.
void Search::settled(std::size_t c, const ChunkRecord& own, const RouteCheckResult& r, RunState& st) const {
  if (!st.checkpoint) return;
  const ChunkRecord rec = checkpoint_record(own, r, st.fail_level);
  if (c >= st.checkpoint->settled().size()) {
    st.checkpoint->append(rec);
    return;
  }
  if (to_json(rec) != to_json(st.checkpoint->settled()[c]))
    st.checkpoint->damaged(c, "searched again (--recheck-resumed), its chunk gives " + json_text(to_json(rec)));
  ++st.rechecked;
  ++st.taken;
}

// The checkpoint line of a merged chunk: its counts, and the search's failure after it.
ChunkRecord Search::checkpoint_record(ChunkRecord own, const RouteCheckResult& r,
                                      std::optional<std::uint32_t> fail_level) const {
  own.failure.reset();
  if (r.failure) {
    const RouteFailure& f = *r.failure;
    own.failure = ChunkRecord::Failure{*fail_level, f.pair.s, f.pair.d, f.faults.units(), f.path_bound, f.disconnected};
  }
  return own;
}

Coverage Search::coverage(const RouteCheckResult& r, const RunState& st) const {
  Coverage c;
  c.unit = "pairs";
  c.settled = r.pairs_settled;
  c.total = r.pairs_examined;
  const std::uint32_t top = st.fail_level ? *st.fail_level : opt_.k;
  c.so_far = "every fault set of size <= " + std::to_string(top) + " settled for the pairs settled";
  if (expired_ && r.pairs_examined <= opt_.chunk_pairs && st.stop.known &&
      (st.stop.complete_level > 0 || st.stop.level0_done))  // one chunk: every pair went through the same levels
    c.so_far += "; every fault set of size <= " + std::to_string(st.stop.complete_level) + " settled for every pair";
  if (r.failure) c.so_far += "; a failure with " + std::to_string(r.failure->faults.count()) + " faults";
  if (c.settled < c.total)
    c.remains = std::to_string(c.total - c.settled) + " pairs" + (expired_ ? " (" + opt_.budget.reason() + ")" : "");
  if (st.checkpoint && st.taken > 0) {
    c.resumed = Resumption{opt_.checkpoint, "chunks of pairs", st.taken, st.rechecked, "", ""};
    if (st.rechecked < st.taken) {
      c.resumed->checked = st.replayed ? "the failures they claim, re-run (" + std::to_string(st.replayed) + ")" : "";
      c.resumed->trusted = "that their other runs delivered, and their counts";
    }
  }
  return c;
}

std::uint64_t RouteCheckResult::runs() const {
  std::uint64_t n = 0;
  for (const auto& l : levels) n += l.runs;
  return n;
}

std::uint64_t RouteCheckResult::disconnected() const {
  std::uint64_t n = 0;
  for (const auto& l : levels) n += l.disconnected;
  return n;
}

namespace {

// Doubles the capacity of `pairs` as push_back would, but copies the list in
// slices with the budget checked between them: a doubling past a gigabyte
// copies half of it into fresh pages, seconds on a loaded machine, which an
// unchecked std::vector growth spends past the budget (bench/RESULTS.md,
// "Budget overruns (issue 36)").  The memory limit is checked first.
void grow_checked(std::vector<RoutePair>& pairs, const char* phase, const Budget& budget) {
  const std::size_t want = std::max<std::size_t>(pairs.capacity(), 1024) * 2;
  budget.check_memory_for(phase, want * sizeof(RoutePair));
  std::vector<RoutePair> bigger;
  bigger.reserve(want);
  constexpr std::size_t kSlice = std::size_t{1} << 20;
  for (std::size_t i = 0; i < pairs.size(); i += kSlice) {
    budget.check(phase);
    bigger.insert(bigger.end(), pairs.begin() + static_cast<std::ptrdiff_t>(i),
                  pairs.begin() + static_cast<std::ptrdiff_t>(std::min(pairs.size(), i + kSlice)));
  }
  pairs.swap(bigger);
}

}  // namespace

std::vector<RoutePair> required_pairs(const FaultModel& model, const Budget& budget) {
  // The budget, per source and within each doubling (grow_checked); the
  // memory limit before each doubling (all pairs of a torus(300,300) are
  // 8.1e9, 121 GiB).  Room for every ordered pair is
  // reserved when it fits.
  constexpr const char* kPhase = "listing the pairs to search";
  const std::vector<NodeId>& terminals = model.terminals();
  std::vector<RoutePair> pairs;
  const std::uint64_t most = std::uint64_t{terminals.size()} * terminals.size() * sizeof(RoutePair);
  if (resident_bytes() + most < budget.memory_limit()) pairs.reserve(terminals.size() * terminals.size());
  for (std::size_t i = 0; i < terminals.size(); ++i) {
    budget.check(kPhase, i, terminals.size());
    for (NodeId d : terminals)
      if (terminals[i] != d && model.pair_required(terminals[i], d)) {
        if (pairs.size() == pairs.capacity()) grow_checked(pairs, kPhase, budget);
        pairs.push_back({terminals[i], d});
      }
  }
  return pairs;
}

RouteCheckResult route_check(const Routing& routing, const FaultModel& model, const RouteCheckOptions& opt) {
  return Search(routing, model, opt).run();
}

std::vector<ExploredRun> explore_all(const Routing& routing, const FaultModel& model, const RoutePair& pair,
                                     std::uint32_t k) {
  RouteRunner runner(routing, model, RunLimits{0, std::nullopt, k});
  std::vector<ExploredRun> out;
  std::set<Units> level{Units{}};
  for (std::uint32_t j = 0; j <= k && !level.empty(); ++j) {
    std::set<Units> next;
    for (const Units& f : level) {
      FaultSet fs(model.universe().size());
      for (std::size_t u : f) fs.insert(u);
      out.push_back({f, pair, runner.run(fs, pair.s, pair.d, std::nullopt, true)});
      if (j == k) continue;
      for (std::size_t u : runner.reads()) {
        Units child = f;
        child.insert(std::upper_bound(child.begin(), child.end(), u), u);
        next.insert(child);
      }
    }
    level = std::move(next);
  }
  return out;
}

}  // namespace menger
