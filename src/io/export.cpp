// Writers are hand-written rather than Boost's write_graphviz_dp/write_graphml:
// those need a copy into an adjacency_list with dynamic property maps and pick
// their own node ids, while we want the network's ids and port attributes in a
// stable, byte-deterministic layout.
#include "io/export.h"

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/json_io.h"
#include "core/text.h"

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

// XML 1.0 text: the five markup characters as entities, and CR as a character
// reference (a reader turns a raw CR into LF); in attribute values also tab and
// LF (a reader turns them into spaces).  Other control characters and bytes
// that are not UTF-8 have no form in XML 1.0: one clear error, not a file that
// XML tools refuse.  Hand-written because Boost.PropertyTree's writer escapes
// only the five and writes the rest raw.
std::string xml_escaped(std::string_view s, bool attribute, const std::string& what) {
  if (!valid_utf8(s)) throw InputError(what + " is not UTF-8, which GraphML cannot carry: export it as DOT");
  // U+FFFE and U+FFFF are well-formed UTF-8 but no XML 1.0 character.
  for (const char* nonchar : {"\xEF\xBF\xBE", "\xEF\xBF\xBF"})
    if (s.find(nonchar) != std::string_view::npos)
      throw InputError(what + " holds U+FFFE or U+FFFF, which GraphML (XML 1.0) cannot carry: export it as DOT or JSON");
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\r': out += "&#13;"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          throw InputError(what + " holds control character " + std::to_string(static_cast<int>(c)) +
                           ", which GraphML (XML 1.0) cannot carry: export it as DOT or JSON");
        out += c;
    }
  }
  // Boost's reader drops text that is whitespace alone; a reference keeps it.
  if (!out.empty() && out.find_first_not_of(" \t\n") == std::string::npos)
    out.replace(0, 1, "&#" + std::to_string(static_cast<int>(out[0])) + ";");
  return out;
}

// The graph's id is only the network's name (a spec, or a file's path), never
// read back: control characters are written as \xNN, and a name XML cannot
// hold otherwise (not UTF-8, U+FFFE, U+FFFF) as ASCII with '?' for the rest.
std::string xml_safe_name(const std::string& spec) {
  std::string out = excerpt(spec, spec.size());
  const bool xml = valid_utf8(out) && out.find("\xEF\xBF\xBE") == std::string::npos &&
                   out.find("\xEF\xBF\xBF") == std::string::npos;
  if (!xml)
    for (char& c : out)
      if (static_cast<unsigned char>(c) >= 0x80) c = '?';
  return out;
}

void write_graphml(std::ostream& out, const Network& net) {
  const bool directed = all_directed(net);
  const auto pkg = package_of(net);
  out << "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n";
  const std::pair<const char*, const char*> keys[] = {
      {"node", "label"}, {"node", "kind"}, {"node", "ports"}, {"node", "package"}, {"edge", "tail_port"}, {"edge", "head_port"}, {"edge", "label"}};
  for (const auto& [dom, name] : keys)  // key ids are unique; names may repeat
    out << " <key id=\"" << dom << '_' << name << "\" for=\"" << dom << "\" attr.name=\"" << name << "\" attr.type=\""
        << (std::string(name).find("port") != std::string::npos ? "int" : "string") << "\"/>\n";
  out << " <graph id=\"" << xml_escaped(xml_safe_name(net.spec()), true, "the network's name") << "\" edgedefault=\""
      << (directed ? "directed" : "undirected") << "\">\n";
  auto data = [&](const char* key, const std::string& value, const std::string& what) {
    out << "   <data key=\"" << key << "\">" << xml_escaped(value, false, what) << "</data>\n";
  };
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    const std::string what = "node " + std::to_string(v) + "'s label";
    out << "  <node id=\"n" << v << "\">\n";
    data("node_label", net.label(v), what);
    data("node_kind", std::string(to_string(net.kind(v))), what);
    data("node_ports", std::to_string(net.num_ports(v)), what);
    if (!pkg[v].empty()) data("node_package", pkg[v], "node " + std::to_string(v) + "'s package");
    out << "  </node>\n";
  }
  for (LinkId i = 0; i < net.num_links(); ++i) {
    const Link& l = net.link(i);
    out << "  <edge source=\"n" << l.a << "\" target=\"n" << l.b << "\">\n";
    data("edge_tail_port", std::to_string(l.pa), "");
    data("edge_head_port", std::to_string(l.pb), "");
    data("edge_label", net.link_label(i), "link " + std::to_string(i) + "'s label");
    out << "  </edge>\n";
  }
  out << " </graph>\n</graphml>\n";
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
