// A claim kind's [property] keys, declared once (issue 19): the parser, the
// unknown-key, missing-key and conflicting-key errors, the keys an instance
// override replaces, and `menger list`'s description of the kind all come from
// one table, so a new key is one line.
//
// A key's value is text (a string, or an integer written back as text so that
// formulas stay exact; optionally one of a few words), a flag (true/false), a
// count (a whole number in the key's range), a number (a decimal written as
// text, in the key's range), a list of texts, or a table of texts by name.  A
// key may be valid only beside another (`with`).  `choices` are groups of which
// a claim gives exactly one, at most one, or at least one; giving one of an
// exactly-one or at-most-one group in an instance drops the claim's others
// (runner.cpp).
#pragma once

#include <cstdint>
#include <limits>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

namespace menger {

enum class KeyType { Text, Flag, Count, Number, List, Table };

// The accepted values of a number key: [low, high], either end open.
struct NumberRange {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();
  bool low_open = false, high_open = false;
  bool contains(double x) const;
  std::string text() const;  // "number", "number >= 0", "number in (0, 1)"
};
NumberRange at_least(double low);
NumberRange above(double low);
NumberRange between(double low, double high, bool open = false);

struct PropertyKey {
  std::string name;
  KeyType type = KeyType::Text;
  std::string meaning;           // one line for `menger list`
  bool required = false;
  std::string default_text;      // what an absent key means, for `menger list` ("" none)
  std::uint64_t min = 0, max = 0;  // Count: the accepted range; List: how many items
  NumberRange range;             // Number: the accepted values
  std::vector<std::string> words;  // Text: the accepted values (empty: any text)
  std::string with;              // valid only when this key is given too ("" any time)

  // The same key, valid only beside `other` / accepting only `values` / required.
  PropertyKey only_with(std::string other) const;
  PropertyKey one_of(std::vector<std::string> values) const;
  PropertyKey needed() const;
};

// The kinds of key, with only the fields that kind uses.
PropertyKey text_key(std::string name, std::string meaning, bool required = false, std::string default_text = {});
PropertyKey flag_key(std::string name, std::string meaning, std::string default_text = "false");
PropertyKey count_key(std::string name, std::string meaning, std::uint64_t min, std::uint64_t max,
                      std::string default_text);
PropertyKey number_key(std::string name, std::string meaning, NumberRange range, std::string default_text = {});
PropertyKey list_key(std::string name, std::string meaning, std::uint64_t min_items, std::uint64_t max_items);
PropertyKey table_key(std::string name, std::string meaning);

// Keys several kinds share, worded once.
PropertyKey fault_units_key(std::string meaning, bool required, std::string default_text = {});
PropertyKey routing_key(std::string meaning);

enum class Choose { ExactlyOne, AtMostOne, AtLeastOne };

struct KeyChoice {
  KeyChoice(std::vector<std::string> group, Choose choose = Choose::ExactlyOne, std::string states = {})
      : keys(std::move(group)), how(choose), meaning(std::move(states)) {}
  std::vector<std::string> keys;
  Choose how;
  std::string meaning;  // what the group states, for the missing-key error ("" none)
};

// The values a [property] table gave, by key; absent keys are not there.
class PropertyValues {
 public:
  std::optional<std::string> text(const std::string& key) const { return find(text_, key); }
  std::optional<bool> flag(const std::string& key) const { return find(flag_, key); }
  std::optional<std::uint64_t> count(const std::string& key) const { return find(count_, key); }
  std::optional<double> number(const std::string& key) const { return find(number_, key); }
  std::optional<std::vector<std::string>> list(const std::string& key) const { return find(list_, key); }
  std::optional<std::map<std::string, std::string>> table(const std::string& key) const { return find(table_, key); }
  bool has(const std::string& key) const;
  // The keys given, in the order of the [property] table.
  const std::vector<std::string>& given() const { return given_; }
  // The claim file's directory: where relative file names in its specs
  // resolve (models/registry.h BoundParams::file); empty: the working directory.
  const std::filesystem::path& base_dir() const { return base_dir_; }

 private:
  friend class PropertyKeys;
  template <class T>
  static std::optional<T> find(const std::map<std::string, T>& values, const std::string& key) {
    auto it = values.find(key);
    return it == values.end() ? std::nullopt : std::optional<T>(it->second);
  }
  std::map<std::string, std::string> text_;
  std::map<std::string, bool> flag_;
  std::map<std::string, std::uint64_t> count_;
  std::map<std::string, double> number_;
  std::map<std::string, std::vector<std::string>> list_;
  std::map<std::string, std::map<std::string, std::string>> table_;
  std::vector<std::string> given_;
  std::filesystem::path base_dir_;
};

class PropertyKeys {
 public:
  // `description` is the kind's line in `menger list`; `key_noun` names what
  // the keys are when that is more than "a key" (the structure kind's keys
  // are observables), for the unknown-key error.
  PropertyKeys(std::string kind, std::string description, std::vector<PropertyKey> keys,
               std::vector<KeyChoice> choices = {}, std::string key_noun = {});
  // Reads `prop` (its "kind" entry aside); throws InputError naming `where`,
  // the kind and the key for an unknown key, a value of the wrong type or
  // range, a missing required key, a key without the key it goes with, or a
  // choice not kept.
  PropertyValues read(const toml::table& prop, const std::string& where,
                      const std::filesystem::path& base_dir = {}) const;
  // Groups whose keys replace each other in an instance override.
  std::vector<std::vector<std::string>> exclusive_keys() const;
  // Lines for `menger list`: one per key, with its type, default and meaning.
  std::vector<std::string> describe() const;
  const std::vector<PropertyKey>& keys() const { return keys_; }
  const std::string& kind() const { return kind_; }
  const std::string& description() const { return description_; }

 private:
  const PropertyKey* find(const std::string& name) const;
  std::string names() const;
  std::string claim_phrase() const;  // "a tolerance claim", "an estimate claim"
  void read_value(const PropertyKey& k, const toml::node& v, const std::string& where, PropertyValues& out) const;
  void check_keys(const PropertyValues& out, const std::string& where) const;
  void check_choices(const PropertyValues& out, const std::string& where) const;
  std::string kind_, description_;
  std::vector<PropertyKey> keys_;
  std::vector<KeyChoice> choices_;
  std::string key_noun_;
};

// A [property] value given as a string or an integer (formulas are strings;
// decimals must be strings to stay exact).  Throws InputError naming `where`.
std::string property_text(const toml::node& value, const std::string& where, const std::string& key);

}  // namespace menger
