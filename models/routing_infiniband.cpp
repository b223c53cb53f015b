// opensm-tables: the routing OpenSM programmed into an InfiniBand subnet
// (models/infiniband_fabric.h), replayed hop by hop for credit-loop checks.
//
// InfiniBand forwarding is deterministic and destination based: a switch
// sends a packet for DLID out of LFT[switch][DLID].  The virtual lane of a hop
// is SL2VL[switch][in port][out port][SL] (the SLtoVLMappingTable of the
// InfiniBand Architecture, vol. 1), with the SL the path record gave the pair;
// an adapter sends on SL2VL[port][SL].  A
// credit loop is a cycle of (link direction, VL) buffers, so the VL is the
// virtual channel, and the packet state carries the SL and the port the
// packet came in by (torus-2QoS, for one, makes the VL depend on it).
//
// Sources of the tables, all from the fabric's dump directory unless named:
//   LFTs      opensm-lfts.dump (required), or lfts=FILE: another file of
//             forwarding tables: OpenSM's dump or its opensm.fdbs, what
//             dump_fts / ibroute printed of the live fabric, or ibdiagnet's
//             ibdiagnet.fdbs (models/infiniband_dumps.h);
//   SL2VL     opensm-sl2vl.dump (vls=dump, OpenSM run with -Q), or sl2vl=FILE
//             in that format (ibdiagnet.sl2vl), or vls=zero: every hop on VL
//             0, for a subnet without SL-to-VL programming;
//   path SLs  path-sls.txt (sls=file), or psl=FILE: "0xGUID DLID SL" as
//             ibdmchk reads it and ibdiagnet writes it (ibdiagnet.psl), or
//             sls=zero: every path on SL 0, what OpenSM gives when neither
//             QoS nor an SL-using engine (LASH, DFSSSP, Nue, torus-2QoS) is in
//             play.  A file named with the zero choice is a contradiction.
// Nothing is defaulted silently: a missing file is an InputError saying which
// parameter stands in for it.
//
// A packet is dropped (the engine reports a gap) where OpenSM left no route:
// an LFT entry missing or pointing to an unconnected port, a pair without a
// path SL, or an SL mapped to VL 15.  Traffic to switch LIDs is management
// traffic on VL 15, which has no credits, so only adapter ports are
// destinations (they are the network's terminals).
#include <map>
#include <memory>

#include "core/error.h"
#include "core/infiniband_lanes.h"
#include "models/infiniband_fabric.h"
#include "models/packet_fields.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

struct TablesChoice {
  bool path_sls_from_file = true;
  bool sl2vl_from_dump = true;
  // Files named instead of the dump directory's (absent: DIR's own).
  std::optional<std::filesystem::path> lfts, sl2vl, psl;
};

// The state: the packet's SL, the physical port it entered the current node
// by (0: injected there), and whether the SA gave the pair no path SL.
constexpr ValueField kSl{0, "SL "};
constexpr ValueField kInPort{1, "in port ", true};
constexpr FlagField kNoPathSl{2, "no path SL"};

class OpensmTablesRouting final : public Routing {
 public:
  // `budget` covers reading the dump files.
  OpensmTablesRouting(const Network& net, const InfinibandFabric& fabric, TablesChoice choice, const Budget& budget)
      : net_(net), fabric_(fabric), choice_(std::move(choice)) {
    load_lfts(choice_.lfts.value_or(fabric_.dump_dir() / "opensm-lfts.dump"), budget);
    if (choice_.sl2vl_from_dump) load_sl2vl(choice_.sl2vl.value_or(fabric_.dump_dir() / "opensm-sl2vl.dump"), budget);
    if (choice_.path_sls_from_file && choice_.psl) {
      load_guid_path_sls(*choice_.psl, budget);
    } else if (choice_.path_sls_from_file) {
      const auto file = fabric_.dump_dir() / "path-sls.txt";
      if (!std::filesystem::exists(file))
        throw InputError("no " + file.string() + " (the SL of each path); give sls=zero if every path uses SL 0");
      path_sls_ = read_path_sls(file, &inputs_.emplace_back(), budget);
    }
  }

  FaultKnowledge knowledge() const override { return FaultKnowledge::Global; }
  bool reads_faults() const override { return false; }  // the tables OpenSM dumped, fixed
  std::uint32_t vcs() const override { return vcs_; }

