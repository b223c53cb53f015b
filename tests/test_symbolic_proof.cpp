// Proofs of the symbolic search (issue 38): SymbolicPairSearch::prove writes
// each pair's tree of unit and count decisions (verify/route/route_proof.h),
// and verify/check/route_proof_check.h re-checks it with its own feasibility
// test (verify/check/count_feasibility.h).  Apart from the checker: every
// fault set of at most k units, walked down a tree by evaluating its facts,
// reaches a leaf that is not Infeasible and whose verdict the concrete runner
// confirms; the checker's feasibility test agrees with brute force; and
// forged symbolic proofs are refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/json_io.h"
#include "models/routing_registry.h"
#include "scratch_dir.h"
#include "setup/answer.h"
#include "setup/setup.h"
#include "setup/specs.h"
#include "test_instance.h"
#include "verify/check/count_feasibility.h"
#include "verify/check/route_proof_check.h"
#include "verify/route/route_outcome.h"
#include "verify/route/route_proof.h"
#include "route_proof_parts.h"
#include "verify/route/route_run.h"
#include "verify/route/route_search.h"
#include "verify/route/symbolic_search.h"
#include "verify/structure/distances.h"

namespace menger {
namespace {

using testing::ScratchDir;

// Marks the packet when at least two nodes of the destination's row (same
// y coordinate of a torus, by id / width) are faulty, and follows the least
// shortest healthy path either way: a count over a region that is not a unit,
// both of whose answers a fault set of two units allows, and a path question.
class RowCountRouting final : public Routing {
 public:
  RowCountRouting(const Network& net, NodeId width) : width_(width) {
    rows_.resize((net.num_nodes() + width - 1) / width);
    for (NodeId v = 0; v < net.num_nodes(); ++v) rows_[v / width].push_back(v);
  }
  std::string spec() const override { return "test-row-count"; }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Global; }
  PacketState start(NodeId, NodeId dst, FaultView& f) const override {
    PacketState s;
    s.w[0] = f.faulty_nodes_at_least(rows_[dst / width_], 2) ? 1 : 0;
    return s;
  }
  void next(NodeId here, const PacketState& s, NodeId dst, FaultView& f, Hops& out) const override {
    PathQuestion q;
    q.from = here;
    q.to = dst;
    q.inside = [](NodeId, PortId) { return true; };
    const PathAnswer a = f.least_path(q);
    if (a.found()) out.push_back(Hop{a.ports.front(), 0, s});
  }

