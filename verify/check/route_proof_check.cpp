#include "verify/check/route_proof_check.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <utility>

#include "core/error.h"
#include "core/formula.h"
#include "core/hop_limit.h"
#include "core/json_io.h"
#include "verify/check/automorphism_check.h"
#include "verify/check/count_feasibility.h"
#include "verify/check/leaf_fault_view.h"
#include "verify/check/proof_generators.h"
#include "verify/check/replay_run.h"
#include "verify/check/routing_symmetry_check.h"
#include "verify/evidence_inputs.h"
#include "verify/route/route_proof.h"

namespace menger {

namespace {

constexpr std::size_t kMaxProblems = 8;

struct Question {
  std::string model, routing, faults;
  std::uint32_t k = 0, hop_limit = 0;
  std::optional<std::string> path_bound;
  bool excuse_disconnected = false;
};

Question read_question(const nlohmann::json& j) {
  require_keys(j, {"model", "routing", "faults", "k", "path_bound", "hop_limit", "excuse_disconnected"},
               "proof question");
  Question q;
  q.model = json_at<std::string>(j, "model");
  q.routing = json_at<std::string>(j, "routing");
  q.faults = json_at<std::string>(j, "faults");
  q.k = json_at<std::uint32_t>(j, "k");
  if (q.k > 64) throw InputError("proof question: k " + std::to_string(q.k) + " is beyond 64");
  q.hop_limit = json_at<std::uint32_t>(j, "hop_limit");
  if (q.hop_limit == 0) throw InputError("proof question: hop_limit must be at least 1");
  if (!j.contains("path_bound")) throw InputError("proof question: missing field 'path_bound'");
  if (!j["path_bound"].is_null()) q.path_bound = json_at<std::string>(j, "path_bound");
  q.excuse_disconnected = json_at<bool>(j, "excuse_disconnected");
  return q;
}

// The path bound's least value over the fault counts j..k at one distance:
// a leaf's sets have |P| .. k faults and all run alike.
class Bounds {
 public:
  Bounds(const Network& net, const std::optional<std::string>& formula, std::uint32_t k) : formula_(formula), k_(k) {
    if (!formula_) return;
    net.topology().add_formula_vars(vars_);
    uses_distance_ = formula_->find("distance") != std::string::npos;
  }
  bool uses_distance() const { return uses_distance_; }
  // nullopt: no bound.  Memoised per distance (a pair's distance is fixed).
  std::optional<std::uint64_t> at_least(std::uint32_t from, std::uint32_t distance) {
    if (!formula_) return std::nullopt;
    auto& row = rows_[uses_distance_ ? distance : 0];
    if (row.empty()) row = suffix_minima(uses_distance_ ? distance : 0);
    return row[from];
  }

 private:
  std::optional<std::string> formula_;
  std::uint32_t k_;
  FormulaVars vars_;
  bool uses_distance_ = false;
  std::map<std::uint32_t, std::vector<std::uint64_t>> rows_;

