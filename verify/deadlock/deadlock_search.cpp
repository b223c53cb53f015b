#include "verify/deadlock/deadlock_search.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <set>

#include "core/error.h"
#include "core/json_io.h"
#include "core/shard_checkpoint.h"
#include "core/version.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/symmetry/automorphisms.h"
#include "verify/check/routing_symmetry_check.h"
#include "verify/symmetry/translations.h"

namespace menger {

namespace {

using Clock = std::chrono::steady_clock;
using Units = std::vector<std::size_t>;  // a fault set, sorted
constexpr const char* kFormat = "menger-deadlock-checkpoint/2";  // 2: sealed lines, inputs in the header

// Fault sets up to translation (the header's "Symmetry"): a set's least image
// over the translations t_s of SourceFrames (every translation when the
// topology is one orbit; any subset of the group would still be sound).
class TranslatedSets {
 public:
  static std::optional<TranslatedSets> build(const Routing& routing, const FaultModel& model) {
    if (!routing.translation_invariant()) return std::nullopt;
    auto frames = SourceFrames::build(model, std::size_t(1) << 26);
    if (!frames) return std::nullopt;
    // A declaration the routing breaks is a bug in it: an error, never a silent reduction.
    const auto gens = model.network().topology().translations();
    constexpr std::size_t kSpotRuns = 32;
    for (std::size_t i = 0; i < gens.size(); ++i)
      if (auto why = commutation_problem(routing, model, gens[i], 2, kSpotRuns, i + 1))
        throw InternalError("routing " + routing.spec() + " declares that it commutes with translations, but not "
                            "with translation " + std::to_string(i) + ": " + *why);
    return TranslatedSets(std::move(*frames), model.network().num_nodes(), gens);
  }
  // The topology's translations, the generators a proof names.
  const std::vector<Permutation>& generators() const { return gens_; }
  Units least_image(const Units& units) const {
    Units best = units, image(units.size());
    for (NodeId s = 0; s < nodes_; ++s) {
      for (std::size_t i = 0; i < units.size(); ++i) image[i] = frames_.unit(s, units[i]);
      std::sort(image.begin(), image.end());
      if (image < best) best = image;
    }
    return best;
  }

 private:
  TranslatedSets(SourceFrames frames, NodeId nodes, std::vector<Permutation> gens)
      : frames_(std::move(frames)), nodes_(nodes), gens_(std::move(gens)) {}
  SourceFrames frames_;
  NodeId nodes_;
  std::vector<Permutation> gens_;
};

// Fault sets up to the port-keeping automorphisms (the header's "Symmetry"),
// for a routing that declares it commutes with them
// (Routing::port_automorphism_invariant) where no translations apply: the
// group of nauty (verify/symmetry/automorphisms.h; every generator re-checked without
// nauty, and spot-checked against the routing), closed into its elements as
// permutations of the fault units, and a set's least image over all of them.
// Only when the elements fit kMaxWork (|G| x units); a larger group, or units
// that are not single nodes or links, give no reduction.
class GroupSets {
 public:
  static std::optional<GroupSets> build(const Routing& routing, const FaultModel& model, const Budget& budget) {
    if (!routing.port_automorphism_invariant()) return std::nullopt;
    const NodeGroup g =
        fault_model_automorphisms(model, {}, Preserve::Ports, routing.symmetry_colours(model.network()), budget);
    std::vector<std::vector<std::size_t>> gens;
    constexpr std::size_t kSpotRuns = 32;
    for (std::size_t i = 0; i < g.generators.size(); ++i) {
      if (auto why = commutation_problem(routing, model, g.generators[i], 2, kSpotRuns, i + 1))
        throw InternalError("routing " + routing.spec() + " declares that it commutes with the port-keeping "
                            "automorphisms, but not with generator " + std::to_string(i) + ": " + *why);
      auto p = unit_permutation(model, g.generators[i]);
      if (!p) return std::nullopt;
      gens.push_back(std::move(*p));
    }
    if (gens.empty()) return std::nullopt;
    // nauty's order ("4096", "3.6288e6"): too many elements to list is known before listing them.
    if (std::strtod(g.order.c_str(), nullptr) * static_cast<double>(model.universe().size()) >
        static_cast<double>(kMaxWork))
      return std::nullopt;
    auto elements = close(gens, model.universe().size());
    if (!elements) return std::nullopt;
    return GroupSets(std::move(*elements), g.order, g.generators);
  }
  // nauty's generators (node permutations), the ones a proof names.
  const std::vector<Permutation>& generators() const { return node_gens_; }
  Units least_image(const Units& units) const {
    Units best = units, image(units.size());
    for (const auto& e : elements_) {
      for (std::size_t i = 0; i < units.size(); ++i) image[i] = e[units[i]];
      std::sort(image.begin(), image.end());
      if (image < best) best = image;
    }
    return best;
  }
  std::string description() const { return "fault sets up to the port-keeping automorphisms (order " + order_ + ")"; }

