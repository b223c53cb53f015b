// jellyfish(switches, degree, hosts, seed): the Jellyfish data-centre network
// (A. Singla, C.-Y. Hong, L. Popa and P. B. Godfrey, "Jellyfish: networking
// data centers randomly", NSDI 2012, section 3 "Jellyfish topology").
//
// `switches` = N switches, each with `degree` = r ports to other switches (the
// paper's RRG(N, k, r) with k - r = `hosts` servers per switch): a random
// r-regular simple graph among the switches.
//
// Construction (the paper's section 3): "pick a random pair of switches with
// free ports (for the switch-pair are not already neighbors), join them with a
// link, and repeat until no further links can be added.  If a switch remains
// with >= 2 free ports (p1, p2) ... these can be incorporated by removing a
// uniform-random existing link (x, y), and adding links (p1, x) and (p2, y)."
// Our reading and additions, so that the result is a simple r-regular graph:
//   * a random pair is drawn uniformly (two independent draws among the
//     switches with free ports); a draw of one switch twice or of neighbours is
//     rejected and redrawn; after 32 rejections in a row the open switches are
//     scanned for a non-adjacent pair, and phase 1 ends when there is none;
//   * the swap takes a uniform link (x, y) among those with x and y not
//     already neighbours of the switch (nor the switch itself), so no parallel
//     link or self-loop is made; it is repeated while the switch has >= 2 free
//     ports, the open switch of lowest id first;
//   * two switches left with one free port each (necessarily neighbours) take
//     a link (x, y) with x not a neighbour of the first and y not one of the
//     second, and link first-x and second-y (the same step, split over two
//     switches);
//   * when no such link exists, the construction restarts with the next
//     random stream; after 100 attempts the parameters are refused.
// Randomness: core/rng.h (SplitMix64 keyed by (seed, attempt); uniform
// integers by rejection sampling, Rng::below), so a seed gives the same graph
// with any compiler and standard library.
// Cost: O(N r) draws in phase 1 while pairs are plentiful, each with an
// adjacency test that is O(1) (a bit matrix, up to 16384 switches) or O(r);
// each swap scans the links, O(N r), and is rare.
//
// Ports: switch v's ports 0..r-1 lead to its neighbours in increasing id
// order; ports r..r+hosts-1 lead to host(v, port - r).  A host's port 0 leads
// to its switch.  Ids: switches 0..N-1, then hosts (switch-major).  Labels:
// sw(v), host(v,x).  With hosts = 0 the switches are routers (they are the
// terminals, as in a direct network).
#include <algorithm>
#include <optional>

#include "core/error.h"
#include "core/rng.h"
#include "models/families.h"

namespace menger {

namespace {

using Adjacency = std::vector<std::vector<NodeId>>;

// One attempt of the construction above; nullopt when it gets stuck.
class JellyfishBuilder {
 public:
  JellyfishBuilder(std::uint64_t n, std::uint64_t r, Rng rng) : adj_(n), free_(n, r), slot_(n), rng_(rng) {
    for (NodeId v = 0; v < n; ++v) open_.push_back(v), slot_[v] = v;
    if (n <= kMatrixMax) matrix_.assign((n * n + 63) / 64, 0);
  }

  std::optional<Adjacency> run() {
    join_random_pairs();
    while (!open_.empty())
      if (!swap_in(*std::min_element(open_.begin(), open_.end()))) return std::nullopt;
    for (auto& nbrs : adj_) std::sort(nbrs.begin(), nbrs.end());
    return std::move(adj_);
  }

 private:
  Adjacency adj_;
  std::vector<std::uint64_t> free_;
  std::vector<NodeId> open_;  // switches with free ports (order: as removals and returns left it)
  std::vector<std::size_t> slot_;  // position of each open switch in open_
  std::vector<std::pair<NodeId, NodeId>> links_;
  Rng rng_;
  // Adjacency matrix bits for up to kMatrixMax switches (32 MiB), so that a
  // dense graph's adjacency test is O(1); larger graphs scan the O(r) list.
  static constexpr std::uint64_t kMatrixMax = 16384;
  std::vector<std::uint64_t> matrix_;