  std::vector<std::uint64_t> suffix_minima(std::uint32_t distance) {
    std::vector<std::uint64_t> row(k_ + 1);
    for (std::uint32_t j = 0; j <= k_; ++j) {
      vars_.set("faults", j, "number of faults in the set");
      vars_.set("distance", distance, "fault-free distance of the pair");
      const Rational v = evaluate_formula(*formula_, vars_);
      if (v < 0) throw InputError("the path bound is negative for faults=" + std::to_string(j));
      const BigInt floor = numerator(v) / denominator(v);
      row[j] = floor > BigInt(UINT64_MAX / 2) ? UINT64_MAX / 2 : static_cast<std::uint64_t>(floor);
    }
    for (std::uint32_t j = k_; j-- > 0;) row[j] = std::min(row[j], row[j + 1]);
    return row;
  }
};

// Breadth-first over usable hops, relaying only through nodes that forward
// (the excuse's and the distance's rule): hops from s to every node.
std::vector<std::uint32_t> hops_from(const FaultModel& m, const FaultSet* faults, NodeId s) {
  const Network& net = m.network();
  auto failed_node = [&](NodeId v) {
    auto u = m.unit_of_node(v);
    return faults && u && faults->contains(*u);
  };
  std::vector<std::uint32_t> dist(net.num_nodes(), UINT32_MAX);
  if (failed_node(s)) return dist;
  std::deque<NodeId> queue{s};
  dist[s] = 0;
  while (!queue.empty()) {
    const NodeId x = queue.front();
    queue.pop_front();
    if (x != s && !net.forwards(x)) continue;
    for (std::uint64_t a = net.out_begin(x); a != net.out_end(x); ++a) {
      const NodeId y = net.arc_target(a);
      const auto lu = m.unit_of_link(net.arc_link(a));
      if (dist[y] != UINT32_MAX || failed_node(y) || (faults && lu && faults->contains(*lu))) continue;
      dist[y] = dist[x] + 1;
      queue.push_back(y);
    }
  }
  return dist;
}

using Generator = ProofGenerator;

struct Shared {
  RouteSetup setup;
  Question q;
  std::vector<Generator> gens;
  std::vector<char> terminal;  // per node
};

// One pair's tree, walked in preorder (route_proof.h).
class TreeCheck {
 public:
  TreeCheck(const Shared& sh, const PairProof& p, Bounds& bounds)
      : sh_(sh), m_(*sh.setup.model), p_(p), bounds_(bounds), units_(m_.universe().size()),
        state_(units_, Decided::No), faulty_(units_) {
    mapped_state_.assign(sh.gens.size(), state_);
    mapped_faulty_.assign(sh.gens.size(), faulty_);
    if (bounds.uses_distance()) distance_ = hops_from(m_, nullptr, p.s)[p.d];
  }

  // The first problem, or "".
  std::string run() {
    if (auto why = read_regions(); !why.empty()) return why;
    for (NodeId v : {p_.s, p_.d})  // the root spares both ends
      if (auto u = m_.unit_of_node(v); u && state_[*u] == Decided::No) decide(*u, Decided::Healthy);
    std::size_t pos = 0;
    for (;;) {
      if (pos >= p_.tokens.size()) return "the tree ends before its last leaf";
      const std::uint64_t t = p_.tokens[pos++];
      if (t == kProofCount || t >= kProofBranch) {
        if (faulty_count_ > sh_.q.k) return "a branch below more than k faulty units (beyond k)" + where();
        if (auto why = t == kProofCount ? count_branch(pos) : unit_branch(t); !why.empty()) return why;
        continue;
      }
      if (faulty_count_ > sh_.q.k && t != kProofInfeasible)
        return "a leaf below more than k faulty units (beyond k) that is not Infeasible" + where();
      if (auto why = leaf(t); !why.empty()) return why;
      while (!stack_.empty() && stack_.back().second_side) {
        undo(stack_.back());
        stack_.pop_back();
      }
      if (stack_.empty()) break;
      second_side(stack_.back());
    }
    if (pos != p_.tokens.size()) return std::to_string(p_.tokens.size() - pos) + " tokens follow the tree's last leaf";
    return "";
  }

  std::uint64_t leaves = 0, runs = 0, commutation_runs = 0;

 private:
  struct Frame {
    bool count;         // a count branch (its fact is counts_.back() while open), or a unit branch
    std::size_t unit;   // unit branches
    bool healthy_first;
    bool second_side = false;
  };
  const Shared& sh_;
  const FaultModel& m_;
  const PairProof& p_;
  Bounds& bounds_;
  std::size_t units_;
  std::vector<Decided> state_;
  FaultSet faulty_;
  std::uint32_t faulty_count_ = 0;
  std::vector<std::vector<Decided>> mapped_state_;
  std::vector<FaultSet> mapped_faulty_;
  std::uint32_t distance_ = 0;
  ReplayScratch scratch_;
  std::vector<Frame> stack_;
  std::vector<std::vector<NodeId>> regions_;                 // sorted
  std::vector<std::size_t> count_region_;                    // per open count fact: its region's index
  std::vector<CountFact> counts_;
  // Per open count fact, kept as units are decided: the weight (nodes of the
  // region) of its faulty units and of its undecided ones, and the most nodes
  // one unit holds; per unit, the open facts whose region it meets.
  struct Tally {
    std::uint64_t faulty = 0, open = 0;
    std::uint32_t max_share = 0;
    std::vector<std::size_t> units;
  };
  std::vector<Tally> tallies_;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> facts_of_;  // unit -> (fact, weight)
  std::vector<std::uint32_t> share_;  // scratch, zero between uses
  struct MappedRegion {
    std::vector<NodeId> sorted, listed;  // the region's image, sorted and in the proof's order
  };
  std::map<std::pair<std::size_t, std::size_t>, MappedRegion> mapped_regions_;  // (generator, region)

