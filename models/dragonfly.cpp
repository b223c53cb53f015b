// The dragonfly family (models/dragonfly.h has the definition, the global link
// arrangements and the port numbering).
#include "models/dragonfly.h"

#include "core/error.h"
#include "models/families.h"

namespace menger {

std::string to_string(Dragonfly::Arrangement a) {
  switch (a) {
    case Dragonfly::Arrangement::Absolute: return "absolute";
    case Dragonfly::Arrangement::Relative: return "relative";
    case Dragonfly::Arrangement::Circulant: return "circulant";
    case Dragonfly::Arrangement::Palmtree: return "palmtree";
  }
  return "?";
}

Dragonfly::Dragonfly(std::uint32_t p, std::uint32_t a, std::uint32_t h, std::uint32_t g, Arrangement arr)
    : p_(p), a_(a), h_(h), g_(g), arr_(arr) {
  const std::uint64_t most = std::uint64_t{a} * h + 1;
  if (g > most)
    throw InputError("dragonfly: g = " + std::to_string(g) + " groups need more global links than a*h = " +
                     std::to_string(most - 1) + " per group (g <= a*h + 1)");
  const std::uint64_t routers = std::uint64_t{g} * a;
  if (routers * (1 + std::uint64_t{p}) >= (std::uint64_t{1} << 31))
    throw InputError("dragonfly: " + std::to_string(routers) + " routers with " + std::to_string(p) +
                     " terminals each is too large to build");
}

std::string Dragonfly::spec() const {
  return "dragonfly(p=" + std::to_string(p_) + ", a=" + std::to_string(a_) + ", h=" + std::to_string(h_) +
         ", g=" + std::to_string(g_) + ", arrangement=" + to_string(arr_) + ")";
}

std::string Dragonfly::label(NodeId v) const {
  const NodeId r = router_of(v);
  std::string s = "G" + std::to_string(group_of(r)) + ".R" + std::to_string(r % a_);
  return v < routers() ? s : s + ".T" + std::to_string(terminal_port(v));
}

PortId Dragonfly::local_port(NodeId from, NodeId to) const {
  const std::uint32_t q = to % a_, r = from % a_;
  return p_ + (q < r ? q : q - 1);
}

std::uint32_t Dragonfly::slot_target(std::uint32_t i, std::uint32_t s) const {
  switch (arr_) {
    case Arrangement::Absolute: return s < i ? s : s + 1;
    case Arrangement::Relative: return (i + s + 1) % g_;
    case Arrangement::Palmtree: return static_cast<std::uint32_t>((std::uint64_t{i} + g_ - (s + 1) % g_) % g_);
    case Arrangement::Circulant: {
      const std::uint32_t d = s / 2 + 1;
      return s % 2 == 0 ? (i + d) % g_ : (i + g_ - d) % g_;
    }
  }
  return 0;
}

std::uint32_t Dragonfly::slot_back(std::uint32_t i, std::uint32_t s) const {
  const std::uint32_t t = slot_target(i, s);
  switch (arr_) {
    case Arrangement::Absolute: return i < t ? i : i - 1;
    case Arrangement::Relative:
    case Arrangement::Palmtree: return g_ - s - 2;  // the far group's offset back is g - (s + 1)
    case Arrangement::Circulant: return 2 * (s / 2 + 1) == g_ ? s : s ^ 1u;  // offset g/2 is its own inverse
  }
  return 0;
}

std::optional<PortPeer> Dragonfly::global_peer(NodeId router, std::uint32_t j) const {
  const std::uint32_t m = g_ - 1;
  if (m == 0) return std::nullopt;  // one group: no global links
  const std::uint32_t i = group_of(router), k = (router % a_) * h_ + j;
  const std::uint32_t copy = k / m, s = k % m;
  const std::uint64_t back = std::uint64_t{copy} * m + slot_back(i, s);
  if (back >= std::uint64_t{a_} * h_) return std::nullopt;  // the far end's partial copy lacks it
  const std::uint32_t b = static_cast<std::uint32_t>(back);
  return PortPeer{this->router(slot_target(i, s), b / h_), global_port(b % h_)};
}

std::optional<PortPeer> Dragonfly::peer(NodeId v, PortId port) const {
  if (v >= routers()) return PortPeer{router_of(v), terminal_port(v)};
  if (port < p_) return PortPeer{routers() + v * p_ + port, 0};
  if (port < p_ + a_ - 1) {
    const std::uint32_t r = v % a_, q = port - p_;
    const NodeId to = v - r + (q < r ? q : q + 1);
    return PortPeer{to, local_port(to, v)};
  }
  return global_peer(v, port - (p_ + a_ - 1));
}

std::optional<std::uint32_t> Dragonfly::first_global_to(std::uint32_t from, std::uint32_t to) const {
  for (std::uint32_t k = 0; k < a_ * h_ && g_ > 1; ++k) {
    const std::uint32_t s = k % (g_ - 1);
    if (slot_target(from, s) != to) continue;
    if (global_peer(router(from, k / h_), k % h_)) return k;
  }
  return std::nullopt;
}

std::vector<std::vector<NodeId>> Dragonfly::translations() const {
  if (arr_ == Arrangement::Absolute || g_ < 2) return {};
  std::vector<NodeId> next(static_cast<std::size_t>(node_count()));
  const std::uint32_t shift = a_;  // routers of one group
  for (NodeId v = 0; v < routers(); ++v) next[v] = (v + shift) % routers();
  for (NodeId t = routers(); t < next.size(); ++t) next[t] = routers() + next[router_of(t)] * p_ + terminal_port(t);
  return {next};
}

void Dragonfly::add_formula_vars(FormulaVars& vars) const {
  vars.set("p", static_cast<long long>(p_), "terminals per router");
  vars.set("a", static_cast<long long>(a_), "routers per group");
  vars.set("h", static_cast<long long>(h_), "global links per router");
  vars.set("g", static_cast<long long>(g_), "groups");
}

Family dragonfly_family() {
  Family f;
  f.name = "dragonfly";
  f.summary = "dragonfly: g groups of a all-to-all routers, p terminals and h global links per router";
  f.source = "Kim, Dally, Scott and Abts, ISCA 2008, section 3; arrangements as in Hastings et al., Cluster 2015";
  f.params = {ParamSpec::integer("p", "terminals per router (0: the router graph alone, routers are the terminals)").range(0, 1 << 16),
              ParamSpec::integer("a", "routers per group").range(1, 1 << 16),
              ParamSpec::integer("h", "global links per router").range(1, 1 << 16),
              ParamSpec::integer("g", "groups, at most a*h + 1 (absent: a*h + 1)").range(1, 1 << 20).may_be_absent(),
              ParamSpec::choice("arrangement", "how a group's global ports reach the other groups",
                                {"absolute", "relative", "circulant", "palmtree"})
                  .defaults_to(SpecValue::make_word("absolute"))};
  f.build = [](const BoundParams& b, const BuildContext&) -> std::shared_ptr<const Topology> {
    const auto p = static_cast<std::uint32_t>(b.integer("p")), a = static_cast<std::uint32_t>(b.integer("a")),
               h = static_cast<std::uint32_t>(b.integer("h"));
    const std::uint64_t most = std::uint64_t{a} * h + 1;
    const std::uint64_t g = b.has("g") ? static_cast<std::uint64_t>(b.integer("g")) : most;
    if (g > most || g > (1u << 20))
      b.fail("g = " + std::to_string(g) + " groups need more global links than a*h = " + std::to_string(most - 1) +
             " per group (g <= a*h + 1)");
    const std::string arr = b.word("arrangement");
    const auto kind = arr == "relative"    ? Dragonfly::Arrangement::Relative
                      : arr == "circulant" ? Dragonfly::Arrangement::Circulant
                      : arr == "palmtree"  ? Dragonfly::Arrangement::Palmtree
                                           : Dragonfly::Arrangement::Absolute;
    return std::make_shared<Dragonfly>(p, a, h, static_cast<std::uint32_t>(g), kind);
  };
  return f;
}

}  // namespace menger
