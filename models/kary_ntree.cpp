// kary_ntree(k,n): the k-ary n-tree of Petrini and Vanneschi (IPPS 1997), the
// fat tree that 002's MiKANT mirrors.
//
// k^n processing nodes p = (p_0,...,p_{n-1}) and n*k^(n-1) switches <w, l> with
// w = (w_0,...,w_{n-2}) and level l in 0..n-1 (l = 0 is the root level, l = n-1
// the leaves).  <w, l> and <w', l+1> are linked iff w_i = w'_i for every i != l;
// leaf <w, n-1> links node p iff w_i = p_i for i <= n-2.
//
// Ports (our choice, mirroring MiKANT's section 2.2 convention): each switch has
// 2k ports, 0..k-1 towards the nodes (down port j reaches the child whose digit
// at position l is j, or node p_{n-1} = j at a leaf), k..2k-1 towards the root
// (up port k+j reaches the parent whose digit at position l-1 is j).  Root
// up-ports are unconnected.  Ids: switches (level-major), then nodes; digit
// tuples are read with position 0 most significant.
//
// kary_ntree(k, n, hosts=0) is the switch network alone (issue 41: router-only
// connectivity without an export-and-strip detour): no processing nodes, the
// leaves' down ports unconnected, every switch a router (a terminal).
#include "models/digits.h"
#include "models/families.h"

namespace menger {

namespace {

class KaryNTree : public Topology {
 public:
  KaryNTree(std::uint64_t k, std::uint64_t n, bool hosts) : k_(k), n_(n), hosts_(hosts) {
    per_level_ = checked_power(k, n - 1, std::uint64_t{1} << 34, spec());
    nodes_ = hosts ? per_level_ * k : 0;
    switches_ = per_level_ * n;
  }

  std::string spec() const override {
    return "kary_ntree(" + std::to_string(k_) + "," + std::to_string(n_) + (hosts_ ? "" : ", hosts=0") + ")";
  }
  std::uint64_t node_count() const override { return switches_ + nodes_; }
  NodeKind kind(NodeId v) const override {
    return v >= switches_ ? NodeKind::Endpoint : hosts_ ? NodeKind::Switch : NodeKind::Router;
  }
  PortId port_count(NodeId v) const override { return v < switches_ ? static_cast<PortId>(2 * k_) : 1; }

  std::string label(NodeId v) const override {
    if (v >= switches_) return "(" + tuple(v - switches_, n_) + ")";
    return "<" + tuple(v % per_level_, n_ - 1) + (n_ > 1 ? "," : "") + std::to_string(v / per_level_) + ">";
  }

  std::optional<PortPeer> peer(NodeId v, PortId p) const override {
    if (v >= switches_) {  // a node's only port reaches its leaf switch
      const std::uint64_t x = v - switches_;
      return PortPeer{id(n_ - 1, x / k_), static_cast<PortId>(x % k_)};
    }
    const std::uint64_t l = v / per_level_, w = v % per_level_;
    if (p < k_) {
      if (l == n_ - 1 && !hosts_) return std::nullopt;  // the switch network alone
      if (l == n_ - 1) return PortPeer{static_cast<NodeId>(switches_ + w * k_ + p), 0};
      const std::uint64_t wt = weight(l);
      return PortPeer{id(l + 1, with_digit(w, k_, wt, p)), static_cast<PortId>(k_ + digit(w, k_, wt))};
    }
    if (l == 0) return std::nullopt;
    const std::uint64_t wt = weight(l - 1);
    return PortPeer{id(l - 1, with_digit(w, k_, wt, p - k_)), static_cast<PortId>(digit(w, k_, wt))};
  }

  void add_formula_vars(FormulaVars& vars) const override {
    vars.set("k", static_cast<long long>(k_), "arity");
    vars.set("n", static_cast<long long>(n_), "levels");
  }

 private:
  std::uint64_t k_, n_;
  bool hosts_;
  std::uint64_t per_level_ = 0, nodes_ = 0, switches_ = 0;

  // Weight of position i (0 = most significant) in an (n-1)-digit switch tuple.
  std::uint64_t weight(std::uint64_t i) const {
    std::uint64_t w = 1;
    for (std::uint64_t j = i + 1; j < n_ - 1; ++j) w *= k_;
    return w;
  }
  NodeId id(std::uint64_t level, std::uint64_t w) const { return static_cast<NodeId>(level * per_level_ + w); }
  std::string tuple(std::uint64_t x, std::uint64_t len) const {
    std::string s;
    std::uint64_t wt = 1;
    for (std::uint64_t i = 1; i < len; ++i) wt *= k_;
    for (std::uint64_t i = 0; i < len; ++i, wt /= k_) s += (i ? "," : "") + std::to_string((x / wt) % k_);
    return s;
  }
};

}  // namespace

Family kary_ntree_family() {
  Family f;
  f.name = "kary_ntree";
  f.summary = "k-ary n-tree fat tree: k^n nodes, n levels of k^(n-1) switches of radix 2k";
  f.source = "Petrini and Vanneschi, IPPS 1997 (the fat tree MiKANT mirrors, 002 section 1)";
  f.params = {ParamSpec::integer("k", "arity (half the switch radix)").range(2, 1 << 16),
              ParamSpec::integer("n", "number of switch levels").range(1, 40),
              ParamSpec::integer("hosts", "processing nodes per leaf switch: k (the paper's tree) or 0 (the switch "
                                          "network alone, switches are routers)")
                  .may_be_absent()};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const std::int64_t k = p.integer("k");
    return std::make_shared<KaryNTree>(static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(p.integer("n")),
                                       all_or_none(p, "hosts", k, "a leaf switch has k", "processing nodes",
                                                   "the paper's tree"));
  };
  return f;
}

}  // namespace menger
