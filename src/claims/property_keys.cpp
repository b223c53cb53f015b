#include "claims/property_keys.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/error.h"
#include "core/number_text.h"

namespace menger {

std::string property_text(const toml::node& n, const std::string& where, const std::string& key) {
  if (auto s = n.value<std::string>()) return *s;
  if (n.is_integer()) return std::to_string(*n.value<std::int64_t>());
  throw InputError(where + ": [property] " + key +
                   " must be an integer or a string (write decimals as strings, e.g. \"2.5\", to keep them exact)");
}

namespace {

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string s;
  for (const std::string& item : items) s += (s.empty() ? "" : separator) + item;
  return s;
}

// "a", "a or b", "a, b or c".
std::string listed(const std::vector<std::string>& items) {
  if (items.size() < 2) return joined(items, "");
  const std::vector<std::string> head(items.begin(), items.end() - 1);
  return joined(head, ", ") + " or " + items.back();
}

std::string shortest(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

bool NumberRange::contains(double x) const {
  const bool above_low = low_open ? x > low : x >= low;
  const bool below_high = high_open ? x < high : x <= high;
  return above_low && below_high;
}

std::string NumberRange::text() const {
  const bool bounded_low = std::isfinite(low), bounded_high = std::isfinite(high);
  if (!bounded_low && !bounded_high) return "number";
  if (!bounded_high) return std::string("number ") + (low_open ? "> " : ">= ") + shortest(low);
  if (!bounded_low) return std::string("number ") + (high_open ? "< " : "<= ") + shortest(high);
  return std::string("number in ") + (low_open ? "(" : "[") + shortest(low) + ", " + shortest(high) +
         (high_open ? ")" : "]");
}

NumberRange at_least(double low) { return NumberRange{low, std::numeric_limits<double>::infinity(), false, false}; }
NumberRange above(double low) { return NumberRange{low, std::numeric_limits<double>::infinity(), true, false}; }
NumberRange between(double low, double high, bool open) { return NumberRange{low, high, open, open}; }

PropertyKey PropertyKey::only_with(std::string other) const {
  PropertyKey k = *this;
  k.with = std::move(other);
  return k;
}

PropertyKey PropertyKey::one_of(std::vector<std::string> values) const {
  PropertyKey k = *this;
  k.words = std::move(values);
  return k;
}

PropertyKey PropertyKey::needed() const {
  PropertyKey k = *this;
  k.required = true;
  return k;
}

PropertyKey text_key(std::string name, std::string meaning, bool required, std::string default_text) {
  PropertyKey k;
  k.name = std::move(name);
  k.meaning = std::move(meaning);
  k.required = required;
  k.default_text = std::move(default_text);
  return k;
}

PropertyKey flag_key(std::string name, std::string meaning, std::string default_text) {
  PropertyKey k = text_key(std::move(name), std::move(meaning), false, std::move(default_text));
  k.type = KeyType::Flag;
  return k;
}

PropertyKey count_key(std::string name, std::string meaning, std::uint64_t min, std::uint64_t max,
                      std::string default_text) {
  PropertyKey k = text_key(std::move(name), std::move(meaning), false, std::move(default_text));
  k.type = KeyType::Count;
  k.min = min;
  k.max = max;
  return k;
}

PropertyKey number_key(std::string name, std::string meaning, NumberRange range, std::string default_text) {
  PropertyKey k = text_key(std::move(name), std::move(meaning), false, std::move(default_text));
  k.type = KeyType::Number;
  k.range = range;
  return k;
}

PropertyKey list_key(std::string name, std::string meaning, std::uint64_t min_items, std::uint64_t max_items) {
  PropertyKey k = count_key(std::move(name), std::move(meaning), min_items, max_items, {});
  k.type = KeyType::List;
  return k;
}

PropertyKey table_key(std::string name, std::string meaning) {
  PropertyKey k = text_key(std::move(name), std::move(meaning));
  k.type = KeyType::Table;
  return k;
}

PropertyKey fault_units_key(std::string meaning, bool required, std::string default_text) {
  return text_key("faults", meaning + ": nodes | switches | links | switch-links | components", required,
                  std::move(default_text));
}

PropertyKey routing_key(std::string meaning) { return text_key("routing", meaning + " (menger list)", true); }

bool PropertyValues::has(const std::string& key) const {
  return text_.count(key) || flag_.count(key) || count_.count(key) || number_.count(key) || list_.count(key) ||
         table_.count(key);
}

PropertyKeys::PropertyKeys(std::string kind, std::string description, std::vector<PropertyKey> keys,
                           std::vector<KeyChoice> choices, std::string key_noun)
    : kind_(std::move(kind)),
      description_(std::move(description)),
      keys_(std::move(keys)),
      choices_(std::move(choices)),
      key_noun_(std::move(key_noun)) {}

const PropertyKey* PropertyKeys::find(const std::string& name) const {
  for (const PropertyKey& k : keys_)
    if (k.name == name) return &k;
  return nullptr;
}

namespace {

std::uint64_t read_count(const std::string& value, const PropertyKey& k, const std::string& where) {
  const std::string range = std::to_string(k.min) + ".." + std::to_string(k.max);
  const bool digits = !value.empty() && value.size() <= 19 && value.find_first_not_of("0123456789") == std::string::npos;
  const std::uint64_t n = digits ? std::stoull(value) : 0;
  if (!digits || n < k.min || n > k.max)
    throw InputError(where + ": " + k.name + " must be a whole number in " + range + ", got '" + value + "'");
  return n;
}

double read_number(const std::string& value, const PropertyKey& k, const std::string& where) {
  const double x = parse_number(value, where + ": '" + k.name + "'");
  if (!k.range.contains(x))
    throw InputError(where + ": " + k.name + " must be a " + k.range.text() + ", got '" + value + "'");
  return x;
}

std::string read_word(const std::string& value, const PropertyKey& k, const std::string& where) {
  if (!k.words.empty() && std::find(k.words.begin(), k.words.end(), value) == k.words.end())
    throw InputError(where + ": '" + k.name + "' is " + listed(k.words) + ", got '" + value + "'");
  return value;
}

std::string items_text(const PropertyKey& k) {
  if (k.min == k.max) return std::to_string(k.min);
  if (k.max == std::numeric_limits<std::uint64_t>::max()) return std::to_string(k.min) + " or more";
  return std::to_string(k.min) + " to " + std::to_string(k.max);
}

std::vector<std::string> read_list(const toml::node& v, const PropertyKey& k, const std::string& where) {
  const auto* items = v.as_array();
  if (!items || items->size() < k.min || items->size() > k.max)
    throw InputError(where + ": '" + k.name + "' must be a list of " + items_text(k) + " strings (" + k.meaning + ")");
  std::vector<std::string> out;
  for (const auto& item : *items) out.push_back(property_text(item, where, k.name));
  return out;
}

std::map<std::string, std::string> read_table(const toml::node& v, const PropertyKey& k, const std::string& where) {
  const auto* entries = v.as_table();
  if (!entries) throw InputError(where + ": '" + k.name + "' must be a table [property." + k.name + "] (" + k.meaning + ")");
  std::map<std::string, std::string> out;
  for (const auto& [name, value] : *entries)
    out[std::string(name.str())] = property_text(value, where, k.name + "." + std::string(name.str()));
  return out;
}

}  // namespace

void PropertyKeys::read_value(const PropertyKey& k, const toml::node& v, const std::string& where,
                              PropertyValues& out) const {
  switch (k.type) {
    case KeyType::Flag: {
      auto b = v.value<bool>();
      if (!v.is_boolean() || !b) throw InputError(where + ": '" + k.name + "' must be true or false");
      out.flag_[k.name] = *b;
      return;
    }
    case KeyType::Count: out.count_[k.name] = read_count(property_text(v, where, k.name), k, where); return;
    case KeyType::Number: out.number_[k.name] = read_number(property_text(v, where, k.name), k, where); return;
    case KeyType::List: out.list_[k.name] = read_list(v, k, where); return;
    case KeyType::Table: out.table_[k.name] = read_table(v, k, where); return;
    case KeyType::Text: out.text_[k.name] = read_word(property_text(v, where, k.name), k, where); return;
  }
}

PropertyValues PropertyKeys::read(const toml::table& prop, const std::string& where,
                                  const std::filesystem::path& base_dir) const {
  PropertyValues out;
  out.base_dir_ = base_dir;
  for (const auto& [key_node, v] : prop) {
    const std::string key(key_node.str());
    if (key == "kind") continue;
    const PropertyKey* k = find(key);
    if (!k)
      throw InputError(where + ": [property] has no key '" + key + "' for kind " + kind_ +
                       (key_noun_.empty() ? "" : ": no " + key_noun_ + " '" + key + "'") + " (keys: " + names() + ")");
    read_value(*k, v, where, out);
    out.given_.push_back(key);
  }
  check_keys(out, where);
  check_choices(out, where);
  return out;
}

std::string PropertyKeys::claim_phrase() const {
  const bool vowel = !kind_.empty() && std::string("aeiou").find(kind_.front()) != std::string::npos;
  return (vowel ? "an " : "a ") + kind_ + " claim";
}

void PropertyKeys::check_keys(const PropertyValues& out, const std::string& where) const {
  for (const PropertyKey& k : keys_) {
    if (k.required && !out.has(k.name))
      throw InputError(where + ": " + claim_phrase() + " needs [property] " + k.name + " (" + k.meaning + ")");
    if (!k.with.empty() && out.has(k.name) && !out.has(k.with))
      throw InputError(where + ": [property] " + k.name + " goes with " + k.with + ", which the claim does not give");
  }
}

void PropertyKeys::check_choices(const PropertyValues& out, const std::string& where) const {
  for (const KeyChoice& c : choices_) {
    std::vector<std::string> given;
    for (const std::string& name : c.keys)
      if (out.has(name)) given.push_back(name);
    const std::string list = listed(c.keys);
    if (given.size() > 1 && c.how != Choose::AtLeastOne) throw InputError(where + ": give " + list + ", not both");
    if (!given.empty() || c.how == Choose::AtMostOne) continue;
    if (c.how == Choose::ExactlyOne) throw InputError(where + ": " + claim_phrase() + " states " + list);
    throw InputError(where + ": " + claim_phrase() + " needs [property] " + list + " (at least one" +
                     (c.meaning.empty() ? "" : ": " + c.meaning) + ")");
  }
}

std::string PropertyKeys::names() const {
  std::vector<std::string> all;
  for (const PropertyKey& k : keys_) all.push_back(k.name);
  return joined(all, ", ");
}

std::vector<std::vector<std::string>> PropertyKeys::exclusive_keys() const {
  std::vector<std::vector<std::string>> groups;
  for (const KeyChoice& c : choices_)
    if (c.how != Choose::AtLeastOne) groups.push_back(c.keys);
  return groups;
}

namespace {

std::string type_text(const PropertyKey& k) {
  switch (k.type) {
    case KeyType::Flag: return "true|false";
    case KeyType::Count: return std::to_string(k.min) + ".." + std::to_string(k.max);
    case KeyType::Number: return k.range.text();
    case KeyType::List: return "list of " + items_text(k) + " texts";
    case KeyType::Table: return "table of texts";
    case KeyType::Text: return k.words.empty() ? "text" : joined(k.words, "|");
  }
  return "text";
}

std::string choice_text(Choose how) {
  switch (how) {
    case Choose::ExactlyOne: return "exactly one of: ";
    case Choose::AtMostOne: return "at most one of: ";
    case Choose::AtLeastOne: return "at least one of: ";
  }
  return "";
}

}  // namespace

std::vector<std::string> PropertyKeys::describe() const {
  std::vector<std::string> lines;
  for (const PropertyKey& k : keys_)
    lines.push_back(k.name + " (" + type_text(k) + (k.required ? ", required" : "") +
                    (k.with.empty() ? "" : ", with " + k.with) +
                    (k.default_text.empty() ? "" : ", default " + k.default_text) + ")  " + k.meaning);
  for (const KeyChoice& c : choices_)
    lines.push_back(choice_text(c.how) + joined(c.keys, ", ") + (c.meaning.empty() ? "" : "  (" + c.meaning + ")"));
  return lines;
}

}  // namespace menger
