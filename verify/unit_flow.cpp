#include "verify/unit_flow.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

namespace {

// Capacity of an arc no fault can cut; large, yet far from overflow when added.
constexpr std::uint64_t kInf = std::uint64_t{1} << 60;

std::uint32_t in_of(NodeId v) { return 2 * v; }
std::uint32_t out_of(NodeId v) { return 2 * v + 1; }

}  // namespace

std::uint32_t UnitFlowNetwork::add_arc(std::uint32_t from, std::uint32_t to, std::uint64_t cap, Meaning m,
                                       std::vector<std::vector<std::uint32_t>>& out) {
  const auto id = static_cast<std::uint32_t>(head_.size());
  head_.push_back(to);
  capacity_.push_back(cap);
  head_.push_back(from);
  capacity_.push_back(0);
  meaning_.push_back(m);
  out[from].push_back(id);
  out[to].push_back(id + 1);
  return id;
}

UnitFlowNetwork::UnitFlowNetwork(const FaultModel& model) : model_(&model) {
  const Network& net = model.network();
  const bool link_units = model.universe().kind() == UnitKind::Link;
  std::uint32_t gadgets = 0;
  if (link_units)
    for (LinkId l = 0; l < net.num_links(); ++l) gadgets += model.unit_of_link(l) && !net.link(l).directed;
  vertices_ = 2 * net.num_nodes() + 2 * gadgets;
  std::vector<std::vector<std::uint32_t>> out(vertices_);
  auto weight_or_inf = [&](std::optional<std::size_t> unit) { return unit ? model.weight(*unit) : kInf; };
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.forwards(v))
      add_arc(in_of(v), out_of(v), weight_or_inf(model.unit_of_node(v)), Meaning{Meaning::Relay, v, 0, kNoLink}, out);
  std::uint32_t next_gadget = 2 * net.num_nodes();
  for (LinkId l = 0; l < net.num_links(); ++l) {
    const Link& k = net.link(l);
    const auto unit = link_units ? model.unit_of_link(l) : std::nullopt;
    if (unit && !k.directed) {
      const std::uint32_t g_in = next_gadget++, g_out = next_gadget++;
      add_arc(out_of(k.a), g_in, kInf, Meaning{Meaning::GadgetEntry, k.a, k.pa, l}, out);
      add_arc(out_of(k.b), g_in, kInf, Meaning{Meaning::GadgetEntry, k.b, k.pb, l}, out);
      add_arc(g_in, g_out, model.weight(*unit), Meaning{Meaning::GadgetCore, kNoNode, 0, l}, out);
      add_arc(g_out, in_of(k.a), kInf, Meaning{Meaning::GadgetExit, k.a, k.pa, l}, out);
      add_arc(g_out, in_of(k.b), kInf, Meaning{Meaning::GadgetExit, k.b, k.pb, l}, out);
      continue;
    }
    const std::uint64_t cap = weight_or_inf(unit);
    add_arc(out_of(k.a), in_of(k.b), cap, Meaning{Meaning::LinkHop, k.a, k.pa, l}, out);
    if (!k.directed) add_arc(out_of(k.b), in_of(k.a), cap, Meaning{Meaning::LinkHop, k.b, k.pb, l}, out);
  }
  first_.assign(vertices_ + 1, 0);
  for (std::uint32_t v = 0; v < vertices_; ++v) first_[v + 1] = first_[v] + out[v].size();
  for (auto& list : out) arc_ids_.insert(arc_ids_.end(), list.begin(), list.end());
}

UnitFlowNetwork::Workspace UnitFlowNetwork::make_workspace() const {
  Workspace w;
  w.residual = capacity_;
  w.parent_arc.assign(vertices_, 0);
  w.stamp.assign(vertices_, 0);
  w.position.assign(vertices_, UINT32_MAX);
  return w;
}

bool UnitFlowNetwork::augmenting_path(std::uint32_t src, std::uint32_t dst, Workspace& w) const {
  ++w.epoch;
  w.queue.clear();
  w.queue.push_back(src);
  w.stamp[src] = w.epoch;
  for (std::size_t head = 0; head < w.queue.size(); ++head) {
    const std::uint32_t v = w.queue[head];
    for (std::uint64_t i = first_[v]; i < first_[v + 1]; ++i) {
      const std::uint32_t a = arc_ids_[i], u = head_[a];
      if (w.residual[a] == 0 || w.stamp[u] == w.epoch) continue;
      w.stamp[u] = w.epoch;
      w.parent_arc[u] = a;
      if (u == dst) return true;
      w.queue.push_back(u);
    }
  }
  return false;
}

std::optional<std::size_t> UnitFlowNetwork::unit_of_arc(std::uint32_t arc) const {
  const Meaning& m = meaning_[arc / 2];
  switch (m.kind) {
    case Meaning::Relay: return model_->unit_of_node(m.node);
    case Meaning::LinkHop:
    case Meaning::GadgetCore:
      return model_->universe().kind() == UnitKind::Link ? model_->unit_of_link(m.link) : std::nullopt;
    default: return std::nullopt;
  }
}

