// Deliberately self-contained: its own BFS, twin classes and reduction pair
// lists, so that a bug in the engines cannot hide in the checker.
#include "verify/check/certificate_check.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/error.h"
#include "verify/check/automorphism_check.h"

namespace menger {

namespace {

class CertificateChecker {
 public:
  CertificateChecker(const ToleranceCertificate& c, const Network& net, const FaultModel& m, CheckReport& r, std::uint64_t work)
      : cert_(c), net_(net), m_(m), rep_(r), max_work_(work) {}

  void run() {
    check_duplicates();
    if (!rep_.problems.empty()) return;  // counts below would count something twice
    check_witness();
    if (cert_.kind == "disjoint-paths") check_paths();
    else if (cert_.kind == "exhaustive") check_exhaustive();
    else problem("unknown certificate kind '" + cert_.kind + "'");
    rep_.valid = rep_.problems.empty();
  }

 private:
  const ToleranceCertificate& cert_;
  const Network& net_;
  const FaultModel& m_;
  CheckReport& rep_;
  std::uint64_t max_work_;

  void problem(const std::string& why) {
    if (rep_.problems.size() < 10) rep_.problems.push_back(why);
  }
  std::string name(NodeId v) const { return v < net_.num_nodes() ? net_.label(v) : "#" + std::to_string(v); }
  bool is_terminal(NodeId v) const {
    const auto& t = m_.terminals();
    return std::binary_search(t.begin(), t.end(), v);
  }

  // --- connectivity under a fault set -------------------------------------

  struct Failed {
    std::vector<char> node, link;
  };
  Failed fail(const std::vector<std::size_t>& units) const {
    Failed f{std::vector<char>(net_.num_nodes(), 0), std::vector<char>(net_.num_links(), 0)};
    for (std::size_t u : units) {
      if (m_.universe().kind() == UnitKind::Link) f.link[m_.universe().link_of(u)] = 1;
      else
        for (NodeId v : m_.universe().nodes_of(u)) f.node[v] = 1;
    }
    return f;
  }
  // Nodes reachable from s by paths of at least one hop that relay only
  // through healthy switches and routers over healthy links.
  std::vector<char> reach(NodeId s, const Failed& f) const {
    std::vector<char> seen(net_.num_nodes(), 0);
    std::vector<NodeId> queue;
    auto expand = [&](NodeId v) {
      for (const PortSlot& p : net_.ports(v)) {
        if (!p.connected() || p.dir == PortDir::In || f.link[p.link] || f.node[p.peer] || seen[p.peer]) continue;
        seen[p.peer] = 1;
        queue.push_back(p.peer);
      }
    };
    expand(s);
    for (std::size_t i = 0; i < queue.size(); ++i)
      if (net_.forwards(queue[i])) expand(queue[i]);
    return seen;
  }
  // The first required pair (s, t) the fault set disconnects, if any.
  std::optional<std::pair<NodeId, NodeId>> broken_pair(const Failed& f) const {
    for (NodeId s : m_.terminals()) {
      if (f.node[s]) continue;
      const auto seen = reach(s, f);
      for (NodeId t : m_.terminals())
        if (!f.node[t] && m_.pair_required(s, t) && !seen[t]) return std::pair(s, t);
    }
    return std::nullopt;
  }

  // --- lists that name one thing twice -------------------------------------

  // A certificate is a set of claims; a list naming one thing twice would
  // count it twice (a fan target settling "one more" pair, a pair "checked"
  // twice, a witness unit weighing twice, a generator counted twice), so
  // every such list must be free of repeats.  Pairs are unordered on a
  // network without directed links, where (s, t) and (t, s) are one pair.
  void check_duplicates() {
    std::set<NodeId> fan;
    for (NodeId x : cert_.fan)
      if (!fan.insert(x).second) problem("the fan lists " + name(x) + " twice");
    const bool unordered = !net_.has_directed_links();
    std::set<std::pair<NodeId, NodeId>> pairs;
    for (const CertifiedPair& p : cert_.pairs) {
      const auto key = unordered ? std::pair{std::min(p.source, p.target), std::max(p.source, p.target)}
                                 : std::pair{p.source, p.target};
      if (!pairs.insert(key).second)
        problem("the certificate lists the pair " + name(p.source) + " -> " + name(p.target) + " twice");
    }
    if (cert_.witness) {
      std::set<std::size_t> units;
      for (std::size_t u : cert_.witness->units)
        if (!units.insert(u).second)
          problem("the witness names unit " +
                  (u < m_.universe().size() ? m_.universe().label(u) : "#" + std::to_string(u)) + " twice");
    }
    std::set<std::vector<NodeId>> generators;
    for (std::size_t i = 0; i < cert_.symmetry.size(); ++i)
      if (!generators.insert(cert_.symmetry[i]).second)
        problem("symmetry generator " + std::to_string(i) + " repeats an earlier one");
  }

