#include "models/infiniband_dumps.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/input_file.h"

namespace menger {

namespace fs = std::filesystem;

namespace {

// Lines of one file, with the position for error messages.  The file is read
// whole through read_input_file (core/input_file.h: a directory, a device or a
// file beyond the input limit is refused, a byte-order mark dropped); its
// digest goes to `record` when given (the fabric and the routing carry it,
// Topology::input_files() and Routing::input_files()).
class LineReader {
 public:
  LineReader(const fs::path& file, InputRecord* record, const Budget& budget)
      : name_(file.string()), in_(read_input_file(file, "file", budget)) {
    if (record) *record = InputRecord{name_, in_.digest};
  }
  bool next(std::string& line) {
    const std::string& text = in_.text;
    if (pos_ >= text.size()) return false;
    std::size_t end = text.find('\n', pos_);
    if (end == std::string::npos) end = text.size();
    line.assign(text, pos_, end - pos_);
    pos_ = end + 1;
    ++number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("file " + name_ + ": line " + std::to_string(number_) + ": " + what);
  }

 private:
  std::string name_;
  InputFile in_;
  std::size_t pos_ = 0;
  std::size_t number_ = 0;
};

// An unsigned number in `text` (base 16 or 10, a "0x" prefix allowed in base
// 16), or nullopt when the text is not exactly one.
std::optional<std::uint64_t> number(std::string_view text, int base) {
  if (base == 16 && text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) text.remove_prefix(2);
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// A number "0x..." (hex) or decimal, as path-sls.txt allows.
std::optional<std::uint64_t> any_number(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return number(text, 16);
  return number(text, 10);
}

std::uint64_t bounded(const LineReader& r, std::optional<std::uint64_t> v, std::uint64_t max, const std::string& what) {
  if (!v || *v > max) r.fail("expected " + what + " (at most " + std::to_string(max) + ")");
  return *v;
}

// One "{ TYPE key:value ... {desc} LID:x PN:y }" port description starting at
// text[pos] == '{'; pos moves past its closing brace.
IbPortEnd parse_port_end(const LineReader& r, std::string_view text, std::size_t& pos) {
  IbPortEnd e;
  if (pos >= text.size() || text[pos] != '{') r.fail("expected '{' opening a port description");
  const std::size_t open = text.find('{', pos + 1), close = open == std::string_view::npos ? open : text.find('}', open);
  if (close == std::string_view::npos) r.fail("expected '{description}' inside the port description");
  e.description = std::string(text.substr(open + 1, close - open - 1));
  std::istringstream head{std::string(text.substr(pos + 1, open - pos - 1))};
  std::string type, word;
  head >> type;
  if (type == "SW" || type == "SW-SM") e.is_switch = true;
  else if (type != "CA" && type != "CA-SM") r.fail("unknown node type '" + type + "' (expected SW or CA)");
  bool have_ports = false, have_node = false, have_port = false;
  std::set<std::string> keys;
  while (head >> word) {
    const auto colon = word.find(':');
    if (colon == std::string::npos) r.fail("expected key:value, got '" + word + "'");
    const std::string key = word.substr(0, colon), value = word.substr(colon + 1);
    static const std::set<std::string> kKeys{"Ports", "SystemGUID", "NodeGUID", "PortGUID", "VenID", "DevID", "Rev"};
    if (!kKeys.count(key))
      r.fail("unknown key '" + key + "' in a port description (Ports, SystemGUID, NodeGUID, PortGUID, VenID, DevID, Rev)");
    if (!keys.insert(key).second) r.fail("the key '" + key + "' appears twice in one port description");
    if (key == "Ports") e.num_ports = static_cast<std::uint32_t>(bounded(r, number(value, 16), 254, "Ports:<hex>")), have_ports = true;
    else if (key == "NodeGUID") e.node_guid = bounded(r, number(value, 16), UINT64_MAX, "NodeGUID:<hex>"), have_node = true;
    else if (key == "PortGUID") e.port_guid = bounded(r, number(value, 16), UINT64_MAX, "PortGUID:<hex>"), have_port = true;
  }
  if (!have_ports || !have_node || !have_port) r.fail("a port description lacks Ports, NodeGUID or PortGUID");
  const std::size_t end = text.find('}', close + 1);
  if (end == std::string_view::npos) r.fail("expected '}' closing the port description");
  std::istringstream tail{std::string(text.substr(close + 1, end - close - 1))};
  bool have_lid = false, have_pn = false;
  while (tail >> word) {
    if ((word.rfind("LID:", 0) == 0 && have_lid) || (word.rfind("PN:", 0) == 0 && have_pn))
      r.fail("'" + word.substr(0, word.find(':')) + "' appears twice in one port description");
    if (word.rfind("LID:", 0) == 0) e.lid = static_cast<std::uint16_t>(bounded(r, number(word.substr(4), 16), 0xffff, "LID:<hex>")), have_lid = true;
    else if (word.rfind("PN:", 0) == 0) e.port = static_cast<std::uint8_t>(bounded(r, number(word.substr(3), 16), 254, "PN:<hex>")), have_pn = true;
    else r.fail("unexpected '" + word + "' after the description");
  }
  if (!have_lid || !have_pn) r.fail("a port description lacks LID or PN");
  if (e.port > e.num_ports) r.fail("port " + std::to_string(e.port) + " beyond the node's " + std::to_string(e.num_ports) + " ports");
  pos = end + 1;
  return e;
}

}  // namespace

std::string guid_text(Guid g) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(g));
  return buf;
}

