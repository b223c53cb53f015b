// Reading and writing routing tables (format: models/routing_table.h).
//
// Both encodings are parsed into raw rows (names and numbers as the file
// gives them), each resolved against the network by one function as soon as
// it is read, so JSON and CSV get the same checks and the same messages, and
// a big table is not held twice.  JSON goes through nlohmann's SAX interface
// straight into rows (JsonTableParser below), not a DOM, so that memory grows
// with the rows, not 33-fold with the text.  The hand-written CSV reader
// follows RFC 4180 (quoted fields, "" for a quote, CRLF or LF) because labels
// such as "(0,1)" hold commas.  The file is read through read_input_file
// (core/input_file.h): a directory, a device or a file beyond the input limit
// is refused, a UTF-8 byte-order mark dropped, the digest recorded.
#include <algorithm>
#include <charconv>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "core/budget.h"
#include "core/error.h"
#include "core/input_file.h"
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
  std::optional<bool> escape;  // version 2 only
};

struct RawHeader {
  std::string network;
  std::uint64_t vcs = 0;
  std::int64_t version = kRoutingTableVersion;
};

// Where a parser delivers the file: the header once, then each row as it is
// read (resolved at once, so a big table is never held twice).
class RowSink {
 public:
  virtual ~RowSink() = default;
  virtual void header(const RawHeader& h) = 0;
  virtual void row(const RawRow& r) = 0;
  // A "network" met after the rows (JSON keys come in any order).
  virtual void late_network(const std::string& network) = 0;
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
        key != "bubble" && key != "escape")
      throw InputError("unknown field '" + excerpt(key) + "' (fields: node, dst, in_port, in_vc, port, vc, bubble, escape)");
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
  if (j.contains("escape")) r.escape = json_as<bool>(j["escape"], "escape");
  return r;
}

void check_header(const std::string& format, std::int64_t version) {
  if (format != kRoutingTableFormat)
    throw InputError("format is '" + excerpt(format) + "', expected '" + kRoutingTableFormat + "'");
  if (version < kRoutingTableFirstVersion || version > kRoutingTableVersion)
    throw InputError("version " + std::to_string(version) + " is not supported (this Menger reads versions " +
                     std::to_string(kRoutingTableFirstVersion) + " to " + std::to_string(kRoutingTableVersion) + ")");
}

// The JSON encoding, parsed by nlohmann's SAX interface straight into rows:
// a DOM of the whole file costs about 33 bytes of memory per byte of text (a
// 130 MB table of rows ran out of memory after 3.3 GB), while here one row at
// a time is held as a small object and handed to the sink, so memory stays
// the text plus the resolved rows.  The refusals of parse_json and
// require_keys (core/json_io.h) are made here as the keys arrive: a key
// written twice in one object, a key the format does not have.  The header
// fields usually come first (the writer puts them there); rows met before
// format, version and vcs are kept as raw rows until the object ends.
class JsonTableParser final : public nlohmann::json::json_sax_t {
 public:
  JsonTableParser(RowSink& sink, const Budget& budget) : sink_(sink), budget_(budget) {}

  bool null() override { return scalar(nullptr); }
  bool boolean(bool v) override { return scalar(v); }
  bool number_integer(number_integer_t v) override { return scalar(v); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(v); }
  bool number_float(number_float_t v, const string_t&) override { return scalar(v); }
  bool string(string_t& v) override { return scalar(v); }
  bool binary(binary_t&) override { throw InputError("holds binary data"); }

  bool start_object(std::size_t) override {
    tick();
    switch (at_) {
      case At::Start: at_ = At::Top; return true;
      case At::Routes: at_ = At::Row; row_ = nlohmann::json::object(); return true;
      case At::Top: nested(top_key_, nlohmann::json::object()); break;
      case At::Row: nested_in_row(nlohmann::json::object()); break;
      case At::Done: break;
    }
    throw InputError("is not one JSON object");
  }
  bool start_array(std::size_t) override {
    tick();
    switch (at_) {
      case At::Start: throw InputError("must be a JSON object with format, version, vcs and routes");
      case At::Top:
        if (top_key_ != "routes") nested(top_key_, nlohmann::json::array());
        at_ = At::Routes;
        begin_rows();
        return true;
      case At::Routes: throw InputError(row_name() + ": must be an object");
      case At::Row: nested_in_row(nlohmann::json::array()); break;
      case At::Done: break;
    }
    throw InputError("is not one JSON object");
  }
  bool key(string_t& k) override {
    tick();
    if (at_ == At::Top) {
      static const char* const kKeys[] = {"format", "version", "vcs", "network", "routes"};
      if (std::find(std::begin(kKeys), std::end(kKeys), k) == std::end(kKeys))
        throw InputError("unknown key \"" + excerpt(k) + "\" (expected format, version, vcs, network, routes)");
      if (!top_keys_.insert(k).second)
        throw InputError("the key \"" + excerpt(k) + "\" appears twice (which one is meant?)");
      top_key_ = k;
      return true;
    }
    static const char* const kColumns[] = {"node", "dst", "in_port", "in_vc", "port", "vc", "bubble", "escape"};
    if (std::find(std::begin(kColumns), std::end(kColumns), k) == std::end(kColumns))
      throw InputError(row_name() + ": unknown field '" + excerpt(k) +
                       "' (fields: node, dst, in_port, in_vc, port, vc, bubble, escape)");
    if (row_.contains(k))
      throw InputError(row_name() + ": the key \"" + excerpt(k) + "\" appears twice (which one is meant?)");
    row_key_ = k;
    return true;
  }
  bool end_object() override {
    if (at_ == At::Row) {
      deliver();
      at_ = At::Routes;
      return true;
    }
    end_top();
    at_ = At::Done;
    return true;
  }
  bool end_array() override {
    at_ = At::Top;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::json::exception& e) override {
    throw InputError(std::string("is not JSON (") + e.what() + ")");
  }

