// Reading and writing routing tables (format: models/routing_table.h).
//
// Both encodings are parsed into raw rows (names and numbers as the file
// gives them), each resolved against the network by one function as soon as
// it is read, so JSON and CSV get the same checks and the same messages, and
// a big table is not held twice.  JSON goes through nlohmann's DOM, which
// costs about 1 KB of memory per row while parsing: CSV is the encoding for
// big tables (bench figures in the commit that added this note).  The hand-written CSV reader follows RFC 4180 (quoted fields,
// "" for a quote, CRLF or LF) because labels such as "(0,1)" hold commas.
#include <charconv>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "core/error.h"
#include "core/json_io.h"
#include "core/text.h"
#include "models/routing_table_index.h"

namespace menger {

namespace {

constexpr std::uint32_t kMaxVcs = 4096;

// A node as the file names it: a label, or an id.
struct NodeName {
  bool by_id = false;
  std::string label;
  std::uint64_t id = 0;
  std::string text() const { return by_id ? std::to_string(id) : "\"" + excerpt(label) + "\""; }
};

struct RawRow {
  NodeName node, dst;
  std::optional<std::string> in_port;  // "local" or a number; nullopt: any
  std::optional<std::uint64_t> in_vc;
  std::uint64_t port = 0, vc = 0;
  bool bubble = false;
};

struct RawHeader {
  std::string network;
  std::uint64_t vcs = 0;
};

// Where a parser delivers the file: the header once, then each row as it is
// read (resolved at once, so a big table is never held twice).
class RowSink {
 public:
  virtual ~RowSink() = default;
  virtual void header(const RawHeader& h) = 0;
  virtual void row(const RawRow& r) = 0;
};

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

// ---- JSON -------------------------------------------------------------------

NodeName json_node(const nlohmann::json& j, const std::string& field) {
  if (j.is_string()) return NodeName{false, j.get<std::string>(), 0};
  if (j.is_number_unsigned() || j.is_number_integer()) return NodeName{true, "", json_as<std::uint64_t>(j, field)};
  throw InputError("field '" + field + "' must be a node label (a string) or id (a number)");
}

RawRow json_row(const nlohmann::json& j) {
  RawRow r;
  if (!j.is_object()) throw InputError("must be an object");
  for (const auto& [key, value] : j.items())
    if (key != "node" && key != "dst" && key != "in_port" && key != "in_vc" && key != "port" && key != "vc" &&
        key != "bubble")
      throw InputError("unknown field '" + excerpt(key) + "' (fields: node, dst, in_port, in_vc, port, vc, bubble)");
  r.node = json_node(j.contains("node") ? j["node"] : throw InputError("missing field 'node'"), "node");
  r.dst = json_node(j.contains("dst") ? j["dst"] : throw InputError("missing field 'dst'"), "dst");
  if (j.contains("in_port")) {
    const auto& p = j["in_port"];
    if (p.is_string() && p.get<std::string>() == "local") r.in_port = "local";
    else r.in_port = std::to_string(json_as<std::uint32_t>(p, "in_port"));
  }
  if (j.contains("in_vc")) r.in_vc = json_as<std::uint32_t>(j["in_vc"], "in_vc");
  r.port = json_at<std::uint32_t>(j, "port");
  r.vc = json_at<std::uint32_t>(j, "vc");
  if (j.contains("bubble")) r.bubble = json_as<bool>(j["bubble"], "bubble");
  return r;
}

void check_header(const std::string& format, std::int64_t version) {
  if (format != kRoutingTableFormat)
    throw InputError("format is '" + excerpt(format) + "', expected '" + kRoutingTableFormat + "'");
  if (version != kRoutingTableVersion)
    throw InputError("version " + std::to_string(version) + " is not supported (this Menger reads version " +
                     std::to_string(kRoutingTableVersion) + ")");
}

void parse_json(const std::string& text, RowSink& sink) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("is not JSON (") + e.what() + ")");
  }
  if (!j.is_object()) throw InputError("must be a JSON object with format, version, vcs and routes");
  const std::string format = json_at<std::string>(j, "format");
  if (!j.contains("version")) throw InputError("missing field 'version'");
  if (!j["version"].is_number_integer()) throw InputError("field 'version' must be a whole number");
  check_header(format, j["version"].get<std::int64_t>());
  RawHeader h;
  h.vcs = json_at<std::uint32_t>(j, "vcs");
  if (j.contains("network")) h.network = json_as<std::string>(j["network"], "network");
  if (!j.contains("routes") || !j["routes"].is_array()) throw InputError("field 'routes' must be an array of rows");
  sink.header(h);
  const auto& routes = j["routes"];
  for (std::size_t i = 0; i < routes.size(); ++i) {
    try {
      sink.row(json_row(routes[i]));
    } catch (const InputError& e) {
      throw InputError("routes[" + std::to_string(i) + "]: " + e.what());
    }
  }
}

