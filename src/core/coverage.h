// How far an engine got with its question: the one representation of partial
// results (issue 20, "Beyond one machine") that every engine's result, the
// merge of shards across processes, checkpoints, UNKNOWN verdicts and progress
// lines share.
//
// An engine splits its work into numbered shards (chunks of pairs, fault sets
// of one level, blocks of trials, claim instances) and settles them in order,
// so what is settled is always a prefix: `settled` of `total` shards.  Beside
// the counts it keeps, in words, the verdict the settled prefix supports
// ("no failure among sets of < 3 faults") and what remains; that is what an
// UNKNOWN shows a user, and what a resumed run starts from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace menger {

// What a run resumed from a checkpoint took from the file instead of settling
// it itself (issue 36: a checkpoint is a cache, never an authority).  Every
// output that carries a coverage says it, so that a verdict resting on a file
// is never mistaken for a fresh one.
struct Resumption {
  std::string file;             // the checkpoint read
  std::string unit = "shards";  // what one record is, plural ("chunks of pairs", "blocks of pairs", ...)
  std::uint64_t taken = 0;      // records merged from the file instead of settled by this run
  std::uint64_t rechecked = 0;  // of those, re-run (--recheck-resumed) and found equal
  std::string checked;          // what was re-checked of the others, in words ("" nothing)
  std::string trusted;          // what was believed without re-checking, in words ("" nothing)

  // "12 chunks of pairs taken from run.jsonl; re-checked: ...; taken on trust: ... (--recheck-resumed ...)"
  std::string text() const;
};
nlohmann::json to_json(const Resumption& r);

struct Coverage {
  std::string unit = "shards";  // what a shard is, plural: "chunks of pairs", "fault sets", ...
  std::uint64_t settled = 0;    // shards settled (a prefix, in shard order)
  std::uint64_t total = 0;      // shards in all; 0 when not known in advance (levels still to grow)
  std::string so_far;           // the verdict the settled shards support, in words ("" none yet)
  std::string remains;          // what is left, in words ("" when nothing is)
  std::optional<Resumption> resumed;  // when shards were taken from a checkpoint

  // settled / total in [0, 1]; 0 when the total is not known and nothing is
  // settled; 1 when the total is known and reached.
  double fraction() const;
  bool finished() const { return total != 0 && settled >= total; }
  // "12 of 63 chunks of pairs settled (19%); so far: ...; left: ..."
  std::string text() const;
};

// {"unit", "settled", "total" (null when unknown), "fraction", "so_far",
// "remains", "resumed" (null, or {"file", "unit", "taken", "rechecked",
// "checked", "trusted"})}.
nlohmann::json to_json(const Coverage& c);

}  // namespace menger
