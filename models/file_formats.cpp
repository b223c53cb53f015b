// file(PATH): a network read from a file, format chosen by the extension.
//
// The file is read whole through read_input_file (core/input_file.h: a
// directory, a device or a file beyond the input limit is refused, a UTF-8
// byte-order mark is dropped, the digest is recorded; the topology carries it
// as Topology::input_files()).  What each reader reads:
//
//   .graphml .xml   GraphML.  <key id=.. for=.. attr.name=..> declares an
//                   attribute; Menger reads
//                     on nodes  label    text (default: the node's id)
//                               kind     endpoint | switch | router
//                               ports    a whole number: the node has at least
//                                        this many ports
//                               package  text: nodes of one package fail together
//                     on edges  tail_port, head_port  whole numbers: the port
//                                        the link takes at its source, target
//                               label    text
//                   A key declared for="all" (GraphML's default) serves both.
//                   A key's <default> applies to every element without the
//                   data, as GraphML says.  <graph edgedefault="directed" or
//                   "undirected">; <edge directed="true" or "false">
//                   overrides it.  <desc> and comments are skipped, and so are
//                   the attributes GraphML defines for parsers (id, parse.*).
//   .dot .gv        Graphviz DOT (graph or digraph), the same node and edge
//                   attribute names, and the node attribute index (node order,
//                   on every node or none: read_graphviz sorts by name); label
//                   and package are Graphviz escStrings: \\ is a backslash, \n
//                   a line break, \" a quote, any other backslash is kept.
//   .json           the JSON `menger export --format json` writes: the keys
//                   spec (not read: a file's spec names the file), nodes (id,
//                   label, kind, ports, package optional) and links (a, pa, b,
//                   pb; directed and label optional; id, as written, not read:
//                   links are numbered in the order listed).
//   .txt .edges .el .edgelist   an edge list: "a b" (bidirectional) or
//                   "a -> b" (directed) per line, '#' starts a comment.
//
// Errors (one InputError naming the file, and the line, element or field
// where the format has one): malformed syntax; an attribute Menger reads with
// a value it cannot read (a kind that is not endpoint, switch or router, a port
// that is not a whole number, an empty kind or port); a JSON key written twice
// or not listed above; GraphML that Menger cannot represent (two <graph>s,
// nested graphs, hyperedges, GraphML <port>s, an edge's sourceport or
// targetport), a <data> naming a key no <key> declares or declared for other
// elements, an attribute given twice on one element, two <key>s declaring one
// attribute for the same elements, an element GraphML does not define; a
// DOT index on some nodes only or twice the same; an edge-list line that is
// neither "a b" nor "a -> b", or mixing the two.
//
// Notes (Topology::notes(), core/notes.h; `menger` prints them on standard
// error as "menger: note: ...", Python turns them into warnings): what the
// file may mean otherwise than Menger reads it.
//   - an attribute Menger does not read (GraphML: per declared key; DOT: per
//     attribute name; XML attributes of <graph>, <node> and <edge>): "GraphML
//     attribute 'type' (on nodes) is not one Menger reads (label, kind,
//     ports, package): ignored" -- NetworkX writes `type` where Menger reads
//     `kind`, and the network then comes out direct;
//   - a default that changes the network: nodes without a kind taken as
//     routers ("no node has a 'kind' ...: every node was taken as a router");
//     GraphML without edgedefault taken as undirected; JSON links without
//     "directed" taken as bidirectional; an edge list's nodes are all routers;
//     an edge-list line repeating an earlier link (a second, parallel link);
//   - link ends without a port number, numbered in order of appearance
//     (models/explicit_graph.h).
// Defaults that change nothing a question asks are not notes: a missing label
// is the node's id, a missing link label the default label, a node without a
// package its own component.
//
// GraphML is read with Boost.PropertyTree's XML parser rather than Boost.Graph's
// read_graphml, because read_graphml discards the file's node ids, which are the
// only names most GraphML files (NetworkX's, for one) give their nodes.  DOT is
// read with Boost.Graph's read_graphviz.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <typeinfo>

#include "core/budget.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "core/text.h"
#include "models/explicit_graph.h"
#include "models/families.h"

