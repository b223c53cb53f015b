// ft-torus: the fault-tolerant routing methodology for tori and meshes of paper
// 003 (Gomez, Lopez, Duato), section 2, with the header of Figure 2.1 and the
// switch behaviour of section 4.
//
// What the paper fixes (section 2, "Fault-Tolerant Methodology"):
//   * static faults, known at the source (global knowledge): the source keeps,
//     per destination, an optional intermediate node I, misrouting info and an
//     adaptivity bit (footnote 8: "stored in the source nodes");
//   * fault-free: Duato's fully adaptive minimal routing, escape channels with
//     a deterministic subfunction;
//   * with faults, packets go S -> I -> D, minimal adaptive on both subpaths,
//     I "inside the minimal adaptive cube defined by S and D" if possible;
//   * beyond that, "misrouting and switching off adaptive routing": up to three
//     misrouting directions with hop counts per subheader (Figure 2.1: d1 h1 d2
//     h2 d3 h3), taken first and in the order of the deterministic routing
//     X+ Y+ Z+ X- Y- Z-; then minimal routing, adaptive, or deterministic in
//     that direction order when the subheader's A bit is 0;
//   * section 4: three virtual channels, adaptive (vc 0 here), escape E0 for
//     S->I (vc 1) and E1 for ->D (vc 2); misrouting and A = 0 use the escape
//     channel only; at I the first subheader is deleted.
//
// What the paper leaves open, and our reading (the rules for choosing the
// descriptor are in its reference [5], which 003 only summarises):
//   1. Order of the candidates.  "If possible, the I node is selected inside
//      the minimal adaptive cube" and the other two mechanisms serve "to
//      tolerate more than one failure", so: (a) no I, adaptive; (b) I inside
//      the cube, both subpaths adaptive; (c) adaptivity switched off: no I
//      with A = 0, then I inside the cube with A = (0,1), (1,0), (0,0);
//      (d) I outside the cube, with A = (1,1), (0,1), (1,0), (0,0);
//      (e) misrouting from S (1 to 3 directions), then minimal to D, adaptive
//      if clean, else deterministic.  The first candidate that works is taken.
//   2. Order within a stage: inside the cube, I nearest S first; outside,
//      shortest S -> I -> D first, then nearest S; ties by the offset of I
//      from S (dimension 0 least significant).  Misroutings: shortest total
//      first, then fewest directions, then direction order.  All relative to
//      S, so the routing commutes with torus translations.
//   3. A candidate "works" when every path it allows is fault-free: every
//      node and link of the minimal cube of an adaptive subpath, the single
//      path of a deterministic one, every misrouting hop.  A misrouting uses
//      each dimension at most once (X+ then X- would only cancel), at most
//      radix - 1 hops per direction.  Misrouting combined with an I
//      (Figure 2.1 gives both subheaders misrouting fields) is searched only
//      with combine=yes, as two last stages after (e), not their product:
//      (f) misrouting from S, then I (any node), minimal S' -> I -> D;
//      (g) I (any node), minimal S -> I, then misrouting from I, minimal to D.
//      Order: (f) misrouting by the list order of (e), then I by shortest
//      S' -> I -> D, nearest S', offset from S, adaptivity (1,1), (0,1),
//      (1,0), (0,0) per subpath; (g) I as in stage (d) over every node, then
//      S -> I adaptive before deterministic, then the misrouting list, and
//      I' -> D adaptive if clean, else deterministic (as in stage (e)).
//      003 only summarises its reference [5], whose selection rules are not
//      given, so this is one reading, a parameter.
//   4. Half-way ties in even rings go the + way (routing_torus.h), so the
//      minimal cube is a cube.
//   5. A packet that passes its final destination early (on a misrouting or on
//      the way to I) counts as delivered (the engine stops at D).
// Deadlock freedom: with flow=bubble the escape channels E0 and E1 use bubble
// flow control (section 3, and section 4's "The bubble condition in the escape
// channels is implemented by the BR"): an escape hop that does not continue the
// packet's last hop (same port, same VC) needs room for two packets; adaptive
// hops never need it (routing_torus.h, ring_hop).  Without flow=bubble no hop is
// marked and the escape rings of a torus are plain cycles.
//
// Packet state: the header of Figure 2.1 (models/ft_header.h); with
// flow=bubble, the last hop in the tag above its flags (TagField, ring_hop).
//
// Fault reads happen only in start(), candidate by candidate in the order above,
// each stopping at the first fault it meets; next() follows the descriptor.
#include <algorithm>
#include <optional>
#include <tuple>

