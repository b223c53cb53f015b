#include "verify/deadlock/deadlock_exact.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <unordered_set>

#include "core/error.h"
#include "verify/deadlock/deadlock_configs.h"
#include "verify/deadlock/deadlock_sat.h"
#include "verify/deadlock/deadlock_worms.h"

namespace menger {

std::string to_string(Switching s) { return s == Switching::Wormhole ? "wormhole" : "cut-through"; }

std::string SwitchingModel::text() const {
  if (switching == Switching::Wormhole) return "wormhole (packets of any length)";
  return "virtual cut-through, " + std::to_string(buffers) + " packet buffer" + (buffers == 1 ? "" : "s") +
         " per channel";
}

std::optional<SwitchingModel> parse_switching(const std::string& switching, std::uint32_t buffers,
                                              const std::string& switching_name, const std::string& buffers_name) {
  if (switching.empty()) {
    if (buffers) throw InputError(buffers_name + " needs " + switching_name + " cut-through");
    return std::nullopt;
  }
  if (switching == "wormhole") {
    if (buffers) throw InputError(buffers_name + " counts whole packets: it goes with " + switching_name + " cut-through");
    return SwitchingModel{Switching::Wormhole, 1};
  }
  if (switching == "cut-through") return SwitchingModel{Switching::CutThrough, buffers ? buffers : 2};
  throw InputError(switching_name + " is wormhole or cut-through, not '" + switching + "'");
}

namespace {

// The channel sets that never fill (header): R(c) is c with every channel from
// which a one-buffer hop leads into R(c); when no packet is injected into R(c)
// by a one-buffer hop, every way into it from outside is a bubble hop.  A set
// that holds another is dropped (the smaller one says more).  Sorted by size.
std::vector<std::vector<ChannelId>> never_full_sets(const Configs& cfg) {
  const ChannelId C = static_cast<ChannelId>(cfg.at_channel.size());
  std::vector<std::vector<ChannelId>> one_buffer_preds(C);
  std::vector<char> injected(C, 0);
  for (std::uint32_t g = 0; g < cfg.size(); ++g)
    for (const auto& h : cfg.out(g))
      if (h.kind & kOneBuffer) one_buffer_preds[cfg.chan[h.to]].push_back(cfg.chan[g]);
  for (const auto& h : cfg.injections)
    if (h.kind & kOneBuffer) injected[cfg.chan[h.to]] = 1;
  for (auto& p : one_buffer_preds) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  std::vector<std::vector<ChannelId>> sets;
  std::vector<ChannelId> seen_from(C, C);  // seen_from[p] == c: p is in R(c) (no clearing per c)
  for (ChannelId c = 0; c < C; ++c) {
    if (cfg.at_channel[c].empty()) continue;
    std::vector<ChannelId> r{c};
    seen_from[c] = c;
    bool closed = !injected[c];
    for (std::size_t i = 0; i < r.size() && closed; ++i)
      for (ChannelId p : one_buffer_preds[r[i]])
        if (seen_from[p] != c) {
          seen_from[p] = c;
          r.push_back(p);
          closed &= !injected[p];
        }
    if (!closed) continue;
    std::sort(r.begin(), r.end());
    sets.push_back(std::move(r));
  }
  std::sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
  std::vector<std::vector<ChannelId>> kept;
  for (const auto& r : sets)
    if (std::none_of(kept.begin(), kept.end(),
                     [&](const auto& k) { return std::includes(r.begin(), r.end(), k.begin(), k.end()); }))
      kept.push_back(r);
  return kept;
}

// The cut-through fixpoint of the header under "the channels not_full are not
// full": which channels can hold a blocked head.
struct HeadFixpoint {
  const Configs& cfg;
  std::uint32_t buffers;
  std::vector<char> alive_cfg;
  std::vector<std::uint32_t> holders;  // alive configs per channel

