// Family registry: schemas, defaults, canonical specs, one clear error per bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"

namespace menger {
namespace {

std::string error_of(const std::string& spec) {
  try {
    Registry::builtin().build(spec);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Registry, ListsEveryFamilyOfTheIssue) {
  for (const char* name : {"hypercube", "torus", "mesh", "kary_ntree", "mikant", "min", "rdn", "hdn", "file"}) {
    const Family* f = Registry::builtin().find(name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_FALSE(f->summary.empty());
    EXPECT_FALSE(f->source.empty());
  }
}

TEST(Registry, FillsDefaultsAndPrintsThemInTheCanonicalSpec) {
  auto t = Registry::builtin().build("min(stages=3, radix=4)");
  EXPECT_EQ(t->spec(), "min(stages=3, radix=4, dilation=2, wiring=deterministic, last_dilation=1, packaging=paired)");
  auto r = Registry::builtin().build("min(3, 4, wiring=random)");
  EXPECT_EQ(r->spec(),
            "min(stages=3, radix=4, dilation=2, wiring=random, last_dilation=1, packaging=paired, seed=1)");
  EXPECT_EQ(Registry::builtin().build("torus([4,4])")->spec(), "torus(4,4)");
}

TEST(Registry, ErrorsNameTheInputAndWhatWasExpected) {
  struct Case {
    const char* spec;
    const char* says;
  } cases[] = {
      {"tours(4,4)", "unknown network family 'tours'"},
      {"torus(4,1)", "'dims' must be in 2.."},
      {"torus()", "missing parameter 'dims'"},
      {"hypercube()", "missing parameter 'n'"},
      {"hypercube(3, 4)", "too many arguments"},
      {"hypercube(n=3, n=4)", "given twice"},
      {"hypercube(dim=3)", "unknown parameter 'dim'"},
      {"hypercube([3])", "expects an integer"},
      {"hypercube(40)", "must be in 1..28"},
      {"mikant(3,1)", "'n' must be in 2..40"},
      {"min(stages=3, radix=4, wiring=magic)", "must be one of non_interwired, replicated, random, deterministic"},
      {"min(stages=3, radix=4, seed=3)", "seed applies to wiring=random only"},
      {"min(stages=3, radix=4, wiring=replicated, packaging=paired)", "packaging applies only"},
      {"min(stages=3, radix=4, wiring=non_interwired, last_dilation=1)", "last_dilation applies"},
      {"min(stages=3, radix=3, wiring=deterministic)", "fanout classes"},
      {"min(stages=30, radix=4)", "must be in 1..24"},
      {"hdn(base=mesh(2,2,2), k=1, s=[4])", "not symmetric"},
      {"hdn(base=hypercube(3), k=1, s=[3])", "no nested super-nodes of sizes s = [3] exist"},
      {"hdn(base=hypercube(3), k=2, s=[4])", "s lists 1 super-node sizes but k = 2"},
      {"hdn(base=torus(3,2,5), k=2, s=[15,2])", "no nested super-nodes"},
      {"hdn(base=torus(4,2,2), k=2, s=[4,2], sn=[[0],[1]])", "dimension 1 is not available"},
      {"hdn(base=torus(4,2,2), k=1, s=[4], sn=[[1]])", "have 2 nodes, not s_1 = 4"},
      {"hdn(base=mikant(3,3), k=1, s=[1])", "base must be a torus or hypercube"},
      {"rdn(base=hypercube(3), k=7)", "must be in 1..6"},
      {"file(no/such/file.graphml)", "cannot be read"},
  };
  for (const Case& c : cases) {
    const std::string e = error_of(c.spec);
    EXPECT_NE(e.find(c.says), std::string::npos) << c.spec << " gave: '" << e << "'";
  }
}

// Two networks are the same when their nodes, labels and ports agree.
void expect_same_network(const Network& a, const Network& b, const std::string& spec) {
  ASSERT_EQ(a.num_nodes(), b.num_nodes()) << spec;
  ASSERT_EQ(a.num_links(), b.num_links()) << spec;
  for (NodeId v = 0; v < a.num_nodes(); ++v) {
    ASSERT_EQ(a.label(v), b.label(v)) << spec;
    ASSERT_EQ(a.num_ports(v), b.num_ports(v)) << spec << " at " << a.label(v);
    for (PortId p = 0; p < a.num_ports(v); ++p)
      EXPECT_EQ(a.port(v, p).peer, b.port(v, p).peer) << spec << " at " << a.label(v) << " port " << p;
  }
}

// core/topology.h: a topology's spec() "parses back to this exact topology,
// defaults included".  The families write their own spec (the registry does
// not stamp it: they spell derived defaults such as a dragonfly's g and an
// HDN's sn, which the schema does not know), so each family is held to it
// here, on every family the registry lists: a family added without a case
// fails this test.
TEST(Registry, EveryFamilysSpecParsesBackToTheSameNetwork) {
  const auto dir = std::filesystem::temp_directory_path() / "menger_registry_round_trip";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "ring.edges") << "a b\nb c\nc a\n";
  const std::filesystem::path ib = std::filesystem::path(MENGER_SOURCE_DIR) / "proofs/known/infiniband/torus-4x4-minhop";
  const std::vector<std::string> specs = {
      "hypercube(3)", "torus(3,2,5)", "mesh(3,4)", "kary_ntree(2,3)", "dragonfly(p=2, a=4, h=2)",
      "dragonfly(p=1, a=2, h=1, g=2, arrangement=circulant)", "mikant(3,3)", "min(stages=3, radix=4, wiring=random)",
      "rdn(base=torus(3,3), k=2)", "hdn(base=hypercube(3), k=2, s=[4,2])", "hyperx(S=[3,2], K=2, T=0)",
      "slimfly(q=5)", "fattree(4)", "leafspine(leaves=3, spines=2, hosts=2, uplinks=2)",
      "jellyfish(switches=8, degree=3, hosts=1, seed=7)", "file(\"" + (dir / "ring.edges").string() + "\")",
      "opensm(dir=\"" + ib.string() + "\", fabric=\"" + (ib / "ibnetdiscover.txt").string() + "\")",
      "ibsim(file=\"" + (ib / "ibnetdiscover.txt").string() + "\")", "kary_ntree(3,2, hosts=0)", "mikant(2,3, nodes=0)"};
  std::set<std::string> covered;
  for (const std::string& s : specs) {
    const auto first = Registry::builtin().build(s);
    const auto again = Registry::builtin().build(first->spec());
    EXPECT_EQ(again->spec(), first->spec()) << s;
    expect_same_network(Network(first), Network(again), s);
    covered.insert(s.substr(0, s.find('(')));
  }
  for (const Family& f : Registry::builtin().families()) EXPECT_TRUE(covered.count(f.name)) << f.name << " has no case";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace menger
