// Routings of 004 (Arai and Li, "Fault-tolerant routing algorithms for
// hierarchical dual-nets with limited and arbitrary number of faulty nodes").
//
//   hdn-route  the fault-free HDN routing (section 2's diameter argument, the
//              "HDN_Routing" of reference [10]); reads no faults.
//   hdn-ft1    Algorithm 1, HDN_FaultTolerantRouting (section 3), for |F| < d0+k.
//   hdn-ft2    Algorithm 2, HDN_FaultTolerantRouting_unlimited (section 4).
//   rdn-ft     the RDN sub-routing on its own, on a network that is one RDN
//              (s_k = 1): a shortest fault-free path (routing_hdn_parts.h).
//
// Knowledge.  hdn-ft1 and hdn-ft2 are Global: section 3 "We use a model of the
// global failure information (off-line) ... each non-faulty node knows all the
// IDs of the faulty nodes", and both algorithms count faults in whole RDNs and
// super-nodes.  The source computes the plan (u_s, u_r, v_r, v_s) in start();
// the packet carries it and every node routes the current segment with the
// sub-routing, recomputed consistently hop by hop.  hdn-route reads nothing
// (Local).  The sub-routings F(B) (Supernode_FaultTolerantRouting) and
// RDN_FaultTolerantRouting ([8], not restated in 004) are shortest fault-free
// paths inside the super-node / RDN(n), lowest port first (routing_hdn_parts.h).
//
// Packet state: the phase (0: gave up; 1..5: heading for u_s, u_r, v_r, v_s,
// v) and the plan's nodes u_s, u_r, v_r, v_s (kPhase, kPlan).  The path is
// u -> u_s -> u_r (in RDN(u_s3)) -> v_r (in the super-node) -> v_s (in
// RDN(v_s3)) -> v, section 3's [u -> u_s -> u_r -> v_r -> v_s -> v].
//
// Readings of the paper (where it is ambiguous or inconsistent):
//  1. Algorithm 1, Step-2: the pseudo-code has one "endif" too many, and read
//     literally assigns no v_r when u_r = u_s.  Read: choose the meeting
//     super-node, then route the other side's RDN to it.
//  2. Step-2's candidate order.  The pseudo-code tries u_s, then neighbours of
//     u_s, then the v side; Figure 7's text instead rejects u_r = u_s and then
//     takes v_r = v_s ("because there is no faulty node in the super-node of
//     v_s"), although the neighbour (0,0,1,0) of u_s qualified.  We follow the
//     figure and Theorem 3's proof (u, then v, then their neighbours): u_s,
//     v_s, RDN neighbours of u_s by port, RDN neighbours of v_s by port.
//  3. Step-2's condition.  The pseudo-code only asks |SN ∩ F| < d(S_k); the
//     text of Figure 7 ("If u_r and u_s are the same node, v_r will be
//     (0,0,0,1) which is a faulty node") and Theorem 3's proof also require
//     the partner node, the same super-node with the other side's node-id, to
//     be non-faulty.  We require both.
//  4. Step-1's neighbour order ("find a non-faulty node u_s", a neighbour in
//     the super-node): increasing node-id.  Figure 6 picks (1,1,1,1) for
//     v = (1,1,1,3) although (1,1,1,2) would qualify too (RDN(2) has no
//     fault); lowest node-id reproduces the figure, lowest port would not.
//     The paper allows any qualifying neighbour, and node-id order does not
//     commute with the network's port-keeping automorphisms: in HDN(Q3,1,{4})
//     the automorphism that maps node-id x to x XOR 2 in every super-node
//     reverses the order of two neighbours, so Step-1 picks non-corresponding
//     nodes (tests/test_routing_symmetry.cpp finds the run).  The parameter
//     order=port takes the lowest port instead; every other choice of both
//     algorithms is by port or by a shortest-path search that is lowest port
//     first, so hdn-ft1(order=port) and hdn-ft2(order=port) commute with every
//     port-keeping automorphism (port_automorphism_invariant(), checked on
//     every generator by the tests) and the search may examine one pair per
//     orbit (issue 20).  With node-id order they commute with the subgroup
//     that also keeps node-ids (symmetry_colours()): smaller, but still one
//     pair in hundreds on HDN(Q3,2,{4,2}).
//  5. Algorithm 2's candidates P_0(u) = u, P_i(u) = u -> u^(i), "the ith
//     adjacent node": u first, then super-node neighbours by node-id (Figure 10
//     finds u_s "in their super-nodes"), then the other neighbours by port.
//     r_f is read as positions (c,u,x) of the RDN that are faulty with node-id
//     u_s3 or v_s3; the path P from u_s to v_s avoids them (source and target
//     included: that rejects u_s = u in Figure 9), and the meeting super-node
//     is the first on P with the fewest faulty nodes (strict ">" update).  A
//     combination fails when any of the three later sub-routings finds no
//     path ("the algorithm retry ... to change the combination of u_s and
//     v_s", section 4); when all fail the packet is dropped.
//  6. Algorithm 1 needs s_k > 1: with s_k = 1 the test |SN ∩ F| < d(S_k) = 0
//     never holds; the builder rejects such networks (use rdn-ft).
//  7. Only node faults are modelled by the paper (section 3); the sub-routings
//     also avoid failed links, the fault counts count nodes only.
#include <algorithm>
#include <array>