  bool blocked(std::uint32_t g, const std::vector<char>& not_full) const {
    for (const auto& h : cfg.out(g)) {
      const ChannelId t = cfg.chan[h.to];
      if (h.kind & kOneBuffer) {
        if (!holders[t] || not_full[t]) return false;
      } else if (buffers >= 2 && !holders[t]) {
        return false;  // a bubble hop is blocked by >= B - 1 packets: a non-empty channel
      }
    }
    return true;
  }

  // Returns whether some channel is kept.
  bool run(const std::vector<char>& not_full) {
    const ChannelId C = static_cast<ChannelId>(cfg.at_channel.size());
    alive_cfg.assign(cfg.size(), 0);
    holders.assign(C, 0);
    for (std::uint32_t g = 0; g < cfg.size(); ++g)
      if (!cfg.at_dest[g] && cfg.first[g] < cfg.first[g + 1]) {
        alive_cfg[g] = 1;
        ++holders[cfg.chan[g]];
      }
    std::vector<ChannelId> work;
    for (ChannelId c = 0; c < C; ++c)
      if (!holders[c] || not_full[c]) work.push_back(c);
    while (!work.empty()) {
      const ChannelId c = work.back();
      work.pop_back();
      for (std::uint32_t g : cfg.requesters[c]) {
        if (!alive_cfg[g] || blocked(g, not_full)) continue;
        alive_cfg[g] = 0;
        if (--holders[cfg.chan[g]] == 0) work.push_back(cfg.chan[g]);
      }
    }
    return std::any_of(holders.begin(), holders.end(), [](std::uint32_t h) { return h > 0; });
  }
};

// The wormhole fixpoint of the header: channels that hold a blocked head or lie
// on a worm behind one.  Returns the kept channels (none: FREE).
std::vector<char> wormhole_candidates(const Configs& cfg) {
  const ChannelId C = static_cast<ChannelId>(cfg.at_channel.size());
  std::vector<std::vector<std::uint32_t>> preds(cfg.size());
  for (std::uint32_t g = 0; g < cfg.size(); ++g)
    for (const auto& h : cfg.out(g)) preds[h.to].push_back(g);
  std::vector<char> kept(C, 1);
  for (;;) {
    cfg.budget.check("the exact deadlock check (wormhole fixpoint)");
    std::vector<char> worm(cfg.size(), 0);
    std::vector<std::uint32_t> queue;
    for (std::uint32_t g = 0; g < cfg.size(); ++g) {
      if (cfg.at_dest[g] || cfg.first[g] == cfg.first[g + 1] || !kept[cfg.chan[g]]) continue;
      const auto out = cfg.out(g);
      if (std::all_of(out.begin(), out.end(), [&](const auto& h) { return kept[cfg.chan[h.to]] != 0; })) {
        worm[g] = 1;
        queue.push_back(g);
      }
    }
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (std::uint32_t p : preds[queue[i]])
        if (!worm[p] && kept[cfg.chan[p]]) {
          worm[p] = 1;
          queue.push_back(p);
        }
    std::vector<char> next(C, 0);
    for (std::uint32_t g : queue) next[cfg.chan[g]] = 1;
    if (next == kept) break;
    kept = std::move(next);
  }
  return kept;
}

// Brings the packets of one candidate in from an empty network (header,
// DEADLOCK): a depth-first search over the order of arrivals, remembering the
// occupancies already found hopeless.
class Scheduler {
 public:
  Scheduler(const Configs& cfg, const ChannelSpace& space, std::uint32_t buffers, std::uint64_t& budget)
      : cfg_(cfg), space_(space), buffers_(buffers), budget_(budget) {}

  // `target[c]` packets in channel c; its head one of `heads[c]`.
  std::optional<std::vector<ScheduledPacket>> run(std::vector<ChannelId> channels,
                                                  std::vector<std::uint32_t> target,
                                                  std::vector<std::vector<std::uint32_t>> heads) {
    channels_ = std::move(channels);
    target_ = std::move(target);
    heads_ = std::move(heads);
    occ_.assign(space_.size(), 0);
    placed_.clear();
    failed_.clear();
    if (place()) return placed_;
    return std::nullopt;
  }
  bool out_of_budget() const { return budget_ == 0; }

