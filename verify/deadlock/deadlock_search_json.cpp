// The JSON view of a deadlock result (deadlock_search.h, schemas/deadlock.schema.json).
#include "verify/deadlock/deadlock_search.h"

namespace menger {

std::string to_string(DeadlockResult::Status s) {
  switch (s) {
    case DeadlockResult::Status::Free: return "FREE";
    case DeadlockResult::Status::Deadlock: return "DEADLOCK";
    case DeadlockResult::Status::Unknown: return "UNKNOWN";
  }
  return "?";
}

namespace {

// The analysis the verdict rests on: the failing set's, else the fault-free one.
const DeadlockResult* shown_analysis(const DeadlockSearchResult& s) {
  if (s.failing_result) return &*s.failing_result;
  if (s.fault_free) return &*s.fault_free;
  return nullptr;
}

nlohmann::json optional_json(bool present, nlohmann::json value) { return present ? value : nlohmann::json(); }

}  // namespace

nlohmann::json to_json(const DeadlockSearchResult& s, const FaultModel& model, Timings timings) {
  const DeadlockResult* r = shown_analysis(s);
  const FaultSet none(model.universe().size());
  const bool known = s.complete && r;
  nlohmann::json j = {{"verdict", known ? to_string(r->status) : "UNKNOWN"},
                      {"fault_sets_analysed", s.analyses},
                      {"symmetry", s.symmetry},
                      {"coverage", to_json(s.coverage)},
                      {"fault_set", (s.failing ? *s.failing : none).to_string(model.universe())},
                      {"method", r ? r->method : ""},
                      {"reason", r ? r->reason : ""}};
  const bool a = r != nullptr;
  j["packets"] = optional_json(a, a ? r->plain.packets : 0);
  j["configurations"] = optional_json(a, a ? r->plain.configurations : 0);
  j["dependencies"] = optional_json(a, a ? r->plain.direct_dependencies : 0);
  j["acyclic"] = optional_json(a, a && r->plain.acyclic);
  j["destinations_explored"] = optional_json(a, a ? r->plain.destinations_explored : 0);
  j["bubble_rings"] = optional_json(a, a ? (r->escape ? r->escape->rings : r->plain.rings).size() : 0);
  j["escape_attempts"] = a ? nlohmann::json(r->escape_attempts) : nlohmann::json::array();
  j["switching"] = a && r->switching ? nlohmann::json(r->switching->text()) : nlohmann::json();
  j["exact_cases"] = a && r->exact ? nlohmann::json(r->exact->cases) : nlohmann::json();
  if (timings == Timings::Include) {
    j["seconds"] = s.seconds;
    j["graph_seconds"] = optional_json(a, a ? r->plain.seconds : 0.0);
    j["check_seconds"] = optional_json(a, a ? r->plain.check_seconds : 0.0);
  }
  return j;
}

}  // namespace menger
