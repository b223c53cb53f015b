#include "models/dual_net.h"


#include "core/error.h"
#include "core/text.h"
#include "models/families.h"

namespace menger {

namespace {

constexpr std::uint64_t kNodeLimit = std::uint64_t{1} << 40;

std::string join(const std::vector<std::uint64_t>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

}  // namespace

DualNet::DualNet(std::shared_ptr<const ProductGraph> base, std::vector<std::uint64_t> s,
                 std::vector<std::vector<std::int64_t>> sn, bool rdn_labels)
    : base_(std::move(base)), rdn_labels_(rdn_labels) {
  base_spec_ = base_->spec();
  for (const Factor& f : base_->factors()) {
    if (!f.symmetric())
      throw InputError("hdn/rdn: the base network must be a symmetric product graph (a torus or hypercube); " +
                       base_spec_ + " is not symmetric");
    d0_ += f.ports();
  }
  choose_supernodes(s, sn);
}

std::uint64_t DualNet::radix_product(const std::vector<std::size_t>& dims) const {
  std::uint64_t p = 1;
  for (std::size_t d : dims) p *= base_->factors()[d].radix;
  return p;
}

namespace {

// Depth-first search for nested super-nodes: SN^i among the dimensions of
// SN^{i-1}, with the radices of SN^i multiplying to s_i.  Candidates are tried in
// increasing bitmask order over the available dimensions, so the default is the
// first nested chain that exists, not merely the first choice at each level.
bool nest(const ProductGraph& b, const std::vector<std::uint64_t>& s, std::size_t i,
          const std::vector<std::size_t>& avail, std::vector<std::vector<std::size_t>>& out) {
  if (i == s.size()) return true;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << avail.size()); ++mask) {
    std::vector<std::size_t> dims;
    std::uint64_t product = 1;
    for (std::size_t j = 0; j < avail.size(); ++j)
      if (mask >> j & 1) {
        dims.push_back(avail[j]);
        product *= b.factors()[avail[j]].radix;
      }
    if (product != s[i]) continue;
    out.push_back(dims);
    if (nest(b, s, i + 1, dims, out)) return true;
    out.pop_back();
  }
  return false;
}

}  // namespace

void DualNet::choose_supernodes(const std::vector<std::uint64_t>& s,
                                const std::vector<std::vector<std::int64_t>>& sn) {
  Level b;
  b.nodes = base_->node_count();
  for (std::size_t d = 0; d < base_->factors().size(); ++d) b.sn_dims.push_back(d);
  levels_.push_back(b);
  std::vector<std::vector<std::size_t>> chosen;
  if (sn.empty()) {
    if (!nest(*base_, s, 0, b.sn_dims, chosen))
      throw InputError("hdn: no nested super-nodes of sizes s = [" + join(s) + "] exist in " + base_spec_ +
                       " (004 section 2: SN^1 is a sub-product of B and each SN^i a sub-product of SN^{i-1})");
  } else {
    if (sn.size() != s.size())
      throw InputError("hdn: sn lists " + std::to_string(sn.size()) + " super-nodes but k = " + std::to_string(s.size()));
    for (std::size_t i = 0; i < sn.size(); ++i) {
      const std::vector<std::size_t>& avail = i == 0 ? b.sn_dims : chosen.back();
      std::vector<std::size_t> dims;
      for (std::int64_t d : sn[i]) {
        const auto du = static_cast<std::size_t>(d);
        if (std::find(avail.begin(), avail.end(), du) == avail.end() ||
            std::find(dims.begin(), dims.end(), du) != dims.end())
          throw InputError("hdn: super-node " + std::to_string(i + 1) + " may use each dimension of " +
                           (i == 0 ? std::string("the base") : "super-node " + std::to_string(i)) +
                           " once; dimension " + std::to_string(d) + " is not available");
        dims.push_back(du);
      }
      std::sort(dims.begin(), dims.end());
      if (radix_product(dims) != s[i])
        throw InputError("hdn: the dimensions sn[" + std::to_string(i) + "] have " + std::to_string(radix_product(dims)) +
                         " nodes, not s_" + std::to_string(i + 1) + " = " + std::to_string(s[i]));
      chosen.push_back(dims);
    }
  }
  for (std::size_t i = 1; i <= s.size(); ++i) {
    Level l;
    l.s = s[i - 1];
    l.sn_dims = chosen[i - 1];
    for (std::size_t d : levels_[i - 1].sn_dims)
      if (std::find(l.sn_dims.begin(), l.sn_dims.end(), d) == l.sn_dims.end()) l.rest_dims.push_back(d);
    const std::uint64_t prev = levels_[i - 1].nodes;
    l.q = prev / l.s;
    if (l.q > kNodeLimit / l.q / 2 / l.s)
      throw InputError("hdn: level " + std::to_string(i) + " would have more than 2^40 nodes");
    l.nodes = 2 * l.q * l.q * l.s;
    levels_.push_back(l);
  }
}

