// Route-check proofs (issue 38): the lazy search writes one decision tree per
// examined pair (verify/route/route_proof.h), and verify/check/
// route_proof_check.h re-checks it without the search.  A proof of a true
// HOLDS is accepted; its leaves, counted by the fault sets each stands for,
// cover every fault set once (an arithmetic check apart from the checker);
// and every forgery the issue names is refused: a dropped branch, a flipped
// leaf, a missing pair orbit, a generator that is not an automorphism, a
// generator the routing does not commute with, a shard from another question.
#include <gtest/gtest.h>

#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "budget_stops.h"
#include "core/error.h"
#include "core/json_io.h"
#include "scratch_dir.h"
#include "setup/answer.h"
#include "setup/setup.h"
#include "setup/specs.h"
#include "verify/check/route_proof_check.h"
#include "verify/route/route_proof.h"
#include "route_proof_parts.h"

namespace menger {
namespace {

using testing::ScratchDir;

using Case = testing::ProofCase;

std::string file_in(const ScratchDir& dir, const std::string& name) { return (dir.path() / name).string(); }

Answer prove_case(const Case& c, const std::string& path, const SpecResolver& specs) {
  return answer_route_check(c.question(path), subject_of(make_route_setup(c.model, c.routing, c.faults)), Context{}, &specs);
}

using Parts = testing::ProofParts;
Parts read_parts(const std::string& path) { return testing::read_proof_parts(path); }
void write_parts(const Parts& p, const std::string& path) { testing::write_proof_parts(p, path); }

std::string problems_of(const RouteProofReport& r) { return testing::proof_problems(r); }

const std::vector<Case>& holding_cases() {
  static const std::vector<Case> cases = {
      {"torus(4,4)", "dor", "nodes", 0, std::nullopt},
      {"torus(4,4)", "ft-torus(combine=yes)", "nodes", 3, std::nullopt, true},
      {"torus(4,4)", "ft-torus", "nodes", 2, "distance + 2*faults + 4", true},
      {"torus(3,3)", "shortest", "nodes", 3, std::nullopt, true, false},
      {"hypercube(4)", "shortest", "links", 2, std::nullopt},
      {"hdn(base=hypercube(3), k=1, s=[4])", "hdn-ft1", "nodes", 3,
       "2 + 2*(2^(k-1)*DB - sum(j, 0, k-2, 2^j*DSN[k-1-j]) - DSN[k]) + 2^(k+1) + 3"},
  };
  return cases;
}

TEST(RouteProof, EveryHoldsProofIsWrittenAndAcceptedByTheChecker) {
  ScratchDir dir("menger-route-proof-");
  const SpecResolver specs = builtin_specs();
  for (const Case& c : holding_cases()) {
    SCOPED_TRACE(c.model + " " + c.routing);
    const std::string path = file_in(dir, "p.gz");
    const Answer a = prove_case(c, path, specs);
    ASSERT_EQ(a.verdict, VerdictKind::Holds);
    ASSERT_TRUE(a.proof.has_value());
    const auto& r = a.result_as<RouteCheckResult>();
    EXPECT_EQ(std::get<RouteProofFile>(*a.proof).pairs, r.pairs_examined);
    ASSERT_TRUE(a.proof_recheck.has_value());
    EXPECT_TRUE(a.proof_recheck->valid) << (a.proof_recheck->problems.empty() ? "" : a.proof_recheck->problems.front());
    const RouteProofReport again = check_route_proof(path, specs);
    EXPECT_TRUE(again.valid) << problems_of(again);
    EXPECT_EQ(again.pairs, r.pairs_examined);
    EXPECT_EQ(again.required_pairs, r.pairs_total);
    EXPECT_LE(again.runs, r.runs());  // one run per tree node at most, each a set the search ran
    EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
  }
}

// Apart from the checker: a leaf with P faulty, H healthy stands for the
// sum over j <= k - |P| of C(units - |P| - |H|, j) fault sets; the leaves of
// one pair's tree must add up to every fault set of at most k units.
double binomial(std::uint64_t n, std::uint64_t j) {
  double r = 1;
  for (std::uint64_t i = 0; i < j; ++i) r = r * static_cast<double>(n - i) / static_cast<double>(i + 1);
  return j > n ? 0 : r;
}

double sets_below(std::uint64_t free, std::uint64_t left) {
  double total = 0;
  for (std::uint64_t j = 0; j <= left; ++j) total += binomial(free, j);
  return total;
}

// (A lazy tree: unit branches only, faulty subtree first.)
double leaf_weight(const std::vector<std::uint64_t>& tokens, std::uint64_t units, std::uint32_t k) {
  struct Frame {
    bool healthy_side;
  };
  std::vector<Frame> stack;
  std::uint64_t faulty = 0, healthy = 0;
  double total = 0;
  for (std::uint64_t t : tokens) {
    if (t >= kProofBranch) {
      stack.push_back({false});
      ++faulty;
      continue;
    }
    total += sets_below(units - faulty - healthy, k - faulty);
    while (!stack.empty() && stack.back().healthy_side) {
      stack.pop_back();
      --healthy;
    }
    if (stack.empty()) break;
    stack.back().healthy_side = true;
    --faulty;
    ++healthy;
  }
  return total;
}

TEST(RouteProof, EachPairsLeavesStandForEveryFaultSetOnce) {
  ScratchDir dir("menger-route-proof-");
  const SpecResolver specs = builtin_specs();
  for (const Case& c : holding_cases()) {
    SCOPED_TRACE(c.model + " " + c.routing);
    const std::string path = file_in(dir, "p.gz");
    const Answer a = prove_case(c, path, specs);
    const FaultModel& m = *a.subject.model;
    for (const ProofShard& s : read_parts(path).shards)
      for (const PairProof& p : s.pairs) {
        std::set<std::size_t> ends;  // the root spares them
        for (NodeId v : {p.s, p.d})
          if (auto u = m.unit_of_node(v)) ends.insert(*u);
        const std::uint64_t units = m.universe().size() - ends.size();
        EXPECT_DOUBLE_EQ(leaf_weight(p.tokens, units, c.k), sets_below(units, c.k));
      }
  }
}

// A failure of least size m: the proof covers every set of at most m - 1
// faults (the witness shows m), and says so in its question.
TEST(RouteProof, AFailureProvesTheSizesBelowIt) {
  ScratchDir dir("menger-route-proof-");
  const SpecResolver specs = builtin_specs();
  for (const Case& c : {Case{"torus(4,4)", "ft-torus", "nodes", 4, std::nullopt},
                        Case{"mesh(3,3)", "shortest", "nodes", 3, std::nullopt},
                        Case{"torus(4,4)", "dor", "links", 2, std::nullopt}}) {
    SCOPED_TRACE(c.model + " " + c.routing);
    const std::string path = file_in(dir, "p.gz");
    const Answer a = prove_case(c, path, specs);
    ASSERT_EQ(a.verdict, VerdictKind::Fails);
    const auto& r = a.result_as<RouteCheckResult>();
    ASSERT_TRUE(r.minimum_proved);
    ASSERT_TRUE(a.proof.has_value()) << a.unproved;
    ASSERT_TRUE(a.proof_recheck && a.proof_recheck->valid) << a.unproved;
    EXPECT_EQ(RouteProofReader(path).header().question.at("k"), r.failure->faults.count() - 1);
    EXPECT_NE(std::get_if<RouteWitness>(&a.evidence), nullptr);
  }
}

TEST(RouteProof, NoProofIsLeftForAFailureWithoutFaults) {
  ScratchDir dir("menger-route-proof-");
  const std::string path = file_in(dir, "p.gz");
  RouteCheckQuestion q;
  q.k = 1;
  q.hop_limit = 3;
  q.proof = path;
  const SpecResolver specs = builtin_specs();
  const Answer a = answer_route_check(q, subject_of(make_route_setup("torus(8,8)", "dor", "nodes")), Context{}, &specs);
  EXPECT_EQ(a.verdict, VerdictKind::Fails);
  EXPECT_FALSE(a.proof.has_value());
  EXPECT_NE(a.unproved.find("without faults"), std::string::npos) << a.unproved;
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
}

// A budget that runs out anywhere -- in the search or in the proof's pass --
// leaves either no file (and says why) or a whole proof that checks; never a
// partial file, and never a settled verdict turned UNKNOWN by the pass.
TEST(RouteProof, ABudgetThatRunsOutLeavesAWholeProofOrNone) {
  ScratchDir dir("menger-route-proof-");
  const SpecResolver specs = builtin_specs();
  const std::string path = file_in(dir, "p.gz");
  RouteCheckQuestion q;
  q.k = 2;
  q.excuse_disconnected = true;
  q.proof = path;
  auto ask = [&](const Budget& budget) {
    return answer_route_check(q, subject_of(make_route_setup("torus(4,4)", "ft-torus", "nodes", budget)),
                              Context{budget, {}, nullptr}, &specs);
  };
  const std::int64_t first = menger::testing::first_stop_after_preparation(ask);
  bool unknown = false, stopped_pass = false, whole = false;
  for (std::int64_t n = first; !whole && n < first + 5000; ++n) {
    std::filesystem::remove(path);
    const Answer a = ask(menger::testing::stopping_at(n));
    EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
    if (a.verdict == VerdictKind::Unknown) {
      unknown = true;
      EXPECT_FALSE(a.proof.has_value());
      EXPECT_FALSE(std::filesystem::exists(path));
      continue;
    }
    ASSERT_EQ(a.verdict, VerdictKind::Holds);
    if (!a.proof) {
      stopped_pass = true;
      EXPECT_NE(a.unproved.find("while the proof was written"), std::string::npos) << a.unproved;
      EXPECT_FALSE(std::filesystem::exists(path));
      continue;
    }
    whole = true;
    EXPECT_TRUE(a.proof_recheck && a.proof_recheck->valid);
  }
  EXPECT_TRUE(unknown);
  EXPECT_TRUE(stopped_pass);
  EXPECT_TRUE(whole);
}

TEST(RouteProof, TheNaiveBaselineIsRefusedClearly) {
  RouteCheckQuestion q;
  q.k = 1;
  q.proof = "unused.gz";
  q.search = "naive";
  EXPECT_THROW(answer_route_check(q, subject_of(make_route_setup("torus(4,4)", "ft-torus", "nodes")), Context{}),
               InputError);
}

// A path bound that shrinks as faults grow would let a run checked under F
// escape the smaller bound of a larger set that runs alike.
TEST(RouteProof, AShrinkingPathBoundIsRefused) {
  RouteCheckQuestion q;
  q.k = 2;
  q.path_bound = "distance + 6 - 2*faults";
  EXPECT_THROW(answer_route_check(q, subject_of(make_route_setup("torus(4,4)", "ft-torus", "nodes")), Context{}),
               InputError);
}

class Forgery : public testing::ProofForgery {
 protected:
  Forgery() : ProofForgery(builtin_specs()) {}
  Parts proven(const Case& c) {
    const Answer a = prove_case(c, good_, specs_);
    EXPECT_TRUE(a.proof_recheck && a.proof_recheck->valid);
    return read_parts(good_);
  }
};

TEST_F(Forgery, TheUntouchedPartsAreAccepted) {
  write_parts(proven({"torus(4,4)", "ft-torus(combine=yes)", "nodes", 3, std::nullopt, true}), forged_);
  const RouteProofReport r = check_route_proof(forged_, specs_);
  EXPECT_TRUE(r.valid) << problems_of(r);
}

// The first branch and its faulty subtree removed (in the first pair whose
// root run reads an undecided unit): the tree is still well formed, but its
// leaf's run asks about the unit no longer decided.
TEST_F(Forgery, ADroppedBranchIsRefused) {
  Parts p = proven({"torus(4,4)", "ft-torus(combine=yes)", "nodes", 2, std::nullopt, true});
  auto& pairs = p.shards[0].pairs;
  auto it = std::find_if(pairs.begin(), pairs.end(), [](const PairProof& pp) { return pp.tokens[0] >= kProofBranch; });
  ASSERT_NE(it, pairs.end());
  auto& t = it->tokens;
  std::size_t end = 1, open = 1;  // the faulty subtree: one more leaf than branches
  for (; open > 0; ++end) open += t[end] >= kProofBranch ? 1 : -1;
  t.erase(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(end));
  expect_refused(p, "which the leaf does not decide");
}

TEST_F(Forgery, AFlippedLeafIsRefused) {
  Parts p = proven({"torus(4,4)", "ft-torus", "nodes", 1, std::nullopt});
  auto& t = p.shards[0].pairs[0].tokens;
  auto leaf = std::find(t.begin(), t.end(), kProofDelivered);
  *leaf = kProofExcused;
  expect_refused(p, "does not excuse");
  Parts q = proven({"torus(4,4)", "ft-torus", "nodes", 1, std::nullopt, true});
  auto& u = q.shards[0].pairs[0].tokens;
  *std::find(u.begin(), u.end(), kProofDelivered) = kProofExcused;
  expect_refused(q, "do not cut the pair");
  *std::find(u.begin(), u.end(), kProofExcused) = kProofInfeasible;
  expect_refused(q, "admit a fault set");
}

TEST_F(Forgery, AMissingPairOrbitIsRefused) {
  Parts p = proven({"torus(4,4)", "ft-torus", "nodes", 1, std::nullopt});
  p.shards.back().pairs.pop_back();
  expect_refused(p, "in no proven pair's orbit");
}

TEST_F(Forgery, AGeneratorThatIsNotAnAutomorphismIsRefused) {
  Parts p = proven({"torus(4,4)", "ft-torus", "nodes", 1, std::nullopt});
  ASSERT_FALSE(p.header.generators.empty());
  auto& g = p.header.generators[0];
  std::swap(g[1], g[2]);
  expect_refused(p, "not an automorphism");
}

TEST_F(Forgery, ABranchBeyondKAndTrailingTokensAreRefused) {
  Parts p = proven({"torus(4,4)", "ft-torus", "nodes", 0, std::nullopt});
  auto& t = p.shards[0].pairs[0].tokens;
  ASSERT_EQ(t, std::vector<std::uint64_t>{kProofDelivered});
  std::size_t unit = 0;  // one that is neither end of the pair
  for (NodeId v : {p.shards[0].pairs[0].s, p.shards[0].pairs[0].d})
    if (v == unit) ++unit;
  if (unit == p.shards[0].pairs[0].s) ++unit;
  t = {proof_branch(unit, false), kProofDelivered, kProofDelivered};
  expect_refused(p, "beyond k");
  p.shards[0].pairs[0].tokens = {kProofDelivered, kProofDelivered};
  expect_refused(p, "follow the tree's last leaf");
}

TEST_F(Forgery, AShardFromAnotherQuestionIsRefused) {
  Parts one = proven({"torus(4,4)", "ft-torus", "nodes", 1, std::nullopt});
  const Parts two = proven({"torus(4,4)", "ft-torus", "nodes", 2, std::nullopt});
  one.shards[0] = two.shards[0];
  expect_refused(one, "from another question");
}

TEST_F(Forgery, DamagedFilesAreRefusedNotThrown) {
  Parts p = proven({"torus(4,4)", "ft-torus", "nodes", 1, std::nullopt});
  p.header.question["k"] = 2;  // the digest no longer matches
  expect_refused(p, "digest");
  write_parts(proven({"torus(4,4)", "ft-torus", "nodes", 1, std::nullopt}), forged_);
  std::filesystem::resize_file(forged_, std::filesystem::file_size(forged_) - 5);
  const RouteProofReport r = check_route_proof(forged_, specs_);
  EXPECT_FALSE(r.valid);
  EXPECT_NE(problems_of(r).find("truncated"), std::string::npos) << problems_of(r);
  const RouteProofReport none = check_route_proof(file_in(dir_, "absent.gz"), specs_);
  EXPECT_FALSE(none.valid);
}

// Declares that it commutes with every port automorphism, but routes by
// dimension order x first to destinations of low id and y first to the rest:
// it delivers every pair of a fault-free torus, and a translation that moves
// a destination across the halves maps a run onto one it does not make.
class HalvesRouting final : public Routing {
 public:
  explicit HalvesRouting(const Network& net)
      : x_first_(build_routing("dor(order=[0,1])", net)), y_first_(build_routing("dor(order=[1,0])", net)),
        half_(net.num_nodes() / 2) {}
  std::string spec() const override { return "halves"; }
  FaultKnowledge knowledge() const override { return x_first_->knowledge(); }
  bool port_automorphism_invariant() const override { return true; }
  PacketState start(NodeId s, NodeId d, FaultView& f) const override { return pick(d).start(s, d, f); }
  void next(NodeId here, const PacketState& st, NodeId d, FaultView& f, Hops& out) const override {
    pick(d).next(here, st, d, f, out);
  }

