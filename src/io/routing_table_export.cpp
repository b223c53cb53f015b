// Tabulating a routing (method and refusals: routing_table_export.h).  The
// walk runs the routing through the engines' RecordingFaultView with no
// faults, so a Local routing is held to its knowledge exactly as in a check,
// and the view's record tells whether the routing asked about faults at all.
#include "io/routing_table_export.h"

#include <map>
#include <set>
#include <tuple>

#include "core/error.h"
#include "core/fault.h"
#include "core/text.h"
#include "models/routing_table_index.h"
#include "verify/fault_model.h"
#include "verify/route/route_run.h"

namespace menger {

namespace {

// (node, dst, in_port, in_vc), in_port TableRow::kLocal at the source.
using Place = std::tuple<NodeId, NodeId, std::int32_t, std::int32_t>;

class Tabulator {
 public:
  Tabulator(const Routing& routing, const Network& net, const Budget& budget)
      : budget_(budget),
        routing_(routing),
        net_(net),
        model_(net, FaultModelSpec{UnitChoice::Nodes, default_pairs(net), {}, {}}),
        view_(model_, routing.knowledge()),
        none_(model_.universe().size()) {}

  TabulatedRouting run() {
    TabulatedRouting out;
    for (NodeId s : model_.terminals())
      for (NodeId d : model_.terminals())
        if (s != d && model_.pair_required(s, d)) {
          walk(s, d);
          ++out.pairs;
        }
    out.reads_faults = reads_faults_;
    out.places = hops_.size();
    out.table.network = net_.spec();
    out.table.vcs = routing_.vcs();
    out.table.rows = rows();
    return out;
  }

 private:
  // A packet's configuration on the walk: where it is, its state, and its
  // place as a table sees it.
  struct Config {
    NodeId node;
    PacketState state;
    Place place;
  };
  const Budget& budget_;
  std::uint64_t configurations_ = 0;
  const Routing& routing_;
  const Network& net_;
  FaultModel model_;
  RecordingFaultView view_;
  FaultSet none_;
  bool reads_faults_ = false;
  std::map<Place, TableHops> hops_;

  std::string name(NodeId v) const { return "\"" + excerpt(net_.label(v)) + "\""; }

  bool usable(NodeId v, PortId p) const {
    return p < net_.num_ports(v) && net_.port(v, p).connected() && net_.port(v, p).dir != PortDir::In;
  }

  // Every configuration a packet s -> d reaches, through every hop offered
  // (depth first; a configuration reached twice is explored once).  Where the
  // routing drops the packet at s the pair is not routed.
  void walk(NodeId s, NodeId d) {
    view_.reset(none_, 0);
    view_.at(s);
    std::vector<Config> frontier{{s, routing_.start(s, d, view_), Place{s, d, TableRow::kLocal, 0}}};
    // A configuration is (node, state) and the place a table sees (the input
    // port and VC): branches that meet in one state by different ports are
    // two places, each needing its rows.
    std::set<std::tuple<NodeId, PacketState, std::int32_t, std::int32_t>> seen;
    bool adaptive = false;  // some configuration offered several hops
    while (!frontier.empty()) {
      const Config c = frontier.back();
      frontier.pop_back();
      if (++configurations_ % 4096 == 0) budget_.check("writing the routing table");
      if (!seen.emplace(c.node, c.state, std::get<2>(c.place), std::get<3>(c.place)).second) {
        if (adaptive) continue;  // branches meet again; a loop is the engines' livelock to find
        throw InputError("routing " + routing_.spec() + " sends a packet from " + name(s) + " to " + name(d) +
                         " round a loop through " + name(c.node) + " on the fault-free network: no table can hold it");
      }
      view_.at(c.node);
      Hops hops;
      routing_.next(c.node, c.state, d, view_, hops);
      reads_faults_ = reads_faults_ || !view_.reads().empty();
      adaptive = adaptive || hops.size() > 1;
      if (!all_usable(c.node, hops)) {
        if (c.node == s && hops.empty()) return;  // the pair is not routed: its source gets no row
        throw InputError("routing " + routing_.spec() + " drops the packet from " + name(s) + " to " + name(d) +
                         " at " + name(c.node) + " on the fault-free network (" +
                         (hops.empty() ? std::string("no hop offered") : std::string("a hop by a port that cannot send")) +
                         "); a table cannot drop a packet it has forwarded (a node a row sends a packet to must "
                         "route it on)");
      }
      TableHops choices;
      for (const Hop& hop : hops) {
        choices.push_back(TableHop{hop.port, hop.vc, hop.bubble});
        const PortSlot& slot = net_.port(c.node, hop.port);
        if (slot.peer != d)
          frontier.push_back(Config{slot.peer, hop.state,
                                Place{slot.peer, d, static_cast<std::int32_t>(slot.peer_port), static_cast<std::int32_t>(hop.vc)}});
      }
      record(c.place, choices);
    }
  }

