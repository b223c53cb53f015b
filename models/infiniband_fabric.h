// An InfiniBand subnet as OpenSM routed it: the family `opensm(dir=DIR)`
// reads DIR/opensm-subnet.lst (infiniband_dumps.h) into a network, or, with
// `fabric=FILE`, the output of ibnetdiscover; the
// routing `opensm-tables` (routing_infiniband.cpp) replays OpenSM's
// forwarding and SL-to-VL tables on it.
//
// Nodes: the switches, in order of node GUID, then one node per connected
// channel-adapter port, in order of (node GUID, port).  InfiniBand addresses
// ports, not adapters (each port has its own LID), so a two-port adapter is
// two endpoints.  A switch's PortId is its physical port number (port 0, the
// management port, exists and is unconnected); an adapter-port node has one
// port, PortId 0.  Labels are the node descriptions when they are unique,
// otherwise the GUID is added; an adapter port is "desc/P<n>" when its
// adapter has more than one connected port.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/explicit_graph.h"
#include "models/infiniband_dumps.h"
#include "models/registry.h"

namespace menger {

struct IbNodeInfo {
  bool is_switch = false;
  Guid node_guid = 0, port_guid = 0;  // a switch's port GUID is its port 0's
  std::uint16_t lid = 0;
  std::uint8_t ib_port = 0;           // adapter ports: the physical port number
  std::string description;
};

class InfinibandFabric : public ExplicitTopology {
 public:
  InfinibandFabric(std::string spec, std::vector<Node> nodes, std::vector<IbNodeInfo> info,
                   std::filesystem::path dump_dir, std::vector<InputRecord> inputs = {});
  const IbNodeInfo& info(NodeId v) const { return info_[v]; }
  const std::filesystem::path& dump_dir() const { return dump_dir_; }
  std::optional<NodeId> node_of_lid(std::uint16_t lid) const;
  // Physical port number of port p of v (what OpenSM's tables use).
  std::uint8_t ib_port(NodeId v, PortId p) const { return info_[v].is_switch ? static_cast<std::uint8_t>(p) : info_[v].ib_port; }
  // "Switch1 (0x0000000000200000)" for reports.
  std::string describe(NodeId v) const;

 private:
  std::vector<IbNodeInfo> info_;
  std::filesystem::path dump_dir_;
  std::unordered_map<std::uint16_t, NodeId> by_lid_;
};

// Reads DIR/opensm-subnet.lst, or the file `ibnetdiscover` when given: a
// subnet list when its name ends in .lst (ibdiagnet.lst), ibnetdiscover's
// output otherwise; InputError on a malformed or inconsistent file.
std::shared_ptr<const InfinibandFabric> read_opensm_fabric(
    const std::filesystem::path& dir, const std::string& spec,
    const std::optional<std::filesystem::path>& ibnetdiscover = std::nullopt, const Budget& budget = Budget());

Family opensm_family();

}  // namespace menger
