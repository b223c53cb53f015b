// The `structure` property kind: each key of [property] other than `kind` and
// `tolerance` names an observable (verify/structure/structure.h) and gives the paper's
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
#include <algorithm>

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

// Every observable is a key (a formula), of which a claim states at least one;
// `tolerance` is the table of absolute tolerances by observable.
const PropertyKeys& structure_keys() {
  static const PropertyKeys keys = [] {
    std::vector<PropertyKey> table;
    KeyChoice stated{{}, Choose::AtLeastOne, "the observables the paper gives"};
    for (const auto& o : StructureFacts::observables()) {
      table.push_back(text_key(o.name, "formula: " + o.description));
      stated.keys.push_back(o.name);
    }
    table.push_back(table_key("tolerance", "absolute tolerances by observable, e.g. avg_distance = \"0.001\""));
    return PropertyKeys("structure", "counts, degrees, diameter and average distance against the paper's formulas",
                        std::move(table), {stated}, "observable");
  }();
  return keys;
}

// The observables in the order the claim states them.
std::vector<Expectation> read_structure_claim(const PropertyValues& v, const std::string& where) {
  const auto tolerances = v.table("tolerance").value_or(std::map<std::string, std::string>{});
  std::vector<Expectation> out;
  for (const std::string& key : v.given())
    if (key != "tolerance") out.push_back({key, *v.text(key), std::nullopt});
  for (const auto& [name, tolerance] : tolerances) {
    // Captured through a plain reference: clang 14 (the fuzz build) cannot
    // capture a structured binding, a C++20 addition it does not implement.
    const std::string& observable = name;
    auto stated = std::find_if(out.begin(), out.end(), [&](const Expectation& e) { return e.observable == observable; });
    if (stated == out.end()) throw InputError(where + ": tolerance for '" + name + "', which the claim does not state");
    stated->tolerance = tolerance;
  }
  return out;
}

CheckResult check_structure_claim(const std::vector<Expectation>& expectations, const std::shared_ptr<const Topology>& topology,
                  RunContext& ctx) {
  FormulaVars vars;
  topology->add_formula_vars(vars);
  StructureFacts& facts = ctx.structure(topology);
  CheckResult r{Holds{}, {}, nlohmann::json::object()};
  nlohmann::json rows = nlohmann::json::array(), mismatches = nlohmann::json::array();
  std::optional<std::string> exhausted;
  double coverage = 1.0;
  for (const Expectation& e : expectations) {
    const Rational expected = evaluate_formula(e.formula, vars, ctx.budget());
    const Rational tolerance = e.tolerance ? evaluate_formula(*e.tolerance, vars, ctx.budget()) : Rational(0);
    const Observed seen = facts.get(e.observable);
    nlohmann::json row = {{"observable", e.observable}, {"formula", e.formula}, {"expected", to_string(expected)}};
    if (e.tolerance) row["tolerance"] = to_string(tolerance);
    std::string line = e.observable + ": formula " + e.formula + " = " + to_decimal(expected);
    row["observed"] = to_json(seen);  // the one view of an observed fact (verify/structure/structure.h)
    const auto add_values = [&r](const std::string& paper, const std::string& menger) {
      r.paper_value += (r.paper_value.empty() ? "" : "; ") + paper;
      r.menger_value += (r.menger_value.empty() ? "" : "; ") + menger;
    };
    if (!seen.value) {
      if (seen.exhausted) {
        exhausted = seen.note;
        coverage = std::min(coverage, seen.coverage);
      }
      else mismatches.push_back(row);
      line += "; graph: no value (" + seen.note + ")";
      add_values(to_decimal(expected), "?");
    } else {
      const Rational diff = *seen.value > expected ? Rational(*seen.value - expected) : Rational(expected - *seen.value);
      const bool ok = diff <= tolerance;
      row["match"] = ok;
      if (!ok) mismatches.push_back(row);
      line += "; graph " + to_decimal(*seen.value) + (ok ? " (equal)" : " (DIFFERS)");
      add_values(to_decimal(expected), to_decimal(*seen.value));
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

PropertyKind structure_property_kind() { return table_property_kind(structure_keys(), read_structure_claim, check_structure_claim); }

}  // namespace menger