// ---- CSV --------------------------------------------------------------------

struct CsvRecord {
  std::size_t line = 0;
  std::vector<std::string> cells;
};

// Each record of RFC 4180 text from `pos` on (quoted cells may span lines),
// handed to `each` as it is read.
template <class Each>
void csv_records(std::string_view text, std::size_t pos, std::size_t line, Each&& each) {
  CsvRecord rec;
  while (pos < text.size()) {
    rec.line = line;
    rec.cells.assign(1, "");
    bool quoted = false, was_quoted = false;
    for (; pos < text.size(); ++pos) {
      const char c = text[pos];
      if (quoted) {
        if (c == '"' && pos + 1 < text.size() && text[pos + 1] == '"') rec.cells.back() += c, ++pos;
        else if (c == '"') quoted = false;
        else rec.cells.back() += c, line += c == '\n';
      } else if (c == '"') {
        if (!rec.cells.back().empty() || was_quoted)
          throw InputError("line " + std::to_string(line) + ": a quote inside an unquoted cell");
        quoted = was_quoted = true;
      } else if (c == ',') {
        rec.cells.emplace_back();
        was_quoted = false;
      } else if (c == '\n' || c == '\r') {
        if (c == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n') ++pos;
        ++pos;
        break;
      } else {
        if (was_quoted) throw InputError("line " + std::to_string(line) + ": text after a closing quote");
        rec.cells.back() += c;
      }
    }
    if (quoted) throw InputError("line " + std::to_string(rec.line) + ": a quoted cell is never closed");
    ++line;
    if (rec.cells.size() == 1 && rec.cells[0].empty() && !was_quoted) continue;  // blank line
    each(rec);
  }
}

// The "# key: value" lines before the header; returns the position after them.
std::size_t csv_metadata(std::string_view text, std::map<std::string, std::string>& meta, std::size_t& line) {
  std::size_t pos = 0;
  while (pos < text.size() && text[pos] == '#') {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string body(text.substr(pos + 1, end - pos - 1));
    if (!body.empty() && body.back() == '\r') body.pop_back();
    const auto colon = body.find(':');
    if (colon == std::string::npos) throw InputError("line " + std::to_string(line) + ": expected '# key: value'");
    auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(' '));
      s.erase(s.find_last_not_of(' ') + 1);
      return s;
    };
    meta[trim(body.substr(0, colon))] = trim(body.substr(colon + 1));
    pos = end + 1;
    ++line;
  }
  return pos;
}

std::uint64_t csv_number(const std::string& cell, const std::string& column) {
  auto v = whole_number(cell);
  if (!v || *v > UINT32_MAX) throw InputError(column + " '" + excerpt(cell) + "' is not a whole number");
  return *v;
}

class CsvColumns {
 public:
  explicit CsvColumns(const CsvRecord& header) {
    for (std::size_t i = 0; i < header.cells.size(); ++i) {
      const std::string& name = header.cells[i];
      static const std::unordered_set<std::string> kKnown{"node", "dst", "node_id", "dst_id", "in_port",
                                                          "in_vc", "port", "vc", "bubble"};
      if (!kKnown.count(name))
        throw InputError("line " + std::to_string(header.line) + ": unknown column '" + excerpt(name) +
                         "' (columns: node or node_id, dst or dst_id, in_port, in_vc, port, vc, bubble)");
      if (!index_.emplace(name, i).second) throw InputError("column '" + name + "' appears twice");
    }
    by_id_ = index_.count("node_id") != 0;
    for (const char* need : {by_id_ ? "node_id" : "node", index_.count("dst_id") ? "dst_id" : "dst", "port", "vc"})
      if (!index_.count(need)) throw InputError("line " + std::to_string(header.line) + ": no column '" + need + "'");
    if (index_.count("node") && index_.count("node_id")) throw InputError("columns node and node_id both present");
    if (index_.count("dst") && index_.count("dst_id")) throw InputError("columns dst and dst_id both present");
    width_ = header.cells.size();
  }