  bool adjacent(NodeId a, NodeId b) const {
    if (!matrix_.empty()) {
      const std::uint64_t bit = std::uint64_t{a} * adj_.size() + b;
      return (matrix_[bit / 64] >> (bit % 64)) & 1;
    }
    return std::find(adj_[a].begin(), adj_[a].end(), b) != adj_[a].end();
  }
  void mark(NodeId a, NodeId b, bool on) {
    if (matrix_.empty()) return;
    for (const std::uint64_t bit : {std::uint64_t{a} * adj_.size() + b, std::uint64_t{b} * adj_.size() + a}) {
      if (on) matrix_[bit / 64] |= std::uint64_t{1} << (bit % 64);
      else matrix_[bit / 64] &= ~(std::uint64_t{1} << (bit % 64));
    }
  }
  bool joinable(NodeId a, NodeId b) const { return a != b && !adjacent(a, b); }

  void link(NodeId a, NodeId b) {
    adj_[a].push_back(b);
    adj_[b].push_back(a);
    mark(a, b, true);
    links_.emplace_back(a, b);
    for (NodeId v : {a, b})
      if (--free_[v] == 0) close(v);
  }

  // Removes v from open_ in O(1): the last open switch takes its place.
  void close(NodeId v) {
    const NodeId last = open_.back();
    open_[slot_[v]] = last;
    slot_[last] = slot_[v];
    open_.pop_back();
  }

  void unlink(std::size_t i) {
    const auto [x, y] = links_[i];
    adj_[x].erase(std::find(adj_[x].begin(), adj_[x].end(), y));
    adj_[y].erase(std::find(adj_[y].begin(), adj_[y].end(), x));
    mark(x, y, false);
    links_[i] = links_.back();
    links_.pop_back();
    for (NodeId v : {x, y})
      if (free_[v]++ == 0) slot_[v] = open_.size(), open_.push_back(v);
  }

  bool some_pair_joinable() const {
    for (std::size_t i = 0; i < open_.size(); ++i)
      for (std::size_t j = i + 1; j < open_.size(); ++j)
        if (joinable(open_[i], open_[j])) return true;
    return false;
  }

  // Phase 1: join uniform random non-adjacent pairs while any is left.
  void join_random_pairs() {
    int rejections = 0;
    while (open_.size() >= 2) {
      const NodeId a = open_[rng_.below(open_.size())], b = open_[rng_.below(open_.size())];
      if (joinable(a, b)) {
        link(a, b);
        rejections = 0;
      } else if (++rejections >= 32) {
        if (!some_pair_joinable()) return;
        rejections = 0;
      }
    }
  }

  // Phase 2: a switch v with free ports takes over a uniform random link
  // (x, y), linking x to v and y to v (or to the other open switch w when v
  // has one free port).  False when no link fits.
  bool swap_in(NodeId v) {
    NodeId w = v;  // the other open switch, the lowest id, when v has one free port
    for (NodeId u : open_)
      if (free_[v] < 2 && u != v && (w == v || u < w)) w = u;
    if (w == v && free_[v] < 2) return false;  // an odd number of free ports: cannot happen when N*r is even
    std::vector<std::pair<std::size_t, bool>> fits;  // link index, swapped ends
    for (std::size_t i = 0; i < links_.size(); ++i)
      for (bool swapped : {false, true}) {
        const NodeId x = swapped ? links_[i].second : links_[i].first, y = swapped ? links_[i].first : links_[i].second;
        if (joinable(v, x) && joinable(w, y)) fits.emplace_back(i, swapped);
      }
    if (fits.empty()) return false;
    const auto [i, swapped] = fits[rng_.below(fits.size())];
    const NodeId x = swapped ? links_[i].second : links_[i].first, y = swapped ? links_[i].first : links_[i].second;
    unlink(i);
    link(v, x);
    link(w, y);
    return true;
  }
};

Adjacency build_jellyfish(std::uint64_t n, std::uint64_t r, std::uint64_t seed, const BoundParams& p) {
  for (std::uint64_t attempt = 0; attempt < 100; ++attempt)
    if (auto adj = JellyfishBuilder(n, r, Rng(seed, attempt)).run()) return std::move(*adj);
  p.fail("no simple " + std::to_string(r) + "-regular graph on " + std::to_string(n) +
         " switches was found in 100 attempts");
}

class Jellyfish final : public Topology {
 public:
  Jellyfish(std::uint64_t n, std::uint64_t r, std::uint64_t hosts, std::uint64_t seed, Adjacency adj)
      : n_(n), r_(r), hosts_(hosts), seed_(seed), adj_(std::move(adj)) {}