 private:
  enum class At { Start, Top, Routes, Row, Done };
  RowSink& sink_;
  At at_ = At::Start;
  std::set<std::string> top_keys_;
  std::string top_key_, row_key_;
  nlohmann::json top_ = nlohmann::json::object();  // the header's scalars
  nlohmann::json row_;                             // the row being read: scalars only
  std::size_t rows_ = 0;                           // rows read so far
  bool header_given_ = false;
  std::vector<std::pair<std::size_t, RawRow>> pending_;  // rows read before the header
  std::uint64_t events_ = 0;
  const Budget& budget_;

  void tick() {
    if (++events_ % 4096 == 0) budget_.check("reading a routing table");
  }
  std::string row_name() const { return "routes[" + std::to_string(rows_) + "]"; }

  template <class T>
  bool scalar(T v) {
    tick();
    switch (at_) {
      case At::Top:
        if (top_key_ == "routes") throw InputError("field 'routes' must be an array of rows");
        top_[top_key_] = v;
        return true;
      case At::Row: row_[row_key_] = v; return true;
      case At::Routes: throw InputError(row_name() + ": must be an object");
      case At::Start: throw InputError("must be a JSON object with format, version, vcs and routes");
      case At::Done: break;
    }
    throw InputError("is not one JSON object");
  }
  // A list or object where the header has a single value: the error the
  // field's type gives.
  [[noreturn]] void nested(const std::string& key, const nlohmann::json& value) const {
    if (key == "routes") throw InputError("field 'routes' must be an array of rows");
    if (key == "format" || key == "network") json_as<std::string>(value, key);
    json_as<std::uint32_t>(value, key);
    throw InputError("field '" + key + "' must be a single value");
  }
  [[noreturn]] void nested_in_row(const nlohmann::json& value) const {
    throw InputError(row_name() + ": field '" + row_key_ + "' must be a single value, not " + value.type_name());
  }

  RawHeader header() const {
    const std::string format = json_at<std::string>(top_, "format");
    if (!top_.contains("version")) throw InputError("missing field 'version'");
    if (!top_["version"].is_number_integer()) throw InputError("field 'version' must be a whole number");
    check_header(format, top_["version"].get<std::int64_t>());
    RawHeader h;
    h.version = top_["version"].get<std::int64_t>();
    h.vcs = json_at<std::uint32_t>(top_, "vcs");
    if (top_.contains("network")) h.network = json_as<std::string>(top_["network"], "network");
    return h;
  }
  void begin_rows() {
    if (top_.contains("format") && top_.contains("version") && top_.contains("vcs")) {
      sink_.header(header());
      header_given_ = true;
    }
  }
  void deliver() {
    try {
      RawRow r = json_row(row_);
      if (header_given_) sink_.row(r);
      else pending_.emplace_back(rows_, std::move(r));
    } catch (const InputError& e) {
      throw InputError(row_name() + ": " + e.what());
    }
    ++rows_;
  }
  void end_top() {
    const RawHeader h = header();  // a table of another format or version is refused as such first
    if (!top_keys_.count("routes")) throw InputError("field 'routes' must be an array of rows");
    if (!header_given_) sink_.header(h);
    else if (!h.network.empty()) sink_.late_network(h.network);
    for (const auto& [i, r] : pending_) {
      try {
        sink_.row(r);
      } catch (const InputError& e) {
        throw InputError("routes[" + std::to_string(i) + "]: " + e.what());
      }
    }
    pending_.clear();
  }
};

