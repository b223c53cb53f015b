// hyperx(S, K, T): see hyperx.h for the definition, ids, labels and ports.
#include "models/hyperx.h"

#include "core/error.h"
#include "models/families.h"

namespace menger {

namespace {

// Largest node count built: ids are 32-bit, and the network must fit in memory.
constexpr std::uint64_t kMaxHyperXNodes = std::uint64_t{1} << 31;

std::string list_text(const std::vector<std::uint32_t>& xs) {
  std::string s;
  for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? "," : "") + std::to_string(xs[i]);
  return s;
}

}  // namespace

HyperX::HyperX(std::vector<std::uint32_t> sizes, std::uint32_t links, std::uint32_t terminals)
    : sizes_(std::move(sizes)), k_(links), terms_(terminals) {
  if (sizes_.empty()) throw InputError("hyperx: S needs at least one dimension, e.g. hyperx(S=[4,4])");
  for (std::uint32_t s : sizes_) {
    if (s < 2) throw InputError("hyperx: every S_i must be at least 2, got " + std::to_string(s));
    stride_.push_back(switches_);
    offset_.push_back(neighbours_);
    neighbours_ += s - 1;
    switches_ *= s;
    if (switches_ * (1 + std::uint64_t{terms_}) > kMaxHyperXNodes)
      throw InputError(spec() + " is too large to build (more than 2^31 nodes)");
  }
  if (neighbours_ * k_ + terms_ > (std::uint64_t{1} << 20))
    throw InputError(spec() + ": the switch radix T + K*sum(S_i - 1) exceeds 2^20 ports");
}

std::string HyperX::spec() const {
  return "hyperx(S=[" + list_text(sizes_) + "], K=" + std::to_string(k_) + ", T=" + std::to_string(terms_) + ")";
}

NodeKind HyperX::kind(NodeId v) const {
  if (v >= switches_) return NodeKind::Endpoint;
  return terms_ == 0 ? NodeKind::Router : NodeKind::Switch;  // T = 0: the switch graph alone (hyperx.h)
}

NodeId HyperX::switch_of(NodeId v) const {
  return v < switches_ ? v : static_cast<NodeId>((v - switches_) / terms_);
}

std::uint32_t HyperX::terminal_index(NodeId v) const { return static_cast<std::uint32_t>((v - switches_) % terms_); }

std::uint32_t HyperX::coord(NodeId sw, std::size_t d) const {
  return static_cast<std::uint32_t>((sw / stride_[d]) % sizes_[d]);
}

std::string HyperX::tuple(NodeId sw) const {
  std::string s;
  for (std::size_t d = 0; d < dims(); ++d) s += (d ? "," : "") + std::to_string(coord(sw, d));
  return s;
}

std::string HyperX::label(NodeId v) const {
  if (v < switches_) return "(" + tuple(v) + ")";
  return "(" + tuple(switch_of(v)) + ";" + std::to_string(terminal_index(v)) + ")";
}

PortId HyperX::port_count(NodeId v) const {
  return v < switches_ ? static_cast<PortId>(terms_ + k_ * neighbours_) : 1;
}

PortId HyperX::port_towards(NodeId sw, std::size_t d, std::uint32_t c, std::uint32_t k) const {
  const std::uint32_t x = coord(sw, d);
  const std::uint64_t rank = c < x ? c : c - 1;
  return static_cast<PortId>(terms_ + k_ * (offset_[d] + rank) + k);
}

std::optional<PortPeer> HyperX::peer(NodeId v, PortId p) const {
  if (v >= switches_) return PortPeer{switch_of(v), terminal_index(v)};
  if (p < terms_) return PortPeer{static_cast<NodeId>(switches_ + std::uint64_t{v} * terms_ + p), 0};
  const std::uint64_t q = p - terms_, k = q % k_, r = q / k_;
  std::size_t d = 0;
  while (r >= offset_[d] + sizes_[d] - 1) ++d;
  const std::uint32_t x = coord(v, d), rank = static_cast<std::uint32_t>(r - offset_[d]);
  const std::uint32_t c = rank < x ? rank : rank + 1;
  const auto w = static_cast<NodeId>(v + (static_cast<std::int64_t>(c) - x) * static_cast<std::int64_t>(stride_[d]));
  return PortPeer{w, port_towards(w, d, x, static_cast<std::uint32_t>(k))};
}

void HyperX::add_formula_vars(FormulaVars& vars) const {
  std::vector<Rational> s;
  for (std::uint32_t x : sizes_) s.emplace_back(static_cast<long long>(x));
  vars.set("L", static_cast<long long>(dims()), "number of dimensions");
  vars.set_list("S", s, "switches per dimension, S[1] first");
  vars.set("K", static_cast<long long>(k_), "parallel links between two switches of one dimension");
  vars.set("T", static_cast<long long>(terms_), "terminals per switch");
  vars.set("P", static_cast<long long>(switches_), "number of switches, prod S[i]");
}

namespace {

// S as given, or one size repeated L times (hyperx(S=[4], L=3) = hyperx(S=[4,4,4])).
std::vector<std::uint32_t> hyperx_sizes(const BoundParams& p) {
  std::vector<std::uint32_t> sizes;
  for (std::int64_t s : p.int_list("S")) sizes.push_back(static_cast<std::uint32_t>(s));
  if (!p.has("L")) return sizes;
  const auto dims = static_cast<std::size_t>(p.integer("L"));
  if (sizes.size() == 1) return std::vector<std::uint32_t>(dims, sizes[0]);
  if (sizes.size() != dims)
    p.fail("L=" + std::to_string(dims) + " but S lists " + std::to_string(sizes.size()) +
           " sizes; give one size for every dimension, or a single size with L");
  return sizes;
}

}  // namespace

Family hyperx_family() {
  Family f;
  f.name = "hyperx";
  f.summary = "HyperX: L-dimensional lattice of switches, all-to-all in each dimension, K links per pair, T terminals";
  f.source = "Ahn, Binkert, Davis, McLaren and Schreiber, HyperX, SC 2009 (topology section)";
  f.params = {ParamSpec::int_list("S", "switches in each dimension, dimension 1 first (one size with L: all equal)")
                  .range(2, 1 << 16),
              ParamSpec::integer("L", "number of dimensions (optional: the length of S)").range(1, 32).may_be_absent(),
              ParamSpec::integer("K", "parallel links between two switches that differ in one coordinate")
                  .range(1, 64)
                  .defaults_to(SpecValue::make_int(1)),
              ParamSpec::integer("T", "terminals per switch (0: the switch graph alone, switches are routers)")
                  .range(0, 1024)
                  .defaults_to(SpecValue::make_int(1))};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    return std::make_shared<HyperX>(hyperx_sizes(p), static_cast<std::uint32_t>(p.integer("K")),
                                    static_cast<std::uint32_t>(p.integer("T")));
  };
  return f;
}

}  // namespace menger
