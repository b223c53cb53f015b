#include "verify/check/deadlock_sat_check.h"

#include <algorithm>
#include <map>
#include <set>

#include "verify/sat/cnf.h"
#include "verify/check/drat_check.h"

namespace menger {
namespace {

using exact_check::Key;
using exact_check::Space;
using exact_check::Walker;

// The certificate's configurations as the checker's own: var_of[g] is the
// certificate index of the checker's configuration g (-1: not a candidate).
struct Listing {
  std::vector<std::size_t> config;  // certificate index -> checker configuration
  std::vector<long> var_of;         // checker configuration -> certificate index
  std::vector<Key> channels;        // in order of first appearance
  std::map<Key, std::size_t> channel_no;
  std::vector<std::vector<std::size_t>> at;  // channel number -> certificate indices
};

bool candidate(const Space::Config& c) { return c.head != c.dst && !c.out.empty(); }

bool list_configs(const DeadlockEvidence::Sat& s, Walker& w, const Space& sp, Listing& l,
                  std::vector<std::string>& problems) {
  std::map<std::tuple<Key, std::string, NodeId>, std::size_t> own;
  for (std::size_t g = 0; g < sp.configs.size(); ++g) {
    const auto& c = sp.configs[g];
    if (!candidate(c)) continue;
    if (!own.emplace(std::tuple{c.channel, w.routing().describe_state(c.state), c.dst}, g).second) {
      problems.push_back("two configurations in " + w.name(c.channel) + " share the description '" +
                         w.routing().describe_state(c.state) + "': the certificate cannot name them");
      return false;
    }
  }
  l.var_of.assign(sp.configs.size(), -1);
  for (std::size_t i = 0; i < s.configs.size(); ++i) {
    const auto& x = s.configs[i];
    const auto d = w.net().find_node(x.destination);
    const auto it = d ? own.find({w.key(x.channel), x.state, *d}) : own.end();
    if (it == own.end()) {
      problems.push_back("the certificate's configuration " + std::to_string(i) + " (" + x.channel.node + " port " +
                         std::to_string(x.channel.port) + " vc " + std::to_string(x.channel.vc) + ", '" + x.state +
                         "', to " + x.destination + ") is not one the routing reaches and offers a hop from");
      return false;
    }
    if (l.var_of[it->second] >= 0) {
      problems.push_back("the certificate lists configuration " + std::to_string(i) + " twice");
      return false;
    }
    l.var_of[it->second] = static_cast<long>(i);
    l.config.push_back(it->second);
    const Key& k = sp.configs[it->second].channel;
    auto [ch, fresh] = l.channel_no.try_emplace(k, l.channels.size());
    if (fresh) l.channels.push_back(k), l.at.emplace_back();
    l.at[ch->second].push_back(i);
  }
  if (l.config.size() != own.size()) {
    for (const auto& [key, g] : own)
      if (l.var_of[g] < 0) {
        problems.push_back("the certificate has no variable for the configuration in " + w.name(std::get<0>(key)) +
                           " in state '" + std::get<1>(key) + "' to " + w.net().label(std::get<2>(key)));
        break;
      }
    return false;
  }
  return true;
}

int var(std::size_t base, std::size_t i) { return static_cast<int>(base + i); }

Cnf cut_through(const Listing& l, const Space& sp, const std::vector<std::set<Key>>& sets, std::uint32_t B) {
  const std::size_t C = l.channels.size(), N = l.config.size();
  Cnf f;
  f.vars = static_cast<int>(2 * C + N);
  auto O = [&](std::size_t k) { return var(1, k); };
  auto F = [&](std::size_t k) { return var(1 + C, k); };
  auto H = [&](std::size_t i) { return var(1 + 2 * C, i); };
  std::vector<int> nonempty;
  for (std::size_t k = 0; k < C; ++k) {
    nonempty.push_back(O(k));
    std::vector<int> head{-O(k)};
    for (std::size_t i : l.at[k]) head.push_back(H(i));
    f.add(head);
    f.add({-F(k), O(k)});
    if (B == 1) f.add({-O(k), F(k)});
  }
  f.add(nonempty);
  for (std::size_t i = 0; i < N; ++i) {
    const auto& c = sp.configs[l.config[i]];
    f.add({-H(i), O(l.channel_no.at(c.channel))});
    for (const auto& [t, bubble] : c.out) {
      const auto it = l.channel_no.find(sp.configs[t].channel);
      if (bubble && B < 2) continue;
      if (it == l.channel_no.end()) f.add({-H(i)});
      else f.add({-H(i), bubble ? O(it->second) : F(it->second)});
    }
  }
  for (const auto& r : sets) {
    std::vector<int> not_all;
    for (const Key& k : r) {
      const auto it = l.channel_no.find(k);
      if (it == l.channel_no.end()) {
        not_all.clear();  // a channel without a variable is never full: nothing to add
        break;
      }
      not_all.push_back(-F(it->second));
    }
    if (!not_all.empty()) f.add(not_all);
  }
  return f;
}

// At most one: pairs for two, else a ladder of fresh variables s_i "one of the
// first i" (Sinz 2005), as deadlock_sat.h numbers them.
void at_most_one(Cnf& f, const std::vector<int>& x) {
  if (x.size() == 2) f.add({-x[0], -x[1]});
  if (x.size() <= 2) return;
  std::vector<int> s;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) s.push_back(f.fresh());
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (i + 1 < x.size()) f.add({-x[i], s[i]});
    if (i > 0 && i + 1 < x.size()) f.add({-s[i - 1], s[i]});
    if (i > 0) f.add({-x[i], -s[i - 1]});
  }
}

