// An InfiniBand fabric as ibsim (Debian ibsim-utils) loads it: the simulator's
// net file, which is also the format of ibnetdiscover's output.  One block per
// node, its links as port lines:
//
//   Switch  4 "S-leaf0"      # comment          (or "Ca"/"Hca"; ibnetdiscover
//   [3]  "S-spine0"[1]                           adds switchguid=/caguid= lines,
//   [1](100005)  "S-leaf1"[2]  # lid 7 4xSDR     a port GUID and comments)
//
// Menger reads it twice over: as the family `ibsim(file=F)` (a topology:
// switches, and adapters as endpoints, a switch's PortId its physical port
// number, an adapter's the number minus 1), and as text that
// src/setup/opensm_faults.h rewrites without the links and switches of a
// fault set before OpenSM routes it again.  The rewrite drops port lines
// only: ibsim numbers a node's GUIDs by its place in the file when the file
// gives none (ib_topology.py's files), so a failed switch stays as a block
// without links and every other node keeps its GUIDs.
//
// Checked, not guessed: a port line outside a block, a peer with no block, a
// port number beyond its node's count, a port given twice, or a link whose two
// ends disagree is refused with the file's line; routers ("Rt") are refused,
// as by the ibnetdiscover reader.  A link may be listed from one end only
// (ibsim connects both) or from both.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/input_file.h"
#include "core/topology.h"
#include "models/registry.h"

namespace menger {

struct IbsimNode {
  std::string name;  // the quoted name on the block's header line
  bool is_switch = false;
  unsigned ports = 0;  // the header's port count
};

struct IbsimLink {
  std::size_t a = 0, b = 0;  // node indices, in the order the link first appears
  unsigned port_a = 0, port_b = 0;
  bool switch_to_switch = false;
};

class IbsimNet {
 public:
  static IbsimNet read(const std::filesystem::path& file, const Budget& budget = Budget());
  const std::string& source() const { return source_; }
  const std::string& digest() const { return digest_; }
  const std::vector<IbsimNode>& nodes() const { return nodes_; }
  const std::vector<IbsimLink>& links() const { return links_; }
  // The file without the port lines of failed links and of every link of a
  // failed node; every other line as written.  Both flags vectors are indexed
  // like links() and nodes().
  std::string text_without(const std::vector<bool>& failed_link, const std::vector<bool>& failed_node) const;
  // Adapters left without a path to `root` when these links and nodes fail
  // (a failed adapter counts as cut off).
  std::vector<std::size_t> cut_off_adapters(const std::vector<bool>& failed_link, const std::vector<bool>& failed_node,
                                            std::size_t root) const;
  std::shared_ptr<const Topology> topology(const std::string& spec) const;

 private:
  std::string source_, digest_;
  std::vector<std::string> lines_;
  std::vector<std::vector<std::size_t>> link_lines_;  // per link, the lines listing it
  std::vector<IbsimNode> nodes_;
  std::vector<IbsimLink> links_;
};

Family ibsim_family();

// The net file an ibsim(file=...) topology was read from; nullopt for any other topology.
std::optional<std::filesystem::path> ibsim_net_file(const Topology& t);

}  // namespace menger
