#include "models/multistage.h"

#include "core/error.h"
#include "models/digits.h"
#include "models/families.h"
#include "models/multistage_wiring.h"

namespace menger {

namespace {

std::string wiring_name(MinWiring w) {
  switch (w) {
    case MinWiring::NonInterwired: return "non_interwired";
    case MinWiring::Replicated: return "replicated";
    case MinWiring::Random: return "random";
    case MinWiring::Deterministic: return "deterministic";
  }
  return "?";
}

bool interwired(MinWiring w) { return w == MinWiring::Random || w == MinWiring::Deterministic; }

}  // namespace

Multistage::Multistage(const MinParams& p) : p_(p) {
  check_params();
  layout();
  for (std::uint32_t s = 0; s < p_.stages; ++s) wire_transition(s);
  wire_outputs();
  pack_last_stage();
}

void Multistage::check_params() const {
  if (p_.dilation % p_.last_dilation != 0)
    throw InputError("min: last_dilation " + std::to_string(p_.last_dilation) + " must divide dilation " +
                     std::to_string(p_.dilation));
  if (!interwired(p_.wiring) && p_.last_dilation != (p_.wiring == MinWiring::Replicated ? 1 : p_.dilation))
    throw InputError("min: last_dilation applies to interwired networks only");
}

void Multistage::layout() {
  const std::uint32_t n = p_.stages, r = p_.radix, c = p_.dilation;
  endpoints_ = static_cast<std::uint32_t>(checked_power(r, n, std::uint64_t{1} << 24, spec()));
  dil_.assign(n + 1, c);
  for (std::uint32_t s = 1; s <= n; ++s) {
    if (p_.wiring == MinWiring::Replicated) dil_[s] = 1;
    else if (s == n) dil_[s] = p_.last_dilation;
  }
  per_class_.assign(n + 1, endpoints_);
  stage_base_.assign(n + 2, endpoints_);
  std::uint64_t classes = 1;
  for (std::uint32_t s = 1; s <= n; ++s) {
    per_class_[s] = static_cast<std::uint32_t>(std::uint64_t{c} * (endpoints_ / classes / r) / dil_[s]);
    stage_base_[s + 1] = static_cast<NodeId>(stage_base_[s] + classes * per_class_[s]);
    classes *= r;
  }
  port_base_.assign(stage_base_[n + 1] + 1, 0);
  for (NodeId v = 0; v < stage_base_[n + 1]; ++v) {
    const std::uint32_t s = stage_of(v);
    port_base_[v + 1] = port_base_[v] + 2 * (s == 0 ? c : r * dil_[s]);
  }
  peers_.assign(port_base_.back(), PortPeer{});
}

std::uint32_t Multistage::stage_of(NodeId v) const {
  std::uint32_t s = 0;
  while (s + 1 < stage_base_.size() && v >= stage_base_[s + 1]) ++s;
  return v < endpoints_ ? 0 : s;
}

std::uint32_t Multistage::outputs(NodeId v) const {
  const std::uint32_t s = stage_of(v);
  return s == 0 ? p_.dilation : p_.radix * dil_[s];
}

void Multistage::connect(NodeId from, PortId out, NodeId to, PortId in) {
  peers_[port_base_[from] + out] = PortPeer{to, in};
  peers_[port_base_[to] + in] = PortPeer{from, out};
}

// Wires stage s (0: the endpoints) to stage s+1, class by class and direction by direction.
void Multistage::wire_transition(std::uint32_t s) {
  const std::uint32_t r = p_.radix;
  const std::uint32_t classes = s == 0 ? 1 : static_cast<std::uint32_t>(checked_power(r, s - 1, 1u << 30, spec()));
  const std::uint32_t directions = s == 0 ? 1 : r;
  const Transition t{per_class_[s], dil_[s], per_class_[s + 1], r * dil_[s + 1]};
  MENGER_ASSERT(std::uint64_t{t.sources} * t.w == std::uint64_t{t.targets} * t.q, "class sizes do not match");
  std::vector<std::uint32_t> fanout(p_.stages + 1, 1);  // g_s of Figure 6, in routers
  for (std::uint32_t k = 1; k <= p_.stages; ++k) fanout[k] = std::min(fanout[k - 1] * dil_[k - 1], per_class_[k]);
  for (std::uint32_t x = 0; x < classes; ++x)
    for (std::uint32_t j = 0; j < directions; ++j) {
      std::vector<WireEnd> ends;
      switch (p_.wiring) {
        case MinWiring::NonInterwired: ends = wire_bidelta(t, 1, false); break;
        case MinWiring::Replicated: ends = wire_bidelta(t, p_.dilation, s == 0); break;
        case MinWiring::Deterministic: ends = wire_deterministic(t, fanout[s], fanout[s + 1]); break;
        case MinWiring::Random: {
          Rng rng(p_.seed, (std::uint64_t{s} << 32) + std::uint64_t{x} * directions + j);
          ends = wire_random(t, rng);
          break;
        }
      }
      const std::uint32_t target_class = s == 0 ? 0 : x * r + j;
      for (std::uint32_t o = 0; o < t.sources; ++o)
        for (std::uint32_t copy = 0; copy < t.w; ++copy) {
          const WireEnd& e = ends[std::size_t{o} * t.w + copy];
          const NodeId from = s == 0 ? o : stage_base_[s] + x * per_class_[s] + o;
          const PortId out = s == 0 ? copy : j * dil_[s] + copy;
          connect(from, out, stage_base_[s + 1] + target_class * per_class_[s + 1] + e.router,
                  r * dil_[s + 1] + e.input);
        }
    }
}

// The last stage's direction j of class x reaches endpoint x*radix + j.
void Multistage::wire_outputs() {
  const std::uint32_t n = p_.stages, r = p_.radix, c = p_.dilation;
  const std::uint32_t classes = endpoints_ / r;
  for (std::uint32_t x = 0; x < classes; ++x)
    for (std::uint32_t o = 0; o < per_class_[n]; ++o)
      for (std::uint32_t j = 0; j < r; ++j)
        for (std::uint32_t copy = 0; copy < dil_[n]; ++copy)
          connect(stage_base_[n] + x * per_class_[n] + o, j * dil_[n] + copy, x * r + j, c + o * dil_[n] + copy);
}

void Multistage::pack_last_stage() {
  if (!interwired(p_.wiring) || dil_[p_.stages] == p_.dilation) return;
  const std::uint32_t n = p_.stages, size = p_.dilation / dil_[n];
  const std::uint32_t classes = endpoints_ / p_.radix, m = per_class_[n];
  auto member = [&](std::uint32_t x, std::uint32_t o) { return stage_base_[n] + x * m + o; };
  auto add = [&](std::vector<NodeId> nodes) {
    packages_.push_back(Component{"S" + std::to_string(n) + ".P" + std::to_string(packages_.size()), std::move(nodes)});
  };
  if (p_.packaging == MinPackaging::Paired) {
    if (classes % size != 0)
      throw InputError("min: paired packaging needs a multiple of " + std::to_string(size) + " last-stage classes");
    for (std::uint32_t b = 0; b < classes / size; ++b)
      for (std::uint32_t o = 0; o < m; ++o) {
        std::vector<NodeId> nodes;
        for (std::uint32_t i = 0; i < size; ++i) nodes.push_back(member(b * size + i, o));
        add(std::move(nodes));
      }
    return;
  }
  if (m != size || classes < size)
    throw InputError("min: shifted packaging needs exactly " + std::to_string(size) +
                     " routers per last-stage class and at least as many classes");
  for (std::uint32_t x = 0; x < classes; ++x) {
    std::vector<NodeId> nodes;
    for (std::uint32_t i = 0; i < size; ++i) nodes.push_back(member((x + i) % classes, i));
    add(std::move(nodes));
  }
}

std::optional<PortPeer> Multistage::peer(NodeId v, PortId p) const {
  const PortPeer& q = peers_[port_base_[v] + p];
  if (q.node == kNoNode) return std::nullopt;
  return q;
}

std::string Multistage::label(NodeId v) const {
  if (v < endpoints_) return "E" + std::to_string(v);
  const std::uint32_t s = stage_of(v);
  return "S" + std::to_string(s) + ".R" + std::to_string(v - stage_base_[s]);
}

std::string Multistage::spec() const {
  std::string s = "min(stages=" + std::to_string(p_.stages) + ", radix=" + std::to_string(p_.radix) +
                  ", dilation=" + std::to_string(p_.dilation) + ", wiring=" + wiring_name(p_.wiring);
  if (interwired(p_.wiring)) {
    s += ", last_dilation=" + std::to_string(p_.last_dilation);
    if (p_.last_dilation != p_.dilation)
      s += std::string(", packaging=") + (p_.packaging == MinPackaging::Paired ? "paired" : "shifted");
  }
  if (p_.wiring == MinWiring::Random) s += ", seed=" + std::to_string(p_.seed);
  return s + ")";
}

void Multistage::add_formula_vars(FormulaVars& vars) const {
  vars.set("stages", p_.stages, "number of router stages");
  vars.set("radix", p_.radix, "logical directions per router");
  vars.set("dilation", p_.dilation, "redundant outputs per direction; connections per endpoint");
  vars.set("endpoints", endpoints_, "radix^stages endpoints");
}

Family min_family() {
  Family f;
  f.name = "min";
  f.summary = "multipath multistage network: dilated, replicated, randomly or deterministically interwired";
  f.source = "001 (Chong, Egozy and DeHon), sections 2-4, Figures 1-6";
  auto word = [](const char* w) { return SpecValue::make_word(w); };
  f.params = {
      ParamSpec::integer("stages", "number of router stages").range(1, 24),
      ParamSpec::integer("radix", "logical directions per router").range(2, 1 << 12),
      ParamSpec::integer("dilation", "outputs per direction = connections per endpoint (planes when replicated)")
          .range(1, 64)
          .defaults_to(SpecValue::make_int(2)),
      ParamSpec::choice("wiring", "section 3: non_interwired | replicated | random | deterministic",
                        {"non_interwired", "replicated", "random", "deterministic"})
          .defaults_to(word("deterministic")),
      ParamSpec::integer("last_dilation", "dilation of the last stage (interwired; default 1, section 3.3)")
          .range(1, 64)
          .may_be_absent(),
      ParamSpec::choice("packaging", "pairing of small last-stage routers (section 4): paired | shifted",
                        {"paired", "shifted"})
          .may_be_absent(),
      ParamSpec::integer("seed", "seed of the random wiring (wiring=random only; default 1)")
          .range(0)
          .may_be_absent(),
  };
  f.build = [](const BoundParams& b, const BuildContext&) -> std::shared_ptr<const Topology> {
    MinParams p;
    p.stages = static_cast<std::uint32_t>(b.integer("stages"));
    p.radix = static_cast<std::uint32_t>(b.integer("radix"));
    p.dilation = static_cast<std::uint32_t>(b.integer("dilation"));
    const std::string w = b.word("wiring");
    p.wiring = w == "non_interwired" ? MinWiring::NonInterwired
               : w == "replicated"   ? MinWiring::Replicated
               : w == "random"       ? MinWiring::Random
                                     : MinWiring::Deterministic;
    const bool inter = interwired(p.wiring);
    p.last_dilation = p.wiring == MinWiring::NonInterwired ? p.dilation : 1;
    if (b.has("last_dilation")) {
      if (!inter) b.fail("last_dilation applies to interwired networks (wiring=random or deterministic) only");
      p.last_dilation = static_cast<std::uint32_t>(b.integer("last_dilation"));
    }
    if (b.has("packaging")) {
      if (!inter || p.last_dilation == p.dilation)
        b.fail("packaging applies only when the last stage uses smaller routers (interwired, last_dilation < dilation)");
      p.packaging = b.word("packaging") == "shifted" ? MinPackaging::Shifted : MinPackaging::Paired;
    }
    if (b.has("seed")) {
      if (p.wiring != MinWiring::Random) b.fail("seed applies to wiring=random only");
      p.seed = static_cast<std::uint64_t>(b.integer("seed"));
    }
    return std::make_shared<Multistage>(p);
  };
  return f;
}

}  // namespace menger
