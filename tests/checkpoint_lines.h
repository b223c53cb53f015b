// Checkpoint files as lines, for tests that cut, damage and resume them.
//
// A checkpoint's lines are sealed into a chain (core/checkpoint_file.h): an
// edited line breaks its seal and is refused for that.  Tests of what an
// engine checks beyond the seal (a record that does not fit the plan, a
// failure that does not fail) edit a record and then reseal the file, as a
// forger who knows the rule would, so that the engine's own checks are what
// refuses it.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/checkpoint_file.h"
#include "core/json_io.h"

namespace menger::testing {

// Writes the first `keep` lines, each with its newline, then `tail` (a half-written line).
inline void write_lines(const std::filesystem::path& p, const std::vector<std::string>& lines, std::size_t keep,
                        const std::string& tail = "") {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  for (std::size_t i = 0; i < keep && i < lines.size(); ++i) out << lines[i] << "\n";
  out << tail;
}

// The lines with every seal ("check") recomputed in order; a line that is
// not a JSON object is kept as it is (and breaks the chain after it).
inline std::vector<std::string> resealed(std::vector<std::string> lines) {
  std::string previous;
  for (std::string& line : lines) {
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    j.erase("check");
    previous = checkpoint_seal(previous, j);
    j["check"] = previous;
    line = json_text(j);
  }
  return lines;
}

// Checkpoint text with every complete line resealed; a last line without its
// newline (half-written) is kept as it is.
inline std::string sealed(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(text.substr(start, nl - start));
  std::string out;
  for (const std::string& line : resealed(lines)) out += line + "\n";
  return out + text.substr(start);
}

}  // namespace menger::testing
