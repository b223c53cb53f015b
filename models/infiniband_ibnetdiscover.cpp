// The output of ibnetdiscover (infiniband-diags), as a list of links for the
// fabric of infiniband_fabric.h.  One section per node:
//
//   switchguid=0x200001(200001)                  (caguid=0x100006 for an adapter)
//   Switch  3 "S-0000000000200001"   # "S-leaf1" base port 0 lid 3 lmc 0
//   [1]  "H-0000000000100004"[1](100005)   # "H-l1-0" lid 6 4xSDR
//   Ca  1 "H-0000000000100006"       # "H-l1-1"
//   [1](100007)  "S-0000000000200001"[2]   # lid 7 lmc 0 "S-leaf1" lid 3 4xSDR
//
// A switch's port lines name the peer and its port; an adapter's also give
// the local port's GUID and LID.  Every link is listed from both ends, and the
// two must agree.  Routers (Rt) are refused: Menger's fabric has none.
//
// Hand-written line parsing rather than std::regex: a 1,000-switch fabric has
// tens of thousands of lines, and the format is simple and fixed.
#include <charconv>
#include <map>
#include <optional>
#include <sstream>

#include "core/error.h"
#include "core/input_file.h"
#include "models/infiniband_dumps.h"

namespace menger {

namespace {

struct Section {
  bool is_switch = false;
  std::uint32_t num_ports = 0;
  Guid node_guid = 0, port0_guid = 0;
  std::string description;
  std::uint16_t lid = 0;  // switches: the base LID of port 0
};

struct PortLine {
  std::string peer;  // the peer's node id ("S-..." / "H-...")
  std::uint8_t peer_port = 0;
  Guid guid = 0;          // adapters: this port's GUID
  std::uint16_t lid = 0;  // adapters: this port's LID
  std::size_t line = 0;
};

class Parser {
 public:
  // The file is read whole through read_input_file (core/input_file.h); its
  // digest goes to `record` when given.
  Parser(const std::filesystem::path& file, InputRecord* record, const Budget& budget)
      : name_(file.string()), in_(read_input_file(file, "file", budget)) {
    if (record) *record = InputRecord{name_, in_.digest};
  }

  std::vector<IbLink> run() {
    std::istringstream text(in_.text);
    std::string line;
    while (std::getline(text, line)) {
      ++number_;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      parse(line);
    }
    return links();
  }

 private:
  std::string name_;
  InputFile in_;
  std::size_t number_ = 0;
  std::map<std::string, Section> nodes_;
  std::map<std::pair<std::string, std::uint8_t>, PortLine> ports_;
  std::string current_;  // the node whose port lines follow
  Guid pending_guid_ = 0, pending_port0_ = 0;

  [[noreturn]] void fail(const std::string& what, std::size_t line = 0) const {
    throw InputError("file " + name_ + ": line " + std::to_string(line ? line : number_) + ": " + what);
  }

