// The tolerance question (verify/tolerance/tolerance_engine.h): the least weight of a
// fault set that disconnects a required pair.  Declared once here
// (src/question/field.h says what comes from the declaration); the model is
// the subject.  A claim states the answer it expects (min_breaking_weight or
// tolerates, claims/tolerance_kind.cpp); the CLI alone reads fault groups and
// unit weights from files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "question/field.h"

namespace menger {

struct ToleranceQuestion {
  static constexpr const char* kVerb = "tolerance";
  static constexpr const char* kAbout =
      "The exact fault tolerance: the least weight of a fault set that disconnects a required pair.";

  std::string faults = "nodes";
  std::optional<std::string> pairs;
  std::string engine = "auto";
  bool certificate = true;
  bool symmetry = true;
  std::optional<std::string> groups;
  std::optional<std::string> weights;
  std::string checkpoint;
  bool recheck_resumed = false;
  std::uint32_t chunk_pairs = 64;

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    v(q.faults, Field("faults", "fault units: nodes | switches | links | switch-links | components").needed_in(kClaim));
    v(q.pairs, Field("pairs", "required pairs: all (pairs of healthy terminals) | io (inputs to outputs; directed networks)")
                   .one_of({"all", "io"})
                   .defaults_to("the model's default"));
    v(q.engine, Field("engine", "auto | flow (max-flow per pair) | smt (Z3)").one_of({"auto", "flow", "smt"}));
    v(q.certificate, Field("certificate", "build the certificate and re-check it independently")
                         .off("skip building and checking the certificate (faster)"));
    v(q.symmetry, Field("symmetry", "flow engine: one pair per orbit of the pivot's stabiliser")
                      .off("search every pair the reduction names, not one per orbit of the pivot's stabiliser"));
    v(q.groups, Field("groups", "file of component fault groups, one per line: 'name: node node ...'").in(kCli));
    v(q.weights, Field("weights", "file of unit weights, one per line: 'WEIGHT UNIT-LABEL'").in(kCli));
    checkpoint_fields(v, q.checkpoint, q.recheck_resumed, q.chunk_pairs, {"chunk_pairs", "pairs", "block", 1u << 24, ""});
  }
};

}  // namespace menger
