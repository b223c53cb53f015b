// Exact fault tolerance: known connectivities, the flow engine against Boost's
// max-flow and against brute force, certificates and their independent
// checker, determinism, budgets.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <filesystem>
#include <fstream>


#include "budget_stops.h"
#include "core/error.h"
#include "test_instance.h"
#include "fault_oracle.h"
#include "models/registry.h"
#include "setup/setup.h"
#include "verify/check/certificate_check.h"
#include "verify/tolerance/tolerance.h"
#include "verify/tolerance/tolerance_engine.h"
#include "verify/tolerance/unit_flow.h"

namespace menger {
namespace {

using testing::Instance;
using testing::make;

std::optional<std::uint64_t> least_cut(const std::string& spec, UnitChoice units) {
  Instance i = make(spec, units);
  ToleranceResult r = flow_tolerance(*i.model);
  EXPECT_TRUE(r.complete);
  return r.min_cut;
}

TEST(Tolerance, KnownConnectivities) {
  // Node connectivity: Q_n is n, a torus of radices >= 3 is 2n, a mesh n (its corners).
  EXPECT_EQ(least_cut("hypercube(3)", UnitChoice::Nodes), 3u);
  EXPECT_EQ(least_cut("hypercube(6)", UnitChoice::Nodes), 6u);
  EXPECT_EQ(least_cut("torus(5,5)", UnitChoice::Nodes), 4u);
  EXPECT_EQ(least_cut("torus(3,4,5)", UnitChoice::Nodes), 6u);
  EXPECT_EQ(least_cut("mesh(4,4)", UnitChoice::Nodes), 2u);
  EXPECT_EQ(least_cut("mesh(3,3,3)", UnitChoice::Nodes), 3u);
  // Edge connectivity equals the least degree on these families.
  EXPECT_EQ(least_cut("hypercube(4)", UnitChoice::Links), 4u);
  EXPECT_EQ(least_cut("torus(3,2,5)", UnitChoice::Links), 5u);
  EXPECT_EQ(least_cut("mesh(4,5)", UnitChoice::Links), 2u);
}

TEST(Tolerance, NothingBreaksWhenNothingCanFail) {
  // A torus has no switches: switch faults cannot disconnect anything.
  Instance i = make("torus(3,3)", UnitChoice::Switches);
  ToleranceResult r = flow_tolerance(*i.model);
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.min_cut.has_value());
  ASSERT_TRUE(r.certificate);
  EXPECT_TRUE(check_certificate(*r.certificate).valid);
}

TEST(Tolerance, FlowMatchesBruteForceOnSmallInstances) {
  const char* specs[] = {"hypercube(3)", "torus(3,3)", "mesh(3,3)", "mesh(2,4)", "kary_ntree(2,2)",
                         "kary_ntree(2,3)", "mikant(2,2)", "min(stages=2, radix=2, wiring=replicated)",
                         "min(stages=2, radix=2, wiring=non_interwired)", "hdn(base=hypercube(2), k=1, s=[2])"};
  for (const char* spec : specs)
    for (UnitChoice u : {UnitChoice::Nodes, UnitChoice::Switches, UnitChoice::Links, UnitChoice::SwitchLinks}) {
      Instance i = make(spec, u);
      ToleranceResult r = flow_tolerance(*i.model);
      const auto truth = testing::brute_min_breaking(*i.model, 5);
      const std::string what = std::string(spec) + " " + to_string(u);
      if (truth) {
        ASSERT_TRUE(r.min_cut) << what;
        EXPECT_EQ(*r.min_cut, *truth) << what;
        EXPECT_TRUE(testing::breaks(*i.model, r.breaking_set)) << what;
      } else {
        EXPECT_TRUE(!r.min_cut || *r.min_cut > 5) << what;
      }
      ASSERT_TRUE(r.certificate) << what;
      const CheckReport check = check_certificate(*r.certificate);
      EXPECT_TRUE(check.valid) << what << ": " << (check.problems.empty() ? "" : check.problems[0]);
    }
}

TEST(Tolerance, SameWitnessAndCertificateForAnyThreadCount) {
  Instance i = make("hdn(base=hypercube(3), k=2, s=[4,2])", UnitChoice::Nodes);
  ToleranceResult one, two;
  {
    tbb::global_control c(tbb::global_control::max_allowed_parallelism, 1);
    one = flow_tolerance(*i.model);
  }
  {
    tbb::global_control c(tbb::global_control::max_allowed_parallelism, 2);
    two = flow_tolerance(*i.model);
  }
  EXPECT_EQ(one.min_cut, two.min_cut);
  EXPECT_EQ(one.breaking_set, two.breaking_set);
  EXPECT_EQ(one.source, two.source);
  EXPECT_EQ(one.target, two.target);
  EXPECT_EQ(to_json(*one.certificate).dump(), to_json(*two.certificate).dump());
}

// A budget spent before the search settles anything: incomplete, nothing
// settled, no certificate (one spent before the plan is made throws instead).
TEST(Tolerance, ABudgetInThePastIsIncomplete) {
  Instance i = make("torus(6,6)", UnitChoice::Nodes);
  ToleranceOptions o;
  o.budget = Budget::until(Clock::now() - std::chrono::seconds(1));
  EXPECT_THROW(flow_tolerance(*i.model, o), BudgetExhausted);
  const auto run = [&](const Budget& b) {
    o.budget = b;
    return flow_tolerance(*i.model, o);
  };
  const ToleranceResult r = run(testing::stopping_at(testing::first_stop_after_preparation(run)));
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.coverage.settled, 0u);
  EXPECT_FALSE(r.certificate.has_value());
}