 private:
  const Configs& cfg_;
  const ChannelSpace& space_;
  std::uint32_t buffers_;
  std::uint64_t& budget_;
  std::vector<ChannelId> channels_;
  std::vector<std::uint32_t> target_;
  std::vector<std::vector<std::uint32_t>> heads_;
  std::vector<std::uint32_t> occ_;
  std::vector<ScheduledPacket> placed_;
  std::unordered_set<std::string> failed_;

  std::uint32_t need(std::uint8_t kind) const { return (kind & kOneBuffer) ? 1 : 2; }

  std::string occupancy_key() const {
    std::string k;
    for (ChannelId c : channels_) k.push_back(static_cast<char>(occ_[c]));
    return k;
  }

  bool place() {
    bool done = true;
    for (ChannelId c : channels_) done &= occ_[c] == target_[c];
    if (done) return true;
    if (budget_ == 0 || failed_.count(occupancy_key())) return false;
    // Channels already started first: a half-filled channel rarely helps others.
    std::vector<ChannelId> order;
    for (ChannelId c : channels_)
      if (occ_[c] > 0 && occ_[c] < target_[c]) order.push_back(c);
    for (ChannelId c : channels_)
      if (occ_[c] == 0) order.push_back(c);
    for (ChannelId c : order) {
      if (budget_ == 0) return false;
      --budget_;
      auto path = route_into(c);
      if (!path) continue;
      ++occ_[c];
      placed_.push_back(std::move(*path));
      if (place()) return true;
      placed_.pop_back();
      --occ_[c];
    }
    if (budget_ > 0) failed_.insert(occupancy_key());
    return false;
  }

  // A route from some source into channel c (its head: one of heads_[c]),
  // through empty channels only.  Breadth first over configurations.
  std::optional<ScheduledPacket> route_into(ChannelId c) {
    cfg_.budget.check("the exact deadlock check (schedules)");
    const bool head = occ_[c] == 0;
    std::vector<char> is_target(cfg_.size(), 0);
    if (head)
      for (std::uint32_t g : heads_[c]) is_target[g] = 1;
    else
      for (std::uint32_t g : cfg_.at_channel[c]) is_target[g] = 1;
    const auto route = shortest_route(
        cfg_, [&](const Configs::Hop& h) { return is_target[h.to] && occ_[c] + need(h.kind) <= buffers_; },
        [&](const Configs::Hop& h) {
          return occ_[cfg_.chan[h.to]] == 0 && need(h.kind) <= buffers_ && !cfg_.at_dest[h.to];
        });
    if (!route) return std::nullopt;
    ScheduledPacket p;
    for (const RouteStep& r : *route)
      p.hops.push_back({cfg_.chan[r.config], cfg_.state[r.config], (r.kind & kOneBuffer) == 0});
    p.packet = {space_.info(p.hops.front().channel).tail, cfg_.dst[route->back().config]};
    return p;
  }
};

class Decider {
 public:
  Decider(const Exploration& x, const ExactOptions& opt)
      : x_(x), cfg_(flatten(x)), opt_(opt), fix_{cfg_, buffers(), {}, {}},
        schedule_budget_(opt.schedule_budget) {}

  ExactResult run() {
    if (opt_.model.switching == Switching::Wormhole) return wormhole();
    std::vector<char> not_full(x_.space.size(), 0);
    if (x_.bubble_hops) sets_ = never_full_sets(cfg_);
    auto tree = split(not_full);
    if (found_) return std::move(r_);
    if (out_of_cases_) return by_sat();
    if (!unresolved_.empty()) return unknown();
    r_.status = ExactResult::Status::Free;
    r_.tree = std::move(tree);
    r_.reason = r_.cases == 1 ? "no channel can hold a blocked packet"
                              : "no channel can hold a blocked packet in any of the " + std::to_string(r_.cases) +
                                    " cases of which channel of a set that never fills is not full";
    return std::move(r_);
  }