 private:
  static constexpr std::size_t kMaxWork = std::size_t{1} << 24;  // unit images listed (two copies: 256 MiB at most)
  GroupSets(std::vector<std::vector<std::size_t>> elements, std::string order, std::vector<Permutation> node_gens)
      : elements_(std::move(elements)), order_(std::move(order)), node_gens_(std::move(node_gens)) {}
  // Every element of the group the unit permutations generate (breadth first
  // from the identity), or nullopt past kMaxWork.
  static std::optional<std::vector<std::vector<std::size_t>>> close(const std::vector<std::vector<std::size_t>>& gens,
                                                                    std::size_t units) {
    std::vector<std::size_t> identity(units);
    for (std::size_t u = 0; u < units; ++u) identity[u] = u;
    std::set<std::vector<std::size_t>> seen{identity};
    std::vector<std::vector<std::size_t>> order{identity};
    for (std::size_t at = 0; at < order.size(); ++at) {
      for (const auto& g : gens) {
        std::vector<std::size_t> next(units);
        for (std::size_t u = 0; u < units; ++u) next[u] = g[order[at][u]];
        if ((order.size() + 1) * units > kMaxWork) {
          if (seen.count(next) == 0) return std::nullopt;
          continue;
        }
        if (seen.insert(next).second) order.push_back(std::move(next));
      }
    }
    return order;
  }
  std::vector<std::vector<std::size_t>> elements_;
  std::string order_;
  std::vector<Permutation> node_gens_;
};

// What one chunk's analyses found, in set order, up to its first set that is
// not FREE: the units each FREE set read (empty at the last level, where no
// set is extended).
struct ChunkOutcome {
  std::vector<Units> reads;
  std::vector<std::string> evidence;      // with prove: each FREE set's certificate (JSON text, no inputs)
  std::optional<std::size_t> failed;      // index in the chunk of the first set that is not FREE
  bool complete = true;                   // false: the budget stopped it (never merged)
  std::optional<DeadlockResult> failing;  // its analysis, when made in this process
};

// A checkpoint's record leaves the certificates out; another process's shard carries them.
nlohmann::json outcome_json(const ChunkOutcome& c, bool with_evidence = false) {
  nlohmann::json j{{"reads", c.reads}, {"failed", c.failed ? nlohmann::json(*c.failed) : nlohmann::json()}};
  if (with_evidence) j["evidence"] = c.evidence;
  return j;
}

ChunkOutcome outcome_from_json(const nlohmann::json& j) {
  require_keys(j, {"reads", "failed", "level", "first", "shard", "evidence"}, "a deadlock shard's record");
  ChunkOutcome c;
  c.reads = json_at<std::vector<Units>>(j, "reads");
  if (j.contains("evidence")) c.evidence = json_at<std::vector<std::string>>(j, "evidence");
  if (!j.contains("failed")) throw InputError("missing field 'failed'");
  if (!j.at("failed").is_null()) c.failed = json_at<std::size_t>(j, "failed");
  return c;
}

class DeadlockSearch {
 public:
  DeadlockSearch(const Routing& routing, const FaultModel& model, const DeadlockSearchOptions& opt)
      : routing_(routing), model_(model), opt_(opt), start_(Clock::now()) {
    if (opt.chunk_sets == 0) throw InputError("fault sets per shard must be at least 1");
    if (opt.farm && opt.budget.deadline())
      throw InputError("--budget cannot be honoured under mpirun: the ranks share no clock to stop the search at "
                       "one point; run without mpirun, or split a long run with --checkpoint");
    if (opt.symmetry && opt.translations && opt.k > 0) translated_ = TranslatedSets::build(routing, model);
    if (opt.symmetry && opt.k > 0 && !translated_) grouped_ = GroupSets::build(routing, model, opt.budget);
    if (translated_) out_.symmetry = "fault sets up to translation";
    if (grouped_) out_.symmetry = grouped_->description();
    out_.coverage.unit = "fault sets";
    if (opt.proof && translated_) opt.proof->symmetry("translations", translated_->generators());
    if (opt.proof && grouped_) opt.proof->symmetry("port automorphisms", grouped_->generators());
  }

