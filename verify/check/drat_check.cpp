#include "verify/check/drat_check.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <unordered_map>
#include <optional>
#include <vector>


namespace menger {
namespace {

// Literal l as an index: 2v for +v, 2v + 1 for -v.
std::size_t idx(int l) { return 2 * static_cast<std::size_t>(std::abs(l)) + (l < 0); }

class DratChecker {
 public:
  explicit DratChecker(int vars) : vars_(vars), value_(2 * static_cast<std::size_t>(vars) + 2, 0),
                               reason_(static_cast<std::size_t>(vars) + 1, -1), watches_(value_.size()) {}

  int vars() const { return vars_; }
  bool conflict() const { return conflict_; }

  // Adds a clause (original or checked lemma) and propagates at the top level.
  void add(std::vector<int> c) {
    normalise(c);
    const int id = static_cast<int>(clauses_.size());
    clauses_.push_back({c, false});
    by_lits_[c].push_back(id);
    if (conflict_) return;
    attach(id);
  }

  // Deletes one clause with these literals; false if there is none.
  bool remove(std::vector<int> c) {
    normalise(c);
    auto it = by_lits_.find(c);
    if (it == by_lits_.end() || it->second.empty()) return false;
    const int id = it->second.back();
    // The reason of a top-level assignment stays (header).
    for (int l : clauses_[static_cast<std::size_t>(id)].lits)
      if (value(l) > 0 && reason_[static_cast<std::size_t>(std::abs(l))] == id) return true;
    it->second.pop_back();
    clauses_[static_cast<std::size_t>(id)].deleted = true;  // watchers drop it when they meet it
    return true;
  }

  // Reverse unit propagation: assigning every literal of c false propagates
  // to a conflict.
  bool rup(const std::vector<int>& c) {
    if (conflict_) return true;
    const std::size_t mark = trail_.size();
    bool ok = false;
    for (int l : c) {
      if (value(l) > 0) ok = true;
      if (ok) break;
      if (value(l) == 0) assign(-l, -1);
    }
    if (!ok) ok = !propagate();  // propagate() is false on a conflict
    undo(mark);
    return ok;
  }

  // Resolution asymmetric tautology on c's first literal p: every resolvent
  // with a clause holding -p is a tautology or RUP.
  bool rat(const std::vector<int>& c) {
    if (c.empty()) return false;
    const int p = c.front();
    for (const auto& d : clauses_) {
      if (d.deleted || std::find(d.lits.begin(), d.lits.end(), -p) == d.lits.end()) continue;
      std::vector<int> r = c;
      bool tautology = false;
      for (int l : d.lits) {
        if (l == -p) continue;
        if (std::find(c.begin(), c.end(), -l) != c.end()) tautology = true;
        r.push_back(l);
      }
      if (!tautology && !rup(r)) return false;
    }
    return true;
  }

 private:
  struct Clause {
    std::vector<int> lits;
    bool deleted;
  };
  int vars_;
  std::vector<signed char> value_;  // by literal index: 1 true, -1 false, 0 open
  std::vector<int> reason_;         // by variable: clause that propagated it (-1: a decision or none)
  std::vector<std::vector<int>> watches_;
  std::vector<Clause> clauses_;
  struct LitsHash {
    std::size_t operator()(const std::vector<int>& c) const {
      std::uint64_t h = 1469598103934665603ull;
      for (int l : c) h = (h ^ static_cast<std::uint32_t>(l)) * 1099511628211ull;
      return static_cast<std::size_t>(h);
    }
  };
  std::unordered_map<std::vector<int>, std::vector<int>, LitsHash> by_lits_;  // clauses by sorted literals
  std::vector<int> trail_;
  std::size_t head_ = 0;
  bool conflict_ = false;