  std::string read_regions() {
    for (const auto& r : p_.regions) {
      for (NodeId v : r)
        if (v >= m_.network().num_nodes()) return "a count region holds node " + std::to_string(v) + ", beyond the network";
      regions_.push_back(r);
      std::sort(regions_.back().begin(), regions_.back().end());
    }
    return "";
  }

  std::string unit_branch(std::uint64_t t) {
    const std::uint64_t u = (t - kProofBranch) / 2;
    const bool healthy_first = (t - kProofBranch) % 2 == 1;
    if (u >= units_) return "a branch on unit " + std::to_string(u) + ", beyond the model's " + std::to_string(units_);
    if (state_[u] != Decided::No) return "a branch on " + m_.universe().label(u) + ", which is already decided";
    stack_.push_back({false, u, healthy_first});
    decide(u, healthy_first ? Decided::Healthy : Decided::Faulty);
    return "";
  }

  std::string count_branch(std::size_t& pos) {
    if (pos + 2 > p_.tokens.size()) return "the tree ends inside a count branch";
    const std::uint64_t region = p_.tokens[pos], threshold = p_.tokens[pos + 1];
    pos += 2;
    if (region >= regions_.size())
      return "a count branch on region " + std::to_string(region) + ", beyond the pair's " + std::to_string(regions_.size());
    if (threshold > UINT32_MAX) return "a count branch with threshold " + std::to_string(threshold) + ", beyond 32 bits";
    counts_.push_back({&regions_[region], static_cast<std::uint32_t>(threshold), false,  // "< t" first
                       &p_.regions[region]});
    count_region_.push_back(region);
    tally(p_.regions[region]);
    stack_.push_back({true, 0, false});
    return "";
  }

  void second_side(Frame& f) {
    f.second_side = true;
    if (f.count) counts_.back().at_least = true;
    else decide(f.unit, f.healthy_first ? Decided::Faulty : Decided::Healthy);
  }

  void undo(const Frame& f) {
    if (!f.count) return decide(f.unit, Decided::No);
    counts_.pop_back();
    count_region_.pop_back();
    for (std::size_t u : tallies_.back().units) facts_of_[u].pop_back();
    tallies_.pop_back();
  }

  void tally(const std::vector<NodeId>& region) {
    if (facts_of_.empty()) facts_of_.resize(units_), share_.assign(units_, 0);
    Tally t;
    for (NodeId v : region)
      if (auto u = m_.unit_of_node(v); u && share_[*u]++ == 0) t.units.push_back(*u);
    const auto index = static_cast<std::uint32_t>(tallies_.size());
    for (std::size_t u : t.units) {
      const std::uint32_t w = std::exchange(share_[u], 0);
      facts_of_[u].emplace_back(index, w);
      t.max_share = std::max(t.max_share, w);
      if (state_[u] == Decided::Faulty) t.faulty += w;
      else if (state_[u] == Decided::No) t.open += w;
    }
    tallies_.push_back(std::move(t));
  }

  // A leaf with no fault set by one fact alone (a "< t" fact its faulty
  // units already reach, or a ">= t" fact they cannot reach within the
  // budget) or by the budget; false when it takes the whole search.
  bool plainly_empty() const {
    if (faulty_count_ > sh_.q.k) return true;
    const std::uint64_t left = sh_.q.k - faulty_count_;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      const Tally& t = tallies_[i];
      if (!counts_[i].at_least && t.faulty >= counts_[i].threshold) return true;
      if (counts_[i].at_least && t.faulty + std::min(t.open, left * t.max_share) < counts_[i].threshold) return true;
    }
    return false;
  }