// Mixed-radix coordinates over a list of base dimensions, first dimension least significant.
namespace {

std::uint64_t pack(const ProductGraph& b, const std::vector<std::size_t>& dims, const std::vector<std::uint64_t>& coord) {
  std::uint64_t v = 0;
  for (std::size_t j = dims.size(); j-- > 0;) v = v * b.factors()[dims[j]].radix + coord[dims[j]];
  return v;
}

void unpack(const ProductGraph& b, const std::vector<std::size_t>& dims, std::uint64_t v,
            std::vector<std::uint64_t>& coord) {
  for (std::size_t d : dims) {
    coord[d] = v % b.factors()[d].radix;
    v /= b.factors()[d].radix;
  }
}

}  // namespace

std::uint64_t DualNet::inner_node(std::size_t i, std::uint64_t x, std::uint64_t n) const {
  const Level& l = levels_[i];
  std::vector<std::uint64_t> coord(base_->factors().size(), 0);
  unpack(*base_, l.sn_dims, n, coord);
  const std::uint64_t rest = radix_product(l.rest_dims);
  unpack(*base_, l.rest_dims, x % rest, coord);
  if (i == 1) return pack(*base_, levels_[0].sn_dims, coord);  // a node of B
  const std::uint64_t outer = x / rest;                        // (c', u', x') of level i-1
  return outer * levels_[i - 1].s + pack(*base_, levels_[i - 1].sn_dims, coord);
}

std::pair<std::uint64_t, std::uint64_t> DualNet::split_inner(std::size_t i, std::uint64_t w) const {
  const Level& l = levels_[i];
  std::vector<std::uint64_t> coord(base_->factors().size(), 0);
  std::uint64_t outer = 0;
  if (i == 1) {
    unpack(*base_, levels_[0].sn_dims, w, coord);
  } else {
    outer = w / levels_[i - 1].s;
    unpack(*base_, levels_[i - 1].sn_dims, w % levels_[i - 1].s, coord);
  }
  const std::uint64_t x = outer * radix_product(l.rest_dims) + pack(*base_, l.rest_dims, coord);
  return {x, pack(*base_, l.sn_dims, coord)};
}

DualNet::Address DualNet::address(std::uint64_t v, std::size_t level) const {
  const Level& l = levels_[level];
  Address a;
  a.n = v % l.s;
  v /= l.s;
  a.x = v % l.q;
  v /= l.q;
  a.u = v % l.q;
  a.c = v / l.q;
  return a;
}

std::uint64_t DualNet::id(const Address& a, std::size_t level) const {
  const Level& l = levels_[level];
  return ((a.c * l.q + a.u) * l.q + a.x) * l.s + a.n;
}

std::optional<PortPeer> DualNet::peer_at(std::size_t i, std::uint64_t v, PortId p) const {
  if (i == 0) return base_->peer(static_cast<NodeId>(v), p);
  const Address a = address(v, i);
  if (p == d0_ + i - 1) return PortPeer{static_cast<NodeId>(id({1 - a.c, a.x, a.u, a.n}, i)), p};  // cross-edge
  auto q = peer_at(i - 1, inner_node(i, a.x, a.n), p);
  if (!q) return std::nullopt;
  auto [x, n] = split_inner(i, q->node);
  return PortPeer{static_cast<NodeId>(id({a.c, a.u, x, n}, i)), q->port};
}

std::optional<PortPeer> DualNet::peer(NodeId v, PortId p) const { return peer_at(levels(), v, p); }

std::string DualNet::label(NodeId v) const {
  const Address a = address(v, levels());
  std::string s = "(" + std::to_string(a.c) + "," + std::to_string(a.u) + "," + std::to_string(a.x);
  if (!rdn_labels_) s += "," + std::to_string(a.n);
  return s + ")";
}

std::optional<NodeId> DualNet::find_node(std::string_view text) const {
  auto tuple = parse_tuple(text);
  if (!tuple) return std::nullopt;
  std::vector<std::uint64_t>& parts = *tuple;
  if (rdn_labels_) parts.push_back(0);
  const Level& l = levels_.back();
  if (parts.size() != 4 || parts[0] > 1 || parts[1] >= l.q || parts[2] >= l.q || parts[3] >= l.s) return std::nullopt;
  return static_cast<NodeId>(id({parts[0], parts[1], parts[2], parts[3]}, levels()));
}