TEST(Tolerance, WeightedUnitsCountTheirWeight) {
  Instance base = make("mesh(3,3)", UnitChoice::Nodes);
  FaultModelSpec s = base.model->spec();
  s.weights.assign(9, 1);
  s.weights[*base.net->find_node("(1,0)")] = 5;  // the corner (0,0) is now expensive to isolate
  FaultModel m(*base.net, s);
  ToleranceResult r = flow_tolerance(m);
  ASSERT_TRUE(r.min_cut);
  EXPECT_EQ(*r.min_cut, 2u);  // another corner: two weight-1 neighbours
  EXPECT_TRUE(check_certificate(*r.certificate).valid);
  s.weights.assign(9, 3);
  FaultModel heavy(*base.net, s);
  EXPECT_EQ(flow_tolerance(heavy).min_cut, 6u);
}

TEST(Tolerance, GroupsOfNodesNeedTheSmtEngine) {
  Instance i = make("min(stages=3, radix=4, wiring=deterministic)", UnitChoice::Components);
  EXPECT_FALSE(i.model->flow_expressible());
  EXPECT_THROW(flow_tolerance(*i.model), InputError);
  const ToleranceOutcome o = solve_tolerance(*i.model, {});
  EXPECT_EQ(o.engine, "smt");
  EXPECT_EQ(o.min_cut, 2u);
  ASSERT_TRUE(o.certificate);
  EXPECT_EQ(o.certificate->kind, "exhaustive");
  EXPECT_TRUE(check_certificate(*o.certificate).valid);
}

TEST(Tolerance, FaultModelErrors) {
  Network torus(Registry::builtin().build("torus(3,3)"));
  FaultModelSpec io;
  io.pairs = PairChoice::InputsToOutputs;
  EXPECT_THROW(FaultModel(torus, io), InputError);  // io needs directed links
  FaultModelSpec w;
  w.weights = {1, 2};
  EXPECT_THROW(FaultModel(torus, w), InputError);
  FaultModelSpec zero;
  zero.weights.assign(9, 0);
  EXPECT_THROW(FaultModel(torus, zero), InputError);
  EXPECT_THROW(parse_unit_choice("wires"), InputError);
  EXPECT_THROW(parse_engine_choice("sat"), InputError);
}

// --- the independent checker catches bad certificates -----------------------

