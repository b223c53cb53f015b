// File input and export: every export format reads back as the same network,
// and malformed files give one clear error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "io/export.h"
#include "models/registry.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

fs::path scratch_dir() {
  fs::path d = fs::temp_directory_path() / ("menger_file_io_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

nlohmann::json json_of(const Network& net) {
  std::ostringstream out;
  export_network(out, net, ExportFormat::Json);
  nlohmann::json j = nlohmann::json::parse(out.str());
  j.erase("spec");  // a file's spec names the file
  return j;
}

fs::path write(const fs::path& file, const std::string& text) {
  std::ofstream(file) << text;
  return file;
}

TEST(FileIo, EveryExportFormatReadsBackAsTheSameNetwork) {
  const fs::path dir = scratch_dir();
  for (const char* spec : {"torus(3,2,5)", "mesh(3,2)", "kary_ntree(2,3)", "mikant(2,3)",
                           "min(stages=3, radix=2, wiring=deterministic)", "min(stages=2, radix=4, wiring=random, seed=9)",
                           "hdn(base=hypercube(3), k=1, s=[4])"}) {
    Network original(Registry::builtin().build(spec));
    for (const auto& [format, ext] : {std::pair{ExportFormat::Dot, ".dot"}, std::pair{ExportFormat::GraphML, ".graphml"},
                                      std::pair{ExportFormat::Json, ".json"}}) {
      const fs::path file = dir / (std::string("net") + ext);
      {
        std::ofstream out(file);
        export_network(out, original, format);
      }
      Network copy(Registry::builtin().build("file(" + file.string() + ")"));
      EXPECT_EQ(json_of(copy), json_of(original)) << spec << " via " << ext;
      EXPECT_EQ(copy.packages().size(), original.packages().size()) << spec << " via " << ext;
      EXPECT_EQ(copy.num_components(), original.num_components()) << spec << " via " << ext;
    }
  }
  fs::remove_all(dir);
}

// Labels as hostile as a JSON network file can make them (fuzz_export found
// the first two): DOT quoted strings escape only the quote, so a label ending
// in a backslash or holding one before a line break needs the escString
// encoding; XML trims and normalises whitespace and line ends unless told not to.
TEST(FileIo, HostileLabelsSurviveEveryExportFormat) {
  const std::vector<std::string> labels = {"c\\",       "a\\\"b",   "p\\\nq",   "x<&>y'\"", "  lead and trail  ",
                                           "tab\there", "cr\rlf\n", "two  spaces", "\\n literally", "é→"};
  nlohmann::json nodes = nlohmann::json::array(), links = nlohmann::json::array();
  for (std::size_t i = 0; i < labels.size(); ++i) {
    nodes.push_back({{"id", i}, {"label", labels[i]}, {"kind", "router"}, {"ports", 2}, {"package", labels[i] + "!"}});
    links.push_back({{"a", i}, {"pa", 0}, {"b", (i + 1) % labels.size()}, {"pb", 1}, {"label", "~" + labels[i]}});
  }
  const fs::path dir = scratch_dir();
  std::ofstream(dir / "hostile.json") << nlohmann::json{{"nodes", nodes}, {"links", links}}.dump();
  const Network original(Registry::builtin().build("file(" + (dir / "hostile.json").string() + ")"));
  ASSERT_EQ(original.label(0), labels[0]);
  for (const auto& [format, ext] : {std::pair{ExportFormat::Dot, ".dot"}, std::pair{ExportFormat::GraphML, ".graphml"},
                                    std::pair{ExportFormat::Json, ".json"}}) {
    const fs::path file = dir / (std::string("copy") + ext);
    {
      std::ofstream out(file);
      export_network(out, original, format);
    }
    const Network copy(Registry::builtin().build("file(" + file.string() + ")"));
    ASSERT_EQ(copy.num_nodes(), original.num_nodes()) << ext;
    for (NodeId v = 0; v < original.num_nodes(); ++v) EXPECT_EQ(copy.label(v), original.label(v)) << ext;
    for (LinkId l = 0; l < original.num_links(); ++l) EXPECT_EQ(copy.link_label(l), original.link_label(l)) << ext;
    ASSERT_EQ(copy.packages().size(), original.packages().size()) << ext;
    for (std::size_t i = 0; i < original.packages().size(); ++i)
      EXPECT_EQ(copy.packages()[i].label, original.packages()[i].label) << ext;
  }
  fs::remove_all(dir);
}

// What XML 1.0 cannot hold (a control character, bytes that are not UTF-8)
// is refused by the GraphML writer with one error; DOT carries it.
TEST(FileIo, GraphmlRefusesWhatXmlCannotCarryAndDotCarriesIt) {
  const fs::path dir = scratch_dir();
  for (const std::string& bad : {std::string("bell\x07"), std::string("latin\xe9"), std::string("non\xef\xbf\xbe")}) {
    std::ofstream(dir / "bad.edges") << bad << " b\nb c\n";
    const Network net(Registry::builtin().build("file(" + (dir / "bad.edges").string() + ")"));
    std::ostringstream xml;
    try {
      export_network(xml, net, ExportFormat::GraphML);
      ADD_FAILURE() << "GraphML export accepted " << testing::PrintToString(bad);
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("node " + std::to_string(*net.find_node(bad)) + "'s label"), std::string::npos) << e.what();
    }
    {
      std::ofstream out(dir / "copy.dot");
      export_network(out, net, ExportFormat::Dot);
    }
    const Network copy(Registry::builtin().build("file(" + (dir / "copy.dot").string() + ")"));
    EXPECT_TRUE(copy.find_node(bad).has_value());
  }
  // The network's name (here a file's path) is never read back: written safely, not refused.
  std::ofstream(dir / "name\xe9.edges") << "a b\n";
  const Network named(Registry::builtin().build("file(\"" + (dir / "name\xe9.edges").string() + "\")"));
  std::ostringstream xml;
  ASSERT_NO_THROW(export_network(xml, named, ExportFormat::GraphML));
  EXPECT_NE(xml.str().find("name?.edges"), std::string::npos) << xml.str();
  fs::remove_all(dir);
}

TEST(FileIo, ReadsForeignGraphmlDotAndEdgeLists) {
  const fs::path dir = scratch_dir();
  // GraphML as NetworkX writes it: node ids are the only names.
  write(dir / "nx.graphml", R"(<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <graph edgedefault="undirected">
    <node id="a"/><node id="b"/><node id="c"/>
    <edge source="a" target="b"/><edge source="b" target="c"/><edge source="c" target="a"/>
  </graph>
</graphml>)");
  Network ring(Registry::builtin().build("file(" + (dir / "nx.graphml").string() + ")"));
  EXPECT_EQ(ring.num_nodes(), 3u);
  EXPECT_EQ(ring.num_links(), 3u);
  EXPECT_EQ(ring.label(0), "a");
  EXPECT_EQ(ring.kind(0), NodeKind::Router);

  write(dir / "star.dot", "graph G { hub [kind=switch]; a [kind=endpoint]; b [kind=endpoint]; hub -- a; hub -- b; }");
  Network star(Registry::builtin().build("file(" + (dir / "star.dot").string() + ")"));
  EXPECT_EQ(star.kind(*star.find_node("hub")), NodeKind::Switch);
  EXPECT_EQ(star.degree(*star.find_node("hub")), 2u);

  write(dir / "path.txt", "# a path\nx y\ny z  # trailing comment\n\n");
  Network path(Registry::builtin().build("file(" + (dir / "path.txt").string() + ")"));
  EXPECT_EQ(path.num_links(), 2u);
  write(dir / "arcs.edges", "x -> y\ny -> z\n");
  Network arcs(Registry::builtin().build("file(" + (dir / "arcs.edges").string() + ")"));
  EXPECT_TRUE(arcs.link(0).directed);
  fs::remove_all(dir);
}

TEST(FileIo, RelativeNamesResolveBesideTheClaimFile) {
  const fs::path dir = scratch_dir();
  write(dir / "tri.txt", "a b\nb c\nc a\n");
  auto t = Registry::builtin().build("file(tri.txt)", dir);
  EXPECT_EQ(t->node_count(), 3u);
  EXPECT_EQ(t->spec(), "file(tri.txt)");
  fs::remove_all(dir);
}

// A label that is not UTF-8 (a byte 0xff in an edge list) is written as U+FFFD
// in JSON output instead of aborting it (issue 21).
TEST(FileIo, LabelsThatAreNotUtf8StillExportAsJson) {
  const fs::path file = scratch_dir() / "latin1.edges";
  std::ofstream(file) << "a\xff b\nb c\n";
  const Network net(Registry::builtin().build("file(" + file.string() + ")"));
  std::ostringstream out;
  ASSERT_NO_THROW(export_network(out, net, ExportFormat::Json));
  const nlohmann::json j = nlohmann::json::parse(out.str());
  EXPECT_NE(j.dump().find("\xef\xbf\xbd"), std::string::npos) << "the byte becomes U+FFFD";
}

TEST(FileIo, MalformedFilesGiveOneClearError) {
  const fs::path dir = scratch_dir();
  const std::pair<const char*, const char*> cases[] = {
      {"bad.graphml", "<graphml><graph><node id=\"a\"/>"},              // truncated XML
      {"noid.graphml", "<graphml><graph><node/></graph></graphml>"},    // node without id
      {"dup.graphml", "<graphml><graph><node id=\"a\"/><node id=\"a\"/></graph></graphml>"},
      {"kind.dot", "graph { a [kind=toaster]; }"},
      {"syntax.dot", "graph { a -- ; }"},
      {"notdot.dot", "hello"},
      {"loop.txt", "a a\n"},
      {"three.txt", "a b c\n"},
      {"mixed.txt", "a b\nb -> c\n"},
      {"empty.txt", "# nothing\n"},
      {"noname.dot", "graph { \"\" -- a; }"},  // fuzz_export: an empty name cannot be written back
      {"port.dot", "graph { a -- b [tail_port=x]; }"},
      {"twice.dot", "graph { a -- b [tail_port=0]; a -- c [tail_port=0]; }"},
      {"bad.json", "{\"nodes\": 3}"},
      {"net.csv", "a,b"},
      // Out-of-range ports (issue 21): each once crashed every command or ran out of memory.
      {"minus.json", "{\"nodes\": [{\"id\": 0, \"label\": \"a\", \"kind\": \"router\", \"ports\": 1}, "
                     "{\"id\": 1, \"label\": \"b\", \"kind\": \"router\", \"ports\": 1}], "
                     "\"links\": [{\"a\": 0, \"b\": 1, \"pa\": -1, \"pb\": 0}]}"},
      {"huge.json", "{\"nodes\": [{\"id\": 0, \"label\": \"a\", \"kind\": \"router\", \"ports\": 100000000}], "
                    "\"links\": []}"},
      {"wrap.dot", "graph { a -- b [tail_port=4294967295]; }"},
      {"wrap.graphml", "<graphml><key id=\"hp\" for=\"edge\" attr.name=\"head_port\"/>"
                       "<graph><node id=\"a\"/><node id=\"b\"/>"
                       "<edge source=\"a\" target=\"b\"><data key=\"hp\">4294967295</data></edge>"
                       "</graph></graphml>"},
  };
  for (const auto& [name, text] : cases) {
    write(dir / name, text);
    try {
      Registry::builtin().build("file(" + (dir / name).string() + ")");
      ADD_FAILURE() << name << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << name << ": " << e.what();
      EXPECT_EQ(std::string(e.what()).find("<unspecified file>"), std::string::npos) << e.what();
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace menger
