// Packet-state fields declared with names and types (issue 37, item 6).
//
// A PacketState is eight int32 words whose meaning is the routing's own
// (core/routing.h).  Written as raw w[i], a routing's meaning lived only in a
// comment and in a describe_state written by hand beside it.  Here a routing
// declares each field once, with the word that holds it, its type and the
// words a trace shows it by; the accessors read and write through the
// declaration, and describe() makes the trace text from it.
//
// The text is an identifier, not only a courtesy: the deadlock certificates
// name a packet's state by its text (verify/check/deadlock_sat_check.cpp
// refuses two states with one text).  describe() is therefore injective:
// every field shows its value exactly, and a word that no field declares is
// shown raw ("w5=3") whenever it is not 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/routing.h"

namespace menger {

// A flag: set or clear.  Shown by its text when set ("route not chosen"),
// and by `off` when clear if it has one ("up" / "down").
struct FlagField {
  std::size_t word;
  const char* text;
  const char* off = nullptr;
  bool operator()(const PacketState& s) const { return s.w[word] != 0; }
  void set(PacketState& s, bool on) const { s.w[word] = on ? 1 : 0; }
};

// A count from 0 (hops taken of some kind).  Shown as "<n> <unit>"
// ("2 global hop(s)"), always, 0 included.
struct CountField {
  std::size_t word;
  const char* unit;
  std::uint32_t operator()(const PacketState& s) const { return static_cast<std::uint32_t>(s.w[word]); }
  void add_one(PacketState& s) const { ++s.w[word]; }
};

// A value as the routing reads it (a service level, a port number).  Shown
// as name and value ("SL " and 3: "SL 3"); with hide_zero, not at all while 0.
struct ValueField {
  std::size_t word;
  const char* name;
  bool hide_zero = false;
  std::int32_t operator()(const PacketState& s) const { return s.w[word]; }
  void set(PacketState& s, std::int32_t v) const { s.w[word] = v; }
};

// One of a few named values (a phase).  Shown by its name; a value beyond
// the names as "<what> #<value>".
struct EnumField {
  std::size_t word;
  const char* what;
  std::span<const char* const> names;
  std::int32_t operator()(const PacketState& s) const { return s.w[word]; }
  void set(PacketState& s, std::int32_t v) const { s.w[word] = v; }
};

// A set of small numbers (dimensions) as the bits of a word.  Shown as
// prefix and the set counting from 1 ("derouted in dimension 1,3"), nothing
// while empty.
struct BitsField {
  std::size_t word;
  const char* prefix;
  bool has(const PacketState& s, unsigned bit) const { return (static_cast<std::uint32_t>(s.w[word]) >> bit) & 1u; }
  void add(PacketState& s, unsigned bit) const {
    s.w[word] = static_cast<std::int32_t>(static_cast<std::uint32_t>(s.w[word]) | (1u << bit));
  }
};

// An id (a node, a group, ...) or none, kept as id + 1 so that a fresh state
// holds none.  Shown as prefix and the id's name ("via " and "G3": "via G3")
// when set, and by `none` while none if it has one; how an id is named is the
// declaring routing's (StateFields::id).
struct IdField {
  std::size_t word;
  const char* prefix;
  const char* none = nullptr;
  std::optional<std::uint32_t> operator()(const PacketState& s) const {
    if (s.w[word] == 0) return std::nullopt;
    return static_cast<std::uint32_t>(s.w[word] - 1);
  }
  void set(PacketState& s, std::optional<std::uint32_t> id) const {
    s.w[word] = id ? static_cast<std::int32_t>(*id + 1) : 0;
  }
};

// The upper bits of a word (16-30), under flags the routing keeps in the low
// 16: what a switch keeps of the packet's last hop (ring_hop's port and VC
// under bubble flow control, FIR's input), 0 while there is none.  Shown by
// the declaring routing's own text.
struct TagField {
  static constexpr int kShift = 16;
  static constexpr std::int32_t kMask = 0x7fff;
  std::size_t word = 0;
  std::int32_t operator()(const PacketState& s) const { return (s.w[word] >> kShift) & kMask; }
  void set(PacketState& s, std::int32_t tag) const;  // InternalError beyond 15 bits
};

// One routing's declaration: its fields in the order a trace shows them.
// Two fields on one word are an InternalError when the routing is built.
class StateFields {
 public:
  using Namer = std::function<std::string(std::uint32_t)>;

  StateFields& flag(FlagField f);
  StateFields& count(CountField f);
  StateFields& value(ValueField f);
  StateFields& bits(BitsField f);
  StateFields& choice(EnumField f);
  // `name` must give distinct ids distinct texts (labels, "G3").
  StateFields& id(IdField f, Namer name);

  // The fields' texts joined by ", ", then the undeclared non-zero words;
  // "-" when that is nothing.
  std::string describe(const PacketState& s) const;

 private:
  struct Shown {
    std::size_t word;
    std::function<std::string(const PacketState&)> text;  // "" shows nothing
  };
  std::vector<Shown> fields_;

  void declare(std::size_t word, std::function<std::string(const PacketState&)> text);
};

}  // namespace menger
