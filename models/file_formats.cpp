// file(PATH): a network read from a file, format chosen by the extension.
//
//   .graphml .xml       GraphML: node data keys label, kind, ports, package;
//                       edge data tail_port, head_port, label; edgedefault or a per-edge
//                       directed="true" makes a link directed
//   .dot .gv            Graphviz DOT (graph or digraph), same attribute names, and
//                       node attribute index (node order; read_graphviz sorts by name);
//                       label and package are Graphviz escStrings: \\ is a backslash,
//                       \n a line break, \" a quote, any other backslash is kept
//   .json               the JSON that `menger export --format json` writes
//   .txt .edges .el     an edge list: "a b" (bidirectional) or "a -> b" (directed)
//                       per line, '#' starts a comment; every node is a router
// Missing kinds default to router (a direct network); missing labels to the
// file's node id.  Any malformed input is one InputError naming the file.
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
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/deadline.h"
#include "core/error.h"
#include "core/json_io.h"
#include "models/explicit_graph.h"
#include "models/families.h"

namespace menger {

namespace fs = std::filesystem;

namespace {

std::optional<PortId> port_attr(const std::string& text, const std::string& where) {
  if (text.empty()) return std::nullopt;
  PortId p = 0;
  auto r = std::from_chars(text.data(), text.data() + text.size(), p);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size())
    throw InputError(where + ": port '" + text + "' is not a non-negative integer");
  return p;
}

void apply_node_attrs(GraphBuilder& b, NodeId v, const std::string& ports, const std::string& package,
                      const std::string& where) {
  if (auto p = port_attr(ports, where)) b.set_port_count(v, *p);
  if (!package.empty()) b.set_package(v, package);
}

// ---- GraphML -------------------------------------------------------------

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  return first == std::string::npos ? std::string() : s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

void read_graphml(std::istream& in, GraphBuilder& b, const std::string& where) {
  namespace pt = boost::property_tree;
  pt::ptree doc;
  try {
    // Not trim_whitespace: it also collapses runs of spaces inside labels.
    pt::read_xml(in, doc, 0);
  } catch (const pt::xml_parser_error& e) {  // what() names "<unspecified file>": the stream has no name
    throw InputError(where + ": line " + std::to_string(e.line()) + ": " + e.message());
  }
  const pt::ptree* root = doc.get_child_optional("graphml").get_ptr();
  if (!root) throw InputError(where + ": no <graphml> element");
  std::map<std::string, std::string> key_name;  // key id -> attr.name
  for (const auto& [tag, child] : *root)
    if (tag == "key")  // "attr.name" holds ptree's default separator '.': use a '/' path
      key_name[child.get<std::string>("<xmlattr>.id", "")] =
          child.get<std::string>(pt::ptree::path_type("<xmlattr>/attr.name", '/'), "");
  const pt::ptree* graph = root->get_child_optional("graph").get_ptr();
  if (!graph) throw InputError(where + ": no <graph> element");
  const bool directed_default = graph->get<std::string>("<xmlattr>.edgedefault", "undirected") == "directed";
  auto data = [&](const pt::ptree& element) {
    std::map<std::string, std::string> out;
    for (const auto& [tag, child] : element)
      if (tag == "data") {
        const std::string& name = key_name[child.get<std::string>("<xmlattr>.key", "")];
        std::string value = child.get_value<std::string>();
        // Labels and packages are text, kept as written; a kind or a port
        // number may stand between the indentation of a pretty-printer.
        out[name] = name == "label" || name == "package" ? value : trimmed(value);
      }
    return out;
  };
  for (const auto& [tag, child] : *graph) {
    if (tag != "node") continue;
    auto d = data(child);
    const std::string id = child.get<std::string>("<xmlattr>.id", "");
    if (id.empty()) throw InputError(where + ": a <node> has no id");
    const NodeId v = b.add_node(id, d["label"], d["kind"].empty() ? NodeKind::Router : parse_node_kind(d["kind"], where));
    apply_node_attrs(b, v, d["ports"], d["package"], where);
  }
  for (const auto& [tag, child] : *graph) {
    if (tag != "edge") continue;
    auto d = data(child);
    const std::string s = child.get<std::string>("<xmlattr>.source", ""), t = child.get<std::string>("<xmlattr>.target", "");
    if (s.empty() || t.empty()) throw InputError(where + ": an <edge> lacks source or target");
    const std::string dir = child.get<std::string>("<xmlattr>.directed", "");
    const bool directed = dir.empty() ? directed_default : dir == "true";
    b.add_link(b.node(s), port_attr(d["tail_port"], where), b.node(t), port_attr(d["head_port"], where), directed,
               d["label"]);
  }
}

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
  G g;
  boost::dynamic_properties dp(boost::ignore_other_properties);
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
  // read_graphviz orders vertices by name, not by appearance; `menger export`
  // writes each node's index so that its own files read back in order.
  std::vector<std::size_t> order(boost::num_vertices(g));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const bool indexed = std::all_of(order.begin(), order.end(), [&](std::size_t v) { return !g[v].index.empty(); });
  if (indexed) {
    std::vector<std::size_t> at(order.size());
    for (std::size_t v : order) at[v] = *port_attr(g[v].index, where);
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return at[x] < at[y]; });
  }
  std::vector<NodeId> id(boost::num_vertices(g));
  for (std::size_t v : order) {
    const DotVertex& x = g[v];
    id[v] = b.add_node(x.node_id, dot_unescape(x.label),
                       x.kind.empty() ? NodeKind::Router : parse_node_kind(x.kind, where));
    apply_node_attrs(b, id[v], x.ports, dot_unescape(x.package), where);
  }
  for (auto e : boost::make_iterator_range(boost::edges(g)))
    b.add_link(id[boost::source(e, g)], port_attr(g[e].tail_port, where), id[boost::target(e, g)],
               port_attr(g[e].head_port, where), directed, dot_unescape(g[e].label));
}

