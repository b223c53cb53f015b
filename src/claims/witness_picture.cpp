#include "claims/witness_picture.h"

#include <map>
#include <sstream>

#include "core/fault.h"
#include "io/program.h"

namespace menger {

namespace {

// Finds what a fault label names: a node, a link or a component's nodes.
class LabelIndex {
 public:
  explicit LabelIndex(const Network& net) : net_(net) {}

  void mark_fault(const std::string& label, WitnessMarks& m) {
    if (auto v = net_.find_node(label)) return void(m.faulty_nodes.insert(*v));
    if (links_.empty())
      for (LinkId l = 0; l < net_.num_links(); ++l) links_.emplace(net_.link_label(l), l);
    if (auto it = links_.find(label); it != links_.end()) return void(m.faulty_links.insert(it->second));
    if (components_.empty()) {
      const FaultUniverse u = FaultUniverse::components(net_);
      for (std::size_t i = 0; i < u.size(); ++i) components_.emplace(u.label(i), u.nodes_of(i));
    }
    if (auto it = components_.find(label); it != components_.end()) {
      m.faulty_nodes.insert(it->second.begin(), it->second.end());
      return;
    }
    m.unresolved.push_back(label);
  }

  std::optional<NodeId> node(const nlohmann::json& label, WitnessMarks& m) const {
    if (!label.is_string()) return std::nullopt;
    if (auto v = net_.find_node(label.get<std::string>())) return v;
    m.unresolved.push_back(label.get<std::string>());
    return std::nullopt;
  }

  // A channel [node, port, vc]: the link out of `port` at `node`.
  std::optional<std::pair<NodeId, NodeId>> channel(const nlohmann::json& c, WitnessMarks& m) const {
    if (!c.is_array() || c.size() < 2 || !c[1].is_number_integer() || c[1].get<std::int64_t>() < 0) return std::nullopt;
    const auto tail = node(c[0], m);
    if (!tail) return std::nullopt;
    const auto port = c[1].get<std::uint64_t>();
    if (port >= net_.num_ports(*tail) || !net_.port(*tail, static_cast<PortId>(port)).connected()) return std::nullopt;
    return std::pair{*tail, net_.port(*tail, static_cast<PortId>(port)).peer};
  }

