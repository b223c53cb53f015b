#include "claims/estimate_study.h"

#include <limits>

#include "claims/question_keys.h"

namespace menger {

std::vector<PropertyKey> study_keys() {
  std::vector<PropertyKey> keys = question_keys<MonteCarloQuestion>();
  // The routings compared are the study's subject, as a route claim's routing is; beside the experiment.
  keys.insert(keys.begin() + 1, list_key("routings", "routing specs compared on the same configurations (routing, "
                                                     "combinations)",
                                         1, std::numeric_limits<std::uint64_t>::max()));
  return keys;
}

std::vector<KeyChoice> study_choices() { return {KeyChoice({"rates", "counts"}, Choose::AtMostOne)}; }

StudyRequest read_study_request(const PropertyValues& v, const std::string& where) {
  MonteCarloQuestion q;
  read_question_keys(v, q);
  StudyRequest r = study_request(q, v.list("routings").value_or(std::vector<std::string>{}), question::kClaim, where);
  r.base_dir = v.base_dir();
  return r;
}

}  // namespace menger
