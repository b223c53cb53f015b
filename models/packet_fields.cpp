#include "models/packet_fields.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

void TagField::set(PacketState& s, std::int32_t tag) const {
  MENGER_ASSERT(tag >= 0 && tag <= kMask, "packet-state tag out of range (a port or virtual channel too large)");
  s.w[word] = (s.w[word] & ~(kMask << kShift)) | (tag << kShift);
}

void StateFields::declare(std::size_t word, std::function<std::string(const PacketState&)> text) {
  MENGER_ASSERT(word < PacketState::kWords, "packet-state field on word " + std::to_string(word) + " of " +
                                                std::to_string(PacketState::kWords));
  const bool taken = std::any_of(fields_.begin(), fields_.end(), [&](const Shown& f) { return f.word == word; });
  MENGER_ASSERT(!taken, "two packet-state fields on word " + std::to_string(word));
  fields_.push_back({word, std::move(text)});
}

StateFields& StateFields::flag(FlagField f) {
  declare(f.word, [f](const PacketState& s) {
    const std::int32_t v = s.w[f.word];
    if (v == 0) return std::string(f.off ? f.off : "");
    return v == 1 ? std::string(f.text) : f.text + (" #" + std::to_string(v));  // exact for any word
  });
  return *this;
}

StateFields& StateFields::count(CountField f) {
  declare(f.word, [f](const PacketState& s) { return std::to_string(s.w[f.word]) + " " + f.unit; });
  return *this;
}

StateFields& StateFields::value(ValueField f) {
  declare(f.word, [f](const PacketState& s) {
    return f.hide_zero && s.w[f.word] == 0 ? std::string() : f.name + std::to_string(s.w[f.word]);
  });
  return *this;
}

StateFields& StateFields::bits(BitsField f) {
  declare(f.word, [f](const PacketState& s) {
    std::string set;
    for (unsigned b = 0; b < 32; ++b)
      if (f.has(s, b)) set += (set.empty() ? "" : ",") + std::to_string(b + 1);
    return set.empty() ? set : f.prefix + set;
  });
  return *this;
}

StateFields& StateFields::choice(EnumField f) {
  declare(f.word, [f](const PacketState& s) {
    const std::int32_t v = s.w[f.word];
    if (v >= 0 && static_cast<std::size_t>(v) < f.names.size()) return std::string(f.names[static_cast<std::size_t>(v)]);
    return f.what + (" #" + std::to_string(v));
  });
  return *this;
}

StateFields& StateFields::id(IdField f, Namer name) {
  declare(f.word, [f, name = std::move(name)](const PacketState& s) {
    const auto id = f(s);
    if (!id) return std::string(f.none ? f.none : "");
    // A negative word is no id + 1: shown raw, so that the text stays exact.
    return s.w[f.word] < 0 ? std::string(f.prefix) + "#" + std::to_string(s.w[f.word]) : f.prefix + name(*id);
  });
  return *this;
}

std::string StateFields::describe(const PacketState& s) const {
  std::string out;
  const auto add = [&out](const std::string& part) {
    if (!part.empty()) out += (out.empty() ? "" : ", ") + part;
  };
  for (const Shown& f : fields_) add(f.text(s));
  for (std::size_t i = 0; i < PacketState::kWords; ++i) {
    const bool declared = std::any_of(fields_.begin(), fields_.end(), [i](const Shown& f) { return f.word == i; });
    if (!declared && s.w[i] != 0) add("w" + std::to_string(i) + "=" + std::to_string(s.w[i]));
  }
  return out.empty() ? "-" : out;
}

}  // namespace menger