  RawRow row(const CsvRecord& rec) const {
    RawRow r;
    if (rec.cells.size() != width_)
      throw InputError(std::to_string(rec.cells.size()) + " cells where the header has " + std::to_string(width_));
    r.node = name(rec, "node");
    r.dst = name(rec, "dst");
    if (const std::string* c = cell(rec, "in_port"); c && !c->empty())
      r.in_port = *c == "local" ? *c : std::to_string(csv_number(*c, "in_port"));
    if (const std::string* c = cell(rec, "in_vc"); c && !c->empty()) r.in_vc = csv_number(*c, "in_vc");
    r.port = csv_number(*cell(rec, "port"), "port");
    r.vc = csv_number(*cell(rec, "vc"), "vc");
    if (const std::string* c = cell(rec, "bubble"); c && !c->empty()) {
      if (*c != "true" && *c != "false" && *c != "1" && *c != "0")
        throw InputError("bubble '" + excerpt(*c) + "' must be true, false, 1 or 0");
      r.bubble = *c == "true" || *c == "1";
    }
    return r;
  }

 private:
  std::unordered_map<std::string, std::size_t> index_;
  bool by_id_ = false;
  std::size_t width_ = 0;

  const std::string* cell(const CsvRecord& rec, const std::string& column) const {
    auto it = index_.find(column);
    return it == index_.end() ? nullptr : &rec.cells[it->second];
  }
  NodeName name(const CsvRecord& rec, const std::string& column) const {
    if (const std::string* id = cell(rec, column + "_id")) return NodeName{true, "", csv_number(*id, column + "_id")};
    return NodeName{false, *cell(rec, column), 0};
  }
};

void parse_csv(const std::string& text, RowSink& sink) {
  std::map<std::string, std::string> meta;
  std::size_t line = 1;
  const std::size_t pos = csv_metadata(text, meta, line);
  for (const auto& [key, value] : meta)
    if (key != "format" && key != "version" && key != "vcs" && key != "network")
      throw InputError("unknown metadata '# " + excerpt(key) + ":' (format, version, vcs, network)");
  for (const char* need : {"format", "version", "vcs"})
    if (!meta.count(need)) throw InputError(std::string("no '# ") + need + ": ...' line before the header");
  const auto version = whole_number(meta["version"]);
  if (!version) throw InputError("version '" + excerpt(meta["version"]) + "' is not a whole number");
  check_header(meta["format"], static_cast<std::int64_t>(std::min<std::uint64_t>(*version, INT64_MAX)));
  RawHeader h;
  h.vcs = csv_number(meta["vcs"], "vcs");
  h.network = meta.count("network") ? meta["network"] : "";
  sink.header(h);
  std::optional<CsvColumns> columns;
  csv_records(text, pos, line, [&](const CsvRecord& rec) {
    if (!columns) return void(columns.emplace(rec));
    try {
      sink.row(columns->row(rec));
    } catch (const InputError& e) {
      throw InputError("line " + std::to_string(rec.line) + ": " + e.what());
    }
  });
  if (!columns) throw InputError("has no header row (node,dst,port,vc,...)");
}

// ---- resolving rows against the network -----------------------------------

class RowResolver {
 public:
  RowResolver(const Network& net, std::uint32_t vcs) : net_(net), vcs_(vcs) {}

