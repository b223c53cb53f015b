// The packet header of paper 003 (Gomez, Lopez, Duato), Figure 2.1, as the
// packet state of the routings that carry it: ft-torus (the sources'
// descriptors, routing_torus_ft.cpp) and FT-FIR (the switches that read
// them, routing_fir.cpp).  Before, each wrote the layout in raw w[i] and FIR
// copied ft-torus's encoding by hand (issue 37, item 6).
//
// Figure 2.1: an I bit and an intermediate node I, then two subheaders, each
// an adaptivity bit A and up to three misrouting directions with hop counts
// (d1 h1 d2 h2 d3 h3).  "When the I is reached, this subheader is deleted and
// then the second subheader is processed as the first one" (section 4).
//
// Words (as ft-torus laid them out before this header was shared):
//   w[0] bits 0-15  flags: the I bit, A of the current subheader, A of the
//                   second, and "no descriptor found" (the source dropped it);
//        bits 16-30 the switch's own (TagField, packet_fields.h): ring_hop's
//                   last hop under bubble flow control, FIR's input; the
//                   header keeps them
//   w[1]            I (node id) while heading to it
//   w[2..4]         current subheader's misroutings, (direction index + 1)
//                   << 16 | hops left; direction index: X+ Y+ Z+ ... X- Y- Z-
//   w[5..7]         second subheader's misroutings
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/routing.h"

namespace menger {

// One misrouting direction of a subheader: `hops` hops in dimension `dim`,
// the + way (dir 1) or the - way (dir -1).
struct Misroute {
  std::size_t dim = 0;
  int dir = 1;
  std::uint32_t hops = 0;
};
using Misroutes = std::vector<Misroute>;

class FtHeader {
 public:
  static constexpr std::size_t kMisroutesPerSubheader = 3;

  // `dims`: the lattice's dimensions, which number the directions.
  explicit FtHeader(std::size_t dims) : dims_(dims) {}

  // The descriptors a source writes (section 2's mechanisms).
  PacketState direct(bool adaptive, const Misroutes& m = {}) const;  // no I
  static PacketState via(NodeId i, bool a1, bool a2);                 // S -> I -> D
  // S -> I -> D with misrouting `m` at the start of subheader 1 or 2.
  PacketState via_misrouted(NodeId i, bool a1, bool a2, const Misroutes& m, bool second) const;
  static PacketState dropped();  // the source found no descriptor

  static bool is_dropped(const PacketState& s);
  static bool to_i(const PacketState& s);      // the I bit
  static NodeId i(const PacketState& s);       // while to_i
  static bool adaptive(const PacketState& s);  // A of the current subheader
  static bool adaptive2(const PacketState& s); // A of the second subheader
  static bool misrouting(const PacketState& s) { return s.w[kFirst] != 0; }
  Misroutes misroutes(const PacketState& s, bool second) const;

  // The header as the switch at `here` reads it: the first subheader deleted
  // once I is reached with no misrouting left (the switch's tag kept).
  static PacketState arrive(const PacketState& s, NodeId here);
  // MisEn (section 4): the direction of the next misrouting hop and the
  // header after it (that direction's hops one fewer, consumed directions
  // shifted up).  Only while misrouting(s).
  std::pair<Misroute, PacketState> misroute_hop(const PacketState& s) const;

 private:
  static constexpr std::size_t kFlagsWord = 0, kIWord = 1, kFirst = 2, kSecond = 5;
  std::size_t dims_;

  std::int32_t encode(const Misroute& m) const;
  Misroute decode(std::int32_t w) const;
};

}  // namespace menger