  // --- witness ------------------------------------------------------------

  void check_witness() {
    if (!cert_.min_cut) {
      if (cert_.witness) problem("a witness is given although nothing is claimed to break");
      return;
    }
    if (!cert_.witness) return problem("no witness breaking set for min_cut " + std::to_string(*cert_.min_cut));
    const BreakingWitness& w = *cert_.witness;
    std::uint64_t weight = 0;
    for (std::size_t u : w.units) {
      if (u >= m_.universe().size()) return problem("the witness names a unit that does not exist");
      weight += m_.weight(u);
    }
    if (weight != *cert_.min_cut)
      problem("the witness weighs " + std::to_string(weight) + ", not min_cut " + std::to_string(*cert_.min_cut));
    if (w.source >= net_.num_nodes() || w.target >= net_.num_nodes() || !is_terminal(w.source) ||
        !is_terminal(w.target) || !m_.pair_required(w.source, w.target))
      return problem("the witness pair is not a required pair");
    const Failed f = fail(w.units);
    if (f.node[w.source] || f.node[w.target]) return problem("the witness fails an end of its own pair");
    if (reach(w.source, f)[w.target])
      problem("the witness does not disconnect " + name(w.source) + " from " + name(w.target));
  }

  // --- disjoint paths -----------------------------------------------------

  bool walk_ok(const UnitPath& p, NodeId s, NodeId t) {
    if (p.nodes.size() != p.ports.size() + 1 || p.nodes.front() != s || p.nodes.back() != t) {
      problem("a path of " + name(s) + " -> " + name(t) + " does not run between them");
      return false;
    }
    for (std::size_t i = 0; i < p.ports.size(); ++i) {
      const NodeId v = p.nodes[i];
      if (v >= net_.num_nodes() || p.ports[i] >= net_.num_ports(v)) return problem("a path leaves the network"), false;
      const PortSlot& slot = net_.port(v, p.ports[i]);
      if (!slot.connected() || slot.dir == PortDir::In || slot.peer != p.nodes[i + 1]) {
        problem("a path of " + name(s) + " -> " + name(t) + " takes port " + std::to_string(p.ports[i]) + " of " +
                name(v) + ", which does not lead to " + name(p.nodes[i + 1]));
        return false;
      }
      if (i > 0 && !net_.forwards(v)) {
        problem("a path of " + name(s) + " -> " + name(t) + " relays through endpoint " + name(v));
        return false;
      }
    }
    return true;
  }

  // Units a path would lose to (intermediate nodes and its links).
  std::vector<std::size_t> units_on(const UnitPath& p) const {
    std::vector<std::size_t> out;
    for (std::size_t i = 1; i + 1 < p.nodes.size(); ++i)
      if (auto u = m_.unit_of_node(p.nodes[i])) out.push_back(*u);
    for (std::size_t i = 0; i < p.ports.size(); ++i)
      if (auto u = m_.unit_of_link(net_.port(p.nodes[i], p.ports[i]).link)) out.push_back(*u);
    return out;
  }

