// The JSON view of a route-check result (route_search.h, schemas/route-check.schema.json).
#include "verify/route/route_search.h"

namespace menger {

std::string to_string(RouteCheckResult::Status s) {
  switch (s) {
    case RouteCheckResult::Status::Holds: return "HOLDS";
    case RouteCheckResult::Status::Fails: return "FAILS";
    case RouteCheckResult::Status::Unknown: return "UNKNOWN";
  }
  return "?";
}

nlohmann::json to_json(const RouteCheckResult& r, Timings timings) {
  nlohmann::json levels = nlohmann::json::array();
  for (const auto& l : r.levels)
    levels.push_back({{"runs", l.runs}, {"failures", l.failures}, {"disconnected", l.disconnected}});
  nlohmann::json search = {{"runs", r.runs()},
                           {"naive_runs", r.naive_runs},
                           {"pairs", r.pairs_total},
                           {"pairs_examined", r.pairs_examined},
                           {"pairs_settled", r.pairs_settled},
                           {"symmetry", r.symmetry_used},
                           {"engine", r.engine},
                           {"disconnected", r.disconnected()},
                           {"levels", levels}};
  if (timings == Timings::Include) search["seconds"] = r.seconds;
  return {{"verdict", to_string(r.status)},
          {"minimum_proved", r.minimum_proved},
          {"coverage", to_json(r.coverage)},
          {"search", search}};
}

}  // namespace menger