 private:
  std::unique_ptr<Routing> x_first_, y_first_;
  NodeId half_;
  const Routing& pick(NodeId d) const { return d < half_ ? *x_first_ : *y_first_; }
};

TEST_F(Forgery, AGeneratorTheRoutingDoesNotCommuteWithIsRefused) {
  SpecResolver lying = specs_;
  lying.routing = [base = specs_.routing](const std::string& spec, const Network& net) -> std::unique_ptr<Routing> {
    if (spec == "halves") return std::make_unique<HalvesRouting>(net);
    return base(spec, net);
  };
  RouteCheckQuestion q;
  q.k = 0;
  q.symmetry = false;  // every pair proven; the symmetry is forged below
  q.proof = good_;
  auto setup = make_route_setup("torus(4,4)", "dor", "nodes");
  const Network& net = *setup.net;
  setup.routing = std::make_unique<HalvesRouting>(net);
  const Answer a = answer_route_check(q, subject_of(std::move(setup)), Context{}, &lying);
  ASSERT_TRUE(a.proof_recheck && a.proof_recheck->valid);
  Parts p = read_parts(good_);
  // Keep the pairs from node 0; one translation carries them onto every pair.
  for (ProofShard& s : p.shards) std::erase_if(s.pairs, [](const PairProof& pp) { return pp.s != 0; });
  p.header.symmetry = "port automorphisms";
  const auto translations = a.subject.net->topology().translations();
  for (const auto& t : translations)
    if (t[0] != 0) p.header.generators.push_back(t);
  write_parts(p, forged_);
  const RouteProofReport r = check_route_proof(forged_, lying);
  EXPECT_FALSE(r.valid);
  EXPECT_NE(problems_of(r).find("does not commute"), std::string::npos) << problems_of(r);
}

}  // namespace
}  // namespace menger