  static void normalise(std::vector<int>& c) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
  }
  signed char value(int l) const { return value_[idx(l)]; }
  void assign(int l, int reason) {
    value_[idx(l)] = 1;
    value_[idx(-l)] = -1;
    reason_[static_cast<std::size_t>(std::abs(l))] = reason;
    trail_.push_back(l);
  }
  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      const int l = trail_.back();
      trail_.pop_back();
      value_[idx(l)] = value_[idx(-l)] = 0;
      reason_[static_cast<std::size_t>(std::abs(l))] = -1;
    }
    head_ = std::min(head_, mark);
  }

  // Watches two literals not false (moving them to the front); a clause
  // with one open literal and the rest false propagates it, with none it is
  // a top-level conflict.
  void attach(int id) {
    auto& lits = clauses_[static_cast<std::size_t>(id)].lits;
    std::stable_partition(lits.begin(), lits.end(), [&](int l) { return value(l) >= 0; });
    const std::size_t open = static_cast<std::size_t>(
        std::count_if(lits.begin(), lits.end(), [&](int l) { return value(l) >= 0; }));
    for (std::size_t k = 0; k < std::min<std::size_t>(2, lits.size()); ++k) watches_[idx(lits[k])].push_back(id);
    if (open == 0) {
      conflict_ = true;
    } else if (open == 1 && value(lits[0]) == 0) {
      assign(lits[0], id);
      if (!propagate()) conflict_ = true;
    }
  }

  // Unit propagation from head_; false on a conflict.  Clauses of one literal
  // keep one watch and are never visited here (their literal was assigned
  // when they were added).
  bool propagate() {
    while (head_ < trail_.size()) {
      const int falsified = -trail_[head_++];
      auto& ws = watches_[idx(falsified)];
      for (std::size_t i = 0; i < ws.size();) {
        const int id = ws[i];
        auto& c = clauses_[static_cast<std::size_t>(id)];
        if (c.deleted) {
          ws[i] = ws.back();
          ws.pop_back();
          continue;
        }
        if (c.lits.size() < 2) {
          ++i;
          continue;
        }
        if (c.lits[0] == falsified) std::swap(c.lits[0], c.lits[1]);
        if (value(c.lits[0]) > 0) {
          ++i;
          continue;
        }
        bool moved = false;
        for (std::size_t k = 2; k < c.lits.size(); ++k)
          if (value(c.lits[k]) >= 0) {
            std::swap(c.lits[1], c.lits[k]);
            watches_[idx(c.lits[1])].push_back(id);
            ws[i] = ws.back();
            ws.pop_back();
            moved = true;
            break;
          }
        if (moved) continue;
        if (value(c.lits[0]) < 0) return false;
        assign(c.lits[0], id);
        ++i;
      }
    }
    return true;
  }
};

// One proof line: nullopt on a malformed one (problem set).
std::optional<std::vector<int>> parse_line(std::string_view line, int vars, bool& deletion, std::string& problem) {
  deletion = false;
  std::size_t i = 0;
  auto skip = [&] { while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i; };
  skip();
  if (i < line.size() && line[i] == 'd') {
    deletion = true;
    ++i;
  }
  std::vector<int> lits;
  for (;;) {
    skip();
    if (i >= line.size()) break;
    int l = 0;
    const auto [end, ec] = std::from_chars(line.data() + i, line.data() + line.size(), l);
    if (ec != std::errc() || (end < line.data() + line.size() && *end != ' ' && *end != '\t' && *end != '\r')) {
      problem = "not a clause: '" + std::string(line.substr(0, 60)) + "'";
      return std::nullopt;
    }
    i = static_cast<std::size_t>(end - line.data());
    if (l == 0) {
      skip();
      if (i != line.size()) {
        problem = "text after the clause's 0: '" + std::string(line.substr(0, 60)) + "'";
        return std::nullopt;
      }
      return lits;
    }
    if (l == INT32_MIN || std::abs(l) > vars) {
      problem = "variable " + std::to_string(l) + " is not one of the formula's 1.." + std::to_string(vars);
      return std::nullopt;
    }
    lits.push_back(l);
  }
  problem = "a clause without its closing 0: '" + std::string(line.substr(0, 60)) + "'";
  return std::nullopt;
}

}  // namespace

DratCheck check_drat_refutation(const Cnf& f, std::string_view proof, const Budget& budget) {
  DratCheck out;
  DratChecker ck(f.vars);
  for (const auto& c : f.clauses) {
    for (int l : c)
      if (l == 0 || l == INT32_MIN || std::abs(l) > f.vars) {
        out.problem = "the formula's literal " + std::to_string(l) + " is out of range";
        return out;
      }
    ck.add(c);
  }
  std::size_t line_no = 0;
  while (!proof.empty() && !ck.conflict()) {
    const std::size_t nl = proof.find('\n');
    const std::string_view line = proof.substr(0, nl);
    proof = nl == std::string_view::npos ? std::string_view{} : proof.substr(nl + 1);
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if ((line_no & 1023) == 0) budget.check("checking a DRAT proof");
    bool deletion = false;
    auto lits = parse_line(line, f.vars, deletion, out.problem);
    if (!lits) {
      out.problem = "proof line " + std::to_string(line_no) + ": " + out.problem;
      return out;
    }
    if (deletion) {
      ++out.deletions;
      if (!ck.remove(*lits)) {
        out.problem = "proof line " + std::to_string(line_no) + " deletes a clause the formula does not hold";
        return out;
      }
      continue;
    }
    ++out.lemmas;
    if (!ck.rup(*lits) && !ck.rat(*lits)) {
      out.problem = "proof line " + std::to_string(line_no) + " is neither RUP nor RAT on its first literal";
      return out;
    }
    ck.add(*lits);
  }
  out.refuted = ck.conflict();
  if (!out.refuted) out.problem = "the proof ends without deriving the empty clause";
  return out;
}

}  // namespace menger