  DeadlockSearchResult run();

 private:
  const Routing& routing_;
  const FaultModel& model_;
  const DeadlockSearchOptions& opt_;
  Clock::time_point start_;
  std::optional<TranslatedSets> translated_;
  std::optional<GroupSets> grouped_;
  DeadlockSearchResult out_;
  std::optional<ShardCheckpoint> checkpoint_;
  std::size_t replayed_ = 0;             // checkpoint records merged (or re-checked) so far
  std::size_t rechecked_ = 0;            // of those, settled again and found equal (recheck_resumed)
  std::uint32_t level_ = 0;
  std::vector<Units> frontier_;          // the sets of the current level, sorted
  std::set<Units> next_;                 // the next level, as it grows
  std::optional<Units> failing_;
  std::optional<DeadlockResult> failing_result_;
  std::optional<std::size_t> failing_record_;  // the checkpoint record that named the failing set
  bool expired_ = false;

  bool coordinator() const { return !opt_.farm || opt_.farm->coordinator(); }
  bool out_of_time() const {
    return opt_.budget.passed();
  }
  FaultSet fault_set(const Units& units) const {
    FaultSet f(model_.universe().size());
    for (std::size_t u : units) f.insert(u);
    return f;
  }
  DeadlockResult analyse(const Units& units) const {
    const FaultSet f = fault_set(units);
    DeadlockOptions o;
    o.escape_vcs = opt_.escape_vcs;
    o.faults = &f;
    o.fault_budget = opt_.k;
    o.switching = opt_.switching;
    o.case_budget = opt_.case_budget;
    // Its reads are not recorded, so only where no fault set follows.
    o.quick_plain_check = opt_.k == 0 && units.empty();
    o.quick_translations = opt_.symmetry;
    o.budget = opt_.budget;
    return check_deadlock(routing_, model_, o);
  }
  // The certificate of a FREE set, as a proof's record holds it (deadlock_proof.h).
  std::string evidence_text(const Units& units, const DeadlockResult& r) const {
    nlohmann::json j = to_json(make_deadlock_evidence(routing_, model_, fault_set(units), r));
    j.erase("inputs");
    return json_text(j);
  }
  // A checkpoint's shards are settled again when proving: their certificates are not in it.
  bool recheck_resumed() const { return opt_.recheck_resumed || opt_.prove; }
  std::size_t chunks() const { return (frontier_.size() + opt_.chunk_sets - 1) / opt_.chunk_sets; }
  std::vector<Units> chunk(std::size_t c) const {
    const std::size_t begin = c * opt_.chunk_sets, end = std::min(frontier_.size(), begin + opt_.chunk_sets);
    return {frontier_.begin() + static_cast<std::ptrdiff_t>(begin), frontier_.begin() + static_cast<std::ptrdiff_t>(end)};
  }

