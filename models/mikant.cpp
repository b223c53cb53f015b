// mikant(k,n): the Mirrored k-Ary n-Tree of 002 (Wang and Li), section 2.1.
//
// Two groups G in {0,1} of n-1 switch levels L in 0..n-2, k^(n-1) switches per
// level, 2k^n compute nodes, (2n-1)k^n links; n >= 2 (the paper's restriction).
//   switch        <G, L, D_{n-2}, ..., D_0>
//   compute node  N<G, C_{n-1}, ..., C_0>   (the paper writes <G, C_{n-1}, ..., C_0>;
//                 the N marks it apart from switch labels of the same length)
//   link          <G, L, D_{n-2}, ..., D_0, P>
// A level-L switch links the level-(L+1) switches of its group that differ from
// it only in digit D_L; a level-(n-2) switch links the level-(n-2) switches of
// the other group that differ only in D_{n-2}; compute node <G, C> hangs on
// switch <G, 0, C_{n-2..0}> at its port C_{n-1}.
//
// Ports (section 2.2): in each group, ports 0..k-1 face the compute nodes and
// k..2k-1 the other side.  Down port j reaches the node with C_{n-1} = j (level
// 0) or the level-(L-1) switch with D_{L-1} = j; up port k+j reaches the switch
// with D_L = j one level up, or, at level n-2, the other group's switch with
// D_{n-2} = j.  This is what Algorithm 1 needs: port T_{L_W}+k climbs towards
// the destination, port T_{L_W-1} descends.
//
// Link labels (section 2.1): a link between levels L and L+1 is named by the
// upper switch's label and P = the lower switch's D_L; a node link by the switch
// and P = C_{n-1}; a link between the groups by the group-1 switch's digits,
// L = n-1 and P = the group-0 switch's D_{n-2} ("links in between two groups are
// labeled with G = 1 and L = n-1"; the example <1,2,0,0,0> .. <1,2,2,0,0> of
// switch <0,1,0,0> fixes which digit goes where).
//
// Ids: switches (G, L, D) group-major, then compute nodes (G, C); a digit tuple
// is a base-k number with D_0 (C_0) least significant.
#include "models/digits.h"
#include "models/families.h"

namespace menger {

namespace {

class Mikant : public Topology {
 public:
  Mikant(std::uint64_t k, std::uint64_t n) : k_(k), n_(n) {
    per_level_ = checked_power(k, n - 1, std::uint64_t{1} << 34, spec());
    top_ = per_level_;  // weight of D_{n-2}
    switches_ = 2 * (n - 1) * per_level_;
    nodes_ = 2 * per_level_ * k;
  }

  std::string spec() const override { return "mikant(" + std::to_string(k_) + "," + std::to_string(n_) + ")"; }
  std::uint64_t node_count() const override { return switches_ + nodes_; }
  NodeKind kind(NodeId v) const override { return v < switches_ ? NodeKind::Switch : NodeKind::Endpoint; }
  PortId port_count(NodeId v) const override { return v < switches_ ? static_cast<PortId>(2 * k_) : 1; }

  std::string label(NodeId v) const override {
    if (v >= switches_) {
      const std::uint64_t x = v - switches_;
      return "N<" + std::to_string(x / (per_level_ * k_)) + "," + digits(x % (per_level_ * k_), n_) + ">";
    }
    const Sw s = decode(v);
    return "<" + std::to_string(s.g) + "," + std::to_string(s.l) + "," + digits(s.d, n_ - 1) + ">";
  }

