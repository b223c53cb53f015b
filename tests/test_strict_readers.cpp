// Strict readers everywhere (issue 36, "Never a false verdict"): a reader
// refuses what it cannot read with one InputError naming the file (and the
// line, element or key where the format has one), never skips or silently
// defaults; what it reads by a choice the file did not make is a note.
//
// One test per class of input, each over every reader the class applies to:
//   * a UTF-8 byte-order mark before the first line (read_input_file drops it);
//   * numbers out of range; junk lines; a key written twice; an unknown key or
//     attribute (an error where Menger cannot tell what is meant, a note where
//     it can read on: models/file_formats.cpp lists which);
//   * a device (/dev/zero, through a link with the reader's extension) and a
//     directory where a file is expected;
//   * a file name holding a comma, named by a quoted spec string;
//   * lists in evidence that name one thing twice (a fan target, a pair, a
//     witness unit, a fault unit);
//   * what an exact (SAT) deadlock certificate states beside its proof (vcs,
//     escape_vcs, wormhole buffers), re-derived by the checker;
//   * the files evidence was computed from: recorded with digests, and a
//     changed or vanished file reported (verify/evidence_inputs.h);
//   * the routing table's streaming JSON reader: keys in any order, rows
//     before the header, memory in proportion to the rows.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "core/notes.h"
#include "io/export.h"
#include "models/families.h"
#include "models/infiniband_dumps.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "models/routing_table.h"
#include "setup/setup.h"
#include "tests/node_faults.h"
#include "tests/scratch_dir.h"
#include "tests/text_file.h"
#include "verify/tolerance/certificate.h"
#include "verify/deadlock/deadlock.h"
#include "verify/deadlock/deadlock_evidence.h"
#include "verify/deadlock/deadlock_exact.h"
#include "verify/deadlock/dependency_graph.h"
#include "verify/evidence_inputs.h"
#include "verify/route/route_search.h"
#include "verify/route/route_witness.h"
#include "verify/tolerance/tolerance.h"
#include "verify/tolerance/tolerance_engine.h"

namespace menger {
namespace {

namespace fs = std::filesystem;
using testing::ScratchDir;
using testing::slurp;
using testing::spill;

constexpr const char* kBom = "\xEF\xBB\xBF";

// The message of the InputError `read` throws ("" when it throws none).
template <class Read>
std::string error_of(Read&& read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REFUSED(read, ...)                                                      \
  do {                                                                                 \
    const std::string refused_message = error_of([&] { read; });                       \
    EXPECT_FALSE(refused_message.empty()) << #read << " was accepted";                 \
    for (const std::string& part : std::vector<std::string>{__VA_ARGS__})              \
      EXPECT_NE(refused_message.find(part), std::string::npos) << "'" << part << "' not in: " << refused_message; \
  } while (false)

// Collects the notes handed to the sink while it lives.
class NoteCatcher {
 public:
  NoteCatcher() {
    previous_ = set_note_sink([this](const std::string& n) { notes_.push_back(n); });
  }
  ~NoteCatcher() { set_note_sink(previous_); }
  NoteCatcher(const NoteCatcher&) = delete;
  NoteCatcher& operator=(const NoteCatcher&) = delete;
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  NoteSink previous_;
  std::vector<std::string> notes_;
};

bool any_holds(const std::vector<std::string>& notes, const std::string& part) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) { return n.find(part) != std::string::npos; });
}

std::string file_spec(const fs::path& p) { return "file(" + SpecValue::make_string(p.string()).to_string() + ")"; }

std::string exported(const std::string& spec, ExportFormat format) {
  std::ostringstream out;
  export_network(out, Network(Registry::builtin().build(spec)), format);
  return out.str();
}

// A table for mesh(3,3) written by the exporter: dimension order.
std::string mesh_table(bool csv) {
  const Network net(Registry::builtin().build("mesh(3,3)"));
  const auto dor = RoutingRegistry::builtin().build("dor", net);
  RoutingTable t;
  t.vcs = 1;
  t.network = net.spec();
  for (NodeId s = 0; s < net.num_nodes(); ++s)
    for (NodeId d = 0; d < net.num_nodes(); ++d) {
      if (s == d) continue;
      struct NoFaults final : FaultView {
        explicit NoFaults(const Network& n) : net_(n) {}
        const Network& network() const override { return net_; }
        bool node_faulty(NodeId) override { return false; }
        bool link_faulty(LinkId) override { return false; }
        bool faulty_nodes_at_least(std::span<const NodeId>, std::uint32_t k) override { return k == 0; }
        const Network& net_;
      } view(net);
      Hops h;
      dor->next(s, dor->start(s, d, view), d, view, h);
      t.rows.push_back(TableRow{s, d, TableRow::kAny, TableRow::kAny, h.front().port, 0, false});
    }
  std::ostringstream out;
  if (csv) write_routing_table_csv(out, t, net);
  else write_routing_table_json(out, t, net);
  return out.str();
}

