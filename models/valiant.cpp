#include "models/valiant.h"

namespace menger {

PacketState ValiantRouter::start() const {
  PacketState s;
  fields_.choosing.set(s, choice_ != PathChoice::Minimal);
  return s;
}

bool ValiantRouter::detour_possible(NodeId here, NodeId target) const {
  for (std::uint32_t i = 0; i < legs_.intermediates(); ++i)
    if (legs_.may_serve(i, here, target)) return true;
  return false;
}

void ValiantRouter::next(NodeId here, const PacketState& state, NodeId target, FaultView& faults, Hops& out) const {
  if (!fields_.choosing(state)) {
    follow(here, state, target, faults, out);
    return;
  }
  PacketState chosen = state;
  fields_.choosing.set(chosen, false);
  const bool detour = detour_possible(here, target);
  if (choice_ == PathChoice::Ugal || !detour) follow(here, chosen, target, faults, out);
  if (!detour) return;
  for (std::uint32_t i = 0; i < legs_.intermediates(); ++i) {
    if (!legs_.may_serve(i, here, target)) continue;
    PacketState via = chosen;
    fields_.via.set(via, i);
    follow(here, via, target, faults, out);
  }
}

void ValiantRouter::follow(NodeId here, PacketState state, NodeId target, FaultView& faults, Hops& out) const {
  const MinimalLegs::Step step = legs_.step(here, fields_.via(state), target);
  if (skip_unusable_ && !faults.port_usable(here, step.port)) return;
  const std::uint32_t vc = vcs_.vc(state);
  if (step.enters_goal) fields_.via.set(state, std::nullopt);
  if (step.counted) vcs_.counted.add_one(state);
  out.push_back(Hop{step.port, vc, state});
}

}  // namespace menger