ToleranceCertificate good_certificate() {
  Instance i = make("torus(4,4)", UnitChoice::Nodes);
  return *flow_tolerance(*i.model).certificate;
}

std::string first_problem(const ToleranceCertificate& c) {
  const CheckReport r = check_certificate(c);
  return r.valid ? "" : r.problems.front();
}

TEST(CertificateCheck, AcceptsTheEnginesCertificateAndRejectsTampering) {
  ToleranceCertificate c = good_certificate();
  EXPECT_EQ(first_problem(c), "");
  EXPECT_EQ(first_problem(certificate_from_json(to_json(c))), "");  // JSON round trip

  ToleranceCertificate higher = c;  // claim one more than the witness weighs
  *higher.min_cut += 1;
  EXPECT_NE(first_problem(higher).find("the witness weighs 4, not min_cut 5"), std::string::npos);

  ToleranceCertificate missing = c;
  missing.pairs.pop_back();
  EXPECT_NE(first_problem(missing).find("needs pair"), std::string::npos);

  ASSERT_FALSE(c.fan.empty());  // the torus is bipartite: half its targets are fan targets
  ToleranceCertificate unsettled = c;  // drop the flow of a neighbour of a fan target
  const Network net(Registry::builtin().build(c.model));
  auto pivot_pair_of = [&](NodeId u) {
    return std::find_if(unsettled.pairs.begin(), unsettled.pairs.end(), [&](const CertifiedPair& p) {
      return (p.source == c.pivot && p.target == u) || (p.target == c.pivot && p.source == u);
    });
  };
  const NodeId x = c.fan.front();
  bool dropped = false;
  for (NodeId u : net.out_neighbors(x))
    if (auto it = pivot_pair_of(u); !dropped && it != unsettled.pairs.end()) {
      unsettled.pairs.erase(it);
      dropped = true;
    }
  ASSERT_TRUE(dropped);
  EXPECT_NE(first_problem(unsettled).find("fan lemma does not settle"), std::string::npos) << first_problem(unsettled);

  ToleranceCertificate short_flow = c;
  short_flow.pairs[0].paths.pop_back();
  short_flow.pairs[0].amounts.pop_back();
  EXPECT_NE(first_problem(short_flow).find("carries 3 units of flow, less than 4"), std::string::npos);

  ToleranceCertificate shared = c;  // two copies of one path share its units
  shared.pairs[0].paths[1] = shared.pairs[0].paths[0];
  EXPECT_NE(first_problem(shared).find("carries 2 paths"), std::string::npos);

  ToleranceCertificate bad_port = c;
  bad_port.pairs[0].paths[0].ports[0] ^= 1;
  EXPECT_NE(first_problem(bad_port).find("does not lead to"), std::string::npos);

  ToleranceCertificate weak_witness = c;
  weak_witness.witness->units.pop_back();
  *weak_witness.min_cut -= 1;
  EXPECT_NE(first_problem(weak_witness).find("does not disconnect"), std::string::npos);
}

TEST(CertificateCheck, ExhaustiveCertificatesAreEnumerated) {
  Instance i = make("min(stages=2, radix=2, wiring=deterministic)", UnitChoice::Components);
  const ToleranceOutcome o = solve_tolerance(*i.model, {});
  ASSERT_TRUE(o.certificate);
  const CheckReport ok = check_certificate(*o.certificate);
  EXPECT_TRUE(ok.valid);
  EXPECT_GT(ok.sets_enumerated, 1u);
  ToleranceCertificate lie = *o.certificate;  // claim it takes one fault more
  *lie.min_cut += 1;
  lie.witness->units.push_back(lie.witness->units.front() == 0 ? 1 : 0);
  const CheckReport bad = check_certificate(lie);
  EXPECT_FALSE(bad.valid);
}

// Issue 20: symmetry must not change any answer: the same least cut, fewer or
// as many flows, a valid certificate (also after a JSON round trip).
struct SymmetryCase {
  const char* spec;
  UnitChoice units;
};