 private:
  const Exploration& x_;
  Configs cfg_;
  std::vector<std::vector<ChannelId>> sets_;  // never_full_sets, for cut-through with bubble hops
  ExactOptions opt_;
  HeadFixpoint fix_;
  std::uint64_t schedule_budget_;
  ExactResult r_;
  bool found_ = false, out_of_cases_ = false;
  std::vector<std::string> unresolved_;
  std::string sat_note_;  // why SAT did not settle it, after the case budget ran out
  static constexpr int kSatCandidates = 8;

  // After the case budget: the same question as one formula (deadlock_sat.h).
  // UNSAT is FREE; each model is a candidate for the scheduler, excluded when
  // it is not reached.
  ExactResult by_sat() {
    std::vector<std::vector<ChannelId>> exclude;
    for (int n = 0; n < kSatCandidates; ++n) {
      SatOutcome s = sat_cut_through(cfg_, sets_, buffers(), exclude);
      if (s.status == SatOutcome::Status::Free) return sat_free(std::move(s.certificate));
      if (s.status == SatOutcome::Status::Unknown) {
        sat_note_ = s.reason;
        return unknown();
      }
      // The model's heads are blocked under its own occupancy, so the
      // fixpoint (a greatest one) keeps them.
      if (!fix_.run(s.not_full)) throw std::logic_error("a SAT model of a deadlock that the fixpoint refutes");
      try_candidate(s.not_full);
      if (found_) return std::move(r_);
      std::vector<ChannelId> pattern;
      for (ChannelId c = 0; c < s.not_full.size(); ++c)
        if (s.not_full[c] && fix_.holders[c]) pattern.push_back(c);
      exclude.push_back(std::move(pattern));
    }
    sat_note_ = "SAT finds deadlocked configurations; " + std::to_string(kSatCandidates) +
                " were tried and none brought in from an empty network (the first: " + unresolved_.front() +
                "; " + std::to_string(r_.route_searches) + " route searches)";
    return unknown();
  }

  ExactResult sat_free(std::shared_ptr<SatCertificate> cert) {
    r_.status = ExactResult::Status::Free;
    r_.tree = nullptr;
    r_.reason = "no deadlocked configuration exists: CaDiCaL refutes the formula of one (" +
                std::to_string(cert->vars) + " variables, " + std::to_string(cert->clauses) +
                " clauses), and its DRAT proof of " + std::to_string(cert->lemmas) + " lemmas checks";
    r_.sat = std::move(cert);
    return std::move(r_);
  }

  std::uint32_t buffers() const {
    return opt_.model.switching == Switching::Wormhole ? 1 : opt_.model.buffers;
  }

  // The case tree below the assumption `not_full` (header, FREE).
  std::shared_ptr<CaseNode> split(std::vector<char>& not_full) {
    auto node = std::make_shared<CaseNode>();
    if (found_ || out_of_cases_) return node;
    if (++r_.cases > opt_.case_budget) {
      out_of_cases_ = true;
      return node;
    }
    cfg_.budget.check("the exact deadlock check (cases)");
    if (!fix_.run(not_full)) return node;
    const std::vector<ChannelId>* set = nullptr;
    for (const auto& r : sets_)
      if (std::all_of(r.begin(), r.end(), [&](ChannelId c) { return fix_.holders[c] > 0 && !not_full[c]; })) {
        set = &r;
        break;
      }
    if (!set) {
      try_candidate(not_full);
      // Not a FREE leaf: the node keeps no split and FREE is never claimed
      // (unresolved_ or found_ is set).
      return node;
    }
    node->split = *set;
    for (ChannelId c : *set) {
      not_full[c] = 1;
      node->cases.push_back(split(not_full));
      not_full[c] = 0;
      if (found_ || out_of_cases_) break;
    }
    return node;
  }

