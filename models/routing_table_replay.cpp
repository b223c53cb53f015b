// The `table` routing: a checked routing table (models/routing_table.h)
// replayed hop by hop, the index it looks hops up in, and the load-time walk
// that refuses forwarding loops and dead ends.
//
// Walk check: per destination d, a deterministic entry is a function from a
// packet's place (node, input port, input VC) to the next place, so following
// such entries from every row is a walk in a functional graph.  Each place is
// coloured (on the current walk / done); reaching a place on the current walk
// again is a loop of deterministic entries, reaching a done one ends the walk.
// An adaptive entry ends the walk too, and each of its choices starts a new
// one (queued): a loop through it is not a load error (routing_table_index.h).
// Every place is entered once per destination: O(rows + places) hash
// operations.
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "core/error.h"
#include "core/text.h"
#include "models/packet_fields.h"
#include "models/routing_registry.h"
#include "models/routing_table.h"
#include "models/routing_table_index.h"

namespace menger {

namespace {

std::string node_text(const Network& net, NodeId v) { return "\"" + excerpt(net.label(v)) + "\""; }

auto row_key(const TableRow& r) { return std::tie(r.node, r.dst, r.in_port, r.in_vc); }

}  // namespace

std::optional<PortId> single_sending_port(const Network& net, NodeId v) {
  std::optional<PortId> found;
  for (PortId p = 0; p < net.num_ports(v); ++p) {
    const PortSlot& s = net.port(v, p);
    if (!s.connected() || s.dir == PortDir::In) continue;
    if (found) return std::nullopt;
    found = p;
  }
  return found;
}

TableIndex::TableIndex(const Network& net, RoutingTable& table, const std::string& name)
    : net_(net), table_(&table) {
  auto& rows = table.rows;
  std::stable_sort(rows.begin(), rows.end(), [](const TableRow& a, const TableRow& b) { return row_key(a) < row_key(b); });
  std::uint32_t entry = 0;  // first row of the current key
  for (std::uint32_t i = 0; i < rows.size(); ++i) {
    if (i > 0 && row_key(rows[i - 1]) != row_key(rows[i])) entry = i;
    if (i > entry) duplicate_check(rows, entry, i, name);
    Run& run = runs_[pair_key(rows[i].node, rows[i].dst)];
    if (run.end == 0) run.begin = i;
    run.end = i + 1;
  }
}

void TableIndex::duplicate_check(const std::vector<TableRow>& rows, std::uint32_t entry, std::uint32_t i,
                                 const std::string& name) const {
  const TableRow& r = rows[i];
  auto fail = [&](const std::string& what) {
    throw InputError("routing table " + name + ": node " + node_text(net_, r.node) + ", destination " +
                     node_text(net_, r.dst) + ": " + what);
  };
  if (table_->version < 2)
    fail("two rows for the same input port and VC (version 1 tables hold one hop per key; version 2 reads "
         "several rows with one key as the choices of an adaptive entry)");
  for (std::uint32_t j = entry; j < i; ++j)
    if (rows[j].port == r.port && rows[j].vc == r.vc)
      fail("the choice port " + std::to_string(r.port) + ", VC " + std::to_string(r.vc) +
           " is given twice for the same input port and VC");
}

TableHops TableIndex::endpoint_rule(NodeId node) const {
  if (net_.forwards(node)) return {};
  const auto port = single_sending_port(net_, node);
  TableHops out;
  if (port) out.push_back(TableHop{*port, 0, false});
  return out;
}

TableHops TableIndex::hops(const TableKey& key) const {
  auto it = runs_.find(pair_key(key.node, key.dst));
  if (it == runs_.end()) return key.in_port == TableRow::kLocal ? endpoint_rule(key.node) : TableHops{};
  const TableRow* best = nullptr;
  int best_rank = -1;
  for (std::uint32_t i = it->second.begin; i < it->second.end; ++i) {
    const TableRow& r = table_->rows[i];
    const bool port_ok = r.in_port == TableRow::kAny || r.in_port == key.in_port;
    const bool vc_ok = r.in_vc == TableRow::kAny || (key.in_port != TableRow::kLocal && r.in_vc == key.in_vc);
    const int rank = (r.in_port != TableRow::kAny ? 2 : 0) + (r.in_vc != TableRow::kAny ? 1 : 0);
    if (port_ok && vc_ok && rank > best_rank) {
      best = &r;
      best_rank = rank;
    }
  }
  TableHops out;
  if (!best) return out;
  // The choices are the rows with best's key, next to it (sorted by key).
  const TableRow* end = table_->rows.data() + it->second.end;
  for (const TableRow* r = best; r != end && row_key(*r) == row_key(*best); ++r)
    out.push_back(TableHop{r->port, r->vc, r->bubble});
  return out;
}

std::vector<bool> declared_escape_vcs(const Network& net, const RoutingTable& table, const std::string& name) {
  std::vector<bool> escape(table.vcs, false);
  bool any = false;
  for (const TableRow& r : table.rows)
    if (r.escape) escape[r.vc] = any = true;
  if (!any) return {};
  for (const TableRow& r : table.rows)
    if (escape[r.vc] && !r.escape)
      throw InputError("routing table " + name + ": node " + node_text(net, r.node) + ", destination " +
                       node_text(net, r.dst) + ": the choice port " + std::to_string(r.port) + ", VC " +
                       std::to_string(r.vc) + " is not marked escape, but other rows mark VC " +
                       std::to_string(r.vc) + " escape (escape channels are whole VCs: mark every row on it)");
  return escape;
}

// ---- load-time walks --------------------------------------------------------

namespace {

class TableWalker {
 public:
  TableWalker(const Network& net, const TableIndex& index, const std::string& name)
      : net_(net), index_(index), name_(name) {}

