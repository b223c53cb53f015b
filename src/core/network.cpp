#include "core/network.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

namespace {

constexpr const char* kPhase = "materialising the network";

// The budget, checked every 2^16 nodes of each pass: a network of millions of
// nodes takes seconds to materialise.
void check_budget(const Budget& budget, NodeId v, NodeId n) {
  if ((v & 0xffff) == 0) budget.check(kPhase, v, n);
}

// Makes the fresh array `v` n elements long (value-initialised), asking the
// memory limit first and checking the budget every 2^20 elements: the kernel
// hands out zeroed pages as they are first touched, and the gigabyte of port
// slots of an 8-million-node network took 8 s of that on a loaded machine,
// unchecked, when it was one resize.
template <class T>
void grow(const Budget& budget, std::vector<T>& v, std::uint64_t n) {
  budget.check_memory_for(kPhase, (n - std::min<std::uint64_t>(n, v.size())) * sizeof(T));
  v.reserve(n);
  constexpr std::uint64_t kSlice = std::uint64_t{1} << 20;
  while (v.size() < n) {
    v.resize(std::min(n, v.size() + kSlice));
    budget.check(kPhase, v.size(), n);
  }
}

}  // namespace

Network::Network(std::shared_ptr<const Topology> topology, const Budget& budget) : topology_(std::move(topology)) {
  MENGER_ASSERT(topology_ != nullptr, "network built from a null topology");
  const std::uint64_t n = topology_->node_count();
  if (n > kMaxNodes)
    throw InputError(topology_->spec() + " has " + std::to_string(n) +
                     " nodes; Menger materialises networks of at most " + std::to_string(kMaxNodes) +
                     " nodes");
  num_nodes_ = static_cast<NodeId>(n);
  read_ports(budget);
  validate_and_number_links(budget);
  build_adjacency(budget);
  validate_packages();
}

void Network::read_ports(const Budget& budget) {
  grow(budget, kinds_, num_nodes_);
  grow(budget, port_offsets_, std::uint64_t{num_nodes_} + 1);
  for (NodeId v = 0; v < num_nodes_; ++v) {
    check_budget(budget, v, num_nodes_);
    kinds_[v] = topology_->kind(v);
    port_offsets_[v + 1] = port_offsets_[v] + topology_->port_count(v);
  }
  grow(budget, slots_, port_offsets_[num_nodes_]);
  grow(budget, degree_, num_nodes_);
  // A link takes two ports: room for every link, so that the list never moves below.
  budget.check_memory_for(kPhase, port_offsets_[num_nodes_] / 2 * sizeof(Link));
  links_.reserve(port_offsets_[num_nodes_] / 2);
  for (NodeId v = 0; v < num_nodes_; ++v) {
    check_budget(budget, v, num_nodes_);
    const PortId np = num_ports(v);
    for (PortId p = 0; p < np; ++p) {
      PortSlot& s = slots_[port_offsets_[v] + p];
      s.dir = topology_->port_dir(v, p);
      if (auto q = topology_->peer(v, p)) {
        s.peer = q->node;
        s.peer_port = q->port;
        ++degree_[v];
      }
    }
  }
}

void Network::validate_and_number_links(const Budget& budget) {
  // Messages are built only on failure: this loop runs once per port.
  auto check = [this](bool ok, NodeId v, PortId p, const char* what) {
    if (!ok)
      fail_assert(what, __FILE__, __LINE__,
                  topology_->spec() + ": port " + std::to_string(p) + " of " + label(v) + ": " + what);
  };
  for (NodeId v = 0; v < num_nodes_; ++v) {
    check_budget(budget, v, num_nodes_);
    const PortId np = num_ports(v);
    for (PortId p = 0; p < np; ++p) {
      PortSlot& s = slots_[port_offsets_[v] + p];
      if (!s.connected()) continue;
      check(s.peer < num_nodes_, v, p, "leads outside the network");
      check(s.peer_port < num_ports(s.peer), v, p, "leads to a missing port");
      const PortSlot& back = port(s.peer, s.peer_port);
      check(back.peer == v && back.peer_port == p, v, p, "is not its peer's peer");
      check(s.peer != v, v, p, "is a self-loop");
      const bool ok_dir = (s.dir == PortDir::Both && back.dir == PortDir::Both) ||
                          (s.dir == PortDir::Out && back.dir == PortDir::In) ||
                          (s.dir == PortDir::In && back.dir == PortDir::Out);
      check(ok_dir, v, p, "pairs incompatible port directions");
      const bool creates = s.dir == PortDir::Out ||
                           (s.dir == PortDir::Both && std::pair(v, p) < std::pair(s.peer, s.peer_port));
      if (!creates) continue;
      const LinkId id = static_cast<LinkId>(links_.size());
      links_.push_back(Link{v, p, s.peer, s.peer_port, s.dir == PortDir::Out});
      if (s.dir == PortDir::Out) ++directed_links_;
      s.link = id;
      slots_[port_offsets_[s.peer] + s.peer_port].link = id;
    }
  }
}