  // Kept channels start closures; the closures are tried smallest first.
  void try_candidate(const std::vector<char>& not_full) {
    ++r_.candidates;
    const std::vector<char>& alive = fix_.alive_cfg;  // not rerun until this candidate is done
    std::vector<std::vector<ChannelId>> closures;
    // Closures from the first 64 kept channels: enough to find a small one,
    // without a closure per channel of a large network.
    for (ChannelId s = 0; s < x_.space.size() && closures.size() < 64; ++s)
      if (fix_.holders[s]) closures.push_back(closure(s, alive));
    std::stable_sort(closures.begin(), closures.end(),
                     [](const auto& a, const auto& b) { return a.size() < b.size(); });
    closures.erase(std::unique(closures.begin(), closures.end()), closures.end());
    for (const auto& cl : closures) {
      if (found_ || schedule_budget_ == 0) break;
      attempt(cl, not_full);
    }
    if (!found_)
      unresolved_.push_back("a candidate deadlock of " + std::to_string(closures.front().size()) +
                            " channels through " + channel_name(x_.network(), x_.space, closures.front().front()));
  }

  // The channels a blocked packet in s needs held: each channel's head is the
  // kept configuration that adds the fewest channels not yet needed.
  std::vector<ChannelId> closure(ChannelId s, const std::vector<char>& alive) const {
    std::vector<char> member(x_.space.size(), 0);
    std::vector<ChannelId> channels{s};
    member[s] = 1;
    for (std::size_t i = 0; i < channels.size(); ++i) {
      std::uint32_t best = 0;
      std::size_t best_new = SIZE_MAX;
      for (std::uint32_t g : cfg_.at_channel[channels[i]]) {
        if (!alive[g]) continue;
        std::vector<ChannelId> fresh;
        for (const auto& hop : cfg_.out(g))
          if (!member[cfg_.chan[hop.to]]) fresh.push_back(cfg_.chan[hop.to]);
        std::sort(fresh.begin(), fresh.end());
        fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
        if (fresh.size() < best_new) best = g, best_new = fresh.size();
      }
      for (const auto& hop : cfg_.out(best))
        if (!member[cfg_.chan[hop.to]]) {
          member[cfg_.chan[hop.to]] = 1;
          channels.push_back(cfg_.chan[hop.to]);
        }
    }
    std::sort(channels.begin(), channels.end());
    return channels;
  }

  // The closure's channels filled as the header says, and a schedule for them.
  void attempt(const std::vector<ChannelId>& channels, const std::vector<char>& not_full) {
    const std::uint32_t B = buffers();
    std::vector<std::uint32_t> target(x_.space.size(), 0);
    for (ChannelId c : channels) target[c] = not_full[c] ? B - 1 : B;
    // Heads: every configuration blocked by exactly these occupancies.
    std::vector<std::vector<std::uint32_t>> heads(x_.space.size());
    for (ChannelId c : channels)
      for (std::uint32_t g : cfg_.at_channel[c])
        if (!cfg_.at_dest[g] && cfg_.first[g] < cfg_.first[g + 1] && blocked_by(g, target)) heads[c].push_back(g);
    Scheduler sched(cfg_, x_.space, B, schedule_budget_);
    const std::uint64_t before = schedule_budget_;
    auto placed = sched.run(channels, target, heads);
    r_.route_searches += before - schedule_budget_;
    if (!placed) return;
    found_ = true;
    r_.status = ExactResult::Status::Deadlock;
    r_.schedule = std::move(*placed);
    std::vector<char> seen(x_.space.size(), 0);
    for (std::size_t i = 0; i < r_.schedule.size(); ++i) {
      const ChannelId c = r_.schedule[i].hops.back().channel;
      if (!seen[c]) r_.heads.push_back(i);
      seen[c] = 1;
    }
    r_.reason = std::to_string(r_.schedule.size()) + " packets brought in one at a time from an empty network fill " +
                std::to_string(channels.size()) + " channels, and no packet at the head of a channel can move";
  }

  bool blocked_by(std::uint32_t g, const std::vector<std::uint32_t>& target) const {
    const std::uint32_t B = buffers();
    for (const auto& h : cfg_.out(g)) {
      const std::uint32_t n = target[cfg_.chan[h.to]];
      if ((h.kind & kOneBuffer) ? n + 1 <= B : n + 2 <= B) return false;
    }
    return true;
  }

