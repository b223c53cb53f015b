// A question's claim-file keys, made from its one declaration
// (src/question/field.h): each field a claim offers becomes a [property] key
// of the same name, type, range, words and default (claims/property_keys.h
// does the reading and the errors), and read_question_keys() copies the keys
// a claim gave into the question.
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "claims/property_keys.h"
#include "question/question_json.h"

namespace menger {

namespace question_claim {

// The default as `menger list` shows it: the words, else the value ("" when absent).
template <class T>
std::string default_text(const T& value, const question::Field& f) {
  if (!f.default_text.empty()) return f.default_text;
  const nlohmann::json j = question::value_json(value);
  return j.is_null() ? "" : j.is_string() ? j.get<std::string>() : j.dump();
}

}  // namespace question_claim

template <class Q>
std::vector<PropertyKey> question_keys() {
  using question::Field;
  const Q q{};
  std::vector<PropertyKey> keys;
  Q::fields(q, [&](const auto& value, const Field& f) {
    if (!f.offered_in(question::kClaim)) return;
    using V = question::value_type_t<std::decay_t<decltype(value)>>;
    const std::string dflt = question_claim::default_text(value, f);
    PropertyKey k = std::is_same_v<V, bool>    ? flag_key(f.name, f.doc, dflt)
                    : std::is_integral_v<V>   ? count_key(f.name, f.doc, f.min, f.max, dflt)
                    : std::is_same_v<V, double> ? number_key(f.name, f.doc, NumberRange{f.low, f.high, f.open, f.open}, dflt)
                                              : text_key(f.name, f.doc, false, dflt);
    if (!f.words.empty()) k = k.one_of(f.words);
    keys.push_back(f.required_in(question::kClaim) ? k.needed() : k);
  });
  return keys;
}

// Copies the question's keys that `v` gives into `q` (the others keep their defaults).
template <class Q>
void read_question_keys(const PropertyValues& v, Q& q) {
  Q::fields(q, [&](auto& value, const question::Field& f) {
    if (!f.offered_in(question::kClaim)) return;
    using T = std::decay_t<decltype(value)>;
    using V = question::value_type_t<T>;
    if constexpr (std::is_same_v<V, bool>) {
      if (const auto x = v.flag(f.name)) value = *x;
    } else if constexpr (std::is_integral_v<V>) {
      if (const auto x = v.count(f.name)) value = static_cast<V>(*x);
    } else if constexpr (std::is_same_v<V, double>) {
      if (const auto x = v.number(f.name)) value = *x;
    } else {
      if (const auto x = v.text(f.name)) value = *x;
    }
  });
}

}  // namespace menger
