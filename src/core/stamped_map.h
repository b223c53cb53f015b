// A hash map for short-lived sets of keys that is emptied millions of times.
//
// RouteRunner (verify/route/route_run.h) memoises the configurations of one routing
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
  explicit StampedMap(std::size_t capacity = 64) { resize(round_up(capacity)); }

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
  Value* find(const Key& key) { return find(key, Hash{}(key)); }
  // The same, given `hash` == Hash{}(key): a caller that looks a key up and
  // then sets it (the route runner: three times per configuration) hashes once.
  Value* find(const Key& key, std::size_t hash) {
    Slot& s = probe(key, hash);
    return live(s) ? &s.value : nullptr;
  }

  // Inserts or overwrites.  By value: `value` may be read from this map
  // (set(k, *find(j))), and growing would free it before it is stored.
  void set(Key key, Value value) {
    const std::size_t hash = Hash{}(key);
    set(std::move(key), hash, value);
  }
  void set(Key key, std::size_t hash, Value value) {
    Slot* s = &probe(key, hash);
    if (!live(*s)) {
      if (2 * (size_ + 1) > slots_.size()) {  // keep the load at most 1/2
        grow();
        s = &probe(key, hash);
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
  unsigned shift_ = 0;  // 64 - log2(slots_.size())
  std::size_t size_ = 0;
  Stamp epoch_ = 1;

  static std::size_t round_up(std::size_t n) {
    std::size_t c = 8;
    while (c < n) c *= 2;
    return c;
  }
  bool live(const Slot& s) const { return s.stamp == epoch_; }
  void resize(std::size_t slots) {  // a power of two; every slot empty
    slots_.assign(slots, Slot{});
    shift_ = 64;
    for (std::size_t n = slots; n > 1; n /= 2) --shift_;
  }

  // The key's slot, or the empty slot where it would go.  Fibonacci hashing
  // (the top bits of hash * 2^64 / golden ratio) mixes every bit of a weak
  // hash into the index.
  Slot& probe(const Key& key, std::size_t hash) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>((static_cast<std::uint64_t>(hash) * 0x9e3779b97f4a7c15ULL) >> shift_);
    while (live(slots_[i]) && !(slots_[i].key == key)) i = (i + 1) & mask;
    return slots_[i];
  }

  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    resize(old.size() * 2);
    const Stamp old_epoch = epoch_;
    epoch_ = 1;
    size_ = 0;
    for (const Slot& s : old)
      if (s.stamp == old_epoch) set(s.key, s.value);
  }
};

}  // namespace menger