// ---- a byte-order mark -------------------------------------------------------

TEST(StrictReaders, AByteOrderMarkBeforeTheFirstLineIsNotPartOfIt) {
  const ScratchDir dir("menger_strict_bom_");
  // Networks: every format reads the same with and without the mark.
  const std::pair<const char*, std::string> networks[] = {
      {"ring.edges", "a b\nb c\nc a\n"},
      {"ring.graphml", exported("torus(3)", ExportFormat::GraphML)},
      {"ring.dot", exported("torus(3)", ExportFormat::Dot)},
      {"ring.json", exported("torus(3)", ExportFormat::Json)},
  };
  for (const auto& [name, text] : networks) {
    SCOPED_TRACE(name);
    spill(dir.path() / name, text);
    spill(dir.path() / ("bom-" + std::string(name)), kBom + text);
    const Network plain(read_network_file(dir.path() / name, "file(plain)"));
    const Network marked(read_network_file(dir.path() / ("bom-" + std::string(name)), "file(marked)"));
    ASSERT_EQ(marked.num_nodes(), plain.num_nodes());
    for (NodeId v = 0; v < plain.num_nodes(); ++v) EXPECT_EQ(marked.label(v), plain.label(v));
    EXPECT_EQ(marked.num_links(), plain.num_links());
  }
  // Routing tables: the CSV's first line is its "# format:" line.
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  for (const bool csv : {false, true}) {
    const fs::path file = dir.path() / (csv ? "t.csv" : "t.json");
    spill(file, kBom + mesh_table(csv));
    EXPECT_EQ(read_routing_table(file, mesh).rows.size(), 72u) << file;
  }
  // InfiniBand dumps: a path-sls.txt whose first line is an entry.
  spill(dir.path() / "path-sls.txt", std::string(kBom) + "2 5 0\n2 8 1\n");
  EXPECT_EQ(read_path_sls(dir.path() / "path-sls.txt").size(), 2u);
}

// ---- numbers out of range -----------------------------------------------------

TEST(StrictReaders, NumbersOutOfRangeAreRefusedNotCut) {
  const ScratchDir dir("menger_strict_range_");
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  const std::string head = R"J({"format": "menger-routing-table", "version": 1, "vcs": 1, "routes": [)J";
  // 2^32 + 2 would be port 2 if cut to 32 bits.
  EXPECT_REFUSED(parse_routing_table(head + R"J({"node": "(0,0)", "dst": "(2,0)", "port": 4294967298, "vc": 0}]})J",
                                     false, "t.json", mesh),
                 "routing table t.json", "routes[0]", "field 'port' must be a whole number");
  EXPECT_REFUSED(parse_routing_table(head + R"J({"node": "(0,0)", "dst": "(2,0)", "port": -1, "vc": 0}]})J", false,
                                     "t.json", mesh),
                 "routes[0]", "port");
  EXPECT_REFUSED(parse_routing_table(R"J({"format": "menger-routing-table", "version": 1, "vcs": 5000, "routes": []})J",
                                     false, "t.json", mesh),
                 "vcs 5000 is out of range");
  EXPECT_REFUSED(parse_routing_table("# format: menger-routing-table\n# version: 1\n# vcs: 1\nnode,dst,port,vc\n"
                                     "\"(0,0)\",\"(2,0)\",99999999999,0\n",
                                     true, "t.csv", mesh),
                 "line 5", "port '99999999999' is not a whole number");
  // A JSON network with a port count beyond what a node may have, and a negative id.
  spill(dir.path() / "ports.json", R"J({"nodes": [{"id": 0, "label": "a", "kind": "router", "ports": 1099511627776}], "links": []})J");
  EXPECT_REFUSED(read_network_file(dir.path() / "ports.json", "file(ports.json)"), "ports.json", "nodes[0]", "ports");
  spill(dir.path() / "id.json", R"J({"nodes": [{"id": -3, "label": "a", "kind": "router", "ports": 1}], "links": []})J");
  EXPECT_REFUSED(read_network_file(dir.path() / "id.json", "file(id.json)"), "id.json", "nodes[0]", "field 'id'");
  // GraphML: a port beyond 32 bits.
  spill(dir.path() / "port.graphml", R"J(<graphml><key id="t" for="edge" attr.name="tail_port"/><graph edgedefault="undirected">
<node id="a"/><node id="b"/><edge source="a" target="b"><data key="t">4294967298</data></edge></graph></graphml>)J");
  EXPECT_REFUSED(read_network_file(dir.path() / "port.graphml", "file(port.graphml)"), "port.graphml",
                 "edge 'a' -> 'b'", "port '4294967298'");
  // InfiniBand: a LID beyond 16 bits, an SL beyond 15.
  spill(dir.path() / "path-sls.txt", "2 70000 0\n");
  EXPECT_REFUSED(read_path_sls(dir.path() / "path-sls.txt"), "path-sls.txt: line 1", "destination LID");
  spill(dir.path() / "path-sls.txt", "2 5 16\n");
  EXPECT_REFUSED(read_path_sls(dir.path() / "path-sls.txt"), "path-sls.txt: line 1", "an SL (at most 15)");
}