  void decide(std::size_t u, Decided d) {
    if (!facts_of_.empty())
      for (const auto& [f, w] : facts_of_[u]) {
        Tally& t = tallies_[f];
        if (state_[u] == Decided::No) t.open -= w;
        if (state_[u] == Decided::Faulty) t.faulty -= w;
        if (d == Decided::No) t.open += w;
        if (d == Decided::Faulty) t.faulty += w;
      }
    const bool was = state_[u] == Decided::Faulty, is = d == Decided::Faulty;
    state_[u] = d;
    if (was && !is) {
      faulty_.erase(u);
      --faulty_count_;
    } else if (!was && is) {
      faulty_.insert(u);
      ++faulty_count_;
    }
    for (std::size_t i = 0; i < sh_.gens.size(); ++i) {
      const std::size_t v = sh_.gens[i].units[u];
      mapped_state_[i][v] = d;
      if (is) mapped_faulty_[i].insert(v);
      else mapped_faulty_[i].erase(v);
    }
  }

  std::string where() const {
    std::string s = " (faulty " + faulty_.to_string(m_.universe());
    for (std::size_t i = 0; i < counts_.size(); ++i)
      s += ", region " + std::to_string(count_region_[i]) + (counts_[i].at_least ? " >= " : " < ") +
           std::to_string(counts_[i].threshold);
    return s + ")";
  }

  LeafFacts facts() const { return {state_, faulty_count_, sh_.q.k, counts_}; }

  std::string leaf(std::uint64_t t) {
    ++leaves;
    switch (t) {
      case kProofDelivered: return delivered();
      case kProofExcused:
        if (!sh_.q.excuse_disconnected) return "an Excused leaf, but the question does not excuse cuts" + where();
        if (hops_from(m_, &faulty_, p_.s)[p_.d] != UINT32_MAX) return "an Excused leaf whose faults do not cut the pair" + where();
        return "";
      case kProofInfeasible:
        if (plainly_empty()) return "";
        if (auto size = least_leaf_set(m_, facts()))
          return "an Infeasible leaf whose facts admit a fault set of " + std::to_string(*size) + " units" + where();
        return "";
      default: return "an unknown token " + std::to_string(t);
    }
  }

  std::string delivered() {
    const Routing& routing = *sh_.setup.routing;
    const std::uint32_t left = sh_.q.k - faulty_count_;
    LeafFaultView view(m_, routing.knowledge(), state_, faulty_, left, counts_);
    Replay run;
    try {
      ++runs;
      run = replay_in(routing, view, p_.s, p_.d, sh_.q.hop_limit, scratch_);
    } catch (const UndecidedQuestion& u) {
      return "the run asks about " + m_.universe().label(u.unit) + ", which the leaf does not decide" + where();
    }
    if (run.end != ReplayEnd::Delivered)
      return "a Delivered leaf whose run ends: " + std::string(to_string(run.end)) + where();
    if (auto why = within_bound(run.hops); !why.empty()) return why;
    return commutes(run, left);
  }

  // The bound at the least size of the leaf's sets (|P| unless its count
  // facts ask for more; a leaf with no set is vacuous).
  std::string within_bound(std::uint64_t hops) {
    auto bound = bounds_.at_least(faulty_count_, distance_);
    if (!bound || hops <= *bound) return "";
    if (!counts_.empty()) {
      const auto least = least_leaf_set(m_, facts());
      if (!least) return "";
      bound = bounds_.at_least(*least, distance_);
      if (hops <= *bound) return "";
    }
    return "a Delivered leaf whose run takes " + std::to_string(hops) + " hops, beyond the path bound " +
           std::to_string(*bound) + where();
  }

  // The leaf's count facts with their regions mapped through generator i.
  std::vector<CountFact> mapped_counts(std::size_t i) {
    std::vector<CountFact> out;
    for (std::size_t c = 0; c < counts_.size(); ++c) {
      auto [it, added] = mapped_regions_.try_emplace({i, count_region_[c]});
      MappedRegion& image = it->second;
      if (added) {
        for (NodeId v : p_.regions[count_region_[c]]) image.listed.push_back(sh_.gens[i].nodes[v]);
        image.sorted = image.listed;
        std::sort(image.sorted.begin(), image.sorted.end());
      }
      out.push_back({&image.sorted, counts_[c].threshold, counts_[c].at_least, &image.listed});
    }
    return out;
  }