#include "core/error.h"
#include "models/packet_fields.h"
#include "models/product_graph.h"
#include "models/routing_hdn_parts.h"
#include "models/routing_registry.h"

namespace menger {
namespace {

// ---- hdn-route: the fault-free routing of section 2 -------------------------

// Section 2: a pair in one cluster is routed inside the cluster (a copy of
// H_{i-1}); a pair in clusters of different classes goes inside the cluster to
// the super-node whose cross-edge enters v's cluster, crosses, and finishes
// in v's cluster; a pair in two clusters of the same class crosses first.  In
// B, dimension order, each ring the shorter way (ties: +).  Memoryless: every
// node recomputes the same decision from (here, v).
class HdnRoute final : public Routing {
 public:
  explicit HdnRoute(const Network& net) : g_(net, "hdn-route") {}
  FaultKnowledge knowledge() const override { return FaultKnowledge::Local; }
  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    out.push_back(Hop{port(g_.k(), here, dst), 0, state});
  }

 private:
  HdnGeometry g_;

  PortId port(std::size_t level, std::uint64_t v, std::uint64_t t) const {
    if (level == 0) return base_port(v, t);
    const DualNet& d = g_.dual();
    const DualNet::Address a = d.address(v, level), b = d.address(t, level);
    const auto cross = static_cast<PortId>(g_.d0() + level - 1);
    if (a.c == b.c && a.u == b.u) return port(level - 1, d.cluster_member(level, a.x, a.n), d.cluster_member(level, b.x, b.n));
    if (a.c == b.c || a.x == b.u) return cross;
    return port(level - 1, d.cluster_member(level, a.x, a.n), d.cluster_member(level, b.u, a.n));
  }

  PortId base_port(std::uint64_t v, std::uint64_t t) const {
    const ProductGraph& b = g_.dual().base();
    for (std::size_t dim = 0; dim < b.factors().size(); ++dim) {
      const std::uint32_t x = b.coordinate(static_cast<NodeId>(v), dim), y = b.coordinate(static_cast<NodeId>(t), dim);
      if (x == y) continue;
      const Factor& f = b.factors()[dim];
      if (f.kind == FactorKind::Link) return b.port_of(dim, +1);
      const std::uint32_t forward = (y + f.radix - x) % f.radix;
      return b.port_of(dim, forward <= f.radix - forward ? +1 : -1);
    }
    throw InternalError("hdn-route: asked to route a node to itself");
  }
};

// ---- the planned routings (Algorithms 1 and 2) ------------------------------

struct Plan {
  NodeId us, ur, vr, vs;
};

const char* const kPhaseNames[] = {"gave up", "u->u_s", "u_s->u_r", "u_r->v_r", "v_r->v_s", "v_s->v"};
constexpr EnumField kPhase{0, "phase", kPhaseNames};
// The plan's nodes in path order; phase i (1..4) heads for kPlan[i - 1].
constexpr std::array<IdField, 4> kPlan{IdField{1, "u_s="}, IdField{2, "u_r="}, IdField{3, "v_r="}, IdField{4, "v_s="}};

// The source plans (global knowledge); every hop follows the plan's current
// segment with the sub-routing of the part the segment lies in.
class PlannedRouting : public Routing {
 public:
  PlannedRouting(const Network& net, std::string name, bool port_order)
      : g_(net, name), name_(std::move(name)), port_order_(port_order) {}
  // Every choice is by port or by a least path, except Step-1's order by
  // node-id (reading 4), which the node-id colours keep.
  bool port_automorphism_invariant() const override { return true; }
  std::vector<std::uint64_t> symmetry_colours(const Network& net) const override {
    if (port_order_) return {};
    std::vector<std::uint64_t> ids(net.num_nodes());
    for (NodeId v = 0; v < net.num_nodes(); ++v) ids[v] = g_.node_id(v);
    return ids;
  }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Global; }