  bool all_usable(NodeId v, const Hops& hops) const {
    if (hops.empty()) return false;
    for (const Hop& h : hops)
      if (!usable(v, h.port)) return false;
    return true;
  }

  void record(const Place& place, const TableHops& hops) {
    auto [it, fresh] = hops_.emplace(place, hops);
    if (fresh || it->second == hops) return;
    const auto [node, dst, in_port, in_vc] = place;
    const std::string from =
        in_port == TableRow::kLocal ? "for packets injected there"
                                    : "for packets arriving by port " + std::to_string(in_port) + " on VC " + std::to_string(in_vc);
    throw InputError("routing " + routing_.spec() + " offers packets for " + name(dst) + " at " + name(node) + " " + from +
                     " two different sets of hops ({" + hops_text(it->second) + "} and {" + hops_text(hops) + "}" +
                     "): its packet state carries more than the input port and VC, so no routing table of this "
                     "format can hold it");
  }

  static std::string hops_text(const TableHops& hops) {
    std::string out;
    for (const TableHop& h : hops)
      out += (out.empty() ? "port " : ", port ") + std::to_string(h.port) + " VC " + std::to_string(h.vc);
    return out;
  }

  std::vector<TableRow> rows() const;
};

// ---- compaction: the fewest rows per (node, destination) -----------------

using Group = std::vector<std::pair<Place, TableHops>>;

// True when the hops are a function of key(place) over the group.
template <class Key>
bool function_of(const Group& g, Key key) {
  std::map<std::int64_t, TableHops> seen;
  for (const auto& [place, hops] : g) {
    auto [it, fresh] = seen.emplace(key(place), hops);
    if (!fresh && it->second != hops) return false;
  }
  return true;
}

// One row per choice, all with the key of `p` (in_port and in_vc kept as asked).
void rows_of(const Place& p, const TableHops& hops, bool by_port, bool by_vc, std::vector<TableRow>& out) {
  const auto [node, dst, in_port, in_vc] = p;
  for (const TableHop& hop : hops) {
    TableRow r{node, dst, TableRow::kAny, TableRow::kAny, hop.port, hop.vc, hop.bubble};
    if (by_port || in_port == TableRow::kLocal) r.in_port = in_port;
    if (by_vc && in_port != TableRow::kLocal) r.in_vc = in_vc;
    out.push_back(r);
  }
}

void compact(const Group& g, const Network& net, std::vector<TableRow>& out) {
  const NodeId node = std::get<0>(g.front().first);
  if (!net.forwards(node)) {  // an endpoint: only injected packets; the endpoint rule may cover them
    const auto port = single_sending_port(net, node);
    const TableHops& hops = g.front().second;
    if (!(port && hops == TableHops{TableHop{*port, 0, false}})) rows_of(g.front().first, hops, false, false, out);
    return;
  }
  auto in_port = [](const Place& p) { return std::int64_t{std::get<2>(p)}; };
  auto in_vc = [](const Place& p) { return std::get<2>(p) == TableRow::kLocal ? -1 : std::int64_t{std::get<3>(p)}; };
  if (function_of(g, [](const Place&) { return std::int64_t{0}; })) {
    const std::size_t first = out.size();
    rows_of(g.front().first, g.front().second, false, false, out);
    for (std::size_t i = first; i < out.size(); ++i) out[i].in_port = TableRow::kAny;
    return;
  }
  const bool by_port = function_of(g, in_port);
  const bool by_vc = !by_port && function_of(g, in_vc);
  std::set<std::tuple<std::int32_t, std::int32_t>> written;
  for (const auto& [place, hops] : g) {
    std::vector<TableRow> rows;
    rows_of(place, hops, by_port || !by_vc, by_vc || !by_port, rows);
    if (written.emplace(rows.front().in_port, rows.front().in_vc).second) out.insert(out.end(), rows.begin(), rows.end());
  }
}

std::vector<TableRow> Tabulator::rows() const {
  std::vector<TableRow> out;
  Group group;
  for (const auto& entry : hops_) {
    if (!group.empty() && (std::get<0>(group.front().first) != std::get<0>(entry.first) ||
                           std::get<1>(group.front().first) != std::get<1>(entry.first))) {
      compact(group, net_, out);
      group.clear();
    }
    group.push_back(entry);
  }
  if (!group.empty()) compact(group, net_, out);
  return out;
}

}  // namespace

TabulatedRouting tabulate_routing(const Routing& routing, const Network& net, const Budget& budget) {
  TabulatedRouting out = Tabulator(routing, net, budget).run();
  // The table must read back: an adaptive routing may still make a loop of
  // deterministic entries that its packet state broke (one per destination).
  RoutingTable copy = out.table;
  const TableIndex index(net, copy, "written for " + routing.spec());
  check_table_walks(net, index, "written for " + routing.spec());
  return out;
}

}  // namespace menger
