// 003's header, Figure 2.1 (see ft_header.h for the words).
#include "models/ft_header.h"

#include "core/error.h"

namespace menger {
namespace {

constexpr std::int32_t kToI = 1, kAdaptive = 2, kAdaptive2 = 4, kDropped = 8, kFlags = 0xffff;

}  // namespace

std::int32_t FtHeader::encode(const Misroute& m) const {
  MENGER_ASSERT(m.dim < dims_ && m.hops > 0 && m.hops <= 0xffff, "003 header: a misrouting out of range");
  const std::size_t index = m.dir > 0 ? m.dim : dims_ + m.dim;
  return static_cast<std::int32_t>(((index + 1) << 16) | m.hops);
}

Misroute FtHeader::decode(std::int32_t w) const {
  const std::size_t index = (static_cast<std::uint32_t>(w) >> 16) - 1;
  return Misroute{index % dims_, index < dims_ ? 1 : -1, static_cast<std::uint32_t>(w) & 0xffffu};
}

PacketState FtHeader::direct(bool adaptive, const Misroutes& m) const {
  MENGER_ASSERT(m.size() <= kMisroutesPerSubheader, "003 header: more than three misroutings");
  PacketState s;
  s.w[kFlagsWord] = adaptive ? kAdaptive : 0;
  for (std::size_t k = 0; k < m.size(); ++k) s.w[kFirst + k] = encode(m[k]);
  return s;
}

PacketState FtHeader::via(NodeId i, bool a1, bool a2) {
  PacketState s;
  s.w[kFlagsWord] = kToI | (a1 ? kAdaptive : 0) | (a2 ? kAdaptive2 : 0);
  s.w[kIWord] = static_cast<std::int32_t>(i);
  return s;
}

PacketState FtHeader::via_misrouted(NodeId i, bool a1, bool a2, const Misroutes& m, bool second) const {
  MENGER_ASSERT(m.size() <= kMisroutesPerSubheader, "003 header: more than three misroutings");
  PacketState s = via(i, a1, a2);
  for (std::size_t k = 0; k < m.size(); ++k) s.w[(second ? kSecond : kFirst) + k] = encode(m[k]);
  return s;
}

PacketState FtHeader::dropped() {
  PacketState s;
  s.w[kFlagsWord] = kDropped;
  return s;
}

bool FtHeader::is_dropped(const PacketState& s) { return (s.w[kFlagsWord] & kDropped) != 0; }
bool FtHeader::to_i(const PacketState& s) { return (s.w[kFlagsWord] & kToI) != 0; }
NodeId FtHeader::i(const PacketState& s) { return static_cast<NodeId>(s.w[kIWord]); }
bool FtHeader::adaptive(const PacketState& s) { return (s.w[kFlagsWord] & kAdaptive) != 0; }
bool FtHeader::adaptive2(const PacketState& s) { return (s.w[kFlagsWord] & kAdaptive2) != 0; }

Misroutes FtHeader::misroutes(const PacketState& s, bool second) const {
  Misroutes out;
  const std::size_t first = second ? kSecond : kFirst;
  for (std::size_t k = first; k < first + kMisroutesPerSubheader && s.w[k] != 0; ++k) out.push_back(decode(s.w[k]));
  return out;
}

PacketState FtHeader::arrive(const PacketState& s, NodeId here) {
  if (!to_i(s) || misrouting(s) || here != i(s)) return s;
  PacketState t;
  t.w[kFlagsWord] = (s.w[kFlagsWord] & ~kFlags) | (adaptive2(s) ? kAdaptive : 0);
  for (std::size_t k = 0; k < kMisroutesPerSubheader; ++k) t.w[kFirst + k] = s.w[kSecond + k];
  return t;
}

std::pair<Misroute, PacketState> FtHeader::misroute_hop(const PacketState& s) const {
  MENGER_ASSERT(misrouting(s), "003 header: a misrouting hop with no misrouting left");
  const Misroute m = decode(s.w[kFirst]);
  PacketState t = s;
  if (m.hops > 1) {
    t.w[kFirst] = encode(Misroute{m.dim, m.dir, m.hops - 1});
  } else {  // this direction is consumed: shift the next ones up
    for (std::size_t k = kFirst; k + 1 < kFirst + kMisroutesPerSubheader; ++k) t.w[k] = s.w[k + 1];
    t.w[kFirst + kMisroutesPerSubheader - 1] = 0;
  }
  return {m, t};
}

}  // namespace menger