std::vector<IbLink> read_subnet_lst(const fs::path& file, InputRecord* record, const Budget& budget) {
  LineReader r(file, record, budget);
  std::vector<IbLink> links;
  std::set<std::pair<Guid, unsigned>> seen_ends;  // (node GUID, port) already in a listed link
  std::string line;
  while (r.next(line)) {
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    std::size_t pos = line.find('{');
    if (pos == std::string::npos) r.fail("expected two port descriptions '{ ... } { ... }'");
    IbLink link;
    link.a = parse_port_end(r, line, pos);
    pos = line.find('{', pos);
    if (pos == std::string::npos) r.fail("expected a second port description");
    link.b = parse_port_end(r, line, pos);
    const bool a_seen = seen_ends.count({link.a.node_guid, link.a.port}) != 0;
    const bool b_seen = seen_ends.count({link.b.node_guid, link.b.port}) != 0;
    if (a_seen != b_seen) r.fail("port " + std::to_string(link.a.port) + " of " + guid_text(link.a.node_guid) +
                                 " is listed with two different peers");
    if (a_seen) continue;  // the same link from its other end
    seen_ends.insert({link.a.node_guid, link.a.port});
    seen_ends.insert({link.b.node_guid, link.b.port});
    links.push_back(std::move(link));
  }
  if (links.empty()) throw InputError("file " + file.string() + ": no links");
  return links;
}

// Where the GUID starts in an fdbs file's switch header, "dump_ucast_routes:
// Switch 0xG" (OpenSM 3.3's opensm.fdbs; ibdiagnet.fdbs, which ibutils parses
// with the same reader), or "osm_ucast_mgr_dump_ucast_routes: Switch 0xG"
// (older OpenSM); nullopt for any other line.
std::optional<std::size_t> fdbs_switch(const std::string& line) {
  static const std::string kTail = "dump_ucast_routes: Switch ";
  const auto at = line.find(kTail);
  if (at == std::string::npos) return std::nullopt;
  const std::string_view prefix(line.data(), at);
  if (prefix != "" && prefix != "osm_ucast_mgr_") return std::nullopt;
  return at + kTail.size();
}

IbForwardingTables read_lfts(const fs::path& file, InputRecord* record, const Budget& budget) {
  LineReader r(file, record, budget);
  IbForwardingTables tables;
  std::map<Guid, std::vector<bool>> seen;  // per switch: LIDs with an entry (kNoIbPort is a value too)
  std::vector<std::uint8_t>* current = nullptr;
  std::vector<bool>* entered = nullptr;
  std::size_t column_lines = 0;  // dump_fts / ibroute: the two column-header lines after a switch's header
  std::string line;
  while (r.next(line)) {
    if (column_lines > 0) {
      --column_lines;
      const auto first = line.find_first_not_of(" \t");
      const std::string_view word = first == std::string::npos ? "" : std::string_view(line).substr(first, 4);
      if (word == "Lid " || word == "Port" || word == "LID ") continue;
      column_lines = 0;
    }
    const auto fdbs = fdbs_switch(line);
    if (line.rfind("Unicast lids", 0) == 0 || fdbs) {
      const auto at = fdbs ? *fdbs : line.find(" guid ");
      if (at == std::string::npos) r.fail("expected 'guid 0x...' in the switch header");
      std::istringstream s(line.substr(fdbs ? at : at + 6));
      std::string g;
      s >> g;
      const Guid guid = bounded(r, number(g, 16), UINT64_MAX, "a switch GUID");
      if (tables.count(guid)) r.fail("switch " + g + " has two tables");
      current = &tables[guid];
      entered = &seen[guid];
      column_lines = 2;
      continue;
    }
    if (line.find("lids dumped") != std::string::npos || line.find_first_not_of(" \t") == std::string::npos) {
      current = nullptr;
      entered = nullptr;
      continue;
    }
    if (!current) r.fail("an LFT entry outside a switch's table");
    std::istringstream s(line);
    std::string lid_text, port_text, rest;
    s >> lid_text >> port_text;
    // "0xLID : PORT : <OpenSM's note on the hops>": the note ("01   : yes",
    // "HOPS UNKNOWN", "01   : No 0 hop path possible via port 1!") is not
    // read, as ibutils' own fdbs reader reads only the LID and the port.
    const bool fdbs_entry = port_text == ":";
    if (fdbs_entry) {
      s >> port_text;
      std::string colon;
      if (port_text != "UNREACHABLE" && s >> colon && colon != ":")
        r.fail("expected '0xLID : PORT : ...' (an fdbs file), got '" + colon + "' after the port");
    } else if (s >> rest && rest[0] != '#' && rest[0] != ':') {
      r.fail("expected '0xLID PORT # comment' (OpenSM) or '0xLID PORT : (destination)' (dump_fts, ibroute), got '" +
             rest + "' after the port");
    }
    const auto lid = bounded(r, number(lid_text, 16), 0xbfff, "a unicast LID");
    const auto port = fdbs_entry && port_text == "UNREACHABLE" ? kNoIbPort
                                                                : bounded(r, number(port_text, 10), 254, "an output port");
    if (current->size() <= lid) current->resize(lid + 1, kNoIbPort);
    if (entered->size() <= lid) entered->resize(lid + 1, false);
    if ((*entered)[lid]) r.fail("LID " + lid_text + " has two entries in one switch's table");
    (*entered)[lid] = true;
    (*current)[lid] = static_cast<std::uint8_t>(port);
  }
  if (tables.empty()) throw InputError("file " + file.string() + ": no switch forwarding tables");
  return tables;
}

