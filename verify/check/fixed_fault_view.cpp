#include "verify/check/fixed_fault_view.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

FixedFaultView::FixedFaultView(const FaultModel& model, FaultKnowledge knowledge, const FaultSet& faults)
    : CheckerFaultView(model, knowledge), faults_(faults) {}

bool FixedFaultView::failed(std::optional<std::size_t> unit) {
  if (!unit) return false;
  if (faults_.contains(*unit)) return true;
  if (recording_ && !asked_once_[*unit]) {
    asked_once_[*unit] = 1;
    asked_.push_back(*unit);
  }
  return false;
}

bool CheckerFaultView::hop_blocked(const PortSlot& slot) {
  if (!slot.connected()) return true;
  return failed(model_.unit_of_link(slot.link)) || failed(model_.unit_of_node(slot.peer));
}

void FixedFaultView::record_reads() {
  recording_ = true;
  asked_once_.assign(model_.universe().size(), 0);
  asked_.clear();
}

std::vector<std::size_t> FixedFaultView::reads() const {
  std::vector<std::size_t> out = asked_;
  std::sort(out.begin(), out.end());
  return out;
}

void CheckerFaultView::require_near(NodeId v) const {
  if (knowledge_ != FaultKnowledge::Local || whole_view_ || v == here_) return;
  const Network& net = network();
  if (here_ < net.num_nodes())
    for (const PortSlot& s : net.ports(here_))
      if (s.peer == v) return;
  throw InternalError("checker: a local-knowledge routing at " +
                      (here_ < net.num_nodes() ? net.label(here_) : std::string("no node")) + " asked about node " +
                      net.label(v) + ", which is not its neighbour");
}

void CheckerFaultView::require_attached(LinkId l) const {
  if (knowledge_ != FaultKnowledge::Local || whole_view_) return;
  const Network& net = network();
  const Link& k = net.link(l);
  if (k.a == here_ || k.b == here_) return;
  throw InternalError("checker: a local-knowledge routing asked about link " + net.link_label(l) +
                      ", which is not attached to the node it is at");
}

bool CheckerFaultView::node_faulty(NodeId v) {
  require_near(v);
  return failed(model_.unit_of_node(v));
}

bool CheckerFaultView::link_faulty(LinkId l) {
  require_attached(l);
  return failed(model_.unit_of_link(l));
}

bool FixedFaultView::faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) {
  std::uint32_t faulty = 0;
  for (NodeId v : region) faulty += node_faulty(v) ? 1u : 0u;
  return faulty >= threshold;
}

PathAnswer CheckerFaultView::least_path_whole(const PathQuestion& q) {
  struct WholeView {  // the rule is back when the question is answered, or throws
    bool& on;
    explicit WholeView(bool& flag) : on(flag) { on = true; }
    ~WholeView() { on = false; }
  } whole(whole_view_);
  return FaultView::least_path(q);
}

}  // namespace menger