  // Walks for destination `dst` from every row (all with this dst), from
  // the one-port endpoints feeding their nodes, and from every choice of an
  // adaptive entry met on the way.
  void walk_destination(NodeId dst, const std::vector<const TableRow*>& rows) {
    colour_.clear();
    for (const TableRow* r : rows) {
      follow(advance(TableKey{r->node, dst, r->in_port, r->in_vc}, TableHop{r->port, r->vc, r->bubble}));
      for (NodeId e : silent_endpoints(r->node, dst)) follow(TableKey{e, dst, TableRow::kLocal, 0});
    }
    while (!queued_.empty()) {
      const TableKey k = queued_.back();
      queued_.pop_back();
      follow(k);
    }
  }

 private:
  enum : std::uint8_t { kOnWalk = 1, kDone = 2 };
  const Network& net_;
  const TableIndex& index_;
  const std::string& name_;
  std::unordered_map<std::uint64_t, std::uint8_t> colour_;
  std::vector<TableKey> path_;
  std::vector<TableKey> queued_;  // places after an adaptive entry's choices

  static std::uint64_t place(const TableKey& k) {
    MENGER_ASSERT(k.in_port + 2 < (1 << 20) && k.in_vc < (1 << 12), "routing table: port or VC beyond the walk's key");
    return (std::uint64_t{k.node} << 32) | (std::uint64_t(k.in_port + 2) << 12) | std::uint64_t(k.in_vc);
  }

  TableKey advance(const TableKey& k, const TableHop& hop) const {
    const PortSlot& s = net_.port(k.node, hop.port);
    return TableKey{s.peer, k.dst, static_cast<std::int32_t>(s.peer_port), static_cast<std::int32_t>(hop.vc)};
  }

  // Endpoints without rows for dst whose one sending port leads to `node`.
  std::vector<NodeId> silent_endpoints(NodeId node, NodeId dst) const {
    std::vector<NodeId> out;
    for (const PortSlot& s : net_.ports(node)) {
      if (!s.connected() || s.peer == dst || net_.forwards(s.peer) || index_.has_rows(s.peer, dst)) continue;
      const auto p = single_sending_port(net_, s.peer);
      if (p && net_.port(s.peer, *p).peer == node) out.push_back(s.peer);
    }
    return out;
  }

  void follow(TableKey k) {
    path_.clear();
    while (k.node != k.dst) {
      std::uint8_t& c = colour_[place(k)];
      if (c == kDone) break;
      if (c == kOnWalk) loop_error(k);
      c = kOnWalk;
      path_.push_back(k);
      const TableHops hops = step(k);
      if (hops.size() > 1) {
        for (const TableHop& h : hops) queued_.push_back(advance(k, h));
        break;
      }
      k = advance(k, hops.front());
    }
    for (const TableKey& p : path_) colour_[place(p)] = kDone;
  }

  // The hops at k: at least one (else an InputError).
  TableHops step(const TableKey& k) const {
    if (!net_.forwards(k.node) && k.in_port != TableRow::kLocal)
      fail(k, "a packet for it is forwarded to endpoint " + node_text(net_, k.node) + ", which is not its destination");
    TableHops hops = index_.hops(k);
    if (hops.empty()) fail(k, "a packet for it reaches " + node_text(net_, k.node) + " (by port " + std::to_string(k.in_port) +
                              ", VC " + std::to_string(k.in_vc) + ") and no row routes it on");
    return hops;
  }