IbSl2VlTables read_sl2vl(const fs::path& file, InputRecord* record, const Budget& budget) {
  LineReader r(file, record, budget);
  IbSl2VlTables tables;
  std::map<std::pair<std::uint8_t, std::uint8_t>, Sl2VlRow>* current = nullptr;
  std::string line;
  while (r.next(line)) {
    if (line.empty() || line[0] == '#') continue;
    const bool sw = line.rfind("Switch 0x", 0) == 0, ca = line.rfind("Channel Adapter 0x", 0) == 0;
    if (sw || ca || line.rfind("Router 0x", 0) == 0) {
      const auto start = line.find("0x");
      const Guid guid = bounded(r, number(line.substr(start, line.find(',', start) - start), 16), UINT64_MAX, "a GUID");
      if (tables.count(guid)) r.fail("the port " + guid_text(guid) + " has two tables");
      current = &tables[guid];
      continue;
    }
    if (!current) r.fail("an SL2VL row outside a port's table");
    const auto colon = line.find(':');
    if (colon == std::string::npos) r.fail("expected 'IN OUT : 16 VLs'");
    std::istringstream head(line.substr(0, colon)), vls(line.substr(colon + 1));
    std::string in_text, out_text, vl_text;
    if (!(head >> in_text >> out_text)) r.fail("expected 'IN OUT' before ':'");
    const auto in = static_cast<std::uint8_t>(bounded(r, number(in_text, 10), 254, "an input port"));
    const auto out = static_cast<std::uint8_t>(bounded(r, number(out_text, 10), 254, "an output port"));
    Sl2VlRow row{};
    for (auto& vl : row) {
      if (!(vls >> vl_text)) r.fail("expected 16 VLs, one per SL");
      vl = static_cast<std::uint8_t>(bounded(r, number(vl_text, 10), 15, "a VL"));
    }
    if (vls >> vl_text) r.fail("more than 16 VLs in a row");
    if (!current->emplace(std::pair{in, out}, row).second)
      r.fail("the row for in port " + in_text + ", out port " + out_text + " is given twice");
  }
  return tables;
}

namespace {

// A path-SL file: "SOURCE DLID SL" per line, '#' comments; `source` parses
// the first column.  The map, a pair listed twice refused.
template <class Source, class Parse>
std::map<std::pair<Source, std::uint16_t>, std::uint8_t> read_sl_lines(const fs::path& file, InputRecord* record,
                                                                       const Budget& budget,
                                                                       const std::string& expected, Parse source) {
  LineReader r(file, record, budget);
  std::map<std::pair<Source, std::uint16_t>, std::uint8_t> sls;
  std::string line;
  while (r.next(line)) {
    std::istringstream s(line.substr(0, line.find('#')));
    std::string a, b, c, extra;
    if (!(s >> a)) continue;
    if (!(s >> b >> c) || (s >> extra)) r.fail(expected);
    const Source from = source(r, a);
    const auto dlid = bounded(r, any_number(b), 0xbfff, "a destination LID");
    const auto sl = bounded(r, any_number(c), 15, "an SL");
    if (!sls.emplace(std::pair{from, static_cast<std::uint16_t>(dlid)}, static_cast<std::uint8_t>(sl)).second)
      r.fail("the pair " + a + " " + b + " is listed twice");
  }
  return sls;
}

}  // namespace

IbPathSls read_path_sls(const fs::path& file, InputRecord* record, const Budget& budget) {
  return read_sl_lines<std::uint16_t>(file, record, budget, "expected 'SLID DLID SL'", [](const LineReader& r, const std::string& a) {
    return static_cast<std::uint16_t>(bounded(r, any_number(a), 0xbfff, "a source LID"));
  });
}

IbGuidPathSls read_guid_path_sls(const fs::path& file, InputRecord* record, const Budget& budget) {
  return read_sl_lines<Guid>(file, record, budget, "expected '0xGUID DLID SL'", [](const LineReader& r, const std::string& a) {
    if (a.rfind("0x", 0) != 0) r.fail("expected a GUID 0x..., got '" + a + "'");
    return static_cast<Guid>(bounded(r, number(a, 16), UINT64_MAX, "a GUID"));
  });
}

}  // namespace menger
