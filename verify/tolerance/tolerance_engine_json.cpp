// The JSON view of a tolerance result (tolerance_engine.h, schemas/tolerance.schema.json).
#include "verify/tolerance/tolerance_engine.h"

namespace menger {

nlohmann::json to_json(const ToleranceOutcome& o, const FaultModel& model) {
  const Network& net = model.network();
  nlohmann::json j = {{"engine", o.engine},
                      {"complete", o.complete},
                      {"coverage", to_json(o.coverage)},
                      {"method", o.method},
                      {"work", o.work},
                      {"min_breaking_weight", nullptr},
                      {"tolerance", nullptr},
                      {"breaking_set", nullptr},
                      {"separates", nullptr}};
  if (o.min_cut) {
    j["min_breaking_weight"] = *o.min_cut;
    j["tolerance"] = static_cast<std::int64_t>(*o.min_cut) - 1;  // -1: broken without faults
    nlohmann::json set = nlohmann::json::array();
    for (std::size_t u : o.breaking_set) set.push_back(model.universe().label(u));
    j["breaking_set"] = set;
    j["separates"] = {net.label(o.source), net.label(o.target)};
  }
  if (!o.certificate && !o.certificate_note.empty()) j["certificate_note"] = o.certificate_note;
  return j;
}

}  // namespace menger