  [[noreturn]] void loop_error(const TableKey& k) const {
    std::string cycle;
    bool on = false;
    for (const TableKey& p : path_) {
      on = on || place(p) == place(k);
      if (on) cycle += node_text(net_, p.node) + " -> ";
    }
    fail(k, "forwarding loop " + cycle + node_text(net_, k.node) + " (every entry on it has one choice)");
  }

  [[noreturn]] void fail(const TableKey& k, const std::string& what) const {
    throw InputError("routing table " + name_ + ": node " + node_text(net_, k.node) + ", destination " +
                     node_text(net_, k.dst) + ": " + what);
  }
};

}  // namespace

void check_table_walks(const Network& net, const TableIndex& index, const std::string& name) {
  std::unordered_map<NodeId, std::vector<const TableRow*>> by_dst;
  for (const TableRow& r : index.table().rows) by_dst[r.dst].push_back(&r);
  std::vector<NodeId> dsts;
  for (const auto& [d, rows] : by_dst) dsts.push_back(d);
  std::sort(dsts.begin(), dsts.end());  // the first error found does not depend on hashing
  TableWalker walker(net, index, name);
  for (NodeId d : dsts) walker.walk_destination(d, by_dst[d]);
}

// ---- the routing ------------------------------------------------------------

namespace {

// The state: the port the packet came in by (none: injected here) and the
// VC it arrived on, the two keys a table row adds to (node, destination).
constexpr IdField kTableInPort{0, "in port ", "injected"};
constexpr ValueField kTableArrivedVc{1, "VC "};

class TableRouting final : public Routing {
 public:
  TableRouting(const Network& net, RoutingTable table, std::string spec)
      : net_(net),
        table_(std::move(table)),
        index_(net, table_, spec),
        escape_(declared_escape_vcs(net, table_, spec)),
        spec_(std::move(spec)) {}

  std::string spec() const override { return spec_; }
  // It asks nothing: a hop over a failed unit is the engine's Blocked.
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  bool reads_faults() const override { return false; }
  std::uint32_t vcs() const override { return table_.vcs; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    const auto in = kTableInPort(state);
    const std::int32_t in_port = in ? static_cast<std::int32_t>(*in) : TableRow::kLocal;
    for (const TableHop& hop : index_.hops(TableKey{here, dst, in_port, kTableArrivedVc(state)})) {
      PacketState next;
      kTableInPort.set(next, net_.port(here, hop.port).peer_port);
      kTableArrivedVc.set(next, static_cast<std::int32_t>(hop.vc));
      out.push_back(Hop{hop.port, hop.vc, next, hop.bubble});
    }
  }

  std::vector<bool> escape_vcs() const override { return escape_; }

  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }

  std::vector<InputRecord> input_files() const override {
    if (table_.source.path.empty()) return {};
    return {table_.source};
  }

 private:
  const Network& net_;
  StateFields fields_ = StateFields().id(kTableInPort, [](std::uint32_t p) { return std::to_string(p); }).value(kTableArrivedVc);
  RoutingTable table_;
  TableIndex index_;
  std::vector<bool> escape_;
  std::string spec_;
};

RoutingFamily table_family() {
  return RoutingFamily{
      "table",
      "a routing read from a routing table file, JSON or .csv (models/routing_table.md); adaptive entries offer several choices",
      "Menger's own format menger-routing-table, versions 1 and 2 (models/routing_table.md)",
      {ParamSpec::text("file", "the table file (.csv: CSV, otherwise JSON), relative names beside the claim file (on the command line: the working directory)")
           .names_file()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        // The spec names the resolved path (names_file(), as opensm(...)
        // does), so that a witness written from a claim file replays from the
        // same directory; the table's errors name the routing by it too.
        RoutingTable table = read_routing_table(p.file("file").lexically_normal(), net, p.budget());
        return make_table_routing(net, std::move(table), canonical_routing_spec(table_family(), p));
      }};
}

}  // namespace

std::unique_ptr<Routing> make_table_routing(const Network& net, RoutingTable table, std::string spec) {
  return std::make_unique<TableRouting>(net, std::move(table), std::move(spec));
}

void register_table_routing(RoutingRegistry& reg) { reg.add(table_family()); }

}  // namespace menger