namespace menger {

namespace fs = std::filesystem;

namespace {

constexpr const char* kNodeAttrs[] = {"label", "kind", "ports", "package"};
constexpr const char* kEdgeAttrs[] = {"tail_port", "head_port", "label"};

template <std::size_t N>
bool listed(const char* const (&names)[N], std::string_view name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

template <std::size_t N>
std::string list_text(const char* const (&names)[N]) {
  std::string out;
  for (const char* n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

std::optional<PortId> port_attr(const std::string& text, const std::string& where) {
  if (text.empty()) return std::nullopt;
  PortId p = 0;
  auto r = std::from_chars(text.data(), text.data() + text.size(), p);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size())
    throw InputError(where + ": port '" + excerpt(text) + "' is not a non-negative integer");
  return p;
}

void apply_node_attrs(GraphBuilder& b, NodeId v, const std::string& ports, const std::string& package,
                      const std::string& where) {
  if (auto p = port_attr(ports, where)) b.set_port_count(v, *p);
  if (!package.empty()) b.set_package(v, package);
}

// The note for nodes without a kind, if any: `missing` of `total` nodes.
void note_missing_kinds(GraphBuilder& b, std::size_t missing, std::size_t total) {
  if (missing == 0) return;
  if (missing == total)
    b.note("no node has a 'kind' (endpoint, switch or router): every node was taken as a router, "
           "which makes the network a direct one");
  else
    b.note(std::to_string(missing) + " of " + std::to_string(total) +
           " nodes have no 'kind' (endpoint, switch or router): they were taken as routers");
}

// ---- GraphML -------------------------------------------------------------

namespace pt = boost::property_tree;

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  return first == std::string::npos ? std::string() : s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

std::string xml_attr(const pt::ptree& element, const std::string& name) {
  // "attr.name" holds ptree's default separator '.': use a '/' path
  return element.get<std::string>(pt::ptree::path_type("<xmlattr>/" + name, '/'), "");
}

bool has_xml_attr(const pt::ptree& element, const std::string& name) {
  return static_cast<bool>(element.get_child_optional(pt::ptree::path_type("<xmlattr>/" + name, '/')));
}

// Children every GraphML element may have without meaning anything here.
bool skipped_child(const std::string& tag) { return tag == "<xmlattr>" || tag == "<xmlcomment>" || tag == "desc"; }

bool has_elements(const pt::ptree& element) {
  return std::any_of(element.begin(), element.end(),
                     [](const auto& c) { return c.first != "<xmlattr>" && c.first != "<xmlcomment>"; });
}

struct GraphmlKey {
  std::string name;    // attr.name
  std::string domain;  // for=
  std::optional<std::string> fallback;  // <default>
  bool serves(std::string_view element) const { return domain == element || domain == "all"; }
};

std::string domain_words(const std::string& domain) {
  if (domain == "node") return "on nodes";
  if (domain == "edge") return "on edges";
  if (domain == "all") return "on every element";
  return "on " + domain + " elements";
}

class GraphmlReader {
 public:
  GraphmlReader(GraphBuilder& b, std::string where) : b_(b), where_(std::move(where)) {}

  void read(const std::string& text) {
    pt::ptree doc;
    try {
      std::istringstream in(text);
      // Not trim_whitespace: it also collapses runs of spaces inside labels.
      pt::read_xml(in, doc, 0);
    } catch (const pt::xml_parser_error& e) {  // what() names "<unspecified file>": the stream has no name
      throw InputError(where_ + ": line " + std::to_string(e.line()) + ": " + e.message());
    }
    for (const auto& [tag, child] : doc)
      if (tag != "graphml" && tag != "<xmlcomment>") fail("the document's element is <" + tag + ">, not <graphml>");
    const pt::ptree* root = doc.get_child_optional("graphml").get_ptr();
    if (!root) fail("no <graphml> element");
    const pt::ptree* graph = nullptr;
    for (const auto& [tag, child] : *root) {
      if (tag == "key") read_key(child);
      else if (tag == "graph") {
        if (graph) fail("holds two <graph> elements; Menger reads one network per file");
        graph = &child;
      } else if (tag != "data" && !skipped_child(tag)) {
        fail("<" + tag + "> is not an element of <graphml>");
      }
    }
    if (!graph) fail("no <graph> element");
    read_graph(*graph);
  }

 private:
  GraphBuilder& b_;
  std::string where_;
  std::map<std::string, GraphmlKey> keys_;  // by id
  std::set<std::pair<std::string, std::string>> declared_;  // (domain, name) of keys Menger reads

  [[noreturn]] void fail(const std::string& what) const { throw InputError(where_ + ": " + what); }

  void read_key(const pt::ptree& k) {
    const std::string id = xml_attr(k, "id");
    if (id.empty()) fail("a <key> has no id");
    GraphmlKey key{xml_attr(k, "attr.name"), has_xml_attr(k, "for") ? xml_attr(k, "for") : "all", std::nullopt};
    static const char* const kDomains[] = {"graphml", "graph", "node", "edge", "hyperedge", "port", "endpoint", "all"};
    if (!listed(kDomains, key.domain))
      fail("<key id=\"" + excerpt(id) + "\"> is for '" + excerpt(key.domain) + "', which is no GraphML element");
    for (const auto& [tag, child] : k) {
      if (tag == "default") {
        if (has_elements(child)) fail("the <default> of key '" + excerpt(id) + "' holds elements, not text");
        key.fallback = child.get_value<std::string>();
      } else if (!skipped_child(tag)) {
        fail("<" + tag + "> is not an element of <key>");
      }
    }
    const bool node = key.serves("node") && listed(kNodeAttrs, key.name);
    const bool edge = key.serves("edge") && listed(kEdgeAttrs, key.name);
    for (const auto& [read, domain] : {std::pair{node, "node"}, std::pair{edge, "edge"}})
      if (read && !declared_.emplace(domain, key.name).second)
        fail("two <key>s declare the attribute '" + key.name + "' for " + domain + "s");
    if (key.name.empty())
      b_.note("GraphML key '" + excerpt(id) + "' (" + domain_words(key.domain) +
              ") names no attribute (attr.name): its data is ignored");
    else if (!node && !edge)
      b_.note("GraphML attribute '" + excerpt(key.name) + "' (" + domain_words(key.domain) +
              ") is not one Menger reads (nodes: " + list_text(kNodeAttrs) + "; edges: " + list_text(kEdgeAttrs) +
              "): ignored");
    if (!keys_.emplace(id, std::move(key)).second) fail("two <key>s have the id '" + excerpt(id) + "'");
  }

  // The attributes Menger reads of `element` (a node, edge or graph), with the
  // keys' defaults where it has no data; `who` names it in errors.
  std::map<std::string, std::string> data(const pt::ptree& element, std::string_view domain, const std::string& who) {
    std::map<std::string, std::string> out;
    for (const auto& [tag, child] : element) {
      if (tag != "data") continue;
      const std::string id = xml_attr(child, "key");
      const auto it = keys_.find(id);
      if (it == keys_.end()) fail(who + ": <data key=\"" + excerpt(id) + "\"> names no declared <key>");
      const GraphmlKey& key = it->second;
      if (!key.serves(domain))
        fail(who + ": <data key=\"" + excerpt(id) + "\"> is declared for " + key.domain + " elements");
      const bool read = domain == "node" ? listed(kNodeAttrs, key.name)
                                         : domain == "edge" && listed(kEdgeAttrs, key.name);
      if (!read) continue;  // noted with its key
      if (has_elements(child)) fail(who + ": attribute '" + key.name + "' holds XML elements, not text");
      if (!out.emplace(key.name, child.get_value<std::string>()).second)
        fail(who + ": attribute '" + key.name + "' is given twice");
    }
    for (const auto& [id, key] : keys_)
      if (key.fallback && key.serves(domain)) out.emplace(key.name, *key.fallback);
    for (auto& [name, value] : out) {
      // Labels and packages are text, kept as written; a kind or a port
      // number may stand between the indentation of a pretty-printer.
      if (name == "label" || name == "package") continue;
      value = trimmed(value);
      if (value.empty()) fail(who + ": attribute '" + name + "' is empty");
    }
    return out;
  }

  // Notes the XML attributes of `element` outside `read` and GraphML's parse.* hints.
  template <std::size_t N>
  void note_xml_attrs(const pt::ptree& element, const char* const (&read)[N], const std::string& what) {
    const auto attrs = element.get_child_optional("<xmlattr>");
    if (!attrs) return;
    for (const auto& [name, value] : *attrs)
      if (!listed(read, name) && name.rfind("parse.", 0) != 0)
        b_.note("GraphML " + what + " attribute '" + excerpt(name) + "' is not one Menger reads: ignored");
  }

  void check_children(const pt::ptree& element, const std::string& who) {
    for (const auto& [tag, child] : element) {
      if (tag == "data" || skipped_child(tag)) continue;
      if (tag == "graph") fail(who + " holds a nested <graph>, which Menger cannot represent");
      if (tag == "port")
        fail(who + " declares a GraphML <port>, which Menger does not read (its ports are the edge attributes "
                   "tail_port and head_port)");
      fail(who + ": <" + tag + "> is not an element Menger reads there");
    }
  }

  void read_graph(const pt::ptree& graph) {
    static const char* const kGraphXml[] = {"id", "edgedefault"};
    static const char* const kNodeXml[] = {"id"};
    static const char* const kEdgeXml[] = {"id", "source", "target", "directed"};
    note_xml_attrs(graph, kGraphXml, "<graph>");
    const bool has_default = has_xml_attr(graph, "edgedefault");
    const std::string edgedefault = xml_attr(graph, "edgedefault");
    if (has_default && edgedefault != "directed" && edgedefault != "undirected")
      fail("<graph edgedefault=\"" + excerpt(edgedefault) + "\"> must be directed or undirected");
    for (const auto& [tag, child] : graph)
      if (tag != "node" && tag != "edge" && tag != "data" && !skipped_child(tag))
        fail(tag == "hyperedge" ? "holds a <hyperedge>, which Menger cannot represent"
                                : "<" + tag + "> is not an element of <graph>");
    std::size_t nodes = 0, kindless = 0;
    for (const auto& [tag, child] : graph) {
      if (tag != "node") continue;
      const std::string id = xml_attr(child, "id");
      if (id.empty()) fail("a <node> has no id");
      const std::string who = "node '" + excerpt(id) + "'";
      check_children(child, who);
      note_xml_attrs(child, kNodeXml, "<node>");
      auto d = data(child, "node", who);
      ++nodes;
      kindless += !d.count("kind");
      const NodeId v = b_.add_node(id, d["label"], d.count("kind") ? parse_node_kind(d["kind"], where_ + ": " + who)
                                                                   : NodeKind::Router);
      apply_node_attrs(b_, v, d["ports"], d["package"], where_ + ": " + who);
    }
    std::size_t undirected_by_default = 0;
    for (const auto& [tag, child] : graph) {
      if (tag != "edge") continue;
      const std::string s = xml_attr(child, "source"), t = xml_attr(child, "target");
      if (s.empty() || t.empty()) fail("an <edge> lacks source or target");
      const std::string who = "edge '" + excerpt(s) + "' -> '" + excerpt(t) + "'";
      if (has_xml_attr(child, "sourceport") || has_xml_attr(child, "targetport"))
        fail(who + ": sourceport and targetport name GraphML <port>s, which Menger does not read (give the "
                   "attributes tail_port and head_port)");
      check_children(child, who);
      note_xml_attrs(child, kEdgeXml, "<edge>");
      auto d = data(child, "edge", who);
      bool directed = edgedefault == "directed";
      if (has_xml_attr(child, "directed")) {
        const std::string dir = xml_attr(child, "directed");
        if (dir != "true" && dir != "false") fail(who + ": directed=\"" + excerpt(dir) + "\" must be true or false");
        directed = dir == "true";
      } else if (!has_default) {
        ++undirected_by_default;
      }
      b_.add_link(b_.node(s), port_attr(d["tail_port"], where_ + ": " + who), b_.node(t),
                  port_attr(d["head_port"], where_ + ": " + who), directed, d["label"]);
    }
    note_missing_kinds(b_, kindless, nodes);
    if (undirected_by_default)
      b_.note("the <graph> has no edgedefault: " + std::to_string(undirected_by_default) +
              " edge(s) without directed= were taken as undirected links");
  }
};

// ---- DOT -----------------------------------------------------------------

struct DotVertex {
  std::string node_id, label, kind, ports, package, index;
};
struct DotEdge {
  std::string tail_port, head_port, label;
};

// Whether the DOT text declares a digraph: its first keyword after "strict".
bool dot_is_directed(const std::string& text, const std::string& where) {
  std::istringstream words(text);
  std::string w;
  while (words >> w) {
    if (w.rfind("//", 0) == 0 || w.rfind("#", 0) == 0) {
      std::getline(words, w);
      continue;
    }
    for (auto& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (w == "strict") continue;
    if (w.rfind("digraph", 0) == 0) return true;
    if (w.rfind("graph", 0) == 0) return false;
    break;
  }
  throw InputError(where + ": a DOT file starts with 'graph' or 'digraph'");
}

// DOT's quoted strings escape only the quote (read_graphviz undoes \" and drops
// a backslash before a line break), so a label ending in a backslash or holding
// one before a line break could not be written at all; label and package are
// therefore read as Graphviz escStrings (`label` is one in Graphviz), the
// encoding `menger export` writes (io/export.cpp), left to right.
std::string dot_unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '\\' || s[i + 1] == 'n')) {
      out += s[++i] == 'n' ? '\n' : '\\';
      continue;
    }
    out += s[i];
  }
  return out;
}

template <class Directedness>
void read_dot_as(const std::string& text, GraphBuilder& b, const std::string& where, bool directed) {
  using G = boost::adjacency_list<boost::vecS, boost::vecS, Directedness, DotVertex, DotEdge>;
  using Vertex = typename boost::graph_traits<G>::vertex_descriptor;
  using Edge = typename boost::graph_traits<G>::edge_descriptor;
  G g;
  // Attributes Menger does not read, by the element they were given on:
  // read_graphviz asks this generator for a property map it has not been
  // given, and a null map means "ignore the value".
  std::set<std::pair<std::string, std::string>> unread;
  boost::dynamic_properties dp([&](const std::string& name, const boost::any& key, const boost::any&) {
    const std::string on = key.type() == typeid(Vertex) ? "on nodes" : key.type() == typeid(Edge) ? "on edges" : "on the graph";
    unread.emplace(on, name);
    return boost::shared_ptr<boost::dynamic_property_map>();
  });
  dp.property("node_id", boost::get(&DotVertex::node_id, g));
  dp.property("label", boost::get(&DotVertex::label, g));
  dp.property("kind", boost::get(&DotVertex::kind, g));
  dp.property("ports", boost::get(&DotVertex::ports, g));
  dp.property("package", boost::get(&DotVertex::package, g));
  dp.property("index", boost::get(&DotVertex::index, g));
  dp.property("tail_port", boost::get(&DotEdge::tail_port, g));
  dp.property("head_port", boost::get(&DotEdge::head_port, g));
  dp.property("label", boost::get(&DotEdge::label, g));
  std::istringstream in(text);
  if (!boost::read_graphviz(in, g, dp, "node_id")) throw InputError(where + ": not a readable DOT graph");
  for (const auto& [on, name] : unread)
    b.note("DOT attribute '" + excerpt(name) + "' (" + on + ") is not one Menger reads (nodes: " +
           list_text(kNodeAttrs) + ", index; edges: " + list_text(kEdgeAttrs) + "): ignored");
  // read_graphviz orders vertices by name, not by appearance; `menger export`
  // writes each node's index so that its own files read back in order.
  std::vector<std::size_t> order(boost::num_vertices(g));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto indexed = std::count_if(order.begin(), order.end(), [&](std::size_t v) { return !g[v].index.empty(); });
  if (indexed != 0 && static_cast<std::size_t>(indexed) != order.size())
    throw InputError(where + ": " + std::to_string(indexed) + " of " + std::to_string(order.size()) +
                     " nodes have an index; the order is given on every node or none");
  if (indexed) {
    std::vector<std::size_t> at(order.size());
    std::set<std::size_t> seen;
    for (std::size_t v : order) {
      at[v] = *port_attr(g[v].index, where + ": node '" + excerpt(g[v].node_id) + "' index");
      if (!seen.insert(at[v]).second)
        throw InputError(where + ": two nodes have the index " + std::to_string(at[v]));
    }
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return at[x] < at[y]; });
  }
  std::vector<NodeId> id(boost::num_vertices(g));
  std::size_t kindless = 0;
  for (std::size_t v : order) {
    const DotVertex& x = g[v];
    const std::string who = where + ": node '" + excerpt(x.node_id) + "'";
    kindless += x.kind.empty();
    id[v] = b.add_node(x.node_id, dot_unescape(x.label), x.kind.empty() ? NodeKind::Router : parse_node_kind(x.kind, who));
    apply_node_attrs(b, id[v], x.ports, dot_unescape(x.package), who);
  }
  for (auto e : boost::make_iterator_range(boost::edges(g)))
    b.add_link(id[boost::source(e, g)], port_attr(g[e].tail_port, where), id[boost::target(e, g)],
               port_attr(g[e].head_port, where), directed, dot_unescape(g[e].label));
  note_missing_kinds(b, kindless, order.size());
}