  PacketState start(NodeId src, NodeId dst, FaultView& faults) const override {
    PacketState s;
    const auto p = plan(src, dst, faults);
    if (!p) return s;
    kPhase.set(s, 1);
    const NodeId nodes[] = {p->us, p->ur, p->vr, p->vs};
    for (std::size_t i = 0; i < kPlan.size(); ++i) kPlan[i].set(s, nodes[i]);
    return s;
  }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    if (kPhase(state) == 0) return;  // no plan: the algorithm gave up at the source
    std::int32_t phase = kPhase(state);
    while (phase <= 4 && here == target(state, phase, dst)) ++phase;
    const NodeId t = target(state, phase, dst);
    Part part = g_.same_supernode(here, t) ? Part::Supernode : Part::Rdn;
    if (part == Part::Rdn && g_.node_id(here) != g_.node_id(t)) return;  // off the plan: cannot happen
    auto p = PartSearch(g_, part, faults).first_port(here, t);
    if (!p) return;  // the sub-routing found no path: give up
    PacketState s = state;
    kPhase.set(s, phase);
    out.push_back(Hop{*p, 0, s});
  }

  std::string describe_state(const PacketState& s) const override { return fields_.describe(s); }

 protected:
  HdnGeometry g_;
  virtual std::optional<Plan> plan(NodeId src, NodeId dst, FaultView& faults) const = 0;

  // Super-node neighbours of v, by increasing node-id (readings 4 and 5) or by port.
  std::vector<PortId> supernode_ports(NodeId v) const {
    std::vector<PortId> ports;
    for (PortId p = 0; p < g_.net().num_ports(v); ++p)
      if (g_.sn_port(p)) ports.push_back(p);
    if (port_order_) return ports;
    std::sort(ports.begin(), ports.end(), [&](PortId a, PortId b) {
      return g_.node_id(g_.net().port(v, a).peer) < g_.node_id(g_.net().port(v, b).peer);
    });
    return ports;
  }
  std::vector<PortId> rdn_ports(NodeId v) const {
    std::vector<PortId> ports;
    for (PortId p = 0; p < g_.net().num_ports(v); ++p)
      if (!g_.sn_port(p)) ports.push_back(p);
    return ports;
  }
  NodeId peer(NodeId v, PortId p) const { return g_.net().port(v, p).peer; }

 private:
  std::string name_;
  bool port_order_;
  StateFields fields_ = declare_fields();
  static NodeId target(const PacketState& s, std::int32_t phase, NodeId dst) {
    if (phase >= 5) return dst;
    const auto node = kPlan[static_cast<std::size_t>(phase - 1)](s);
    MENGER_ASSERT(node.has_value(), "hdn: a plan without its node for phase " + std::to_string(phase));
    return *node;
  }
  StateFields declare_fields() const {
    StateFields f;
    f.choice(kPhase);
    for (const IdField& node : kPlan) f.id(node, [this](std::uint32_t v) { return g_.label(v); });
    return f;
  }
};

// Algorithm 1 (section 3).
class Algorithm1 final : public PlannedRouting {
 public:
  Algorithm1(const Network& net, bool port_order) : PlannedRouting(net, "hdn-ft1", port_order) {
    if (g_.sn_degree() == 0)
      throw InputError("routing hdn-ft1 needs super-nodes of more than one node (s_k > 1): Algorithm 1's test "
                       "|SN ∩ F| < d(S_k) never holds when d(S_k) = 0 (004 section 3); " + net.spec() +
                       " is an RDN, use rdn-ft");
  }

 private:
  std::optional<Plan> plan(NodeId u, NodeId v, FaultView& faults) const override {
    auto us = step1(u, faults);
    if (!us) return std::nullopt;
    auto vs = step1(v, faults);
    if (!vs) return std::nullopt;
    return step2(*us, *vs, faults);
  }

