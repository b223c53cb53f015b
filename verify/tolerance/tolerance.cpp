#include "verify/tolerance/tolerance.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <map>
#include <mutex>

#include "core/error.h"
#include "core/json_io.h"
#include "core/shard_checkpoint.h"
#include "core/version.h"
#include "verify/tolerance/unit_flow.h"

namespace menger {

namespace {

constexpr const char* kCheckpointFormat = "menger-tolerance-checkpoint/2";  // 2: sealed lines, inputs in the header
using Pair = std::pair<NodeId, NodeId>;

// --- what a block settles -----------------------------------------------------

// One item's settlement: a flow stopped at the block's bound, its paths
// trimmed to that bound, or the fan lemma.
struct PairOutcome {
  bool lemma = false;
  std::uint64_t value = 0;  // the flow's value; kUnbounded: no fault set separates the pair
  bool bounded = false;     // stopped at the bound: the pair's cut is at least `value`
  std::vector<UnitPath> paths;
  std::vector<std::uint64_t> amounts;
};

// What every block of a round is searched with.
struct Context {
  std::uint64_t bound = kUnbounded;    // the least cut merged before the round
  std::uint64_t fan_cut = kUnbounded;  // fan targets only: the least cut over the planned pairs
  bool operator==(const Context&) const = default;
};

// One shard's result, and its checkpoint record.
struct Block {
  Context context;
  std::vector<PairOutcome> items;
  struct Least {
    std::size_t at = 0;  // in `items`
    std::uint64_t cut = 0;
    std::vector<std::size_t> units;  // a minimum cut of that item's pair
  };
  std::optional<Least> least;  // the earliest item with the least exact cut (below the bound)
};

// Keeps just enough of a flow to reach `keep` (all of it when the pair is
// unbreakable).  Trimming to b and then to keep <= b equals trimming to keep.
void trim(PairOutcome& p, std::uint64_t keep) {
  if (p.value == kUnbounded) return;
  std::uint64_t total = 0;
  std::size_t n = 0;
  for (; n < p.paths.size() && total < keep; ++n) {
    p.amounts[n] = std::min(p.amounts[n], keep - total);
    total += p.amounts[n];
  }
  p.paths.resize(n);
  p.amounts.resize(n);
}

bool exact(const PairOutcome& p) { return !p.lemma && !p.bounded && p.value != kUnbounded; }

// The position of the earliest item with the least exact cut, if any.
std::optional<std::size_t> least_position(const std::vector<PairOutcome>& items) {
  std::optional<std::size_t> at;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (exact(items[i]) && (!at || items[i].value < items[*at].value)) at = i;
  return at;
}

// --- records as JSON ----------------------------------------------------------

nlohmann::json number_or_null(std::uint64_t v) { return v == kUnbounded ? nlohmann::json() : nlohmann::json(v); }

const nlohmann::json& checkpoint_list_at(const nlohmann::json& j, const std::string& key) {
  if (!j.is_object() || !j.contains(key)) throw InputError("missing field '" + key + "'");
  if (!j.at(key).is_array()) throw InputError("field '" + key + "' must be a list");
  return j.at(key);
}

std::uint64_t number_or_unbounded(const nlohmann::json& j, const std::string& key) {
  if (!j.is_object() || !j.contains(key)) throw InputError("missing field '" + key + "'");
  return j.at(key).is_null() ? kUnbounded : json_at<std::uint64_t>(j, key);
}

nlohmann::json to_json(const Context& c) { return {{"bound", number_or_null(c.bound)}, {"fan_cut", number_or_null(c.fan_cut)}}; }

Context context_from_json(const nlohmann::json& j) {
  return {number_or_unbounded(j, "bound"), number_or_unbounded(j, "fan_cut")};
}

// A path as the certificate writes it (certificate.h), with its nodes checked against the network.
UnitPath checked_path_from_json(const nlohmann::json& a, std::size_t nodes) {
  UnitPath p = path_from_json(a);
  for (NodeId v : p.nodes)
    if (v >= nodes) throw InputError("a path names node " + std::to_string(v) + " of " + std::to_string(nodes));
  return p;
}

nlohmann::json to_json(const PairOutcome& p) {
  if (p.lemma) return {{"lemma", true}};
  nlohmann::json j = {{"value", number_or_null(p.value)}, {"bounded", p.bounded}};
  if (p.paths.empty()) return j;
  nlohmann::json paths = nlohmann::json::array();
  for (const UnitPath& path : p.paths) paths.push_back(path_json(path));
  j["paths"] = paths;
  if (std::any_of(p.amounts.begin(), p.amounts.end(), [](std::uint64_t a) { return a != 1; })) j["amounts"] = p.amounts;
  return j;
}

nlohmann::json to_json(const Block& b) {
  nlohmann::json items = nlohmann::json::array();
  for (const PairOutcome& p : b.items) items.push_back(to_json(p));
  nlohmann::json j = to_json(b.context);
  j["items"] = items;
  if (b.least) j["least"] = {{"at", b.least->at}, {"cut", b.least->cut}, {"units", b.least->units}};
  return j;
}

// What a block's record must fit: its item count, whether it holds fan
// targets, and the sizes its numbers index.
struct BlockShape {
  std::size_t items = 0;
  bool fan = false;
  std::size_t units = 0, nodes = 0;
};

PairOutcome outcome_from_json(const nlohmann::json& j, const BlockShape& shape, const Context& c) {
  PairOutcome p;
  if (j.is_object() && j.contains("lemma")) {
    p.lemma = json_at<bool>(j, "lemma");
    if (!p.lemma || !shape.fan || c.fan_cut == kUnbounded)
      throw InputError("only a fan target, once a cut is known, is settled by the fan lemma");
    return p;
  }
  p.value = number_or_unbounded(j, "value");
  p.bounded = json_at<bool>(j, "bounded");
  if (p.bounded ? p.value < c.bound : (p.value != kUnbounded && p.value >= c.bound))
    throw InputError("a flow value " + std::to_string(p.value) + " does not fit the bound it was searched with");
  if (j.contains("paths"))
    for (const auto& path : checkpoint_list_at(j, "paths")) p.paths.push_back(checked_path_from_json(path, shape.nodes));
  p.amounts = j.contains("amounts") ? json_at<std::vector<std::uint64_t>>(j, "amounts")
                                    : std::vector<std::uint64_t>(p.paths.size(), 1);
  if (p.amounts.size() != p.paths.size()) throw InputError("amounts and paths differ in number");
  return p;
}

// A block's record, checked against its shape; its least cut must be the
// one its items give.  Throws InputError naming what does not fit.
Block block_from_json(const nlohmann::json& j, const BlockShape& shape) {
  Block b;
  b.context = context_from_json(j);
  const nlohmann::json& items = checkpoint_list_at(j, "items");
  if (items.size() != shape.items)
    throw InputError("the block holds " + std::to_string(items.size()) + " items, not " + std::to_string(shape.items));
  for (const auto& item : items) b.items.push_back(outcome_from_json(item, shape, b.context));
  const std::optional<std::size_t> at = least_position(b.items);
  if (j.contains("least") != at.has_value()) throw InputError("its least cut does not match its items");
  if (!at) return b;
  const nlohmann::json& least = j.at("least");
  b.least = Block::Least{json_at<std::size_t>(least, "at"), json_at<std::uint64_t>(least, "cut"),
                         json_at<std::vector<std::size_t>>(least, "units")};
  if (b.least->at != *at || b.least->cut != b.items[*at].value) throw InputError("its least cut does not match its items");
  for (std::size_t u : b.least->units)
    if (u >= shape.units) throw InputError("its least cut names unit " + std::to_string(u) + " of " + std::to_string(shape.units));
  return b;
}

// FNV-1a over the unit weights: the checkpoint's question names them without
// listing a million numbers.
std::string weights_digest(const FaultModel& m) {
  if (!m.weighted()) return "none";
  std::uint64_t h = 14695981039346656037ull;
  for (std::size_t u = 0; u < m.universe().size(); ++u) {
    for (std::uint32_t w = m.weight(u), i = 0; i < 4; ++i, w >>= 8) h = (h ^ (w & 0xff)) * 1099511628211ull;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return std::string("fnv1a64:") + text;
}

std::size_t blocks_of(std::size_t n, std::size_t size) { return (n + size - 1) / size; }

// --- the search ---------------------------------------------------------------

// The merged state: what the blocks settled so far, in block order.
struct Merged {
  std::uint64_t cut = kUnbounded;  // least cut
  std::size_t item = SIZE_MAX;     // the first item with it
  std::vector<std::size_t> units;
  std::uint64_t flows = 0;
  std::vector<PairOutcome> items;  // every item of the merged blocks
  std::size_t blocks = 0;
  std::uint64_t fan_cut = kUnbounded;  // `cut` once the planned pairs' blocks are merged
};

class BlockSearch {
 public:
  BlockSearch(const FaultModel& model, const ToleranceOptions& opts)
      : model_(model), opts_(opts), plan_(plan_pairs(model, opts.symmetry, opts.budget)),
        flow_(model, opts.budget) {
    if (plan_.fan_targets.empty()) return;
    flowed_.assign(model.network().num_nodes(), 0);
    for (const auto& [a, b] : plan_.pairs)
      if (a == plan_.pivot || b == plan_.pivot) flowed_[a == plan_.pivot ? b : a] = 1;
    pivot_adjacent_.assign(model.network().num_nodes(), 0);
    for (NodeId u : model.network().out_neighbors(plan_.pivot)) pivot_adjacent_[u] = 1;
  }

  ToleranceResult run() {
    if (opts_.farm) run_farm();
    else run_here();
    return result();
  }

 private:
  const FaultModel& model_;
  const ToleranceOptions& opts_;
  const PairPlan plan_;
  const UnitFlowNetwork flow_;
  std::vector<char> flowed_, pivot_adjacent_;  // for the fan lemma
  tbb::enumerable_thread_specific<UnitFlowNetwork::Workspace> spaces_{[this] { return flow_.make_workspace(); }};
  std::atomic<bool> expired_{false};
  Merged merged_;
  std::optional<ShardCheckpoint> checkpoint_;
  std::uint64_t taken_ = 0, rechecked_ = 0;  // blocks merged from the checkpoint, and re-searched of those

  // Items: the planned pairs, then the fan targets; blocks of each in turn.
  std::size_t planned() const { return plan_.pairs.size(); }
  std::size_t items() const { return planned() + plan_.fan_targets.size(); }
  std::size_t planned_blocks() const { return blocks_of(planned(), opts_.chunk_pairs); }
  std::size_t blocks() const { return planned_blocks() + blocks_of(plan_.fan_targets.size(), opts_.chunk_pairs); }
  bool fan_block(std::size_t b) const { return b >= planned_blocks(); }
  std::pair<std::size_t, std::size_t> items_of(std::size_t b) const {
    const bool fan = fan_block(b);
    const std::size_t base = fan ? planned() : 0, end = fan ? items() : planned();
    const std::size_t first = base + (b - (fan ? planned_blocks() : 0)) * opts_.chunk_pairs;
    return {first, std::min(end, first + opts_.chunk_pairs)};
  }
  Pair pair_of(std::size_t item) const {
    if (item < planned()) return plan_.pairs[item];
    const NodeId x = plan_.fan_targets[item - planned()];
    return {std::min(plan_.pivot, x), std::max(plan_.pivot, x)};
  }
  std::vector<std::pair<std::size_t, std::size_t>> rounds() const;

  bool out_of_time() {
    if (!expired_.load(std::memory_order_relaxed) && opts_.budget.passed())
      expired_ = true;
    return expired_.load(std::memory_order_relaxed);
  }
  bool fan_settles(NodeId x, std::uint64_t c) const;
  void settle(std::size_t item, const Context& c, UnitFlowNetwork::Workspace& w, PairOutcome& out,
              std::vector<std::size_t>& units);
  std::optional<Block> search_block(std::size_t b, const Context& c);

  Context context_for(std::size_t b) const { return {merged_.cut, fan_block(b) ? merged_.fan_cut : kUnbounded}; }
  void merge(std::size_t b, Block block, bool record);
  void open_checkpoint();
  std::size_t take_recorded(std::size_t lo, std::size_t hi, const Context& c);
  Block recorded_block(std::size_t b, const Context& c);
  std::string least_problem(std::size_t b, const Block::Least& least) const;
  bool reaches(const FaultSet& faults, NodeId s, NodeId t) const;
  BlockShape shape(std::size_t b) const;
  nlohmann::json question() const;

  void run_here();
  bool run_round_here(std::size_t first, std::size_t hi, const Context& c);
  void run_farm();
  ShardJob round_job(std::size_t lo, std::size_t hi, Context& c, bool& opened);
  ToleranceResult result();
  Coverage coverage() const;
  ToleranceCertificate certificate(const ToleranceResult& r);
};

// Rounds of each list's blocks: 0 | 1 | 2-3 | 4-7 | ..., as [lo, hi).
std::vector<std::pair<std::size_t, std::size_t>> BlockSearch::rounds() const {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  const auto add = [&](std::size_t first, std::size_t n) {
    for (std::size_t lo = 0, hi; lo < n; lo = hi) {
      hi = std::min(n, lo == 0 ? 1 : 2 * lo);
      out.emplace_back(first + lo, first + hi);
    }
  };
  add(0, planned_blocks());
  add(planned_blocks(), blocks() - planned_blocks());
  return out;
}

// The fan lemma of pair_plan.h: x is c-connected to the pivot v when every
// neighbour of x is settled (a flow to it, or to its orbit's representative
// under the pivot's stabiliser, was computed; or, under node faults, it is
// adjacent to v; under link faults it may be v) and the neighbours (node
// faults) or the links to them (link faults) weigh at least c together.
bool BlockSearch::fan_settles(NodeId x, std::uint64_t c) const {
  const NodeId v = plan_.pivot;
  const Network& net = model_.network();
  const bool links = model_.universe().kind() == UnitKind::Link;
  std::uint64_t weight = 0;
  constexpr std::uint64_t kHeavy = std::uint64_t{1} << 40;
  for (const PortSlot& p : net.ports(x)) {
    if (!p.connected()) continue;
    const NodeId u = p.peer;
    if (links) {
      if (u != v && !flowed_[plan_.orbit_root[u]]) return false;
      const auto unit = model_.unit_of_link(p.link);
      weight += unit ? model_.weight(*unit) : kHeavy;
    } else {
      if (u == v || (!pivot_adjacent_[u] && !flowed_[plan_.orbit_root[u]])) return false;
      const auto unit = model_.unit_of_node(u);
      weight += unit ? model_.weight(*unit) : kHeavy;
    }
  }
  return weight >= c;
}

// One item: the fan lemma when it applies, else a flow stopped at the bound
// (its minimum cut in `units` when exact).
void BlockSearch::settle(std::size_t item, const Context& c, UnitFlowNetwork::Workspace& w, PairOutcome& out,
                         std::vector<std::size_t>& units) {
  if (item >= planned() && c.fan_cut != kUnbounded && fan_settles(plan_.fan_targets[item - planned()], c.fan_cut)) {
    out.lemma = true;
    return;
  }
  const auto [s, t] = pair_of(item);
  PairCut cut = flow_.solve(s, t, c.bound, w, true, opts_.certificate);
  out.value = cut.value;
  out.bounded = cut.bounded;
  out.paths = std::move(cut.paths);
  out.amounts = std::move(cut.amounts);
  trim(out, c.bound);  // the final least cut is at most the bound: nothing beyond it is ever kept
  units = std::move(cut.units);
}

// Block b's pairs in parallel, all with the round's bound; nullopt when the
// deadline passed before every one was settled.
std::optional<Block> BlockSearch::search_block(std::size_t b, const Context& c) {
  // Plain names, not a structured binding: clang before 16 cannot capture one in the lambda below.
  const std::size_t first = items_of(b).first, last = items_of(b).second;
  Block block;
  block.context = c;
  block.items.resize(last - first);
  std::vector<std::vector<std::size_t>> units(last - first);
  std::atomic<bool> cut_short{false};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(first, last, 1), [&](const auto& range) {
    if (out_of_time()) {  // before a workspace is made: on millions of nodes that takes seconds
      cut_short = true;
      return;
    }
    auto& w = spaces_.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      if (out_of_time()) {
        cut_short = true;
        return;
      }
      settle(i, c, w, block.items[i - first], units[i - first]);
    }
  });
  if (cut_short) return std::nullopt;
  if (const auto at = least_position(block.items))
    block.least = Block::Least{*at, block.items[*at].value, std::move(units[*at])};
  return block;
}

// Adds block b (the next in order) to the merged state: its least cut wins
// only when strictly less, so ties go to the earlier item.
void BlockSearch::merge(std::size_t b, Block block, bool record) {
  if (record && checkpoint_) checkpoint_->append(to_json(block));
  if (block.least && block.least->cut < merged_.cut) {
    merged_.cut = block.least->cut;
    merged_.item = items_of(b).first + block.least->at;
    merged_.units = std::move(block.least->units);
  }
  for (PairOutcome& p : block.items) {
    merged_.flows += !p.lemma;
    merged_.items.push_back(std::move(p));
  }
  if (++merged_.blocks == planned_blocks()) merged_.fan_cut = merged_.cut;
  if (opts_.progress) opts_.progress(coverage());
}

// Everything that changes a record.  The plan is not listed: it follows from
// the model, the fault model, symmetry and the version.  (Fields are compared
// in name order, so no field derived from another is listed: a checkpoint of
// another model is refused for its model, not for its unit count.)
nlohmann::json BlockSearch::question() const {
  const FaultModelSpec& f = model_.spec();
  return {{"model", model_.network().spec()},
          {"inputs", question_inputs(model_.network().topology())},
          {"faults", "units=" + to_string(f.units) + ";pairs=" + to_string(f.pairs)},
          {"weights", weights_digest(model_)},
          {"engine", "flow"},
          {"symmetry", opts_.symmetry},
          {"certificate", opts_.certificate},
          {"chunk_pairs", opts_.chunk_pairs},
          {"menger", kVersion}};
}

void BlockSearch::open_checkpoint() {
  if (opts_.checkpoint.empty()) return;
  checkpoint_.emplace(opts_.checkpoint, kCheckpointFormat, question());
  if (checkpoint_->records().size() > blocks())
    checkpoint_->damaged(blocks(), "the run has only " + std::to_string(blocks()) + " blocks");
}

BlockShape BlockSearch::shape(std::size_t b) const {
  const auto [first, last] = items_of(b);
  return {last - first, fan_block(b), model_.universe().size(), model_.network().num_nodes()};
}

// Merges the recorded blocks of the round [lo, hi); returns the first block still to search.
std::size_t BlockSearch::take_recorded(std::size_t lo, std::size_t hi, const Context& c) {
  std::size_t b = lo;
  for (; checkpoint_ && b < hi && b < checkpoint_->records().size(); ++b) {
    merge(b, recorded_block(b, c), false);
    ++taken_;
  }
  return b;
}

// Block b as its record gives it, checked against the plan, its bound and
// its least cut; with recheck_resumed, searched again and compared with it.
Block BlockSearch::recorded_block(std::size_t b, const Context& c) {
  const nlohmann::json& rec = checkpoint_->records()[b];
  Block block;
  try {
    block = block_from_json(rec, shape(b));
  } catch (const InputError& e) {
    checkpoint_->damaged(b, e.what());
  }
  if (!(block.context == c))
    checkpoint_->damaged(b, "it was searched with " + json_text(to_json(block.context)) + ", this run's is " +
                                json_text(to_json(c)));
  if (block.least)
    if (const std::string why = least_problem(b, *block.least); !why.empty()) checkpoint_->damaged(b, why);
  if (!opts_.recheck_resumed) return block;
  std::optional<Block> fresh = search_block(b, c);
  if (!fresh) throw opts_.budget.exhausted("searching again the blocks of checkpoint " + opts_.checkpoint);
  nlohmann::json again = to_json(*fresh);
  again["shard"] = b;
  if (again != rec) checkpoint_->damaged(b, "searched again (--recheck-resumed), its pairs give " + json_text(again));
  ++rechecked_;
  return std::move(*fresh);
}

// Whether t is reachable from s under `faults` by a path of at least one hop
// relaying through healthy nodes that forward (a pair (s, s) needs a cycle):
// what a breaking set must prevent, as the certificate checker reads it.
bool BlockSearch::reaches(const FaultSet& faults, NodeId s, NodeId t) const {
  const Network& net = model_.network();
  const FailedElements failed(model_.universe(), faults);
  std::vector<char> seen(net.num_nodes(), 0);
  std::vector<NodeId> queue;
  const auto expand = [&](NodeId v) {
    for (std::uint64_t a = net.out_begin(v); a != net.out_end(v); ++a) {
      const NodeId y = net.arc_target(a);
      if (seen[y] || failed.node_failed(y) || failed.link_failed(net.arc_link(a))) continue;
      seen[y] = 1;
      queue.push_back(y);
    }
  };
  expand(s);
  for (std::size_t i = 0; i < queue.size() && !seen[t]; ++i)
    if (net.forwards(queue[i])) expand(queue[i]);
  return seen[t] != 0;
}

// Why a block's least cut is not a breaking set of its pair, or "": its
// units are distinct fault units that weigh the cut, spare both ends, and
// separate the pair (re-checked by search, not believed).
std::string BlockSearch::least_problem(std::size_t b, const Block::Least& least) const {
  const auto [s, t] = pair_of(items_of(b).first + least.at);
  std::vector<std::size_t> units = least.units;
  std::sort(units.begin(), units.end());
  if (std::adjacent_find(units.begin(), units.end()) != units.end()) return "its least cut names a unit twice";
  std::uint64_t weight = 0;
  for (std::size_t u : units) weight += model_.weight(u);
  if (weight != least.cut)
    return "its least cut's units weigh " + std::to_string(weight) + ", not " + std::to_string(least.cut);
  const FaultSet faults(model_.universe().size(), units);
  for (NodeId end : {s, t})
    if (const auto u = model_.unit_of_node(end); u && faults.contains(*u)) return "its least cut fails an end of its pair";
  if (reaches(faults, s, t)) return "its least cut does not separate its pair";
  return "";
}

// In this process: round after round.  Inside a round, as many workers as
// TBB has threads take the next block in order (its pairs in parallel), and
// whichever finishes merges every block of the finished prefix, so the
// checkpoint grows block by block; stops at the first block the deadline cut.
void BlockSearch::run_here() {
  if (blocks() > 0) open_checkpoint();
  for (const auto& [lo, hi] : rounds()) {
    const Context c = context_for(lo);
    if (!run_round_here(take_recorded(lo, hi, c), hi, c)) return;
  }
}

bool BlockSearch::run_round_here(std::size_t first, std::size_t hi, const Context& c) {
  std::atomic<std::size_t> next{first};
  std::mutex lock;
  std::map<std::size_t, std::optional<Block>> finished;  // searched, not yet merged
  std::size_t merged = first;
  bool cut_short = false;
  const auto worker = [&] {
    for (std::size_t b; (b = next++) < hi;) {
      std::optional<Block> block = search_block(b, c);
      const std::lock_guard guard(lock);
      finished.emplace(b, std::move(block));
      for (auto it = finished.find(merged); !cut_short && it != finished.end(); it = finished.find(merged)) {
        if (!it->second) cut_short = true;
        else merge(merged++, std::move(*it->second), true);
        finished.erase(it);
      }
      if (cut_short) return;
    }
  };
  tbb::task_group workers;
  const int threads = tbb::this_task_arena::max_concurrency();
  for (int i = 0; i < threads; ++i) workers.run(worker);
  workers.wait();
  return merged == hi;
}

// One round as a ShardJob (shards lo .. hi-1 as 0 .. hi-lo-1): the
// coordinator fixes the round's context and takes recorded blocks at the
// start, any process searches a block in that context, and the coordinator
// merges the results in order.
ShardJob BlockSearch::round_job(std::size_t lo, std::size_t hi, Context& c, bool& opened) {
  ShardJob job;
  job.count = hi - lo;
  job.start = [this, lo, hi, &c, &opened] {
    if (!opened) open_checkpoint();
    opened = true;
    c = context_for(lo);
    return take_recorded(lo, hi, c) - lo;
  };
  job.context = [&c](std::size_t) { return std::optional<std::string>(json_text(to_json(c))); };
  job.work = [this, lo](std::size_t i, const std::string& context) {
    const std::optional<Block> block = search_block(lo + i, context_from_json(nlohmann::json::parse(context)));
    // Under a farm there is no deadline (refused above): only the memory
    // limit or cancellation cuts a block short, and that stops the run.
    if (!block) throw opts_.budget.exhausted("searching a block of pairs");
    return json_text(to_json(*block));
  };
  job.arrived = [](std::size_t, const std::string&) {};
  job.merge = [this, lo](std::size_t i, const std::string& text) {
    Block block;
    try {
      block = block_from_json(parse_json(text, "a block from another process"), shape(lo + i));
    } catch (const std::exception& e) {  // InputError or nlohmann's: our own text, so a bug
      throw InternalError("block " + std::to_string(lo + i) + " came back malformed: " + e.what());
    }
    // Another process's block is checked like a checkpoint's record before it counts.
    if (block.least)
      if (const std::string why = least_problem(lo + i, *block.least); !why.empty())
        throw InternalError("block " + std::to_string(lo + i) + " came back from another process wrong: " + why);
    merge(lo + i, std::move(block), true);
    return true;
  };
  return job;
}

// Spread over processes: one ShardJob per round; after each, the coordinator
// says whether the next follows (not after an error, which it rethrows).
void BlockSearch::run_farm() {
  Context c;
  bool opened = false;
  for (const auto& [lo, hi] : rounds()) {
    // Workspaces of the previous round's threads (the coordinator's own
    // worker thread is new every round) are not needed again.
    spaces_.clear();
    std::exception_ptr failed;
    try {
      opts_.farm->run(round_job(lo, hi, c, opened));
    } catch (...) {
      failed = std::current_exception();
    }
    if (opts_.farm->agree(failed ? 0 : 1)) continue;
    if (failed) std::rethrow_exception(failed);
    return;  // not the coordinator, which failed: its error is the one reported
  }
}

Coverage BlockSearch::coverage() const {
  Coverage c;
  c.unit = "blocks of pairs";
  c.settled = merged_.blocks;
  c.total = blocks();
  const bool all = merged_.blocks == blocks();
  if (merged_.item != SIZE_MAX)
    c.so_far = (all ? "least breaking weight " : "a breaking set of weight ") + std::to_string(merged_.cut);
  else if (merged_.blocks > 0)
    c.so_far = all ? "no fault set disconnects a required pair" : "no fault set separates a pair searched";
  if (merged_.items.size() < items())
    c.remains = std::to_string(items() - merged_.items.size()) + " of " + std::to_string(items()) + " pairs";
  if (taken_ > 0)
    c.resumed = resumption(*checkpoint_, "blocks of pairs", taken_, rechecked_,
                           opts_.certificate ? "the least cut they name, as a cut; every pair's paths, with the "
                                               "certificate"
                                             : "the least cut they name, as a cut",
                           opts_.certificate ? "" : "the flow values of their other pairs (no certificate)");
  return c;
}

ToleranceResult BlockSearch::result() {
  ToleranceResult r;
  r.method = plan_.method;
  r.symmetry_order = plan_.symmetry_order;
  r.pairs_total = items();
  r.flow_calls = merged_.flows;
  r.complete = merged_.blocks == blocks();
  r.coverage = coverage();
  if (merged_.item != SIZE_MAX) {
    r.min_cut = merged_.cut;
    r.breaking_set = merged_.units;
    std::tie(r.source, r.target) = pair_of(merged_.item);
  }
  if (r.complete && opts_.certificate) r.certificate = certificate(r);
  return r;
}

ToleranceCertificate BlockSearch::certificate(const ToleranceResult& r) {
  ToleranceCertificate cert;
  cert.model = model_.network().spec();
  cert.faults = model_.spec();
  cert.min_cut = r.min_cut;
  cert.kind = "disjoint-paths";
  cert.reduction = plan_.method;
  cert.pivot = plan_.pivot;
  cert.symmetry = plan_.symmetry;
  if (r.min_cut) cert.witness = BreakingWitness{r.breaking_set, r.source, r.target};
  const std::uint64_t keep = r.min_cut ? *r.min_cut : 1;
  for (std::size_t i = 0; i < merged_.items.size(); ++i) {
    PairOutcome& p = merged_.items[i];
    if (p.lemma) {
      cert.fan.push_back(plan_.fan_targets[i - planned()]);
      continue;
    }
    MENGER_ASSERT(p.value >= keep || (!r.min_cut && p.value == kUnbounded), "a planned pair's flow is below the least cut");
    trim(p, keep);
    const auto [s, t] = pair_of(i);
    cert.pairs.push_back(CertifiedPair{s, t, p.value == kUnbounded, std::move(p.paths), std::move(p.amounts)});
  }
  return cert;
}

}  // namespace

ToleranceResult flow_tolerance(const FaultModel& model, const ToleranceOptions& opts) {
  if (!model.flow_expressible())
    throw InputError("fault units that are groups of nodes need the SMT engine (--engine smt)");
  if (opts.chunk_pairs == 0) throw InputError("--chunk-pairs must be at least 1");
  if (opts.farm && opts.budget.deadline())
    throw InputError("--budget cannot be honoured under mpirun: the ranks share no clock to stop the search at "
                     "one point; run without mpirun, or split a long run with --checkpoint");
  return BlockSearch(model, opts).run();
}

}  // namespace menger
