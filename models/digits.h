// Mixed-radix digit helpers shared by the tree families (k-ary n-tree, MiKANT).
#pragma once

#include <cstdint>
#include <string>

#include "core/error.h"

namespace menger {

// k^e with an overflow check against `limit`; throws InputError naming `what`.
inline std::uint64_t checked_power(std::uint64_t k, std::uint64_t e, std::uint64_t limit, const std::string& what) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 0; i < e; ++i) {
    if (r > limit / k) throw InputError(what + " is too large to build");
    r *= k;
  }
  return r;
}

// Digit i (weight k^i) of x in base k.
inline std::uint64_t digit(std::uint64_t x, std::uint64_t k, std::uint64_t weight) { return (x / weight) % k; }

// x with the digit of weight `weight` replaced by d.
inline std::uint64_t with_digit(std::uint64_t x, std::uint64_t k, std::uint64_t weight, std::uint64_t d) {
  return x - digit(x, k, weight) * weight + d * weight;
}

}  // namespace menger