void read_dot(const std::string& text, GraphBuilder& b, const std::string& where) {
  if (dot_is_directed(text, where)) read_dot_as<boost::directedS>(text, b, where, true);
  else read_dot_as<boost::undirectedS>(text, b, where, false);
}

// ---- JSON (menger export) ---------------------------------------------------

// A field of a JSON network file, with its type and range checked; errors name
// the file and the element (`at`, e.g. "nodes[3]").
template <class T>
T field(const nlohmann::json& j, const std::string& key, const std::string& at) {
  try {
    return json_at<T>(j, key);
  } catch (const InputError& e) {
    throw InputError(at + ": " + e.what());
  }
}

const nlohmann::json& list_of(const nlohmann::json& j, const char* key, const std::string& where) {
  if (!j.contains(key)) throw InputError(where + ": expected the keys nodes and links");
  if (!j[key].is_array()) throw InputError(where + ": field '" + key + "' must be a list");
  return j[key];
}

void read_json(const std::string& text, GraphBuilder& b, const std::string& where) {
  const nlohmann::json j = parse_json(text, where, b.budget());
  if (!j.is_object()) throw InputError(where + ": expected a JSON object with the keys nodes and links");
  require_keys(j, {"spec", "nodes", "links"}, where);
  if (j.contains("spec")) (void)field<std::string>(j, "spec", where);
  const auto& nodes = list_of(j, "nodes", where);
  const auto& links = list_of(j, "links", where);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& n = nodes[i];
    const std::string at = where + ": nodes[" + std::to_string(i) + "]";
    if (!n.is_object()) throw InputError(at + " must be an object");
    require_keys(n, {"id", "label", "kind", "ports", "package"}, at);
    const NodeId v = b.add_node(std::to_string(field<std::uint64_t>(n, "id", at)), field<std::string>(n, "label", at),
                                parse_node_kind(field<std::string>(n, "kind", at), at));
    b.set_port_count(v, field<PortId>(n, "ports", at));
    if (n.contains("package")) b.set_package(v, field<std::string>(n, "package", at));
  }
  std::size_t undirected_by_default = 0;
  for (std::size_t i = 0; i < links.size(); ++i) {
    const auto& l = links[i];
    const std::string at = where + ": links[" + std::to_string(i) + "]";
    if (!l.is_object()) throw InputError(at + " must be an object");
    require_keys(l, {"id", "a", "pa", "b", "pb", "directed", "label"}, at);
    if (l.contains("id")) (void)field<std::uint64_t>(l, "id", at);
    const auto end = [&](const char* k) {
      const std::string name = std::to_string(field<std::uint64_t>(l, k, at));
      if (!b.has_node(name)) throw InputError(at + ": field '" + k + "' names node " + name + ", which is not listed");
      return b.node(name);
    };
    undirected_by_default += !l.contains("directed");
    b.add_link(end("a"), field<PortId>(l, "pa", at), end("b"), field<PortId>(l, "pb", at),
               l.contains("directed") ? field<bool>(l, "directed", at) : false,
               l.contains("label") ? field<std::string>(l, "label", at) : std::string());
  }
  if (undirected_by_default)
    b.note(std::to_string(undirected_by_default) + " link(s) without \"directed\" were taken as bidirectional");
}

