#include "models/product_graph.h"


#include "core/error.h"
#include "core/text.h"

namespace menger {

ProductGraph::ProductGraph(std::string spec, std::vector<Factor> factors, LabelStyle style)
    : spec_(std::move(spec)), factors_(std::move(factors)), style_(style) {
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    stride_.push_back(nodes_);
    nodes_ *= factors_[d].radix;
    if (nodes_ > (std::uint64_t{1} << 40)) throw InputError(spec_ + " has too many nodes");
    first_port_.push_back(ports_);
    for (std::uint32_t k = 0; k < factors_[d].ports(); ++k) dim_of_port_.push_back(d);
    ports_ += factors_[d].ports();
  }
}

std::string ProductGraph::label(NodeId v) const {
  std::string s;
  if (style_ == LabelStyle::Bits) {
    for (std::size_t d = factors_.size(); d-- > 0;) s += static_cast<char>('0' + coordinate(v, d));
    return s;
  }
  s = "(";
  for (std::size_t d = 0; d < factors_.size(); ++d) s += (d ? "," : "") + std::to_string(coordinate(v, d));
  return s + ")";
}

std::optional<NodeId> ProductGraph::find_node(std::string_view text) const {
  std::vector<std::uint64_t> c;
  if (style_ == LabelStyle::Bits) {
    if (text.size() != factors_.size()) return std::nullopt;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] != '0' && text[i] != '1') return std::nullopt;
      c.insert(c.begin(), static_cast<std::uint64_t>(text[i] - '0'));
    }
  } else if (auto tuple = parse_tuple(text)) {
    c = *tuple;
  }
  if (c.size() != factors_.size()) return std::nullopt;
  std::uint64_t v = 0;
  for (std::size_t d = 0; d < c.size(); ++d) {
    if (c[d] >= factors_[d].radix) return std::nullopt;
    v += c[d] * stride_[d];
  }
  return static_cast<NodeId>(v);
}

PortId ProductGraph::port_of(std::size_t dim, int direction) const {
  MENGER_ASSERT(dim < factors_.size(), "dimension out of range");
  MENGER_ASSERT(direction == 1 || factors_[dim].kind != FactorKind::Link, "a single link has only a + port");
  return first_port_[dim] + (direction == 1 ? 0 : 1);
}

std::optional<PortPeer> ProductGraph::peer(NodeId v, PortId p) const {
  const std::size_t d = dim_of_port_[p];
  const Factor& f = factors_[d];
  const bool plus = p == first_port_[d];
  const std::uint32_t x = coordinate(v, d);
  std::uint32_t y = 0;
  switch (f.kind) {
    case FactorKind::Link:
      y = 1 - x;
      return PortPeer{static_cast<NodeId>(v - x * stride_[d] + y * stride_[d]), p};
    case FactorKind::Ring:
      y = plus ? (x + 1) % f.radix : (x + f.radix - 1) % f.radix;
      break;
    case FactorKind::Path:
      if ((plus && x + 1 == f.radix) || (!plus && x == 0)) return std::nullopt;
      y = plus ? x + 1 : x - 1;
      break;
  }
  // The + port of one end is the - port of the other.
  const PortId back = plus ? p + 1 : p - 1;
  return PortPeer{static_cast<NodeId>(v - x * stride_[d] + y * stride_[d]), back};
}

bool ProductGraph::vertex_transitive() const {
  // A product of vertex-transitive graphs is vertex-transitive; rings and K2 are.
  for (const Factor& f : factors_)
    if (!f.symmetric()) return false;
  return true;
}

std::vector<std::vector<NodeId>> ProductGraph::translations() const {
  if (!vertex_transitive() || nodes_ > UINT32_MAX) return {};
  std::vector<std::vector<NodeId>> out;
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    std::vector<NodeId> t(nodes_);
    const std::uint32_t r = factors_[d].radix;
    for (std::uint64_t v = 0; v < nodes_; ++v) {
      const std::uint32_t x = coordinate(static_cast<NodeId>(v), d);
      t[v] = static_cast<NodeId>(v - x * stride_[d] + ((x + 1) % r) * stride_[d]);
    }
    out.push_back(std::move(t));
  }
  return out;
}

void ProductGraph::add_formula_vars(FormulaVars& vars) const {
  std::vector<Rational> radix;
  for (const Factor& f : factors_) radix.emplace_back(f.radix);
  vars.set("n", static_cast<long long>(factors_.size()), "number of dimensions");
  vars.set_list("d", radix, "radix of each dimension, d[1] first");
  vars.set("N", static_cast<long long>(nodes_), "number of nodes");
}

std::vector<Factor> lattice_factors(const std::string& family, const std::vector<std::int64_t>& dims, bool wrap) {
  if (dims.empty()) throw InputError(family + ": needs at least one dimension, e.g. " + family + "(4,4)");
  std::vector<Factor> out;
  for (std::int64_t r : dims) {
    if (r < 2) throw InputError(family + ": every radix must be at least 2, got " + std::to_string(r));
    if (r > (std::int64_t{1} << 30)) throw InputError(family + ": radix " + std::to_string(r) + " is too large");
    const auto radix = static_cast<std::uint32_t>(r);
    if (!wrap) out.push_back({FactorKind::Path, radix});
    else out.push_back({radix == 2 ? FactorKind::Link : FactorKind::Ring, radix});
  }
  return out;
}

}  // namespace menger
