// The `table` routing: a checked routing table (models/routing_table.h)
// replayed hop by hop, the index it looks hops up in, and the load-time walk
// that refuses forwarding loops and dead ends.
//
// Walk check: per destination d, the rows form a function from a packet's
// place (node, input port, input VC) to the next place, so following them
// from every row is a walk in a functional graph.  Each place is coloured
// (on the current walk / known to reach d); reaching a place on the current
// walk again is a loop, reaching a coloured-done one ends the walk.  Every
// place is entered once per destination: O(rows + places) hash operations.
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
  for (std::uint32_t i = 0; i < rows.size(); ++i) {
    if (i > 0 && row_key(rows[i - 1]) == row_key(rows[i]))
      throw InputError("routing table " + name + ": node " + node_text(net, rows[i].node) + ", destination " +
                       node_text(net, rows[i].dst) + ": two rows for the same input port and VC");
    Run& run = runs_[pair_key(rows[i].node, rows[i].dst)];
    if (run.end == 0) run.begin = i;
    run.end = i + 1;
  }
}

std::optional<TableHop> TableIndex::endpoint_rule(NodeId node) const {
  if (net_.forwards(node)) return std::nullopt;
  const auto port = single_sending_port(net_, node);
  if (!port) return std::nullopt;
  return TableHop{*port, 0, false};
}

std::optional<TableHop> TableIndex::hop(const TableKey& key) const {
  auto it = runs_.find(pair_key(key.node, key.dst));
  if (it == runs_.end()) return key.in_port == TableRow::kLocal ? endpoint_rule(key.node) : std::nullopt;
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
  if (!best) return std::nullopt;
  return TableHop{best->port, best->vc, best->bubble};
}

// ---- load-time walks --------------------------------------------------------

namespace {

class TableWalker {
 public:
  TableWalker(const Network& net, const TableIndex& index, const std::string& name)
      : net_(net), index_(index), name_(name) {}

  // Walks for destination `dst` from every row in [begin, end) of its rows
  // (all with this dst) and from the one-port endpoints feeding their nodes.
  void walk_destination(NodeId dst, const std::vector<const TableRow*>& rows) {
    colour_.clear();
    for (const TableRow* r : rows) {
      follow(advance(TableKey{r->node, dst, r->in_port, r->in_vc}, TableHop{r->port, r->vc, r->bubble}));
      for (NodeId e : silent_endpoints(r->node, dst)) follow(TableKey{e, dst, TableRow::kLocal, 0});
    }
  }

 private:
  enum : std::uint8_t { kOnWalk = 1, kDone = 2 };
  const Network& net_;
  const TableIndex& index_;
  const std::string& name_;
  std::unordered_map<std::uint64_t, std::uint8_t> colour_;
  std::vector<TableKey> path_;

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
      k = step(k);
    }
    for (const TableKey& p : path_) colour_[place(p)] = kDone;
  }

  TableKey step(const TableKey& k) const {
    if (!net_.forwards(k.node) && k.in_port != TableRow::kLocal)
      fail(k, "a packet for it is forwarded to endpoint " + node_text(net_, k.node) + ", which is not its destination");
    const auto hop = index_.hop(k);
    if (!hop) fail(k, "a packet for it reaches " + node_text(net_, k.node) + " (by port " + std::to_string(k.in_port) +
                          ", VC " + std::to_string(k.in_vc) + ") and no row routes it on");
    return advance(k, *hop);
  }

  [[noreturn]] void loop_error(const TableKey& k) const {
    std::string cycle;
    bool on = false;
    for (const TableKey& p : path_) {
      on = on || place(p) == place(k);
      if (on) cycle += node_text(net_, p.node) + " -> ";
    }
    fail(k, "forwarding loop " + cycle + node_text(net_, k.node));
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
constexpr IdField kInPort{0, "in port ", "injected"};
constexpr ValueField kArrivedVc{1, "VC "};

class TableRouting final : public Routing {
 public:
  TableRouting(const Network& net, RoutingTable table, std::string spec)
      : net_(net), table_(std::move(table)), index_(net, table_, spec), spec_(std::move(spec)) {}

  std::string spec() const override { return spec_; }
  // It asks nothing: a hop over a failed unit is the engine's Blocked.
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  std::uint32_t vcs() const override { return table_.vcs; }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    const auto in = kInPort(state);
    const std::int32_t in_port = in ? static_cast<std::int32_t>(*in) : TableRow::kLocal;
    const auto hop = index_.hop(TableKey{here, dst, in_port, kArrivedVc(state)});
    if (!hop) return;
    PacketState next;
    kInPort.set(next, net_.port(here, hop->port).peer_port);
    kArrivedVc.set(next, static_cast<std::int32_t>(hop->vc));
    out.push_back(Hop{hop->port, hop->vc, next, hop->bubble});
  }

  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }

  std::vector<InputRecord> input_files() const override {
    if (table_.source.path.empty()) return {};
    return {table_.source};
  }

 private:
  const Network& net_;
  StateFields fields_ = StateFields().id(kInPort, [](std::uint32_t p) { return std::to_string(p); }).value(kArrivedVc);
  RoutingTable table_;
  TableIndex index_;
  std::string spec_;
};

RoutingFamily table_family() {
  return RoutingFamily{
      "table",
      "a deterministic routing read from a routing table file, JSON or .csv (models/routing_table.md)",
      "Menger's own format menger-routing-table, version 1 (models/routing_table.md)",
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