  void check_pair(const CertifiedPair& p) {
    ++rep_.pairs_checked;
    if (p.source >= net_.num_nodes() || p.target >= net_.num_nodes() || !is_terminal(p.source) ||
        !is_terminal(p.target) || !m_.pair_required(p.source, p.target))
      return problem("certified pair " + name(p.source) + " -> " + name(p.target) + " is not a required pair");
    for (const UnitPath& path : p.paths) {
      ++rep_.paths_checked;
      if (!walk_ok(path, p.source, p.target)) return;
    }
    if (p.unbreakable) {
      if (p.paths.size() != 1 || !units_on(p.paths[0]).empty())
        problem("pair " + name(p.source) + " -> " + name(p.target) + " is called unbreakable but its path can fail");
      return;
    }
    if (!cert_.min_cut) return problem("pair " + name(p.source) + " -> " + name(p.target) + " is not unbreakable");
    std::map<std::size_t, std::uint64_t> load;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < p.paths.size(); ++i) {
      total += p.amounts[i];
      for (std::size_t u : units_on(p.paths[i])) load[u] += p.amounts[i];
    }
    if (total < *cert_.min_cut)
      problem("pair " + name(p.source) + " -> " + name(p.target) + " carries " + std::to_string(total) +
              " units of flow, less than " + std::to_string(*cert_.min_cut));
    for (const auto& [u, l] : load)
      if (l > m_.weight(u))
        return problem("pair " + name(p.source) + " -> " + name(p.target) + ": unit " + m_.universe().label(u) +
                       " carries " + std::to_string(l) + " paths (weight " + std::to_string(m_.weight(u)) + ")");
  }

  bool all_routers_undirected() const {
    if (net_.has_directed_links()) return false;
    for (NodeId v = 0; v < net_.num_nodes(); ++v)
      if (net_.kind(v) != NodeKind::Router) return false;
    return m_.spec().pairs == PairChoice::AllTerminals;
  }

  // Pairs the named reduction needs, as unordered or ordered keys.
  std::set<std::pair<NodeId, NodeId>> pivot_pairs() {
    std::set<std::pair<NodeId, NodeId>> need;
    const NodeId v = cert_.pivot;
    if (v >= net_.num_nodes()) return problem("the reduction names no pivot node"), need;
    std::set<NodeId> nb;
    for (const PortSlot& p : net_.ports(v))
      if (p.connected()) nb.insert(p.peer);
    if (cert_.reduction == "single-source") {
      for (NodeId w = 0; w < net_.num_nodes(); ++w)
        if (w != v) need.emplace(std::min(v, w), std::max(v, w));
      return need;
    }
    for (NodeId w = 0; w < net_.num_nodes(); ++w)
      if (w != v && !nb.count(w)) need.emplace(std::min(v, w), std::max(v, w));
    if (m_.unit_of_node(v))  // v may fail: pairs of its non-adjacent neighbours
      for (NodeId x : nb)
        for (NodeId y : nb) {
          if (x >= y) continue;
          bool adjacent = false;
          for (const PortSlot& p : net_.ports(x)) adjacent |= p.connected() && p.peer == y;
          if (!adjacent) need.emplace(x, y);
        }
    return need;
  }

  // The generators the certificate names, each re-validated as an
  // automorphism of the fault model (automorphism_check.h, no nauty) that
  // fixes `fixed`; false (with a problem) when one is not.
  bool symmetry_valid(NodeId fixed) {
    for (std::size_t i = 0; i < cert_.symmetry.size(); ++i) {
      const auto& g = cert_.symmetry[i];
      if (auto why = automorphism_problem(m_, g))
        return problem("symmetry generator " + std::to_string(i) + " is not an automorphism: " + *why), false;
      if (g[fixed] != fixed) return problem("symmetry generator " + std::to_string(i) + " moves the pivot"), false;
    }
    return true;
  }

  // Which required pairs are settled: a pair is when its orbit under the
  // certificate's group (just itself without one) holds a certified pair.
  struct Settled {
    std::map<std::pair<NodeId, NodeId>, std::size_t> orbit;  // need pair -> orbit root index
    std::set<std::size_t> certified;                         // orbits with a certified pair
    bool operator()(NodeId a, NodeId b) const {
      const auto it = orbit.find({std::min(a, b), std::max(a, b)});
      return it != orbit.end() && certified.count(it->second);
    }
  };

  Settled settle(const std::vector<std::pair<NodeId, NodeId>>& need) {
    Settled s;
    const auto roots = pair_orbit_roots(need, cert_.symmetry, true);
    for (std::size_t i = 0; i < need.size(); ++i) s.orbit.emplace(need[i], roots[i]);
    for (const auto& p : cert_.pairs) {
      const auto it = s.orbit.find({std::min(p.source, p.target), std::max(p.source, p.target)});
      if (it != s.orbit.end()) s.certified.insert(it->second);
    }
    return s;
  }