std::string DualNet::spec() const {
  const std::string k = std::to_string(levels());
  if (rdn_labels_) return "rdn(base=" + base_spec_ + ", k=" + k + ")";
  std::vector<std::uint64_t> s;
  for (std::size_t i = 1; i < levels_.size(); ++i) s.push_back(levels_[i].s);
  std::string out = "hdn(base=" + base_spec_ + ", k=" + k + ", s=[" + join(s) + "], sn=[";
  for (std::size_t i = 1; i < levels_.size(); ++i) {
    std::vector<std::uint64_t> dims(levels_[i].sn_dims.begin(), levels_[i].sn_dims.end());
    out += (i > 1 ? "," : "") + std::string("[") + join(dims) + "]";
  }
  return out + "])";
}

void DualNet::add_formula_vars(FormulaVars& vars) const {
  auto diameter = [&](const std::vector<std::size_t>& dims) {
    // The diameter of a product graph is the sum of its factors' diameters.
    long long d = 0;
    for (std::size_t j : dims) d += base_->factors()[j].diameter();
    return d;
  };
  auto degree = [&](const std::vector<std::size_t>& dims) {
    long long d = 0;
    for (std::size_t j : dims) d += base_->factors()[j].ports();
    return d;
  };
  std::vector<Rational> s, dsn;
  for (std::size_t i = 1; i < levels_.size(); ++i) {
    s.emplace_back(static_cast<long long>(levels_[i].s));
    dsn.emplace_back(diameter(levels_[i].sn_dims));
  }
  vars.set("k", static_cast<long long>(levels()), "number of dual constructions (level)");
  vars.set("N0", static_cast<long long>(levels_[0].nodes), "nodes of the base network B");
  vars.set("m", static_cast<long long>(levels_[0].nodes), "size of the base network (RDN(m,k))");
  vars.set("d0", d0_, "node degree of B");
  vars.set("DB", diameter(levels_[0].sn_dims), "diameter D(B) of the base network");
  vars.set_list("s", s, "super-node sizes s_1..s_k");
  vars.set_list("DSN", dsn, "super-node diameters D(SN^1)..D(SN^k)");
  vars.set("dS", degree(levels_.back().sn_dims), "node degree d(S_k) of the level-k super-node");
  vars.set("N", static_cast<long long>(node_count()), "nodes of HDN(B,k,S)");
}

namespace {

std::shared_ptr<const ProductGraph> base_of(const BoundParams& p, const BuildContext& ctx) {
  auto t = ctx.registry->build(p.value("base"), ctx);
  auto b = std::dynamic_pointer_cast<const ProductGraph>(t);
  if (!b) p.fail("base must be a torus or hypercube (a symmetric product graph), got " + t->spec());
  return b;
}

}  // namespace

Family hdn_family() {
  Family f;
  f.name = "hdn";
  f.summary = "hierarchical dual-net HDN(B,k,S): k dual constructions of B with super-nodes of sizes s_i";
  f.source = "004 (Arai and Li), section 2 and Theorem 1";
  f.params = {
      ParamSpec::spec("base", "symmetric product graph B: torus(...) or hypercube(n)"),
      ParamSpec::integer("k", "number of dual constructions, >= 1").range(1, 6),
      ParamSpec::int_list("s", "super-node sizes [s_1,...,s_k]").range(1, std::int64_t{1} << 40),
      ParamSpec::int_list_list("sn", "base dimensions of each super-node (default: chosen)").range(0, 63).may_be_absent(),
  };
  f.build = [](const BoundParams& p, const BuildContext& ctx) -> std::shared_ptr<const Topology> {
    auto s = p.int_list("s");
    if (s.size() != static_cast<std::size_t>(p.integer("k")))
      p.fail("s lists " + std::to_string(s.size()) + " super-node sizes but k = " + std::to_string(p.integer("k")));
    std::vector<std::uint64_t> sizes(s.begin(), s.end());
    return std::make_shared<DualNet>(base_of(p, ctx), sizes,
                                     p.has("sn") ? p.int_list_list("sn") : std::vector<std::vector<std::int64_t>>{},
                                     false);
  };
  return f;
}

Family rdn_family() {
  Family f;
  f.name = "rdn";
  f.summary = "recursive dual-net RDN(B,k): k dual constructions of B, (2m)^(2^k)/2 nodes";
  f.source = "004 section 2 (RDN of reference [9]; HDN with all s_i = 1)";
  f.params = {
      ParamSpec::spec("base", "symmetric product graph B: torus(...) or hypercube(n)"),
      ParamSpec::integer("k", "number of dual constructions, >= 1").range(1, 6),
  };
  f.build = [](const BoundParams& p, const BuildContext& ctx) -> std::shared_ptr<const Topology> {
    std::vector<std::uint64_t> ones(static_cast<std::size_t>(p.integer("k")), 1);
    return std::make_shared<DualNet>(base_of(p, ctx), ones, std::vector<std::vector<std::int64_t>>{}, true);
  };
  return f;
}

}  // namespace menger
