// The points of a box by layer: used by ft-torus's minimal-cube check
// (routing_torus_ft.cpp), which reads the cube's links nearest the source first.
//
// Method: a point of the box 0 <= step[d] < extent[d] lies on layer
// sum(step); within a layer the points come in lexicographic order with
// dimension 0 most significant.  That is the order of sorting all points by
// (layer, mixed-radix index), generated without listing or sorting the box, so
// a caller that stops at the first fault pays only for the points before it.
// Cost: O(dims) per point visited plus O(dims^2) per prefix.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace menger {

// Visits every point `step` of the box on `layer` in the order above, until
// `visit()` returns false; returns false then, true otherwise.  `step` must
// have extent.size() entries; every extent must be at least 1.
template <class Visit>
bool for_each_point_in_layer(const std::vector<std::uint32_t>& extent, std::uint32_t layer,
                             std::vector<std::uint32_t>& step, Visit&& visit, std::size_t d = 0) {
  const std::size_t n = extent.size();
  if (n == 0) return layer != 0 || visit();  // the box of no dimensions: one point
  if (d + 1 == n) {
    if (layer >= extent[d]) return true;
    step[d] = layer;
    return visit();
  }
  std::uint32_t rest = 0;  // the most the later dimensions can take
  for (std::size_t e = d + 1; e < n; ++e) rest += extent[e] - 1;
  const std::uint32_t lo = layer > rest ? layer - rest : 0, hi = std::min(extent[d] - 1, layer);
  for (std::uint32_t a = lo; a <= hi; ++a) {
    step[d] = a;
    if (!for_each_point_in_layer(extent, layer - a, step, visit, d + 1)) return false;
  }
  return true;
}

}  // namespace menger
