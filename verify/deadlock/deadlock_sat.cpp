#include "verify/deadlock/deadlock_sat.h"

#include <algorithm>

#include "verify/check/drat_check.h"
#include "verify/sat/sat_solver.h"

namespace menger {
namespace {

// The candidate configurations (header) and their channels' numbering.
struct Candidates {
  std::vector<std::uint32_t> configs;
  std::vector<int> index;           // by config: its candidate index, -1: none
  std::vector<int> channel;         // by ChannelId: its number k, -1: none
  std::vector<ChannelId> channels;  // k -> ChannelId
  std::vector<std::vector<int>> at; // k -> candidates in it, ascending

  explicit Candidates(const Configs& cfg) : index(cfg.size(), -1), channel(cfg.at_channel.size(), -1) {
    for (std::uint32_t g = 0; g < cfg.size(); ++g) {
      if (cfg.at_dest[g] || cfg.out(g).empty()) continue;
      const int i = static_cast<int>(configs.size());
      index[g] = i;
      configs.push_back(g);
      int& k = channel[cfg.chan[g]];
      if (k < 0) {
        k = static_cast<int>(channels.size());
        channels.push_back(cfg.chan[g]);
        at.emplace_back();
      }
      at[static_cast<std::size_t>(k)].push_back(i);
    }
  }
  int size() const { return static_cast<int>(configs.size()); }
  int channels_size() const { return static_cast<int>(channels.size()); }
};

// Channels entered by g's hops, each once, with whether some hop into it is
// a one-buffer hop.
std::vector<std::pair<ChannelId, bool>> entered(const Configs& cfg, std::uint32_t g) {
  std::vector<std::pair<ChannelId, bool>> out;
  for (const auto& h : cfg.out(g)) {
    const ChannelId t = cfg.chan[h.to];
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == t; });
    if (it == out.end()) out.emplace_back(t, (h.kind & kOneBuffer) != 0);
    else it->second = it->second || (h.kind & kOneBuffer) != 0;
  }
  return out;
}

// The budget (Configs::budget), every 1,024 configurations of a formula:
// one of a few million configurations takes seconds to write.
// The formulas grow with the configurations (millions of clauses on a large
// network): building them checks the budget every few thousand steps, as
// loading them into CaDiCaL does (sat_solver.cpp), so that neither outlives it.
constexpr const char* kBuildingFormula = "writing the deadlock formula for the SAT solver";

Cnf cut_through_formula(const Configs& cfg, const Candidates& cand, const std::vector<std::vector<ChannelId>>& sets,
                        std::uint32_t B) {
  const int C = cand.channels_size();
  Cnf f;
  f.vars = 2 * C + cand.size();
  auto O = [&](int k) { return 1 + k; };
  auto F = [&](int k) { return 1 + C + k; };
  auto H = [&](int i) { return 1 + 2 * C + i; };
  std::vector<int> some;
  for (int k = 0; k < C; ++k) {
    std::vector<int> heads{-O(k)};
    for (int i : cand.at[static_cast<std::size_t>(k)]) heads.push_back(H(i));
    f.add(heads);
    f.add({-F(k), O(k)});
    if (B == 1) f.add({-O(k), F(k)});
    some.push_back(O(k));
  }
  f.add(some);
  for (int i = 0; i < cand.size(); ++i) {
    if ((i & 0x3ff) == 0) cfg.budget.check(kBuildingFormula, static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(cand.size()));
    const std::uint32_t g = cand.configs[static_cast<std::size_t>(i)];
    f.add({-H(i), O(cand.channel[cfg.chan[g]])});
    for (const auto& [t, one_buffer] : entered(cfg, g)) {
      const int k = cand.channel[t];
      if (!one_buffer && B < 2) continue;  // a bubble hop needs 2 free buffers of 1: always blocked
      if (k < 0) f.add({-H(i)});
      else f.add({-H(i), one_buffer ? F(k) : O(k)});
    }
  }
  for (const auto& r : sets) {
    std::vector<int> not_all;
    bool trivial = false;
    for (ChannelId c : r) {
      if (cand.channel[c] < 0) trivial = true;
      else not_all.push_back(-F(cand.channel[c]));
    }
    if (!trivial) f.add(not_all);
  }
  return f;
}

