#include "models/registry.h"

#include <algorithm>

#include "core/error.h"
#include "core/notes.h"

namespace menger {

namespace {

std::string known_params(const Family& f) {
  std::string s;
  for (const auto& p : f.params) s += (s.empty() ? "" : ", ") + p.name;
  return s.empty() ? "none" : s;
}

std::string type_name(ParamType t) {
  switch (t) {
    case ParamType::Int: return "an integer";
    case ParamType::IntList: return "a list of integers";
    case ParamType::IntListList: return "a list of lists of integers";
    case ParamType::Choice: return "one of the listed words";
    case ParamType::Spec: return "a model spec";
    case ParamType::Text: return "a word or quoted string";
  }
  return "?";
}

void check_int(const Family& f, const ParamSpec& p, std::int64_t v) {
  if (v < p.min || v > p.max) {
    std::string range = p.max == INT64_MAX ? ">= " + std::to_string(p.min)
                                           : "in " + std::to_string(p.min) + ".." + std::to_string(p.max);
    throw InputError(f.name + ": parameter '" + p.name + "' must be " + range + ", got " + std::to_string(v));
  }
}

void check_value(const Family& f, const ParamSpec& p, const SpecValue& v) {
  auto mistyped = [&] {
    throw InputError(f.name + ": parameter '" + p.name + "' expects " + type_name(p.type) + ", got " +
                     std::string(describe_kind(v.kind)) + " '" + v.to_string() + "'");
  };
  switch (p.type) {
    case ParamType::Int:
      if (v.kind != SpecValue::Kind::Int) mistyped();
      check_int(f, p, v.integer);
      return;
    case ParamType::IntList:
      if (v.kind != SpecValue::Kind::List) mistyped();
      for (const auto& e : v.items) {
        if (e.kind != SpecValue::Kind::Int) mistyped();
        check_int(f, p, e.integer);
      }
      return;
    case ParamType::IntListList:
      if (v.kind != SpecValue::Kind::List) mistyped();
      for (const auto& l : v.items) {
        if (l.kind != SpecValue::Kind::List) mistyped();
        for (const auto& e : l.items) {
          if (e.kind != SpecValue::Kind::Int) mistyped();
          check_int(f, p, e.integer);
        }
      }
      return;
    case ParamType::Choice: {
      if (v.kind != SpecValue::Kind::Word && v.kind != SpecValue::Kind::String) mistyped();
      if (std::find(p.choices.begin(), p.choices.end(), v.text) == p.choices.end()) {
        std::string c;
        for (const auto& x : p.choices) c += (c.empty() ? "" : ", ") + x;
        throw InputError(f.name + ": parameter '" + p.name + "' must be one of " + c + ", got '" + v.text + "'");
      }
      return;
    }
    case ParamType::Spec:
      if (v.kind != SpecValue::Kind::Call && v.kind != SpecValue::Kind::Word) mistyped();
      return;
    case ParamType::Text:
      if (v.kind != SpecValue::Kind::Word && v.kind != SpecValue::Kind::String) mistyped();
      return;
  }
}

}  // namespace

namespace {
ParamSpec make_param(std::string name, ParamType type, std::string description) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = type;
  p.description = std::move(description);
  return p;
}
}  // namespace

ParamSpec ParamSpec::integer(std::string n, std::string d) { return make_param(std::move(n), ParamType::Int, std::move(d)); }
ParamSpec ParamSpec::int_list(std::string n, std::string d) {
  return make_param(std::move(n), ParamType::IntList, std::move(d));
}
ParamSpec ParamSpec::int_list_list(std::string n, std::string d) {
  return make_param(std::move(n), ParamType::IntListList, std::move(d));
}
ParamSpec ParamSpec::choice(std::string n, std::string d, std::vector<std::string> c) {
  ParamSpec p = make_param(std::move(n), ParamType::Choice, std::move(d));
  p.choices = std::move(c);
  return p;
}
ParamSpec ParamSpec::spec(std::string n, std::string d) { return make_param(std::move(n), ParamType::Spec, std::move(d)); }
ParamSpec ParamSpec::text(std::string n, std::string d) { return make_param(std::move(n), ParamType::Text, std::move(d)); }
ParamSpec ParamSpec::range(std::int64_t lo, std::int64_t hi) && {
  min = lo;
  max = hi;
  return std::move(*this);
}
ParamSpec ParamSpec::defaults_to(SpecValue v) && {
  default_value = std::move(v);
  return std::move(*this);
}
ParamSpec ParamSpec::rest_of_positionals() && {
  variadic = true;
  return std::move(*this);
}
ParamSpec ParamSpec::may_be_absent() && {
  optional = true;
  return std::move(*this);
}
ParamSpec ParamSpec::hidden_at_default() && {
  hidden_when_default = true;
  return std::move(*this);
}
ParamSpec ParamSpec::names_file() && {
  is_file = true;
  return std::move(*this);
}

std::int64_t BoundParams::integer(const std::string& name) const { return value(name).integer; }

std::vector<std::int64_t> BoundParams::int_list(const std::string& name) const {
  std::vector<std::int64_t> out;
  for (const auto& e : value(name).items) out.push_back(e.integer);
  return out;
}

