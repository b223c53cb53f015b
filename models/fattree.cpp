// fattree(k): the three-level fat tree of data centres (M. Al-Fares,
// A. Loukissas and A. Vahdat, "A scalable, commodity data center network
// architecture", SIGCOMM 2008: its k-ary fat tree and its addressing scheme;
// section numbers not checked against the paper, which is not in the library).
//
// k even.  k pods, each with k/2 edge and k/2 aggregation switches; (k/2)^2
// core switches; k/2 hosts per edge switch, k^3/4 hosts; every switch has k
// ports.  Each edge switch links every aggregation switch of its pod; core
// switch (j, i) links aggregation switch j of every pod (as we recall the
// paper's wiring: port i of every core switch leads to pod i, and consecutive
// up ports of one aggregation switch reach consecutive core switches, on k/2
// strides; the paper was not at hand to quote).
//
// Labels keep the paper's address fields (pod switches
// 10.pod.switch.1 with switch in [0, k-1], edge switches first, "left to right,
// bottom to top"; core switches 10.k.j.i with j, i in [1, k/2]; hosts
// 10.pod.switch.ID with ID in [2, k/2+1]):
//   edge(pod,switch)        switch in 0..k/2-1
//   agg(pod,switch)         switch in k/2..k-1
//   core(j,i)               j, i in 1..k/2; j names the aggregation switch
//                           k/2 + j - 1 of every pod it reaches
//   host(pod,switch,ID)     ID in 2..k/2+1
//
// Ports (h = k/2):
//   edge(p,s):  0..h-1 to host(p,s,port+2); port q in h..k-1 up to agg(p,q)
//   agg(p,s):   0..h-1 down to edge(p,port); port h+i-1 up to core(s-h+1, i)
//   core(j,i):  port p to agg(p, h+j-1) of pod p
//   host:       port 0 to its edge switch
// Ids: core switches (row-major in j, i), then pod switches (pod-major, switch
// number within), then hosts (pod, edge switch, ID).
//
// fattree(k, hosts=0) is the switch graph alone (issue 41: router-only
// connectivity without an export-and-strip detour): the same switches, ports
// and links, an edge switch's ports 0..k/2-1 unconnected, every switch a
// router (a terminal).  The Clos routings, which route to hosts, refuse it.
#include "core/error.h"
#include "models/clos.h"
#include "models/families.h"

namespace menger {

namespace {

class FatTree final : public ClosTopology {
 public:
  FatTree(std::uint64_t k, bool hosts)
      : k_(k), half_(k / 2), cores_(half_ * half_), pod_switches_(k * k), hosts_(hosts ? k * half_ * half_ : 0) {}

  std::string spec() const override {
    return "fattree(" + std::to_string(k_) + (hosts_ == 0 ? ", hosts=0" : "") + ")";
  }
  std::uint64_t node_count() const override { return cores_ + pod_switches_ + hosts_; }
  NodeKind kind(NodeId v) const override {
    return v >= first_host() ? NodeKind::Endpoint : hosts_ == 0 ? NodeKind::Router : NodeKind::Switch;
  }
  PortId port_count(NodeId v) const override { return v < first_host() ? static_cast<PortId>(k_) : 1; }

  std::string label(NodeId v) const override {
    if (v < cores_) return "core(" + std::to_string(v / half_ + 1) + "," + std::to_string(v % half_ + 1) + ")";
    if (v < first_host()) {
      const std::uint64_t pod = (v - cores_) / k_, sw = (v - cores_) % k_;
      return (sw < half_ ? "edge(" : "agg(") + std::to_string(pod) + "," + std::to_string(sw) + ")";
    }
    const std::uint64_t x = v - first_host();
    return "host(" + std::to_string(x / (half_ * half_)) + "," + std::to_string(x / half_ % half_) + "," +
           std::to_string(x % half_ + 2) + ")";
  }