  // Step-1: n itself if RDN(n3) has fewer than r = d0 + k - d(S_k) faulty
  // nodes, else a healthy super-node neighbour whose RDN has (Theorem 2).
  std::optional<NodeId> step1(NodeId n, FaultView& faults) const {
    const std::uint32_t r = g_.rdn_degree();
    if (!faults.faulty_nodes_at_least(g_.rdn(g_.node_id(n)), r)) return n;
    for (PortId p : supernode_ports(n))
      if (faults.port_usable(n, p) && !faults.faulty_nodes_at_least(g_.rdn(g_.node_id(peer(n, p))), r))
        return peer(n, p);
    return std::nullopt;
  }

  // Step-2 (readings 1-3): a meeting node m whose super-node has fewer than
  // d(S_k) faulty nodes and whose partner (m's super-node, other node-id) is
  // healthy; tried at u_s, v_s, then their RDN neighbours (Theorem 3).
  std::optional<Plan> step2(NodeId us, NodeId vs, FaultView& faults) const {
    auto meets = [&](NodeId m, NodeId other) {
      return !faults.faulty_nodes_at_least(g_.supernode(m), g_.sn_degree()) &&
             !faults.node_faulty(g_.with_node_id(m, g_.node_id(other)));
    };
    auto partner = [&](NodeId m, NodeId other) { return g_.with_node_id(m, g_.node_id(other)); };
    if (meets(us, vs)) return Plan{us, us, partner(us, vs), vs};
    if (meets(vs, us)) return Plan{us, partner(vs, us), vs, vs};
    for (PortId p : rdn_ports(us))
      if (faults.port_usable(us, p) && meets(peer(us, p), vs)) return Plan{us, peer(us, p), partner(peer(us, p), vs), vs};
    for (PortId p : rdn_ports(vs))
      if (faults.port_usable(vs, p) && meets(peer(vs, p), us)) return Plan{us, partner(peer(vs, p), us), peer(vs, p), vs};
    return std::nullopt;
  }
};

// Algorithm 2 (section 4).
class Algorithm2 final : public PlannedRouting {
 public:
  Algorithm2(const Network& net, bool port_order) : PlannedRouting(net, "hdn-ft2", port_order) {}

 private:
  std::optional<Plan> plan(NodeId u, NodeId v, FaultView& faults) const override {
    for (PortId pu : candidates(u)) {
      auto us = candidate(u, pu, faults);
      if (!us) continue;
      for (PortId pv : candidates(v)) {
        auto vs = candidate(v, pv, faults);
        if (!vs) continue;
        if (auto plan = try_pair(*us, *vs, faults)) return plan;
      }
    }
    return std::nullopt;
  }

  static constexpr PortId kSelf = UINT32_MAX;
  // P_0 = n, then super-node neighbours by node-id, then the rest by port (reading 5).
  std::vector<PortId> candidates(NodeId n) const {
    std::vector<PortId> c{kSelf};
    for (PortId p : supernode_ports(n)) c.push_back(p);
    for (PortId p : rdn_ports(n)) c.push_back(p);
    return c;
  }
  std::optional<NodeId> candidate(NodeId n, PortId p, FaultView& faults) const {
    if (p == kSelf) return n;
    if (!faults.port_usable(n, p)) return std::nullopt;
    return peer(n, p);
  }

  std::optional<Plan> try_pair(NodeId us, NodeId vs, FaultView& faults) const {
    const std::uint64_t nu = g_.node_id(us), nv = g_.node_id(vs);
    // RDN_FaultTolerantRouting on RDN(u_s3) with r_f: a position is blocked
    // when it is faulty with node-id u_s3 or v_s3.
    std::vector<NodeId> path =
        PartSearch(g_, Part::Rdn, faults).avoiding_companions(nv).path(us, g_.with_node_id(vs, nu));
    if (path.empty()) return std::nullopt;
    const NodeId m = least_faulty_supernode(path, faults);
    const Plan plan{us, g_.with_node_id(m, nu), g_.with_node_id(m, nv), vs};
    if (!PartSearch(g_, Part::Rdn, faults).distance(us, plan.ur)) return std::nullopt;
    if (!PartSearch(g_, Part::Rdn, faults).distance(vs, plan.vr)) return std::nullopt;
    if (!PartSearch(g_, Part::Supernode, faults).distance(plan.ur, plan.vr)) return std::nullopt;
    return plan;
  }

