#include "claims/claim.h"

#include <algorithm>
#include <set>

#include "core/error.h"
#include "core/input_file.h"

namespace menger {

namespace {

[[noreturn]] void bad(const std::filesystem::path& f, const std::string& what) {
  throw InputError("claim file " + f.string() + ": " + what);
}

std::string text(const toml::table& t, const std::string& key, const std::filesystem::path& f, bool required) {
  const toml::node* n = t.get(key);
  if (!n) {
    if (required) bad(f, "missing key '" + key + "'");
    return {};
  }
  auto s = n->value<std::string>();
  if (!s) bad(f, "key '" + key + "' must be a string");
  return *s;
}

void only_keys(const toml::table& t, const std::set<std::string>& allowed, const std::filesystem::path& f,
               const std::string& where) {
  for (const auto& [k, v] : t)
    if (!allowed.count(std::string(k.str())))
      bad(f, "unknown key '" + std::string(k.str()) + "'" + (where.empty() ? "" : " in [" + where + "]"));
}

}  // namespace

toml::table instance_property(const Claim& claim, const ClaimInstance& instance,
                              const std::vector<std::vector<std::string>>& exclusive) {
  toml::table merged = claim.property;
  for (const auto& group : exclusive)
    if (std::any_of(group.begin(), group.end(), [&](const std::string& k) { return instance.property.contains(k); }))
      for (const std::string& k : group) merged.erase(k);
  for (const auto& [k, v] : instance.property) merged.insert_or_assign(k, v);
  return merged;
}

Claim read_claim(const std::filesystem::path& file, const std::string& default_id) {
  toml::table doc;
  const InputFile in = read_input_file(file, "claim file");  // a device or a directory is refused here
  try {
    doc = toml::parse(in.text, file.string());
  } catch (const toml::parse_error& e) {
    bad(file, std::string(e.description()) + " at line " + std::to_string(e.source().begin.line));
  }
  only_keys(doc, {"id", "title", "statement", "source", "property", "instance"}, file, "");
  Claim c;
  c.file = file;
  c.id = text(doc, "id", file, false);
  if (c.id.empty()) c.id = default_id;
  c.title = text(doc, "title", file, false);
  c.statement = text(doc, "statement", file, true);

  const toml::table* src = doc["source"].as_table();
  if (!src) bad(file, "missing table [source] (paper, where)");
  only_keys(*src, {"paper", "where", "quote"}, file, "source");
  c.source = {text(*src, "paper", file, true), text(*src, "where", file, true), text(*src, "quote", file, false)};

  const toml::table* prop = doc["property"].as_table();
  if (!prop) bad(file, "missing table [property] with a kind");
  c.property = *prop;
  c.kind = text(*prop, "kind", file, true);

  const toml::array* inst = doc["instance"].as_array();
  if (!inst || inst->empty()) bad(file, "needs at least one [[instance]] with a model and an expected verdict");
  for (const toml::node& n : *inst) {
    const toml::table* t = n.as_table();
    if (!t) bad(file, "[[instance]] entries must be tables");
    only_keys(*t, {"model", "expect", "note", "property"}, file, "instance");
    ClaimInstance ci;
    ci.model = text(*t, "model", file, true);
    const std::string e = text(*t, "expect", file, true);
    auto k = parse_verdict_kind(e);
    if (!k || *k == VerdictKind::Unknown)
      bad(file, "instance " + ci.model + ": expect must be \"holds\", \"fails\" or \"estimate\" (a number that agrees "
                "with the paper's), got \"" + e + "\"");
    ci.expect = *k;
    ci.note = text(*t, "note", file, false);
    if (const toml::node* p = t->get("property")) {
      if (!p->as_table()) bad(file, "instance " + ci.model + ": property must be a table");
      ci.property = *p->as_table();
      if (ci.property.contains("kind")) bad(file, "instance " + ci.model + ": the property kind is the claim's");
    }
    c.instances.push_back(std::move(ci));
  }
  return c;
}

}  // namespace menger