void expect_symmetry_agrees(const SymmetryCase& c) {
  SCOPED_TRACE(c.spec);
  Instance i = make(c.spec, c.units);
  ToleranceOptions plain;
  plain.symmetry = false;
  const ToleranceResult without = flow_tolerance(*i.model, plain);
  const ToleranceResult with = flow_tolerance(*i.model);
  EXPECT_EQ(with.min_cut, without.min_cut);
  EXPECT_TRUE(with.complete);
  EXPECT_LE(with.flow_calls, without.flow_calls);
  ASSERT_TRUE(with.certificate);
  for (const CheckReport& r :
       {check_certificate(*with.certificate), check_certificate(certificate_from_json(to_json(*with.certificate)))})
    EXPECT_TRUE(r.valid) << (r.problems.empty() ? "" : r.problems.front());
}

// The pivot's stabiliser (nauty, re-checked), on every router family.
TEST(ToleranceSymmetry, SameAnswerWithAndWithoutSymmetry) {
  const SymmetryCase cases[] = {{"hypercube(4)", UnitChoice::Nodes},   {"torus(4,4)", UnitChoice::Nodes},
                                {"torus(3,4,5)", UnitChoice::Nodes},   {"mesh(4,5)", UnitChoice::Nodes},
                                {"mesh(3,4)", UnitChoice::Links},      {"torus(4,6)", UnitChoice::Links},
                                {"rdn(base=torus(3), k=1)", UnitChoice::Nodes},
                                {"hdn(base=hypercube(2), k=1, s=[2])", UnitChoice::Nodes},
                                {"hdn(base=hypercube(3), k=1, s=[4])", UnitChoice::Links}};
  for (const SymmetryCase& c : cases) expect_symmetry_agrees(c);
}

// A network broken without faults: Z3's exhaustive certificate has no lighter
// set to enumerate, and the witness (the empty set) is the whole proof.
TEST(CertificateCheck, BrokenWithoutFaultsIsCertifiedByBothEngines) {
  const auto path = std::filesystem::temp_directory_path() / "menger-two-components.txt";
  {
    std::ofstream out(path);
    out << "a b\nb c\nd e\n";
  }
  Instance i = make("file(" + path.string() + ")", UnitChoice::Nodes);
  for (EngineChoice engine : {EngineChoice::Flow, EngineChoice::Smt}) {
    ToleranceRequest req;
    req.engine = engine;
    const ToleranceOutcome o = solve_tolerance(*i.model, req);
    ASSERT_EQ(o.min_cut, std::optional<std::uint64_t>(0));
    ASSERT_TRUE(o.certificate);
    const CheckReport r = check_certificate(*o.certificate);
    EXPECT_TRUE(r.valid) << (r.problems.empty() ? "" : r.problems.front());
  }
}

// Issue 40: a terminal hanging off one neighbour whose unit weighs the
// least shows the least cut; the group is not computed (nauty on a fat
// tree's interchangeable endpoints cost 1,000x the flows).  Same answer and a
// valid certificate, from twin classes; where the terminal's cut is not the
// least unit weight (weighted units), the group is still used.
TEST(ToleranceSymmetry, ATerminalsOwnLeastCutSkipsTheGroup) {
  const SymmetryCase cases[] = {{"kary_ntree(k=2, n=3)", UnitChoice::Switches},
                                {"fattree(4)", UnitChoice::Nodes},
                                {"dragonfly(p=2, a=4, h=2)", UnitChoice::Links},
                                {"mikant(k=2, n=2)", UnitChoice::Links}};
  for (const SymmetryCase& c : cases) {
    expect_symmetry_agrees(c);
    Instance i = make(c.spec, c.units);
    const ToleranceResult r = flow_tolerance(*i.model);
    EXPECT_EQ(r.min_cut, std::optional<std::uint64_t>(1)) << c.spec;
    ASSERT_TRUE(r.certificate);
    EXPECT_EQ(r.certificate->reduction, "twin-classes") << c.spec;
  }
}