  TableRow resolve(const RawRow& raw) const {
    TableRow r;
    r.node = node(raw.node, "node");
    r.dst = node(raw.dst, "destination");
    auto fail = [&](const std::string& what) -> void {
      throw InputError("node " + label(r.node) + ", destination " + label(r.dst) + ": " + what);
    };
    if (r.node == r.dst) fail("a packet at its destination needs no row");
    if (!net_.is_terminal(r.dst)) fail("the destination is a switch, which receives no traffic");
    r.port = static_cast<PortId>(raw.port);
    if (const std::string bad = port_problem(r.node, raw.port, PortDir::In); !bad.empty()) fail(bad);
    if (raw.vc >= vcs_) fail(vc_problem("vc", raw.vc));
    r.vc = static_cast<std::uint32_t>(raw.vc);
    r.bubble = raw.bubble;
    if (raw.in_port && *raw.in_port == "local") r.in_port = TableRow::kLocal;
    else if (raw.in_port) {
      const std::uint64_t p = *whole_number(*raw.in_port);
      if (!net_.forwards(r.node)) fail("an endpoint forwards nothing: in_port must be absent or local");
      if (const std::string bad = port_problem(r.node, p, PortDir::Out); !bad.empty()) fail("in_" + bad);
      r.in_port = static_cast<std::int32_t>(p);
    }
    if (raw.in_vc && r.in_port == TableRow::kLocal) fail("in_vc given for a packet injected here (in_port local)");
    if (raw.in_vc && *raw.in_vc >= vcs_) fail(vc_problem("in_vc", *raw.in_vc));
    if (raw.in_vc) r.in_vc = static_cast<std::int32_t>(*raw.in_vc);
    return r;
  }

 private:
  const Network& net_;
  std::uint32_t vcs_;
  mutable std::optional<std::unordered_map<std::string, NodeId>> labels_;  // kNoNode: repeated

  std::string label(NodeId v) const { return "\"" + excerpt(net_.label(v)) + "\""; }

  std::string vc_problem(const std::string& field, std::uint64_t vc) const {
    return field + " " + std::to_string(vc) + " is out of range (vcs = " + std::to_string(vcs_) + ")";
  }

  // Why port p of v cannot carry the row's hop ("" if it can); `wrong` is
  // the direction the use excludes.
  std::string port_problem(NodeId v, std::uint64_t p, PortDir wrong) const {
    if (p >= net_.num_ports(v))
      return "port " + std::to_string(p) + " does not exist (the node has " + std::to_string(net_.num_ports(v)) +
             " ports, 0.." + std::to_string(net_.num_ports(v) - 1) + ")";
    const PortSlot& s = net_.port(v, static_cast<PortId>(p));
    if (!s.connected()) return "port " + std::to_string(p) + " is not connected";
    if (s.dir == wrong) return "port " + std::to_string(p) + (wrong == PortDir::In ? " only receives" : " only sends");
    return "";
  }

  NodeId node(const NodeName& n, const std::string& role) const {
    auto fail = [&](const std::string& what) -> void { throw InputError(role + " " + n.text() + " " + what); };
    if (n.by_id) {
      if (n.id >= net_.num_nodes()) fail("is no node id of " + net_.spec() + " (ids 0.." + std::to_string(net_.num_nodes() - 1) + ")");
      return static_cast<NodeId>(n.id);
    }
    if (!labels_) index_labels();
    auto it = labels_->find(n.label);
    if (it == labels_->end()) fail("is no node label of " + net_.spec());
    if (it->second == kNoNode) fail("labels several nodes of " + net_.spec() + ": name nodes by id");
    return it->second;
  }

  void index_labels() const {
    labels_.emplace();
    for (NodeId v = 0; v < net_.num_nodes(); ++v) {
      auto [it, fresh] = labels_->emplace(net_.label(v), v);
      if (!fresh) it->second = kNoNode;
    }
  }
};

// The rows, resolved as the parser delivers them.
class TableBuilder final : public RowSink {
 public:
  explicit TableBuilder(const Network& net) : net_(net) {}

  void header(const RawHeader& h) override {
    if (!h.network.empty() && h.network != net_.spec())
      throw InputError("written for " + excerpt(h.network) + ", not " + net_.spec());
    if (h.vcs < 1 || h.vcs > kMaxVcs)
      throw InputError("vcs " + std::to_string(h.vcs) + " is out of range (1.." + std::to_string(kMaxVcs) + ")");
    table_.network = h.network;
    table_.vcs = static_cast<std::uint32_t>(h.vcs);
    resolver_.emplace(net_, table_.vcs);
  }
  void row(const RawRow& r) override { table_.rows.push_back(resolver_->resolve(r)); }
  RoutingTable take() { return std::move(table_); }

