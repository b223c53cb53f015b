#include "claims/property_keys.h"

#include "claims/property.h"
#include "core/error.h"

namespace menger {

std::optional<std::string> PropertyValues::text(const std::string& key) const {
  auto it = text_.find(key);
  return it == text_.end() ? std::nullopt : std::optional(it->second);
}
std::optional<bool> PropertyValues::flag(const std::string& key) const {
  auto it = flag_.find(key);
  return it == flag_.end() ? std::nullopt : std::optional(it->second);
}
std::optional<std::uint64_t> PropertyValues::count(const std::string& key) const {
  auto it = count_.find(key);
  return it == count_.end() ? std::nullopt : std::optional(it->second);
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

PropertyKeys::PropertyKeys(std::string kind, std::vector<PropertyKey> keys, std::vector<KeyChoice> choices)
    : kind_(std::move(kind)), keys_(std::move(keys)), choices_(std::move(choices)) {}

const PropertyKey* PropertyKeys::find(const std::string& name) const {
  for (const PropertyKey& k : keys_)
    if (k.name == name) return &k;
  return nullptr;
}

namespace {

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string s;
  for (const std::string& item : items) s += (s.empty() ? "" : separator) + item;
  return s;
}

std::uint64_t read_count(const std::string& value, const PropertyKey& k, const std::string& where) {
  const std::string range = std::to_string(k.min) + ".." + std::to_string(k.max);
  const bool digits = !value.empty() && value.size() <= 19 && value.find_first_not_of("0123456789") == std::string::npos;
  const std::uint64_t n = digits ? std::stoull(value) : 0;
  if (!digits || n < k.min || n > k.max)
    throw InputError(where + ": " + k.name + " must be a whole number in " + range + ", got '" + value + "'");
  return n;
}

}  // namespace

PropertyValues PropertyKeys::read(const toml::table& prop, const std::string& where) const {
  PropertyValues out;
  for (const auto& [key_node, v] : prop) {
    const std::string key(key_node.str());
    if (key == "kind") continue;
    const PropertyKey* k = find(key);
    if (!k)
      throw InputError(where + ": [property] has no key '" + key + "' for kind " + kind_ + " (keys: " + names() + ")");
    if (k->type == KeyType::Flag) {
      auto b = v.value<bool>();
      if (!v.is_boolean() || !b) throw InputError(where + ": '" + key + "' must be true or false");
      out.flag_[key] = *b;
    } else if (k->type == KeyType::Count) {
      out.count_[key] = read_count(property_text(v, where, key), *k, where);
    } else {
      out.text_[key] = property_text(v, where, key);
    }
  }
  for (const PropertyKey& k : keys_)
    if (k.required && !out.has(k.name))
      throw InputError(where + ": a " + kind_ + " claim needs [property] " + k.name + " (" + k.meaning + ")");
  for (const KeyChoice& c : choices_) {
    std::vector<std::string> given;
    for (const std::string& name : c.keys)
      if (out.has(name)) given.push_back(name);
    const std::string list = joined(c.keys, " or ");
    if (given.size() > 1) throw InputError(where + ": give " + list + ", not both");
    if (given.empty() && c.required) throw InputError(where + ": a " + kind_ + " claim states " + list);
  }
  return out;
}

std::string PropertyKeys::names() const {
  std::vector<std::string> all;
  for (const PropertyKey& k : keys_) all.push_back(k.name);
  return joined(all, ", ");
}

std::vector<std::vector<std::string>> PropertyKeys::exclusive_keys() const {
  std::vector<std::vector<std::string>> groups;
  for (const KeyChoice& c : choices_) groups.push_back(c.keys);
  return groups;
}

std::vector<std::string> PropertyKeys::describe() const {
  std::vector<std::string> lines;
  for (const PropertyKey& k : keys_) {
    const std::string type = k.type == KeyType::Flag    ? "true|false"
                             : k.type == KeyType::Count ? std::to_string(k.min) + ".." + std::to_string(k.max)
                                                        : "text";
    lines.push_back(k.name + " (" + type + (k.required ? ", required" : "") +
                    (k.default_text.empty() ? "" : ", default " + k.default_text) + ")  " + k.meaning);
  }
  for (const KeyChoice& c : choices_)
    lines.push_back((c.required ? "exactly one of: " : "at most one of: ") + joined(c.keys, ", "));
  return lines;
}

}  // namespace menger
