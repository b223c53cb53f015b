#include "models/ibsim_net.h"

#include <charconv>
#include <map>
#include <optional>
#include <sstream>

#include "core/error.h"
#include "core/spec.h"
#include "models/explicit_graph.h"

namespace menger {

namespace {

std::string_view trim(std::string_view s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

bool starts_word(std::string_view s, std::string_view word) {
  return s.substr(0, word.size()) == word && s.size() > word.size() && (s[word.size()] == ' ' || s[word.size()] == '\t');
}

// The text of one net file as blocks of nodes and their port lines.
class NetParser {
 public:
  NetParser(std::string source, const std::string& text) : source_(std::move(source)) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
      parse(trim(line));
    }
    check_ends();
  }

  std::vector<std::string> lines;
  std::vector<IbsimNode> nodes;
  std::vector<IbsimLink> links;
  std::vector<std::vector<std::size_t>> link_lines;

 private:
  struct PortLine {
    std::size_t node;
    unsigned port;
    std::string peer;
    unsigned peer_port;
    std::size_t line;
  };
  std::string source_;
  std::map<std::string, std::size_t> by_name_;
  std::optional<std::size_t> current_;
  std::vector<PortLine> ports_;

  [[noreturn]] void fail(const std::string& what, std::size_t line) const {
    throw InputError("ibsim net file " + source_ + ": line " + std::to_string(line + 1) + ": " + what);
  }
  std::size_t here() const { return lines.size() - 1; }

  // A number and the rest of the text after it; fails on none.
  unsigned number(std::string_view& s, const char* what) const {
    unsigned v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end == s.data()) fail(std::string("expected ") + what, here());
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    return v;
  }
  std::string quoted(std::string_view& s, const char* what) const {
    s = trim(s);
    const auto close = s.size() > 1 && s[0] == '"' ? s.find('"', 1) : std::string_view::npos;
    if (close == std::string_view::npos) fail(std::string("expected ") + what + " in double quotes", here());
    std::string name(s.substr(1, close - 1));
    s.remove_prefix(close + 1);
    return name;
  }

  void parse(std::string_view s) {
    if (s.empty() || s[0] == '#') return;
    if (s[0] == '[') return port_line(s);
    for (const auto& [word, is_switch] : {std::pair{"Switch", true}, {"Ca", false}, {"Hca", false}})
      if (starts_word(s, word)) return header(s.substr(std::string_view(word).size()), is_switch);
    if (starts_word(s, "Rt")) fail("a router (Rt): Menger's InfiniBand fabrics have none", here());
    const auto eq = s.find('=');
    if (eq != std::string_view::npos && eq > 0 && s.substr(0, eq).find_first_of(" \t\"[") == std::string_view::npos)
      return;  // switchguid=..., caguid=..., sysimgguid=..., vendid=...: ibsim's own business
    fail("not a node header (Switch, Ca, Hca), a port line ([N] \"peer\"[M]), a key=value line or a comment", here());
  }

  void header(std::string_view s, bool is_switch) {
    s = trim(s);
    const unsigned count = number(s, "the node's port count");
    if (count == 0 || count > 254) fail("a node with " + std::to_string(count) + " ports (1 to 254)", here());
    std::string name = quoted(s, "the node's name");
    if (by_name_.count(name)) fail("node \"" + name + "\" has a second block", here());
    current_ = nodes.size();
    by_name_[name] = nodes.size();
    nodes.push_back({std::move(name), is_switch, count});
  }

  void port_line(std::string_view s) {
    if (!current_) fail("a port line before the first node header", here());
    s.remove_prefix(1);
    const unsigned port = number(s, "a port number after '['");
    if (s.empty() || s[0] != ']') fail("expected ']' after the port number", here());
    s.remove_prefix(1);
    if (!s.empty() && s[0] == '(') {  // ibnetdiscover: the port's GUID
      const auto close = s.find(')');
      if (close == std::string_view::npos) fail("a port GUID without ')'", here());
      s.remove_prefix(close + 1);
    }
    std::string peer = quoted(s, "the peer's name");
    if (s.empty() || s[0] != '[') fail("expected '[' and the peer's port after its name", here());
    s.remove_prefix(1);
    const unsigned peer_port = number(s, "the peer's port number");
    if (s.empty() || s[0] != ']') fail("expected ']' after the peer's port", here());
    const IbsimNode& n = nodes[*current_];
    if (port == 0 || port > n.ports)
      fail("port " + std::to_string(port) + " of \"" + n.name + "\", which has ports 1 to " + std::to_string(n.ports), here());
    ports_.push_back({*current_, port, std::move(peer), peer_port, here()});
  }

