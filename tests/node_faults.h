// A fault set of named nodes, for the deadlock tests' instances.
#pragma once

#include <string>
#include <vector>

#include "setup/setup.h"

namespace menger {

inline FaultSet faults_of(const RouteSetup& s, const std::vector<std::string>& nodes) {
  FaultSet f(s.model->universe().size());
  for (const auto& n : nodes) f.insert(*s.model->unit_of_node(*s.net->find_node(n)));
  return f;
}

}  // namespace menger