 private:
  const Network& net_;
  std::map<std::string, LinkId> links_;
  std::map<std::string, std::vector<NodeId>> components_;
};

void mark_faults(const nlohmann::json& list, LabelIndex& index, WitnessMarks& m) {
  if (!list.is_array()) return;
  for (const auto& f : list)
    if (f.is_string()) index.mark_fault(f.get<std::string>(), m);
}

void mark_end(const nlohmann::json& w, const char* key, const LabelIndex& index, WitnessMarks& m) {
  if (!w.contains(key)) return;
  if (auto v = index.node(w[key], m)) m.ends.push_back(*v);
}

}  // namespace

WitnessMarks read_witness_marks(const Network& net, const nlohmann::json& w) {
  WitnessMarks m;
  if (!w.is_object()) return m;
  LabelIndex index(net);
  if (w.contains("fault_set")) mark_faults(w["fault_set"], index, m);                      // route witness
  if (w.contains("faults") && w["faults"].is_object()) mark_faults(w["faults"].value("set", nlohmann::json()), index, m);  // deadlock
  if (w.contains("breaking_set")) mark_faults(w["breaking_set"], index, m);              // tolerance
  if (w.contains("separates") && w["separates"].is_array())
    for (const auto& v : w["separates"])
      if (auto n = index.node(v, m)) m.ends.push_back(*n);
  mark_end(w, "source", index, m);
  mark_end(w, "destination", index, m);
  if (w.contains("trace") && w["trace"].is_array())
    for (const auto& step : w["trace"])
      if (step.is_object() && step.contains("node"))
        if (auto v = index.node(step["node"], m); v && (m.route.empty() || m.route.back() != *v)) m.route.push_back(*v);
  if (w.contains("node") && !w.contains("trace"))  // same-routing: where the two routings part
    if (auto v = index.node(w["node"], m)) m.route.push_back(*v);
  if (w.contains("packets") && w["packets"].is_array())
    for (const auto& p : w["packets"]) {
      if (!p.is_object()) continue;
      if (auto c = index.channel(p.value("channel", nlohmann::json()), m)) m.held.push_back(*c);
      if (p.contains("requests") && p["requests"].is_array())
        for (const auto& r : p["requests"])
          if (auto c = index.channel(r, m)) m.requested.push_back(*c);
    }
  return m;
}

namespace {

std::string quoted(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

// The nodes to draw: all of them, or the marked ones and their neighbours.
std::vector<bool> nodes_drawn(const Network& net, const WitnessMarks& m, std::size_t max_nodes, std::string& caption) {
  std::vector<bool> drawn(net.num_nodes(), net.num_nodes() <= max_nodes);
  if (net.num_nodes() <= max_nodes) {
    caption = "the whole network, " + std::to_string(net.num_nodes()) + " nodes";
    return drawn;
  }
  std::vector<NodeId> marked(m.faulty_nodes.begin(), m.faulty_nodes.end());
  marked.insert(marked.end(), m.ends.begin(), m.ends.end());
  marked.insert(marked.end(), m.route.begin(), m.route.end());
  for (LinkId l : m.faulty_links) marked.push_back(net.link(l).a), marked.push_back(net.link(l).b);
  for (const auto& [a, b] : m.held) marked.push_back(a), marked.push_back(b);
  for (const auto& [a, b] : m.requested) marked.push_back(a), marked.push_back(b);
  std::size_t count = 0;
  for (NodeId v : marked) {
    if (!drawn[v]) drawn[v] = true, ++count;
    for (NodeId u : net.out_neighbors(v))
      if (!drawn[u] && count < max_nodes) drawn[u] = true, ++count;
  }
  caption = "the witness's nodes and their neighbours: " + std::to_string(count) + " of " +
            std::to_string(net.num_nodes()) + " nodes";
  return drawn;
}

}  // namespace

std::string witness_dot(const Network& net, const WitnessMarks& m, std::size_t max_nodes, std::string& caption) {
  const std::vector<bool> drawn = nodes_drawn(net, m, max_nodes, caption);
  std::set<NodeId> ends(m.ends.begin(), m.ends.end()), on_route(m.route.begin(), m.route.end());
  std::ostringstream out;
  out << "digraph witness {\n  graph [overlap=false, splines=true, outputorder=edgesfirst, start=1];\n"
      << "  node [fontname=\"DejaVu Sans\", fontsize=9, style=filled, fillcolor=white, width=0.3, height=0.2];\n"
      << "  edge [dir=none, color=gray60];\n";
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if (!drawn[v]) continue;
    out << "  n" << v << " [label=" << quoted(net.label(v)) << ", shape=" << (net.is_terminal(v) ? "ellipse" : "box");
    if (m.faulty_nodes.count(v)) out << ", fillcolor=\"#d62728\", fontcolor=white, class=faulty";
    else if (ends.count(v)) out << ", fillcolor=\"#1f77b4\", fontcolor=white, class=end";
    else if (on_route.count(v)) out << ", fillcolor=\"#aec7e8\", class=route";
    out << "];\n";
  }
  for (LinkId l = 0; l < net.num_links(); ++l) {
    const Link& k = net.link(l);
    if (!drawn[k.a] || !drawn[k.b]) continue;
    out << "  n" << k.a << " -> n" << k.b;
    if (m.faulty_links.count(l)) out << " [color=\"#d62728\", style=dashed, penwidth=2.5, class=faulty]";
    out << ";\n";
  }
  const auto arcs = [&](const std::vector<std::pair<NodeId, NodeId>>& list, const char* style) {
    for (const auto& [a, b] : list)
      if (drawn[a] && drawn[b]) out << "  n" << a << " -> n" << b << " [dir=forward, constraint=false, " << style << "];\n";
  };
  std::vector<std::pair<NodeId, NodeId>> route_arcs;
  for (std::size_t i = 1; i < m.route.size(); ++i) route_arcs.emplace_back(m.route[i - 1], m.route[i]);
  arcs(route_arcs, "color=\"#1f77b4\", penwidth=2.5, class=route");
  arcs(m.held, "color=\"#ff7f0e\", penwidth=3, class=held");
  arcs(m.requested, "color=\"#ff7f0e\", style=dotted, penwidth=2, class=requested");
  out << "}\n";
  return out.str();
}

std::optional<std::string> draw_with_graphviz(const std::filesystem::path& dot_file,
                                              const std::filesystem::path& svg_file) {
  const auto neato = find_program("neato");
  if (!neato) return "Graphviz is not on PATH (install the Debian package graphviz)";
  std::string messages;
  const int status = run_program(*neato, {"-Tsvg", dot_file.string(), "-o", svg_file.string()}, messages);
  if (status != 0) return "neato failed on " + dot_file.filename().string() + ": " + messages.substr(0, 300);
  return std::nullopt;
}

}  // namespace menger
