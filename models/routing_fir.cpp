// fir: Flexible Interval Routing (003 section 3; its reference [6]).  The
// routing is whatever the per-switch registers say; this file holds the
// register hardware of Figures 3.1, 3.2 and 3.4 and the register
// configurations of the paper's examples, and nothing of the routings those
// configurations are meant to implement (claims compare it with dor and
// duato-bubble, written separately, over every reachable configuration:
// verify/route/routing_equivalence.h).
//
// Registers of one output (port, VC) of a switch:
//   FI, LI  the interval [FI, LI] of masked destination addresses, cyclic when
//           FI > LI ("taking into account cyclic intervals", Figure 3.1);
//   MR      the mask selecting the destination bits of the output's dimension;
//   RRR     one bit per output (port, VC) of the switch: "if there is other
//           output port with highest preference (bit set to 1 in the RRR) that
//           also has its Allowed bit set to 1, this output port will not be
//           returned" (Figure 3.2);
//   BR      one bit per input port, injection included: 1 when a packet from
//           that input needs one free buffer only, 0 when it needs two (the
//           bubble, Figure 3.4).
// Decision for a packet for destination D: Allowed = (D & MR) in [FI, LI];
// Routing bit = Allowed and no Allowed output with its RRR bit set.  Every
// output whose routing bit is set is offered (adaptive when several); the
// bubble is required when the BR bit of the packet's input is 0.
//
// Addresses: node coordinates, dimension 0 in the least significant bits,
// ceil(log2 radix) bits per dimension (the 4x4 examples: "The destination
// addresses use 4 bits", switch "ji" with i the two least significant bits).
//
// Configurations (the figures' register values are images we cannot read; these
// follow the text):
//   config=xy  Figure 3.3 on meshes, and on tori with bubble flow control: one
//       VC; per output of dimension d and direction s: MR = the bits of d,
//       [FI, LI] = the coordinates of d reached the shortest way in direction s
//       (on a torus + on a half-way tie); "the RRR in the Y output port has the
//       bits corresponding to the X output ports set to 1" (generally: the
//       outputs of every lower dimension).  BR: on a mesh every bit 1 (no
//       bubble); on a torus only the input by which a packet travelling in
//       direction s arrives.
//   config=adaptive  Figure 3.5, tori: VC 0 escape as config=xy on a torus; VC 1
//       adaptive with the same intervals, RRR 0 ("RRRs associated to the
//       adaptive channels do not establish any order among VCs") and BR all 1.
//   config=ft  FT-FIR, section 4 and Figure 4.1: three VCs per output, VC 0
//       adaptive (Adapt = 1), VC 1 = E0 (H = 0) and VC 2 = E1 (H = 1), the VC
//       numbering of ft-torus; the escape RRRs order the directions X+ Y+ Z+ X- Y-
//       Z- ("X+ direction is given the highest preference ... Y- direction has the
//       lowest"); BR as config=adaptive on every escape VC.  Figures 4.2-4.4: the
//       header's current subheader gives I, A, MisEn and DirMis; an escape VC is
//       allowed only when its H matches the phase (E0 while I = 1, E1 after),
//       the adaptive VC only when A = 1, and while misrouting (MisEn) only the
//       DirMis output on the phase's escape VC.  At the I node the first
//       subheader is deleted.  The source's route descriptor (which I node,
//       misroutings, A bits) is not switch hardware: the source's table is
//       ft-torus's (start() delegates to it), and so is the header format
//       (routing_torus_ft.cpp); the header is decoded here on its own.
//   br=port (default) reads "one bit per input port" literally: a packet from
//       the adaptive VC of the input that continues in its direction enters
//       the escape VC with one buffer.  br=vc gives the BR one bit per input
//       (port, VC), so that only the escape VC's own continuation is exempt.
#include <bit>
#include <memory>

#include "core/error.h"
#include "models/ft_header.h"
#include "models/packet_fields.h"
#include "models/routing_registry.h"
#include "models/routing_torus.h"

