#include "verify/tolerance/unit_flow.h"

#include <algorithm>

#include "core/error.h"

namespace menger {

namespace {

// Capacity of an arc no fault can cut; large, yet far from overflow when added.
constexpr std::uint64_t kInf = std::uint64_t{1} << 60;
constexpr std::uint32_t kNone = UINT32_MAX;

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

UnitFlowNetwork::UnitFlowNetwork(const FaultModel& model, const Budget& budget) : model_(&model) {
  const Network& net = model.network();
  in_.resize(net.num_nodes());
  out_.resize(net.num_nodes());
  for (NodeId v = 0; v < net.num_nodes(); ++v) {
    if ((v & 0xffff) == 0) budget.check("building the flow network", v, net.num_nodes());
    const bool split = !net.forwards(v) || model.unit_of_node(v);
    in_[v] = vertices_++;
    out_[v] = split ? vertices_++ : in_[v];
    node_of_vertex_.push_back(v);
    if (split) node_of_vertex_.push_back(v);
  }
  std::vector<std::vector<std::uint32_t>> out(vertices_);
  for (NodeId v = 0; v < net.num_nodes(); ++v)
    if (net.forwards(v) && in_[v] != out_[v])
      add_arc(in_[v], out_[v], model.weight(*model.unit_of_node(v)), Meaning{true, v, 0, kNoLink}, out);
  const bool link_units = model.universe().kind() == UnitKind::Link;
  link_arcs_.assign(net.num_links(), {kNone, kNone});
  for (LinkId l = 0; l < net.num_links(); ++l) {
    if ((l & 0xffff) == 0) budget.check("building the flow network", l, net.num_links());
    const Link& k = net.link(l);
    const auto unit = link_units ? model.unit_of_link(l) : std::nullopt;
    const std::uint64_t cap = unit ? model.weight(*unit) : kInf;
    link_arcs_[l][0] = add_arc(out_[k.a], in_[k.b], cap, Meaning{false, k.a, k.pa, l}, out);
    if (!k.directed) link_arcs_[l][1] = add_arc(out_[k.b], in_[k.a], cap, Meaning{false, k.b, k.pb, l}, out);
  }
  first_.assign(vertices_ + 1, 0);
  for (std::uint32_t v = 0; v < vertices_; ++v) first_[v + 1] = first_[v] + out[v].size();
  for (auto& list : out)
    for (std::uint32_t a : list) adj_.push_back(Out{a, head_[a]});
}

UnitFlowNetwork::Workspace UnitFlowNetwork::make_workspace() const {
  Workspace w;
  w.residual = capacity_;
  w.parent_arc.assign(vertices_, 0);
  w.child_arc.assign(vertices_, 0);
  w.mark.assign(vertices_, {});
  w.queue.assign(vertices_, 0);
  w.back_queue.assign(vertices_, 0);
  w.position.assign(vertices_, kNone);
  return w;
}

// Bidirectional BFS: grows the smaller frontier by one level at a time; on
// meeting, w.path holds the arcs src -> meet -> dst.
bool UnitFlowNetwork::augmenting_path(std::uint32_t src, std::uint32_t dst, Workspace& w) const {
  // Raw pointers: the hot loop then needs no vector bookkeeping, and the
  // compiler need not fear that writing a mark moves a queue.
  const std::uint32_t epoch = ++w.epoch;
  const Out* adj = adj_.data();
  const std::uint64_t* first = first_.data();
  const std::uint64_t* residual = w.residual.data();
  Workspace::Marks* mark = w.mark.data();
  std::uint32_t* fq = w.queue.data();       // both sized to the vertex count
  std::uint32_t* bq = w.back_queue.data();
  std::uint32_t* parent = w.parent_arc.data();
  std::uint32_t* child = w.child_arc.data();
  std::size_t f_head = 0, f_tail = 0, b_head = 0, b_tail = 0;
  fq[f_tail++] = src;
  bq[b_tail++] = dst;
  mark[src].fwd = epoch;
  mark[dst].back = epoch;
  std::uint32_t meet = kNone;
  while (meet == kNone && f_head < f_tail && b_head < b_tail) {
    if (f_tail - f_head <= b_tail - b_head) {  // grow the smaller frontier by one level
      for (const std::size_t end = f_tail; f_head < end && meet == kNone; ++f_head) {
        const std::uint32_t v = fq[f_head];
        for (std::uint64_t i = first[v]; i < first[v + 1]; ++i) {
          const Out o = adj[i];
          if (residual[o.arc] == 0 || mark[o.head].fwd == epoch) continue;
          mark[o.head].fwd = epoch;
          parent[o.head] = o.arc;
          if (mark[o.head].back == epoch) {
            meet = o.head;
            break;
          }
          fq[f_tail++] = o.head;
        }
      }
    } else {
      for (const std::size_t end = b_tail; b_head < end && meet == kNone; ++b_head) {
        const std::uint32_t v = bq[b_head];
        for (std::uint64_t i = first[v]; i < first[v + 1]; ++i) {
          const Out o = adj[i];  // the arc o.arc ^ 1 runs o.head -> v
          if (residual[o.arc ^ 1] == 0 || mark[o.head].back == epoch) continue;
          mark[o.head].back = epoch;
          child[o.head] = o.arc ^ 1;
          if (mark[o.head].fwd == epoch) {
            meet = o.head;
            break;
          }
          bq[b_tail++] = o.head;
        }
      }
    }
  }
  if (meet == kNone) return false;
  w.path.clear();
  for (std::uint32_t v = meet; v != src; v = head_[parent[v] ^ 1]) w.path.push_back(parent[v]);
  std::reverse(w.path.begin(), w.path.end());
  for (std::uint32_t v = meet; v != dst; v = head_[child[v]]) w.path.push_back(child[v]);
  return true;
}

void UnitFlowNetwork::source_side(std::uint32_t src, Workspace& w) const {
  ++w.epoch;
  w.side.assign(1, src);
  w.mark[src].fwd = w.epoch;
  for (std::size_t head = 0; head < w.side.size(); ++head) {
    const std::uint32_t v = w.side[head];
    for (std::uint64_t i = first_[v]; i < first_[v + 1]; ++i) {
      const auto [a, u] = adj_[i];
      if (w.residual[a] == 0 || w.mark[u].fwd == w.epoch) continue;
      w.mark[u].fwd = w.epoch;
      w.side.push_back(u);
    }
  }
}

std::optional<std::size_t> UnitFlowNetwork::unit_of_arc(std::uint32_t arc) const {
  const Meaning& m = meaning_[arc / 2];
  if (m.relay) return model_->unit_of_node(m.node);
  return model_->universe().kind() == UnitKind::Link ? model_->unit_of_link(m.link) : std::nullopt;
}

// Units of the arcs leaving the source side (w.side after source_side).
std::vector<std::size_t> UnitFlowNetwork::cut_units(Workspace& w) const {
  std::vector<std::size_t> units;
  for (std::uint32_t v : w.side)
    for (std::uint64_t i = first_[v]; i < first_[v + 1]; ++i) {
      const std::uint32_t a = adj_[i].arc;
      if (a % 2 != 0 || w.mark[adj_[i].head].fwd == w.epoch) continue;  // reverse arc, or stays on the source side
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
    if (m.relay) continue;
    p.nodes.push_back(m.node);
    p.ports.push_back(m.port);
  }
  p.nodes.push_back(node_of_vertex_[head_[arcs.back()]]);  // the target
  return p;
}

// Opposite flows on one bidirectional link form a 2-cycle between unsplit
// nodes; cancelling it keeps the flow's value and makes the paths link-disjoint.
void UnitFlowNetwork::cancel_opposite_link_flows(Workspace& w) const {
  for (std::uint32_t a : w.touched) {
    const Meaning& m = meaning_[a / 2];
    if (a % 2 != 0 || m.relay) continue;
    const auto [e1, e2] = link_arcs_[m.link];
    if (e2 == kNone) continue;
    const std::uint64_t x = std::min(flow_on(e1, w), flow_on(e2, w));
    if (x == 0) continue;
    for (std::uint32_t e : {e1, e2}) {
      w.residual[e] += x;
      w.residual[e ^ 1] -= x;
    }
  }
}

// Peels paths off the flow (walking arcs that carry flow from src to dst,
// cancelling any cycle met on the way) and returns the flow to the residual.
void UnitFlowNetwork::decompose(std::uint32_t src, std::uint32_t dst, Workspace& w, PairCut& out) const {
  if (model_->universe().kind() == UnitKind::Link) cancel_opposite_link_flows(w);
  std::vector<std::uint32_t> arcs;
  std::vector<std::uint32_t>& at = w.position;  // all kNone between walks
  for (;;) {
    arcs.clear();
    std::uint32_t v = src;
    at[src] = 0;
    std::vector<std::uint32_t> walk{src};
    while (v != dst) {
      std::uint32_t next = kNone;
      for (std::uint64_t i = first_[v]; i < first_[v + 1] && next == kNone; ++i)
        if (adj_[i].arc % 2 == 0 && flow_on(adj_[i].arc, w) > 0) next = adj_[i].arc;
      if (next == kNone) break;  // no flow leaves: done
      const std::uint32_t u = head_[next];
      if (at[u] != kNone) {  // a cycle: cancel it and resume from u
        std::uint64_t amount = flow_on(next, w);
        for (std::size_t k = at[u]; k < arcs.size(); ++k) amount = std::min(amount, flow_on(arcs[k], w));
        auto cancel = [&](std::uint32_t a) {
          w.residual[a] += amount;
          w.residual[a ^ 1] -= amount;
        };
        cancel(next);
        for (std::size_t k = at[u]; k < arcs.size(); ++k) cancel(arcs[k]);
        for (std::size_t k = at[u] + 1; k < walk.size(); ++k) at[walk[k]] = kNone;
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
    for (std::uint32_t x : walk) at[x] = kNone;
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
  const std::uint32_t src = out_[s], dst = in_[t];
  MENGER_ASSERT(src != dst, "a pair of one unsplit node");
  PairCut r;
  std::uint64_t flow = 0;
  for (;;) {
    if (flow >= bound) {
      r.bounded = true;
      break;
    }
    if (!augmenting_path(src, dst, w)) {
      if (want_cut) {
        source_side(src, w);
        r.units = cut_units(w);
      }
      break;
    }
    std::uint64_t b = kInf;
    for (std::uint32_t a : w.path) b = std::min(b, w.residual[a]);
    for (std::uint32_t a : w.path) {
      w.residual[a] -= b;
      w.residual[a ^ 1] += b;
      w.touched.push_back(a);
    }
    if (b >= kInf) {  // a path no fault can cut
      flow = kUnbounded;
      break;
    }
    flow += b;
  }
  r.value = flow;
  if (want_paths) {
    if (flow == kUnbounded) {
      r.paths.push_back(to_path(w.path));  // only the uncuttable path matters
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
