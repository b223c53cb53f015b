#include "verify/check/deadlock_proof_check.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "core/error.h"
#include "core/hop_limit.h"
#include "core/json_io.h"
#include "verify/check/deadlock_evidence_check.h"
#include "verify/check/leaf_fault_view.h"
#include "verify/check/proof_generators.h"
#include "verify/check/routing_symmetry_check.h"
#include "verify/deadlock/deadlock_proof.h"
#include "verify/evidence_inputs.h"

namespace menger {

namespace {

using Units = std::vector<std::size_t>;
constexpr std::size_t kMaxProblems = 8;
constexpr std::size_t kBatch = 16;            // records whose certificates are checked side by side
constexpr std::size_t kCommutationPairs = 2;  // packets replayed through a generator per record with faults

struct Question {
  std::string model, routing, faults, switching;
  std::uint32_t k = 0;
  std::optional<std::uint32_t> buffers;
};

Question read_question(const nlohmann::json& j) {
  require_keys(j, {"model", "routing", "faults", "k", "switching", "buffers"}, "proof question");
  Question q;
  q.model = json_at<std::string>(j, "model");
  q.routing = json_at<std::string>(j, "routing");
  q.faults = json_at<std::string>(j, "faults");
  q.k = json_at<std::uint32_t>(j, "k");
  if (q.k > 64) throw InputError("proof question: k " + std::to_string(q.k) + " is beyond 64");
  q.switching = json_at<std::string>(j, "switching");
  if (q.switching != "default" && q.switching != "wormhole" && q.switching != "cut-through")
    throw InputError("proof question: switching '" + q.switching + "' is not default, wormhole or cut-through");
  if (!j.contains("buffers")) throw InputError("proof question: missing field 'buffers'");
  if (!j["buffers"].is_null()) q.buffers = json_at<std::uint32_t>(j, "buffers");
  return q;
}

struct Shared {
  RouteSetup setup;
  Question q;
  std::vector<ProofGenerator> gens;
  std::vector<std::pair<NodeId, NodeId>> pairs;  // required pairs, for the commutation runs
  Budget budget;
  const FaultModel& model() const { return *setup.model; }
  std::string labels(const Units& set) const {
    std::string s = "{";
    for (std::size_t i = 0; i < set.size(); ++i) s += (i ? "," : "") + model().universe().label(set[i]);
    return s + "}";
  }
};

// Sorted, distinct units of the model.
std::string units_problem(const Units& u, std::size_t universe, const char* what) {
  for (std::size_t i = 0; i < u.size(); ++i) {
    if (u[i] >= universe) return std::string(what) + " names unit " + std::to_string(u[i]) + ", which does not exist";
    if (i && u[i] <= u[i - 1]) return std::string(what) + " is not sorted and distinct";
  }
  return "";
}

// The record's own fields (step 4) and its certificate (step 1).
std::string record_problem(const Shared& sh, const DeadlockProofRecord& r) {
  const FaultModel& m = sh.model();
  const std::size_t universe = m.universe().size();
  if (auto why = units_problem(r.set, universe, "its set"); !why.empty()) return why;
  if (auto why = units_problem(r.reads, universe, "its reads"); !why.empty()) return why;
  if (r.set.size() > sh.q.k) return "its set has more than k = " + std::to_string(sh.q.k) + " units";
  DeadlockScope scope;
  scope.state.assign(universe, Decided::No);
  scope.left = sh.q.k - static_cast<std::uint32_t>(r.set.size());
  for (std::size_t u : r.reads) scope.state[u] = Decided::Healthy;
  for (std::size_t u : r.set) {
    if (scope.state[u] == Decided::Healthy) return "it reads unit " + m.universe().label(u) + ", which its set holds";
    scope.state[u] = Decided::Faulty;
  }
  DeadlockEvidence e;
  try {
    e = deadlock_evidence_from_json(r.evidence);
  } catch (const InputError& x) {
    return std::string("its certificate: ") + x.what();
  }
  if (e.deadlock) return "its evidence is a deadlock witness, not a certificate";
  if (e.model != sh.q.model || e.routing != sh.q.routing || e.faults_model != sh.q.faults)
    return "its certificate is of another question (" + e.routing + " on " + e.model + ")";
  std::vector<std::string> labels, want;
  for (std::size_t u : r.set) want.push_back(m.universe().label(u));
  labels = e.fault_set;
  std::sort(labels.begin(), labels.end());
  std::sort(want.begin(), want.end());
  if (labels != want) return "its certificate is of another fault set";
  if (sh.q.switching != "default" && !e.switching.empty() && e.switching != sh.q.switching)
    return "its certificate assumes " + e.switching + " switching, the question " + sh.q.switching;
  if (sh.q.switching == "wormhole" && e.cut_through) return "its certificate assumes cut-through, the question wormhole";
  if (sh.q.buffers && e.switching == "cut-through" && e.buffers != *sh.q.buffers)
    return "its certificate assumes " + std::to_string(e.buffers) + " buffers, the question " + std::to_string(*sh.q.buffers);
  const EvidenceCheck c = check_deadlock_evidence(e, sh.setup, sh.budget, scope);
  if (!c.valid) return "its certificate does not check: " + (c.problems.empty() ? std::string("?") : c.problems.front());
  return "";
}

// Packet s -> d under `here` and packet g(s) -> g(d) under `there`, walked in
// lockstep through every configuration: at each, the hops offered must be
// the same in number and order, port, VC and bubble mark, and lead to the
// image of the same neighbour.  Stronger than comparing one delivered branch:
// an adaptive routing's every choice is compared.  Why not, or nullopt.
std::optional<std::string> lockstep_problem(const Routing& routing, const Network& net, const Permutation& g,
                                            CheckerFaultView& here, CheckerFaultView& there, NodeId s, NodeId d,
                                            std::uint32_t limit) {
  struct Pair {
    NodeId a, b;
    PacketState sa, sb;
    std::uint32_t depth;
  };
  here.at(s);
  there.at(g[s]);
  std::vector<Pair> stack{{s, g[s], routing.start(s, d, here), routing.start(g[s], g[d], there), 0}};
  std::set<std::pair<NodeId, PacketState>> seen;
  Hops ha, hb;
  while (!stack.empty()) {
    const Pair p = stack.back();
    stack.pop_back();
    if (p.a == d || p.depth > limit || !seen.emplace(p.a, p.sa).second) continue;
    ha.clear();
    hb.clear();
    here.at(p.a);
    routing.next(p.a, p.sa, d, here, ha);
    there.at(p.b);
    routing.next(p.b, p.sb, g[d], there, hb);
    const std::string where = " at " + net.label(p.a) + " for " + net.label(s) + " -> " + net.label(d);
    if (ha.size() != hb.size())
      return std::to_string(ha.size()) + " hops offered" + where + ", " + std::to_string(hb.size()) + " at its image";
    for (std::size_t i = 0; i < ha.size(); ++i) {
      const Hop &x = ha[i], &y = hb[i];
      if (x.port != y.port || x.vc != y.vc || x.bubble != y.bubble)
        return "hop " + std::to_string(i) + where + " leaves by port " + std::to_string(x.port) + " vc " +
               std::to_string(x.vc) + ", its image by port " + std::to_string(y.port) + " vc " + std::to_string(y.vc);
      if (x.port >= net.num_ports(p.a) || y.port >= net.num_ports(p.b)) continue;
      const PortSlot &pa = net.port(p.a, x.port), &pb = net.port(p.b, y.port);
      if (!pa.connected() || !pb.connected()) continue;
      if (g[pa.peer] != pb.peer) return "hop " + std::to_string(i) + where + " does not lead to the image of its node";
      if (here.hop_blocked(pa) != there.hop_blocked(pb)) return "hop " + std::to_string(i) + where + " is blocked on one side only";
      if (!here.hop_blocked(pa)) stack.push_back({pa.peer, pb.peer, x.state, y.state, p.depth + 1});
    }
  }
  return std::nullopt;
}

// Step 3 on this record: packets replayed under its view and, mapped through
// a generator, under the image view.  The fault-free record (the empty set)
// replays every required pair through every generator; every other record
// two pairs, spread over the pairs, through generator index % |gens|.
std::string commutation_problem_of(const Shared& sh, const DeadlockProofRecord& r, std::size_t index,
                                   std::uint64_t& runs) {
  if (sh.gens.empty() || sh.pairs.empty()) return "";
  const FaultModel& m = sh.model();
  const std::size_t universe = m.universe().size();
  const std::uint32_t left = sh.q.k - static_cast<std::uint32_t>(r.set.size());
  const FaultKnowledge knowledge = sh.setup.routing->knowledge();
  const std::uint32_t limit = hop_limit_for(m.network(), 0);
  ReplayScratch scratch;
  const bool whole = r.set.empty();
  const std::size_t first_gen = whole ? 0 : index % sh.gens.size(), last_gen = whole ? sh.gens.size() : first_gen + 1;
  for (std::size_t gi = first_gen; gi < last_gen; ++gi) {
    const ProofGenerator& g = sh.gens[gi];
    std::vector<Decided> state(universe, Decided::No), image(universe, Decided::No);
    FaultSet faulty(universe), mapped(universe);
    for (std::size_t u : r.reads) state[u] = Decided::Healthy, image[g.units[u]] = Decided::Healthy;
    for (std::size_t u : r.set) {
      state[u] = Decided::Faulty, image[g.units[u]] = Decided::Faulty;
      faulty.insert(u);
      mapped.insert(g.units[u]);
    }
    const std::size_t count = whole ? sh.pairs.size() : kCommutationPairs;
    for (std::size_t j = 0; j < count; ++j) {
      if (j % 256 == 0) sh.budget.check("replaying packets through the proof's generators");
      const auto [s, d] = whole ? sh.pairs[j] : sh.pairs[(index * kCommutationPairs + j) * 7919 % sh.pairs.size()];
      const auto endpoint_failed = [&](NodeId v) {
        auto u = m.unit_of_node(v);
        return u && faulty.contains(*u);
      };
      if (endpoint_failed(s) || endpoint_failed(d)) continue;
      LeafFaultView here(m, knowledge, state, faulty, left), there(m, knowledge, image, mapped, left);
      ++runs;
      try {
        if (auto why = lockstep_problem(*sh.setup.routing, m.network(), g.nodes, here, there, s, d, limit))
          return "the routing does not commute with generator " + std::to_string(gi) + ": " + *why;
      } catch (const UndecidedQuestion& u) {
        return "the packet " + m.network().label(s) + " -> " + m.network().label(d) + " or its image asks about unit " +
               m.universe().label(u.unit) + ", which the record does not decide";
      }
    }
  }
  return "";
}

// Step 2: is some image of `set` under the generators' group listed?  Each
// orbit is walked once (breadth first over the generators' unit
// permutations) and every set in it remembered with the answer.
class OrbitCover {
 public:
  OrbitCover(const Shared& sh, const std::set<Units>& listed) : sh_(sh), listed_(listed) {}
  bool covered(const Units& set) {
    if (listed_.count(set)) return true;
    if (auto it = known_.find(set); it != known_.end()) return it->second;
    std::vector<Units> orbit{set};
    std::set<Units> seen{set};
    bool found = false;
    for (std::size_t at = 0; at < orbit.size() && !found; ++at) {
      if (at % 4096 == 0) sh_.budget.check("walking fault-set orbits to check the proof's cover");
      for (const ProofGenerator& g : sh_.gens) {
        Units image(orbit[at].size());
        for (std::size_t i = 0; i < image.size(); ++i) image[i] = g.units[orbit[at][i]];
        std::sort(image.begin(), image.end());
        if (listed_.count(image)) found = true;
        if (seen.insert(image).second) orbit.push_back(std::move(image));
      }
    }
    // One orbit, one answer: a walk that found a listed image stopped early
    // and marks the part it saw; one that did not walked the whole orbit.
    for (const Units& u : orbit) known_.emplace(u, found);
    return found;
  }

