// The MiKANT topology of 002 (Wang and Li), section 2, as a class: exposed so that
// the routings of 002 (models/routing_mikant.cpp) can decode labels and check that
// a network is a MiKANT.  Labels, ports, link labels and ids: see models/mikant.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/formula.h"
#include "core/topology.h"
#include "models/digits.h"

namespace menger {

class Mikant : public Topology {
 public:
  // `nodes` false: the switch network alone (mikant(k, n, nodes=0), issue 41):
  // no compute nodes, level-0 down ports unconnected, every switch a router.
  Mikant(std::uint64_t k, std::uint64_t n, bool nodes = true) : k_(k), n_(n), has_nodes_(nodes) {
    per_level_ = checked_power(k, n - 1, std::uint64_t{1} << 34, spec());
    top_ = per_level_;  // weight of D_{n-2}
    switches_ = 2 * (n - 1) * per_level_;
    nodes_ = nodes ? 2 * per_level_ * k : 0;
  }

  std::string spec() const override {
    return "mikant(" + std::to_string(k_) + "," + std::to_string(n_) + (has_nodes_ ? "" : ", nodes=0") + ")";
  }
  std::uint64_t node_count() const override { return switches_ + nodes_; }
  NodeKind kind(NodeId v) const override {
    return v >= switches_ ? NodeKind::Endpoint : has_nodes_ ? NodeKind::Switch : NodeKind::Router;
  }
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
      if (s.l == 0 && !has_nodes_) return std::nullopt;  // the switch network alone
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

  // Decoding, for the routings of 002 (models/routing_mikant.cpp).  A switch is
  // (G, L, D) with D the base-k number D_{n-2}...D_0; a compute node is (G, C)
  // with C the base-k number C_{n-1}...C_0.
  struct Sw {
    std::uint64_t g, l, d;
  };
  std::uint64_t k() const { return k_; }
  std::uint64_t n() const { return n_; }
  bool is_switch(NodeId v) const { return v < switches_; }
  bool has_compute_nodes() const { return has_nodes_; }
  Sw decode(NodeId v) const { return {v / ((n_ - 1) * per_level_), (v / per_level_) % (n_ - 1), v % per_level_}; }
  NodeId encode(const Sw& s) const { return static_cast<NodeId>((s.g * (n_ - 1) + s.l) * per_level_ + s.d); }
  // Compute node v (not a switch): its group and C.
  std::uint64_t node_group(NodeId v) const { return (v - switches_) / (per_level_ * k_); }
  std::uint64_t node_digits(NodeId v) const { return (v - switches_) % (per_level_ * k_); }
  // Weight of digit D_i (C_i).
  std::uint64_t weight(std::uint64_t i) const {
    std::uint64_t w = 1;
    for (std::uint64_t j = 0; j < i; ++j) w *= k_;
    return w;
  }

 private:
  std::uint64_t k_, n_;
  bool has_nodes_;
  std::uint64_t per_level_ = 0, top_ = 0, switches_ = 0, nodes_ = 0;
  // "x_{len-1},...,x_0" of x in base k.
  std::string digits(std::uint64_t x, std::uint64_t len) const {
    std::string s;
    for (std::uint64_t i = len; i-- > 0;) s += std::to_string(digit(x, k_, weight(i))) + (i ? "," : "");
    return s;
  }
};


}  // namespace menger
