// The study an estimate claim samples: its [property] keys (the montecarlo
// question's, src/question/montecarlo_question.h, and the routings) and the request
// they make (reliability_study.h).  The run samples one study per model and
// parsed request (RunContext::study), so claims that word one request
// differently share it.
#pragma once

#include <string>
#include <vector>

#include "claims/property_keys.h"
#include "claims/reliability_study.h"

namespace menger {

std::vector<PropertyKey> study_keys();
std::vector<KeyChoice> study_choices();
// Throws InputError naming `where` and the key for points that do not parse.
StudyRequest read_study_request(const PropertyValues& v, const std::string& where);

}  // namespace menger