namespace menger {

namespace {

struct FirOutput {
  PortId port = 0;
  std::uint32_t vc = 0;
  std::uint32_t fi = 0, li = 0, mr = 0;
  std::uint64_t rrr = 0;  // bit j: output j of the same switch goes first
  std::uint64_t br = 0;   // bit i: input i needs one free buffer only
  bool adapt = false;     // FT-FIR: an adaptive VC (disabled when A = 0)
  bool h = false;         // FT-FIR: escape VC of the I-D phase (E1), not S-I (E0)
};

// FT-FIR reads the header of 003 Figure 2.1 (models/ft_header.h) that
// ft-torus's sources write, and keeps the input a packet came in by in the
// header's tag: the input + 1, 0 when injected.
constexpr TagField kInput{0};
using FirSwitch = std::vector<FirOutput>;

bool inside(std::uint32_t x, std::uint32_t fi, std::uint32_t li) {
  return fi <= li ? fi <= x && x <= li : x >= fi || x <= li;
}

enum class Config { Xy, Adaptive, Ft };

class FirRouting final : public Routing {
 public:
  FirRouting(const Network& net, Lattice lat, Config config, bool br_per_vc, std::string spec,
             std::unique_ptr<Routing> source_tables)
      : net_(net), lat_(std::move(lat)), config_(config), br_per_vc_(br_per_vc), spec_(std::move(spec)),
        source_tables_(std::move(source_tables)) {
    std::uint32_t shift = 0;
    for (std::size_t d = 0; d < lat_.dims(); ++d) {
      shift_.push_back(shift);
      shift += static_cast<std::uint32_t>(std::bit_width(lat_.factor(d).radix - 1));
    }
    if (inputs() > 64) throw InputError(spec_ + ": more than 64 inputs per switch do not fit the BR");
    for (NodeId v = 0; v < net.num_nodes(); ++v) switches_.push_back(configure(v));
  }
  FaultKnowledge knowledge() const override {
    return source_tables_ ? source_tables_->knowledge() : FaultKnowledge::Local;
  }
  std::uint32_t vcs() const override { return config_ == Config::Ft ? 3 : config_ == Config::Adaptive ? 2 : 1; }
  PacketState start(NodeId src, NodeId dst, FaultView& faults) const override {
    return source_tables_ ? source_tables_->start(src, dst, faults) : PacketState{};
  }

  void next(NodeId here, const PacketState& state, NodeId dst, FaultView&, Hops& out) const override {
    const FirSwitch& sw = switches_[here];
    const std::uint32_t input = kInput(state) == 0 ? inputs() - 1 : static_cast<std::uint32_t>(kInput(state) - 1);
    auto emit = [&](std::size_t i, PacketState n) {
      kInput.set(n, static_cast<std::int32_t>(input_at_peer(here, sw[i].port, sw[i].vc) + 1));
      out.push_back(Hop{sw[i].port, sw[i].vc, n, !((sw[i].br >> input) & 1)});
    };
    if (config_ != Config::Ft) {
      const std::uint64_t rr = routing_register(sw, address(dst), [](const FirOutput&) { return true; });
      for (std::size_t i = 0; i < sw.size(); ++i)
        if ((rr >> i) & 1) emit(i, state);
      return;
    }
    ft_next(here, state, dst, emit);
  }
  std::string describe_state(const PacketState& s) const override {
    const std::string in = kInput(s) == 0 ? "injected" : "in " + std::to_string(kInput(s) - 1);
    return config_ == Config::Ft ? in + " " + source_tables_->describe_state(s) : in;
  }

 private:
  const Network& net_;
  Lattice lat_;
  Config config_;
  bool br_per_vc_;
  std::string spec_;
  std::unique_ptr<Routing> source_tables_;  // config=ft: the sources' route descriptors
  FtHeader header_{lat_.dims()};
  std::vector<std::uint32_t> shift_;
  std::vector<FirSwitch> switches_;