// ---- edge list -----------------------------------------------------------

void read_edge_list(const std::string& text, GraphBuilder& b, const std::string& where) {
  std::istringstream in(text);
  std::string line;
  std::size_t number = 0;
  std::optional<bool> directed;
  std::map<std::pair<std::string, std::string>, std::size_t> first_line;  // link (ends sorted unless directed)
  std::size_t repeats = 0, first_repeat = 0;
  while (std::getline(in, line)) {
    ++number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    if (w.empty()) continue;
    const bool arrow = w.size() == 3 && w[1] == "->";
    if (!(w.size() == 2 || arrow))
      throw InputError(where + ": line " + std::to_string(number) + ": expected 'a b' or 'a -> b', got '" +
                       excerpt(line) + "'");
    if (directed && *directed != arrow)
      throw InputError(where + ": line " + std::to_string(number) + ": mixes 'a b' and 'a -> b' links");
    directed = arrow;
    auto key = std::pair{w[0], w.back()};
    if (!arrow && key.second < key.first) std::swap(key.first, key.second);
    if (auto [it, fresh] = first_line.emplace(key, number); !fresh && repeats++ == 0) first_repeat = number;
    b.add_link(b.node(w[0]), std::nullopt, b.node(w.back()), std::nullopt, arrow);
  }
  if (b.num_nodes() == 0) throw InputError(where + ": no links");
  b.note("an edge list names no kinds: every node was taken as a router, which makes the network a direct one "
         "(GraphML, DOT and JSON files can give each node a kind)");
  if (repeats)
    b.note(std::to_string(repeats) + " line(s), the first line " + std::to_string(first_repeat) +
           ", repeat a link of an earlier line: each was taken as another, parallel link");
}

}  // namespace