 private:
  const Shared& sh_;
  const std::set<Units>& listed_;
  std::map<Units, bool> known_;
};

void check_cover(const Shared& sh, const std::map<Units, Units>& reads, DeadlockProofReport& rep) {
  std::set<Units> listed;
  for (const auto& [set, r] : reads) listed.insert(set);
  if (!listed.count(Units{})) rep.problems.push_back("the fault-free network (the empty set) is not listed");
  OrbitCover cover(sh, listed);
  std::uint64_t missing = 0;
  for (const auto& [set, r] : reads) {
    if (set.size() >= sh.q.k) continue;
    for (std::size_t u : r) {
      Units x = set;
      x.insert(std::upper_bound(x.begin(), x.end(), u), u);
      ++rep.extensions;
      if (!cover.covered(x) && missing++ < 3)
        rep.problems.push_back("the set " + sh.labels(set) + " read unit " + sh.model().universe().label(u) +
                               ", but no listed set is an image of " + sh.labels(x));
    }
  }
  if (missing > 3) rep.problems.push_back(std::to_string(missing - 3) + " more extensions are not listed");
}

void check_batch(const Shared& sh, std::vector<DeadlockProofRecord>& batch, std::size_t first,
                 std::map<Units, Units>& reads, DeadlockProofReport& rep) {
  std::vector<std::string> why(batch.size());
  std::vector<std::uint64_t> runs(batch.size(), 0);
  tbb::parallel_for(std::size_t{0}, batch.size(), [&](std::size_t i) {
    why[i] = record_problem(sh, batch[i]);
    if (why[i].empty()) why[i] = commutation_problem_of(sh, batch[i], first + i, runs[i]);
  });
  for (std::size_t i = 0; i < batch.size(); ++i) {
    rep.commutation_runs += runs[i];
    if (!why[i].empty()) {
      const bool named = units_problem(batch[i].set, sh.model().universe().size(), "").empty();
      rep.problems.push_back("record " + std::to_string(first + i) +
                             (named ? " (set " + sh.labels(batch[i].set) + ")" : "") + ": " + why[i]);
    } else if (!reads.emplace(batch[i].set, batch[i].reads).second) {
      rep.problems.push_back("the set " + sh.labels(batch[i].set) + " is listed twice");
    }
  }
  batch.clear();
}

void read_records(DeadlockProofReader& reader, const Shared& sh, DeadlockProofReport& rep) {
  std::map<Units, Units> reads;
  std::vector<DeadlockProofRecord> batch;
  std::uint64_t records = 0;
  while (auto r = reader.next()) {
    sh.budget.check("checking the proof's certificates", records);
    batch.push_back(std::move(*r));
    if (++records % kBatch == 0) check_batch(sh, batch, records - kBatch, reads, rep);
    if (rep.problems.size() > kMaxProblems) return;
  }
  check_batch(sh, batch, records - batch.size(), reads, rep);
  rep.sets = records;
  const nlohmann::json& t = reader.trailer();
  if (json_at<std::string>(t, "digest") != reader.header().digest || json_at<std::uint64_t>(t, "sets") != records)
    rep.problems.push_back("the trailer's counts are not what the file holds");
  if (rep.problems.empty()) check_cover(sh, reads, rep);
}

std::string summary(const Shared& sh, const DeadlockProofReport& rep) {
  std::string s = std::to_string(rep.sets) + " fault sets' certificates re-checked under views that refuse what a "
                  "record does not decide; every set of at most " + std::to_string(sh.q.k) + " " + sh.q.faults +
                  " covered (the empty set and " + std::to_string(rep.extensions) + " extensions by a unit read)";
  if (sh.gens.empty()) return s;
  return s + " up to " + std::to_string(sh.gens.size()) +
         " generators checked as automorphisms; the routing's declared commutation checked on " +
         std::to_string(rep.commutation_runs) +
         " packets walked beside their images, every configuration (every required pair without faults), and "
         "taken on trust beyond them";
}

}  // namespace

DeadlockProofReport check_deadlock_proof(const std::string& path, const SpecResolver& specs) {
  DeadlockProofReport rep;
  try {
    DeadlockProofReader reader(path);
    const DeadlockProofHeader& h = reader.header();
    Shared sh;
    sh.budget = specs.budget;
    sh.q = read_question(h.question);
    rep.k = sh.q.k;
    sh.setup = make_route_setup(specs, sh.q.model, sh.q.routing, sh.q.faults);
    for (NodeId s : sh.model().terminals())
      for (NodeId d : sh.model().terminals())
        if (s != d && sh.model().pair_required(s, d)) sh.pairs.emplace_back(s, d);
    rep.verdict_question = sh.q.routing + " on " + sh.q.model + " is deadlock-free under every set of <= " +
                           std::to_string(sh.q.k) + " " + sh.q.faults;
    for (const std::string& why : changed_inputs(inputs_from_json(h.inputs))) rep.problems.push_back(why);
    sh.gens = checked_proof_generators(h.symmetry, h.generators, sh.model(), *sh.setup.routing, rep.problems);
    if (rep.problems.empty()) read_records(reader, sh, rep);
    if (rep.problems.empty()) rep.summary = summary(sh, rep);
  } catch (const InputError& e) {
    rep.problems.push_back(e.what());
  }  // BudgetExhausted goes to the caller: not checked is not refuted
  if (rep.problems.size() > kMaxProblems) rep.problems.resize(kMaxProblems);
  rep.valid = rep.problems.empty();
  return rep;
}

}  // namespace menger
