// leafspine(leaves, spines, hosts, uplinks=1): the two-level leaf-spine
// fabric of data centres (a folded Clos of two switch levels: every leaf links
// every spine; hosts attach to leaves only).  M. Alizadeh and T. Edsall, "On
// the data path performance of leaf-spine datacenter fabrics", IEEE Hot
// Interconnects 2013 (the leaf-spine fabric and its
// oversubscription: host-facing bandwidth of a leaf against its uplink
// bandwidth).
//
// Parameters: `leaves` leaf switches, `spines` spine switches, `hosts` hosts
// per leaf, `uplinks` parallel links between each leaf and each spine.  With
// links of one speed, a leaf's oversubscription is hosts : spines*uplinks
// (formula variable `oversubscription` = hosts / (spines*uplinks); 1 is a
// non-blocking fabric).
//
// hosts = 0 builds the switch graph alone: leaves and spines are then routers
// (the terminals), as slimfly(p=0), hyperx(T=0) and dragonfly(p=0) do; the
// Clos routings, which route to hosts, refuse it.
//
// Labels: spine(s), leaf(l), host(l,x).
// Ports (u = uplinks):
//   leaf(l):   0..hosts-1 to host(l, port); port hosts + s*u + j is its j-th
//              link up to spine(s)
//   spine(s):  port l*u + j is its j-th link down to leaf(l)
//   host:      port 0 to its leaf
// Ids: spines, then leaves, then hosts (leaf-major).
#include "core/error.h"
#include "models/clos.h"
#include "models/families.h"

namespace menger {

namespace {

class LeafSpine final : public ClosTopology {
 public:
  LeafSpine(std::uint64_t leaves, std::uint64_t spines, std::uint64_t hosts, std::uint64_t uplinks)
      : leaves_(leaves), spines_(spines), hosts_(hosts), uplinks_(uplinks) {}

  std::string spec() const override {
    return "leafspine(leaves=" + std::to_string(leaves_) + ", spines=" + std::to_string(spines_) +
           ", hosts=" + std::to_string(hosts_) + ", uplinks=" + std::to_string(uplinks_) + ")";
  }
  std::uint64_t node_count() const override { return spines_ + leaves_ + leaves_ * hosts_; }
  NodeKind kind(NodeId v) const override {
    return v >= first_host() ? NodeKind::Endpoint : hosts_ == 0 ? NodeKind::Router : NodeKind::Switch;
  }
  PortId port_count(NodeId v) const override {
    if (v < spines_) return static_cast<PortId>(leaves_ * uplinks_);
    return v < first_host() ? static_cast<PortId>(hosts_ + spines_ * uplinks_) : 1;
  }

  std::string label(NodeId v) const override {
    if (v < spines_) return "spine(" + std::to_string(v) + ")";
    if (v < first_host()) return "leaf(" + std::to_string(v - spines_) + ")";
    const std::uint64_t x = v - first_host();
    return "host(" + std::to_string(x / hosts_) + "," + std::to_string(x % hosts_) + ")";
  }

  std::optional<PortPeer> peer(NodeId v, PortId p) const override {
    if (v < spines_)  // port l*u + j: leaf l, its up port hosts + v*u + j
      return PortPeer{leaf(p / uplinks_), static_cast<PortId>(hosts_ + v * uplinks_ + p % uplinks_)};
    if (v >= first_host()) {
      const std::uint64_t x = v - first_host();
      return PortPeer{leaf(x / hosts_), static_cast<PortId>(x % hosts_)};
    }
    const std::uint64_t l = v - spines_;
    if (p < hosts_) return PortPeer{static_cast<NodeId>(first_host() + l * hosts_ + p), 0};
    const std::uint64_t q = p - hosts_;
    return PortPeer{static_cast<NodeId>(q / uplinks_), static_cast<PortId>(l * uplinks_ + q % uplinks_)};
  }

  void add_formula_vars(FormulaVars& vars) const override {
    vars.set("leaves", static_cast<long long>(leaves_), "leaf switches");
    vars.set("spines", static_cast<long long>(spines_), "spine switches");
    vars.set("hosts", static_cast<long long>(hosts_), "hosts per leaf");
    vars.set("uplinks", static_cast<long long>(uplinks_), "parallel links between a leaf and a spine");
    vars.set("oversubscription", Rational(static_cast<long long>(hosts_), static_cast<long long>(spines_ * uplinks_)),
             "hosts : spines*uplinks, a leaf's host bandwidth over its uplink bandwidth");
  }

  std::uint32_t levels() const override { return 2; }
  std::uint32_t level(NodeId v) const override { return v < spines_ ? 2 : v < first_host() ? 1 : 0; }
  PortId first_up_port(NodeId v) const override {
    if (v >= first_host()) return 0;  // a host's one port goes up
    return v < spines_ ? port_count(v) : static_cast<PortId>(hosts_);
  }
  PortId up_ports_at(std::uint32_t) const override { return static_cast<PortId>(spines_ * uplinks_); }
  std::uint64_t host_index(NodeId h) const override { return h - first_host(); }

  void down_ports_towards(NodeId v, NodeId h, std::vector<PortId>& out) const override {
    const std::uint64_t x = h - first_host(), hleaf = x / hosts_;
    if (v >= spines_) {
      if (v - spines_ == hleaf) out.push_back(static_cast<PortId>(x % hosts_));
      return;
    }
    for (std::uint64_t j = 0; j < uplinks_; ++j) out.push_back(static_cast<PortId>(hleaf * uplinks_ + j));
  }

 private:
  std::uint64_t leaves_, spines_, hosts_, uplinks_;

  NodeId first_host() const { return static_cast<NodeId>(spines_ + leaves_); }
  NodeId leaf(std::uint64_t l) const { return static_cast<NodeId>(spines_ + l); }
};

}  // namespace

Family leafspine_family() {
  Family f;
  f.name = "leafspine";
  f.summary = "two-level leaf-spine fabric: every leaf links every spine `uplinks` times; hosts on leaves";
  f.source = "Alizadeh and Edsall, On the data path performance of leaf-spine datacenter fabrics, HotI 2013";
  f.params = {ParamSpec::integer("leaves", "leaf switches").range(1, 1 << 16),
              ParamSpec::integer("spines", "spine switches").range(1, 1 << 16),
              ParamSpec::integer("hosts", "hosts per leaf (0: the switch graph alone, switches are routers)")
                  .range(0, 1 << 16),
              ParamSpec::integer("uplinks", "parallel links between each leaf and each spine")
                  .range(1, 64)
                  .defaults_to(SpecValue::make_int(1))};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const auto leaves = static_cast<std::uint64_t>(p.integer("leaves")),
               spines = static_cast<std::uint64_t>(p.integer("spines")),
               hosts = static_cast<std::uint64_t>(p.integer("hosts")),
               uplinks = static_cast<std::uint64_t>(p.integer("uplinks"));
    if (leaves * uplinks > 65536 || hosts + spines * uplinks > 65536)
      p.fail("a switch would have more than 65536 ports (spine: leaves*uplinks = " + std::to_string(leaves * uplinks) +
             ", leaf: hosts + spines*uplinks = " + std::to_string(hosts + spines * uplinks) + ")");
    return std::make_shared<LeafSpine>(leaves, spines, hosts, uplinks);
  };
  return f;
}

}  // namespace menger