  void check_pivot_reduction() {
    if (!all_routers_undirected())
      return problem("reduction " + cert_.reduction + " needs a bidirectional network of routers and pairs=all");
    const bool links = m_.universe().kind() == UnitKind::Link;
    if (cert_.reduction == "single-source" && !links) return problem("single-source needs link faults");
    if (cert_.reduction == "esfahanian-hakimi") {
      if (links) return problem("esfahanian-hakimi needs node faults");
      for (std::size_t u = 0; u < m_.universe().size(); ++u)
        if (m_.universe().nodes_of(u).size() != 1) return problem("esfahanian-hakimi needs single-node units");
    }
    const auto need_set = pivot_pairs();
    if (!rep_.problems.empty() || !symmetry_valid(cert_.pivot)) return;
    const std::vector<std::pair<NodeId, NodeId>> need(need_set.begin(), need_set.end());
    const Settled settled = settle(need);
    // Orbits whose pivot pair a fan target settles by the lemma.
    std::set<std::size_t> fanned;
    for (NodeId x : cert_.fan) {
      const auto it = settled.orbit.find({std::min(cert_.pivot, x), std::max(cert_.pivot, x)});
      if (it != settled.orbit.end() && fan_holds(x, settled)) fanned.insert(it->second);
    }
    for (const auto& pair : need) {
      const std::size_t orbit = settled.orbit.at(pair);
      if (settled.certified.count(orbit) || fanned.count(orbit)) continue;
      const NodeId x = pair.first == cert_.pivot ? pair.second : pair.first;
      const bool in_fan = std::find(cert_.fan.begin(), cert_.fan.end(), x) != cert_.fan.end();
      if (in_fan)
        return problem("the fan lemma does not settle " + name(x) + ": a neighbour is unsettled or they weigh too little");
      return problem("reduction " + cert_.reduction + " needs pair " + name(pair.first) + " - " + name(pair.second) +
                     (cert_.symmetry.empty() ? "" : " (or a pair of its orbit)"));
    }
  }

  // The fan lemma (pair_plan.h), checked here from scratch: every neighbour u of
  // x is settled (its pair with the pivot, or a pair of that pair's orbit, is
  // certified; under node faults also adjacency to the pivot; under link
  // faults u may be the pivot), and the neighbours (node faults) or links
  // (link faults) weigh at least min_cut.
  bool fan_holds(NodeId x, const Settled& settled) const {
    if (!cert_.min_cut) return false;
    const NodeId v = cert_.pivot;
    const bool links = m_.universe().kind() == UnitKind::Link;
    std::set<NodeId> adjacent_to_v;
    for (const PortSlot& p : net_.ports(v))
      if (p.connected()) adjacent_to_v.insert(p.peer);
    if (!links && adjacent_to_v.count(x)) return false;
    std::uint64_t weight = 0;
    for (const PortSlot& p : net_.ports(x)) {
      if (!p.connected()) continue;
      const NodeId u = p.peer;
      const bool certified = settled(v, u);
      if (links) {
        if (u != v && !certified) return false;
        const auto unit = m_.unit_of_link(p.link);
        weight += unit ? m_.weight(*unit) : *cert_.min_cut;
      } else {
        if (u == v || (!certified && !adjacent_to_v.count(u))) return false;
        const auto unit = m_.unit_of_node(u);
        weight += unit ? m_.weight(*unit) : *cert_.min_cut;
      }
    }
    return weight >= *cert_.min_cut;
  }

  // Twin classes computed here from scratch: same kind, same fault weight,
  // same multisets of in- and out-neighbours.
  std::vector<std::size_t> twin_class_of() const {
    std::map<std::vector<std::uint64_t>, std::size_t> ids;
    std::vector<std::size_t> cls(net_.num_nodes(), SIZE_MAX);
    const bool reduce = !(m_.weighted() && m_.universe().kind() == UnitKind::Link);
    for (NodeId v : m_.terminals()) {
      std::vector<std::uint64_t> key{static_cast<std::uint64_t>(net_.kind(v))};
      const auto u = m_.unit_of_node(v);
      key.push_back(u ? m_.weight(*u) : 0);
      std::vector<std::uint64_t> outs, ins;
      for (const PortSlot& p : net_.ports(v)) {
        if (!p.connected()) continue;
        if (p.dir != PortDir::In) outs.push_back(p.peer);
        if (p.dir != PortDir::Out) ins.push_back(p.peer);
      }
      std::sort(outs.begin(), outs.end());
      std::sort(ins.begin(), ins.end());
      key.push_back(outs.size());
      key.insert(key.end(), outs.begin(), outs.end());
      key.insert(key.end(), ins.begin(), ins.end());
      if (!reduce) key.push_back(v);
      cls[v] = ids.emplace(key, ids.size()).first->second;
    }
    return cls;
  }

