// A question's JSON view, its strict reader and its JSON Schema, made from the
// question's one declaration (src/question/field.h).
//
//   to_json_view(q)             every field but the run controls, absent optionals
//                               as null: the view outputs carry under "question"
//   read_question_json(j, q)    the fields j gives, checked as the Schema says
//                               (type, range, words); an unknown key, a wrong
//                               type or a value out of range is one InputError
//   question_schema<Q>(front)   the Schema of the fields `front` offers, with
//                               each one's doc, default and range; the Python
//                               package checks keyword arguments against it
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "question/field.h"

namespace menger::question {

template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> using value_type_t = typename std::conditional_t<is_optional<T>::value, T, std::optional<T>>::value_type;

// A field's value as JSON (an absent optional: null).
template <class T>
nlohmann::json value_json(const T& v) {
  if constexpr (is_optional<T>::value) return v ? value_json(*v) : nlohmann::json(nullptr);
  else if constexpr (std::is_same_v<T, bool>) return v;
  else if constexpr (std::is_integral_v<T>) return static_cast<std::uint64_t>(v);
  else return v;  // a double, or text
}

// One field's value from JSON, checked against the field; throws InputError.
template <class T>
void read_value(const nlohmann::json& j, const Field& f, T& out, const std::string& where) {
  const std::string what = where + ": " + f.name;
  if constexpr (is_optional<T>::value) {
    if (j.is_null()) return void(out.reset());
    typename T::value_type v{};
    read_value(j, f, v, where);
    out = v;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) throw InputError(what + " is true or false, not " + j.dump());
    out = j.get<bool>();
  } else if constexpr (std::is_integral_v<T>) {
    if (!j.is_number_unsigned() || j.get<std::uint64_t>() < f.min || j.get<std::uint64_t>() > f.max)
      throw InputError(what + " is a whole number in " + std::to_string(f.min) + ".." + std::to_string(f.max) +
                       ", not " + j.dump());
    out = static_cast<T>(j.get<std::uint64_t>());
  } else if constexpr (std::is_same_v<T, double>) {
    // nlohmann refuses NaN and infinities when it parses, so a number here is finite.
    if (!j.is_number() || !f.admits(j.get<double>()))
      throw InputError(what + " is a number in " + f.range_text() + ", not " + j.dump());
    out = j.get<double>();
  } else {
    static_assert(std::is_same_v<T, std::string>, "a question field is bool, a whole number, a double, text or optional");
    if (!j.is_string()) throw InputError(what + " is text, not " + j.dump());
    out = j.get<std::string>();
    if (!f.words.empty() && std::find(f.words.begin(), f.words.end(), out) == f.words.end())
      throw InputError(what + " is one of " + nlohmann::json(f.words).dump() + ", not " + j.dump());
  }
}

template <class Q>
nlohmann::json to_json_view(const Q& q) {
  nlohmann::json j = nlohmann::json::object();
  Q::fields(q, [&](const auto& value, const Field& f) {
    if (!f.control) j[f.name] = value_json(value);
  });
  return j;
}

// Reads the fields `j` gives into `q` (the others keep their values); `front`
// limits the accepted keys to that front end's, and a field every front in
// `front` requires must be there.
template <class Q>
void read_question_json(const nlohmann::json& j, Q& q, const std::string& where, unsigned front = kEveryFront) {
  if (!j.is_object()) throw InputError(where + ": the question is a JSON object, not " + j.dump());
  std::set<std::string> known;
  Q::fields(q, [&](auto& value, const Field& f) {
    if (!(f.fronts & front)) return;
    known.insert(f.name);
    if (const auto it = j.find(f.name); it != j.end()) read_value(*it, f, value, where);
    else if ((f.required & front) == front) throw InputError(where + ": " + std::string(Q::kVerb) + " needs '" + f.name + "'");
  });
  for (const auto& [key, _] : j.items())
    if (!known.count(key)) throw InputError(where + ": " + std::string(Q::kVerb) + " has no option '" + key + "'");
}

template <class T>
nlohmann::json field_schema(const T& initial, const Field& f) {
  using V = value_type_t<T>;
  nlohmann::json s{{"description", f.doc}};
  std::string type;
  if constexpr (std::is_same_v<V, bool>) {
    type = "boolean";
  } else if constexpr (std::is_integral_v<V>) {
    type = "integer";
    s["minimum"] = f.min;
    s["maximum"] = f.max;
  } else if constexpr (std::is_same_v<V, double>) {
    type = "number";
    s[f.open ? "exclusiveMinimum" : "minimum"] = f.low;
    s[f.open ? "exclusiveMaximum" : "maximum"] = f.high;
  } else {
    type = "string";
    if (!f.words.empty()) {
      s["enum"] = f.words;
      if (is_optional<T>::value) s["enum"].push_back(nullptr);  // absent is also a value
    }
  }
  s["type"] = is_optional<T>::value ? nlohmann::json{type, "null"} : nlohmann::json(type);
  s["default"] = value_json(initial);
  if (!f.default_text.empty()) s["x-default-text"] = f.default_text;
  if (f.formula) s["x-formula"] = true;
  if (f.word_flags) s["x-word-flags"] = true;
  if (!f.points.empty()) s["x-points"] = f.points;
  if (f.control) s["x-run-control"] = true;
  return s;
}

inline nlohmann::json fronts_json(unsigned fronts) {
  nlohmann::json j = nlohmann::json::array();
  if (fronts & kCli) j.push_back("cli");
  if (fronts & kClaim) j.push_back("claim");
  if (fronts & kPython) j.push_back("python");
  return j;
}

// The JSON Schema (draft 2020-12) of the fields `front` offers.
template <class Q>
nlohmann::json question_schema(unsigned front = kEveryFront) {
  const Q q{};
  nlohmann::json props = nlohmann::json::object(), order = nlohmann::json::array(), required = nlohmann::json::array();
  Q::fields(q, [&](const auto& value, const Field& f) {
    if (!(f.fronts & front)) return;
    props[f.name] = field_schema(value, f);
    props[f.name]["x-fronts"] = fronts_json(f.fronts);
    order.push_back(f.name);
    if ((f.required & front) == front) required.push_back(f.name);  // as read_question_json reads it
  });
  return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
          {"$id", std::string("https://menger.invalid/schemas/1/") + Q::kVerb + "-question.schema.json"},
          {"version", 1},
          {"title", std::string("menger ") + Q::kVerb + " question"},
          {"description", std::string(Q::kAbout) +
                              "  Made from the question's one declaration (src/question/); the fields of every "
                              "front end, each marked with the front ends that offer it (x-fronts)."},
          {"type", "object"},
          {"additionalProperties", false},
          {"properties", props},
          {"required", required},
          {"x-order", order}};
}

}  // namespace menger::question
