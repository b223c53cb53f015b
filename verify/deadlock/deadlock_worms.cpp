#include "verify/deadlock/deadlock_worms.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <unordered_set>


namespace menger {
namespace {

// The Z3 encoding of a deadlocked configuration of worms (header).
class WormEncoding {
 public:
  WormEncoding(const Configs& cfg, const std::vector<char>& kept)
      : cfg_(cfg), head_(ctx_), body_(ctx_), used_(ctx_), solver_(ctx_) {
    for (std::uint32_t g = 0; g < cfg.size(); ++g)
      if (kept[cfg.chan[g]] && !cfg.at_dest[g]) index_.push_back(g);
    var_.assign(cfg.size(), -1);
    for (std::size_t i = 0; i < index_.size(); ++i) var_[index_[i]] = static_cast<int>(i);
    for (std::size_t i = 0; i < index_.size(); ++i) {
      head_.push_back(ctx_.bool_const(("h" + std::to_string(i)).c_str()));
      body_.push_back(ctx_.bool_const(("b" + std::to_string(i)).c_str()));
      used_.push_back(head(i) || body(i));
      depth_.push_back(ctx_.int_const(("d" + std::to_string(i)).c_str()));
      solver_.add(!(head(i) && body(i)));
      solver_.add(depth_[i] >= 0);
    }
    occupied(kept);
    worms();
    solver_.add(z3::mk_or(head_));
  }

  // Some configuration with at most `bound` channels held; the worms as lists
  // of configurations, tail first.  nullopt: unsat (or unknown: `unknown` set).
  std::optional<std::vector<std::vector<std::uint32_t>>> propose(unsigned bound, bool& unknown) {
    if (const auto d = cfg_.budget.deadline()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*d - std::chrono::steady_clock::now());
      z3::params p(ctx_);
      p.set("timeout", static_cast<unsigned>(std::max<long long>(1, left.count())));
      solver_.set(p);
    }
    solver_.push();
    solver_.add(z3::atmost(used_, bound));
    const z3::check_result r = solver_.check();
    unknown = r == z3::unknown;
    std::optional<std::vector<std::vector<std::uint32_t>>> out;
    if (r == z3::sat) out = extract(solver_.get_model());
    solver_.pop();
    return out;
  }

  // This configuration is not proposed again.
  void exclude(const std::vector<std::vector<std::uint32_t>>& worms) {
    z3::expr_vector same(ctx_);
    for (const auto& w : worms)
      for (std::size_t k = 0; k < w.size(); ++k) same.push_back(k + 1 == w.size() ? head(at(w[k])) : body(at(w[k])));
    solver_.add(!z3::mk_and(same));
  }
  std::size_t size() const { return index_.size(); }

 private:
  const Configs& cfg_;
  z3::context ctx_;
  std::vector<std::uint32_t> index_;  // variable -> configuration
  std::vector<int> var_;              // configuration -> variable, -1: none
  z3::expr_vector head_, body_, used_;
  std::vector<z3::expr> depth_;       // worm configurations to the head
  struct Next {
    std::size_t from, to;
    z3::expr on;
  };
  std::vector<Next> next_;            // the worm goes on from `from` to `to`
  z3::solver solver_;

  z3::expr head(std::size_t i) const { return head_[static_cast<int>(i)]; }
  z3::expr body(std::size_t i) const { return body_[static_cast<int>(i)]; }
  z3::expr used(std::size_t i) const { return used_[static_cast<int>(i)]; }

  std::size_t at(std::uint32_t g) const { return static_cast<std::size_t>(var_[g]); }

  // A channel is held by at most one configuration; a head finds every
  // channel offered to it held.
  void occupied(const std::vector<char>& kept) {
    std::vector<z3::expr_vector> at_channel;
    for (std::size_t c = 0; c < kept.size(); ++c) at_channel.emplace_back(ctx_);
    for (std::size_t i = 0; i < index_.size(); ++i) at_channel[cfg_.chan[index_[i]]].push_back(used(i));
    for (auto& v : at_channel)
      if (v.size() > 1) solver_.add(z3::atmost(v, 1));
    for (std::size_t i = 0; i < index_.size(); ++i) {
      const auto out = cfg_.out(index_[i]);
      if (out.empty()) solver_.add(!head(i));
      for (const auto& h : out) {
        const ChannelId t = cfg_.chan[h.to];
        solver_.add(z3::implies(head(i), at_channel[t].empty() ? ctx_.bool_val(false) : z3::mk_or(at_channel[t])));
      }
    }
  }