 private:
  NodeId width_;
  std::vector<std::vector<NodeId>> rows_;
};

SpecResolver with_row_count(SpecResolver specs) {
  specs.routing = [base = specs.routing](const std::string& spec, const Network& net) -> std::unique_ptr<Routing> {
    if (spec == "test-row-count") return std::make_unique<RowCountRouting>(net, 4);
    return base(spec, net);
  };
  return specs;
}

using Case = testing::ProofCase;

Answer prove_symbolic(const Case& c, const std::string& path, const SpecResolver& specs) {
  const RouteCheckQuestion q = c.question(path, "symbolic");
  RouteSetup setup = make_route_setup(c.model, c.routing == "test-row-count" ? "dor" : c.routing, c.faults);
  if (c.routing == "test-row-count") setup.routing = std::make_unique<RowCountRouting>(*setup.net, 4);
  return answer_route_check(q, subject_of(std::move(setup)), Context{}, &specs);
}

std::string problems_of(const RouteProofReport& r) { return testing::proof_problems(r); }

using Parts = testing::ProofParts;
Parts read_parts(const std::string& path) { return testing::read_proof_parts(path); }
void write_parts(const Parts& p, const std::string& path) { testing::write_proof_parts(p, path); }

const std::vector<Case>& holding_cases() {
  static const std::vector<Case> cases = {
      {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1", "nodes", 3, std::nullopt},
      {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft2", "nodes", 2, std::nullopt, false, false},
      {"hdn(base=torus(3,2), k=1, s=[3])", "hdn-ft1(order=port)", "nodes", 3, std::string("11")},
      {"torus(4,4)", "ft-torus(combine=yes)", "nodes", 2, std::nullopt, true},
      {"mesh(3,3)", "shortest", "links", 1, std::string("distance + 2*faults"), true},
      {"torus(4,4)", "test-row-count", "nodes", 2, std::nullopt, false, false},
      {"torus(4,3)", "test-row-count", "nodes", 3, std::nullopt, true, false},
  };
  return cases;
}

TEST(SymbolicProof, EveryHoldsProofIsWrittenAndAcceptedByTheChecker) {
  ScratchDir dir("menger-symbolic-proof-");
  const SpecResolver specs = with_row_count(builtin_specs());
  for (const Case& c : holding_cases()) {
    SCOPED_TRACE(c.model + " " + c.routing);
    const std::string path = (dir.path() / "p.gz").string();
    const Answer a = prove_symbolic(c, path, specs);
    ASSERT_TRUE(a.proof.has_value()) << a.unproved;
    ASSERT_TRUE(a.proof_recheck.has_value()) << a.unproved;
    EXPECT_TRUE(a.proof_recheck->valid) << (a.proof_recheck->problems.empty() ? "" : a.proof_recheck->problems.front());
    const auto& r = a.result_as<RouteCheckResult>();
    EXPECT_EQ(r.engine, "symbolic");
    const RouteProofReport again = check_route_proof(path, specs);
    EXPECT_TRUE(again.valid) << problems_of(again);
    EXPECT_EQ(again.pairs, r.pairs_examined);
    EXPECT_EQ(again.required_pairs, r.pairs_total);
  }
}

// The least failure of hdn-ft1 on this HDN has 4 faults: the proof covers 3.
TEST(SymbolicProof, AFailureProvesTheSizesBelowIt) {
  ScratchDir dir("menger-symbolic-proof-");
  const SpecResolver specs = builtin_specs();
  const std::string path = (dir.path() / "p.gz").string();
  const Answer a = prove_symbolic({"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1", "nodes", 5, std::nullopt}, path,
                                  specs);
  ASSERT_EQ(a.verdict, VerdictKind::Fails);
  ASSERT_TRUE(a.proof_recheck && a.proof_recheck->valid) << a.unproved;
  const auto& r = a.result_as<RouteCheckResult>();
  EXPECT_EQ(RouteProofReader(path).header().question.at("k"), r.failure->faults.count() - 1);
}

// The search's own walk (kept as the proof when nothing fails) and the
// second pass at a fixed budget (below a failure) write the same trees.
TEST(SymbolicProof, TheSearchsWalkIsTheSecondPassTree) {
  for (const Case& c : holding_cases()) {
    if (c.routing == "test-row-count") continue;
    SCOPED_TRACE(c.model + " " + c.routing);
    const RouteSetup setup = make_route_setup(c.model, c.routing, c.faults);
    const FaultModel& m = *setup.model;
    const RunLimits limits{0, std::nullopt, c.k};
    SymbolicPairSearch search(*setup.routing, m, limits);
    const PathBound bound(m, c.path_bound, c.k);
    const auto pairs = required_pairs(m);
    for (std::size_t i = 0; i < pairs.size(); i += 1 + pairs.size() / 12) {
      const RoutePair p = pairs[i];
      const std::uint32_t distance = distances_from(m.network(), p.s)[p.d];
      std::optional<PairProof> walked;
      const SymbolicPairResult r =
          search.search(p.s, p.d, distance, c.k, bound, c.excuse, [] { return false; }, &walked);
      ASSERT_FALSE(r.failure.has_value());
      ASSERT_TRUE(walked.has_value());
      PairProof again;
      ASSERT_TRUE(search.prove(p.s, p.d, distance, c.k, bound, c.excuse, [] { return false; }, again));
      EXPECT_EQ(walked->tokens, again.tokens);
      EXPECT_EQ(walked->regions, again.regions);
    }
  }
}

// ---- apart from the checker: each fault set down its tree ------------------

// One pair's tree with its subtrees' extents.
class Tree {
 public:
  explicit Tree(const PairProof& p) : p_(p) { end_of(0); }
  // The leaf a fault set reaches, by evaluating each branch's fact on it.
  std::uint64_t leaf_of(const FaultModel& m, const std::vector<char>& faulty) const {
    std::size_t pos = 0;
    for (;;) {
      const std::uint64_t t = p_.tokens[pos];
      if (t < kProofCount) return t;
      bool second;
      std::size_t first_child = pos + 1;
      if (t == kProofCount) {
        const auto& region = p_.regions[p_.tokens[pos + 1]];
        std::uint64_t n = 0;
        for (NodeId v : region)
          if (auto u = m.unit_of_node(v); u && faulty[*u]) ++n;
        second = n >= p_.tokens[pos + 2];
        first_child = pos + 3;
      } else {
        const std::uint64_t u = (t - kProofBranch) / 2;
        const bool healthy_first = (t - kProofBranch) % 2 == 1;
        second = healthy_first == static_cast<bool>(faulty[u]);
      }
      pos = second ? end_.at(first_child) : first_child;
    }
  }

 private:
  const PairProof& p_;
  std::map<std::size_t, std::size_t> end_;  // subtree start -> one past its end

  std::size_t end_of(std::size_t pos) {
    const std::uint64_t t = p_.tokens.at(pos);
    std::size_t e = pos + 1;
    if (t >= kProofCount) {
      const std::size_t first = t == kProofCount ? pos + 3 : pos + 1;
      e = end_of(end_of(first));
    }
    end_[pos] = e;
    return e;
  }
};

TEST(SymbolicProof, EveryFaultSetReachesALeafTheConcreteRunConfirms) {
  ScratchDir dir("menger-symbolic-proof-");
  const SpecResolver specs = with_row_count(builtin_specs());
  std::uint64_t infeasible = 0, sets = 0;
  for (const Case& c : holding_cases()) {
    SCOPED_TRACE(c.model + " " + c.routing);
    const std::string path = (dir.path() / "p.gz").string();
    const Answer a = prove_symbolic(c, path, specs);
    const FaultModel& m = *a.subject.model;
    const Routing& routing = *a.subject.routing;
    RouteRunner runner(routing, m, RunLimits{0, std::nullopt, c.k});
    PathBound bound(m, c.path_bound, c.k);
    const std::size_t n = m.universe().size();
    const Parts parts = read_parts(path);
    const auto k = parts.header.question.at("k").get<std::uint32_t>();
    for (const ProofShard& s : parts.shards)
      for (const PairProof& p : s.pairs) {
        for (std::size_t i : testing::proof_node_positions(p.tokens)) infeasible += p.tokens[i] == kProofInfeasible;
        const Tree tree(p);
        const std::uint32_t distance = distances_from(m.network(), p.s)[p.d];
        for (std::uint32_t size = 0; size <= k; ++size) {
          std::vector<std::size_t> f(size);
          std::iota(f.begin(), f.end(), std::size_t{0});
          do {
            std::vector<char> faulty(n, 0);
            for (std::size_t u : f) faulty[u] = 1;
            bool spared = true;
            for (NodeId v : {p.s, p.d})
              if (auto u = m.unit_of_node(v); u && faulty[*u]) spared = false;
            if (!spared) continue;
            ++sets;
            const FaultSet fs(n, f);
            const std::uint64_t leaf = tree.leaf_of(m, faulty);
            ASSERT_NE(leaf, kProofInfeasible) << "a set reaches an Infeasible leaf: " << fs.to_string(m.universe());
            const RunResult run = runner.run(fs, p.s, p.d, bound.at(size, distance), false);
            if (leaf == kProofExcused) EXPECT_FALSE(physically_connected(m, fs, p.s, p.d));
            else EXPECT_TRUE(run.delivered()) << fs.to_string(m.universe());
          } while (size <= n && next_combination(f, n));
        }
      }
  }
  EXPECT_GT(infeasible, 0u);  // the walks pass Infeasible leaves by
  EXPECT_GT(sets, 0u);
}

// ---- the checker's feasibility test against brute force --------------------

TEST(SymbolicProof, TheCheckersFeasibilityTestAgreesWithBruteForce) {
  const testing::Instance in = testing::make("torus(3,3)", UnitChoice::Nodes);
  const FaultModel& m = *in.model;
  const std::size_t n = m.universe().size();
  std::mt19937 rng(38);
  std::uint64_t none = 0, some = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const auto k = static_cast<std::uint32_t>(rng() % 5);
    std::vector<Decided> state(n, Decided::No);
    for (std::size_t u = 0; u < n; ++u)
      if (rng() % 5 == 0) state[u] = rng() % 2 ? Decided::Faulty : Decided::Healthy;
    std::vector<std::vector<NodeId>> regions(rng() % 4);
    std::vector<CountFact> facts;
    for (auto& r : regions) {
      for (NodeId v = 0; v < in.net->num_nodes(); ++v)
        if (rng() % 3 == 0) r.push_back(v);
      if (!r.empty() && rng() % 4 == 0) r.push_back(r.front());  // a node listed twice counts twice
      std::sort(r.begin(), r.end());
    }
    for (auto& r : regions) facts.push_back({&r, static_cast<std::uint32_t>(rng() % 4), rng() % 2 == 0});
    std::uint32_t faulty = 0;
    for (Decided d : state) faulty += d == Decided::Faulty;
    std::optional<std::uint32_t> brute;
    for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
      const auto size = static_cast<std::uint32_t>(__builtin_popcount(mask));
      if (size > k || (brute && size >= *brute)) continue;
      bool ok = true;
      for (std::size_t u = 0; u < n && ok; ++u) {
        const bool in_f = mask >> u & 1;
        ok = !(state[u] == Decided::Faulty && !in_f) && !(state[u] == Decided::Healthy && in_f);
      }
      for (const CountFact& f : facts) {
        std::uint32_t c = 0;
        for (NodeId v : *f.region) c += mask >> *m.unit_of_node(v) & 1;
        ok = ok && (f.at_least ? c >= f.threshold : c < f.threshold);
      }
      if (ok) brute = size;
    }
    const auto least = least_leaf_set(m, LeafFacts{state, faulty, k, facts});
    EXPECT_EQ(least, brute) << "trial " << trial;
    (brute ? some : none) += 1;
  }
  EXPECT_GT(none, 20u);
  EXPECT_GT(some, 20u);
}

// ---- forgeries ------------------------------------------------------------

class SymbolicForgery : public testing::ProofForgery {
 protected:
  SymbolicForgery() : ProofForgery(with_row_count(builtin_specs())) {}
  Parts proven(const Case& c) {
    const Answer a = prove_symbolic(c, good_, specs_);
    EXPECT_TRUE(a.proof_recheck && a.proof_recheck->valid);
    return read_parts(good_);
  }
  // The first pair with a count branch.
  static PairProof& with_count(Parts& p) {
    for (ProofShard& s : p.shards)
      for (PairProof& pp : s.pairs)
        if (testing::first_proof_node(pp.tokens, kProofCount) < pp.tokens.size()) return pp;
    throw std::runtime_error("no count branch in the proof");
  }
  static std::vector<std::uint64_t>::iterator count_branch(PairProof& pp) {
    return pp.tokens.begin() + static_cast<std::ptrdiff_t>(testing::first_proof_node(pp.tokens, kProofCount));
  }
};

const Case kRowCount{"torus(4,4)", "test-row-count", "nodes", 2, std::nullopt, false, false};

TEST_F(SymbolicForgery, TheUntouchedPartsAreAccepted) {
  write_parts(proven(kRowCount), forged_);
  const RouteProofReport r = check_route_proof(forged_, specs_);
  EXPECT_TRUE(r.valid) << problems_of(r);
}

// Every Delivered leaf of a tree with count branches, in turn, made
// Infeasible: each one refused (the checker's quick test of a plainly empty
// leaf and its whole feasibility search must both see the sets it holds).
TEST_F(SymbolicForgery, AnInfeasibleLeafThatAdmitsFaultSetsIsRefused) {
  const Parts good = proven(kRowCount);
  std::size_t flipped = 0;
  for (std::size_t s = 0; s < good.shards.size() && flipped < 40; ++s)
    for (std::size_t i = 0; i < good.shards[s].pairs.size() && flipped < 40; ++i) {
      const std::vector<std::uint64_t>& tokens = good.shards[s].pairs[i].tokens;
      if (testing::first_proof_node(tokens, kProofCount) == tokens.size()) continue;
      for (std::size_t at : testing::proof_node_positions(tokens)) {
        if (tokens[at] != kProofDelivered) continue;
        Parts p = good;
        p.shards[s].pairs[i].tokens[at] = kProofInfeasible;
        expect_refused(p, "admit a fault set");
        ++flipped;
      }
    }
  EXPECT_GT(flipped, 20u);
}

// At k = 1 no fault set reaches two faults in a row: the tree's ">= 2" side
// is Infeasible.  Lowered to ">= 1", that side holds sets of one fault.
TEST_F(SymbolicForgery, ALoweredThresholdIsRefused) {
  Parts p = proven({"torus(4,4)", "test-row-count", "nodes", 1, std::nullopt, false, false});
  PairProof& pp = with_count(p);
  auto at = count_branch(pp);
  ASSERT_EQ(at[2], 2u);
  at[2] = 1;
  expect_refused(p, "admit a fault set");
}

TEST_F(SymbolicForgery, ARegionBeyondTheTableOrNetworkIsRefused) {
  Parts p = proven(kRowCount);
  PairProof& pp = with_count(p);
  auto at = count_branch(pp);
  at[1] = pp.regions.size();
  expect_refused(p, "beyond the pair's");
  Parts q = proven(kRowCount);
  with_count(q).regions[0].push_back(1000);
  expect_refused(q, "beyond the network");
}

TEST_F(SymbolicForgery, AnotherRegionDoesNotDecideTheRunsCount) {
  Parts p = proven(kRowCount);
  PairProof& pp = with_count(p);
  std::vector<NodeId>& region = pp.regions[0];
  region.pop_back();  // not the region the routing asks about
  expect_refused(p, "which the leaf does not decide");
}

TEST_F(SymbolicForgery, ACountBranchCutShortIsRefused) {
  Parts p = proven(kRowCount);
  PairProof& pp = with_count(p);
  auto at = count_branch(pp);
  pp.tokens.erase(at, at + 3);  // the branch gone, both subtrees left: one too many
  write_parts(p, forged_);
  const RouteProofReport r = check_route_proof(forged_, specs_);
  EXPECT_FALSE(r.valid);
}

}  // namespace
}  // namespace menger