// ---- junk lines ------------------------------------------------------------------

TEST(StrictReaders, JunkLinesAreRefusedWithTheirLineNumber) {
  const ScratchDir dir("menger_strict_junk_");
  spill(dir.path() / "net.edges", "a b\nb c\nb c 7\n");
  EXPECT_REFUSED(read_network_file(dir.path() / "net.edges", "file(net.edges)"), "net.edges: line 3",
                 "expected 'a b' or 'a -> b'");
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  EXPECT_REFUSED(parse_routing_table("# format: menger-routing-table\n# version: 1\n# vcs: 1\nnode,dst,port,vc\n"
                                     "\"(0,0)\",\"(2,0)\",0,0,junk\n",
                                     true, "t.csv", mesh),
                 "line 5", "5 cells where the header has 4");
  EXPECT_REFUSED(parse_routing_table("# format: menger-routing-table\n# version: 1\n# vcs: 1\n# no colon here\n", true,
                                     "t.csv", mesh),
                 "line 4", "expected '# key: value'");
  // LFTs: text after the port that is not a comment.
  spill(dir.path() / "opensm-lfts.dump",
        "Unicast lids [0-3] of switch Lid 1 guid 0x0000000000200000 ('S'):\n0x0001 000 # self\n0x0002 001 junk\n");
  EXPECT_REFUSED(read_lfts(dir.path() / "opensm-lfts.dump"), "opensm-lfts.dump: line 3", "'junk' after the port");
  spill(dir.path() / "path-sls.txt", "2 5 0\n2 8 1 9\n");
  EXPECT_REFUSED(read_path_sls(dir.path() / "path-sls.txt"), "path-sls.txt: line 2", "expected 'SLID DLID SL'");
  spill(dir.path() / "opensm-sl2vl.dump", "Switch 0x0000000000200000, base LID 1, \"S\"\n0 1 : 0 1\n");
  EXPECT_REFUSED(read_sl2vl(dir.path() / "opensm-sl2vl.dump"), "opensm-sl2vl.dump: line 2", "expected 16 VLs");
}

// ---- a key written twice ---------------------------------------------------------

TEST(StrictReaders, AKeyWrittenTwiceIsRefused) {
  const ScratchDir dir("menger_strict_twice_");
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  // Routing tables: in the header, in a row, and a CSV "# key:" line.
  EXPECT_REFUSED(parse_routing_table(R"J({"format": "menger-routing-table", "version": 1, "vcs": 1, "vcs": 2, "routes": []})J",
                                     false, "t.json", mesh),
                 "routing table t.json", "\"vcs\" appears twice");
  EXPECT_REFUSED(parse_routing_table(R"J({"format": "menger-routing-table", "version": 1, "vcs": 1, "routes": [
                                        {"node": "(0,0)", "dst": "(1,0)", "port": 0, "port": 2, "vc": 0}]})J",
                                     false, "t.json", mesh),
                 "routes[0]", "\"port\" appears twice");
  EXPECT_REFUSED(parse_routing_table("# format: menger-routing-table\n# version: 1\n# vcs: 1\n# vcs: 2\nnode,dst,port,vc\n",
                                     true, "t.csv", mesh),
                 "line 4", "'# vcs:' is given twice");
  // A network file.
  spill(dir.path() / "twice.json",
        R"J({"nodes": [{"id": 0, "label": "a", "kind": "router", "kind": "switch", "ports": 1}], "links": []})J");
  EXPECT_REFUSED(read_network_file(dir.path() / "twice.json", "file(twice.json)"), "twice.json", "\"kind\" appears twice");
  // GraphML: one attribute given twice on one node, one attribute declared twice.
  spill(dir.path() / "twice.graphml", R"J(<graphml><key id="k" for="node" attr.name="kind"/><graph edgedefault="undirected">
<node id="a"><data key="k">switch</data><data key="k">endpoint</data></node></graph></graphml>)J");
  EXPECT_REFUSED(read_network_file(dir.path() / "twice.graphml", "file(twice.graphml)"), "twice.graphml", "node 'a'",
                 "attribute 'kind' is given twice");
  spill(dir.path() / "keys.graphml", R"J(<graphml><key id="k1" for="node" attr.name="kind"/>
<key id="k2" for="all" attr.name="kind"/><graph edgedefault="undirected"><node id="a"/></graph></graphml>)J");
  EXPECT_REFUSED(read_network_file(dir.path() / "keys.graphml", "file(keys.graphml)"), "keys.graphml",
                 "two <key>s declare the attribute 'kind' for nodes");
  // Evidence: the verbs parse with parse_json, which refuses the key.
  EXPECT_REFUSED(parse_json(R"J({"kind": "route-witness", "kind": "route-witness"})J", "witness w.json"), "witness w.json",
                 "\"kind\" appears twice");
  // InfiniBand: a LID with two LFT entries, an SL2VL row given twice.
  spill(dir.path() / "opensm-lfts.dump",
        "Unicast lids [0-3] of switch Lid 1 guid 0x0000000000200000 ('S'):\n0x0002 001 # a\n0x0002 002 # b\n");
  EXPECT_REFUSED(read_lfts(dir.path() / "opensm-lfts.dump"), "line 3", "LID 0x0002 has two entries");
  std::string sl2vl = "Switch 0x0000000000200000, base LID 1, \"S\"\n";
  for (int i = 0; i < 2; ++i) sl2vl += "0 1 : 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7\n";
  spill(dir.path() / "opensm-sl2vl.dump", sl2vl);
  EXPECT_REFUSED(read_sl2vl(dir.path() / "opensm-sl2vl.dump"), "line 3", "in port 0, out port 1 is given twice");
}