// The wormhole formula of the header, without cycle clauses; `links` gets
// each link's (i, j) in variable order.
Cnf wormhole_formula(const Configs& cfg, const Candidates& cand, std::vector<std::pair<int, int>>& links) {
  const int N = cand.size();
  Cnf f;
  f.vars = 2 * N;
  auto H = [](int i) { return 1 + 2 * i; };
  auto W = [](int i) { return 2 + 2 * i; };
  std::vector<std::vector<int>> out(static_cast<std::size_t>(N)), in(static_cast<std::size_t>(N));
  links.clear();
  for (int i = 0; i < N; ++i) {
    if ((i & 0x3ff) == 0) cfg.budget.check(kBuildingFormula, static_cast<std::uint64_t>(i), 2 * static_cast<std::uint64_t>(N));
    std::vector<int> targets;
    for (const auto& h : cfg.out(cand.configs[static_cast<std::size_t>(i)]))
      if (cand.index[h.to] >= 0) targets.push_back(cand.index[h.to]);
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    for (int j : targets) {
      const int l = f.fresh();
      links.emplace_back(i, j);
      out[static_cast<std::size_t>(i)].push_back(l);
      in[static_cast<std::size_t>(j)].push_back(l);
      f.add({-l, W(i)});
      f.add({-l, H(j), W(j)});
    }
  }
  std::vector<int> some;
  for (int i = 0; i < N; ++i) {
    if ((i & 0x3ff) == 0)
      cfg.budget.check(kBuildingFormula, static_cast<std::uint64_t>(N + i), 2 * static_cast<std::uint64_t>(N));
    const std::uint32_t g = cand.configs[static_cast<std::size_t>(i)];
    f.add({-H(i), -W(i)});
    some.push_back(H(i));
    for (const auto& [t, one_buffer] : entered(cfg, g)) {
      std::vector<int> held{-H(i)};
      if (const int k = cand.channel[t]; k >= 0)
        for (int j : cand.at[static_cast<std::size_t>(k)]) held.push_back(H(j)), held.push_back(W(j));
      f.add(held);
    }
    std::vector<int> next{-W(i)};
    for (int l : out[static_cast<std::size_t>(i)]) next.push_back(l);
    f.add(next);
  }
  f.add(some);
  cfg.budget.check(kBuildingFormula, 2 * static_cast<std::uint64_t>(N), 2 * static_cast<std::uint64_t>(N));
  for (const auto& members : cand.at) {
    std::vector<int> lits;
    for (int i : members) lits.push_back(H(i)), lits.push_back(W(i));
    f.at_most_one(lits);
  }
  cfg.budget.check(kBuildingFormula, 2 * static_cast<std::uint64_t>(N), 2 * static_cast<std::uint64_t>(N));
  for (const auto& o : out) f.at_most_one(o);
  cfg.budget.check(kBuildingFormula, 2 * static_cast<std::uint64_t>(N), 2 * static_cast<std::uint64_t>(N));
  for (const auto& i : in) f.at_most_one(i);
  return f;
}

std::vector<SatCertificate::Config> certificate_configs(const Configs& cfg, const Candidates& cand) {
  std::vector<SatCertificate::Config> out;
  for (std::uint32_t g : cand.configs) out.push_back({cfg.chan[g], cfg.state[g], cfg.dst[g]});
  return out;
}

// Solves with a proof and, on UNSAT, checks the proof before believing it.
SatOutcome refute(const Cnf& f, SatRun& run, SatCertificate cert, const Budget& budget) {
  SatOutcome o;
  run = solve_cnf(f, true, budget);
  if (run.answer == SatRun::Answer::Unknown) {
    o.reason = "CaDiCaL stopped at the deadline on a formula of " + std::to_string(f.vars) + " variables and " +
               std::to_string(f.clauses.size()) + " clauses";
    return o;
  }
  if (run.answer == SatRun::Answer::Sat) {
    o.status = SatOutcome::Status::Candidate;
    return o;
  }
  const DratCheck check = check_drat_refutation(f, run.proof, budget);
  if (!check.refuted) {
    o.reason = "CaDiCaL's refutation did not check: " + check.problem;
    return o;
  }
  o.status = SatOutcome::Status::Free;
  cert.proof = std::move(run.proof);
  cert.vars = f.vars;
  cert.clauses = f.clauses.size();
  cert.lemmas = check.lemmas;
  o.certificate = std::make_shared<SatCertificate>(std::move(cert));
  return o;
}

}  // namespace

SatOutcome sat_cut_through(const Configs& cfg, const std::vector<std::vector<ChannelId>>& sets, std::uint32_t buffers,
                           const std::vector<std::vector<ChannelId>>& exclude) {
  cfg.budget.check("the exact deadlock check (SAT)");
  const Candidates cand(cfg);
  Cnf f = cut_through_formula(cfg, cand, sets, buffers);
  const int C = cand.channels_size();
  for (const auto& pattern : exclude) {
    std::vector<int> some_full;
    for (ChannelId c : pattern)
      if (cand.channel[c] >= 0) some_full.push_back(1 + C + cand.channel[c]);
    f.add(some_full);
  }
  SatRun run;
  SatCertificate cert;
  cert.configs = certificate_configs(cfg, cand);
  cert.sets = sets;
  SatOutcome o = refute(f, run, std::move(cert), cfg.budget);
  if (o.status == SatOutcome::Status::Free && !exclude.empty()) {
    o = {};
    o.reason = "no deadlocked configuration is left once the " + std::to_string(exclude.size()) +
               " candidates not brought in are excluded";
  }
  if (o.status != SatOutcome::Status::Candidate) return o;
  o.not_full.assign(cfg.at_channel.size(), 1);
  for (int k = 0; k < C; ++k)
    o.not_full[cand.channels[static_cast<std::size_t>(k)]] = !run.model[static_cast<std::size_t>(1 + C + k)];
  return o;
}

