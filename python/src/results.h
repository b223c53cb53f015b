// The verbs' result objects, as Python sees them: attributes, `.witness`
// (the failure the engine found, as the library's JSON of it: route witness,
// deadlock witness, breaking set), `.certificate` (the evidence of a HOLDS /
// FREE, as the library writes it for `menger check-cert`) and `.to_json()`.
//
// `.to_json()` returns the library's one JSON view of the engine result
// (DESIGN.md "One result type per engine with exactly one JSON view"), with
// the engine's timings, as the CLI's --json prints it after the question:
// to_json of RouteCheckResult, ToleranceOutcome, DeadlockSearchResult,
// Observed and DistanceSummary (verify/), credit_loops_json (src/setup) and
// study_json (src/io).  A result without such a view would raise
// NotImplementedError (`has_json_view`); today every verb has one.
//
// Each result is plain data made while the GIL was released; nothing in it
// points into the engine's objects.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "binding.h"

namespace menger::py_binding {

// The library's JSON view of a result, or why there is none.
struct JsonView {
  std::optional<nlohmann::json> json;
  std::string missing;  // the library conversion that does not exist yet
};

struct ToleranceResult {
  std::string model, faults, pairs, engine, method, work;
  bool complete = false;
  std::optional<std::uint64_t> min_breaking_weight;
  std::optional<std::int64_t> tolerance;  // min_breaking_weight - 1
  std::vector<std::string> breaking_set;  // unit labels
  std::vector<std::size_t> breaking_units;
  std::optional<std::string> source, target;  // the pair the set separates
  nlohmann::json coverage;
  std::optional<nlohmann::json> certificate;
  std::optional<bool> certificate_valid;
  std::string certificate_summary, certificate_note;
  std::vector<std::string> certificate_problems;
  double seconds = 0;
  JsonView view;
  std::string verdict() const { return complete ? "EXACT" : "UNKNOWN"; }
};

struct TraceStepResult {
  std::string node, state;
  std::uint32_t port = 0, vc = 0;
  bool moved = false;
};

struct RouteCheckResultPy {
  std::string model, routing, knowledge, faults, verdict;
  std::uint32_t k = 0;
  bool minimum_proved = true;
  std::uint64_t runs = 0, pairs_total = 0, pairs_examined = 0, pairs_settled = 0, units = 0;
  double naive_runs = 0, seconds = 0;
  bool symmetry_used = false;
  std::string symmetry, engine;
  std::vector<std::map<std::string, std::uint64_t>> levels;
  nlohmann::json coverage;
  std::optional<nlohmann::json> witness;  // route_witness.h's to_json
  // The failure, read from the witness.
  std::vector<std::string> fault_set;
  std::optional<std::string> source, destination, outcome, detail;
  std::optional<std::uint32_t> hops;
  bool disconnected = false;
  std::vector<TraceStepResult> trace;
  std::uint64_t python_calls = 0;
  JsonView view;
};

struct DeadlockResultPy {
  std::string model, routing, verdict, method, reason;
  std::uint32_t vcs = 1, k = 0;
  std::uint64_t fault_sets_analysed = 0, packets = 0, configurations = 0, dependencies = 0;
  bool acyclic = true, adaptive = false;
  std::string symmetry;
  std::vector<std::string> fault_set;
  std::vector<std::string> cycle;  // channel names, when the plain graph has a cycle
  std::vector<std::pair<std::string, std::string>> cycle_packets;  // (source, destination) making each dependency
  std::vector<std::string> escape_attempts;
  std::optional<std::string> gap;  // the routing does not deliver everywhere
  nlohmann::json coverage;
  std::optional<nlohmann::json> evidence;  // deadlock_evidence.h's to_json
  bool deadlock_evidence = false;          // the evidence is a witness (else a certificate)
  double seconds = 0;
  std::uint64_t python_calls = 0;
  JsonView view;
};

struct CreditLoopsResult {
  std::string dir, routing, verdict;
  bool credit_loop = false;
  std::optional<std::string> unrouted;
  std::optional<nlohmann::json> evidence;
  bool deadlock_evidence = false;
  JsonView view;
};

struct OpensmFaultsResultPy {
  std::string net, engine, verdict;
  std::uint64_t total_sets = 0, failing = 0;
  std::optional<nlohmann::json> witness;  // the least failing set's credit loop (deadlock_evidence.h's to_json)
  JsonView view;
};

struct ObservedResult {
  std::optional<std::string> exact;  // "p/q"
  std::optional<double> value;
  std::string note;
};

struct GroupResult {
  std::string order;
  std::size_t node_orbits = 0, generators = 0;
  std::optional<std::uint64_t> ordered_pair_orbits;
};

struct InfoResult {
  std::string model;
  std::vector<std::pair<std::string, ObservedResult>> observables;
  std::map<std::string, std::uint64_t> distances;
  bool complete = true;
  std::optional<GroupResult> automorphisms, port_automorphisms;
  std::string automorphisms_note;
  double seconds = 0;
  JsonView view;
};

struct StudyResultPy {
  std::string experiment, model, faults;
  bool complete = true;
  std::vector<std::string> series;
  nlohmann::json study;  // study_json: the library's view
  double seconds = 0;
  std::uint64_t python_calls = 0;
  JsonView view;
};

}  // namespace menger::py_binding
