// for_each_point_in_layer (models/box_layers.h) against its definition: every
// point of the box, sorted by (layer, mixed-radix index with dimension 0 most
// significant), the order ft-torus reads its minimal cube in.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>
#include <vector>

#include "models/box_layers.h"

namespace menger {
namespace {

using Point = std::vector<std::uint32_t>;

// The definition: list the box, sort by (layer, index).
std::vector<Point> sorted_box(const std::vector<std::uint32_t>& extent) {
  std::size_t count = 1;
  for (auto e : extent) count *= e;
  std::vector<std::tuple<std::uint32_t, std::size_t, Point>> all;
  for (std::size_t index = 0; index < count; ++index) {
    Point p(extent.size());
    std::size_t rest = index;
    for (std::size_t d = extent.size(); d-- > 0;) {
      p[d] = static_cast<std::uint32_t>(rest % extent[d]);
      rest /= extent[d];
    }
    std::uint32_t layer = 0;
    for (auto x : p) layer += x;
    all.emplace_back(layer, index, p);
  }
  std::sort(all.begin(), all.end());
  std::vector<Point> out;
  for (auto& t : all) out.push_back(std::get<2>(t));
  return out;
}

std::vector<Point> generated(const std::vector<std::uint32_t>& extent) {
  std::uint32_t last = 0;
  for (auto e : extent) last += e - 1;
  std::vector<Point> out;
  Point step(extent.size());
  for (std::uint32_t layer = 0; layer <= last; ++layer)
    EXPECT_TRUE(for_each_point_in_layer(extent, layer, step, [&] {
      out.push_back(step);
      return true;
    }));
  return out;
}

TEST(BoxLayers, SameOrderAsSortingTheBox) {
  std::mt19937 gen(7);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<std::uint32_t> extent(1 + gen() % 4);
    for (auto& e : extent) e = static_cast<std::uint32_t>(1 + gen() % 5);
    EXPECT_EQ(generated(extent), sorted_box(extent)) << "trial " << trial;
  }
}

TEST(BoxLayers, StopsAtTheFirstRefusal) {
  const std::vector<std::uint32_t> extent{3, 3};
  Point step(2);
  int visited = 0;
  EXPECT_FALSE(for_each_point_in_layer(extent, 2, step, [&] { return ++visited < 2; }));
  EXPECT_EQ(visited, 2);  // (0,2) then (1,1): refused there, (2,0) never visited
  EXPECT_EQ(step, (Point{1, 1}));
}

TEST(BoxLayers, LayersBeyondTheBoxAreEmpty) {
  const std::vector<std::uint32_t> extent{2, 1, 3};
  Point step(3);
  int visited = 0;
  EXPECT_TRUE(for_each_point_in_layer(extent, 4, step, [&] { return ++visited, true; }));
  EXPECT_EQ(visited, 0);
  EXPECT_TRUE(for_each_point_in_layer({}, 0, step, [&] { return ++visited, true; }));
  EXPECT_EQ(visited, 1);  // no dimensions: one point, on layer 0
}

}  // namespace
}  // namespace menger