 private:
  const Network& net_;
  RoutingTable table_;
  std::optional<RowResolver> resolver_;
};

// ---- writing -----------------------------------------------------------------

bool unique_labels(const Network& net) {
  std::unordered_set<std::string> seen;
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (!seen.insert(net.label(v)).second) return false;
  return true;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos && (s.empty() || s[0] != '#')) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

RoutingTable parse_routing_table(const std::string& text, bool csv, const std::string& name, const Network& net) {
  TableBuilder builder(net);
  try {
    if (csv) parse_csv(text, builder);
    else parse_json(text, builder);
  } catch (const InputError& e) {
    throw InputError("routing table " + name + ": " + e.what());
  }
  RoutingTable table = builder.take();
  const TableIndex index(net, table, name);
  check_table_walks(net, index, name);
  return table;
}

RoutingTable read_routing_table(const std::filesystem::path& file, const Network& net) {
  std::ifstream in(file, std::ios::binary);
  if (!in || std::filesystem::is_directory(file)) throw InputError("routing table " + file.string() + ": cannot be opened");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_routing_table(text.str(), file.extension() == ".csv", file.string(), net);
}

void write_routing_table_json(std::ostream& out, const RoutingTable& table, const Network& net) {
  const bool labels = unique_labels(net);
  auto name = [&](NodeId v) { return labels ? nlohmann::ordered_json(net.label(v)) : nlohmann::ordered_json(v); };
  out << "{\"format\": \"" << kRoutingTableFormat << "\", \"version\": " << kRoutingTableVersion
      << ", \"network\": " << json_text(net.spec()) << ", \"vcs\": " << table.vcs << ",\n \"routes\": [";
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const TableRow& r = table.rows[i];
    nlohmann::ordered_json row{{"node", name(r.node)}, {"dst", name(r.dst)}};
    if (r.in_port == TableRow::kLocal) row["in_port"] = "local";
    else if (r.in_port != TableRow::kAny) row["in_port"] = r.in_port;
    if (r.in_vc != TableRow::kAny) row["in_vc"] = r.in_vc;
    row["port"] = r.port;
    row["vc"] = r.vc;
    if (r.bubble) row["bubble"] = true;
    out << (i ? ",\n  " : "\n  ") << row.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  out << "\n]}\n";
}

void write_routing_table_csv(std::ostream& out, const RoutingTable& table, const Network& net) {
  const bool labels = unique_labels(net);
  bool in_port = false, in_vc = false, bubble = false;
  for (const TableRow& r : table.rows) {
    in_port = in_port || r.in_port != TableRow::kAny;
    in_vc = in_vc || r.in_vc != TableRow::kAny;
    bubble = bubble || r.bubble;
  }
  out << "# format: " << kRoutingTableFormat << "\n# version: " << kRoutingTableVersion << "\n# vcs: " << table.vcs
      << "\n# network: " << net.spec() << "\n";
  out << (labels ? "node,dst" : "node_id,dst_id") << (in_port ? ",in_port" : "") << (in_vc ? ",in_vc" : "")
      << ",port,vc" << (bubble ? ",bubble" : "") << "\n";
  auto name = [&](NodeId v) { return labels ? csv_cell(net.label(v)) : std::to_string(v); };
  for (const TableRow& r : table.rows) {
    out << name(r.node) << ',' << name(r.dst);
    if (in_port)
      out << ',' << (r.in_port == TableRow::kLocal ? "local" : r.in_port == TableRow::kAny ? "" : std::to_string(r.in_port));
    if (in_vc) out << ',' << (r.in_vc == TableRow::kAny ? "" : std::to_string(r.in_vc));
    out << ',' << r.port << ',' << r.vc;
    if (bubble) out << ',' << (r.bubble ? "true" : "false");
    out << '\n';
  }
}

}  // namespace menger