  // First node of the path whose super-node has the fewest faulty nodes (the
  // min_fn loop).  Counts are asked as thresholds (budget-aware), and only
  // below the best so far; the scan stops at a fault-free super-node.
  NodeId least_faulty_supernode(const std::vector<NodeId>& path, FaultView& faults) const {
    NodeId best = path.front();
    std::uint32_t best_count = UINT32_MAX;
    for (NodeId n : path) {
      if (best_count == 0) break;
      auto sn = g_.supernode(n);
      if (best_count != UINT32_MAX && faults.faulty_nodes_at_least(sn, best_count)) continue;
      const std::uint32_t limit = best_count == UINT32_MAX ? static_cast<std::uint32_t>(sn.size()) : best_count - 1;
      std::uint32_t count = 0;
      while (count < limit && faults.faulty_nodes_at_least(sn, count + 1)) ++count;
      best = n;
      best_count = count;
    }
    return best;
  }
};

// ---- rdn-ft: the RDN sub-routing on a network that is one RDN ---------------

class RdnFt final : public Routing {
 public:
  explicit RdnFt(const Network& net) : g_(net, "rdn-ft") {
    if (g_.s() != 1)
      throw InputError("routing rdn-ft needs an RDN (s_k = 1); " + net.spec() +
                       " has super-nodes of " + std::to_string(g_.s()) + " nodes (use hdn-ft1 or hdn-ft2)");
  }
  FaultKnowledge knowledge() const override { return FaultKnowledge::Global; }
  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override {
    if (auto p = PartSearch(g_, Part::Rdn, faults).first_port(here, dst)) out.push_back(Hop{*p, 0, state});
  }

 private:
  HdnGeometry g_;
};

ParamSpec base_param() {
  return ParamSpec::choice("base",
                           "sub-routing F(B) in super-nodes and RDNs, which 004 leaves open: shortest = a shortest "
                           "fault-free path inside the sub-network, lowest port first",
                           {"shortest"})
      .defaults_to(SpecValue::make_word("shortest"));
}

ParamSpec order_param() {
  return ParamSpec::choice("order",
                           "which qualifying super-node neighbour Step-1 takes first: node-id (reproduces 004 "
                           "Figure 6) or port (commutes with the port-keeping automorphisms: one pair per orbit)",
                           {"node-id", "port"})
      .defaults_to(SpecValue::make_word("node-id"))
      .hidden_at_default();
}

}  // namespace

void register_hdn_routings(RoutingRegistry& reg) {
  reg.add(RoutingFamily{
      "hdn-route", "fault-free HDN routing (section 2 / [10]): cluster, cross-edge, cluster; reads no faults",
      "004 section 2 (diameter argument, Theorem 1)", {},
      [](const Network& net, const BoundParams&) -> std::unique_ptr<Routing> { return std::make_unique<HdnRoute>(net); }});
  reg.add(RoutingFamily{
      "hdn-ft1",
      "HDN_FaultTolerantRouting for |F| < d0+k (global knowledge; super-node and RDN sub-routings = shortest "
      "fault-free path in the sub-network, standing in for F(B) and [8])",
      "004 section 3, Algorithm 1, Theorems 2-4", {base_param(), order_param()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        return std::make_unique<Algorithm1>(net, p.word("order") == "port");
      }});
  reg.add(RoutingFamily{
      "hdn-ft2",
      "HDN_FaultTolerantRouting_unlimited, any number of faults (global knowledge; sub-routings = shortest "
      "fault-free path in the sub-network)",
      "004 section 4, Algorithm 2", {base_param(), order_param()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        return std::make_unique<Algorithm2>(net, p.word("order") == "port");
      }});
  reg.add(RoutingFamily{
      "rdn-ft",
      "RDN fault-tolerant routing stand-in on an RDN (s_k = 1): shortest fault-free path (004 cites [8] without "
      "restating it)",
      "004 section 3 (RDN_FaultTolerantRouting of [8])", {base_param()},
      [](const Network& net, const BoundParams&) -> std::unique_ptr<Routing> { return std::make_unique<RdnFt>(net); }});
}

}  // namespace menger
