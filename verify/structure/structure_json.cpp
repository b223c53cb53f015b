// The JSON views of structure facts (structure.h, schemas/structure.schema.json).
#include "verify/structure/structure.h"

namespace menger {

nlohmann::json to_json(const Observed& o) {
  if (!o.value) return {{"value", nullptr}, {"reason", o.note}};
  nlohmann::json j = {{"exact", to_string(*o.value)}, {"value", to_double(*o.value)}};
  if (!o.note.empty()) j["witness"] = o.note;
  return j;
}

nlohmann::json to_json(const DistanceSummary& d) {
  return {{"sources_total", d.sources_total}, {"sources_done", d.sources_done},
          {"by_symmetry", d.by_symmetry},     {"unreachable_pairs", d.unreachable},
          {"ordered_pairs", d.pairs},         {"distance_sum", d.distance_sum}};
}

}  // namespace menger