  PacketState start(NodeId src, NodeId dst, FaultView&) const override {
    PacketState s;
    if (!choice_.path_sls_from_file) return s;
    auto it = path_sls_.find({fabric_.info(src).lid, fabric_.info(dst).lid});
    if (it == path_sls_.end()) kNoPathSl.set(s, true);
    else kSl.set(s, it->second);
    return s;
  }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    if (kNoPathSl(state)) return;  // no path record: the SA gave this pair no path
    const auto sl = static_cast<std::size_t>(kSl(state));
    PortId port = 0;
    if (fabric_.info(here).is_switch) {
      const auto& lft = lfts_[here];
      const std::uint16_t dlid = fabric_.info(dst).lid;
      if (dlid >= lft.size() || lft[dlid] == kNoIbPort || lft[dlid] == 0) return;
      port = lft[dlid];
      if (port >= net_.num_ports(here) || !net_.port(here, port).connected()) return;
    }
    const std::uint8_t vl = lane(here, static_cast<std::uint8_t>(kInPort(state)), port, sl);
    if (vl == kDropVl) return;
    const PortSlot& slot = net_.port(here, port);
    PacketState next = state;
    kInPort.set(next, fabric_.ib_port(slot.peer, slot.peer_port));
    out.push_back(Hop{port, vl, next});
  }

  std::vector<InputRecord> input_files() const override { return inputs_; }

  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }

 private:
  const Network& net_;
  const InfinibandFabric& fabric_;
  TablesChoice choice_;
  StateFields fields_ = StateFields().flag(kNoPathSl).value(kSl).value(kInPort);
  std::vector<std::vector<std::uint8_t>> lfts_;            // per node (switches only)
  // Per node: its SL2VL rows, and for (in, out) the row's index (in *
  // ports + out; -1: none dumped).  A flat lookup: it runs on every hop.
  struct LaneTable {
    std::vector<Sl2VlRow> rows;
    std::vector<std::int32_t> index;
  };
  std::vector<LaneTable> sl2vl_;
  IbPathSls path_sls_;
  std::uint32_t vcs_ = 1;
  std::vector<InputRecord> inputs_;  // the dump files read, in the order read
  std::string sl2vl_file_;           // its name, for messages

  void load_lfts(const std::filesystem::path& file, const Budget& budget) {
    IbForwardingTables tables = read_lfts(file, &inputs_.emplace_back(), budget);
    lfts_.resize(net_.num_nodes());
    for (NodeId v = 0; v < net_.num_nodes(); ++v) {
      if (!fabric_.info(v).is_switch) continue;
      auto it = tables.find(fabric_.info(v).node_guid);
      if (it == tables.end())
        throw InputError("file " + file.string() + ": no forwarding table for switch " + fabric_.describe(v));
      lfts_[v] = std::move(it->second);
    }
  }

  // A PSL file's (source GUID, DLID) keyed by the source adapter port's LID:
  // the GUID names a node (every port of it) or one port.
  void load_guid_path_sls(const std::filesystem::path& file, const Budget& budget) {
    const IbGuidPathSls by_guid = read_guid_path_sls(file, &inputs_.emplace_back(), budget);
    for (const auto& [key, sl] : by_guid) {
      bool found = false;
      for (NodeId v = 0; v < net_.num_nodes(); ++v) {
        const IbNodeInfo& i = fabric_.info(v);
        if (i.is_switch || (i.node_guid != key.first && i.port_guid != key.first)) continue;
        found = true;
        if (!path_sls_.emplace(std::pair{i.lid, key.second}, sl).second && path_sls_[{i.lid, key.second}] != sl)
          throw InputError("file " + file.string() + ": two SLs for the path from " + fabric_.describe(v) +
                           " to LID " + std::to_string(key.second));
      }
      if (!found) throw InputError("file " + file.string() + ": " + guid_text(key.first) + " is no adapter of the fabric");
    }
  }

  void load_sl2vl(const std::filesystem::path& file, const Budget& budget) {
    sl2vl_file_ = file.filename().string();
    if (!std::filesystem::exists(file))
      throw InputError("no " + file.string() + " (run OpenSM with -Q to program and dump SL2VL tables); " +
                       "give vls=zero if the subnet sends everything on VL 0");
    IbSl2VlTables tables = read_sl2vl(file, &inputs_.emplace_back(), budget);
    sl2vl_.resize(net_.num_nodes());
    for (NodeId v = 0; v < net_.num_nodes(); ++v) {
      const auto& i = fabric_.info(v);
      auto it = tables.find(i.port_guid);
      if (it == tables.end() && i.is_switch) it = tables.find(i.node_guid);
      if (it == tables.end() || it->second.empty())
        throw InputError("file " + file.string() + ": no SL2VL table for " + fabric_.describe(v));
      if (!i.is_switch && it->second.size() != 1)
        throw InputError("file " + file.string() + ": adapter port " + fabric_.describe(v) + " has several SL2VL rows");
      const std::size_t ports = net_.num_ports(v);
      LaneTable& t = sl2vl_[v];
      t.index.assign(i.is_switch ? ports * ports : 1, -1);
      for (const auto& [io, row] : it->second) {
        if (i.is_switch && (io.first >= ports || io.second >= ports)) continue;  // ports no packet uses
        t.index[i.is_switch ? io.first * ports + io.second : 0] = static_cast<std::int32_t>(t.rows.size());
        t.rows.push_back(row);
        for (std::uint8_t vl : row)
          if (vl != kDropVl) vcs_ = std::max<std::uint32_t>(vcs_, vl + 1u);
      }
    }
  }

  std::uint8_t lane(NodeId here, std::uint8_t in, PortId out, std::size_t sl) const {
    if (!choice_.sl2vl_from_dump) return 0;
    const LaneTable& t = sl2vl_[here];
    const std::size_t ports = net_.num_ports(here);
    const std::size_t at = fabric_.info(here).is_switch ? in * ports + out : 0;
    if (at >= t.index.size() || t.index[at] < 0)
      throw InputError(sl2vl_file_ + " has no row for in port " + std::to_string(in) + ", out port " +
                       std::to_string(out) + " of " + fabric_.describe(here));
    return t.rows[static_cast<std::size_t>(t.index[at])][sl];
  }
};