// ---- unknown keys and attributes ---------------------------------------------------

TEST(StrictReaders, UnknownKeysAreRefusedWhereMengerCannotTellWhatIsMeant) {
  const ScratchDir dir("menger_strict_unknown_");
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  EXPECT_REFUSED(parse_routing_table(R"J({"format": "menger-routing-table", "version": 1, "vcs": 1, "vc": 2, "routes": []})J",
                                     false, "t.json", mesh),
                 "unknown key \"vc\"");
  EXPECT_REFUSED(parse_routing_table(R"J({"format": "menger-routing-table", "version": 1, "vcs": 1, "routes": [
                                        {"node": "(0,0)", "dst": "(1,0)", "prot": 0, "vc": 0}]})J",
                                     false, "t.json", mesh),
                 "routes[0]", "unknown field 'prot'");
  spill(dir.path() / "net.json", R"J({"nodes": [{"id": 0, "label": "a", "kind": "router", "ports": 1, "type": "switch"}], "links": []})J");
  EXPECT_REFUSED(read_network_file(dir.path() / "net.json", "file(net.json)"), "net.json", "nodes[0]", "unknown key \"type\"");
  // Evidence: a tolerance certificate, deadlock evidence and a route witness.
  const auto cert = to_json(*flow_tolerance(*make_route_setup("torus(3,3)", "dor", "nodes").model).certificate);
  for (const char* where : {"", "faults", "witness"}) {
    nlohmann::json forged = cert;
    (*where ? forged[where] : forged)["note"] = "trust me";
    EXPECT_REFUSED(certificate_from_json(forged), "unknown key \"note\"");
  }
  RouteSetup s = make_route_setup("torus(4,4)", "duato-torus", "nodes");
  const DeadlockResult free = check_deadlock(*s.routing, *s.model, {});
  const nlohmann::json evidence = to_json(make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), free));
  for (const char* where : {"", "faults"}) {
    nlohmann::json forged = evidence;
    (*where ? forged[where] : forged)["checked"] = true;
    EXPECT_REFUSED(deadlock_evidence_from_json(forged), "unknown key \"checked\"");
  }
  nlohmann::json packets = evidence;  // a witness's field in a certificate
  packets["packets"] = nlohmann::json::array();
  EXPECT_REFUSED(deadlock_evidence_from_json(packets), "unknown key \"packets\"");
}