// Issue 40: where twins make the orbit table cost more than the twin plan's
// flows (terminals^2 unions per twin beyond the first of its class), the
// group is not computed either; same answer, valid certificate.
TEST(ToleranceSymmetry, ManyTwinsSkipTheGroup) {
  const SymmetryCase cases[] = {{"kary_ntree(k=2, n=3)", UnitChoice::SwitchLinks},
                                {"fattree(4)", UnitChoice::SwitchLinks}};
  for (const SymmetryCase& c : cases) {
    expect_symmetry_agrees(c);
    Instance i = make(c.spec, c.units);
    const ToleranceResult r = flow_tolerance(*i.model);
    ASSERT_TRUE(r.certificate);
    EXPECT_EQ(r.certificate->reduction, "twin-classes") << c.spec;
  }
}

// pair-orbits: networks with endpoints or directed links, the whole group.
TEST(ToleranceSymmetry, PairOrbitsAgreeWithTwinClasses) {
  const SymmetryCase cases[] = {{"kary_ntree(k=2, n=3)", UnitChoice::Switches},
                                {"mikant(k=2, n=2)", UnitChoice::Links},
                                {"min(stages=2, radix=2, wiring=deterministic)", UnitChoice::Switches},
                                {"min(stages=3, radix=2, wiring=replicated)", UnitChoice::Links},
                                {"mesh(3,4)", UnitChoice::Switches}};
  for (const SymmetryCase& c : cases) expect_symmetry_agrees(c);
  // One terminal per switch (no twins) under switch-link faults: the group is worth computing.
  Instance tree = make("hyperx(S=[3,3], K=1, T=1)", UnitChoice::SwitchLinks);
  ToleranceCertificate c = *flow_tolerance(*tree.model).certificate;
  ASSERT_EQ(c.reduction, "pair-orbits");
  ToleranceCertificate fewer = c;
  fewer.symmetry.pop_back();
  EXPECT_NE(first_problem(fewer).find("nor for any pair of its orbit"), std::string::npos) << first_problem(fewer);
  ToleranceCertificate forged = c;
  std::swap(forged.symmetry[0][0], forged.symmetry[0][forged.symmetry[0].size() - 1]);
  EXPECT_NE(first_problem(forged).find("is not an automorphism"), std::string::npos) << first_problem(forged);
}

TEST(ToleranceSymmetry, TheCheckerRejectsForgedSymmetry) {
  Instance i = make("torus(5,5)", UnitChoice::Nodes);
  const ToleranceCertificate c = *flow_tolerance(*i.model).certificate;
  ASSERT_FALSE(c.symmetry.empty());
  EXPECT_EQ(first_problem(c), "");

  ToleranceCertificate not_auto = c;  // swap two nodes of different neighbourhoods
  std::swap(not_auto.symmetry[0][1], not_auto.symmetry[0][7]);
  EXPECT_NE(first_problem(not_auto).find("is not an automorphism"), std::string::npos) << first_problem(not_auto);

  ToleranceCertificate moves = c;  // a translation is an automorphism but moves the pivot
  std::vector<NodeId> shift(25);
  for (NodeId v = 0; v < 25; ++v) shift[v] = (v / 5) * 5 + (v % 5 + 1) % 5;
  moves.symmetry.push_back(shift);
  EXPECT_NE(first_problem(moves).find("moves the pivot"), std::string::npos) << first_problem(moves);

  ToleranceCertificate short_gen = c;
  short_gen.symmetry[0].pop_back();
  EXPECT_NE(first_problem(short_gen).find("is not an automorphism"), std::string::npos);

  ToleranceCertificate fewer = c;  // drop the generators: the pairs no longer cover their orbits
  fewer.symmetry.clear();
  EXPECT_NE(first_problem(fewer).find("needs pair"), std::string::npos) << first_problem(fewer);

  ToleranceCertificate missing = c;  // one orbit without its certified pair
  missing.pairs.erase(missing.pairs.begin());
  EXPECT_NE(first_problem(missing).find("or a pair of its orbit"), std::string::npos) << first_problem(missing);
}

}  // namespace
}  // namespace menger