#include "core/error.h"
#include "models/box_layers.h"
#include "models/ft_header.h"
#include "models/routing_torus.h"

namespace menger {
namespace {

constexpr std::uint32_t kAdaptiveVc = 0, kEscapeToI = 1, kEscapeToD = 2;

class FtTorusRouting;

// The source's search for a descriptor (reading interpretation 1 in the header).
class DescriptorSearch {
 public:
  DescriptorSearch(const FtTorusRouting& r, const Lattice& lat, NodeId s, NodeId d, FaultView& f)
      : r_(r), lat_(lat), s_(s), d_(d), faults_(f) {}
  PacketState run();

 private:
  const FtTorusRouting& r_;
  const Lattice& lat_;
  NodeId s_, d_;
  FaultView& faults_;
  // adaptive_clear's scratch, reused by every candidate of the search.
  std::vector<std::uint32_t> extent_, step_ = std::vector<std::uint32_t>(lat_.dims());
  std::vector<PortId> ports_;
  std::vector<std::size_t> part_base_ = std::vector<std::size_t>(lat_.dims());
  std::vector<std::uint64_t> parts_;

  bool adaptive_clear(NodeId from, NodeId to);
  bool deterministic_clear(NodeId from, NodeId to);
  bool clear(NodeId from, NodeId to, bool adaptive) {
    return adaptive ? adaptive_clear(from, to) : deterministic_clear(from, to);
  }
  std::optional<NodeId> misroute_end(NodeId from, const Misroutes& m);
  std::optional<PacketState> via(NodeId i, bool a1, bool a2);
  std::optional<bool> minimal_to_d(NodeId from);
  std::vector<NodeId> by_detour(NodeId from, std::uint32_t longer_than = 0) const;
  template <class Visit>
  void scan_nodes(Visit&& visit) const;
  template <class Visit>
  void scan_cube(Visit&& visit) const;
  std::optional<PacketState> inside_cube(bool adaptive_only);
  std::optional<PacketState> outside_cube();
  std::optional<PacketState> misrouted();
  std::optional<PacketState> misrouted_then_via();
  std::optional<PacketState> via_then_misrouted();
};

class FtTorusRouting final : public Routing {
 public:
  FtTorusRouting(Lattice lattice, bool bubble, bool one_escape, bool combine)
      : lat_(std::move(lattice)), bubble_(bubble), one_escape_(one_escape), combine_(combine),
        header_(lat_.dims()), misroutes_(misroute_candidates()) {}
  FaultKnowledge knowledge() const override { return FaultKnowledge::Global; }
  std::uint32_t vcs() const override { return one_escape_ ? 2 : 3; }
  bool translation_invariant() const override { return lat_.wraps(); }

  PacketState start(NodeId src, NodeId dst, FaultView& faults) const override {
    return DescriptorSearch(*this, lat_, src, dst, faults).run();
  }
  void next(NodeId here, const PacketState& state, NodeId dst, FaultView& faults, Hops& out) const override;
  std::string describe_state(const PacketState& state) const override;

  const FtHeader& header() const { return header_; }
  const std::vector<Misroutes>& misroute_list() const { return misroutes_; }
  bool combine() const { return combine_; }
  // Port of the deterministic subfunction: direction order X+ Y+ Z+ X- Y- Z-.
  PortId direction_order_port(NodeId here, NodeId target) const;
  std::vector<std::size_t> productive_dims(NodeId here, NodeId target) const;

 private:
  Lattice lat_;
  bool bubble_;
  bool one_escape_;  // escapes=one: both phases on E0 (VC 1), against section 2's advice
  bool combine_;     // combine=yes: stages (f) and (g), misrouting with an I
  FtHeader header_;
  std::vector<Misroutes> misroutes_;

  // The hop on `vc`, marked for bubble flow control when that is on (escape
  // channels only: adaptive hops never wait for the bubble).
  Hop hop(const PacketState& now, const PacketState& next, PortId port, std::uint32_t vc) const {
    if (!bubble_) return Hop{port, vc, next};
    return ring_hop(now, next, port, vc, 0, vc != kAdaptiveVc);
  }