// NetworkX writes node attributes under the names the user chose: `type`
// where Menger reads `kind`.  Read as is, a fat tree becomes a direct network
// of routers (its switch-link tolerance 0 instead of 2): the reader says so.
TEST(StrictReaders, AttributesMengerDoesNotReadAndTheDefaultsItAppliesAreNotes) {
  const ScratchDir dir("menger_strict_notes_");
  std::string graphml = exported("kary_ntree(2,2)", ExportFormat::GraphML);
  for (auto at = graphml.find("attr.name=\"kind\""); at != std::string::npos; at = graphml.find("attr.name=\"kind\""))
    graphml.replace(at, 16, "attr.name=\"type\"");
  spill(dir.path() / "nx.graphml", graphml);
  NoteCatcher catcher;
  const Network net(Registry::builtin().build(file_spec(dir.path() / "nx.graphml")));
  for (NodeId v = 0; v < net.num_nodes(); ++v) EXPECT_EQ(net.kind(v), NodeKind::Router);
  EXPECT_TRUE(any_holds(catcher.notes(), "GraphML attribute 'type' (on nodes) is not one Menger reads")) << catcher.notes().size();
  EXPECT_TRUE(any_holds(catcher.notes(), "no node has a 'kind'"));
  EXPECT_TRUE(any_holds(catcher.notes(), "every node was taken as a router"));
  EXPECT_TRUE(any_holds(catcher.notes(), "nx.graphml"));  // each note names the file
  EXPECT_EQ(net.topology().notes().size(), 2u) << "the topology carries them too";
  // The file as Menger exports it reads without a note.
  spill(dir.path() / "own.graphml", exported("kary_ntree(2,2)", ExportFormat::GraphML));
  EXPECT_TRUE(Registry::builtin().build(file_spec(dir.path() / "own.graphml"))->notes().empty());

  // DOT: an attribute Menger does not read; an edge list: the defaults.
  spill(dir.path() / "g.dot", "graph { a [kind=switch, type=host]; b [kind=endpoint]; a -- b [weight=3]; }");
  const auto dot = Registry::builtin().build(file_spec(dir.path() / "g.dot"))->notes();
  EXPECT_TRUE(any_holds(dot, "DOT attribute 'type' (on nodes) is not one Menger reads"));
  EXPECT_TRUE(any_holds(dot, "DOT attribute 'weight' (on edges)"));
  EXPECT_TRUE(any_holds(dot, "2 of 2 link ends carry no port number"));
  spill(dir.path() / "g.edges", "a b\nb c\nb a\n");
  const auto edges = Registry::builtin().build(file_spec(dir.path() / "g.edges"))->notes();
  EXPECT_TRUE(any_holds(edges, "an edge list names no kinds: every node was taken as a router"));
  EXPECT_TRUE(any_holds(edges, "the first line 3, repeat a link of an earlier line"));
  // GraphML: a kind on some nodes only; no edgedefault; a key's <default> is applied, not noted.
  spill(dir.path() / "some.graphml", R"J(<graphml><key id="k" for="node" attr.name="kind"/><graph>
<node id="a"><data key="k">switch</data></node><node id="b"/><edge source="a" target="b"/></graph></graphml>)J");
  const auto some = Registry::builtin().build(file_spec(dir.path() / "some.graphml"))->notes();
  EXPECT_TRUE(any_holds(some, "1 of 2 nodes have no 'kind'"));
  EXPECT_TRUE(any_holds(some, "no edgedefault"));
  spill(dir.path() / "default.graphml", R"J(<graphml><key id="k" for="node" attr.name="kind"><default>switch</default></key>
<graph edgedefault="undirected"><node id="a"/><node id="b"><data key="k">endpoint</data></node>
<edge source="a" target="b"/></graph></graphml>)J");
  const Network defaulted(Registry::builtin().build(file_spec(dir.path() / "default.graphml")));
  EXPECT_EQ(defaulted.kind(0), NodeKind::Switch);
  EXPECT_EQ(defaulted.kind(1), NodeKind::Endpoint);
  EXPECT_FALSE(any_holds(defaulted.topology().notes(), "kind"));
  // An attribute Menger reads with a value it cannot read is an error, not a note.
  spill(dir.path() / "bad.graphml", R"J(<graphml><key id="k" for="node" attr.name="kind"/><graph edgedefault="undirected">
<node id="a"><data key="k">host</data></node></graph></graphml>)J");
  EXPECT_REFUSED(read_network_file(dir.path() / "bad.graphml", "file(bad.graphml)"), "bad.graphml", "node 'a'",
                 "node kind must be endpoint, switch or router, got 'host'");
  // What GraphML can say and Menger cannot represent is refused.
  const std::pair<const char*, const char*> unrepresentable[] = {
      {"<graph edgedefault=\"undirected\"><node id=\"a\"/></graph><graph edgedefault=\"undirected\"/>", "two <graph>"},
      {"<graph edgedefault=\"undirected\"><node id=\"a\"><graph/></node></graph>", "nested <graph>"},
      {"<graph edgedefault=\"undirected\"><hyperedge/></graph>", "<hyperedge>"},
      {"<graph edgedefault=\"undirected\"><node id=\"a\"><data key=\"nope\">1</data></node></graph>",
       "names no declared <key>"},
      {"<graph edgedefault=\"sideways\"/>", "must be directed or undirected"},
      {"<graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\" "
       "directed=\"yes\"/></graph>",
       "directed=\"yes\" must be true or false"},
      {"<graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\" "
       "sourceport=\"p\"/></graph>",
       "sourceport and targetport"},
  };
  for (const auto& [body, why] : unrepresentable) {
    spill(dir.path() / "x.graphml", std::string("<graphml>") + body + "</graphml>");
    EXPECT_REFUSED(read_network_file(dir.path() / "x.graphml", "file(x.graphml)"), "x.graphml", why);
  }
  // A note is emitted once per process, however often the network is built.
  NoteCatcher again;
  Registry::builtin().build(file_spec(dir.path() / "nx.graphml"));
  EXPECT_TRUE(again.notes().empty());
}

// ---- devices and directories ------------------------------------------------------

