// Every engine's question (issue 37), for what treats them alike: the Python
// package asks for a verb's Schema by name, and the tests compare every
// committed schemas/*-question.schema.json with its declaration.
#pragma once

#include <string>

#include "core/error.h"
#include "question/credit_loops_question.h"
#include "question/deadlock_question.h"
#include "question/info_question.h"
#include "question/montecarlo_question.h"
#include "question/opensm_faults_question.h"
#include "question/question_json.h"
#include "question/route_check_question.h"
#include "question/tolerance_question.h"

namespace menger::question {

// Calls f(Q{}) for every question type Q, in a fixed order.
template <class F>
void for_each_question(F&& f) {
  f(RouteCheckQuestion{});
  f(DeadlockQuestion{});
  f(ToleranceQuestion{});
  f(MonteCarloQuestion{});
  f(CreditLoopsQuestion{});
  f(InfoQuestion{});
  f(OpensmFaultsQuestion{});
}

// The Schema of the question of `verb` (its kVerb, "route-check"), the fields `front` offers.
inline nlohmann::json question_schema_named(const std::string& verb, unsigned front) {
  nlohmann::json schema;
  std::string known;
  for_each_question([&](const auto& q) {
    using Q = std::decay_t<decltype(q)>;
    known += (known.empty() ? "" : ", ") + std::string(Q::kVerb);
    if (verb == Q::kVerb) schema = question_schema<Q>(front);
  });
  if (schema.is_null()) throw InputError("no question is declared for '" + verb + "' (questions: " + known + ")");
  return schema;
}

}  // namespace menger::question
