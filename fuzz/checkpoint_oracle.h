// The verdict oracle of the checkpoint harnesses (issue 36: "a forged or
// damaged checkpoint changes the verdict, with exit 0, and nothing says the
// run was resumed").
//
// Each checkpoint harness resumes one fixed, small question from the fuzzed
// file and compares what the resumed run answers with what a fresh run of
// the same question answers (computed once per process).  The outcomes a
// user may see:
//   - the file is refused: InputError, or BudgetExhausted (UNKNOWN);
//   - the same answer as the fresh run;
//   - another answer, while the result says that it took shards from the
//     file on trust (Coverage::resumed with a non-empty `trusted`) -- never
//     under --recheck-resumed, which re-runs every shard it takes.
// Anything else is a finding: the harness aborts, naming what differed.
//
// Input.  The first byte is the mode: bit 0 asks for --recheck-resumed; bit 1
// keeps the file's seals as they are (so the seal itself is what refuses an
// edit).  Without bit 1 every complete line of the rest is resealed before
// the file is written, as someone who knows the seal's rule would: most
// mutations then reach the engines' own checks (the plan, replayed
// failures), which is what the oracle tests.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/checkpoint_file.h"
#include "core/coverage.h"
#include "core/json_io.h"
#include "fuzz_support.h"

namespace menger::fuzz {

struct CheckpointInput {
  bool recheck = false;
  std::filesystem::path file;
};

// The text with every complete line resealed (a line that is not a JSON
// object is kept as it is, and breaks the chain after it).
inline std::string resealed_text(std::string_view text) {
  std::string out, previous;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string_view::npos; start = nl + 1) {
    const std::string_view line = text.substr(start, nl - start);
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      out.append(line);
    } else {
      j.erase("check");
      previous = checkpoint_seal(previous, j);
      j["check"] = previous;
      out += json_text(j);
    }
    out += '\n';
  }
  out.append(text.substr(start));
  return out;
}

inline CheckpointInput checkpoint_input(const std::uint8_t* data, std::size_t size) {
  CheckpointInput in;
  const std::uint8_t mode = size > 0 ? data[0] : 0;
  const std::string_view text = size > 0 ? as_text(data + 1, size - 1) : std::string_view();
  in.recheck = (mode & 1) != 0;
  in.file = scratch_file(".jsonl", (mode & 2) ? std::string(text) : resealed_text(text));
  return in;
}

// With MENGER_FUZZ_SEED_OUT=FILE set, the checkpoint the harness's run left
// behind is copied there: how the seeds of fuzz/corpus/*_checkpoint/ are
// made (an empty input runs the question from scratch and writes the whole file).
inline void keep_seed(const CheckpointInput& in) {
  if (const char* out = std::getenv("MENGER_FUZZ_SEED_OUT"))
    std::filesystem::copy_file(in.file, out, std::filesystem::copy_options::overwrite_existing);
}

[[noreturn]] inline void finding(const std::string& what) {
  std::fprintf(stderr, "checkpoint oracle: %s\n", what.c_str());
  std::abort();
}

// The oracle: `fresh` and `resumed` are the answers as comparable text; a
// difference is allowed only when the resumed run says what it believed.
inline void judge(const std::string& fresh, const std::string& resumed, const Coverage& coverage, bool recheck) {
  if (resumed == fresh) return;
  const bool said = coverage.resumed && !coverage.resumed->trusted.empty();
  if (recheck) finding("--recheck-resumed accepted a file and answered\n" + resumed + "\nwhere a fresh run answers\n" + fresh);
  if (!said)
    finding("a resumed run answered\n" + resumed + "\nwhere a fresh run answers\n" + fresh +
            "\nwithout saying that it took anything on trust");
}

}  // namespace menger::fuzz