TEST(StrictReaders, DevicesAndDirectoriesAreRefusedBeforeAnythingIsRead) {
  const ScratchDir dir("menger_strict_devices_");
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  for (const char* ext : {".graphml", ".dot", ".json", ".edges", ".csv"}) {
    SCOPED_TRACE(ext);
    const fs::path zero = dir.path() / (std::string("zero") + ext), folder = dir.path() / (std::string("folder") + ext);
    fs::create_symlink("/dev/zero", zero);
    fs::create_directory(folder);
    if (std::string(ext) != ".csv") {
      EXPECT_REFUSED(read_network_file(zero, "file(zero)"), zero.string(), "is a device");
      EXPECT_REFUSED(read_network_file(folder, "file(folder)"), folder.string(), "is a directory");
    }
    if (std::string(ext) == ".json" || std::string(ext) == ".csv") {
      EXPECT_REFUSED(read_routing_table(zero, mesh), "routing table " + zero.string(), "is a device");
      EXPECT_REFUSED(read_routing_table(folder, mesh), "routing table " + folder.string(), "is a directory");
    }
  }
  // InfiniBand dump files.
  fs::create_symlink("/dev/zero", dir.path() / "opensm-lfts.dump");
  EXPECT_REFUSED(read_lfts(dir.path() / "opensm-lfts.dump"), "opensm-lfts.dump", "is a device");
  fs::create_directory(dir.path() / "path-sls.txt");
  EXPECT_REFUSED(read_path_sls(dir.path() / "path-sls.txt"), "path-sls.txt", "is a directory");
  // Certificates and witnesses are read by the verbs with read_input_file
  // (tests/cli_deadlock.cmake runs check-cert and replay on /dev/zero and a directory).
  EXPECT_REFUSED(read_input_file("/dev/zero", "certificate"), "certificate /dev/zero is a device");
  EXPECT_REFUSED(read_input_file(dir.path(), "witness"), "is a directory");
}

// ---- a file name with a comma --------------------------------------------------------

TEST(StrictReaders, AFileNameWithACommaIsNamedByAQuotedString) {
  const ScratchDir dir("menger_strict_comma_");
  const fs::path table = dir.path() / "a,b.json";
  spill(table, mesh_table(false));
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  const std::string spec = "table(file=" + SpecValue::make_string(table.string()).to_string() + ")";
  ASSERT_NE(spec.find('"'), std::string::npos) << spec;
  const auto routing = RoutingRegistry::builtin().build(spec, mesh);
  EXPECT_EQ(routing->spec(), spec) << "the canonical spec quotes the name again";
  EXPECT_NO_THROW(RoutingRegistry::builtin().build(routing->spec(), mesh));
  // Unquoted, the comma ends the parameter: one clear error, not another file.
  EXPECT_REFUSED(RoutingRegistry::builtin().build("table(file=" + table.string() + ")", mesh), "table");
  const fs::path net = dir.path() / "x,y.edges";
  spill(net, "a b\nb c\n");
  EXPECT_EQ(Registry::builtin().build(file_spec(net))->node_count(), 3u);
}

// ---- lists in evidence that name one thing twice ---------------------------------------

TEST(StrictReaders, EvidenceNamingOneThingTwiceIsRefused) {
  const RouteSetup s = make_route_setup("torus(4,4)", "dor", "nodes");
  const ToleranceCertificate good = *flow_tolerance(*s.model).certificate;
  ASSERT_TRUE(check_certificate(good).valid);
  ASSERT_FALSE(good.fan.empty());
  auto problem = [](const ToleranceCertificate& c) {
    const CheckReport r = check_certificate(c);
    return r.valid ? std::string() : r.problems.front();
  };
  ToleranceCertificate fan = good;  // "the fan lemma settles N more": one more
  fan.fan.push_back(fan.fan.front());
  EXPECT_NE(problem(fan).find("the fan lists"), std::string::npos) << problem(fan);
  EXPECT_NE(problem(fan).find("twice"), std::string::npos);
  ToleranceCertificate pair = good;  // "N pairs carry enough disjoint paths": one more
  pair.pairs.push_back(pair.pairs.front());
  EXPECT_NE(problem(pair).find("lists the pair"), std::string::npos) << problem(pair);
  ToleranceCertificate reversed = good;  // (t, s) is the pair (s, t) of an undirected network
  std::swap(reversed.pairs.back().source, reversed.pairs.back().target);
  reversed.pairs.push_back(good.pairs.back());
  EXPECT_NE(problem(reversed).find("lists the pair"), std::string::npos) << problem(reversed);
  ToleranceCertificate unit = good;  // a witness of weight 4 made of 3 units and one twice
  ASSERT_TRUE(unit.witness);
  unit.witness->units.back() = unit.witness->units.front();
  EXPECT_NE(problem(unit).find("the witness names unit"), std::string::npos) << problem(unit);
  // The fan entry survives the JSON round trip that check-cert makes.
  EXPECT_FALSE(check_certificate(certificate_from_json(to_json(fan))).valid);

  // A fault unit named twice in deadlock evidence and in a route witness.
  RouteSetup m = make_route_setup("mikant(3,3)", "mikant-x-turns", "switch-links");
  RouteCheckOptions o;
  o.k = 2;
  const RouteCheckResult r = route_check(*m.routing, *m.model, o);
  ASSERT_TRUE(r.failure);
  nlohmann::json w = to_json(make_witness(*m.routing, *m.model, *r.failure, 2 * m.net->num_nodes() + 16, false));
  ASSERT_FALSE(w["fault_set"].empty());
  w["fault_set"].push_back(w["fault_set"][0]);
  EXPECT_REFUSED(witness_from_json(w), "fault_set names the unit", "twice");
  const DeadlockResult free = check_deadlock(*s.routing, *s.model, {});
  nlohmann::json e = to_json(make_deadlock_evidence(*s.routing, *s.model, FaultSet(s.model->universe().size()), free));
  e["faults"]["set"] = {"(0,0)", "(0,0)"};
  EXPECT_REFUSED(deadlock_evidence_from_json(e), "faults.set names the unit", "twice");
}