namespace {

// Each body's successor in a model of the wormhole formula (-1: none).
std::vector<int> successors(const SatRun& run, const std::vector<std::pair<int, int>>& links, int first_link,
                            std::size_t n) {
  std::vector<int> succ(n, -1);
  for (std::size_t l = 0; l < links.size(); ++l)
    if (run.model[static_cast<std::size_t>(first_link) + l]) succ[static_cast<std::size_t>(links[l].first)] = links[l].second;
  return succ;
}

// The rings among successors (bodies that never reach a head), each from its
// lowest candidate so that the certificate does not depend on where the
// search started.
std::vector<std::vector<std::uint32_t>> headless_rings(const std::vector<int>& succ) {
  std::vector<std::vector<std::uint32_t>> rings;
  std::vector<char> state(succ.size(), 0);  // 1: on the current path, 2: done
  for (std::size_t s = 0; s < succ.size(); ++s) {
    std::vector<std::uint32_t> path;
    int i = static_cast<int>(s);
    while (i >= 0 && state[static_cast<std::size_t>(i)] == 0) {
      state[static_cast<std::size_t>(i)] = 1;
      path.push_back(static_cast<std::uint32_t>(i));
      i = succ[static_cast<std::size_t>(i)];
    }
    if (i >= 0 && state[static_cast<std::size_t>(i)] == 1) {
      std::vector<std::uint32_t> ring(std::find(path.begin(), path.end(), static_cast<std::uint32_t>(i)), path.end());
      std::rotate(ring.begin(), std::min_element(ring.begin(), ring.end()), ring.end());
      rings.push_back(std::move(ring));
    }
    for (std::uint32_t p : path) state[p] = 2;
  }
  return rings;
}

// The worms of a model without rings, each tail first.
std::vector<std::vector<std::uint32_t>> model_worms(const SatRun& run, const std::vector<int>& succ,
                                                    const Candidates& cand) {
  std::vector<char> entered(succ.size(), 0);
  for (int s : succ)
    if (s >= 0) entered[static_cast<std::size_t>(s)] = 1;
  std::vector<std::vector<std::uint32_t>> worms;
  for (std::size_t s = 0; s < succ.size(); ++s) {
    const bool used = run.model[1 + 2 * s] || run.model[2 + 2 * s];
    if (!used || entered[s]) continue;
    std::vector<std::uint32_t> worm;
    for (int i = static_cast<int>(s); i >= 0; i = succ[static_cast<std::size_t>(i)])
      worm.push_back(cand.configs[static_cast<std::size_t>(i)]);
    worms.push_back(std::move(worm));
  }
  return worms;
}

}  // namespace

SatOutcome sat_wormhole(const Configs& cfg) {
  const Candidates cand(cfg);
  std::vector<std::pair<int, int>> links;
  const Cnf base = wormhole_formula(cfg, cand, links);
  const int first_link = 2 * cand.size() + 1;
  SatCertificate cert;
  cert.configs = certificate_configs(cfg, cand);
  auto ring_clause = [&](const std::vector<std::uint32_t>& ring) {
    std::vector<int> not_all;
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const std::pair<int, int> link{static_cast<int>(ring[k]), static_cast<int>(ring[(k + 1) % ring.size()])};
      const auto it = std::lower_bound(links.begin(), links.end(), link);
      not_all.push_back(-(first_link + static_cast<int>(it - links.begin())));
    }
    return not_all;
  };
  // Rings are cut on one solver kept across models; the final formula is then
  // solved afresh for its proof.
  IncrementalSat inc(base, cfg.budget);
  for (;;) {
    cfg.budget.check("the exact deadlock check (SAT, worms)");
    SatRun run = inc.solve();
    SatOutcome o;
    if (run.answer == SatRun::Answer::Unknown) {
      o.reason = "CaDiCaL stopped at the deadline after cutting " + std::to_string(cert.cycles.size()) +
                 " rings of worms without a head";
      return o;
    }
    if (run.answer == SatRun::Answer::Unsat) {
      Cnf f = base;
      for (const auto& ring : cert.cycles) f.add(ring_clause(ring));
      o = refute(f, run, cert, cfg.budget);
      if (o.status == SatOutcome::Status::Candidate) {  // the incremental run said UNSAT
        o = {};
        o.reason = "CaDiCaL found the formula unsatisfiable once and satisfiable afresh";
      }
      return o;
    }
    const std::vector<int> succ = successors(run, links, first_link, static_cast<std::size_t>(cand.size()));
    const auto rings = headless_rings(succ);
    for (const auto& ring : rings) {
      inc.add(ring_clause(ring));
      cert.cycles.push_back(ring);
    }
    if (!rings.empty()) continue;
    o.status = SatOutcome::Status::Candidate;
    o.worms = model_worms(run, succ, cand);
    return o;
  }
}

}  // namespace menger
