// One entry point for tolerance questions: picks the engine (max-flow where the
// fault model is flow-expressible, SMT otherwise), runs it within the budget,
// and attaches the certificate each engine can give.  It only dispatches; the
// algorithms live in tolerance.h (flow) and tolerance_smt.h (Z3).
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "verify/certificate.h"
#include "verify/fault_model.h"

namespace menger {

enum class EngineChoice { Auto, Flow, Smt };
EngineChoice parse_engine_choice(const std::string& text);  // auto | flow | smt; throws InputError

struct ToleranceRequest {
  EngineChoice engine = EngineChoice::Auto;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  bool certificate = true;
  bool symmetry = true;  // flow engine: one pair per orbit of the pivot's stabiliser (pair_plan.h)
  // SMT answers get an exhaustive certificate when at most this many lighter
  // fault sets exist for the checker to enumerate.
  std::uint64_t exhaustive_limit = 2'000'000;
};

struct ToleranceOutcome {
  std::string engine;  // "flow" or "smt"
  bool complete = false;
  double coverage = 0;  // fraction of the search done
  std::string method, work;
  std::optional<std::uint64_t> min_cut;  // least breaking weight; nullopt: none (when complete)
  std::vector<std::size_t> breaking_set;
  NodeId source = kNoNode, target = kNoNode;
  std::optional<ToleranceCertificate> certificate;
  std::string certificate_note;  // why there is none
};

ToleranceOutcome solve_tolerance(const FaultModel& model, const ToleranceRequest& request);

}  // namespace menger
