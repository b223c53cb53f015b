#include "models/infiniband_fabric.h"

#include <map>

#include "core/error.h"

namespace menger {

namespace fs = std::filesystem;

InfinibandFabric::InfinibandFabric(std::string spec, std::vector<Node> nodes, std::vector<IbNodeInfo> info,
                                   fs::path dump_dir, std::vector<InputRecord> inputs)
    : ExplicitTopology(std::move(spec), std::move(nodes), {}, {}, std::move(inputs)),
      info_(std::move(info)),
      dump_dir_(std::move(dump_dir)) {
  for (NodeId v = 0; v < info_.size(); ++v) by_lid_.emplace(info_[v].lid, v);
}

std::optional<NodeId> InfinibandFabric::node_of_lid(std::uint16_t lid) const {
  auto it = by_lid_.find(lid);
  if (it == by_lid_.end()) return std::nullopt;
  return it->second;
}

std::string InfinibandFabric::describe(NodeId v) const {
  const auto& i = info_[v];
  return label(v) + " (" + guid_text(i.is_switch ? i.node_guid : i.port_guid) + ")";
}

namespace {

struct Collected {
  std::map<Guid, IbPortEnd> switches;                       // by node GUID (port-0 LID, description)
  std::map<std::pair<Guid, unsigned>, IbPortEnd> ca_ports;  // by (node GUID, port)
};

void collect(Collected& c, const IbPortEnd& e, const std::string& where) {
  if (e.is_switch) {
    auto [it, fresh] = c.switches.emplace(e.node_guid, e);
    if (!fresh && (it->second.lid != e.lid || it->second.num_ports != e.num_ports))
      throw InputError(where + ": switch " + guid_text(e.node_guid) + " is listed with two LIDs or port counts");
  } else {
    if (e.port == 0) throw InputError(where + ": adapter " + guid_text(e.node_guid) + " has a link on port 0");
    c.ca_ports.emplace(std::pair{e.node_guid, unsigned{e.port}}, e);
  }
}

// Descriptions as labels, with the GUID added where one is shared.
std::vector<std::string> unique_labels(const std::vector<IbNodeInfo>& info, const std::vector<std::string>& wanted) {
  std::map<std::string, int> uses;
  for (const auto& w : wanted) ++uses[w];
  std::vector<std::string> labels;
  for (std::size_t v = 0; v < info.size(); ++v) {
    const Guid g = info[v].is_switch ? info[v].node_guid : info[v].port_guid;
    labels.push_back(wanted[v].empty() || uses[wanted[v]] > 1 ? wanted[v] + "@" + guid_text(g) : wanted[v]);
  }
  return labels;
}

}  // namespace

std::shared_ptr<const InfinibandFabric> read_opensm_fabric(const fs::path& dir, const std::string& spec,
                                                           const std::optional<fs::path>& ibnetdiscover,
                                                           const Budget& budget) {
  const fs::path file = ibnetdiscover ? *ibnetdiscover : dir / "opensm-subnet.lst";
  const std::string where = "file " + file.string();
  InputRecord read;
  // A fabric file ending in .lst is a subnet list (ibdiagnet.lst has OpenSM's
  // format: ibutils reads both with IBFabric::parseSubnetLinks).
  const bool lst = !ibnetdiscover || ibnetdiscover->extension() == ".lst";
  const std::vector<IbLink> links = lst ? read_subnet_lst(file, &read, budget) : read_ibnetdiscover(file, &read, budget);
  Collected c;
  for (const auto& l : links) collect(c, l.a, where), collect(c, l.b, where);

  std::vector<IbNodeInfo> info;
  std::vector<std::string> wanted;
  std::map<Guid, NodeId> switch_node;
  std::map<std::pair<Guid, unsigned>, NodeId> ca_node;
  std::map<Guid, int> ca_port_count;
  for (const auto& [key, e] : c.ca_ports) ++ca_port_count[key.first];
  for (const auto& [guid, e] : c.switches) {
    switch_node[guid] = static_cast<NodeId>(info.size());
    info.push_back({true, guid, e.port_guid, e.lid, 0, e.description});
    wanted.push_back(e.description);
  }
  for (const auto& [key, e] : c.ca_ports) {
    ca_node[key] = static_cast<NodeId>(info.size());
    info.push_back({false, key.first, e.port_guid, e.lid, e.port, e.description});
    wanted.push_back(ca_port_count[key.first] > 1 ? e.description + "/P" + std::to_string(e.port) : e.description);
  }
  std::map<std::uint16_t, NodeId> lid_owner;
  for (NodeId v = 0; v < info.size(); ++v) {
    if (info[v].lid == 0) throw InputError(where + ": " + guid_text(info[v].port_guid) + " has no LID (0)");
    auto [it, fresh] = lid_owner.emplace(info[v].lid, v);
    if (!fresh) throw InputError(where + ": LID " + std::to_string(info[v].lid) + " belongs to two ports");
  }

  const std::vector<std::string> labels = unique_labels(info, wanted);
  std::vector<ExplicitTopology::Node> nodes(info.size());
  for (NodeId v = 0; v < info.size(); ++v) {
    nodes[v].label = labels[v];
    nodes[v].kind = info[v].is_switch ? NodeKind::Switch : NodeKind::Endpoint;
    const PortId ports = info[v].is_switch ? static_cast<PortId>(c.switches[info[v].node_guid].num_ports + 1) : 1;
    nodes[v].ports.assign(ports, std::nullopt);
    nodes[v].dirs.assign(ports, PortDir::Both);
  }
  auto end_of = [&](const IbPortEnd& e) -> PortPeer {
    if (e.is_switch) return {switch_node[e.node_guid], e.port};
    return {ca_node[{e.node_guid, unsigned{e.port}}], 0};
  };
  for (const auto& l : links) {
    const PortPeer a = end_of(l.a), b = end_of(l.b);
    if (a.node == b.node) throw InputError(where + ": a link from " + labels[a.node] + " to itself");
    for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
      auto& slot = nodes[x.node].ports[x.port];
      if (slot) throw InputError(where + ": a port of " + labels[x.node] + " has two links");
      slot = y;
    }
  }
  return std::make_shared<InfinibandFabric>(spec, std::move(nodes), std::move(info), dir,
                                            std::vector<InputRecord>{std::move(read)});
}

Family opensm_family() {
  Family f;
  f.name = "opensm";
  f.summary = "an InfiniBand subnet routed by OpenSM: DIR holds its dump files (opensm-subnet.lst, opensm-lfts.dump, ...)";
  f.source = "OpenSM 3.3.23 dump files (-D 0x43 --dump_files_dir)";
  f.params = {ParamSpec::text("dir", "dump directory; relative names resolve beside the claim file"),
              ParamSpec::text("fabric", "ibnetdiscover output to read the fabric from instead of DIR/opensm-subnet.lst, "
                                        "or a subnet list in OpenSM's format when its name ends in .lst "
                                        "(ibdiagnet.lst); resolved like dir")
                  .may_be_absent()};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const fs::path dir = p.file("dir");
    std::optional<fs::path> fabric;
    if (p.has("fabric")) fabric = p.file("fabric");
    // The spec names the resolved paths, so that evidence files (and the
    // checkers that rebuild the network from them) find them from any claim file.
    std::string spec = "opensm(" + SpecValue::make_string(dir.lexically_normal().string()).to_string();
    if (fabric) spec += ", fabric=" + SpecValue::make_string(fabric->lexically_normal().string()).to_string();
    return read_opensm_fabric(dir, spec + ")", fabric, p.budget());
  };
  return f;
}

}  // namespace menger
