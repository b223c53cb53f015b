// The least shortest usable path of a path question (path_question.h).
#include "core/path_question.h"

#include <algorithm>
#include <cstdint>

#include "core/error.h"

namespace menger {

namespace {

constexpr std::uint32_t kUnreached = PathScratch::kUnreached;

class LeastPath {
 public:
  LeastPath(const Network& net, const PathQuestion& q, const PathOracles& ok, PathScratch& scratch)
      : net_(net), q_(q), ok_(ok), scratch_(scratch), queue_(scratch.queue) {
    scratch_.start(net.num_nodes());
    queue_.clear();
  }

  PathAnswer answer() {
    PathAnswer a;
    if (!search()) return a;
    a.nodes.push_back(q_.from);
    while (a.nodes.back() != q_.to) {
      const NodeId here = a.nodes.back();
      const auto p = step(here);
      if (p == kNoPort) throw InternalError("path question: no step one hop closer from a settled node");
      a.ports.push_back(p);
      a.nodes.push_back(net_.port(here, p).peer);
    }
    return a;
  }

 private:
  static constexpr PortId kNoPort = UINT32_MAX;
  const Network& net_;
  const PathQuestion& q_;
  const PathOracles& ok_;
  PathScratch& scratch_;
  std::vector<NodeId>& queue_;

  std::uint32_t dist(NodeId v) const { return scratch_.get(v); }
  bool link_ok(LinkId l) const { return !q_.check_links || ok_.link_ok(l); }
  bool node_usable(NodeId v) const {
    if (!ok_.node_ok(v)) return false;
    if (!q_.companion) return true;
    const NodeId c = q_.companion(v);
    return c == kNoNode || ok_.node_ok(c);
  }
  // The edge x -> w (port p of x) may be used, w's own health included.
  bool enter(NodeId x, PortId p, NodeId w) {
    if (!link_ok(net_.port(x, p).link)) return false;
    return (w == q_.from && !q_.check_ends) || node_usable(w);
  }

  // Breadth-first from `to` backwards until `from` is settled.
  bool search() {
    if (q_.check_ends && !node_usable(q_.to)) return false;
    scratch_.set(q_.to, 0);
    if (q_.from == q_.to) return true;
    queue_.push_back(q_.to);
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      const NodeId x = queue_[head];
      const std::uint32_t dx = dist(x);
      for (PortId p = 0; p < net_.num_ports(x); ++p) {
        const PortSlot& slot = net_.port(x, p);
        if (!slot.connected() || !q_.inside(x, p)) continue;
        const NodeId w = slot.peer;
        if (dist(w) != kUnreached || !enter(x, p, w)) continue;
        scratch_.set(w, dx + 1);
        if (w == q_.from) return true;
        queue_.push_back(w);
      }
    }
    return false;
  }

  // Lowest port of `here` to a settled node one hop closer over a usable link.
  PortId step(NodeId here) {
    const std::uint32_t d = dist(here);
    for (PortId p = 0; p < net_.num_ports(here); ++p) {
      const PortSlot& slot = net_.port(here, p);
      if (!slot.connected() || !q_.inside(here, p)) continue;
      const std::uint32_t dw = dist(slot.peer);
      if (dw == kUnreached || dw + 1 != d || !link_ok(slot.link)) continue;
      return p;
    }
    return kNoPort;
  }
};

}  // namespace

PathAnswer PathMemo::suffix(const PathQuestion& q) const {
  if (q.key == 0) return {};
  for (const Entry& e : answers_) {
    if (e.key != q.key || e.to != q.to) continue;
    const auto& nodes = e.answer.nodes;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i] == q.from) {
        PathAnswer a;
        a.nodes.assign(nodes.begin() + static_cast<std::ptrdiff_t>(i), nodes.end());
        a.ports.assign(e.answer.ports.begin() + static_cast<std::ptrdiff_t>(i), e.answer.ports.end());
        return a;
      }
  }
  return {};
}

void PathMemo::remember(const PathQuestion& q, const PathAnswer& a) {
  if (q.key != 0 && a.found() && a.nodes.size() > 2) answers_.push_back(Entry{q.key, q.to, a});
}

void PathScratch::start(std::size_t nodes) {
  if (dist_.size() < nodes) {
    dist_.resize(nodes);
    stamp_.resize(nodes, 0);
  }
  if (++epoch_ == 0) {  // wrapped: forget every old stamp
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
}

PathAnswer least_shortest_path(const Network& net, const PathQuestion& q, const PathOracles& ok,
                               PathScratch& scratch) {
  return LeastPath(net, q, ok, scratch).answer();
}

std::vector<NodeId> answer_nodes(const PathQuestion& q, const PathAnswer& a) {
  std::vector<NodeId> out;
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    const bool end = i == 0 || i + 1 == a.nodes.size();
    if (end && !q.check_ends) continue;
    out.push_back(a.nodes[i]);
    if (q.companion) {
      const NodeId c = q.companion(a.nodes[i]);
      if (c != kNoNode) out.push_back(c);
    }
  }
  return out;
}

std::vector<LinkId> answer_links(const Network& net, const PathQuestion& q, const PathAnswer& a) {
  std::vector<LinkId> out;
  if (!q.check_links) return out;
  for (std::size_t i = 0; i < a.ports.size(); ++i) out.push_back(net.port(a.nodes[i], a.ports[i]).link);
  return out;
}

}  // namespace menger