void Network::build_adjacency(const Budget& budget) {
  grow(budget, out_offsets_, std::uint64_t{num_nodes_} + 1);
  grow(budget, in_offsets_, std::uint64_t{num_nodes_} + 1);
  for (NodeId v = 0; v < num_nodes_; ++v) {
    check_budget(budget, v, num_nodes_);
    std::uint64_t outs = 0, ins = 0;
    for (const PortSlot& s : ports(v)) {
      if (!s.connected()) continue;
      outs += s.dir != PortDir::In;
      ins += s.dir != PortDir::Out;
    }
    out_offsets_[v + 1] = out_offsets_[v] + outs;
    in_offsets_[v + 1] = in_offsets_[v] + ins;
  }
  grow(budget, out_targets_, out_offsets_[num_nodes_]);
  grow(budget, out_links_, out_offsets_[num_nodes_]);
  grow(budget, in_sources_, in_offsets_[num_nodes_]);
  for (NodeId v = 0; v < num_nodes_; ++v) {
    check_budget(budget, v, num_nodes_);
    std::uint64_t o = out_offsets_[v], i = in_offsets_[v];
    for (const PortSlot& s : ports(v)) {
      if (!s.connected()) continue;
      if (s.dir != PortDir::In) {
        out_targets_[o] = s.peer;
        out_links_[o++] = s.link;
      }
      if (s.dir != PortDir::Out) in_sources_[i++] = s.peer;
    }
  }
}

void Network::validate_packages() {
  packages_ = topology_->packages();
  std::vector<bool> seen(num_nodes_, false);
  for (const Component& c : packages_) {
    MENGER_ASSERT(!c.nodes.empty(), topology_->spec() + ": empty package " + c.label);
    for (NodeId v : c.nodes) {
      MENGER_ASSERT(v < num_nodes_, topology_->spec() + ": package " + c.label + " names a missing node");
      MENGER_ASSERT(!seen[v], topology_->spec() + ": node " + label(v) + " is in two packages");
      seen[v] = true;
    }
  }
}

std::uint64_t Network::num_components() const {
  std::vector<bool> packaged(num_nodes_, false);
  for (const Component& c : packages_)
    for (NodeId v : c.nodes) packaged[v] = true;
  std::uint64_t n = packages_.size();
  for (NodeId v = 0; v < num_nodes_; ++v) n += !packaged[v] && forwards(v);
  return n;
}

std::optional<NodeId> Network::find_node(std::string_view wanted) const {
  std::call_once(label_index_once_, [this] {
    label_index_.reserve(num_nodes_);
    for (NodeId v = 0; v < num_nodes_; ++v) label_index_.emplace(label(v), v);
  });
  auto it = label_index_.find(std::string(wanted));
  if (it == label_index_.end()) return std::nullopt;
  return it->second;
}

ChannelSpace::ChannelSpace(const Network& net, std::uint32_t vcs) : net_(net), vcs_(vcs) {
  if (vcs == 0) throw InputError("the number of virtual channels must be at least 1");
  dir_base_.resize(net.num_links() + 1, 0);
  for (LinkId l = 0; l < net.num_links(); ++l)
    dir_base_[l + 1] = dir_base_[l] + (net.link(l).directed ? 1 : 2);
  if (dir_base_.back() * vcs > 0xFFFFFFFFull)
    throw InputError(net.spec() + " with " + std::to_string(vcs) + " virtual channels has too many channels");
}

ChannelId ChannelSpace::channel(LinkId l, NodeId from, std::uint32_t vc) const {
  const Link& k = net_.link(l);
  MENGER_ASSERT(vc < vcs_, "virtual channel out of range");
  MENGER_ASSERT(from == k.a || (from == k.b && !k.directed), "channel direction not usable");
  const std::uint64_t dir = dir_base_[l] + (from == k.a ? 0 : 1);
  return static_cast<ChannelId>(dir * vcs_ + vc);
}

ChannelSpace::Info ChannelSpace::info(ChannelId c) const {
  const std::uint64_t dir = c / vcs_;
  auto it = std::upper_bound(dir_base_.begin(), dir_base_.end(), dir);
  const LinkId l = static_cast<LinkId>((it - dir_base_.begin()) - 1);
  const Link& k = net_.link(l);
  const bool reverse = dir != dir_base_[l];
  return Info{l, reverse ? k.b : k.a, reverse ? k.a : k.b, static_cast<std::uint32_t>(c % vcs_)};
}

}  // namespace menger