  // Every port line's peer exists and has that port; a port is in one link;
  // a link listed from both ends is listed the same way.
  void check_ends() {
    std::map<std::pair<std::size_t, unsigned>, std::size_t> link_at;  // (node, port) -> link
    for (const PortLine& p : ports_) {
      const auto peer = by_name_.find(p.peer);
      if (peer == by_name_.end()) fail("peer \"" + p.peer + "\" has no node block", p.line);
      const IbsimNode& q = nodes[peer->second];
      if (p.peer_port == 0 || p.peer_port > q.ports)
        fail("port " + std::to_string(p.peer_port) + " of \"" + q.name + "\", which has ports 1 to " +
                 std::to_string(q.ports), p.line);
      if (peer->second == p.node) fail("a link from \"" + q.name + "\" to itself", p.line);
      const std::pair here_end{p.node, p.port}, far_end{peer->second, p.peer_port};
      const auto a = link_at.find(here_end), b = link_at.find(far_end);
      if (a != link_at.end() || b != link_at.end()) {
        if (a == link_at.end() || b == link_at.end() || a->second != b->second || link_lines[a->second].size() > 1 ||
            links[a->second].a != far_end.first)
          fail("port " + std::to_string(a != link_at.end() ? p.port : p.peer_port) + " of \"" +
                   nodes[a != link_at.end() ? p.node : peer->second].name +
                   "\" is in a second port line that is not the other end of its link", p.line);
        link_lines[a->second].push_back(p.line);
        continue;
      }
      link_at[here_end] = link_at[far_end] = links.size();
      links.push_back({p.node, peer->second, p.port, p.peer_port, nodes[p.node].is_switch && q.is_switch});
      link_lines.push_back({p.line});
    }
  }
};

}  // namespace

IbsimNet IbsimNet::read(const std::filesystem::path& file, const Budget& budget) {
  const InputFile in = read_input_file(file, "ibsim net file", budget);
  NetParser p(file.string(), in.text);
  if (p.nodes.empty()) throw InputError("ibsim net file " + file.string() + ": no node blocks");
  IbsimNet net;
  net.source_ = file.string();
  net.digest_ = in.digest;
  net.lines_ = std::move(p.lines);
  net.nodes_ = std::move(p.nodes);
  net.links_ = std::move(p.links);
  net.link_lines_ = std::move(p.link_lines);
  return net;
}

std::string IbsimNet::text_without(const std::vector<bool>& failed_link, const std::vector<bool>& failed_node) const {
  std::vector<bool> drop(lines_.size(), false);
  for (std::size_t l = 0; l < links_.size(); ++l)
    if (failed_link[l] || failed_node[links_[l].a] || failed_node[links_[l].b])
      for (std::size_t line : link_lines_[l]) drop[line] = true;
  std::string text;
  for (std::size_t i = 0; i < lines_.size(); ++i)
    if (!drop[i]) text.append(lines_[i]).append("\n");
  return text;
}

std::vector<std::size_t> IbsimNet::cut_off_adapters(const std::vector<bool>& failed_link,
                                                    const std::vector<bool>& failed_node, std::size_t root) const {
  std::vector<std::vector<std::size_t>> next(nodes_.size());
  for (std::size_t l = 0; l < links_.size(); ++l)
    if (!failed_link[l] && !failed_node[links_[l].a] && !failed_node[links_[l].b]) {
      next[links_[l].a].push_back(links_[l].b);
      next[links_[l].b].push_back(links_[l].a);
    }
  std::vector<bool> seen(nodes_.size(), false);
  std::vector<std::size_t> frontier;
  if (!failed_node[root]) {
    frontier.push_back(root);
    seen[root] = true;
  }
  while (!frontier.empty()) {
    const std::size_t v = frontier.back();
    frontier.pop_back();
    // Adapters do not forward: the walk goes on only from switches (and the root).
    if (!nodes_[v].is_switch && v != root) continue;
    for (std::size_t w : next[v])
      if (!seen[w]) {
        seen[w] = true;
        frontier.push_back(w);
      }
  }
  std::vector<std::size_t> cut;
  for (std::size_t v = 0; v < nodes_.size(); ++v)
    if (!nodes_[v].is_switch && !seen[v]) cut.push_back(v);
  return cut;
}

std::shared_ptr<const Topology> IbsimNet::topology(const std::string& spec) const {
  GraphBuilder g(source_);
  g.add_input(InputRecord{source_, digest_});
  for (const IbsimNode& n : nodes_) {
    const NodeId v = g.add_node(n.name, n.name, n.is_switch ? NodeKind::Switch : NodeKind::Endpoint);
    // A switch's port 0 (management) exists and is never linked, as in infiniband_fabric.h.
    g.set_port_count(v, n.is_switch ? n.ports + 1 : n.ports);
  }
  auto port_id = [&](std::size_t v, unsigned p) { return static_cast<PortId>(nodes_[v].is_switch ? p : p - 1); };
  for (const IbsimLink& l : links_)
    g.add_link(static_cast<NodeId>(l.a), port_id(l.a, l.port_a), static_cast<NodeId>(l.b), port_id(l.b, l.port_b),
               false);
  return g.build(spec);
}

Family ibsim_family() {
  Family f;
  f.name = "ibsim";
  f.summary = "an InfiniBand fabric as ibsim loads it (its net file, or ibnetdiscover's output): switches and adapters";
  f.source = "ibsim(1) net files (Debian ibsim-utils); ibnetdiscover(8) output";
  f.params = {ParamSpec::text("file", "the net file; relative names resolve beside the claim file")};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const std::filesystem::path file = p.file("file");
    // The spec names the resolved path, as opensm(dir=...) does, so that
    // evidence files rebuild the fabric from any directory.
    const std::string spec = "ibsim(file=" + SpecValue::make_string(file.lexically_normal().string()).to_string() + ")";
    return IbsimNet::read(file, p.budget()).topology(spec);
  };
  return f;
}

std::optional<std::filesystem::path> ibsim_net_file(const Topology& t) {
  const auto inputs = t.input_files();
  if (t.spec().rfind("ibsim(", 0) != 0 || inputs.size() != 1) return std::nullopt;
  return std::filesystem::path(inputs.front().path);
}

}  // namespace menger