  // Figures 3.1 and 3.2: Allowed (interval, and `enabled` for FT-FIR's H and
  // Adapt gating), then the RRR: the outputs whose routing bit is set.
  template <class Enabled>
  std::uint64_t routing_register(const FirSwitch& sw, std::uint32_t target, Enabled enabled) const {
    std::uint64_t allowed = 0;
    for (std::size_t i = 0; i < sw.size(); ++i)
      if (enabled(sw[i]) && inside(target & sw[i].mr, sw[i].fi, sw[i].li)) allowed |= std::uint64_t{1} << i;
    std::uint64_t rr = 0;
    for (std::size_t i = 0; i < sw.size(); ++i)
      if (((allowed >> i) & 1) && !(sw[i].rrr & allowed)) rr |= std::uint64_t{1} << i;
    return rr;
  }

  // Figures 4.2-4.4 (see the header).
  template <class Emit>
  void ft_next(NodeId here, const PacketState& state, NodeId dst, Emit& emit) const {
    const FirSwitch& sw = switches_[here];
    if (FtHeader::is_dropped(state)) return;  // the source had no descriptor
    const PacketState h = FtHeader::arrive(state, here);  // at I: the next subheader
    const bool to_i = FtHeader::to_i(h);                  // the I bit
    if (FtHeader::misrouting(h)) {  // MisEn: DirMis on the phase's escape VC
      const auto [m, n] = header_.misroute_hop(h);
      const PortId port = lat_.port(m.dim, m.dir);
      for (std::size_t i = 0; i < sw.size(); ++i)
        if (sw[i].port == port && !sw[i].adapt && sw[i].h == !to_i) emit(i, n);
      return;
    }
    const std::uint32_t target = address(to_i ? FtHeader::i(h) : dst);
    const bool adaptive = FtHeader::adaptive(h);
    const std::uint64_t rr = routing_register(
        sw, target, [&](const FirOutput& o) { return o.adapt ? adaptive : o.h == !to_i; });
    for (std::size_t i = 0; i < sw.size(); ++i)
      if ((rr >> i) & 1) emit(i, h);
  }

  std::uint32_t ports() const { return static_cast<std::uint32_t>(net_.num_ports(0)); }
  // Inputs of the BR: ports (or port-VC pairs with br=vc), then injection.
  std::uint32_t inputs() const { return (br_per_vc_ ? ports() * vcs() : ports()) + 1; }
  std::uint32_t input_index(PortId p, std::uint32_t vc) const { return br_per_vc_ ? p * vcs() + vc : p; }
  std::uint32_t input_at_peer(NodeId here, PortId p, std::uint32_t vc) const {
    return input_index(net_.port(here, p).peer_port, vc);
  }
  std::uint32_t address(NodeId v) const {
    std::uint32_t a = 0;
    for (std::size_t d = 0; d < lat_.dims(); ++d) a |= lat_.coord(v, d) << shift_[d];
    return a;
  }
  std::uint32_t mask(std::size_t d) const {
    return static_cast<std::uint32_t>(((std::uint64_t{1} << std::bit_width(lat_.factor(d).radix - 1)) - 1)
                                      << shift_[d]);
  }

  // Coordinates of dimension d that node v reaches the shortest way in
  // direction s, as an interval of coordinates [lo, hi] (cyclic on rings).
  std::optional<std::pair<std::uint32_t, std::uint32_t>> interval(NodeId v, std::size_t d, int s) const {
    const Factor& f = lat_.factor(d);
    const std::uint32_t c = lat_.coord(v, d), k = f.radix;
    if (f.kind == FactorKind::Path) {
      if (s > 0) return c + 1 < k ? std::optional(std::pair(c + 1, k - 1)) : std::nullopt;
      return c > 0 ? std::optional(std::pair(0u, c - 1)) : std::nullopt;
    }
    const std::uint32_t plus = k / 2, minus = (k - 1) / 2;  // offsets each way (+ wins the tie)
    if (s > 0) return std::pair((c + 1) % k, (c + plus) % k);
    if (minus == 0) return std::nullopt;
    return std::pair((c + k - minus) % k, (c + k - 1) % k);
  }

  FirSwitch configure(NodeId v) const { return config_ == Config::Ft ? configure_ft(v) : configure_xy(v); }