// Units of the arcs leaving the source side of the last (failed) search.
std::vector<std::size_t> UnitFlowNetwork::cut_units(std::uint32_t, Workspace& w) const {
  std::vector<std::size_t> units;
  for (std::uint32_t v : w.queue)
    for (std::uint64_t i = first_[v]; i < first_[v + 1]; ++i) {
      const std::uint32_t a = arc_ids_[i];
      if (a % 2 != 0 || w.stamp[head_[a]] == w.epoch) continue;  // reverse arc, or stays on the source side
      auto unit = unit_of_arc(a);
      MENGER_ASSERT(unit.has_value(), "a minimum cut crosses an arc no fault can cut");
      units.push_back(*unit);
    }
  std::sort(units.begin(), units.end());
  units.erase(std::unique(units.begin(), units.end()), units.end());
  return units;
}

UnitPath UnitFlowNetwork::to_path(const std::vector<std::uint32_t>& arcs) const {
  UnitPath p;
  for (std::uint32_t a : arcs) {
    const Meaning& m = meaning_[a / 2];
    if (m.kind == Meaning::LinkHop || m.kind == Meaning::GadgetEntry) {
      p.nodes.push_back(m.node);
      p.ports.push_back(m.port);
    }
  }
  // The head of the last hop: the target.
  const std::uint32_t last = head_[arcs.back()];
  p.nodes.push_back(last / 2);
  return p;
}

// Peels paths off the flow (walking arcs that carry flow from src to dst,
// cancelling any cycle met on the way) and returns the flow to the residual.
void UnitFlowNetwork::decompose(std::uint32_t src, std::uint32_t dst, Workspace& w, PairCut& out) const {
  std::vector<std::uint32_t> arcs;
  std::vector<std::uint32_t>& at = w.position;  // all UINT32_MAX between walks
  for (;;) {
    arcs.clear();
    std::uint32_t v = src;
    at[src] = 0;
    std::vector<std::uint32_t> walk{src};
    while (v != dst) {
      std::uint32_t next = UINT32_MAX;
      for (std::uint64_t i = first_[v]; i < first_[v + 1] && next == UINT32_MAX; ++i)
        if (arc_ids_[i] % 2 == 0 && flow_on(arc_ids_[i], w) > 0) next = arc_ids_[i];
      if (next == UINT32_MAX) break;  // no flow leaves: done
      const std::uint32_t u = head_[next];
      if (at[u] != UINT32_MAX) {  // a cycle: cancel it and resume from u
        std::uint64_t amount = flow_on(next, w);
        for (std::size_t k = at[u]; k < arcs.size(); ++k) amount = std::min(amount, flow_on(arcs[k], w));
        auto cancel = [&](std::uint32_t a) {
          w.residual[a] += amount;
          w.residual[a ^ 1] -= amount;
        };
        cancel(next);
        for (std::size_t k = at[u]; k < arcs.size(); ++k) cancel(arcs[k]);
        for (std::size_t k = at[u] + 1; k < walk.size(); ++k) at[walk[k]] = UINT32_MAX;
        walk.resize(at[u] + 1);
        arcs.resize(at[u]);
        v = u;
        continue;
      }
      arcs.push_back(next);
      at[u] = static_cast<std::uint32_t>(walk.size());
      walk.push_back(u);
      v = u;
    }
    for (std::uint32_t x : walk) at[x] = UINT32_MAX;
    if (v != dst) return;
    std::uint64_t amount = kInf;
    for (std::uint32_t a : arcs) amount = std::min(amount, flow_on(a, w));
    for (std::uint32_t a : arcs) {
      w.residual[a] += amount;
      w.residual[a ^ 1] -= amount;
    }
    out.paths.push_back(to_path(arcs));
    out.amounts.push_back(amount);
  }
}

PairCut UnitFlowNetwork::solve(NodeId s, NodeId t, std::uint64_t bound, Workspace& w, bool want_cut,
                               bool want_paths) const {
  const std::uint32_t src = out_of(s), dst = in_of(t);
  PairCut r;
  std::uint64_t flow = 0;
  for (;;) {
    if (flow >= bound) {
      r.bounded = true;
      break;
    }
    if (!augmenting_path(src, dst, w)) {
      if (want_cut) r.units = cut_units(src, w);
      break;
    }
    std::uint64_t b = kInf;
    for (std::uint32_t v = dst; v != src; v = head_[w.parent_arc[v] ^ 1]) b = std::min(b, w.residual[w.parent_arc[v]]);
    for (std::uint32_t v = dst; v != src; v = head_[w.parent_arc[v] ^ 1]) {
      const std::uint32_t a = w.parent_arc[v];
      w.residual[a] -= b;
      w.residual[a ^ 1] += b;
      w.touched.push_back(a);
    }
    if (b >= kInf) {  // a path no fault can cut
      flow = kUnbounded;
      r.bounded = false;
      break;
    }
    flow += b;
  }
  r.value = flow;
  if (want_paths) {
    if (flow == kUnbounded) {
      // Only the uncuttable path is of interest: keep it alone.
      std::vector<std::uint32_t> arcs;
      for (std::uint32_t v = dst; v != src; v = head_[w.parent_arc[v] ^ 1]) arcs.push_back(w.parent_arc[v]);
      std::reverse(arcs.begin(), arcs.end());
      r.paths.push_back(to_path(arcs));
      r.amounts.push_back(1);
    } else {
      decompose(src, dst, w, r);
    }
  }
  for (std::uint32_t a : w.touched) {
    w.residual[a] = capacity_[a];
    w.residual[a ^ 1] = capacity_[a ^ 1];
  }
  w.touched.clear();
  return r;
}

}  // namespace menger