std::vector<std::vector<std::int64_t>> BoundParams::int_list_list(const std::string& name) const {
  std::vector<std::vector<std::int64_t>> out;
  for (const auto& l : value(name).items) {
    out.emplace_back();
    for (const auto& e : l.items) out.back().push_back(e.integer);
  }
  return out;
}

std::string BoundParams::word(const std::string& name) const { return value(name).text; }

std::filesystem::path BoundParams::file(const std::string& name) const {
  std::filesystem::path p(word(name));
  return p.is_relative() && !base_dir_.empty() ? base_dir_ / p : p;
}

const SpecValue& BoundParams::value(const std::string& name) const {
  auto it = values_.find(name);
  MENGER_ASSERT(it != values_.end(), family_ + ": parameter '" + name + "' is not in the schema");
  return it->second;
}

void BoundParams::fail(const std::string& what) const { throw InputError(family_ + ": " + what); }

void Registry::add(Family f) {
  MENGER_ASSERT(find(f.name) == nullptr, "family registered twice: " + f.name);
  families_.push_back(std::move(f));
}

const Family* Registry::find(std::string_view name) const {
  for (const auto& f : families_)
    if (f.name == name) return &f;
  return nullptr;
}

BoundParams Registry::bind(const Family& f, const SpecValue& spec, const std::filesystem::path& base_dir,
                              const Budget& budget) {
  std::map<std::string, SpecValue> values;
  std::size_t next_positional = 0;
  for (const SpecArg& a : spec.args) {
    if (!a.name.empty()) {
      auto it = std::find_if(f.params.begin(), f.params.end(), [&](const ParamSpec& p) { return p.name == a.name; });
      if (it == f.params.end())
        throw InputError(f.name + ": unknown parameter '" + a.name + "' (parameters: " + known_params(f) + ")");
      if (values.count(a.name)) throw InputError(f.name + ": parameter '" + a.name + "' given twice");
      values[a.name] = a.value;
      continue;
    }
    if (next_positional >= f.params.size())
      throw InputError(f.name + ": too many arguments (parameters: " + known_params(f) + ")");
    const ParamSpec& p = f.params[next_positional];
    if (p.variadic) {
      if (a.value.kind == SpecValue::Kind::List) {  // torus([8,8,8]) reads like torus(8,8,8)
        values[p.name] = a.value;
        ++next_positional;
        continue;
      }
      values[p.name].kind = SpecValue::Kind::List;
      values[p.name].items.push_back(a.value);
      continue;
    }
    if (values.count(p.name)) throw InputError(f.name + ": parameter '" + p.name + "' given twice");
    values[p.name] = a.value;
    ++next_positional;
  }
  for (const ParamSpec& p : f.params) {
    auto it = values.find(p.name);
    if (it == values.end()) {
      if (p.optional) continue;
      if (!p.default_value)
        throw InputError(f.name + ": missing parameter '" + p.name + "' (" + p.description + ")");
      values[p.name] = *p.default_value;
      continue;
    }
    check_value(f, p, it->second);
  }
  return BoundParams(f.name, std::move(values), base_dir, budget);
}

std::shared_ptr<const Topology> Registry::build(const SpecValue& spec, const BuildContext& ctx) const {
  if (spec.kind != SpecValue::Kind::Call && spec.kind != SpecValue::Kind::Word)
    throw InputError("model spec '" + spec.to_string() + "' must be a family name, e.g. hypercube(3)");
  const Family* f = find(spec.text);
  if (!f) {
    std::string names;
    for (const auto& g : families_) names += (names.empty() ? "" : ", ") + g.name;
    throw InputError("unknown network family '" + spec.text + "' (known: " + names + "; see `menger list`)");
  }
  BuildContext c = ctx;
  c.registry = this;
  return f->build(bind(*f, spec, c.base_dir, c.budget), c);
}

std::shared_ptr<const Topology> Registry::build(std::string_view spec, const std::filesystem::path& base_dir,
                                                const Budget& budget) const {
  auto topology = build(parse_spec(spec), BuildContext{this, base_dir, budget});
  for (const std::string& note : topology->notes()) emit_note(note);
  return topology;
}

const Registry& Registry::builtin() {
  static const Registry r = [] {
    Registry reg;
    register_builtin_families(reg);
    return reg;
  }();
  return r;
}

std::string canonical_spec(const Family& f, const BoundParams& p) {
  std::string out = f.name + "(";
  bool first = true;
  for (const ParamSpec& s : f.params) {
    if (!s.variadic && !p.has(s.name)) continue;
    if (s.hidden_when_default && s.default_value && p.value(s.name) == *s.default_value) continue;
    out += first ? "" : ", ";
    first = false;
    if (s.variadic) {
      const auto& items = p.value(s.name).items;
      for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + items[i].to_string();
    } else if (s.is_file) {
      out += s.name + "=" + SpecValue::make_string(p.file(s.name).lexically_normal().string()).to_string();
    } else {
      out += s.name + "=" + p.value(s.name).to_string();
    }
  }
  return out + ")";
}

}  // namespace menger
