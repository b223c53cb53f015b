// Writers are hand-written rather than Boost's write_graphviz_dp/write_graphml:
// those need a copy into an adjacency_list with dynamic property maps and pick
// their own node ids, while we want the network's ids and port attributes in a
// stable, byte-deterministic layout.  GraphML text goes through
// Boost.PropertyTree's XML writer so that escaping is the library's.
#include "io/export.h"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/json_io.h"

namespace menger {

namespace {

std::vector<std::string> package_of(const Network& net) {
  std::vector<std::string> p(net.num_nodes());
  for (const Component& c : net.packages())
    for (NodeId v : c.nodes) p[v] = c.label;
  return p;
}

bool all_directed(const Network& net) {
  const bool any = net.has_directed_links();
  for (const Link& l : net.links())
    if (l.directed != any)
      throw InputError(net.spec() + " mixes directed and bidirectional links; export supports one kind per network");
  return any;
}

// A Graphviz escString in quotes, the encoding models/file_formats.cpp reads
// back: DOT itself escapes only the quote and drops a backslash before a line
// break, so a label ending in a backslash, or with one before a line break,
// has no other faithful form.
std::string dot_quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') out += "\\n";
    else if (c == '"' || c == '\\') out += {'\\', c};
    else out += c;
  }
  return out + "\"";
}

void write_dot(std::ostream& out, const Network& net) {
  const bool directed = all_directed(net);
  const auto pkg = package_of(net);
  out << (directed ? "digraph " : "graph ") << dot_quoted(net.spec()) << " {\n";
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    out << "  n" << v << " [label=" << dot_quoted(net.label(v)) << ", kind=" << to_string(net.kind(v))
        << ", ports=" << net.num_ports(v) << ", index=" << v;
    if (!pkg[v].empty()) out << ", package=" << dot_quoted(pkg[v]);
    out << "];\n";
  }
  const char* arrow = directed ? " -> " : " -- ";
  for (LinkId i = 0; i < net.num_links(); ++i) {
    const Link& l = net.link(i);
    out << "  n" << l.a << arrow << "n" << l.b << " [tail_port=" << l.pa << ", head_port=" << l.pb
        << ", label=" << dot_quoted(net.link_label(i)) << "];\n";
  }
  out << "}\n";
}

void write_graphml(std::ostream& out, const Network& net) {
  namespace pt = boost::property_tree;
  const bool directed = all_directed(net);
  const auto pkg = package_of(net);
  pt::ptree root;
  pt::ptree& gml = root.add("graphml", "");
  gml.put("<xmlattr>.xmlns", "http://graphml.graphdrawing.org/xmlns");
  const std::pair<const char*, const char*> keys[] = {
      {"node", "label"}, {"node", "kind"}, {"node", "ports"}, {"node", "package"}, {"edge", "tail_port"}, {"edge", "head_port"}, {"edge", "label"}};
  for (const auto& [dom, name] : keys) {
    pt::ptree& k = gml.add("key", "");
    k.put("<xmlattr>.id", std::string(dom) + "_" + name);  // key ids are unique; names may repeat
    k.put("<xmlattr>.for", dom);
    // "attr.name" holds a dot, ptree's default path separator: use '/' paths.
    k.put(pt::ptree::path_type("<xmlattr>/attr.name", '/'), name);
    k.put(pt::ptree::path_type("<xmlattr>/attr.type", '/'),
          std::string(name).find("port") != std::string::npos ? "int" : "string");
  }
  pt::ptree& g = gml.add("graph", "");
  g.put("<xmlattr>.id", net.spec());
  g.put("<xmlattr>.edgedefault", directed ? "directed" : "undirected");
  auto data = [](pt::ptree& e, const std::string& key, const std::string& value) {
    pt::ptree& d = e.add("data", value);
    d.put("<xmlattr>.key", key);
  };
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    pt::ptree& n = g.add("node", "");
    n.put("<xmlattr>.id", "n" + std::to_string(v));
    data(n, "node_label", net.label(v));
    data(n, "node_kind", std::string(to_string(net.kind(v))));
    data(n, "node_ports", std::to_string(net.num_ports(v)));
    if (!pkg[v].empty()) data(n, "node_package", pkg[v]);
  }
  for (LinkId i = 0; i < net.num_links(); ++i) {
    const Link& l = net.link(i);
    pt::ptree& e = g.add("edge", "");
    e.put("<xmlattr>.source", "n" + std::to_string(l.a));
    e.put("<xmlattr>.target", "n" + std::to_string(l.b));
    data(e, "edge_tail_port", std::to_string(l.pa));
    data(e, "edge_head_port", std::to_string(l.pb));
    data(e, "edge_label", net.link_label(i));
  }
  pt::write_xml(out, root, pt::xml_writer_make_settings<std::string>(' ', 1));
}

void write_json(std::ostream& out, const Network& net) {
  const auto pkg = package_of(net);
  nlohmann::json nodes = nlohmann::json::array(), links = nlohmann::json::array();
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    nlohmann::json n = {{"id", v}, {"label", net.label(v)}, {"kind", to_string(net.kind(v))}, {"ports", net.num_ports(v)}};
    if (!pkg[v].empty()) n["package"] = pkg[v];
    nodes.push_back(n);
  }
  for (LinkId i = 0; i < net.num_links(); ++i) {
    const Link& l = net.link(i);
    links.push_back({{"id", i}, {"a", l.a}, {"pa", l.pa}, {"b", l.b}, {"pb", l.pb}, {"directed", l.directed},
                     {"label", net.link_label(i)}});
  }
  out << json_text(nlohmann::json{{"spec", net.spec()}, {"nodes", nodes}, {"links", links}}, 1) << "\n";
}

}  // namespace

ExportFormat parse_export_format(const std::string& name) {
  if (name == "dot") return ExportFormat::Dot;
  if (name == "graphml") return ExportFormat::GraphML;
  if (name == "json") return ExportFormat::Json;
  throw InputError("export format must be dot, graphml or json, got '" + name + "'");
}

void export_network(std::ostream& out, const Network& net, ExportFormat format) {
  switch (format) {
    case ExportFormat::Dot: write_dot(out, net); return;
    case ExportFormat::GraphML: write_graphml(out, net); return;
    case ExportFormat::Json: write_json(out, net); return;
  }
}

}  // namespace menger
