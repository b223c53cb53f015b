// 003's header (Figure 2.1; models/ft_header.h), worked by hand: the
// subheaders, the misrouting directions consumed hop by hop (MisEn, section 4),
// the first subheader deleted at I, and the switch's tag kept through it all.
#include <gtest/gtest.h>

#include "core/error.h"
#include "models/ft_header.h"
#include "models/packet_fields.h"

namespace menger {
namespace {

bool same(const Misroutes& a, const Misroutes& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].dim != b[k].dim || a[k].dir != b[k].dir || a[k].hops != b[k].hops) return false;
  return true;
}

TEST(FtHeader, MisroutingIsConsumedHopByHopInDirectionOrder) {
  const FtHeader h(2);  // directions X+ Y+ X- Y-
  PacketState s = h.direct(true, {{0, 1, 2}, {1, -1, 1}});
  EXPECT_FALSE(FtHeader::to_i(s));
  EXPECT_TRUE(FtHeader::adaptive(s));
  EXPECT_TRUE(same(h.misroutes(s, false), {{0, 1, 2}, {1, -1, 1}}));
  // X+ twice, then Y- once, then nothing left: minimal routing again.
  const int expected_dim[] = {0, 0, 1};
  const int expected_dir[] = {1, 1, -1};
  for (int step = 0; step < 3; ++step) {
    ASSERT_TRUE(FtHeader::misrouting(s)) << step;
    const auto [m, after] = h.misroute_hop(s);
    EXPECT_EQ(m.dim, static_cast<std::size_t>(expected_dim[step])) << step;
    EXPECT_EQ(m.dir, expected_dir[step]) << step;
    s = after;
  }
  EXPECT_FALSE(FtHeader::misrouting(s));
  EXPECT_TRUE(FtHeader::adaptive(s));  // A is the subheader's, not the misrouting's
  EXPECT_THROW(h.misroute_hop(s), InternalError);
}

TEST(FtHeader, ThreeDirectionsShiftUpAsEachIsConsumed) {
  const FtHeader h(3);
  PacketState s = h.direct(false, {{0, -1, 1}, {1, 1, 1}, {2, 1, 2}});
  s = h.misroute_hop(s).second;
  EXPECT_TRUE(same(h.misroutes(s, false), {{1, 1, 1}, {2, 1, 2}}));
  s = h.misroute_hop(s).second;
  EXPECT_TRUE(same(h.misroutes(s, false), {{2, 1, 2}}));
  s = h.misroute_hop(s).second;
  EXPECT_TRUE(same(h.misroutes(s, false), {{2, 1, 1}}));
}

TEST(FtHeader, TheFirstSubheaderIsDeletedAtI) {
  const FtHeader h(3);
  const NodeId i = 5;
  PacketState s = h.via_misrouted(i, false, true, {{2, 1, 1}}, /*second=*/true);
  const TagField tag{0};
  tag.set(s, 7);
  EXPECT_EQ(FtHeader::arrive(s, 4), s);  // not at I yet
  const PacketState at_i = FtHeader::arrive(s, i);
  EXPECT_FALSE(FtHeader::to_i(at_i));
  EXPECT_TRUE(FtHeader::adaptive(at_i));  // the second subheader's A
  EXPECT_TRUE(same(h.misroutes(at_i, false), {{2, 1, 1}}));
  EXPECT_TRUE(h.misroutes(at_i, true).empty());
  EXPECT_EQ(tag(at_i), 7);
  EXPECT_EQ(FtHeader::arrive(at_i, i), at_i);  // deleted once
}

TEST(FtHeader, IPassedWhileMisroutingKeepsTheSubheader) {
  const FtHeader h(2);
  const PacketState s = h.via_misrouted(3, true, false, {{1, 1, 2}}, /*second=*/false);
  EXPECT_EQ(FtHeader::arrive(s, 3), s);
  EXPECT_EQ(FtHeader::i(s), 3u);
  EXPECT_TRUE(FtHeader::adaptive(s));
  EXPECT_FALSE(FtHeader::adaptive2(s));
}

TEST(FtHeader, DroppedIsItsOwnState) {
  const PacketState none = FtHeader::dropped();
  EXPECT_TRUE(FtHeader::is_dropped(none));
  EXPECT_FALSE(FtHeader::to_i(none));
  EXPECT_FALSE(FtHeader::misrouting(none));
  EXPECT_FALSE(FtHeader::is_dropped(FtHeader::via(0, true, true)));
  EXPECT_NE(none, FtHeader(2).direct(false));
}

TEST(FtHeader, MisroutingsOutOfRangeAreRefused) {
  const FtHeader h(2);
  EXPECT_THROW(h.direct(true, {{2, 1, 1}}), InternalError);   // no third dimension
  EXPECT_THROW(h.direct(true, {{0, 1, 0}}), InternalError);   // no hops
  EXPECT_THROW(h.direct(true, {{0, 1, 1}, {1, 1, 1}, {0, -1, 1}, {1, -1, 1}}), InternalError);  // four
}

TEST(TagFieldTest, KeepsTheLowFlagsAndRefusesMoreThanFifteenBits) {
  const TagField tag{0};
  PacketState s = FtHeader::via(9, true, false);
  const PacketState flags_only = s;
  tag.set(s, 0x7fff);
  EXPECT_EQ(tag(s), 0x7fff);
  EXPECT_TRUE(FtHeader::to_i(s));
  EXPECT_TRUE(FtHeader::adaptive(s));
  EXPECT_FALSE(FtHeader::adaptive2(s));
  tag.set(s, 0);
  EXPECT_EQ(s, flags_only);
  EXPECT_THROW(tag.set(s, 0x8000), InternalError);
  EXPECT_THROW(tag.set(s, -1), InternalError);
}

}  // namespace
}  // namespace menger