Cnf wormhole(const Listing& l, const Space& sp, const std::vector<std::vector<std::uint32_t>>& cycles,
             std::vector<std::string>& problems) {
  const std::size_t N = l.config.size();
  Cnf f;
  f.vars = static_cast<int>(2 * N);
  auto H = [](std::size_t i) { return var(1, 2 * i); };
  auto W = [](std::size_t i) { return var(2, 2 * i); };
  std::map<std::pair<std::size_t, std::size_t>, int> link;
  std::vector<std::vector<int>> out(N), in(N);
  for (std::size_t i = 0; i < N; ++i) {
    std::set<std::size_t> next;
    for (const auto& [t, bubble] : sp.configs[l.config[i]].out)
      if (l.var_of[t] >= 0) next.insert(static_cast<std::size_t>(l.var_of[t]));
    for (std::size_t j : next) {
      const int v = f.fresh();
      link[{i, j}] = v;
      out[i].push_back(v);
      in[j].push_back(v);
    }
  }
  std::vector<int> some_head;
  for (std::size_t i = 0; i < N; ++i) {
    some_head.push_back(H(i));
    f.add({-H(i), -W(i)});
    std::set<Key> asked;
    for (const auto& [t, bubble] : sp.configs[l.config[i]].out) asked.insert(sp.configs[t].channel);
    for (const Key& k : asked) {
      std::vector<int> held{-H(i)};
      if (const auto it = l.channel_no.find(k); it != l.channel_no.end())
        for (std::size_t j : l.at[it->second]) held.insert(held.end(), {H(j), W(j)});
      f.add(held);
    }
    std::vector<int> body{-W(i)};
    body.insert(body.end(), out[i].begin(), out[i].end());
    f.add(body);
  }
  for (const auto& [ij, v] : link) {
    f.add({-v, W(ij.first)});
    f.add({-v, H(ij.second), W(ij.second)});
  }
  f.add(some_head);
  for (const auto& members : l.at) {
    std::vector<int> x;
    for (std::size_t i : members) x.insert(x.end(), {H(i), W(i)});
    at_most_one(f, x);
  }
  for (const auto& o : out) at_most_one(f, o);
  for (const auto& i : in) at_most_one(f, i);
  for (const auto& ring : cycles) {
    std::vector<int> not_all;
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const auto it = link.find({ring[k], ring[(k + 1) % ring.size()]});
      if (it == link.end()) {
        problems.push_back("a cut cycle goes from configuration " + std::to_string(ring[k]) + " to " +
                           std::to_string(ring[(k + 1) % ring.size()]) + ", which no hop links");
        return f;
      }
      not_all.push_back(-it->second);
    }
    if (ring.empty()) problems.push_back("a cut cycle is empty");
    else f.add(not_all);
  }
  return f;
}

}  // namespace

std::string check_sat_certificate(const DeadlockEvidence& e, Walker& w, const Space& sp,
                                  std::vector<std::string>& problems) {
  const auto& s = *e.sat;
  Listing l;
  if (!list_configs(s, w, sp, l, problems)) return "no formula was built";
  Cnf f;
  if (e.switching == "wormhole") {
    if (!s.sets.empty()) problems.push_back("a wormhole certificate lists sets that never fill");
    f = wormhole(l, sp, s.cycles, problems);
  } else {
    if (!s.cycles.empty()) problems.push_back("a cut-through certificate cuts worm cycles");
    std::vector<std::set<Key>> sets;
    for (const auto& r : s.sets) {
      std::set<Key> set;
      for (const auto& c : r) set.insert(w.key(c));
      if (set.empty()) problems.push_back("a set that never fills is empty");
      exact_check::check_closed(sp, set, w, problems);
      sets.push_back(std::move(set));
    }
    f = cut_through(l, sp, sets, e.buffers);
  }
  if (!problems.empty()) return "the formula was not built";
  const DratCheck d = check_drat_refutation(f, s.proof, w.c.budget);
  if (!d.refuted) problems.push_back("the DRAT proof does not refute the formula: " + d.problem);
  return "the formula of a deadlocked configuration (" + std::to_string(f.vars) + " variables, " +
         std::to_string(f.clauses.size()) + " clauses, rebuilt from the checker's walk) is refuted by the " +
         std::to_string(d.lemmas) + " lemmas of the DRAT proof";
}

}  // namespace menger