  void start_level0();
  bool more_levels() const { return !failing_ && !expired_ && level_ < opt_.k && !next_.empty(); }
  void open_level();
  ChunkOutcome settle(const std::vector<Units>& sets, bool keep_reads) const;
  bool merge(std::size_t c, const ChunkOutcome& outcome, bool record);
  std::size_t replay();
  void check_reads(std::size_t c, const ChunkOutcome& outcome) const;
  void run_level_here();
  void run_level_farm();
  void extend(const Units& set, const Units& reads);
  nlohmann::json question() const;
  std::string escape_text() const;
  Resumption resumed() const;
  void update_coverage(std::size_t sets_done);
  void finish_coverage();
};

// Level 0 is the fault-free analysis, made by the coordinator itself: its
// result is the evidence for FREE, and it is never a shard.
void DeadlockSearch::start_level0() {
  out_.per_level.push_back(1);
  out_.analyses = 1;
  DeadlockResult r = analyse({});
  if (r.status != DeadlockResult::Status::Free) {
    failing_ = Units{};
    failing_result_ = std::move(r);
    return;
  }
  if (opt_.k > 0) extend({}, r.reads);
  if (opt_.proof) {
    opt_.proof->record({}, opt_.k > 0 ? r.reads : Units{}, evidence_text({}, r));
    opt_.proof->level_done();
  }
  out_.fault_free = std::move(r);
  update_coverage(0);
}

void DeadlockSearch::extend(const Units& set, const Units& reads) {
  for (std::size_t u : reads) {
    Units units = set;
    units.push_back(u);
    std::sort(units.begin(), units.end());
    next_.insert(translated_ ? translated_->least_image(units) : grouped_ ? grouped_->least_image(units) : units);
  }
}

void DeadlockSearch::open_level() {
  ++level_;
  frontier_.assign(next_.begin(), next_.end());
  next_.clear();
  out_.per_level.push_back(0);
}

// The sets in parallel; only the prefix up to the first that is not FREE
// counts.  `keep_reads`: below the last level, where sets are extended.
ChunkOutcome DeadlockSearch::settle(const std::vector<Units>& sets, bool keep_reads) const {
  std::vector<std::optional<DeadlockResult>> results(sets.size());
  std::vector<std::string> evidence(opt_.prove ? sets.size() : 0);
  std::atomic<std::size_t> first_failure{sets.size()};
  std::atomic<bool> expired{false};
  tbb::parallel_for(std::size_t{0}, sets.size(), [&](std::size_t i) {
    if (i > first_failure.load() || expired.load()) return;
    if (out_of_time()) {
      expired = true;
      return;
    }
    try {
      results[i] = analyse(sets[i]);
    } catch (const BudgetExhausted&) {  // inside the analysis: the set is not settled
      expired = true;
      return;
    }
    if (opt_.prove && results[i]->status == DeadlockResult::Status::Free) evidence[i] = evidence_text(sets[i], *results[i]);
    if (results[i]->status != DeadlockResult::Status::Free) {
      for (std::size_t seen = first_failure.load(); i < seen && !first_failure.compare_exchange_weak(seen, i);) {
      }
    }
  });
  ChunkOutcome c;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (!results[i]) {  // skipped: after a failure, or the budget ran out before it
      c.complete = c.failed.has_value();
      return c;
    }
    if (results[i]->status != DeadlockResult::Status::Free) {
      c.failed = i;
      c.failing = std::move(results[i]);
      return c;
    }
    c.reads.push_back(keep_reads ? results[i]->reads : Units{});
    if (opt_.prove) c.evidence.push_back(std::move(evidence[i]));
  }
  return c;
}

// Folds chunk c of the current level into the search; false when it ends.
bool DeadlockSearch::merge(std::size_t c, const ChunkOutcome& outcome, bool record) {
  const std::vector<Units> sets = chunk(c);
  const std::size_t settled = outcome.failed ? *outcome.failed : sets.size();
  if (outcome.reads.size() != settled || settled > sets.size() || (outcome.failed && *outcome.failed >= sets.size()))
    throw InputError("a deadlock shard's result does not match its fault sets");
  if (opt_.proof && outcome.evidence.size() != settled)
    throw InputError("a deadlock shard's result carries " + std::to_string(outcome.evidence.size()) +
                     " certificates for " + std::to_string(settled) + " FREE fault sets");
  for (std::size_t i = 0; i < settled; ++i) extend(sets[i], outcome.reads[i]);
  if (opt_.proof)
    for (std::size_t i = 0; i < settled; ++i) opt_.proof->record(sets[i], outcome.reads[i], outcome.evidence[i]);
  const std::uint64_t analysed = settled + (outcome.failed ? 1 : 0);
  out_.per_level.back() += analysed;
  out_.analyses += analysed;
  if (outcome.failed) {
    failing_ = sets[*outcome.failed];
    failing_result_ = outcome.failing;
  }
  if (record && checkpoint_) {
    nlohmann::json rec = outcome_json(outcome);
    rec["level"] = level_;
    rec["first"] = c * opt_.chunk_sets;
    if (replayed_ < checkpoint_->records().size()) {  // recheck_resumed: the file holds this shard already
      rec["shard"] = replayed_;
      if (rec != checkpoint_->records()[replayed_])
        checkpoint_->damaged(replayed_, "analysed again (--recheck-resumed), its fault sets give " + json_text(rec));
      ++replayed_;
      ++rechecked_;
    } else {
      checkpoint_->append(std::move(rec));
    }
  }
  update_coverage(c * opt_.chunk_sets + analysed);
  if (opt_.progress) opt_.progress(out_.coverage);
  return !failing_;
}

// A recorded set's reads must be units, and healthy ones (not in the set).
void DeadlockSearch::check_reads(std::size_t c, const ChunkOutcome& outcome) const {
  const std::vector<Units> sets = chunk(c);
  for (std::size_t i = 0; i < outcome.reads.size() && i < sets.size(); ++i)
    for (std::size_t u : outcome.reads[i])
      if (u >= model_.universe().size() || std::binary_search(sets[i].begin(), sets[i].end(), u))
        throw InputError("set " + std::to_string(c * opt_.chunk_sets + i) + " of level " + std::to_string(level_) +
                         " reads unit " + std::to_string(u) + ", which is not a healthy unit of it");
}

// Merges the checkpoint's records of the current level; returns the first chunk still to settle.
std::size_t DeadlockSearch::replay() {
  std::size_t c = 0;
  if (!checkpoint_ || recheck_resumed()) return c;
  const auto& records = checkpoint_->records();
  for (; c < chunks() && replayed_ < records.size() && !failing_; ++c, ++replayed_) {
    const nlohmann::json& rec = records[replayed_];
    ChunkOutcome outcome;
    try {
      outcome = outcome_from_json(rec);
      if (json_at<std::uint32_t>(rec, "level") != level_ || json_at<std::size_t>(rec, "first") != c * opt_.chunk_sets)
        throw InputError("it holds level " + json_text(rec.value("level", nlohmann::json())) + " from set " +
                         json_text(rec.value("first", nlohmann::json())) + ", where this run is at level " +
                         std::to_string(level_) + " from set " + std::to_string(c * opt_.chunk_sets));
      check_reads(c, outcome);
      merge(c, outcome, false);
      if (failing_) failing_record_ = replayed_;
    } catch (const InputError& e) {
      checkpoint_->damaged(replayed_, e.what());
    }
  }
  return failing_ ? chunks() : c;
}

void DeadlockSearch::run_level_here() {
  for (std::size_t c = replay(); c < chunks() && !failing_; ++c) {
    ChunkOutcome outcome = settle(chunk(c), level_ < opt_.k);
    if (!outcome.complete) {
      expired_ = true;
      return;
    }
    merge(c, outcome, true);
  }
}

// One level as one farm job: a context is a chunk's sets and whether their
// reads are needed (only the coordinator knows the level).
void DeadlockSearch::run_level_farm() {
  ShardJob job;
  job.count = coordinator() ? chunks() : 0;
  job.start = [&] { return replay(); };
  job.context = [&](std::size_t c) -> std::optional<std::string> {
    if (failing_) return std::nullopt;
    return json_text({{"sets", chunk(c)}, {"reads", level_ < opt_.k}});
  };
  job.work = [&](std::size_t, const std::string& context) {
    const nlohmann::json task = nlohmann::json::parse(context);
    ChunkOutcome outcome = settle(task.at("sets").get<std::vector<Units>>(), task.at("reads").get<bool>());
    return json_text(outcome_json(outcome, opt_.prove));
  };
  job.merge = [&](std::size_t c, const std::string& text) {
    // Another process's shard is checked like a checkpoint's record before it counts.
    ChunkOutcome outcome = outcome_from_json(parse_json(text, "a deadlock shard from another process"));
    check_reads(c, outcome);
    return merge(c, outcome, true);
  };
  opt_.farm->run(job);
}

// Under a farm, what the coordinator alone does (level 0, the checkpoint,
// its side of each level's job) is caught and agreed on: the others hear
// kFailed and return, instead of waiting for a level that never comes; the
// coordinator then rethrows.
DeadlockSearchResult DeadlockSearch::run() {
  enum Word : int { kDone = 0, kNext = 1, kFailed = 2 };
  std::exception_ptr failed;
  const auto guarded = [&](const auto& step) {
    try {
      step();
    } catch (...) {
      if (!opt_.farm) throw;
      failed = std::current_exception();
    }
  };
  if (coordinator())
    guarded([&] {
      if (!opt_.checkpoint.empty()) checkpoint_.emplace(opt_.checkpoint, kFormat, question());
      start_level0();
    });
  for (;;) {
    const int word = failed ? kFailed : more_levels() ? kNext : kDone;
    const int heard = opt_.farm ? opt_.farm->agree(word) : word;
    if (heard == kFailed) {
      if (failed) std::rethrow_exception(failed);
      return out_;  // not the coordinator: its error is the one reported
    }
    if (heard == kDone) break;
    if (coordinator()) open_level();
    guarded([&] { opt_.farm ? run_level_farm() : run_level_here(); });
    if (opt_.proof && !failing_ && !expired_) guarded([&] { opt_.proof->level_done(); });
  }
  if (checkpoint_ && replayed_ < checkpoint_->records().size() && !expired_)
    checkpoint_->damaged(replayed_, "it lies beyond where this run's search ends");
  if (checkpoint_ && replayed_ > 0) out_.coverage.resumed = resumed();
  if (failing_) {
    out_.failing = fault_set(*failing_);
    out_.failing_result = failing_result_ ? std::move(failing_result_) : analyse(*failing_);
    // A failure read back is analysed again anyway (for its evidence): one
    // that is FREE was not written by this question's search.
    if (failing_record_ && out_.failing_result->status == DeadlockResult::Status::Free)
      checkpoint_->damaged(*failing_record_, "it names a failing fault set that is FREE");
  }
  out_.complete = !expired_;
  if (!expired_) finish_coverage();
  out_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return out_;
}

// The escape set the question names, the routing's own marks, or "searched".
std::string DeadlockSearch::escape_text() const {
  if (!opt_.escape_vcs.empty()) return vc_set_text(opt_.escape_vcs);
  const std::vector<bool> declared = routing_.escape_vcs();
  return declared.empty() ? std::string("searched") : vc_set_text(declared) + " (marked by the routing)";
}

nlohmann::json DeadlockSearch::question() const {
  return {{"model", model_.network().spec()},
          {"routing", routing_.spec()},
          {"inputs", question_inputs(model_.network().topology(), &routing_)},
          {"faults", model_.describe()},
          {"k", opt_.k},
          {"escape", escape_text()},
          {"symmetry", out_.symmetry},
          {"switching", opt_.switching ? opt_.switching->text() : std::string("default")},
          {"case_budget", opt_.case_budget},
          {"chunk_sets", opt_.chunk_sets},
          {"menger", kVersion}};
}

// What the run took from its checkpoint (the header's "Checkpoints").
Resumption DeadlockSearch::resumed() const {
  return resumption(*checkpoint_, "shards of fault sets", replayed_, rechecked_,
                    failing_record_ ? "the failing fault set they name, analysed again" : "",
                    "that their fault sets are FREE, and the units each analysis read");
}

// The coverage after `sets_done` sets of the current level (in level order).
void DeadlockSearch::update_coverage(std::size_t sets_done) {
  Coverage& c = out_.coverage;
  c.settled = out_.analyses;
  c.so_far = level_ == 0 ? "the fault-free network is FREE"
                         : "every set of < " + std::to_string(level_) + " faults is FREE, and " +
                               std::to_string(sets_done) + " of the " + std::to_string(frontier_.size()) +
                               " sets of " + std::to_string(level_) + " to search";
  const std::size_t left = frontier_.size() - std::min(sets_done, frontier_.size());
  c.remains.clear();
  if (left) c.remains = std::to_string(left) + " sets of " + std::to_string(level_) + " faults";
  if (level_ < opt_.k)
    c.remains += (c.remains.empty() ? "" : ", then ") + std::string("the sets of ") + std::to_string(level_ + 1) +
                 (level_ + 1 < opt_.k ? ".." + std::to_string(opt_.k) : "") + " faults they lead to";
}

// The coverage of a search that ended: everything it needed is settled.
void DeadlockSearch::finish_coverage() {
  Coverage& c = out_.coverage;
  c.settled = c.total = out_.analyses;
  c.remains.clear();
  if (failing_)
    c.so_far = "a set of " + std::to_string(failing_->size()) + " faults is not FREE, and every smaller set is";
  else
    c.so_far = "every set of <= " + std::to_string(opt_.k) + " faults is FREE";
}

}  // namespace

DeadlockSearchResult search_deadlock_faults(const Routing& routing, const FaultModel& model,
                                            const DeadlockSearchOptions& opt) {
  return DeadlockSearch(routing, model, opt).run();
}

DeadlockSearchResult search_deadlock_faults(const Routing& routing, const FaultModel& model, std::uint32_t k,
                                            const std::vector<bool>& escape_vcs,
                                            const Budget& budget, bool symmetry) {
  DeadlockSearchOptions opt;
  opt.k = k;
  opt.escape_vcs = escape_vcs;
  opt.budget = budget;
  opt.symmetry = symmetry;
  return search_deadlock_faults(routing, model, opt);
}

}  // namespace menger
