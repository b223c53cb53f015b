// StampedMap (core/stamped_map.h), the run memo of RouteRunner: checked
// against std::unordered_map under random inserts, overwrites, lookups and
// clears, including growth, a hash that sends every key to one slot, and the
// epoch counter wrapping round.
#include <gtest/gtest.h>

#include <cstdint>
#include <unordered_map>

#include "core/rng.h"
#include "core/stamped_map.h"

namespace menger {
namespace {

struct GoodHash {
  std::size_t operator()(std::uint32_t k) const { return static_cast<std::size_t>(splitmix64(k)); }
};
struct OneSlotHash {  // every key collides: probing alone must keep them apart
  std::size_t operator()(std::uint32_t) const { return 7; }
};

// `rounds` batches of random operations on keys below `keys`, cleared between
// batches; every lookup agrees with the reference map.
template <class Hash>
void agrees_with_unordered_map(std::uint32_t keys, int rounds, std::uint64_t seed) {
  StampedMap<std::uint32_t, std::int64_t, Hash> map(8);
  std::unordered_map<std::uint32_t, std::int64_t> ref;
  Rng rng(seed, 0);
  for (int round = 0; round < rounds; ++round) {
    const std::uint64_t ops = 1 + rng.below(4 * keys);
    for (std::uint64_t i = 0; i < ops; ++i) {
      const auto key = static_cast<std::uint32_t>(rng.below(keys));
      if (rng.below(2) == 0) {  // insert or overwrite
        const auto value = static_cast<std::int64_t>(rng.below(1000)) - 1;
        map.set(key, value);
        ref[key] = value;
      }
      const std::int64_t* got = map.find(key);
      ASSERT_EQ(got != nullptr, ref.count(key) == 1) << "key " << key << " round " << round;
      if (got) {
        EXPECT_EQ(*got, ref[key]);
      }
      ASSERT_EQ(map.size(), ref.size());
    }
    map.clear();
    ref.clear();
    EXPECT_EQ(map.size(), 0u);
    for (std::uint32_t k = 0; k < keys; ++k) ASSERT_EQ(map.find(k), nullptr);
  }
}

TEST(StampedMap, AgreesWithUnorderedMap) { agrees_with_unordered_map<GoodHash>(500, 40, 1); }

TEST(StampedMap, AllKeysInOneSlot) { agrees_with_unordered_map<OneSlotHash>(60, 20, 2); }

TEST(StampedMap, GrowsPastItsFirstCapacity) {
  StampedMap<std::uint32_t, std::int64_t, GoodHash> map(8);
  for (std::uint32_t k = 0; k < 10000; ++k) map.set(k * 3, k);
  EXPECT_EQ(map.size(), 10000u);
  for (std::uint32_t k = 0; k < 10000; ++k) {
    ASSERT_NE(map.find(k * 3), nullptr);
    EXPECT_EQ(*map.find(k * 3), k);
    EXPECT_EQ(map.find(k * 3 + 1), nullptr);
  }
}

// A value read from the map itself stays valid while the insert grows the
// table (ASan catches the read of the freed table if set() took a reference).
TEST(StampedMap, SetFromItsOwnValueWhileGrowing) {
  StampedMap<std::uint32_t, std::int64_t, GoodHash> map(8);
  for (std::uint32_t k = 0; k < 4; ++k) map.set(k, 10 + k);  // the fifth key grows 8 slots to 16
  map.set(100, *map.find(1));
  ASSERT_NE(map.find(100), nullptr);
  EXPECT_EQ(*map.find(100), 11);
  EXPECT_EQ(map.size(), 5u);
}

// After 2^bits clears the epoch wraps to 0; the map must then forget old
// slots rather than take them for current ones (an 8-bit stamp reaches the
// wrap in 256 clears, the 32-bit default in 4 billion).
TEST(StampedMap, ForgetsAcrossTheEpochWrap) {
  StampedMap<std::uint32_t, std::int64_t, GoodHash, std::uint8_t> map(8);
  map.set(1, 10);
  for (int i = 0; i < 256; ++i) {
    map.clear();
    EXPECT_EQ(map.find(1), nullptr) << "after " << i + 1 << " clears";
  }
  map.set(3, 30);
  EXPECT_EQ(*map.find(3), 30);
  EXPECT_EQ(map.find(1), nullptr);
  map.clear();
  for (int i = 0; i < 300; ++i) {  // across the wrap with live keys rewritten each epoch
    map.set(static_cast<std::uint32_t>(i), i);
    EXPECT_EQ(map.size(), 1u);
    EXPECT_EQ(map.find(static_cast<std::uint32_t>(i) - 1), nullptr);
    map.clear();
  }
}

}  // namespace
}  // namespace menger
