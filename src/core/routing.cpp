#include "core/routing.h"

#include "core/error.h"

namespace menger {

std::string_view to_string(FaultKnowledge k) { return k == FaultKnowledge::Local ? "local" : "global"; }

bool FaultView::port_usable(NodeId v, PortId p) {
  const PortSlot& s = network().port(v, p);
  if (!s.connected()) return false;
  if (link_faulty(s.link)) return false;
  return !node_faulty(s.peer);
}

PathAnswer FaultView::least_path(const PathQuestion& q) {
  PathOracles ok{[this](NodeId v) { return !node_faulty(v); }, [this](LinkId l) { return !link_faulty(l); }};
  PathScratch scratch;
  return least_shortest_path(network(), q, ok, scratch);
}

PacketState Routing::start(NodeId, NodeId, FaultView&) const { return {}; }

std::string Routing::spec() const {
  if (stamped_spec_.empty()) throw InternalError("a routing built outside the routing registry names no spec");
  return stamped_spec_;
}

std::string Routing::describe_state(const PacketState& state) const {
  std::string out;
  for (std::size_t i = 0; i < PacketState::kWords; ++i) {
    if (state.w[i] == 0) continue;
    out += (out.empty() ? "" : " ") + std::string("w") + std::to_string(i) + "=" + std::to_string(state.w[i]);
  }
  return out.empty() ? "-" : out;
}

}  // namespace menger
