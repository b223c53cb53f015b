// A network built from a spec with its fault model, as the engine tests need it.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "models/registry.h"
#include "verify/fault_model.h"

namespace menger::testing {

struct Instance {
  std::unique_ptr<Network> net;
  std::unique_ptr<FaultModel> model;
};

// `pairs` defaults to the network's own (io for directed networks, all otherwise).
inline Instance make(const std::string& spec, UnitChoice units, std::optional<PairChoice> pairs = std::nullopt) {
  Instance i;
  i.net = std::make_unique<Network>(Registry::builtin().build(spec));
  FaultModelSpec s;
  s.units = units;
  s.pairs = pairs ? *pairs : default_pairs(*i.net);
  i.model = std::make_unique<FaultModel>(*i.net, s);
  return i;
}

}  // namespace menger::testing
