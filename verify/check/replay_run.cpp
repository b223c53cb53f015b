#include "verify/check/replay_run.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "core/error.h"
#include "verify/check/fixed_fault_view.h"

namespace menger {

std::string_view to_string(ReplayEnd e) {
  switch (e) {
    case ReplayEnd::Delivered: return "delivered";
    case ReplayEnd::NoRoute: return "no route (dropped)";
    case ReplayEnd::Blocked: return "blocked by a fault";
    case ReplayEnd::Livelock: return "livelock";
    case ReplayEnd::HopLimit: return "hop limit exceeded";
  }
  return "?";
}

namespace replay_detail {  // named: ReplayScratch::Store holds them

struct Config {
  NodeId node;
  PacketState state;
  bool operator==(const Config&) const = default;
};
struct ConfigHash {
  std::size_t operator()(const Config& c) const { return c.state.hash() ^ (std::size_t{c.node} * 0x9e3779b97f4a7c15u); }
};

// One configuration on the branch being explored: the hops it offers and
// the next one to try.
struct Frame {
  Config config;
  Hops hops;
  std::size_t next = 0;
  std::uint32_t longest = 0;  // hops of the longest delivered continuation so far
};

constexpr std::int64_t kOnBranch = -1;

}  // namespace replay_detail

using replay_detail::Config;
using replay_detail::ConfigHash;
using replay_detail::Frame;
using replay_detail::kOnBranch;

struct ReplayScratch::Store {
  std::vector<Frame> branch;
  std::unordered_map<Config, std::int64_t, ConfigHash> seen;  // kOnBranch, or the longest continuation
};
ReplayScratch::ReplayScratch() : store_(std::make_unique<Store>()) {}
ReplayScratch::~ReplayScratch() = default;

namespace {

// Depth first over the configurations (an explicit stack: a branch may be
// as long as the hop limit, thousands of hops on a large network).
class Replayer {
 public:
  Replayer(const Routing& routing, CheckerFaultView& view, NodeId d, std::uint32_t limit, ReplayScratch& scratch)
      : routing_(routing), net_(view.network()), view_(view), d_(d), limit_(limit),
        branch_(scratch.store().branch), seen_(scratch.store().seen) {
    branch_.clear();
    seen_.clear();
  }

  Replay run(NodeId s) {
    view_.at(s);
    if (!enter(Config{s, routing_.start(s, d_, view_)})) return end(ReplayEnd::NoRoute);
    while (!branch_.empty()) {
      if (auto e = step()) return end(*e);
    }
    return delivered();
  }

 private:
  const Routing& routing_;
  const Network& net_;
  CheckerFaultView& view_;
  NodeId d_;
  std::uint32_t limit_;
  std::vector<Frame>& branch_;
  std::unordered_map<Config, std::int64_t, ConfigHash>& seen_;  // kOnBranch, or the longest continuation
  std::vector<ReplayStep> first_delivered_;
  std::uint32_t delivered_hops_ = 0;
  std::optional<Config> met_again_;

  // Puts c on the branch; false when the routing offers it no hop.
  bool enter(const Config& c) {
    seen_[c] = kOnBranch;
    branch_.push_back(Frame{c, {}, 0, 0});
    view_.at(c.node);
    routing_.next(c.node, c.state, d_, view_, branch_.back().hops);
    return !branch_.back().hops.empty();
  }

  // Tries the top frame's next hop, or leaves the frame when it has none left.
  std::optional<ReplayEnd> step() {
    Frame& top = branch_.back();
    if (top.next == top.hops.size()) {
      leave();
      return std::nullopt;
    }
    const Hop& h = top.hops[top.next++];
    if (h.port >= net_.num_ports(top.config.node))
      throw InternalError("checker: routing " + routing_.spec() + " chose port " + std::to_string(h.port) + " of " +
                          net_.label(top.config.node) + ", which has fewer");
    const PortSlot& slot = net_.port(top.config.node, h.port);
    if (view_.hop_blocked(slot)) return ReplayEnd::Blocked;
    const Config child{slot.peer, h.state};
    if (child.node == d_) return arrive(child);
    if (auto it = seen_.find(child); it != seen_.end()) {
      if (it->second == kOnBranch) {
        met_again_ = child;
        return ReplayEnd::Livelock;
      }
      top.longest = std::max(top.longest, 1 + static_cast<std::uint32_t>(it->second));
      return std::nullopt;
    }
    if (branch_.size() > limit_) return ReplayEnd::HopLimit;
    if (!enter(child)) return ReplayEnd::NoRoute;
    return std::nullopt;
  }

  std::optional<ReplayEnd> arrive(const Config& at_d) {
    Frame& top = branch_.back();
    top.longest = std::max<std::uint32_t>(top.longest, 1);
    if (first_delivered_.empty()) {
      first_delivered_ = steps(true);
      first_delivered_.push_back(ReplayStep{at_d.node, at_d.state, 0, 0, false});
    }
    return std::nullopt;
  }

  void leave() {
    const Frame done = std::move(branch_.back());
    branch_.pop_back();
    seen_[done.config] = done.longest;
    if (branch_.empty()) delivered_hops_ = done.longest;
    else branch_.back().longest = std::max(branch_.back().longest, 1 + done.longest);
  }

  // The branch as steps; the last frame moved when its hop was taken.
  std::vector<ReplayStep> steps(bool last_moved) const {
    std::vector<ReplayStep> out;
    for (std::size_t i = 0; i < branch_.size(); ++i) {
      const Frame& f = branch_[i];
      ReplayStep step{f.config.node, f.config.state, 0, 0, false};
      if (f.next > 0 && (i + 1 < branch_.size() || last_moved)) {
        step.port = f.hops[f.next - 1].port;
        step.vc = f.hops[f.next - 1].vc;
        step.moved = true;
      }
      out.push_back(step);
    }
    return out;
  }

  Replay end(ReplayEnd e) {
    Replay r;
    r.end = e;
    r.hops = static_cast<std::uint32_t>(branch_.size() - 1);
    r.branch = steps(e != ReplayEnd::NoRoute);
    if (met_again_) r.branch.push_back(ReplayStep{met_again_->node, met_again_->state, 0, 0, false});
    r.reads = view_.reads();
    return r;
  }

  Replay delivered() {
    Replay r;
    r.hops = delivered_hops_;
    r.branch = std::move(first_delivered_);
    r.reads = view_.reads();
    return r;
  }
};

}  // namespace

Replay replay_every_branch(const Routing& routing, const FaultModel& model, const FaultSet& faults, NodeId s,
                           NodeId d, std::uint32_t hop_limit) {
  MENGER_ASSERT(s != d, "checker: a run from a node to itself");
  FixedFaultView view(model, routing.knowledge(), faults);
  view.record_reads();
  ReplayScratch scratch;
  return Replayer(routing, view, d, hop_limit, scratch).run(s);
}

Replay replay_in(const Routing& routing, CheckerFaultView& view, NodeId s, NodeId d, std::uint32_t hop_limit,
                 ReplayScratch& scratch) {
  MENGER_ASSERT(s != d, "checker: a run from a node to itself");
  return Replayer(routing, view, d, hop_limit, scratch).run(s);
}

}  // namespace menger