  // A body configuration goes on to exactly one used configuration, each
  // entered from at most one, and depth falls by one to 0 at a head (no
  // worm without a head).
  void worms() {
    std::vector<z3::expr_vector> in, out;
    for (std::size_t i = 0; i < index_.size(); ++i) in.emplace_back(ctx_), out.emplace_back(ctx_);
    for (std::size_t i = 0; i < index_.size(); ++i)
      for (const auto& h : cfg_.out(index_[i])) {
        if (var_[h.to] < 0) continue;
        const auto j = static_cast<std::size_t>(var_[h.to]);
        z3::expr on = ctx_.bool_const(("n" + std::to_string(next_.size())).c_str());
        solver_.add(z3::implies(on, body(i) && used(j) && depth_[i] == depth_[j] + 1));
        in[j].push_back(on);
        out[i].push_back(on);
        next_.push_back({i, j, on});
      }
    for (std::size_t i = 0; i < index_.size(); ++i) {
      solver_.add(z3::implies(head(i), depth_[i] == 0));
      solver_.add(z3::implies(body(i), out[i].empty() ? ctx_.bool_val(false) : z3::mk_or(out[i])));
      if (out[i].size() > 1) solver_.add(z3::atmost(out[i], 1));
      if (in[i].size() > 1) solver_.add(z3::atmost(in[i], 1));
    }
  }

  std::vector<std::vector<std::uint32_t>> extract(const z3::model& m) const {
    auto is_true = [&](const z3::expr& e) { return m.eval(e, true).is_true(); };
    std::vector<int> succ(index_.size(), -1);
    std::vector<char> entered(index_.size(), 0);
    for (const Next& n : next_)
      if (is_true(n.on)) succ[n.from] = static_cast<int>(n.to), entered[n.to] = 1;
    std::vector<std::vector<std::uint32_t>> worms;
    for (std::size_t i = 0; i < index_.size(); ++i) {
      if (!is_true(used(i)) || entered[i]) continue;
      std::vector<std::uint32_t> w;
      for (int k = static_cast<int>(i); k >= 0 && w.size() <= index_.size(); k = succ[static_cast<std::size_t>(k)])
        w.push_back(index_[static_cast<std::size_t>(k)]);
      worms.push_back(std::move(w));
    }
    return worms;
  }
};

// Brings proposed worms in from an empty network (header): depth first over
// the order, one breadth-first route per worm, hopeless sets of placed worms
// remembered.
class WormScheduler {
 public:
  WormScheduler(const Configs& cfg, const ChannelSpace& space, std::uint64_t& budget)
      : cfg_(cfg), space_(space), budget_(budget) {}

  std::optional<std::vector<ScheduledPacket>> run(const std::vector<std::vector<std::uint32_t>>& worms) {
    worms_ = &worms;
    held_.assign(space_.size(), 0);
    placed_.assign(worms.size(), 0);
    order_.clear();
    failed_.clear();
    if (place()) return order_;
    return std::nullopt;
  }

 private:
  const Configs& cfg_;
  const ChannelSpace& space_;
  std::uint64_t& budget_;
  const std::vector<std::vector<std::uint32_t>>* worms_ = nullptr;
  std::vector<char> held_, placed_;
  std::vector<ScheduledPacket> order_;
  std::unordered_set<std::string> failed_;

  bool place() {
    if (order_.size() == worms_->size()) return true;
    const std::string key(placed_.begin(), placed_.end());
    if (budget_ == 0 || failed_.count(key)) return false;
    for (std::size_t i = 0; i < worms_->size(); ++i) {
      if (placed_[i] || budget_ == 0) continue;
      --budget_;
      auto p = route((*worms_)[i]);
      if (!p) continue;
      const auto& w = (*worms_)[i];
      for (std::uint32_t g : w) held_[cfg_.chan[g]] = 1;
      placed_[i] = 1;
      order_.push_back(std::move(*p));
      if (place()) return true;
      order_.pop_back();
      placed_[i] = 0;
      for (std::uint32_t g : w) held_[cfg_.chan[g]] = 0;
    }
    if (budget_ > 0) failed_.insert(key);
    return false;
  }

