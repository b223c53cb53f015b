// Deadlock proofs (issue 38): the search over fault sets writes every set it
// analysed with the units it read and its certificate (verify/deadlock/
// deadlock_proof.h), and verify/check/deadlock_proof_check.h re-checks it
// without the search.  A proof of a true FREE is accepted; its records cover
// every fault set of at most k units (checked here apart from the checker,
// set by set); and forgeries are refused: a dropped record, a dropped read,
// swapped or damaged certificates, a generator that is not an automorphism,
// a set beyond k, another question's file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>

#include "budget_stops.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "scratch_dir.h"
#include "setup/answer.h"
#include "setup/setup.h"
#include "setup/specs.h"
#include "verify/check/deadlock_proof_check.h"
#include "verify/deadlock/deadlock_proof.h"

namespace menger {
namespace {

using testing::ScratchDir;

struct Case {
  std::string model, routing, faults;
  std::uint32_t k;
  std::optional<std::string> escape;
  bool symmetry = true;
};

std::string file_in(const ScratchDir& dir, const std::string& name) { return (dir.path() / name).string(); }

Answer prove_case(const Case& c, const std::string& path, const SpecResolver& specs, const Budget& budget = Budget()) {
  DeadlockQuestion q;
  q.faults = c.faults;
  q.k = c.k;
  q.escape = c.escape;
  q.symmetry = c.symmetry;
  q.proof = path;
  Context ctx;
  ctx.budget = budget;
  return answer_deadlock(q, subject_of(make_route_setup(c.model, c.routing, c.faults)), ctx, question::kCli, &specs);
}

struct Parts {
  DeadlockProofHeader header;
  std::vector<DeadlockProofRecord> records;
};

Parts read_parts(const std::string& path) {
  DeadlockProofReader r(path);
  Parts p{r.header(), {}};
  while (auto rec = r.next()) p.records.push_back(std::move(*rec));
  return p;
}

// The parts as the format says, uncompressed (zlib reads a plain file as it
// is), with a trailer that counts what is written: a forger's file.
void write_parts(const Parts& p, const std::string& path) {
  std::string out = json_text(to_json(p.header)) + "\n";
  for (const auto& r : p.records)
    out += json_text({{"set", r.set}, {"reads", r.reads}, {"evidence", r.evidence}}) + "\n";
  out += json_text({{"end", true}, {"digest", p.header.digest}, {"sets", p.records.size()}}) + "\n";
  std::ofstream(path, std::ios::binary) << out;
}

std::string problems_of(const DeadlockProofReport& r) {
  std::string s;
  for (const auto& p : r.problems) s += p + "\n";
  return s;
}

const std::vector<Case>& free_cases() {
  static const std::vector<Case> cases = {
      {"torus(4,4)", "fir(config=ft, br=vc)", "nodes", 2, "1,2"},
      {"torus(5,5)", "ft-torus(flow=bubble)", "nodes", 2, "1,2"},
      {"torus(4,4)", "ft-torus(flow=bubble)", "nodes", 2, "1,2", false},
      {"mikant(2,3)", "mikant-shortest", "switches", 1, std::nullopt},
      {"kary_ntree(3,2)", "shortest", "nodes", 2, std::nullopt},
      {"mikant(2,2)", "mikant-go-neighbor-switch", "links", 1, std::nullopt},
  };
  return cases;
}

TEST(DeadlockProof, EveryFreeProofIsWrittenAndAcceptedByTheChecker) {
  ScratchDir dir("menger-deadlock-proof-");
  const SpecResolver specs = builtin_specs();
  for (const Case& c : free_cases()) {
    SCOPED_TRACE(c.model + " " + c.routing);
    const std::string path = file_in(dir, "d.gz");
    const Answer a = prove_case(c, path, specs);
    ASSERT_EQ(a.verdict, VerdictKind::Holds);
    ASSERT_TRUE(a.proof.has_value()) << a.unproved;
    const auto& p = std::get<DeadlockProofFile>(*a.proof);
    const auto& r = a.result_as<DeadlockSearchResult>();
    EXPECT_EQ(p.sets, r.analyses);
    EXPECT_EQ(p.k, c.k);
    ASSERT_TRUE(a.proof_recheck.has_value());
    EXPECT_TRUE(a.proof_recheck->valid) << (a.proof_recheck->problems.empty() ? "" : a.proof_recheck->problems.front());
    const DeadlockProofReport again = check_deadlock_proof(path, specs);
    EXPECT_TRUE(again.valid) << problems_of(again);
    EXPECT_EQ(again.sets, r.analyses);
    EXPECT_EQ(again.k, c.k);
    EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
    EXPECT_FALSE(std::filesystem::exists(path + ".partial.body"));
  }
}

// Apart from the checker, on proofs without symmetry: every set S of at most
// k units holds a listed set F none of whose reads S adds, and the engine
// itself, asked about S alone, finds S FREE.
TEST(DeadlockProof, EveryFaultSetHasAListedSetItAddsNoReadTo) {
  ScratchDir dir("menger-deadlock-proof-");
  const SpecResolver specs = builtin_specs();
  for (const Case& c : {free_cases()[0], free_cases()[2], free_cases()[3]}) {
    SCOPED_TRACE(c.model + " " + c.routing);
    const std::string path = file_in(dir, "d.gz");
    const Answer a = prove_case(c, path, specs);
    ASSERT_TRUE(a.proof.has_value());
    const Parts parts = read_parts(path);
    ASSERT_EQ(parts.header.symmetry, "none");
    const std::size_t units = a.subject.model->universe().size();
    std::uint64_t sets = 0;
    std::vector<std::size_t> s;
    // Every S of at most k units, as increasing unit lists.
    std::function<void(std::size_t)> each = [&](std::size_t from) {
      ++sets;
      bool covered = false;
      for (const auto& r : parts.records) {
        if (!std::includes(s.begin(), s.end(), r.set.begin(), r.set.end())) continue;
        bool adds_read = false;
        for (std::size_t u : s)
          adds_read |= !std::binary_search(r.set.begin(), r.set.end(), u) &&
                       std::binary_search(r.reads.begin(), r.reads.end(), u);
        covered |= !adds_read;
      }
      EXPECT_TRUE(covered) << "no listed set covers " << json_text(s);
      if (s.size() == c.k) return;
      for (std::size_t u = from; u < units; ++u) {
        s.push_back(u);
        each(u + 1);
        s.pop_back();
      }
    };
    each(0);
    EXPECT_GE(sets, parts.records.size());
  }
  // The engine on every set of torus(4,4) with <= 2 faulty nodes, one by one.
  auto setup = make_route_setup("torus(4,4)", "fir(config=ft, br=vc)", "nodes");
  const std::size_t units = setup.model->universe().size();
  for (std::size_t u = 0; u < units; ++u)
    for (std::size_t v = u; v < units; ++v) {
      FaultSet f(units);
      f.insert(u);
      f.insert(v);
      DeadlockOptions o;
      o.escape_vcs = {false, true, true};
      o.faults = &f;
      o.fault_budget = 2;
      EXPECT_EQ(check_deadlock(*setup.routing, *setup.model, o).status, DeadlockResult::Status::Free)
          << f.to_string(setup.model->universe());
    }
}

// A least failing set of m units: the proof covers every set of at most
// m - 1 (the witness shows m).  A fault-free deadlock proves nothing.
TEST(DeadlockProof, ADeadlockProvesTheSizesBelowIt) {
  ScratchDir dir("menger-deadlock-proof-");
  const SpecResolver specs = builtin_specs();
  const std::string path = file_in(dir, "d.gz");
  const Answer a = prove_case({"torus(4,4)", "ft-torus(flow=bubble)", "nodes", 3, "1,2"}, path, specs);
  ASSERT_EQ(a.verdict, VerdictKind::Fails);
  const auto& r = a.result_as<DeadlockSearchResult>();
  ASSERT_TRUE(r.failing.has_value());
  ASSERT_EQ(r.failing->count(), 3u);
  ASSERT_TRUE(a.proof.has_value()) << a.unproved;
  EXPECT_EQ(std::get<DeadlockProofFile>(*a.proof).k, 2u);
  ASSERT_TRUE(a.proof_recheck && a.proof_recheck->valid);
  for (const auto& rec : read_parts(path).records) EXPECT_LE(rec.set.size(), 2u);
  const DeadlockProofReport c = check_deadlock_proof(path, specs);
  EXPECT_TRUE(c.valid) << problems_of(c);
  EXPECT_EQ(c.k, 2u);

  const std::string none = file_in(dir, "none.gz");
  const Answer b = prove_case({"hypercube(3)", "shortest", "nodes", 2, std::nullopt}, none, specs);
  ASSERT_EQ(b.verdict, VerdictKind::Fails);
  EXPECT_FALSE(b.proof.has_value());
  EXPECT_NE(b.unproved.find("nothing below"), std::string::npos) << b.unproved;
  for (const char* tail : {"", ".partial", ".partial.body"}) EXPECT_FALSE(std::filesystem::exists(none + tail));
}

TEST(DeadlockProof, ARunTheBudgetStopsLeavesNoProof) {
  ScratchDir dir("menger-deadlock-proof-");
  const SpecResolver specs = builtin_specs();
  const std::string path = file_in(dir, "d.gz");
  const Case c{"torus(5,5)", "ft-torus(flow=bubble)", "nodes", 2, "1,2"};
  const std::int64_t first = testing::first_stop_after_preparation(
      [&](const Budget& b) { return prove_case(c, path, specs, b); });
  const Answer a = prove_case(c, path, specs, testing::stopping_at(first + 3));
  ASSERT_EQ(a.verdict, VerdictKind::Unknown);
  EXPECT_FALSE(a.proof.has_value());
  for (const char* tail : {"", ".partial", ".partial.body"}) EXPECT_FALSE(std::filesystem::exists(path + tail));
  // A check whose budget runs out is neither valid nor invalid.
  ASSERT_EQ(prove_case(c, path, specs).verdict, VerdictKind::Holds);
  SpecResolver stopped = specs;
  stopped.budget = testing::stopping_at(2);
  EXPECT_THROW(check_deadlock_proof(path, stopped), BudgetExhausted);
}

class DeadlockForgery : public ::testing::Test {
 protected:
  void SetUp() override {
    good_ = file_in(dir_, "good.gz");
    forged_ = file_in(dir_, "forged.gz");
    const Answer a = prove_case({"torus(5,5)", "ft-torus(flow=bubble)", "nodes", 2, "1,2"}, good_, specs_);
    ASSERT_TRUE(a.proof_recheck && a.proof_recheck->valid);
    parts_ = read_parts(good_);
    ASSERT_EQ(parts_.header.symmetry, "translations");
  }
  void expect_refused(const Parts& p, const std::string& why) {
    write_parts(p, forged_);
    const DeadlockProofReport r = check_deadlock_proof(forged_, specs_);
    EXPECT_FALSE(r.valid);
    EXPECT_NE(problems_of(r).find(why), std::string::npos) << problems_of(r);
  }
  // The index of a record of `size` units (below k: one that reads something).
  std::size_t record_of_size(std::size_t size) const {
    for (std::size_t i = 0; i < parts_.records.size(); ++i)
      if (parts_.records[i].set.size() == size && (size == 2 || !parts_.records[i].reads.empty())) return i;
    ADD_FAILURE() << "no record of size " << size;
    return 0;
  }
  ScratchDir dir_{"menger-deadlock-forgery-"};
  SpecResolver specs_ = builtin_specs();
  std::string good_, forged_;
  Parts parts_;
};

TEST_F(DeadlockForgery, TheGoodProofWrittenBackIsAccepted) {
  write_parts(parts_, forged_);
  const DeadlockProofReport r = check_deadlock_proof(forged_, specs_);
  EXPECT_TRUE(r.valid) << problems_of(r);
}

TEST_F(DeadlockForgery, ADroppedRecordIsRefused) {
  Parts p = parts_;
  p.records.erase(p.records.begin() + static_cast<std::ptrdiff_t>(record_of_size(1)));
  expect_refused(p, "no listed set is an image");
  p = parts_;
  p.records.erase(p.records.begin());  // the empty set
  expect_refused(p, "empty set");
}

TEST_F(DeadlockForgery, ADroppedReadIsRefused) {
  Parts p = parts_;
  auto& reads = p.records[record_of_size(1)].reads;
  reads.erase(reads.begin());
  expect_refused(p, "neither holds nor lists as read");
}

TEST_F(DeadlockForgery, ACertificateOfAnotherSetOrDamagedIsRefused) {
  Parts p = parts_;
  std::swap(p.records[record_of_size(1)].evidence, p.records[record_of_size(2)].evidence);
  expect_refused(p, "another fault set");
  p = parts_;
  auto& order = p.records[record_of_size(1)].evidence["order"];
  std::reverse(order.begin(), order.end());
  expect_refused(p, "does not check");
  p = parts_;
  p.records[0].evidence["routing"] = "ft-torus";
  expect_refused(p, "another question");
  p = parts_;
  p.records[0].evidence = nlohmann::json{{"format", "nonsense"}};
  expect_refused(p, "its certificate");
}

TEST_F(DeadlockForgery, ASetBeyondKARepeatedSetAndAReadOfTheSetAreRefused) {
  Parts p = parts_;
  DeadlockProofRecord big = p.records[record_of_size(2)];
  std::size_t extra = 0;
  while (std::binary_search(big.set.begin(), big.set.end(), extra)) ++extra;
  big.set.insert(std::upper_bound(big.set.begin(), big.set.end(), extra), extra);
  p.records.push_back(big);
  expect_refused(p, "more than k");
  p = parts_;
  p.records.push_back(p.records[1]);
  expect_refused(p, "listed twice");
  p = parts_;
  auto& rec = p.records[record_of_size(1)];
  rec.reads.push_back(rec.set.front());
  std::sort(rec.reads.begin(), rec.reads.end());
  expect_refused(p, "which its set holds");
}

TEST_F(DeadlockForgery, AGeneratorThatIsNoAutomorphismIsRefused) {
  Parts p = parts_;
  std::swap(p.header.generators[0][0], p.header.generators[0][1]);
  expect_refused(p, "not an automorphism");
  p = parts_;
  p.header.symmetry = "port automorphisms";
  expect_refused(p, "does not declare");
}

TEST_F(DeadlockForgery, AnotherQuestionATamperedDigestAndATruncatedFileAreRefused) {
  Parts p = parts_;
  p.header.question["k"] = 3;  // the digest no longer matches
  expect_refused(p, "digest");
  p = parts_;
  p.header.question["k"] = 3;
  p.header.digest = sha256_digest(json_text(p.header.question));
  // Sets of 2 now stand for sets of 3, but their records list no reads.
  expect_refused(p, "neither holds nor lists as read");
  // Cut inside the last member's CRC and length, and inside its data.
  for (std::uintmax_t cut : {7, 60}) {
    std::filesystem::copy_file(good_, forged_, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::resize_file(forged_, std::filesystem::file_size(forged_) - cut);
    const DeadlockProofReport r = check_deadlock_proof(forged_, specs_);
    EXPECT_FALSE(r.valid);
    EXPECT_NE(problems_of(r).find("truncated"), std::string::npos) << problems_of(r);
  }
  // A route-check proof is not a deadlock proof.
  RouteCheckQuestion q;
  q.k = 0;
  q.proof = forged_;
  (void)answer_route_check(q, subject_of(make_route_setup("torus(4,4)", "dor", "nodes")), Context{}, &specs_);
  const DeadlockProofReport other = check_deadlock_proof(forged_, specs_);
  EXPECT_FALSE(other.valid);
  EXPECT_NE(problems_of(other).find("not a deadlock proof"), std::string::npos) << problems_of(other);
  EXPECT_EQ(proof_file_format(forged_), "menger-route-proof");
  EXPECT_EQ(proof_file_format(good_), "menger-deadlock-proof");
}

// Declares that it commutes with translations, but swaps the escape VCs 1
// and 2 for destinations of low id: deadlock-free, and a translation that
// moves a destination across the halves maps a run onto one it does not make.
class SwappedEscapes final : public Routing {
 public:
  explicit SwappedEscapes(const Network& net)
      : inner_(build_routing("ft-torus(flow=bubble)", net)), half_(net.num_nodes() / 2) {}
  std::string spec() const override { return "swapped-escapes"; }
  FaultKnowledge knowledge() const override { return inner_->knowledge(); }
  std::uint32_t vcs() const override { return inner_->vcs(); }
  bool translation_invariant() const override { return true; }
  PacketState start(NodeId s, NodeId d, FaultView& f) const override { return inner_->start(s, d, f); }
  void next(NodeId here, const PacketState& st, NodeId d, FaultView& f, Hops& out) const override {
    const std::size_t before = out.size();
    inner_->next(here, st, d, f, out);
    if (d < half_)
      for (std::size_t i = before; i < out.size(); ++i)
        if (out[i].vc == 1 || out[i].vc == 2) out[i].vc = 3 - out[i].vc;
  }

 private:
  std::unique_ptr<Routing> inner_;
  NodeId half_;
};

TEST_F(DeadlockForgery, AGeneratorTheRoutingDoesNotCommuteWithIsRefused) {
  SpecResolver lying = specs_;
  lying.routing = [base = specs_.routing](const std::string& spec, const Network& net) -> std::unique_ptr<Routing> {
    if (spec == "swapped-escapes") return std::make_unique<SwappedEscapes>(net);
    return base(spec, net);
  };
  DeadlockQuestion q;
  q.k = 0;  // FREE without faults (one faulty node lets its swapped escapes deadlock)
  q.escape = "1,2";
  q.symmetry = false;  // the symmetry is forged below
  q.proof = forged_;
  auto setup = make_route_setup("torus(4,4)", "dor", "nodes");
  setup.routing = std::make_unique<SwappedEscapes>(*setup.net);
  const Answer a = answer_deadlock(q, subject_of(std::move(setup)), Context{}, question::kCli, &lying);
  ASSERT_EQ(a.verdict, VerdictKind::Holds) << a.reason << " " << to_json(a, Timings::Omit).dump().substr(0, 600);
  ASSERT_TRUE(a.proof_recheck && a.proof_recheck->valid);
  Parts p = read_parts(forged_);
  p.header.symmetry = "translations";
  p.header.generators = a.subject.net->topology().translations();
  write_parts(p, forged_);
  const DeadlockProofReport r = check_deadlock_proof(forged_, lying);
  EXPECT_FALSE(r.valid);
  EXPECT_NE(problems_of(r).find("does not commute"), std::string::npos) << problems_of(r);
}

}  // namespace
}  // namespace menger
