#include "verify/route/route_run.h"

#include <algorithm>

#include "core/error.h"
#include "core/text.h"

namespace menger {

std::string_view to_string(RunOutcome o) {
  switch (o) {
    case RunOutcome::Delivered: return "delivered";
    case RunOutcome::NoRoute: return "no route (dropped)";
    case RunOutcome::Blocked: return "blocked by a fault";
    case RunOutcome::Livelock: return "livelock";
    case RunOutcome::HopLimit: return "hop limit exceeded";
    case RunOutcome::TooLong: return "path longer than the bound";
  }
  return "?";
}

std::string_view to_string(ChoiceRule c) { return c == ChoiceRule::Some ? "some" : "every"; }

ChoiceRule parse_choice_rule(const std::string& text, const std::string& what) {
  if (text == "every") return ChoiceRule::Every;
  if (text == "some") return ChoiceRule::Some;
  throw InputError(what + " must be every (every choice of an adaptive routing must deliver) or some (some choice "
                   "sequence delivers), not '" + excerpt(text) + "'");
}

// ---- RecordingFaultView ----------------------------------------------------

RecordingFaultView::RecordingFaultView(const FaultModel& model, FaultKnowledge knowledge)
    : model_(model), knowledge_(knowledge), stamp_(model.universe().size(), 0) {}

void RecordingFaultView::reset(const FaultSet& faults, std::uint32_t budget) {
  faults_ = &faults;
  std::size_t used = faults.count();
  budget_left_ = budget > used ? static_cast<std::uint32_t>(budget - used) : 0;
  reads_.clear();
  paths_.clear();
  sorted_ = true;
  here_ = kNoNode;
  if (++epoch_ == 0) {  // wrapped: forget every old stamp
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
}

// Routings ask about the same units again and again (every candidate of a
// descriptor search rereads its cube): the stamp keeps reads_ distinct.
void RecordingFaultView::record(std::size_t unit) {
  if (stamp_[unit] == epoch_) return;
  stamp_[unit] = epoch_;
  reads_.push_back(unit);
  sorted_ = false;
}

bool RecordingFaultView::unit_faulty(std::optional<std::size_t> unit) {
  if (!unit) return false;
  if (faults_->contains(*unit)) return true;  // already in F: no need to record
  record(*unit);
  return false;
}

void require_local_node(const Network& net, FaultKnowledge knowledge, NodeId here, NodeId v) {
  if (knowledge != FaultKnowledge::Local || v == here) return;
  for (const PortSlot& s : net.ports(here))
    if (s.peer == v) return;
  throw InternalError("a local-knowledge routing at " + net.label(here) + " asked about node " + net.label(v) +
                      ", which is not its neighbour");
}

void require_local_link(const Network& net, FaultKnowledge knowledge, NodeId here, LinkId l) {
  if (knowledge != FaultKnowledge::Local) return;
  const Link& k = net.link(l);
  if (k.a == here || k.b == here) return;
  throw InternalError("a local-knowledge routing at " + net.label(here) + " asked about link " + net.link_label(l) +
                      ", which is not attached to it");
}

bool RecordingFaultView::node_faulty(NodeId v) {
  require_local_node(network(), knowledge_, here_, v);
  return unit_faulty(model_.unit_of_node(v));
}

bool RecordingFaultView::link_faulty(LinkId l) {
  require_local_link(network(), knowledge_, here_, l);
  return unit_faulty(model_.unit_of_link(l));
}

// Budget-aware (DESIGN.md): "at least" stays true under any larger fault set,
// so a true answer needs no record; a false answer needs none either when the
// healthy units of the region could not add enough failed nodes within the
// budget the search has left.  Only otherwise is every healthy unit of the
// region an outcome-relevant read.
bool RecordingFaultView::faulty_nodes_at_least(std::span<const NodeId> region, std::uint32_t threshold) {
  std::uint32_t faulty = 0;
  std::vector<std::pair<std::size_t, std::uint32_t>> gains;  // healthy unit, region nodes it holds
  for (NodeId v : region) {
    require_local_node(network(), knowledge_, here_, v);
    auto u = model_.unit_of_node(v);
    if (!u) continue;
    if (faults_->contains(*u)) {
      ++faulty;
      continue;
    }
    auto it = std::find_if(gains.begin(), gains.end(), [&](const auto& g) { return g.first == *u; });
    if (it == gains.end()) gains.emplace_back(*u, 1);
    else ++it->second;
  }
  if (faulty >= threshold) return true;
  std::vector<std::uint32_t> g;
  for (const auto& [u, n] : gains) g.push_back(n);
  std::sort(g.rbegin(), g.rend());
  std::uint64_t reachable = faulty;
  for (std::size_t i = 0; i < g.size() && i < budget_left_; ++i) reachable += g[i];
  if (reachable < threshold) return false;
  for (const auto& [u, n] : gains) record(u);
  return false;
}

PathAnswer RecordingFaultView::least_path(const PathQuestion& q) {
  if (knowledge_ == FaultKnowledge::Local) return FaultView::least_path(q);  // node by node, checked
  if (PathAnswer known = paths_.suffix(q); known.found()) return known;     // its units are recorded
  auto healthy = [this](std::optional<std::size_t> u) { return !u || !faults_->contains(*u); };
  PathOracles ok{[&](NodeId v) { return healthy(model_.unit_of_node(v)); },
                 [&](LinkId l) { return healthy(model_.unit_of_link(l)); }};
  PathAnswer a = least_shortest_path(network(), q, ok, path_scratch_);
  for (NodeId v : answer_nodes(q, a))
    if (auto u = model_.unit_of_node(v)) record(*u);
  for (LinkId l : answer_links(network(), q, a))
    if (auto u = model_.unit_of_link(l)) record(*u);
  paths_.remember(q, a);
  return a;
}

bool RecordingFaultView::hop_blocked(const PortSlot& slot) {
  if (!slot.connected()) return true;
  if (unit_faulty(model_.unit_of_link(slot.link))) return true;
  return unit_faulty(model_.unit_of_node(slot.peer));
}

const std::vector<std::size_t>& RecordingFaultView::reads() {
  if (!sorted_) {
    std::sort(reads_.begin(), reads_.end());  // distinct already (record)
    sorted_ = true;
  }
  return reads_;
}

// ---- RouteRunner -----------------------------------------------------------

RouteRunner::RouteRunner(const Routing& routing, const FaultModel& model, RunLimits limits)
    : routing_(routing), model_(model), limits_(limits), view_(model, routing.knowledge()) {
  limits_.hop_limit = hop_limit_for(model.network(), limits_.hop_limit);
}

std::string RouteRunner::where(const Config& c) const {
  return model_.network().label(c.node) + " [" + routing_.describe_state(c.state) + "]";
}

template <class Detail>
RunResult RouteRunner::fail(RunOutcome o, const Detail& detail, bool want_trace, const Config* repeated) {
  RunResult r;
  r.outcome = o;
  if (want_trace) r.detail = detail();
  r.hops = depth_ == 0 ? 0 : static_cast<std::uint32_t>(depth_ - 1);
  if (want_trace) {
    for (std::size_t i = 0; i < depth_; ++i) {
      const Frame& f = stack_[i];
      TraceStep t{f.config.node, f.config.state, 0, 0, false};
      if (f.next > 0) {  // the hop taken (on the last frame: the hop that failed, if any)
        t.port = f.hops[f.next - 1].port;
        t.vc = f.hops[f.next - 1].vc;
        t.moved = i + 1 < depth_ || o == RunOutcome::Blocked || o == RunOutcome::Livelock ||
                  o == RunOutcome::HopLimit;
      }
      r.trace.push_back(t);
    }
    if (repeated) r.trace.push_back(TraceStep{repeated->node, repeated->state, 0, 0, false});
  }
  return r;
}

RunResult RouteRunner::run(const FaultSet& faults, NodeId s, NodeId d, std::optional<std::uint32_t> path_bound,
                           bool want_trace) {
  view_.reset(faults, limits_.fault_budget);
  return run_in(view_, s, d, path_bound, want_trace);
}

RunResult RouteRunner::run_in(EngineFaultView& view, NodeId s, NodeId d, std::optional<std::uint32_t> path_bound,
                              bool want_trace) {
  const Network& net = model_.network();
  active_ = &view;
  seen_.clear();
  depth_ = 0;
  RunResult delivered_trace;
  bool have_trace = false;
  if (s == d) return RunResult{};
  if (limits_.choices == ChoiceRule::Some) return run_some(s, d, path_bound, want_trace);

  active_->at(s);
  Config root{s, routing_.start(s, d, *active_)};
  auto push = [&](const Config& c, std::size_t hash) -> bool {
    if (depth_ == stack_.size()) stack_.emplace_back();
    Frame& f = stack_[depth_++];
    f.config = c;
    f.hash = hash;
    f.hops.clear();
    f.next = 0;
    f.height = 0;
    seen_.set(c, hash, -1);
    active_->at(c.node);
    routing_.next(c.node, c.state, d, *active_, f.hops);
    return !f.hops.empty();
  };
  if (!push(root, ConfigHash{}(root)))
    return fail(RunOutcome::NoRoute, [&] { return "no hop offered at " + where(root); }, want_trace);

  while (true) {
    Frame& top = top_frame();
    if (top.next < top.hops.size()) {
      const Hop& h = top.hops[top.next++];
      if (h.port >= net.num_ports(top.config.node))
        throw InternalError("routing " + routing_.spec() + " chose port " + std::to_string(h.port) + " of " +
                            net.label(top.config.node) + ", which has " +
                            std::to_string(net.num_ports(top.config.node)) + " ports");
      const PortSlot& slot = net.port(top.config.node, h.port);
      if (active_->hop_blocked(slot)) {
        auto detail = [&] {
          std::string what = !slot.connected() ? "an unconnected port"
                                               : "link " + net.link_label(slot.link) + " to " + net.label(slot.peer);
          return "port " + std::to_string(h.port) + " of " + where(top.config) + " leads over a failed " + what;
        };
        return fail(RunOutcome::Blocked, detail, want_trace);
      }
      Config child{slot.peer, h.state};
      if (child.node == d) {
        top.height = std::max<std::uint32_t>(top.height, 1);
        if (want_trace && !have_trace) {
          delivered_trace = fail(RunOutcome::Delivered, [] { return std::string(); }, true);
          delivered_trace.trace.back().moved = true;
          delivered_trace.trace.push_back(TraceStep{d, h.state, 0, 0, false});
          have_trace = true;
        }
        continue;
      }
      const std::size_t child_hash = ConfigHash{}(child);
      if (const std::int64_t* seen = seen_.find(child, child_hash)) {
        if (*seen < 0)
          return fail(RunOutcome::Livelock, [&] { return "the packet returns to " + where(child); }, want_trace, &child);
        top.height = std::max<std::uint32_t>(top.height, 1 + static_cast<std::uint32_t>(*seen));
        continue;
      }
      if (depth_ > limits_.hop_limit)
        return fail(RunOutcome::HopLimit, [&] { return "more than " + std::to_string(limits_.hop_limit) + " hops"; },
                    want_trace);
      if (!push(child, child_hash))
        return fail(RunOutcome::NoRoute, [&] { return "no hop offered at " + where(child); }, want_trace);
      continue;
    }
    std::uint32_t height = top.height;
    seen_.set(top.config, top.hash, height);
    --depth_;
    if (depth_ == 0) {
      RunResult r = have_trace ? std::move(delivered_trace) : RunResult{};
      r.outcome = RunOutcome::Delivered;
      r.hops = height;
      r.detail.clear();
      if (path_bound && height > *path_bound) {
        r.outcome = RunOutcome::TooLong;
        r.detail = std::to_string(height) + " hops on the longest branch, bound " + std::to_string(*path_bound);
      }
      return r;
    }
    top_frame().height = std::max(top_frame().height, 1 + height);
  }
}

// ---- ChoiceRule::Some -------------------------------------------------------

RunResult RouteRunner::some_result(RunOutcome o, std::size_t i, std::optional<std::pair<PortId, std::uint32_t>> hop,
                                   const Config* tail, std::string detail, bool want_trace) const {
  RunResult r;
  r.outcome = o;
  r.hops = reached_[i].depth + (hop ? 1 : 0);
  if (!want_trace) return r;
  r.detail = std::move(detail);
  std::vector<std::size_t> path;
  for (std::size_t j = i;; j = reached_[j].parent) {
    path.push_back(j);
    if (j == 0) break;
  }
  std::reverse(path.begin(), path.end());
  for (std::size_t k = 0; k < path.size(); ++k) {
    const Reached& n = reached_[path[k]];
    TraceStep t{n.config.node, n.config.state, 0, 0, false};
    if (k + 1 < path.size()) {
      t.port = reached_[path[k + 1]].port;
      t.vc = reached_[path[k + 1]].vc;
      t.moved = true;
    } else if (hop) {
      t.port = hop->first;
      t.vc = hop->second;
      t.moved = true;
    }
    r.trace.push_back(t);
  }
  if (tail) r.trace.push_back(TraceStep{tail->node, tail->state, 0, 0, false});
  return r;
}

RunResult RouteRunner::run_some(NodeId s, NodeId d, std::optional<std::uint32_t> path_bound, bool want_trace) {
  const Network& net = model_.network();
  reached_.clear();
  active_->at(s);
  reached_.push_back(Reached{Config{s, routing_.start(s, d, *active_)}, 0, 0, 0, 0, -1});
  seen_.set(reached_[0].config, 0);
  std::optional<RunResult> first_failure;  // the shallowest failing branch
  // A configuration with a hop beyond the hop limit, and that hop (the trace
  // of a HopLimit ends with it, as in the depth-first reading).
  std::optional<std::pair<std::size_t, std::pair<PortId, std::uint32_t>>> cut;
  Hops hops;
  for (std::size_t i = 0; i < reached_.size(); ++i) {
    const Config here = reached_[i].config;
    hops.clear();
    active_->at(here.node);
    routing_.next(here.node, here.state, d, *active_, hops);
    if (hops.empty() && !first_failure)
      first_failure = some_result(RunOutcome::NoRoute, i, std::nullopt, nullptr,
                                  want_trace ? "no choice delivers; no hop offered at " + where(here) : "", want_trace);
    for (const Hop& h : hops) {
      if (h.port >= net.num_ports(here.node))
        throw InternalError("routing " + routing_.spec() + " chose port " + std::to_string(h.port) + " of " +
                            net.label(here.node) + ", which has " + std::to_string(net.num_ports(here.node)) + " ports");
      const PortSlot& slot = net.port(here.node, h.port);
      const std::pair<PortId, std::uint32_t> taken{h.port, h.vc};
      if (active_->hop_blocked(slot)) {
        if (!first_failure)
          first_failure = some_result(RunOutcome::Blocked, i, taken, nullptr,
                                      want_trace ? "no choice delivers; port " + std::to_string(h.port) + " of " +
                                                       where(here) + " leads over a failed " +
                                                       (!slot.connected() ? std::string("an unconnected port")
                                                                          : "link " + net.link_label(slot.link) + " to " +
                                                                                net.label(slot.peer))
                                                 : "",
                                      want_trace);
        continue;
      }
      const Config child{slot.peer, h.state};
      if (child.node == d) {
        const Config arrived = child;
        RunResult r = some_result(RunOutcome::Delivered, i, taken, &arrived, "", want_trace);
        if (path_bound && r.hops > *path_bound) {
          r.outcome = RunOutcome::TooLong;
          r.detail = std::to_string(r.hops) + " hops on the shortest delivering branch, bound " + std::to_string(*path_bound);
        }
        return r;
      }
      if (const std::int64_t* at = seen_.find(child)) {
        if (reached_[i].first < 0) reached_[i].first = *at, reached_[i].first_port = h.port, reached_[i].first_vc = h.vc;
        continue;
      }
      if (reached_[i].depth + 1 > limits_.hop_limit) {
        if (!cut) cut.emplace(i, taken);
        continue;
      }
      const auto index = static_cast<std::int64_t>(reached_.size());
      if (reached_[i].first < 0) reached_[i].first = index, reached_[i].first_port = h.port, reached_[i].first_vc = h.vc;
      seen_.set(child, index);
      reached_.push_back(Reached{child, static_cast<std::uint32_t>(i), h.port, h.vc, reached_[i].depth + 1, -1});
    }
  }
  if (first_failure) return std::move(*first_failure);
  if (cut) return some_result(RunOutcome::HopLimit, cut->first, cut->second, nullptr,
                              want_trace ? "no choice delivers; more than " + std::to_string(limits_.hop_limit) + " hops" : "",
                              want_trace);
  return some_lasso(want_trace);
}

// Every branch circles: follow first choices from the root until a
// configuration repeats (each has one, leading to a reached configuration).
RunResult RouteRunner::some_lasso(bool want_trace) const {
  std::vector<bool> on(reached_.size(), false);
  std::size_t i = 0;
  RunResult r;
  r.outcome = RunOutcome::Livelock;
  while (!on[i]) {
    on[i] = true;
    const Reached& n = reached_[i];
    MENGER_ASSERT(n.first >= 0, "route run: a configuration of a closed search without a hop");
    if (want_trace) r.trace.push_back(TraceStep{n.config.node, n.config.state, n.first_port, n.first_vc, true});
    ++r.hops;
    i = static_cast<std::size_t>(n.first);
  }
  if (want_trace) {
    r.trace.push_back(TraceStep{reached_[i].config.node, reached_[i].config.state, 0, 0, false});
    r.detail = "no choice delivers: every branch returns to a configuration met before, as first choices do at " +
               where(reached_[i].config);
  }
  return r;
}

}  // namespace menger
