// One field of an engine's question (issue 37, "One question, one answer"):
// its name, doc, default in words, range or words, and the front ends that
// offer it.  A question is a struct whose static `fields(q, visit)` calls
// `visit(member, Field)` once per member, in the order the front ends show
// them; that one declaration is the only place a field is described.  From it
// come (each in the front end's own folder):
//   - the CLI11 options and their help      (src/cli/question_options.h)
//   - the claim file's keys and validation   (src/claims/question_keys.h)
//   - the Python keyword arguments, their checks and docstring, through the
//     question's JSON Schema                 (python/menger/_question.py)
//   - the question's JSON view and Schema    (src/question/question_json.h)
// The default *value* is the member's initialiser; `default_text` only words a
// default the value cannot show (an absent hop limit means "2 x nodes + 16").
//
// Member types a field may have: bool (a flag), std::uint32_t or std::uint64_t
// (a whole number in [min, max]), double (a finite number in [low, high],
// both ends open with `open`), std::string (text; `words` the accepted values
// when not empty), and std::optional of a number or text (absent: the default
// in words).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace menger::question {

// The front ends, as bits.
enum Front : unsigned { kCli = 1, kClaim = 2, kPython = 4, kEveryFront = kCli | kClaim | kPython };

struct Field {
  std::string name;  // snake_case: the claim key and Python keyword; the CLI flag is --kebab-case
  std::string doc;   // one line
  std::string default_text;  // the default in words, where the value's own text does not say it
  std::string off_doc;       // a flag that defaults to true: the CLI's --no-NAME help
  std::uint64_t min = 0, max = std::numeric_limits<std::uint32_t>::max();
  double low = -std::numeric_limits<double>::max(), high = std::numeric_limits<double>::max();
  bool open = false;                 // a number: both ends of [low, high] excluded
  std::vector<std::string> words;  // text: the accepted values (empty: any text)
  unsigned fronts = kEveryFront;
  unsigned required = 0;    // the fronts where it must be given
  bool formula = false;     // text that is a formula (Python also takes a whole number)
  bool word_flags = false;  // text with words: each word but the default is also a flag (--symbolic)
  std::string points;       // text that lists points, "a..b[:step]" or "x,y,z", of "whole" numbers or any
                            // "number" (Python also takes a list of them)
  bool control = false;     // how the run is made, not what is asked (a checkpoint file): the answer is
                            // the same whatever its value, so the question's JSON view leaves it out

  Field(std::string n, std::string d) : name(std::move(n)), doc(std::move(d)) {}
  Field&& in(unsigned f) && { fronts = f; return std::move(*this); }
  Field&& needed_in(unsigned f) && { required = f; return std::move(*this); }
  Field&& range(std::uint64_t lo, std::uint64_t hi) && { min = lo; max = hi; return std::move(*this); }
  Field&& between(double lo, double hi, bool excluding_ends = false) && {
    low = lo;
    high = hi;
    open = excluding_ends;
    return std::move(*this);
  }
  Field&& one_of(std::vector<std::string> w, bool as_flags = false) && {
    words = std::move(w);
    word_flags = as_flags;
    return std::move(*this);
  }
  Field&& defaults_to(std::string text) && { default_text = std::move(text); return std::move(*this); }
  Field&& off(std::string text) && { off_doc = std::move(text); return std::move(*this); }
  Field&& is_formula() && { formula = true; return std::move(*this); }
  Field&& lists_points(std::string of) && { points = std::move(of); return std::move(*this); }
  Field&& run_control() && { control = true; return std::move(*this); }

  bool offered_in(Front f) const { return (fronts & f) != 0; }
  bool required_in(Front f) const { return (required & f) != 0; }
  bool admits(double x) const { return open ? low < x && x < high : low <= x && x <= high; }
  std::string range_text() const;  // "[0, 1]", "(0, 1)"
};

inline std::string Field::range_text() const {
  auto text = [](double x) {
    std::string t = std::to_string(x);
    t.erase(t.find_last_not_of('0') + 1);
    if (t.back() == '.') t.pop_back();
    return t;
  };
  return (open ? "(" : "[") + text(low) + ", " + text(high) + (open ? ")" : "]");
}

// How a resumable question cuts its work into the checkpoint's records.
struct Chunking {
  const char* name;   // the chunk-size field: "chunk_pairs"
  const char* unit;   // what a chunk holds: "pairs"
  const char* chunk;  // what the question calls a chunk: "chunk", "shard", "block"
  std::uint32_t max_size;  // the largest chunk accepted
  const char* when;  // when the checkpoint applies at all: "with k: "
};

// The run controls of a question that resumes from a checkpoint (issue 36: a
// checkpoint is a cache), declared once for every such question: the file and
// the re-check of what it holds (then, in the overload below, the chunk
// size).  CLI only; the answer is the same whatever their values.
template <class Visit, class Text, class Flag>
void checkpoint_fields(Visit& v, Text& checkpoint, Flag& recheck_resumed, const Chunking& c) {
  const std::string chunk = c.chunk;
  v(checkpoint, Field("checkpoint", std::string(c.when) + "append each settled " + chunk + " of " + c.unit +
                                        " to this file, and resume from it (same question only)")
                    .in(kCli)
                    .run_control());
  v(recheck_resumed, Field("recheck_resumed", "with --checkpoint: redo every " + chunk +
                                                  " the file holds and refuse the file at the first record that "
                                                  "differs, so that nothing is taken on trust")
                         .in(kCli)
                         .run_control());
}

template <class Visit, class Text, class Flag, class Size>
void checkpoint_fields(Visit& v, Text& checkpoint, Flag& recheck_resumed, Size& chunk_size, const Chunking& c) {
  checkpoint_fields(v, checkpoint, recheck_resumed, c);
  v(chunk_size, Field(c.name, std::string(c.when) + c.unit + " per deterministic " + c.chunk + " (the checkpoint's unit)")
                    .range(1, c.max_size)
                    .in(kCli)
                    .run_control());
}

// The hop limit's default in words; core/hop_limit.h's hop_limit_for() is its value.
inline constexpr const char* kDefaultHopLimitText = "2 x nodes + 16";

// "path_bound" -> "path-bound": the CLI's spelling of a field's name.
inline std::string kebab(const std::string& name) {
  std::string s = name;
  for (char& c : s)
    if (c == '_') c = '-';
  return s;
}

// A field's name as a front end's user writes it, for errors: --path-bound
// on the command line, path_bound in a claim file or in Python.
inline std::string spelled(Front front, const std::string& name) {
  return front == kCli ? "--" + kebab(name) : name;
}

}  // namespace menger::question
