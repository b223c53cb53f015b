// Registry of topology families, each with a parameter schema (STYLE.md point 5).
//
// A family is found by name, binds a parsed spec against its schema (clear
// errors for unknown, missing, mistyped or out-of-range parameters) and builds
// a Topology.  No if-chain over names: families register an entry with a
// one-line description that `menger list` prints.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/budget.h"
#include "core/spec.h"
#include "core/topology.h"

namespace menger {

enum class ParamType {
  Int,          // one integer
  IntList,      // a list of integers; a variadic parameter takes the positional rest
  IntListList,  // a list of lists of integers
  Choice,       // one word out of `choices`
  Spec,         // a nested model spec
  Text,         // a word or quoted string (file names)
};

struct ParamSpec {
  // Builders, read as sentences: ParamSpec::integer("k", "levels").range(1, 6).
  static ParamSpec integer(std::string name, std::string description);
  static ParamSpec int_list(std::string name, std::string description);
  static ParamSpec int_list_list(std::string name, std::string description);
  static ParamSpec choice(std::string name, std::string description, std::vector<std::string> choices);
  static ParamSpec spec(std::string name, std::string description);
  static ParamSpec text(std::string name, std::string description);
  ParamSpec range(std::int64_t lo, std::int64_t hi = INT64_MAX) &&;
  ParamSpec defaults_to(SpecValue v) &&;
  ParamSpec rest_of_positionals() &&;  // a variadic IntList
  ParamSpec may_be_absent() &&;        // optional, no default
  // The canonical text leaves the parameter out while it has its default
  // ("shortest", not "shortest(choice=all)").
  ParamSpec hidden_at_default() &&;
  // A Text naming a file: the canonical text names it as resolved
  // (BoundParams::file), so that the spec names the same file wherever the
  // claim file that named it lies.
  ParamSpec names_file() &&;

  std::string name;
  ParamType type = ParamType::Int;
  std::string description;
  std::optional<SpecValue> default_value;  // nullopt: required
  std::int64_t min = INT64_MIN;            // for Int and list elements
  std::int64_t max = INT64_MAX;
  std::vector<std::string> choices;        // for Choice
  bool variadic = false;                   // IntList taking all positional arguments
  bool optional = false;                   // may be absent (no default); BoundParams::has tells
  bool hidden_when_default = false;        // hidden_at_default()
  bool is_file = false;                    // names_file()
};

class Registry;

struct BuildContext {
  const Registry* registry = nullptr;
  std::filesystem::path base_dir;  // relative file names resolve here (BoundParams::file)
  Budget budget;                   // the question's (core/budget.h): reading files counts
};

// Arguments of one spec, bound to a family's schema and validated.
class BoundParams {
 public:
  BoundParams(std::string family, std::map<std::string, SpecValue> values, std::filesystem::path base_dir = {},
              Budget budget = Budget())
      : family_(std::move(family)), values_(std::move(values)), base_dir_(std::move(base_dir)),
        budget_(std::move(budget)) {}
  std::int64_t integer(const std::string& name) const;
  std::vector<std::int64_t> int_list(const std::string& name) const;
  std::vector<std::vector<std::int64_t>> int_list_list(const std::string& name) const;
  std::string word(const std::string& name) const;  // Choice or Text
  // A Text parameter naming a file, relative names resolved the one way for
  // every spec: beside the claim file that names it (a claim's base
  // directory), on the command line and in Python the working directory
  // (issue 37: a routing table once resolved against the working directory
  // from a claim file, a network file beside it).
  std::filesystem::path file(const std::string& name) const;
  const SpecValue& value(const std::string& name) const;
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  const std::string& family() const { return family_; }
  // The question's budget: a family that reads a file or builds a large table checks it.
  const Budget& budget() const { return budget_; }
  [[noreturn]] void fail(const std::string& what) const;  // throws InputError naming the family

 private:
  std::string family_;
  std::map<std::string, SpecValue> values_;
  std::filesystem::path base_dir_;  // where relative file names resolve (empty: the working directory)
  Budget budget_;
};

struct Family {
  std::string name;
  std::string summary;   // one line for `menger list`
  std::string source;    // paper / section the family implements
  std::vector<ParamSpec> params;
  std::function<std::shared_ptr<const Topology>(const BoundParams&, const BuildContext&)> build;
};

class Registry {
 public:
  void add(Family f);
  const Family* find(std::string_view name) const;
  const std::vector<Family>& families() const { return families_; }

  // Builds the topology named by `spec`; throws InputError on any bad input.
  // Every spec string a user gives becomes a topology here (the CLI's verbs,
  // the claims, the checkers through src/setup, Python): this overload hands
  // the topology's notes (Topology::notes(), what a reader of a file did that
  // the file may not have meant) to the note sink (core/notes.h).
  // `budget` covers reading the files a spec names (Budget{}: no time limit).
  std::shared_ptr<const Topology> build(std::string_view spec, const std::filesystem::path& base_dir = {},
                                        const Budget& budget = Budget()) const;
  std::shared_ptr<const Topology> build(const SpecValue& spec, const BuildContext& ctx) const;

  // The registry with every built-in family.
  static const Registry& builtin();

  // Binds a spec's arguments against f's schema (also used for routing schemas).
  static BoundParams bind(const Family& f, const SpecValue& spec, const std::filesystem::path& base_dir = {},
                          const Budget& budget = Budget());

 private:
  std::vector<Family> families_;
};

// Canonical spec text "name(p1=v1, ...)" from the bound values of every
// parameter, in the schema's order; parameters hidden_at_default() are left
// out while at their default, files named as resolved.
std::string canonical_spec(const Family& f, const BoundParams& p);

// Adds every built-in family (families.cpp; the families are declared in
// families.h, which builds on this header).
void register_builtin_families(Registry& r);

}  // namespace menger