void read_dot(std::istream& in, GraphBuilder& b, const std::string& where) {
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  if (dot_is_directed(text, where)) read_dot_as<boost::directedS>(text, b, where, true);
  else read_dot_as<boost::undirectedS>(text, b, where, false);
}

// ---- JSON (menger export) ---------------------------------------------------

// A field of a JSON network file, with its type and range checked; errors name the file.
template <class T>
T field(const nlohmann::json& j, const std::string& key, const std::string& where) {
  try {
    return json_at<T>(j, key);
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
}

void read_json(std::istream& in, GraphBuilder& b, const std::string& where) {
  const nlohmann::json j = nlohmann::json::parse(in);
  if (!j.contains("nodes") || !j.contains("links")) throw InputError(where + ": expected the keys nodes and links");
  for (const auto& n : j.at("nodes")) {
    const NodeId v = b.add_node(std::to_string(field<std::uint64_t>(n, "id", where)), field<std::string>(n, "label", where),
                                parse_node_kind(field<std::string>(n, "kind", where), where));
    b.set_port_count(v, field<PortId>(n, "ports", where));
    if (n.contains("package")) b.set_package(v, field<std::string>(n, "package", where));
  }
  for (const auto& l : j.at("links")) {
    const auto end = [&](const char* k) { return b.node(std::to_string(field<std::uint64_t>(l, k, where))); };
    b.add_link(end("a"), field<PortId>(l, "pa", where), end("b"), field<PortId>(l, "pb", where),
               l.contains("directed") ? field<bool>(l, "directed", where) : false,
               l.contains("label") ? field<std::string>(l, "label", where) : std::string());
  }
  if (b.num_nodes() != j.at("nodes").size()) throw InputError(where + ": a link names a node that is not listed");
}

// ---- edge list -----------------------------------------------------------

void read_edge_list(std::istream& in, GraphBuilder& b, const std::string& where) {
  std::string line;
  int number = 0;
  std::optional<bool> directed;
  while (std::getline(in, line)) {
    ++number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    if (w.empty()) continue;
    const bool arrow = w.size() == 3 && w[1] == "->";
    if (!(w.size() == 2 || arrow))
      throw InputError(where + ": line " + std::to_string(number) + ": expected 'a b' or 'a -> b'");
    if (directed && *directed != arrow)
      throw InputError(where + ": line " + std::to_string(number) + ": mixes 'a b' and 'a -> b' links");
    directed = arrow;
    b.add_link(b.node(w[0]), std::nullopt, b.node(w.back()), std::nullopt, arrow);
  }
  if (b.num_nodes() == 0) throw InputError(where + ": no links");
}

}  // namespace

std::shared_ptr<const Topology> read_network_file(const fs::path& path, const std::string& spec) {
  const std::string where = "file " + path.string();
  std::ifstream in(path);
  if (!in) throw InputError(where + ": cannot be opened");
  std::string ext = path.extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  GraphBuilder b(where);
  try {
    if (ext == ".graphml" || ext == ".xml") read_graphml(in, b, where);
    else if (ext == ".dot" || ext == ".gv") read_dot(in, b, where);
    else if (ext == ".json") read_json(in, b, where);
    else if (ext == ".txt" || ext == ".edges" || ext == ".el" || ext == ".edgelist") read_edge_list(in, b, where);
    else
      throw InputError(where + ": unknown format '" + ext +
                       "' (expected .graphml, .xml, .dot, .gv, .json, .txt, .edges, .el or .edgelist)");
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
  f.build = [](const BoundParams& p, const BuildContext& ctx) -> std::shared_ptr<const Topology> {
    const std::string name = p.word("path");
    return read_network_file(ctx.resolve(name), "file(" + SpecValue::make_string(name).to_string() + ")");
  };
  return f;
}

}  // namespace menger