  std::string spec() const override {
    return "jellyfish(switches=" + std::to_string(n_) + ", degree=" + std::to_string(r_) +
           ", hosts=" + std::to_string(hosts_) + ", seed=" + std::to_string(seed_) + ")";
  }
  std::uint64_t node_count() const override { return n_ * (1 + hosts_); }
  NodeKind kind(NodeId v) const override {
    if (v >= n_) return NodeKind::Endpoint;
    return hosts_ ? NodeKind::Switch : NodeKind::Router;
  }
  PortId port_count(NodeId v) const override { return v < n_ ? static_cast<PortId>(r_ + hosts_) : 1; }
  std::string label(NodeId v) const override {
    if (v < n_) return "sw(" + std::to_string(v) + ")";
    return "host(" + std::to_string((v - n_) / hosts_) + "," + std::to_string((v - n_) % hosts_) + ")";
  }

  std::optional<PortPeer> peer(NodeId v, PortId p) const override {
    if (v >= n_) return PortPeer{static_cast<NodeId>((v - n_) / hosts_), static_cast<PortId>(r_ + (v - n_) % hosts_)};
    if (p >= r_) return PortPeer{static_cast<NodeId>(n_ + v * hosts_ + (p - r_)), 0};
    const NodeId w = adj_[v][p];
    const auto back = std::lower_bound(adj_[w].begin(), adj_[w].end(), v) - adj_[w].begin();
    return PortPeer{w, static_cast<PortId>(back)};
  }

  void add_formula_vars(FormulaVars& vars) const override {
    vars.set("N", static_cast<long long>(n_), "switches");
    vars.set("r", static_cast<long long>(r_), "network degree: ports of a switch to other switches");
    vars.set("h", static_cast<long long>(hosts_), "hosts (servers) per switch");
  }

 private:
  std::uint64_t n_, r_, hosts_, seed_;
  Adjacency adj_;
};

}  // namespace

Family jellyfish_family() {
  Family f;
  f.name = "jellyfish";
  f.summary = "Jellyfish: random r-regular graph of switches (seeded), `hosts` servers per switch";
  f.source = "Singla, Hong, Popa and Godfrey, Jellyfish: networking data centers randomly, NSDI 2012, section 3";
  f.params = {ParamSpec::integer("switches", "number of switches N").range(2, 1 << 20),
              ParamSpec::integer("degree", "network degree r: links from a switch to other switches").range(1, 1 << 16),
              ParamSpec::integer("hosts", "servers per switch").range(0, 1 << 16).defaults_to(SpecValue::make_int(1)),
              ParamSpec::integer("seed", "random seed (same seed, same graph)").range(0).defaults_to(SpecValue::make_int(1))};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const auto n = static_cast<std::uint64_t>(p.integer("switches")), r = static_cast<std::uint64_t>(p.integer("degree")),
               hosts = static_cast<std::uint64_t>(p.integer("hosts")), seed = static_cast<std::uint64_t>(p.integer("seed"));
    if (r >= n) p.fail("degree r = " + std::to_string(r) + " needs at least r+1 = " + std::to_string(r + 1) + " switches, not " + std::to_string(n));
    if (n * r % 2 != 0) p.fail("switches*degree = " + std::to_string(n * r) + " is odd: no r-regular graph exists (each link uses two ports)");
    // The switch graph is built and stored here, so refuse before allocating it.
    if (n * (1 + hosts) > (std::uint64_t{1} << 28) || n * r > (std::uint64_t{1} << 27))
      p.fail("jellyfish(" + std::to_string(n) + ", " + std::to_string(r) + ", " + std::to_string(hosts) +
             ") is too large to build (at most 2^28 nodes and 2^27 switch ports)");
    return std::make_shared<Jellyfish>(n, r, hosts, seed, build_jellyfish(n, r, seed, p));
  };
  return f;
}

}  // namespace menger