  // A route from a source to the worm's tail configuration through channels
  // that are empty and not the worm's own, then the worm itself.
  std::optional<ScheduledPacket> route(const std::vector<std::uint32_t>& worm) {
    cfg_.budget.check("the exact deadlock check (wormhole schedules)");
    std::vector<char> own(space_.size(), 0);
    for (std::uint32_t g : worm) own[cfg_.chan[g]] = 1;
    const auto r = shortest_route(
        cfg_, [&](const Configs::Hop& h) { return h.to == worm.front(); },
        [&](const Configs::Hop& h) {
          const ChannelId t = cfg_.chan[h.to];
          return !held_[t] && !own[t] && !cfg_.at_dest[h.to];
        });
    if (!r) return std::nullopt;
    ScheduledPacket p;
    for (const RouteStep& s : *r) p.hops.push_back({cfg_.chan[s.config], cfg_.state[s.config], false});
    for (std::size_t k = 1; k < worm.size(); ++k) p.hops.push_back({cfg_.chan[worm[k]], cfg_.state[worm[k]], false});
    p.packet = {space_.info(p.hops.front().channel).tail, cfg_.dst[worm.front()]};
    p.holds = static_cast<std::uint32_t>(worm.size());
    return p;
  }
};

}  // namespace

std::optional<std::vector<ScheduledPacket>> schedule_worms(const Configs& cfg, const ChannelSpace& space,
                                                           const std::vector<std::vector<std::uint32_t>>& worms,
                                                           std::uint64_t& budget) {
  WormScheduler sched(cfg, space, budget);
  return sched.run(worms);
}

std::vector<std::vector<std::uint32_t>> smallest_closed_part(const Configs& cfg,
                                                             const std::vector<std::vector<std::uint32_t>>& worms) {
  std::vector<int> holder(cfg.at_channel.size(), -1);
  for (std::size_t w = 0; w < worms.size(); ++w)
    for (std::uint32_t g : worms[w]) holder[cfg.chan[g]] = static_cast<int>(w);
  std::vector<std::size_t> best;
  for (std::size_t seed = 0; seed < worms.size(); ++seed) {
    std::vector<char> in(worms.size(), 0);
    std::vector<std::size_t> part{seed};
    in[seed] = 1;
    for (std::size_t k = 0; k < part.size() && (best.empty() || part.size() < best.size()); ++k)
      for (const auto& h : cfg.out(worms[part[k]].back()))
        if (const int w = holder[cfg.chan[h.to]]; w >= 0 && !in[static_cast<std::size_t>(w)]) {
          in[static_cast<std::size_t>(w)] = 1;
          part.push_back(static_cast<std::size_t>(w));
        }
    if (best.empty() || part.size() < best.size()) best = part;
  }
  std::sort(best.begin(), best.end());
  std::vector<std::vector<std::uint32_t>> out;
  for (std::size_t w : best) out.push_back(worms[w]);
  return out;
}

WormSearch find_worm_deadlock(const Configs& cfg, const ChannelSpace& space, const std::vector<char>& kept,
                              std::uint64_t& budget) {
  WormSearch out;
  WormEncoding enc(cfg, kept);
  WormScheduler sched(cfg, space, budget);
  const auto all = static_cast<unsigned>(std::min<std::size_t>(enc.size(), kept.size()));
  // From 8 channels up: Z3 finds a configuration at a loose bound at once,
  // while proving a tight bound unsatisfiable can take it seconds (mesh(5,5):
  // 15 s to refute 4 channels, 0.2 s to find 8).
  for (unsigned bound = std::min(all, 8u);; bound = std::min(all, bound * 2)) {
    for (;;) {
      cfg.budget.check("the exact deadlock check (worm configurations)");
      if (budget == 0) {
        out.stopped = "the route-search budget ran out after " + std::to_string(out.proposals) +
                      " deadlocked configurations of worms, none brought in from an empty network";
        return out;
      }
      bool unknown = false;
      auto worms = enc.propose(bound, unknown);
      if (unknown) {
        out.stopped = "Z3 answered unknown for configurations of worms holding at most " + std::to_string(bound) +
                      " channels";
        return out;
      }
      if (!worms) break;
      ++out.proposals;
      if (auto s = sched.run(*worms)) {
        out.schedule = std::move(s);
        return out;
      }
      enc.exclude(*worms);
    }
    if (bound >= all) break;
  }
  out.none = out.proposals == 0;
  out.stopped = out.proposals == 0 ? "Z3 finds no deadlocked configuration of worms (an unsat answer, not checked)"
                                : "none of the " + std::to_string(out.proposals) +
                                      " deadlocked configurations of worms was brought in from an empty network";
  return out;
}

}  // namespace menger