  // The run mapped through one generator, in turn over the leaves.
  std::string commutes(const Replay& run, std::uint32_t left) {
    if (sh_.gens.empty()) return "";
    const std::size_t i = leaves % sh_.gens.size();
    const Permutation& g = sh_.gens[i].nodes;
    const std::vector<CountFact> mapped = mapped_counts(i);
    LeafFaultView view(m_, sh_.setup.routing->knowledge(), mapped_state_[i], mapped_faulty_[i], left, mapped);
    ++commutation_runs;
    try {
      const Replay image = replay_in(*sh_.setup.routing, view, g[p_.s], g[p_.d], sh_.q.hop_limit, scratch_);
      if (auto why = run_image_problem(m_.network(), g, run, image))
        return "the routing does not commute with generator " + std::to_string(i) + ": " + *why + where();
    } catch (const UndecidedQuestion& u) {
      return "the routing does not commute with generator " + std::to_string(i) + ": the mapped run asks about " +
             m_.universe().label(u.unit) + where();
    }
    return "";
  }
};

// Every required pair in the orbit of a proven one (step 3).
void check_pair_cover(const Shared& sh, const std::set<std::pair<NodeId, NodeId>>& proven, RouteProofReport& rep) {
  const FaultModel& m = *sh.setup.model;
  std::vector<std::pair<NodeId, NodeId>> required;
  for (NodeId s : m.terminals())
    for (NodeId d : m.terminals())
      if (s != d && m.pair_required(s, d)) required.emplace_back(s, d);
  rep.required_pairs = required.size();
  std::vector<Permutation> gens;
  for (const Generator& g : sh.gens) gens.push_back(g.nodes);
  std::vector<std::size_t> root;
  try {
    root = pair_orbit_roots(required, gens, false);
  } catch (const InputError& e) {
    rep.problems.push_back(std::string("the required pairs are not closed under the generators: ") + e.what());
    return;
  }
  std::vector<char> covered(required.size(), 0);
  for (std::size_t i = 0; i < required.size(); ++i)
    if (proven.count(required[i])) covered[root[i]] = 1;
  std::uint64_t missing = 0;
  const Network& net = m.network();
  for (std::size_t i = 0; i < required.size(); ++i)
    if (!covered[root[i]] && missing++ < 3)
      rep.problems.push_back("the pair " + net.label(required[i].first) + " -> " + net.label(required[i].second) +
                             " is in no proven pair's orbit");
  if (missing > 3) rep.problems.push_back(std::to_string(missing - 3) + " more pairs are in no proven pair's orbit");
}

void check_shard(const Shared& sh, const ProofShard& shard, const RouteProofHeader& h,
                 std::set<std::pair<NodeId, NodeId>>& proven, RouteProofReport& rep) {
  const FaultModel& m = *sh.setup.model;
  const Network& net = m.network();
  if (shard.digest != h.digest) {
    rep.problems.push_back("shard " + std::to_string(shard.index) + " is from another question (digest " + shard.digest + ")");
    return;
  }
  for (const PairProof& p : shard.pairs) {
    if (p.s >= net.num_nodes() || p.d >= net.num_nodes() || p.s == p.d || !m.pair_required(p.s, p.d) ||
        !sh.terminal[p.s] || !sh.terminal[p.d]) {
      rep.problems.push_back("shard " + std::to_string(shard.index) + " proves a pair that is not required");
      continue;
    }
    if (!proven.insert({p.s, p.d}).second)
      rep.problems.push_back("the pair " + net.label(p.s) + " -> " + net.label(p.d) + " is proven twice");
  }
  std::vector<std::string> why(shard.pairs.size());
  std::vector<std::uint64_t> leaves(shard.pairs.size()), runs(shard.pairs.size()), comm(shard.pairs.size());
  tbb::parallel_for(std::size_t{0}, shard.pairs.size(), [&](std::size_t i) {
    const PairProof& p = shard.pairs[i];
    if (p.s >= net.num_nodes() || p.d >= net.num_nodes() || p.s == p.d) return;
    Bounds local(net, sh.q.path_bound, sh.q.k);  // one pair's: its distance is fixed
    TreeCheck t(sh, p, local);
    why[i] = t.run();
    leaves[i] = t.leaves, runs[i] = t.runs, comm[i] = t.commutation_runs;
  });
  for (std::size_t i = 0; i < why.size(); ++i) {
    rep.leaves += leaves[i], rep.runs += runs[i], rep.commutation_runs += comm[i];
    if (!why[i].empty())
      rep.problems.push_back("pair " + net.label(shard.pairs[i].s) + " -> " + net.label(shard.pairs[i].d) + ": " + why[i]);
  }
  rep.pairs += shard.pairs.size();
}

void read_shards(RouteProofReader& reader, const Shared& sh, const Budget& budget, RouteProofReport& rep) {
  const RouteProofHeader& h = reader.header();
  std::set<std::pair<NodeId, NodeId>> proven;
  std::optional<std::uint64_t> last;
  std::uint64_t shards = 0, tokens = 0;
  while (auto shard = reader.next()) {
    budget.check("checking the proof's pair trees", rep.pairs);
    if (last && shard->index <= *last) rep.problems.push_back("shard " + std::to_string(shard->index) + " is out of order or repeated");
    last = shard->index;
    ++shards;
    for (const PairProof& p : shard->pairs) tokens += p.tokens.size();
    check_shard(sh, *shard, h, proven, rep);
    if (rep.problems.size() > kMaxProblems) return;
  }
  const nlohmann::json& t = reader.trailer();
  if (json_at<std::string>(t, "digest") != h.digest || json_at<std::uint64_t>(t, "shards") != shards ||
      json_at<std::uint64_t>(t, "pairs") != rep.pairs || json_at<std::uint64_t>(t, "tokens") != tokens)
    rep.problems.push_back("the trailer's counts are not what the file holds");
  check_pair_cover(sh, proven, rep);
}

std::string summary(const Shared& sh, const RouteProofReport& rep) {
  std::string s = std::to_string(rep.pairs) + " pair trees, " + std::to_string(rep.leaves) + " leaves, " +
                  std::to_string(rep.runs) + " runs replayed under views that refuse what a leaf does not decide; " +
                  "every fault set of at most " + std::to_string(sh.q.k) + " units covered; ";
  if (sh.gens.empty()) return s + "every required pair proven";
  return s + std::to_string(sh.gens.size()) + " generators checked as automorphisms, their orbits cover the " +
         std::to_string(rep.required_pairs) + " required pairs; the routing's declared commutation checked on " +
         std::to_string(rep.commutation_runs) + " mapped runs and taken on trust beyond them";
}

}  // namespace

