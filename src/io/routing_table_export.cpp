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

bool same_hop(const TableHop& a, const TableHop& b) {
  return a.port == b.port && a.vc == b.vc && a.bubble == b.bubble;
}

class Tabulator {
 public:
  Tabulator(const Routing& routing, const Network& net)
      : routing_(routing),
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
  const Routing& routing_;
  const Network& net_;
  FaultModel model_;
  RecordingFaultView view_;
  FaultSet none_;
  bool reads_faults_ = false;
  std::map<Place, TableHop> hops_;

  std::string name(NodeId v) const { return "\"" + excerpt(net_.label(v)) + "\""; }

  bool usable(NodeId v, PortId p) const {
    return p < net_.num_ports(v) && net_.port(v, p).connected() && net_.port(v, p).dir != PortDir::In;
  }

  // One packet s -> d; stops where the routing drops it.
  void walk(NodeId s, NodeId d) {
    view_.reset(none_, 0);
    view_.at(s);
    PacketState state = routing_.start(s, d, view_);
    std::set<std::pair<NodeId, PacketState>> seen;
    Place place{s, d, TableRow::kLocal, 0};
    for (NodeId here = s; here != d;) {
      if (!seen.emplace(here, state).second)
        throw InputError("routing " + routing_.spec() + " sends a packet from " + name(s) + " to " + name(d) +
                         " round a loop through " + name(here) + " on the fault-free network: no table can hold it");
      view_.at(here);
      Hops hops;
      routing_.next(here, state, d, view_, hops);
      reads_faults_ = reads_faults_ || !view_.reads().empty();
      if (hops.size() > 1)
        throw InputError("routing " + routing_.spec() + " is adaptive (it offers " + std::to_string(hops.size()) +
                         " hops at " + name(here) + " for " + name(d) +
                         "); a routing table holds one hop per row: export a deterministic routing");
      if (hops.empty() || !usable(here, hops.front().port)) {
        if (here == s) return;  // the pair is not routed: its source gets no row
        throw InputError("routing " + routing_.spec() + " drops the packet from " + name(s) + " to " + name(d) +
                         " at " + name(here) + " on the fault-free network; a table cannot drop a packet it has "
                         "forwarded (a node a row sends a packet to must route it on)");
      }
      const Hop& hop = hops.front();
      const PortSlot& slot = net_.port(here, hop.port);
      record(place, TableHop{hop.port, hop.vc, hop.bubble});
      place = Place{slot.peer, d, static_cast<std::int32_t>(slot.peer_port), static_cast<std::int32_t>(hop.vc)};
      here = slot.peer;
      state = hop.state;
    }
  }

  void record(const Place& place, const TableHop& hop) {
    auto [it, fresh] = hops_.emplace(place, hop);
    if (fresh || same_hop(it->second, hop)) return;
    const auto [node, dst, in_port, in_vc] = place;
    const std::string from =
        in_port == TableRow::kLocal ? "for packets injected there"
                                    : "for packets arriving by port " + std::to_string(in_port) + " on VC " + std::to_string(in_vc);
    throw InputError("routing " + routing_.spec() + " sends packets for " + name(dst) + " at " + name(node) + " " + from +
                     " by two different hops (port " + std::to_string(it->second.port) + " and port " +
                     std::to_string(hop.port) + "): its packet state carries more than the input port and VC, so no "
                     "routing table of this format can hold it");
  }

  std::vector<TableRow> rows() const;
};

// ---- compaction: the fewest rows per (node, destination) -----------------

using Group = std::vector<std::pair<Place, TableHop>>;

// True when the hop is a function of key(place) over the group.
template <class Key>
bool function_of(const Group& g, Key key) {
  std::map<std::int64_t, TableHop> seen;
  for (const auto& [place, hop] : g) {
    auto [it, fresh] = seen.emplace(key(place), hop);
    if (!fresh && !same_hop(it->second, hop)) return false;
  }
  return true;
}

TableRow row_of(const Place& p, const TableHop& hop, bool by_port, bool by_vc) {
  const auto [node, dst, in_port, in_vc] = p;
  TableRow r{node, dst, TableRow::kAny, TableRow::kAny, hop.port, hop.vc, hop.bubble};
  if (by_port || in_port == TableRow::kLocal) r.in_port = in_port;
  if (by_vc && in_port != TableRow::kLocal) r.in_vc = in_vc;
  return r;
}

void compact(const Group& g, const Network& net, std::vector<TableRow>& out) {
  const NodeId node = std::get<0>(g.front().first);
  if (!net.forwards(node)) {  // an endpoint: only injected packets; the endpoint rule may cover them
    const auto port = single_sending_port(net, node);
    const TableHop& hop = g.front().second;
    if (!(port && hop.port == *port && hop.vc == 0 && !hop.bubble)) out.push_back(row_of(g.front().first, hop, false, false));
    return;
  }
  auto in_port = [](const Place& p) { return std::int64_t{std::get<2>(p)}; };
  auto in_vc = [](const Place& p) { return std::get<2>(p) == TableRow::kLocal ? -1 : std::int64_t{std::get<3>(p)}; };
  if (function_of(g, [](const Place&) { return std::int64_t{0}; })) {
    out.push_back(row_of(g.front().first, g.front().second, false, false));
    out.back().in_port = TableRow::kAny;
    return;
  }
  const bool by_port = function_of(g, in_port);
  const bool by_vc = !by_port && function_of(g, in_vc);
  std::set<std::tuple<std::int32_t, std::int32_t>> written;
  for (const auto& [place, hop] : g) {
    const TableRow r = row_of(place, hop, by_port || !by_vc, by_vc || !by_port);
    if (written.emplace(r.in_port, r.in_vc).second) out.push_back(r);
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

TabulatedRouting tabulate_routing(const Routing& routing, const Network& net) {
  return Tabulator(routing, net).run();
}

}  // namespace menger
