// The `structure` property kind: each key of [property] other than `kind` and
// `tolerance` names an observable (verify/structure.h) and gives the paper's
// value, as an integer or as a formula string over the family's variables:
//
//   [property]
//   kind = "structure"
//   nodes = "2*k^n"
//   diameter = "2*n"
//   [property.tolerance]           # optional absolute tolerances
//   avg_distance = "0.001"
//
// HOLDS when every observable equals its formula (within tolerance), FAILS with
// the differing numbers otherwise, UNKNOWN when the budget ran out first.
#include <set>

#include "claims/property.h"
#include "core/error.h"
#include "core/formula.h"

namespace menger {

namespace {

struct Expectation {
  std::string observable;
  std::string formula;
  std::optional<std::string> tolerance;
};

std::vector<Expectation> read_expectations(const toml::table& prop, const std::string& where) {
  std::set<std::string> known;
  for (const auto& o : StructureFacts::observables()) known.insert(o.name);
  const toml::table* tol = prop["tolerance"].as_table();
  std::vector<Expectation> out;
  for (const auto& [k, v] : prop) {
    const std::string key(k.str());
    if (key == "kind" || key == "tolerance") continue;
    if (!known.count(key)) {
      std::string list;
      for (const auto& o : StructureFacts::observables()) list += (list.empty() ? "" : ", ") + o.name;
      throw InputError(where + ": [property] has no observable '" + key + "' (observables: " + list + ")");
    }
    Expectation e{key, property_text(v, where, key), std::nullopt};
    if (tol)
      if (const toml::node* t = tol->get(key)) e.tolerance = property_text(*t, where, "tolerance." + key);
    out.push_back(std::move(e));
  }
  if (tol)
    for (const auto& [k, v] : *tol)
      if (std::none_of(out.begin(), out.end(), [&](const Expectation& e) { return e.observable == k.str(); }))
        throw InputError(where + ": tolerance for '" + std::string(k.str()) + "', which the claim does not state");
  if (out.empty()) throw InputError(where + ": a structure claim states at least one observable");
  return out;
}

CheckResult check(const std::vector<Expectation>& expectations, const std::shared_ptr<const Topology>& topology,
                  RunContext& ctx) {
  FormulaVars vars;
  topology->add_formula_vars(vars);
  StructureFacts& facts = ctx.structure(topology);
  CheckResult r{Holds{}, {}, nlohmann::json::object()};
  nlohmann::json rows = nlohmann::json::array(), mismatches = nlohmann::json::array();
  std::optional<std::string> exhausted;
  double coverage = 1.0;
  for (const Expectation& e : expectations) {
    const Rational expected = evaluate_formula(e.formula, vars);
    const Rational tolerance = e.tolerance ? evaluate_formula(*e.tolerance, vars) : Rational(0);
    const Observed seen = facts.get(e.observable);
    nlohmann::json row = {{"observable", e.observable}, {"formula", e.formula}, {"expected", to_string(expected)}};
    if (e.tolerance) row["tolerance"] = to_string(tolerance);
    std::string line = e.observable + ": formula " + e.formula + " = " + to_decimal(expected);
    if (!seen.value) {
      row["observed"] = nullptr;
      row["reason"] = seen.note;
      if (seen.exhausted) {
        exhausted = seen.note;
        coverage = std::min(coverage, seen.coverage);
      }
      else mismatches.push_back(row);
      line += "; graph: no value (" + seen.note + ")";
    } else {
      const Rational diff = *seen.value > expected ? Rational(*seen.value - expected) : Rational(expected - *seen.value);
      const bool ok = diff <= tolerance;
      row["observed"] = to_string(*seen.value);
      row["match"] = ok;
      if (!seen.note.empty()) row["witness"] = seen.note;
      if (!ok) mismatches.push_back(row);
      line += "; graph " + to_decimal(*seen.value) + (ok ? " (equal)" : " (DIFFERS)");
      if (!seen.note.empty()) line += ", " + seen.note;
    }
    rows.push_back(row);
    r.explanation.push_back(line);
  }
  r.details["observables"] = rows;
  if (!mismatches.empty()) r.verdict = Fails{nlohmann::json{{"mismatches", mismatches}}};
  else if (exhausted) r.verdict = Unknown{*exhausted, coverage};
  return r;
}

}  // namespace

PropertyKind structure_property_kind() {
  PropertyKind k;
  k.name = "structure";
  k.description = "counts, degrees, diameter and average distance against the paper's formulas";
  k.prepare = [](const toml::table& prop, const std::string& where) -> Checker {
    auto expectations = read_expectations(prop, where);
    return [expectations](const std::shared_ptr<const Topology>& t, RunContext& ctx) {
      return check(expectations, t, ctx);
    };
  };
  return k;
}

}  // namespace menger
