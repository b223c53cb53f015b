// slimfly(q, p): see slimfly.h for the definition, ids, labels and ports.
#include "models/slimfly.h"

#include <algorithm>
#include <climits>

#include "core/error.h"
#include "models/families.h"

namespace menger {

namespace {

// delta of q = 4w + delta, or 2 when q mod 4 = 2 (no MMS graph).
int delta_of(std::uint32_t q) {
  switch (q % 4) {
    case 0: return 0;
    case 1: return 1;
    case 3: return -1;
    default: return 2;
  }
}

// The field of a valid Slim Fly q; refuses the others with one sentence.
std::uint32_t checked_q(std::uint32_t q) {
  if (q < 3 || q > 256)
    throw InputError("slimfly: q must be a prime power in 3..256, got " + std::to_string(q));
  if (!GaloisField::is_prime_power(q))
    throw InputError("slimfly: q = " + std::to_string(q) + " is not a prime power (the MMS graph needs GF(q))");
  if (delta_of(q) == 2)
    throw InputError("slimfly: q = " + std::to_string(q) +
                     " is not of the form 4w + delta with delta in {-1, 0, 1} (q mod 4 = 2)");
  return q;
}

}  // namespace

std::uint32_t slimfly_default_endpoints(std::uint32_t q) {
  checked_q(q);
  const auto k = static_cast<std::uint32_t>((3 * static_cast<int>(q) - delta_of(q)) / 2);
  return (k + 1) / 2;
}

SlimFly::SlimFly(std::uint32_t q, std::uint32_t endpoints)
    : q_(checked_q(q)), p_(endpoints), delta_(delta_of(q)), field_(q), routers_(2 * std::uint64_t{q} * q) {
  build_generators();
}

// X and X' from xi (slimfly.h, Besta and Hoefler after Hafner): even and odd
// powers of xi, for delta = -1 with the halves exchanged from exponent 2w - 1 on.
void SlimFly::build_generators() {
  const auto w = static_cast<std::uint32_t>((static_cast<int>(q_) - delta_) / 4);
  auto range = [&](std::uint32_t s, std::uint32_t from, std::uint32_t to) {  // xi^from, xi^(from+2), .., xi^to
    for (std::uint32_t e = from; e <= to; e += 2) gen_[s].push_back(field_.power_of_primitive(e));
  };
  if (delta_ == 1) {
    range(0, 0, q_ - 3);
    range(1, 1, q_ - 2);
  } else if (delta_ == 0) {
    range(0, 0, q_ - 2);
    range(1, 1, q_ - 1);
  } else {
    range(0, 0, 2 * w - 2);
    range(0, 2 * w - 1, 4 * w - 3);
    range(1, 1, 2 * w - 1);
    range(1, 2 * w, 4 * w - 2);
  }
  const auto expected = static_cast<std::size_t>((static_cast<int>(q_) - delta_) / 2);
  for (std::uint32_t s = 0; s < 2; ++s) {
    std::sort(gen_[s].begin(), gen_[s].end());
    if (std::adjacent_find(gen_[s].begin(), gen_[s].end()) != gen_[s].end() || gen_[s].size() != expected)
      throw InternalError(spec() + ": generator set " + (s ? "X'" : "X") + " has repeated elements");
    gen_index_[s].assign(q_, UINT32_MAX);
    for (std::uint32_t i = 0; i < gen_[s].size(); ++i) gen_index_[s][gen_[s][i]] = i;
    for (std::uint32_t g : gen_[s])  // the links are undirected only if -g is a generator too
      if (gen_index_[s][field_.neg(g)] == UINT32_MAX)
        throw InternalError(spec() + ": generator set " + (s ? "X'" : "X") + " is not closed under negation");
  }
}

std::string SlimFly::spec() const { return "slimfly(q=" + std::to_string(q_) + ", p=" + std::to_string(p_) + ")"; }

NodeKind SlimFly::kind(NodeId v) const {
  if (v >= routers_) return NodeKind::Endpoint;
  return p_ == 0 ? NodeKind::Router : NodeKind::Switch;  // p = 0: the router graph alone (slimfly.h)
}

NodeId SlimFly::router_of(NodeId v) const { return v < routers_ ? v : static_cast<NodeId>((v - routers_) / p_); }
std::uint32_t SlimFly::endpoint_index(NodeId v) const { return static_cast<std::uint32_t>((v - routers_) % p_); }

std::string SlimFly::label(NodeId v) const {
  const NodeId r = router_of(v);
  const std::uint32_t s = r / (q_ * q_), a = (r / q_) % q_, b = r % q_;
  std::string t = "(" + std::to_string(s) + "," + std::to_string(a) + "," + std::to_string(b);
  return t + (v < routers_ ? ")" : ";" + std::to_string(endpoint_index(v)) + ")");
}

PortId SlimFly::port_count(NodeId v) const { return v < routers_ ? p_ + network_degree() : 1; }

std::optional<PortPeer> SlimFly::peer(NodeId v, PortId port) const {
  if (v >= routers_) return PortPeer{router_of(v), endpoint_index(v)};
  if (port < p_) return PortPeer{static_cast<NodeId>(routers_ + std::uint64_t{v} * p_ + port), 0};
  return router_peer(v, port - p_);
}

// Router-to-router port i (0-based after the endpoint ports) of router v.
std::optional<PortPeer> SlimFly::router_peer(NodeId v, PortId i) const {
  const std::uint32_t s = v / (q_ * q_), a = (v / q_) % q_, b = v % q_;
  const auto g = static_cast<std::uint32_t>(gen_[s].size());
  if (i < g) {  // same column: b + X[i] (or X'[i]); the far end reaches back by -X[i]
    const std::uint32_t step = gen_[s][i];
    return PortPeer{router(s, a, field_.add(b, step)), p_ + gen_index_[s][field_.neg(step)]};
  }
  const std::uint32_t j = i - g;
  if (s == 0) {  // (0,x,y) to (1,m,c) with c = y - m x; the far end's port x
    return PortPeer{router(1, j, field_.sub(b, field_.mul(j, a))), p_ + g + a};
  }
  // (1,m,c) to (0,x,y) with y = m x + c; the far end's port m
  return PortPeer{router(0, j, field_.add(field_.mul(a, j), b)), p_ + g + a};
}

void SlimFly::add_formula_vars(FormulaVars& vars) const {
  vars.set("q", static_cast<long long>(q_), "prime power q = 4w + delta");
  vars.set("delta", static_cast<long long>(delta_), "q - 4w, in {-1, 0, 1}");
  vars.set("p", static_cast<long long>(p_), "endpoints per router");
  vars.set("kp", static_cast<long long>(network_degree()), "network degree k' = (3q - delta)/2");
}

Family slimfly_family() {
  Family f;
  f.name = "slimfly";
  f.summary = "Slim Fly on the MMS graph of a prime power q: 2q^2 routers of network degree (3q-delta)/2, diameter 2";
  f.source = "Besta and Hoefler, Slim Fly, SC 2014 (MMS graphs: McKay, Miller and Siran 1998)";
  f.params = {ParamSpec::integer("q", "prime power q = 4w + delta, delta in {-1,0,1}").range(3, 256),
              ParamSpec::integer("p", "endpoints per router (default ceil(k'/2), the paper's choice; 0: routers only)")
                  .range(0, 1024)
                  .may_be_absent()};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const auto q = static_cast<std::uint32_t>(p.integer("q"));
    const auto endpoints = p.has("p") ? static_cast<std::uint32_t>(p.integer("p")) : slimfly_default_endpoints(q);
    return std::make_shared<SlimFly>(q, endpoints);
  };
  return f;
}

}  // namespace menger