  std::optional<PortPeer> peer(NodeId v, PortId p) const override {
    if (v >= switches_) {
      const std::uint64_t x = v - switches_, g = x / (per_level_ * k_), c = x % (per_level_ * k_);
      return PortPeer{encode({g, 0, c % per_level_}), static_cast<PortId>(c / per_level_)};
    }
    const Sw s = decode(v);
    if (p < k_) {  // down
      if (s.l == 0)
        return PortPeer{static_cast<NodeId>(switches_ + s.g * per_level_ * k_ + p * per_level_ + s.d), 0};
      const std::uint64_t wt = weight(s.l - 1);
      return PortPeer{encode({s.g, s.l - 1, with_digit(s.d, k_, wt, p)}),
                      static_cast<PortId>(k_ + digit(s.d, k_, wt))};
    }
    const std::uint64_t j = p - k_, wt = weight(s.l);
    if (s.l + 2 < n_)  // up within the group
      return PortPeer{encode({s.g, s.l + 1, with_digit(s.d, k_, wt, j)}), static_cast<PortId>(digit(s.d, k_, wt))};
    // level n-2: across to the other group
    return PortPeer{encode({1 - s.g, s.l, with_digit(s.d, k_, wt, j)}),
                    static_cast<PortId>(k_ + digit(s.d, k_, wt))};
  }

  std::string link_label(NodeId v, PortId p) const override {
    auto q = peer(v, p);
    if (!q) return Topology::link_label(v, p);
    if (v >= switches_) return link_label(q->node, q->port);
    const Sw s = decode(v);
    if (p < k_) {
      // Named by this (upper) switch; P = the lower switch's digit, i.e. the port.
      return "<" + std::to_string(s.g) + "," + std::to_string(s.l) + "," + digits(s.d, n_ - 1) + "," +
             std::to_string(p) + ">";
    }
    if (s.l + 2 < n_) return link_label(q->node, q->port);  // named by the upper end
    // Between the groups: group-1 digits, L = n-1, P = group-0 switch's D_{n-2}.
    const Sw one = s.g == 1 ? s : decode(q->node);
    const Sw zero = s.g == 0 ? s : decode(q->node);
    return "<1," + std::to_string(n_ - 1) + "," + digits(one.d, n_ - 1) + "," +
           std::to_string(digit(zero.d, k_, weight(n_ - 2))) + ">";
  }

  void add_formula_vars(FormulaVars& vars) const override {
    vars.set("k", static_cast<long long>(k_), "arity (switch radix 2k)");
    vars.set("n", static_cast<long long>(n_), "the n of MiKANT(k,n): n-1 levels per group");
  }

 private:
  struct Sw {
    std::uint64_t g, l, d;
  };
  std::uint64_t k_, n_, per_level_ = 0, top_ = 0, switches_ = 0, nodes_ = 0;

  Sw decode(NodeId v) const { return {v / ((n_ - 1) * per_level_), (v / per_level_) % (n_ - 1), v % per_level_}; }
  NodeId encode(const Sw& s) const { return static_cast<NodeId>((s.g * (n_ - 1) + s.l) * per_level_ + s.d); }
  // Weight of digit D_i.
  std::uint64_t weight(std::uint64_t i) const {
    std::uint64_t w = 1;
    for (std::uint64_t j = 0; j < i; ++j) w *= k_;
    return w;
  }
  // "x_{len-1},...,x_0" of x in base k.
  std::string digits(std::uint64_t x, std::uint64_t len) const {
    std::string s;
    for (std::uint64_t i = len; i-- > 0;) s += std::to_string(digit(x, k_, weight(i))) + (i ? "," : "");
    return s;
  }
};

}  // namespace

Family mikant_family() {
  Family f;
  f.name = "mikant";
  f.summary = "Mirrored k-ary n-tree: 2(n-1)k^(n-1) switches, 2k^n compute nodes, (2n-1)k^n links";
  f.source = "002 (Wang and Li), section 2";
  f.params = {ParamSpec::integer("k", "arity (switch radix 2k)").range(2, 1 << 16),
              ParamSpec::integer("n", "n >= 2: n-1 switch levels per group (002 section 2.1)").range(2, 40)};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    return std::make_shared<Mikant>(static_cast<std::uint64_t>(p.integer("k")),
                                    static_cast<std::uint64_t>(p.integer("n")));
  };
  return f;
}

}  // namespace menger
