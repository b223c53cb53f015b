// A curve of a combined figure: several estimate instances draw their curves
// on one plot (001 Figure 7: the replicated, random and deterministic networks
// together), each curve read from the CSV file its study wrote.
#pragma once

#include <cstddef>
#include <string>

namespace menger {

struct FigureCurve {
  std::string label, csv, xlabel, ylabel;
  std::size_t x_column = 1, y_column = 2;  // 1-based; the interval's low and high follow y
  std::size_t exact_column = 0;            // exact values where enumerated (empty cells elsewhere); 0: none
  double x_scale = 1;                      // e.g. 0.5: 001's replicated routers are half-size components
};

}  // namespace menger