  std::vector<Misroutes> misroute_candidates() const;
  std::string describe_misroutes(const PacketState& s, bool second) const;
};

// ---- Routing at the switches -----------------------------------------------

std::vector<std::size_t> FtTorusRouting::productive_dims(NodeId here, NodeId target) const {
  std::vector<std::size_t> out;
  for (std::size_t d = 0; d < lat_.dims(); ++d)
    if (lat_.offset(here, target, d) != 0) out.push_back(d);
  return out;
}

PortId FtTorusRouting::direction_order_port(NodeId here, NodeId target) const {
  return lat_.direction_order_port(here, target);
}

void FtTorusRouting::next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const {
  if (FtHeader::is_dropped(state)) return;  // the source found no descriptor
  const PacketState s = FtHeader::arrive(state, here);  // at I: the second subheader
  const bool to_i = FtHeader::to_i(s);
  const NodeId target = to_i ? FtHeader::i(s) : dst;
  const std::uint32_t escape = to_i || one_escape_ ? kEscapeToI : kEscapeToD;

  // MisEn (section 4): the first direction with hops left, escape channel only.
  if (FtHeader::misrouting(s)) {
    const auto [m, after] = header_.misroute_hop(s);
    out.push_back(hop(state, after, lat_.port(m.dim, m.dir), escape));
    return;
  }
  // Minimal routing: every productive direction on the adaptive channel when
  // A = 1, and the escape channel of the deterministic subfunction.
  if (FtHeader::adaptive(s))
    for (std::size_t d : productive_dims(here, target))
      out.push_back(hop(state, s, lat_.port(d, lat_.offset(here, target, d) > 0 ? 1 : -1), kAdaptiveVc));
  out.push_back(hop(state, s, direction_order_port(here, target), escape));
}

std::string FtTorusRouting::describe_misroutes(const PacketState& s, bool second) const {
  std::string out;
  for (const Misroute& m : header_.misroutes(s, second))
    out += (out.empty() ? " mis=" : ",") + direction_name(m.dim, m.dir) + std::to_string(m.hops);
  return out;
}

// "I=<label> A=1 mis=X+2 | A=0": the header of Figure 2.1, subheaders in order.
std::string FtTorusRouting::describe_state(const PacketState& s) const {
  if (FtHeader::is_dropped(s)) return "none";
  std::string out;
  if (FtHeader::to_i(s)) out = "I=" + lat_.network().label(FtHeader::i(s)) + " ";
  out += FtHeader::adaptive(s) ? "A=1" : "A=0";
  out += describe_misroutes(s, false);
  if (FtHeader::to_i(s))
    out += std::string(" | ") + (FtHeader::adaptive2(s) ? "A=1" : "A=0") + describe_misroutes(s, true);
  return out;
}

// Misroutings: 1 to 3 directions, distinct dimensions, in direction order
// X+ Y+ Z+ X- Y- Z-; shortest total first, then fewest directions.
std::vector<Misroutes> FtTorusRouting::misroute_candidates() const {
  const std::size_t n = lat_.dims();
  std::vector<Misroutes> all;
  // Extend `cur` by a direction of index > `last` (indices 0..2n-1).
  auto extend = [&](auto&& self, Misroutes& cur, std::size_t from) -> void {
    for (std::size_t index = from; index < 2 * n; ++index) {
      const std::size_t d = index % n;
      if (std::any_of(cur.begin(), cur.end(), [&](const Misroute& m) { return m.dim == d; })) continue;
      for (std::uint32_t h = 1; h < lat_.factor(d).radix; ++h) {
        cur.push_back(Misroute{d, index < n ? 1 : -1, h});
        all.push_back(cur);
        if (cur.size() < FtHeader::kMisroutesPerSubheader) self(self, cur, index + 1);
        cur.pop_back();
      }
    }
  };
  Misroutes cur;
  extend(extend, cur, 0);
  auto total = [](const Misroutes& m) {
    std::uint32_t t = 0;
    for (const Misroute& x : m) t += x.hops;
    return t;
  };
  std::stable_sort(all.begin(), all.end(), [&](const Misroutes& a, const Misroutes& b) {
    return std::make_tuple(total(a), a.size()) < std::make_tuple(total(b), b.size());
  });
  return all;
}

// ---- The source's search ---------------------------------------------------

// All paths of minimal routing from `from` to `to` are fault-free: every
// productive link of the minimal cube and the node behind it.  Nodes nearest
// `from` are read first, so a fault near the source ends the check early.
bool DescriptorSearch::adaptive_clear(NodeId from, NodeId to) {
  const std::size_t n = lat_.dims();
  // Per dimension: the cube's extent, the productive port, and the part of
  // the node id of each step count (ids are mixed-radix coordinates).
  extent_.assign(n, 1);
  ports_.assign(n, 0);
  parts_.clear();
  for (std::size_t d = 0; d < n; ++d) {
    const std::uint32_t k = lat_.factor(d).radix, x = lat_.coord(from, d);
    const int off = lat_.coord_offset(d, x, lat_.coord(to, d));
    const int dir = off > 0 ? 1 : -1;
    extent_[d] = static_cast<std::uint32_t>(std::abs(off)) + 1;
    ports_[d] = lat_.port(d, dir);
    part_base_[d] = parts_.size();
    for (std::uint32_t a = 0; a < extent_[d]; ++a) {
      const std::uint32_t y = dir > 0 ? (x + a) % k : (x + k - a % k) % k;
      parts_.push_back(std::uint64_t(y) * lat_.stride(d));
    }
  }
  const std::uint64_t base = from - [&] {
    std::uint64_t own = 0;
    for (std::size_t d = 0; d < n; ++d) own += parts_[part_base_[d]];
    return own;
  }();
  // Points as step counts per dimension, by layer (steps from `from`), then
  // lexicographically with dimension 0 most significant: nodes nearest `from`
  // are read first.  Generated in that order, so a fault near `from` ends the
  // check before the rest of the cube is even listed.
  std::uint32_t last_layer = 0;
  for (std::size_t d = 0; d < n; ++d) last_layer += extent_[d] - 1;
  for (std::uint32_t layer = 0; layer <= last_layer; ++layer) {
    const bool clear = for_each_point_in_layer(extent_, layer, step_, [&] {
      std::uint64_t x = base;
      for (std::size_t d = 0; d < n; ++d) x += parts_[part_base_[d] + step_[d]];
      for (std::size_t d = 0; d < n; ++d)
        if (step_[d] + 1 < extent_[d] && !faults_.port_usable(static_cast<NodeId>(x), ports_[d])) return false;
      return true;
    });
    if (!clear) return false;
  }
  return true;
}

// The single path of the deterministic subfunction is fault-free.
bool DescriptorSearch::deterministic_clear(NodeId from, NodeId to) {
  const Network& net = lat_.network();
  for (NodeId x = from; x != to;) {
    const PortId p = r_.direction_order_port(x, to);
    if (!faults_.port_usable(x, p)) return false;
    x = net.port(x, p).peer;
  }
  return true;
}

// Where the misrouting from `from` ends, if every hop of it is usable (mesh borders are not).
std::optional<NodeId> DescriptorSearch::misroute_end(NodeId from, const Misroutes& m) {
  const Network& net = lat_.network();
  NodeId x = from;
  for (const Misroute& step : m)
    for (std::uint32_t h = 0; h < step.hops; ++h) {
      const PortId p = lat_.port(step.dim, step.dir);
      if (!faults_.port_usable(x, p)) return std::nullopt;
      x = net.port(x, p).peer;
    }
  return x;
}

// S -> I -> D with the given adaptivity per subpath.  I itself is read first:
// every S -> I path ends there.
std::optional<PacketState> DescriptorSearch::via(NodeId i, bool a1, bool a2) {
  if (faults_.node_faulty(i)) return std::nullopt;
  if (!clear(s_, i, a1) || !clear(i, d_, a2)) return std::nullopt;
  return FtHeader::via(i, a1, a2);
}

// Every node but S and D with its distances from S and to D and its code
// relative to S (Lattice::relative_code).  Node ids are mixed-radix
// coordinates, so per-dimension tables replace a distance computation per
// node: the scan is what stage (d) costs.
template <class Visit>
void DescriptorSearch::scan_nodes(Visit&& visit) const {
  const std::size_t n = lat_.dims();
  std::vector<std::vector<int>> from_s(n);
  std::vector<std::vector<std::uint32_t>> to_d(n);
  std::vector<std::uint32_t> radix(n), c(n, 0);
  for (std::size_t d = 0; d < n; ++d) {
    radix[d] = lat_.factor(d).radix;
    for (std::uint32_t x = 0; x < radix[d]; ++x) {
      from_s[d].push_back(lat_.coord_offset(d, lat_.coord(s_, d), x));
      to_d[d].push_back(static_cast<std::uint32_t>(std::abs(lat_.coord_offset(d, x, lat_.coord(d_, d)))));
    }
  }
  const NodeId nodes = lat_.network().num_nodes();
  for (NodeId v = 0; v < nodes; ++v) {
    std::uint32_t dsv = 0, dvd = 0;
    std::uint64_t code = 0;
    for (std::size_t d = 0; d < n; ++d) {
      dsv += static_cast<std::uint32_t>(std::abs(from_s[d][c[d]]));
      dvd += to_d[d][c[d]];
      code += std::uint64_t((c[d] + radix[d] - lat_.coord(s_, d)) % radix[d]) * lat_.stride(d);
    }
    if (v != s_ && v != d_) visit(v, dsv, dvd, code);
    for (std::size_t d = 0; d < n && ++c[d] == radix[d]; ++d) c[d] = 0;  // next node id
  }
}

// The nodes of the minimal cube of S and D but S and D, with their distances
// from S and codes relative to S: the points S + (a_0, ..., a_n-1), each a_d
// between 0 and S's offset to D in that dimension, stepped in its direction.
// These are exactly the nodes on a minimal path with S's own directions (ties:
// + only): an offset of magnitude at most half the ring is its own minimal
// offset (a half-way offset only ever points +), so such a point is a_d from
// S and off_d - a_d from D in every dimension; and a node on such a path is
// such a point.  (Checked against the former scan of all nodes on every call
// of the ft-torus tests and route-checks on six tori and meshes.)
template <class Visit>
void DescriptorSearch::scan_cube(Visit&& visit) const {
  const std::size_t n = lat_.dims();
  std::vector<int> off(n);
  std::vector<std::uint32_t> a(n, 0);
  for (std::size_t d = 0; d < n; ++d) off[d] = lat_.offset(s_, d_, d);
  for (;;) {
    NodeId v = s_;
    std::uint32_t dsv = 0;
    std::uint64_t code = 0;
    for (std::size_t d = 0; d < n; ++d) {
      const std::uint32_t k = lat_.factor(d).radix;
      v = lat_.move(v, d, off[d] > 0 ? 1 : -1, a[d]);
      dsv += a[d];
      code += std::uint64_t(off[d] >= 0 ? a[d] : (k - a[d]) % k) * lat_.stride(d);
    }
    if (v != s_ && v != d_) visit(v, dsv, code);
    std::size_t d = 0;
    for (; d < n && a[d] == static_cast<std::uint32_t>(std::abs(off[d])); ++d) a[d] = 0;
    if (d == n) return;
    ++a[d];
  }
}

// Stages (b) and (c): I inside the minimal cube of S and D, nearest S first.
// relative_code is one-to-one for a fixed S, so the order has no ties.
std::optional<PacketState> DescriptorSearch::inside_cube(bool adaptive_only) {
  std::vector<std::tuple<std::uint32_t, std::uint64_t, NodeId>> inner;  // distance from S, code, I
  scan_cube([&](NodeId v, std::uint32_t dsv, std::uint64_t code) { inner.emplace_back(dsv, code, v); });
  std::sort(inner.begin(), inner.end());
  for (const auto& [dist, code, i] : inner) {
    if (adaptive_only) {
      if (auto st = via(i, true, true)) return st;
      continue;
    }
    for (auto [a1, a2] : {std::pair{false, true}, {true, false}, {false, false}})
      if (auto st = via(i, a1, a2)) return st;
  }
  return std::nullopt;
}

// Every node but S, D and `from`, shortest from -> I -> D first, then nearest
// `from`, then by code relative to S (one-to-one: no ties, and the order
// commutes with translations); with `longer_than`, only longer detours.
// From S the scan's own distance tables serve (stage (d) is hot); another
// start (stage (f)) measures its distances.
std::vector<NodeId> DescriptorSearch::by_detour(NodeId from, std::uint32_t longer_than) const {
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t, NodeId>> order;  // (length, from -> I, code, I)
  scan_nodes([&](NodeId v, std::uint32_t dsv, std::uint32_t dvd, std::uint64_t code) {
    if (v == from) return;
    const std::uint32_t dist = from == s_ ? dsv : lat_.distance(from, v);
    if (dist + dvd > longer_than) order.emplace_back(dist + dvd, dist, code, v);
  });
  std::sort(order.begin(), order.end());
  std::vector<NodeId> out;
  out.reserve(order.size());
  for (const auto& t : order) out.push_back(std::get<3>(t));
  return out;
}

// Minimal routing from `from` to D: adaptive when its cube is clean, else
// deterministic when that path is; nullopt when neither is.
std::optional<bool> DescriptorSearch::minimal_to_d(NodeId from) {
  if (from == d_ || adaptive_clear(from, d_)) return true;
  if (deterministic_clear(from, d_)) return false;
  return std::nullopt;
}

constexpr std::pair<bool, bool> kAdaptivities[] = {{true, true}, {false, true}, {true, false}, {false, false}};

// Stage (d): I outside the cube, shortest S -> I -> D first, then nearest S.
std::optional<PacketState> DescriptorSearch::outside_cube() {
  for (NodeId i : by_detour(s_, lat_.distance(s_, d_)))
    for (auto [a1, a2] : kAdaptivities)
      if (auto st = via(i, a1, a2)) return st;
  return std::nullopt;
}

// Stage (e): misrouting from S, then minimal routing to D.
std::optional<PacketState> DescriptorSearch::misrouted() {
  for (const Misroutes& m : r_.misroute_list())
    if (const auto end = misroute_end(s_, m))
      if (const auto adaptive = minimal_to_d(*end)) return r_.header().direct(*adaptive, m);
  return std::nullopt;
}

// Stage (f), combine=yes: misrouting from S to S', then S' -> I -> D minimal.
// I = S' is stage (e) again, and I = D has no second subpath: both skipped.
std::optional<PacketState> DescriptorSearch::misrouted_then_via() {
  for (const Misroutes& m : r_.misroute_list()) {
    const auto start = misroute_end(s_, m);
    if (!start || *start == d_) continue;
    for (NodeId i : by_detour(*start)) {
      if (faults_.node_faulty(i)) continue;
      for (auto [a1, a2] : kAdaptivities)
        if (clear(*start, i, a1) && clear(i, d_, a2)) return r_.header().via_misrouted(i, a1, a2, m, false);
    }
  }
  return std::nullopt;
}

// Stage (g), combine=yes: S -> I minimal, then misrouting from I to I', then
// minimal to D (adaptive if clean, else deterministic).
std::optional<PacketState> DescriptorSearch::via_then_misrouted() {
  for (NodeId i : by_detour(s_)) {
    if (faults_.node_faulty(i)) continue;
    for (bool a1 : {true, false}) {
      if (!clear(s_, i, a1)) continue;
      for (const Misroutes& m : r_.misroute_list())
        if (const auto end = misroute_end(i, m))
          if (const auto a2 = minimal_to_d(*end)) return r_.header().via_misrouted(i, a1, *a2, m, true);
    }
  }
  return std::nullopt;
}

PacketState DescriptorSearch::run() {
  if (adaptive_clear(s_, d_)) return r_.header().direct(true);  // (a)
  if (auto st = inside_cube(true)) return *st;                       // (b)
  if (deterministic_clear(s_, d_)) return r_.header().direct(false);  // (c)
  if (auto st = inside_cube(false)) return *st;
  if (auto st = outside_cube()) return *st;                          // (d)
  if (auto st = misrouted()) return *st;                             // (e)
  if (r_.combine()) {
    if (auto st = misrouted_then_via()) return *st;  // (f)
    if (auto st = via_then_misrouted()) return *st;  // (g)
  }
  return FtHeader::dropped();
}

RoutingFamily ft_torus_family() {
  return RoutingFamily{
      "ft-torus",
      "003's fault-tolerant methodology: intermediate node, misrouting, adaptivity off; global knowledge",
      "003 section 2 (methodology), section 4 (header, virtual channels, bubble escape channels)",
      {flow_param(),
       ParamSpec::choice("escapes", "two: E0 for S->I, E1 for ->D (the paper); one: both phases on one escape VC",
                         {"two", "one"})
           .may_be_absent(),
       ParamSpec::choice("combine",
                         "no: misrouting only without an I (stage e); yes: also misrouting before or after an I "
                         "(stages f, g; Figure 2.1 allows both)",
                         {"no", "yes"})
           .may_be_absent()},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        Lattice lat(net, "ft-torus");
        for (std::size_t d = 0; d < lat.dims(); ++d)
          if (lat.factor(d).kind == FactorKind::Link)
            throw InputError("ft-torus needs tori with every radix >= 3 or meshes (directions X+ and X- distinct), not " +
                             net.spec());
        return std::make_unique<FtTorusRouting>(std::move(lat), bubble_flow(p),
                                                p.has("escapes") && p.word("escapes") == "one",
                                                p.has("combine") && p.word("combine") == "yes");
      }};
}

}  // namespace

void register_ft_torus_routing(RoutingRegistry& reg) { reg.add(ft_torus_family()); }

}  // namespace menger