  std::optional<PortPeer> peer(NodeId v, PortId p) const override {
    if (v < cores_) return PortPeer{pod_switch(p, half_ + v / half_), static_cast<PortId>(half_ + v % half_)};
    if (v >= first_host()) {
      const std::uint64_t x = v - first_host();
      return PortPeer{pod_switch(x / (half_ * half_), x / half_ % half_), static_cast<PortId>(x % half_)};
    }
    const std::uint64_t pod = (v - cores_) / k_, sw = (v - cores_) % k_;
    return sw < half_ ? edge_peer(pod, sw, p) : agg_peer(pod, sw, p);
  }

  void add_formula_vars(FormulaVars& vars) const override {
    vars.set("k", static_cast<long long>(k_), "switch radix (ports per switch), even");
  }

  std::uint32_t levels() const override { return 3; }
  std::uint32_t level(NodeId v) const override {
    if (v < cores_) return 3;
    if (v >= first_host()) return 0;
    return (v - cores_) % k_ < half_ ? 1 : 2;
  }
  PortId first_up_port(NodeId v) const override {
    if (v >= first_host()) return 0;  // a host's one port goes up
    return v < cores_ ? static_cast<PortId>(k_) : static_cast<PortId>(half_);
  }
  PortId up_ports_at(std::uint32_t) const override { return static_cast<PortId>(half_); }
  std::uint64_t host_index(NodeId h) const override { return h - first_host(); }

  void down_ports_towards(NodeId v, NodeId h, std::vector<PortId>& out) const override {
    const std::uint64_t x = h - first_host(), hpod = x / (half_ * half_), hedge = x / half_ % half_;
    if (v < cores_) {
      out.push_back(static_cast<PortId>(hpod));
      return;
    }
    const std::uint64_t pod = (v - cores_) / k_, sw = (v - cores_) % k_;
    if (pod != hpod) return;
    if (sw >= half_) out.push_back(static_cast<PortId>(hedge));
    else if (sw == hedge) out.push_back(static_cast<PortId>(x % half_));
  }

 private:
  std::uint64_t k_, half_, cores_, pod_switches_, hosts_;

  NodeId first_host() const { return static_cast<NodeId>(cores_ + pod_switches_); }
  NodeId pod_switch(std::uint64_t pod, std::uint64_t sw) const { return static_cast<NodeId>(cores_ + pod * k_ + sw); }

  std::optional<PortPeer> edge_peer(std::uint64_t pod, std::uint64_t sw, PortId p) const {
    if (p < half_ && hosts_ == 0) return std::nullopt;  // the switch graph alone
    if (p < half_) return PortPeer{static_cast<NodeId>(first_host() + (pod * half_ + sw) * half_ + p), 0};
    return PortPeer{pod_switch(pod, p), static_cast<PortId>(sw)};  // up port q reaches agg(pod, q)
  }
  PortPeer agg_peer(std::uint64_t pod, std::uint64_t sw, PortId p) const {
    if (p < half_) return PortPeer{pod_switch(pod, p), static_cast<PortId>(sw)};
    // Up port h+i-1 reaches core(j, i) with j = sw - h + 1; that core's port `pod`.
    return PortPeer{static_cast<NodeId>((sw - half_) * half_ + (p - half_)), static_cast<PortId>(pod)};
  }
};

}  // namespace

Family fattree_family() {
  Family f;
  f.name = "fattree";
  f.summary = "three-level data-centre fat tree of k-port switches: k pods, (k/2)^2 cores, k^3/4 hosts";
  f.source = "Al-Fares, Loukissas and Vahdat, A scalable, commodity data center network architecture, SIGCOMM 2008 "
             "(the k-ary fat tree)";
  f.params = {ParamSpec::integer("k", "ports per switch (even)").range(2, 1024),
              ParamSpec::integer("hosts", "hosts per edge switch: k/2 (the paper's fat tree) or 0 (the switch graph "
                                          "alone, switches are routers)")
                  .may_be_absent()};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const std::int64_t k = p.integer("k");
    if (k % 2 != 0) p.fail("k = " + std::to_string(k) + " must be even (k/2 ports of a switch go down, k/2 up)");
    const bool hosts = all_or_none(p, "hosts", k / 2, "an edge switch has k/2", "hosts", "the paper's fat tree");
    return std::make_shared<FatTree>(static_cast<std::uint64_t>(k), hosts);
  };
  return f;
}

}  // namespace menger