  void check_twin_reduction() {
    const auto cls = twin_class_of();
    const bool ordered = net_.has_directed_links();
    std::map<std::size_t, std::vector<NodeId>> members;
    for (NodeId v : m_.terminals()) members[cls[v]].push_back(v);
    // What the pairs cover: (class, class, same node?) keys.
    std::set<std::tuple<std::size_t, std::size_t, bool>> have;
    for (const auto& p : cert_.pairs) {
      std::size_t a = cls[p.source], b = cls[p.target];
      if (!ordered && a > b) std::swap(a, b);
      have.emplace(a, b, p.source == p.target);
    }
    for (const auto& [a, ma] : members)
      for (const auto& [b, mb] : members) {
        if (!ordered && b < a) continue;
        if (a != b && !have.count({a, b, false}))
          return problem("no certified pair stands for " + name(ma[0]) + " -> " + name(mb[0]));
        if (a == b && ma.size() > 1 && !have.count({a, a, false}))
          return problem("no certified pair stands for two twins of " + name(ma[0]));
        if (a == b && m_.pair_required(ma[0], ma[0]) && !have.count({a, a, true}))
          return problem("no certified pair stands for " + name(ma[0]) + " -> itself");
      }
  }

  // pair-orbits: the generators are re-checked as automorphisms, the orbits of
  // the required pairs recomputed here, and each must hold a certified pair.
  void check_pair_orbit_reduction() {
    for (std::size_t i = 0; i < cert_.symmetry.size(); ++i)
      if (auto why = automorphism_problem(m_, cert_.symmetry[i]))
        return problem("symmetry generator " + std::to_string(i) + " is not an automorphism: " + *why);
    const auto& terms = m_.terminals();
    if (terms.size() > 65'536) return problem("pair-orbits over more than 65,536 terminals is not checked");
    const bool unordered = !net_.has_directed_links();
    const auto root = terminal_pair_orbit_roots(terms, cert_.symmetry, unordered);
    std::map<NodeId, std::size_t> index;
    for (std::size_t i = 0; i < terms.size(); ++i) index.emplace(terms[i], i);
    std::set<std::uint32_t> certified;
    for (const auto& p : cert_.pairs) {  // a pair of non-terminals is reported by check_pair
      const auto a = index.find(p.source), b = index.find(p.target);
      if (a != index.end() && b != index.end()) certified.insert(root[a->second * terms.size() + b->second]);
    }
    for (std::size_t i = 0; i < terms.size(); ++i)
      for (std::size_t j = 0; j < terms.size(); ++j)
        if (m_.pair_required(terms[i], terms[j]) && !certified.count(root[i * terms.size() + j]))
          return problem("no certified pair stands for " + name(terms[i]) + " -> " + name(terms[j]) +
                         " (nor for any pair of its orbit)");
  }

  void check_paths() {
    for (const CertifiedPair& p : cert_.pairs) check_pair(p);
    if (!cert_.symmetry.empty() && cert_.reduction == "twin-classes")
      return problem("twin-classes takes no symmetry generators (pair-orbits does)");
    if (cert_.reduction == "esfahanian-hakimi" || cert_.reduction == "single-source") check_pivot_reduction();
    else if (cert_.reduction == "twin-classes") check_twin_reduction();
    else if (cert_.reduction == "pair-orbits") check_pair_orbit_reduction();
    else problem("unknown reduction '" + cert_.reduction + "'");
  }

  // --- exhaustive ---------------------------------------------------------

  // No finite min_cut: nothing breaks.  Faults only take paths away, so it
  // suffices that every required pair stays connected when every unit fails
  // except those of its own two ends (the largest fault set under which the
  // pair is still required).
  void check_nothing_breaks() {
    const std::uint64_t per_pair = net_.num_nodes() + net_.num_arcs();
    std::uint64_t work = 0;
    for (NodeId s : m_.terminals())
      for (NodeId t : m_.terminals()) {
        if (!m_.pair_required(s, t)) continue;
        if ((work += per_pair) > max_work_)
          return problem("exhaustive check refused: more than " + std::to_string(max_work_) + " search steps");
        std::vector<std::size_t> others;
        for (std::size_t u = 0; u < m_.universe().size(); ++u)
          if (!holds_node(u, s) && !holds_node(u, t)) others.push_back(u);
        ++rep_.sets_enumerated;
        if (!reach(s, fail(others))[t])
          return problem("failing every unit but those of " + name(s) + " and " + name(t) + " disconnects them");
      }
  }
  bool holds_node(std::size_t u, NodeId v) const {
    if (m_.universe().kind() == UnitKind::Link) return false;
    const auto& nodes = m_.universe().nodes_of(u);
    return std::find(nodes.begin(), nodes.end(), v) != nodes.end();
  }

  void check_exhaustive() {
    if (!cert_.min_cut) return check_nothing_breaks();
    const std::uint64_t limit = *cert_.min_cut;  // enumerate sets of weight < limit
    if (limit == 0) return;  // no lighter set: broken without faults, which the witness shows
    const std::uint64_t per_set = (net_.num_nodes() + net_.num_arcs()) * std::max<std::uint64_t>(1, m_.terminals().size());
    std::vector<std::size_t> chosen;
    bool stop = false;
    std::uint64_t work = 0;
    std::function<void(std::size_t, std::uint64_t)> grow = [&](std::size_t from, std::uint64_t weight) {
      if (stop) return;
      ++rep_.sets_enumerated;
      work += per_set;
      if (work > max_work_) {
        problem("exhaustive check refused: more than " + std::to_string(max_work_) + " search steps");
        stop = true;
        return;
      }
      if (auto broken = broken_pair(fail(chosen))) {
        std::string set;
        for (std::size_t u : chosen) set += (set.empty() ? "" : ", ") + m_.universe().label(u);
        problem("fault set {" + set + "} of weight " + std::to_string(weight) + " < " + std::to_string(limit) +
                " disconnects " + name(broken->first) + " -> " + name(broken->second));
        stop = true;
        return;
      }
      for (std::size_t u = from; u < m_.universe().size() && !stop; ++u)
        if (weight + m_.weight(u) < limit) {
          chosen.push_back(u);
          grow(u + 1, weight + m_.weight(u));
          chosen.pop_back();
        }
    };
    grow(0, 0);
  }
};

}  // namespace

CheckReport check_certificate(const ToleranceCertificate& cert, const SpecResolver& specs, std::uint64_t max_work) {
  CheckReport rep;
  if (!specs.topology) throw InputError("no model registry to build '" + cert.model + "' with");
  auto topology = specs.topology(cert.model);
  Network net(topology, specs.budget);
  FaultModel model(net, cert.faults, specs.budget);
  CertificateChecker(cert, net, model, rep, max_work).run();
  if (rep.valid) {
    rep.summary = cert.min_cut ? "least breaking weight is exactly " + std::to_string(*cert.min_cut) +
                                     ": the witness breaks, and " +
                                     (cert.kind == "exhaustive"
                                          ? std::to_string(rep.sets_enumerated) + " lighter fault sets all survive"
                                          : std::to_string(rep.pairs_checked) + " pairs carry enough disjoint paths" +
                                                (cert.fan.empty() ? "" : " and the fan lemma settles " +
                                                                             std::to_string(cert.fan.size()) + " more") +
                                                " (" + cert.reduction +
                                                (cert.symmetry.empty() ? "" : ", each standing for its orbit under " +
                                                     std::to_string(cert.symmetry.size()) + " checked automorphisms") + ")")
                               : cert.kind == "exhaustive"
                                   ? "no fault set disconnects a required pair: each of " +
                                         std::to_string(rep.sets_enumerated) +
                                         " required pairs survives the failure of every unit but its ends' own"
                                   : "no fault set disconnects a required pair: every planned pair has an unbreakable path";
  }
  return rep;
}

}  // namespace menger
