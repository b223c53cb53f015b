// The routing registry stamps each routing's canonical spec (core/routing.h,
// models/routing_registry.cpp): no routing writes its own.
//
// Where the expected texts come from: written here by hand from the rule in
// models/registry.h (parameters in the schema's order, a default shown
// unless the parameter is hidden at its default, files named as resolved),
// and checked against the texts the routings wrote by hand before the
// registry stamped them (the catalog's outputs, unchanged).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/network.h"
#include "models/registry.h"
#include "io/routing_table_export.h"
#include "models/routing_registry.h"
#include "models/routing_table.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kNetworks = {
    "torus(4,4)",      "mesh(3,3)",           "hypercube(3)",          "mikant(2,2)",
    "hdn(base=hypercube(2), k=1, s=[2])",     "rdn(base=hypercube(2), k=1)",
    "hyperx(S=[3,3])", "dragonfly(p=1,a=2,h=2)", "slimfly(q=5)", "leafspine(4,2,3)", "kary_ntree(2,2)"};

// The spec a routing built from `spec` names, on the first network that
// accepts it ("" when none does).
std::string stamped(const std::string& spec, const fs::path& base_dir = {}) {
  for (const std::string& topo : kNetworks) {
    Network net(Registry::builtin().build(topo));
    std::unique_ptr<Routing> r;
    try {
      r = RoutingRegistry::builtin().build(spec, net, base_dir);
    } catch (const InputError&) {
      continue;
    }
    return r->spec();
  }
  return "";
}

TEST(RoutingSpecs, DefaultsAreShownUnlessHiddenAtTheirDefault) {
  EXPECT_EQ(stamped("shortest"), "shortest");
  EXPECT_EQ(stamped("shortest(choice=all)"), "shortest");
  EXPECT_EQ(stamped("shortest(choice=first)"), "shortest(choice=first)");
  EXPECT_EQ(stamped("hdn-ft1"), "hdn-ft1(base=shortest)");
  EXPECT_EQ(stamped("hdn-ft2(order=node-id)"), "hdn-ft2(base=shortest)");
  EXPECT_EQ(stamped("hdn-ft2(order=port)"), "hdn-ft2(base=shortest, order=port)");
  EXPECT_EQ(stamped("dragonfly-ugal"), "dragonfly-ugal(vcs=3)");
  EXPECT_EQ(stamped("slimfly-min"), "slimfly-min(vcs=2)");
  EXPECT_EQ(stamped("slimfly-valiant(vcs=2)"), "slimfly-valiant(vcs=2)");
  EXPECT_EQ(stamped("dor"), "dor");
  EXPECT_EQ(stamped("duato-torus"), "duato-torus");
}

// Every family, built with its defaults where a small network accepts it:
// the stamped text builds the same routing again (same text).
TEST(RoutingSpecs, EveryStampedSpecBuildsItselfAgain) {
  int built = 0;
  for (const RoutingFamily& f : RoutingRegistry::builtin().families()) {
    const std::string first = stamped(f.name);
    if (first.empty()) continue;
    ++built;
    EXPECT_EQ(stamped(first), first) << f.name;
  }
  EXPECT_GE(built, 20);
}

TEST(RoutingSpecs, InfinibandChoicesAreShownOnlyAwayFromTheDumps) {
  const fs::path dir = fs::path(MENGER_SOURCE_DIR) / "proofs/known/infiniband/torus-4x4-dor";
  Network net(Registry::builtin().build("opensm(dir=\"" + dir.string() + "\")"));
  const auto spec = [&](const std::string& s) { return RoutingRegistry::builtin().build(s, net)->spec(); };
  EXPECT_EQ(spec("opensm-tables"), "opensm-tables");
  EXPECT_EQ(spec("opensm-tables(sls=file, vls=dump)"), "opensm-tables");
  EXPECT_EQ(spec("opensm-tables(vls=zero)"), "opensm-tables(vls=zero)");
  EXPECT_EQ(spec("opensm-tables(vls=zero, sls=zero)"), "opensm-tables(sls=zero, vls=zero)");
}

// A table's file is named as resolved, beside the claim file that named it.
TEST(RoutingSpecs, TableFilesAreNamedAsResolved) {
  const fs::path dir = fs::temp_directory_path() / "menger-routing-specs";
  fs::create_directories(dir / "tables");
  Network net(Registry::builtin().build("mesh(2,2)"));
  {
    std::ofstream csv(dir / "tables" / "t.csv");
    write_routing_table_csv(csv, tabulate_routing(*RoutingRegistry::builtin().build("dor", net), net).table, net);
  }
  std::string spec;
  try {
    spec = RoutingRegistry::builtin().build("table(file=\"tables/../tables/t.csv\")", net, dir)->spec();
  } catch (const InputError& e) {
    FAIL() << e.what();
  }
  // A path of plain characters needs no quotes in a spec (core/spec.h).
  EXPECT_EQ(spec, "table(file=" + (dir / "tables" / "t.csv").string() + ")");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace menger