RouteProofReport check_route_proof(const std::string& path, const SpecResolver& specs) {
  const Budget& budget = specs.budget;
  RouteProofReport rep;
  try {
    RouteProofReader reader(path);
    const RouteProofHeader& h = reader.header();
    Shared sh;
    sh.q = read_question(h.question);
    sh.setup = make_route_setup(specs, sh.q.model, sh.q.routing, sh.q.faults);
    sh.terminal.assign(sh.setup.net->num_nodes(), 0);
    for (NodeId v : sh.setup.model->terminals()) sh.terminal[v] = 1;
    rep.verdict_question = sh.q.routing + " on " + sh.q.model + ", every set of <= " + std::to_string(sh.q.k) + " " +
                           sh.q.faults;
    for (const std::string& why : changed_inputs(inputs_from_json(h.inputs))) rep.problems.push_back(why);
    sh.gens = checked_proof_generators(h.symmetry, h.generators, *sh.setup.model, *sh.setup.routing, rep.problems);
    if (rep.problems.empty()) read_shards(reader, sh, budget, rep);
    if (rep.problems.empty()) rep.summary = summary(sh, rep);
  } catch (const InputError& e) {
    rep.problems.push_back(e.what());
  }  // BudgetExhausted goes to the caller: not checked is not refuted
  if (rep.problems.size() > kMaxProblems) rep.problems.resize(kMaxProblems);
  rep.valid = rep.problems.empty();
  return rep;
}

}  // namespace menger