  ExactResult unknown() {
    r_.status = ExactResult::Status::Unknown;
    if (out_of_cases_)
      r_.reason = "the case budget ran out (" + std::to_string(opt_.case_budget) +
                  " cases of which channel of a set that never fills is not full), and then " + sat_note_;
    else
      r_.reason = unresolved_.front() + " exists, but no schedule from the empty network reached it within " +
                  std::to_string(opt_.schedule_budget) + " route searches" +
                  (unresolved_.size() > 1 ? " (" + std::to_string(unresolved_.size()) + " such cases)" : "");
    return std::move(r_);
  }

  ExactResult worm_deadlock(std::vector<ScheduledPacket> schedule) {
    r_.status = ExactResult::Status::Deadlock;
    r_.schedule = std::move(schedule);
    r_.heads.clear();
    std::size_t held = 0;
    for (std::size_t i = 0; i < r_.schedule.size(); ++i) r_.heads.push_back(i), held += r_.schedule[i].holds;
    r_.reason = std::to_string(r_.schedule.size()) + " worms brought in one at a time from an empty network hold " +
                std::to_string(held) + " channels, and no head can advance";
    return std::move(r_);
  }

  ExactResult wormhole() {
    r_.cases = 1;
    const std::vector<char> kept = wormhole_candidates(cfg_);
    if (std::none_of(kept.begin(), kept.end(), [](char k) { return k != 0; })) {
      r_.status = ExactResult::Status::Free;
      r_.reason = "no channel can hold a blocked head or a worm behind one";
      return std::move(r_);
    }
    std::vector<char> none(x_.space.size(), 0);
    if (fix_.run(none)) try_candidate(none);
    if (found_) {
      r_.reason += " (one-flit packets)";
      return std::move(r_);
    }
    // CaDiCaL before Z3: a refutation settles it with a checked proof; a model
    // (worms without a head cut away) is brought in by its smallest
    // deadlocked part when it can be; Z3's smaller proposals follow.
    SatOutcome s = sat_wormhole(cfg_);
    if (s.status == SatOutcome::Status::Free) {
      ExactResult r = sat_free(std::move(s.certificate));
      r.reason = "no deadlocked configuration of worms exists" + r.reason.substr(r.reason.find(':'));
      return r;
    }
    if (s.status == SatOutcome::Status::Candidate) {
      ++r_.candidates;
      const std::uint64_t before = schedule_budget_;
      auto placed = schedule_worms(cfg_, x_.space, smallest_closed_part(cfg_, s.worms), schedule_budget_);
      r_.route_searches += before - schedule_budget_;
      if (placed) return worm_deadlock(std::move(*placed));
    }
    const std::uint64_t before = schedule_budget_;
    WormSearch w = find_worm_deadlock(cfg_, x_.space, kept, schedule_budget_);
    r_.route_searches += before - schedule_budget_;
    r_.candidates += w.proposals;
    if (w.schedule) return worm_deadlock(std::move(*w.schedule));
    if (s.status == SatOutcome::Status::Unknown) w.stopped += "; " + s.reason;
    r_.status = ExactResult::Status::Unknown;
    r_.reason = "blocked heads with worms behind them may exist (the wormhole fixpoint keeps channels), and no "
                "deadlock was found: " + w.stopped;
    return std::move(r_);
  }
};

}  // namespace

ExactResult decide_deadlock(const Exploration& x, const ExactOptions& opt) {
  if (opt.model.switching == Switching::Wormhole && x.bubble_hops)
    throw InputError("the routing marks bubble hops, which need virtual cut-through; wormhole is not its model");
  if (opt.model.switching == Switching::CutThrough && opt.model.buffers == 0)
    throw InputError("virtual cut-through needs at least 1 packet buffer per channel");
  if (opt.model.switching == Switching::CutThrough && x.bubble_hops && opt.model.buffers < 2)
    throw InputError("bubble flow control needs at least 2 packet buffers per channel, got " +
                     std::to_string(opt.model.buffers));
  return Decider(x, opt).run();
}

}  // namespace menger