void parse_json(const std::string& text, RowSink& sink, const Budget& budget) {
  JsonTableParser parser(sink, budget);
  (void)nlohmann::json::sax_parse(text, &parser);
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
    const std::string key = trim(body.substr(0, colon));
    if (!meta.emplace(key, trim(body.substr(colon + 1))).second)
      throw InputError("line " + std::to_string(line) + ": '# " + excerpt(key) + ":' is given twice (which one is meant?)");
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
                                                          "in_vc", "port", "vc", "bubble", "escape"};
      if (!kKnown.count(name))
        throw InputError("line " + std::to_string(header.line) + ": unknown column '" + excerpt(name) +
                         "' (columns: node or node_id, dst or dst_id, in_port, in_vc, port, vc, bubble, escape)");
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
    if (const std::string* c = cell(rec, "bubble"); c && !c->empty()) r.bubble = flag(*c, "bubble");
    if (const std::string* c = cell(rec, "escape"); c && !c->empty()) r.escape = flag(*c, "escape");
    return r;
  }

 private:
  std::unordered_map<std::string, std::size_t> index_;
  bool by_id_ = false;
  std::size_t width_ = 0;

  static bool flag(const std::string& c, const std::string& column) {
    if (c != "true" && c != "false" && c != "1" && c != "0")
      throw InputError(column + " '" + excerpt(c) + "' must be true, false, 1 or 0");
    return c == "true" || c == "1";
  }

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
  h.version = static_cast<std::int64_t>(*version);
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
  RowResolver(const Network& net, std::uint32_t vcs, std::int64_t version) : net_(net), vcs_(vcs), version_(version) {}

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
    if (raw.escape && version_ < 2) fail("the field 'escape' is new in version 2 (this table says version 1)");
    r.escape = raw.escape.value_or(false);
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
  std::int64_t version_;
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
    table_.version = h.version;
    resolver_.emplace(net_, table_.vcs, table_.version);
  }
  void row(const RawRow& r) override { table_.rows.push_back(resolver_->resolve(r)); }
  void late_network(const std::string& network) override {
    if (network != net_.spec()) throw InputError("written for " + excerpt(network) + ", not " + net_.spec());
    table_.network = network;
  }
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

// The oldest version that holds the table: 2 when an entry has several
// choices or a row is marked escape, else 1 (an older Menger reads it).
std::int64_t written_version(const RoutingTable& table) {
  std::set<std::tuple<NodeId, NodeId, std::int32_t, std::int32_t>> keys;
  for (const TableRow& r : table.rows)
    if (r.escape || !keys.emplace(r.node, r.dst, r.in_port, r.in_vc).second) return kRoutingTableVersion;
  return kRoutingTableFirstVersion;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos && (s.empty() || s[0] != '#')) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

RoutingTable parse_routing_table(const std::string& text, bool csv, const std::string& name, const Network& net,
                                 const Budget& budget) {
  TableBuilder builder(net);
  try {
    if (csv) parse_csv(text, builder);
    else parse_json(text, builder, budget);
  } catch (const InputError& e) {
    throw InputError("routing table " + name + ": " + e.what());
  }
  RoutingTable table = builder.take();
  const TableIndex index(net, table, name);
  check_table_walks(net, index, name);
  (void)declared_escape_vcs(net, table, name);  // an escape mark on part of a VC is refused here
  return table;
}

RoutingTable read_routing_table(const std::filesystem::path& file, const Network& net, const Budget& budget) {
  const InputFile in = read_input_file(file, "routing table", budget);
  RoutingTable table = parse_routing_table(in.text, file.extension() == ".csv", file.string(), net, budget);
  table.source = InputRecord{file.string(), in.digest};
  return table;
}

void write_routing_table_json(std::ostream& out, const RoutingTable& table, const Network& net) {
  const bool labels = unique_labels(net);
  auto name = [&](NodeId v) { return labels ? nlohmann::ordered_json(net.label(v)) : nlohmann::ordered_json(v); };
  out << "{\"format\": \"" << kRoutingTableFormat << "\", \"version\": " << written_version(table)
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
    if (r.escape) row["escape"] = true;
    out << (i ? ",\n  " : "\n  ") << row.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  out << "\n]}\n";
}

void write_routing_table_csv(std::ostream& out, const RoutingTable& table, const Network& net) {
  const bool labels = unique_labels(net);
  bool in_port = false, in_vc = false, bubble = false, escape = false;
  for (const TableRow& r : table.rows) {
    in_port = in_port || r.in_port != TableRow::kAny;
    in_vc = in_vc || r.in_vc != TableRow::kAny;
    bubble = bubble || r.bubble;
    escape = escape || r.escape;
  }
  out << "# format: " << kRoutingTableFormat << "\n# version: " << written_version(table) << "\n# vcs: " << table.vcs
      << "\n# network: " << net.spec() << "\n";
  out << (labels ? "node,dst" : "node_id,dst_id") << (in_port ? ",in_port" : "") << (in_vc ? ",in_vc" : "")
      << ",port,vc" << (bubble ? ",bubble" : "") << (escape ? ",escape" : "") << "\n";
  auto name = [&](NodeId v) { return labels ? csv_cell(net.label(v)) : std::to_string(v); };
  for (const TableRow& r : table.rows) {
    out << name(r.node) << ',' << name(r.dst);
    if (in_port)
      out << ',' << (r.in_port == TableRow::kLocal ? "local" : r.in_port == TableRow::kAny ? "" : std::to_string(r.in_port));
    if (in_vc) out << ',' << (r.in_vc == TableRow::kAny ? "" : std::to_string(r.in_vc));
    out << ',' << r.port << ',' << r.vc;
    if (bubble) out << ',' << (r.bubble ? "true" : "false");
    if (escape) out << ',' << (r.escape ? "true" : "false");
    out << '\n';
  }
}

}  // namespace menger