// The routing's sls and vls parameters (core/infiniband_lanes.h).
ParamSpec lane_param(const LaneSource& s) {
  return ParamSpec::choice(s.name, s.doc, {s.from_dump, s.zero})
      .defaults_to(SpecValue::make_word(s.from_dump))
      .hidden_at_default();
}

bool read_from_dump(const BoundParams& p, const LaneSource& s) { return p.word(s.name) == s.from_dump; }

// A file the routing reads instead of the dump directory's own.
ParamSpec file_param(const char* name, const char* doc) {
  return ParamSpec::text(name, std::string(doc) + " (relative names beside the claim file)").may_be_absent().names_file();
}

}  // namespace

void register_infiniband_routings(RoutingRegistry& reg) {
  reg.add(RoutingFamily{
      "opensm-tables",
      "the forwarding tables, SL-to-VL tables and path SLs OpenSM programmed (network: opensm(dir=...))",
      "InfiniBand Architecture vol. 1 (linear forwarding and SL-to-VL mapping tables); OpenSM 3.3.23 dump files",
      {lane_param(kPathServiceLevels), lane_param(kServiceLevelToLane),
       file_param("lfts", "forwarding tables from this file instead of DIR/opensm-lfts.dump: OpenSM's dump or "
                          "opensm.fdbs, dump_fts / ibroute output, or ibdiagnet.fdbs"),
       file_param("sl2vl", "SL-to-VL tables from this file (OpenSM's dump format, ibdiagnet.sl2vl) instead of "
                           "DIR/opensm-sl2vl.dump"),
       file_param("psl", "path SLs from this file, \"0xGUID DLID SL\" per line as ibdmchk reads them "
                         "(ibdiagnet.psl), instead of DIR/path-sls.txt")},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        const auto* fabric = dynamic_cast<const InfinibandFabric*>(&net.topology());
        if (!fabric) p.fail("needs an InfiniBand subnet, opensm(dir=...), not " + net.spec());
        TablesChoice choice{read_from_dump(p, kPathServiceLevels), read_from_dump(p, kServiceLevelToLane), {}, {}, {}};
        auto named = [&](const char* name) -> std::optional<std::filesystem::path> {
          if (!p.has(name)) return std::nullopt;
          return p.file(name).lexically_normal();
        };
        choice.lfts = named("lfts");
        choice.sl2vl = named("sl2vl");
        choice.psl = named("psl");
        if (choice.sl2vl && !choice.sl2vl_from_dump)
          p.fail("sl2vl=FILE names SL-to-VL tables, vls=" + std::string(kServiceLevelToLane.zero) + " says there are none");
        if (choice.psl && !choice.path_sls_from_file)
          p.fail("psl=FILE names path SLs, sls=" + std::string(kPathServiceLevels.zero) + " says every path uses SL 0");
        return std::make_unique<OpensmTablesRouting>(net, *fabric, std::move(choice), p.budget());
      }});
}

}  // namespace menger