  static bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
  static std::string_view trim(std::string_view s) {
    const auto a = s.find_first_not_of(" \t");
    if (a == std::string_view::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t") - a + 1);
  }
  template <class T>
  T number(std::string_view text, int base, const std::string& what) const {
    if (base == 16 && (starts(text, "0x") || starts(text, "0X"))) text.remove_prefix(2);
    T v{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
      fail("expected " + what + ", got '" + std::string(text) + "'");
    return v;
  }
  // The next "quoted" string at or after pos; pos moves past it.
  std::string quoted(std::string_view s, std::size_t& pos, const std::string& what) const {
    const auto a = s.find('"', pos);
    const auto b = a == std::string_view::npos ? a : s.find('"', a + 1);
    if (b == std::string_view::npos) fail("expected a quoted " + what);
    pos = b + 1;
    return std::string(s.substr(a + 1, b - a - 1));
  }
  // "word N" inside a comment: the number after the first " word ".
  std::optional<std::string_view> after(std::string_view s, std::string_view word) const {
    const auto at = s.find(word);
    if (at == std::string_view::npos) return std::nullopt;
    auto rest = s.substr(at + word.size());
    return rest.substr(0, rest.find_first_of(" \t"));
  }

  void parse(std::string_view line) {
    line = trim(line);
    if (line.empty() || line[0] == '#') return;
    if (starts(line, "vendid=") || starts(line, "devid=") || starts(line, "sysimgguid=")) return;
    if (starts(line, "switchguid=") || starts(line, "caguid=")) return guid_line(line);
    if (starts(line, "Rt")) fail("routers (Rt) are not supported");
    if (starts(line, "Switch") || starts(line, "Ca")) return header(line);
    if (line[0] == '[') return port_line(line);
    fail("unexpected line '" + std::string(line) + "'");
  }

  void guid_line(std::string_view line) {
    auto value = line.substr(line.find('=') + 1);
    const auto paren = value.find('(');
    pending_guid_ = number<Guid>(value.substr(0, paren), 16, "a GUID");
    pending_port0_ = pending_guid_;
    if (paren != std::string_view::npos) {
      const auto close = value.find(')', paren);
      if (close == std::string_view::npos) fail("expected ')' after the port GUID");
      pending_port0_ = number<Guid>(value.substr(paren + 1, close - paren - 1), 16, "a port GUID");
    }
  }

  void header(std::string_view line) {
    Section s;
    s.is_switch = starts(line, "Switch");
    std::string_view rest = trim(line.substr(s.is_switch ? 6 : 2));
    const auto space = rest.find_first_of(" \t");
    s.num_ports = number<std::uint32_t>(rest.substr(0, space), 10, "the number of ports");
    if (s.num_ports == 0 || s.num_ports > 254) fail("a node has 1..254 ports");
    std::size_t pos = 0;
    const std::string id = quoted(rest, pos, "node id");
    const auto hash = rest.find('#', pos);
    if (hash == std::string_view::npos) fail("expected '# \"description\"' after the node id");
    std::string_view comment = rest.substr(hash + 1);
    pos = 0;
    s.description = quoted(comment, pos, "node description");
    if (s.is_switch) {
      const auto lid = after(comment.substr(pos), " lid ");
      if (!lid) fail("a switch header lacks its 'lid'");
      s.lid = number<std::uint16_t>(*lid, 10, "a LID");
      const auto lmc = after(comment.substr(pos), " lmc ");
      if (lmc && *lmc != "0") fail("LMC " + std::string(*lmc) + ": only LMC 0 (one LID per port) is supported");
    }
    if (!pending_guid_) fail("a node header without its switchguid= or caguid= line");
    s.node_guid = pending_guid_;
    s.port0_guid = pending_port0_;
    pending_guid_ = 0;
    if (!nodes_.emplace(id, s).second) fail("node " + id + " is described twice");
    current_ = id;
  }

  void port_line(std::string_view line) {
    if (current_.empty()) fail("a port line before any node header");
    const Section& node = nodes_.at(current_);
    auto close = line.find(']');
    if (close == std::string_view::npos) fail("expected '[port]'");
    const auto port = number<std::uint32_t>(line.substr(1, close - 1), 10, "a port number");
    if (port == 0 || port > node.num_ports) fail("port " + std::to_string(port) + " is not a port of " + current_);
    PortLine p;
    p.line = number_;
    std::string_view rest = line.substr(close + 1);
    if (!node.is_switch) {  // adapters: "(portguid)" follows
      if (rest.empty() || rest[0] != '(') fail("an adapter port line lacks its '(port GUID)'");
      const auto end = rest.find(')');
      if (end == std::string_view::npos) fail("expected ')' after the port GUID");
      p.guid = number<Guid>(rest.substr(1, end - 1), 16, "a port GUID");
      rest = rest.substr(end + 1);
    }
    std::size_t pos = 0;
    p.peer = quoted(rest, pos, "peer node id");
    if (pos >= rest.size() || rest[pos] != '[') fail("expected '[peer port]' after the peer");
    close = rest.find(']', pos);
    if (close == std::string_view::npos) fail("expected ']' after the peer port");
    const auto peer_port = number<std::uint32_t>(rest.substr(pos + 1, close - pos - 1), 10, "a peer port");
    if (peer_port == 0 || peer_port > 254) fail("peer port " + std::to_string(peer_port) + " out of range");
    p.peer_port = static_cast<std::uint8_t>(peer_port);
    if (!node.is_switch) {
      const auto hash = rest.find('#', close);
      const auto lid = hash == std::string_view::npos ? std::nullopt : after(rest.substr(hash), "# lid ");
      if (!lid) fail("an adapter port line lacks its '# lid'");
      p.lid = number<std::uint16_t>(*lid, 10, "a LID");
      const auto lmc = after(rest.substr(hash), " lmc ");
      if (lmc && *lmc != "0") fail("LMC " + std::string(*lmc) + ": only LMC 0 (one LID per port) is supported");
    }
    if (!ports_.emplace(std::pair(current_, static_cast<std::uint8_t>(port)), p).second)
      fail("port " + std::to_string(port) + " of " + current_ + " is listed twice");
  }

  IbPortEnd end(const std::string& id, std::uint8_t port) const {
    const Section& s = nodes_.at(id);
    const PortLine& p = ports_.at({id, port});
    IbPortEnd e;
    e.is_switch = s.is_switch;
    e.num_ports = s.num_ports;
    e.node_guid = s.node_guid;
    e.port_guid = s.is_switch ? s.port0_guid : p.guid;
    e.description = s.description;
    e.lid = s.is_switch ? s.lid : p.lid;
    e.port = port;
    return e;
  }

  std::vector<IbLink> links() const {
    std::vector<IbLink> out;
    for (const auto& [key, p] : ports_) {
      const auto back = ports_.find({p.peer, p.peer_port});
      if (!nodes_.count(p.peer)) fail("the peer " + p.peer + " has no section", p.line);
      if (back == ports_.end() || back->second.peer != key.first || back->second.peer_port != key.second)
        fail(key.first + " port " + std::to_string(key.second) + " and " + p.peer + " port " +
                 std::to_string(p.peer_port) + " do not list each other",
             p.line);
      if (key < std::pair(p.peer, p.peer_port)) out.push_back({end(key.first, key.second), end(p.peer, p.peer_port)});
    }
    if (out.empty()) throw InputError("file " + name_ + ": no links");
    return out;
  }
};

}  // namespace

std::vector<IbLink> read_ibnetdiscover(const std::filesystem::path& file, InputRecord* record, const Budget& budget) {
  return Parser(file, record, budget).run();
}

}  // namespace menger