std::shared_ptr<const Topology> read_network_file(const fs::path& path, const std::string& spec,
                                                  const Budget& budget) {
  const std::string where = "file " + path.string();
  std::string ext = path.extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const char* const kExtensions[] = {".graphml", ".xml", ".dot", ".gv", ".json", ".txt", ".edges", ".el", ".edgelist"};
  if (!listed(kExtensions, ext))
    throw InputError(where + ": unknown format '" + ext +
                     "' (expected .graphml, .xml, .dot, .gv, .json, .txt, .edges, .el or .edgelist)");
  const InputFile in = read_input_file(path, "file", budget);
  GraphBuilder b(where, budget);
  b.add_input({path.string(), in.digest});
  try {
    if (ext == ".graphml" || ext == ".xml") GraphmlReader(b, where).read(in.text);
    else if (ext == ".dot" || ext == ".gv") read_dot(in.text, b, where);
    else if (ext == ".json") read_json(in.text, b, where);
    else read_edge_list(in.text, b, where);
  } catch (const InputError&) {
    throw;
  } catch (const BudgetExhausted&) {  // not a parse error: the verb reports UNKNOWN
    throw;
  } catch (const std::exception& e) {  // XML, DOT and JSON parsers report their own errors
    throw InputError(where + ": " + e.what());
  }
  return b.build(spec);
}

Family file_family() {
  Family f;
  f.name = "file";
  f.summary = "a network read from GraphML, DOT, JSON (menger export) or an edge list";
  f.source = "user input";
  f.params = {ParamSpec::text("path", "file name; relative names resolve beside the claim file")};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    return read_network_file(p.file("path"), "file(" + SpecValue::make_string(p.word("path")).to_string() + ")",
                             p.budget());
  };
  return f;
}

}  // namespace menger