// ---- what an exact certificate states beside its proof -----------------------------------

TEST(StrictReaders, ASatCertificatesVcsEscapeVcsAndBuffersAreRederived) {
  struct Case {
    const char *model, *routing, *fault;
    SwitchingModel switching;
  };
  for (const Case& k : {Case{"mesh(4)", "array-extra-channels", nullptr, {Switching::Wormhole, 1}},
                        Case{"torus(4,4)", "ft-torus(flow=bubble)", "(0,0)", {Switching::CutThrough, 2}}}) {
    SCOPED_TRACE(k.routing);
    const Switching switching = k.switching.switching;
    RouteSetup s = make_route_setup(k.model, k.routing, "nodes");
    const FaultSet f = k.fault ? faults_of(s, {k.fault}) : FaultSet(s.model->universe().size());
    // The exact check alone (as if Duato's condition had failed), SAT at once.
    DeadlockResult r;
    r.exact = decide_deadlock(explore(*s.routing, *s.model, &f, static_cast<std::uint32_t>(f.count())), {k.switching, 0});
    r.switching = k.switching;
    ASSERT_EQ(r.exact->status, ExactResult::Status::Free) << r.exact->reason;
    r.status = DeadlockResult::Status::Free;
    const nlohmann::json good = to_json(make_deadlock_evidence(*s.routing, *s.model, f, r));
    ASSERT_TRUE(good["exact"].contains("sat")) << good["exact"].dump().substr(0, 200);
    ASSERT_TRUE(check_deadlock_evidence(deadlock_evidence_from_json(good)).valid);
    auto refused = [&](nlohmann::json forged, const std::string& why) {
      const EvidenceCheck c = check_deadlock_evidence(deadlock_evidence_from_json(forged));
      ASSERT_FALSE(c.valid) << why;
      EXPECT_NE(c.problems.front().find(why), std::string::npos) << c.problems.front();
    };
    const std::uint32_t vcs = s.routing->vcs();
    nlohmann::json more = good;
    more["vcs"] = vcs + 1;
    refused(more, "the certificate says vcs = " + std::to_string(vcs + 1));
    nlohmann::json fewer = good;  // vcs and escape_vcs both cut to one VC
    fewer["vcs"] = 1;
    fewer["escape_vcs"] = {0};
    if (vcs > 1) refused(fewer, "the certificate says vcs = 1");
    if (vcs > 1) {
      nlohmann::json subset = good;
      subset["escape_vcs"] = {0};
      refused(subset, "proper subset of the VCs as escape_vcs");
    }
    if (switching == Switching::Wormhole) {
      nlohmann::json buffers = good;
      buffers["exact"]["buffers"] = 2;
      refused(buffers, "buffers must be 1, not 2");
    }
    nlohmann::json both = good;  // sat and a case tree: which one is the certificate?
    both["exact"]["cases"] = nlohmann::json::object();
    EXPECT_REFUSED(deadlock_evidence_from_json(both), "both sat and cases");
  }
}

// ---- the files evidence was computed from -------------------------------------------------