  // config=ft: outputs in direction order X+ Y+ ... X- Y- ..., each direction's
  // escape outputs deferring to those of every earlier direction.
  FirSwitch configure_ft(NodeId v) const {
    FirSwitch sw;
    for (std::uint32_t vc = 0; vc < 3; ++vc) {
      std::uint64_t earlier = 0;
      for (int s : {1, -1})
        for (std::size_t d = 0; d < lat_.dims(); ++d) {
          const PortId p = lat_.port(d, s);
          const auto iv = interval(v, d, s);
          if (!iv || !net_.port(v, p).connected()) continue;
          FirOutput o{p, vc, iv->first << shift_[d], iv->second << shift_[d], mask(d), 0, ~std::uint64_t{0},
                      vc == 0, vc == 2};
          if (vc != 0) {
            o.rrr = earlier;
            o.br = std::uint64_t{1} << input_index(lat_.port(d, -s), br_per_vc_ ? vc : 0);
            earlier |= std::uint64_t{1} << sw.size();
          }
          sw.push_back(o);
        }
    }
    return sw;
  }

  FirSwitch configure_xy(NodeId v) const {
    FirSwitch sw;
    const bool torus = lat_.wraps();
    for (std::uint32_t vc = 0; vc < vcs(); ++vc) {
      const bool escape = vc == 0;
      std::uint64_t lower = 0;  // escape outputs of the dimensions already configured
      for (std::size_t d = 0; d < lat_.dims(); ++d) {
        std::uint64_t this_dim = 0;
        for (int s : {1, -1}) {
          const PortId p = lat_.port(d, s);
          const auto iv = interval(v, d, s);
          if (!iv || !net_.port(v, p).connected()) continue;
          FirOutput o{p, vc, iv->first << shift_[d], iv->second << shift_[d], mask(d), escape ? lower : 0, 0,
                      !escape, false};
          o.br = (!torus || !escape) ? ~std::uint64_t{0}
                                     : std::uint64_t{1} << input_index(lat_.port(d, -s), br_per_vc_ ? vc : 0);
          if (escape) this_dim |= std::uint64_t{1} << sw.size();
          sw.push_back(o);
        }
        lower |= this_dim;
      }
    }
    return sw;
  }
};

RoutingFamily fir_family() {
  return RoutingFamily{
      "fir",
      "Flexible Interval Routing: per-port FI, LI, MR, RRR and BR registers; config xy (meshes, tori with the "
      "bubble), adaptive (tori: Duato with a bubble escape VC) or ft (FT-FIR: H and Adapt bits, E0/E1)",
      "003 sections 3 and 4 (Figures 3.1-3.5, 4.1-4.4)",
      {ParamSpec::choice("config", "xy: Figure 3.3 (XY routing); adaptive: Figure 3.5 (4x4 torus); ft: FT-FIR (section 4)",
                         {"xy", "adaptive", "ft"})
           .defaults_to(SpecValue::make_word("xy")),
       ParamSpec::choice("br", "port: one BR bit per input port (the text); vc: per input port and VC",
                         {"port", "vc"})
           .defaults_to(SpecValue::make_word("port"))},
      [](const Network& net, const BoundParams& p) -> std::unique_ptr<Routing> {
        Lattice lat(net, "fir");
        const std::string c = p.word("config");
        const Config config = c == "adaptive" ? Config::Adaptive : c == "ft" ? Config::Ft : Config::Xy;
        for (std::size_t d = 0; d < lat.dims(); ++d)
          if (lat.factor(d).kind == FactorKind::Link)
            p.fail("needs a mesh, or a torus whose every radix is >= 3, not " + net.spec());
        if (config == Config::Adaptive && !lat.wraps()) p.fail("config=adaptive is the torus configuration");
        std::unique_ptr<Routing> tables;
        if (config == Config::Ft) tables = RoutingRegistry::builtin().build("ft-torus", net);
        return std::make_unique<FirRouting>(net, std::move(lat), config, p.word("br") == "vc",
                                            canonical_routing_spec(fir_family(), p), std::move(tables));
      }};
}

}  // namespace

void register_fir_routing(RoutingRegistry& reg) { reg.add(fir_family()); }

}  // namespace menger
