// A claim kind's [property] keys, declared once (issue 19): the parser, the
// unknown-key, missing-key and conflicting-key errors, the keys an instance
// override replaces, and `menger list`'s description of the kind all come from
// one table, so a new key is one line.
//
// A key's value is text (a string, or an integer written back as text so that
// formulas stay exact), a flag (true/false) or a count (a whole number in the
// key's range).  `choices` are groups of which a claim gives exactly one (or at
// most one, when the group is optional); giving one in an instance drops the
// claim's others (runner.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

namespace menger {

enum class KeyType { Text, Flag, Count };

struct PropertyKey {
  std::string name;
  KeyType type = KeyType::Text;
  std::string meaning;           // one line for `menger list`
  bool required = false;
  std::string default_text;      // what an absent key means, for `menger list` ("" none)
  std::uint64_t min = 0, max = 0;  // Count: the accepted range
};

// The three kinds of key, with only the fields that kind uses.
PropertyKey text_key(std::string name, std::string meaning, bool required = false, std::string default_text = {});
PropertyKey flag_key(std::string name, std::string meaning, std::string default_text = "false");
PropertyKey count_key(std::string name, std::string meaning, std::uint64_t min, std::uint64_t max,
                      std::string default_text);

struct KeyChoice {
  std::vector<std::string> keys;
  bool required = true;  // exactly one (else at most one)
};

// The values a [property] table gave, by key; absent keys are not there.
class PropertyValues {
 public:
  std::optional<std::string> text(const std::string& key) const;
  std::optional<bool> flag(const std::string& key) const;
  std::optional<std::uint64_t> count(const std::string& key) const;
  bool has(const std::string& key) const { return text_.count(key) || flag_.count(key) || count_.count(key); }

 private:
  friend class PropertyKeys;
  std::map<std::string, std::string> text_;
  std::map<std::string, bool> flag_;
  std::map<std::string, std::uint64_t> count_;
};

class PropertyKeys {
 public:
  PropertyKeys(std::string kind, std::vector<PropertyKey> keys, std::vector<KeyChoice> choices = {});
  // Reads `prop` (its "kind" entry aside); throws InputError naming `where`,
  // the kind and the key for an unknown key, a value of the wrong type or
  // range, a missing required key, or two keys of one choice.
  PropertyValues read(const toml::table& prop, const std::string& where) const;
  // Groups whose keys replace each other in an instance override.
  std::vector<std::vector<std::string>> exclusive_keys() const;
  // Lines for `menger list`: one per key, with its type, default and meaning.
  std::vector<std::string> describe() const;
  const std::vector<PropertyKey>& keys() const { return keys_; }

 private:
  const PropertyKey* find(const std::string& name) const;
  std::string names() const;
  std::string kind_;
  std::vector<PropertyKey> keys_;
  std::vector<KeyChoice> choices_;
};

}  // namespace menger
