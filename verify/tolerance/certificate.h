// Tolerance certificates: the evidence behind "every fault set of weight < c
// leaves every required pair connected", in a form that code independent of
// the engines can re-check (verify/check/certificate_check.h).
//
//   disjoint-paths  for each pair of a reduction (esfahanian-hakimi,
//                   single-source, twin-classes: see pair_plan.h) a flow of
//                   value >= c as paths with amounts, no unit loaded beyond its
//                   weight, or one path through units that cannot fail.  The
//                   checker recomputes which pairs the reduction needs.
//   exhaustive      no paths: the checker itself enumerates every fault set of
//                   weight < c and confirms each leaves all required pairs
//                   connected (for engines such as SMT whose optimum has no
//                   path certificate; feasible only when few sets exist).
//                   Without a c (nothing breaks), it fails every unit but the
//                   ends' own for each required pair and finds it connected.
// Paths are node ids with the port taken at each node, for the model spec.
//
// symmetry  generators of a group of automorphisms of the fault model (for the
//           pivot reductions: fixing the pivot).  The certified pairs then
//           stand for their orbits: the checker re-validates every generator
//           (automorphism_check.h, no nauty) and the orbit cover itself.
// inputs    the files the model was read from, with their digests
//           (evidence_inputs.h); `menger check-cert` refuses a certificate
//           whose files changed since.
//
// The reader refuses any key it does not know (at every level) and a key
// written twice (core/json_io.h); a certificate without `inputs` (written
// before they were recorded) records none.  The checker refuses a list that
// names one thing twice where a count depends on it: a pair, a fan target, a
// unit of the witness, a symmetry generator.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "verify/evidence_inputs.h"
#include "verify/fault_model.h"
#include "verify/tolerance/unit_path.h"

namespace menger {

struct CertifiedPair {
  NodeId source = kNoNode, target = kNoNode;
  bool unbreakable = false;  // paths[0] uses no unit that can fail
  std::vector<UnitPath> paths;
  std::vector<std::uint64_t> amounts;
};

// A least breaking set and the pair it separates: the upper-bound half.
struct BreakingWitness {
  std::vector<std::size_t> units;
  NodeId source = kNoNode, target = kNoNode;
};

struct ToleranceCertificate {
  std::string model;  // canonical model spec
  FaultModelSpec faults;
  std::optional<std::uint64_t> min_cut;  // nullopt: nothing breaks
  std::optional<BreakingWitness> witness;  // present when min_cut is
  std::string kind;                      // "disjoint-paths" or "exhaustive"
  std::string reduction;                 // disjoint-paths: the pair plan's method
  NodeId pivot = kNoNode;
  std::vector<CertifiedPair> pairs;
  std::vector<NodeId> fan;  // pivot targets settled by the fan lemma (pair_plan.h) instead of a flow
  std::vector<std::vector<NodeId>> symmetry;  // generators (node permutations); empty: none used
  EvidenceInputs inputs;                      // the files the model was read from
};

nlohmann::json to_json(const ToleranceCertificate& c);
// A path as certificates write it: node, port, node, ..., node (also in
// tolerance checkpoints).  The reader checks the shape and the types only.
nlohmann::json path_json(const UnitPath& p);
UnitPath path_from_json(const nlohmann::json& a);  // throws InputError
// Throws InputError naming the first malformed field.
ToleranceCertificate certificate_from_json(const nlohmann::json& j);

}  // namespace menger
