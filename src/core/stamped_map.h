// A hash map for short-lived sets of keys that is emptied millions of times.
//
// RouteRunner (verify/route_run.h) memoises the configurations of one routing
// run: a few to a few hundred keys, then cleared for the next run, millions of
// runs per Monte Carlo study.  std::unordered_map allocates a node per insert
// and frees it on clear(); in the 002 study that was a fifth of the run time
// (bench/RESULTS.md).  Boost's open-addressing boost::unordered_flat_map came
// in Boost 1.81, after the 1.74 Debian ships, so this one is written here:
// open addressing with linear probing over a power-of-two table whose slots
// carry the epoch they were written in, so clear() is O(1) and keeps the
// table.  No erase (the runner never needs it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace menger {

// Stamp: the epoch counter's type; narrower ones only for testing the wrap.
template <class Key, class Value, class Hash, class Stamp = std::uint32_t>
class StampedMap {
 public:
  explicit StampedMap(std::size_t capacity = 64) : slots_(round_up(capacity)) {}

  std::size_t size() const { return size_; }

  // Forgets every key in O(1) (the table keeps its capacity).
  void clear() {
    size_ = 0;
    if (++epoch_ == 0) {  // wrapped: old stamps could look current
      for (Slot& s : slots_) s.stamp = 0;
      epoch_ = 1;
    }
  }

  // The value of `key`, or nullptr.
  Value* find(const Key& key) {
    Slot& s = probe(key);
    return live(s) ? &s.value : nullptr;
  }

  // Inserts or overwrites.
  void set(const Key& key, const Value& value) {
    Slot* s = &probe(key);
    if (!live(*s)) {
      if (2 * (size_ + 1) > slots_.size()) {  // keep the load at most 1/2
        grow();
        s = &probe(key);
      }
      s->key = key;
      s->stamp = epoch_;
      ++size_;
    }
    s->value = value;
  }

 private:
  struct Slot {
    Key key{};
    Value value{};
    Stamp stamp = 0;
  };
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  Stamp epoch_ = 1;

  static std::size_t round_up(std::size_t n) {
    std::size_t c = 8;
    while (c < n) c *= 2;
    return c;
  }
  bool live(const Slot& s) const { return s.stamp == epoch_; }

  // The key's slot, or the empty slot where it would go.  Fibonacci hashing
  // spreads a weak hash's high bits over the index.
  Slot& probe(const Key& key) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>((static_cast<std::uint64_t>(Hash{}(key)) * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
    while (live(slots_[i]) && !(slots_[i].key == key)) i = (i + 1) & mask;
    return slots_[i];
  }

  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, Slot{});
    const Stamp old_epoch = epoch_;
    epoch_ = 1;
    size_ = 0;
    for (const Slot& s : old)
      if (s.stamp == old_epoch) set(s.key, s.value);
  }
};

}  // namespace menger
