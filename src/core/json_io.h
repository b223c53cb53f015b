// JSON in and out.
//
// Out: json_text() is the one way Menger writes JSON.  Labels come from user
// files and may hold bytes that are not UTF-8; nlohmann's dump() throws on
// them, so every output replaces such bytes with U+FFFD instead (issue 21).
//
// In: checked reads of evidence files (certificates, witnesses): a value of the
// wrong JSON type, a negative number, a fraction or a number beyond the
// target's range is an InputError naming the field, never a silent
// conversion (nlohmann's get<std::uint32_t>() would cut 2^32 + 2 to 2, and a
// checker that reads a cut number confirms what the file does not say).
// parse_json() is the one way JSON text is parsed: a key written twice in one
// object is an InputError naming it (nlohmann keeps the last silently, so a
// certificate naming two routings was checked against one of them), and the
// budget passed in (core/budget.h) is checked as it goes.
// require_keys() refuses keys a reader does not know, naming them.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/budget.h"
#include "core/error.h"

namespace menger {

// Whether a result's JSON view (e.g. verify/route/route_search.h's to_json) carries
// the engine's timings: the CLI's output does, a claim's details do not, so
// that `menger prove --no-timing` gives the same bytes on every run.
enum class Timings { Omit, Include };

// `j` as text, indented by `indent` spaces per level (-1: one line).
inline std::string json_text(const nlohmann::json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

// `text` as one JSON value; `what` names it in errors ("routing table x.json").
// Throws InputError for text that is not JSON and for a duplicate key.
// `budget` is checked every few thousand parse events.
nlohmann::json parse_json(std::string_view text, std::string_view what, const Budget& budget = Budget());

// Throws InputError naming the first key of object `j` (`what`) outside `known`.
void require_keys(const nlohmann::json& j, std::initializer_list<std::string_view> known, std::string_view what);

template <class T>
struct JsonAs;

// `j` as a T; `field` names it in the error.
template <class T>
T json_as(const nlohmann::json& j, std::string_view field) {
  return JsonAs<T>::read(j, field);
}

// The member `key` of object `j` as a T.
template <class T>
T json_at(const nlohmann::json& j, const std::string& key) {
  if (!j.is_object() || !j.contains(key)) throw InputError("missing field '" + key + "'");
  return json_as<T>(j[key], key);
}

template <>
struct JsonAs<std::string> {
  static std::string read(const nlohmann::json& j, std::string_view field) {
    if (!j.is_string()) throw InputError("field '" + std::string(field) + "' must be a string, not " + j.type_name());
    return j.get<std::string>();
  }
};

template <>
struct JsonAs<bool> {
  static bool read(const nlohmann::json& j, std::string_view field) {
    if (!j.is_boolean()) throw InputError("field '" + std::string(field) + "' must be true or false");
    return j.get<bool>();
  }
};

template <>
struct JsonAs<double> {
  static double read(const nlohmann::json& j, std::string_view field) {
    if (!j.is_number()) throw InputError("field '" + std::string(field) + "' must be a number, not a " + j.type_name());
    return j.get<double>();
  }
};

template <class T>
  requires(std::is_integral_v<T> && std::is_unsigned_v<T> && !std::is_same_v<T, bool>)
struct JsonAs<T> {
  static T read(const nlohmann::json& j, std::string_view field) {
    const bool whole = j.is_number_unsigned() || (j.is_number_integer() && j.get<std::int64_t>() >= 0);
    if (!whole || j.get<std::uint64_t>() > std::numeric_limits<T>::max())
      throw InputError("field '" + std::string(field) + "' must be a whole number in 0.." +
                       std::to_string(std::numeric_limits<T>::max()) + ", not " +
                       (j.is_number() ? j.dump() : std::string("a ") + j.type_name()));
    return static_cast<T>(j.get<std::uint64_t>());
  }
};

template <class T>
struct JsonAs<std::vector<T>> {
  static std::vector<T> read(const nlohmann::json& j, std::string_view field) {
    if (!j.is_array()) throw InputError("field '" + std::string(field) + "' must be a list");
    std::vector<T> out;
    out.reserve(j.size());
    for (const auto& item : j) out.push_back(json_as<T>(item, field));
    return out;
  }
};

}  // namespace menger
