// Deterministic random numbers keyed by (seed, stream, counter).
//
// Hand-written on purpose: the standard library's distributions
// (std::uniform_int_distribution, std::shuffle) are implementation-defined, so
// the same seed would build a different "random" multistage wiring with another
// standard library.  SplitMix64 (Steele, Lea, Flood 2014) is a counter-based
// generator: the k-th draw of a stream is a pure function of (seed, stream, k),
// which is what makes results independent of thread count (DESIGN.md).
#pragma once

#include <cstdint>
#include <vector>

namespace menger {

inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

class Rng {
 public:
  Rng(std::uint64_t seed, std::uint64_t stream) : key_(splitmix64(seed ^ splitmix64(stream))) {}

  std::uint64_t next() { return splitmix64(key_ + 0x9E3779B97F4A7C15ull * ++counter_); }

  // Uniform integer in [0, n), n > 0, without modulo bias (rejection sampling).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % n;
  }

  // Fisher-Yates shuffle using below().
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }

 private:
  std::uint64_t key_;
  std::uint64_t counter_ = 0;
};

}  // namespace menger