TEST(StrictReaders, EvidenceRecordsItsInputFilesAndAChangeIsReported) {
  const ScratchDir dir("menger_strict_inputs_");
  // A tolerance certificate of a network read from a file.
  const fs::path ring = dir.path() / "ring.edges";
  spill(ring, "a b\nb c\nc d\nd a\n");
  const Network net(Registry::builtin().build(file_spec(ring)));
  const FaultModel model(net, FaultModelSpec{UnitChoice::Nodes, default_pairs(net), {}, {}});
  const ToleranceOutcome o = solve_tolerance(model, {});
  ASSERT_TRUE(o.certificate);
  ASSERT_EQ(o.certificate->inputs.size(), 1u);
  EXPECT_EQ(o.certificate->inputs.begin()->first, ring.string());
  EXPECT_EQ(o.certificate->inputs.begin()->second, sha256_digest(slurp(ring)));
  const ToleranceCertificate back = certificate_from_json(to_json(*o.certificate));
  EXPECT_EQ(back.inputs, o.certificate->inputs);
  EXPECT_TRUE(changed_inputs(back.inputs).empty());
  EXPECT_TRUE(check_certificate(back).valid);
  // A route witness of a routing table: both files are recorded.
  const fs::path table = dir.path() / "dor.json";
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  spill(table, mesh_table(false));
  const auto routing = RoutingRegistry::builtin().build("table(file=" + SpecValue::make_string(table.string()).to_string() + ")", mesh);
  const FaultModel links(mesh, FaultModelSpec{UnitChoice::Links, default_pairs(mesh), {}, {}});
  RouteCheckOptions opt;
  opt.k = 1;
  const RouteCheckResult r = route_check(*routing, links, opt);
  ASSERT_TRUE(r.failure);
  const RouteWitness w = witness_from_json(to_json(make_witness(*routing, links, *r.failure, 64, false)));
  ASSERT_EQ(w.inputs.count(table.string()), 1u);
  EXPECT_TRUE(changed_inputs(w.inputs).empty());
  // The files change: one edited, one removed.
  spill(ring, "a b\nb c\nc a\n");
  fs::remove(table);
  const auto ring_changed = changed_inputs(back.inputs);
  ASSERT_EQ(ring_changed.size(), 1u);
  EXPECT_NE(ring_changed.front().find("has changed since the evidence was computed"), std::string::npos);
  const auto table_gone = changed_inputs(w.inputs);
  ASSERT_EQ(table_gone.size(), 1u);
  EXPECT_NE(table_gone.front().find("cannot be read now"), std::string::npos);
  // A digest that is not one is refused by the reader.
  nlohmann::json forged = to_json(*o.certificate);
  forged["inputs"][ring.string()] = "md5:0";
  EXPECT_REFUSED(certificate_from_json(forged), "must be \"sha256:\" and 64 hex digits");
}

// ---- the routing table's streaming reader -------------------------------------------------

TEST(StrictReaders, RoutingTableJsonIsReadAsAStreamInAnyKeyOrder) {
  const Network mesh(Registry::builtin().build("mesh(3,3)"));
  const std::string text = mesh_table(false);
  const RoutingTable ordered = parse_routing_table(text, false, "t.json", mesh);
  // The same table with the rows first and the header after them.
  const nlohmann::json j = nlohmann::json::parse(text);
  const std::string rows_first = "{\"routes\": " + j["routes"].dump() + ", \"vcs\": 1, \"network\": \"mesh(3,3)\", " +
                                 "\"version\": 1, \"format\": \"menger-routing-table\"}";
  const RoutingTable shuffled = parse_routing_table(rows_first, false, "t.json", mesh);
  ASSERT_EQ(shuffled.rows.size(), ordered.rows.size());
  for (std::size_t i = 0; i < ordered.rows.size(); ++i) {
    EXPECT_EQ(shuffled.rows[i].node, ordered.rows[i].node);
    EXPECT_EQ(shuffled.rows[i].port, ordered.rows[i].port);
  }
  // A network named after the rows is still checked.
  const std::string late_network = "{\"format\": \"menger-routing-table\", \"version\": 1, \"vcs\": 1, \"routes\": " +
                                   j["routes"].dump() + ", \"network\": \"mesh(4,4)\"}";
  EXPECT_REFUSED(parse_routing_table(late_network, false, "t.json", mesh), "written for mesh(4,4), not mesh(3,3)");
  // A row that is not an object, a value that is a list, text after the object.
  const std::string head = R"J({"format": "menger-routing-table", "version": 1, "vcs": 1, "routes": [)J";
  EXPECT_REFUSED(parse_routing_table(head + "{}]}", false, "t.json", mesh), "routes[0]", "missing field 'node'");
  EXPECT_REFUSED(parse_routing_table(head + "7]}", false, "t.json", mesh), "routes[0]: must be an object");
  EXPECT_REFUSED(parse_routing_table(head + R"J({"node": ["(0,0)"]}]})J", false, "t.json", mesh),
                 "field 'node' must be a single value");
  EXPECT_REFUSED(parse_routing_table(head + "]} {}", false, "t.json", mesh), "is not JSON");
  EXPECT_REFUSED(parse_routing_table(R"J({"format": "menger-routing-table", "version": 1, "vcs": 1})J", false, "t.json", mesh),
                 "field 'routes' must be an array of rows");
  EXPECT_REFUSED(parse_routing_table("[]", false, "t.json", mesh), "must be a JSON object");
}

}  // namespace
}  // namespace menger
