// The file under every checkpoint (issues 20 and 36): JSON lines, a header
// that binds the question, and records sealed into a chain, so that a resumed
// run can tell its own file from a damaged, edited or foreign one.
//
// A checkpoint is a cache, never an authority (DESIGN.md, "Evidence for every
// verdict, and checkpoints as caches").  This file does the part that needs no
// engine: it refuses what is not this question's file, and what was damaged
// or edited by hand.  Each engine then checks its records against its plan
// (their shards exist, their counts fit), replays what a record says failed,
// and says in its output how many shards it took from the file and what it
// took on trust (Coverage::resumed, core/coverage.h).
//
// Format.  Line 1: {"format", "question", "check"}: the format names the
// engine and its record version; the question everything that changes the
// answer (model, routing, options, tool version, and the input files the model
// and routing were read from with their SHA-256 digests, question_inputs(), so
// that a network or table edited since is another question).  Each further
// line is one record,
// {..., "check"}.  `check` seals the line: the SHA-256 of the previous line's
// check and of this line's JSON without its check (keys sorted, nlohmann's
// dump; the header's check seals the header alone).  A record that was
// altered, dropped, duplicated or moved breaks the chain at that line.
//
// What the seal does not do.  It is not a signature: whoever edits a record
// and recomputes the chain with our code's rule gets a file that passes.  So
// a resumed run still says how many shards it took from the file, replays
// every failure a record claims, and `--recheck-resumed` re-runs the rest.
//
// Damage.  A last line without its newline (killed while writing it) is
// dropped and the file cut back to its last complete line.  Anything else --
// a line that is not a JSON object, a key written twice, a broken seal, a
// header of another format or question, an input changed since -- is one
// InputError naming the file and the line.  The path must name a regular
// file or a new one: a directory or a device (/dev/null would swallow the
// records) is refused before anything is written.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/input_file.h"

namespace menger {

// A checkpoint's text as read: the header (null when the text holds no
// complete line), the records without their "check", the bytes of complete
// lines, and the seal of the last line.  `name` names the file in errors.
// Throws InputError for a line that is not a JSON object or breaks the seal.
struct CheckpointText {
  nlohmann::json header;
  std::vector<nlohmann::json> records;
  std::size_t complete_bytes = 0;
  std::string last_check;
};
CheckpointText read_checkpoint_text(std::string_view text, const std::string& name);

class CheckpointFile {
 public:
  // When the header is written: at once, or with the first record (so that a
  // request that fails before settling anything leaves no file behind).
  enum class Header { Now, WithFirstRecord };

  // Opens (or creates) `path` for `question` in `format` (e.g.
  // "menger-deadlock-checkpoint/2"); reads and checks what it holds.
  CheckpointFile(std::filesystem::path path, std::string format, const nlohmann::json& question,
                 Header header = Header::Now);
  CheckpointFile(const CheckpointFile&) = delete;
  CheckpointFile& operator=(const CheckpointFile&) = delete;

  // The records read, in file order, without their "check".
  const std::vector<nlohmann::json>& records() const { return records_; }
  // Appends a record (sealed here) and flushes it before returning.
  void append(const nlohmann::json& record);
  // An InputError about record i (0: the line after the header): names the file and line.
  [[noreturn]] void damaged(std::size_t i, const std::string& why) const;
  const std::filesystem::path& path() const { return path_; }

 private:
  void check_header(const nlohmann::json& head, const nlohmann::json& question) const;
  void open_for_append();
  std::filesystem::path path_;
  std::string format_;
  std::string header_;      // the header line, while not yet written
  std::string last_check_;  // the seal of the last line written or read
  std::vector<nlohmann::json> records_;
  std::ofstream out_;
};

// The seal of a line: SHA-256 of the previous seal and the line's JSON
// without "check" (the header: an empty previous seal).
std::string checkpoint_seal(const std::string& previous, const nlohmann::json& line);

// The first field in which two questions differ, as "field: A here, B there"
// text ("name=value" items of ';'-separated strings name themselves), or ""
// when they are equal.
std::string question_difference(const nlohmann::json& here, const nlohmann::json& there);

// Input files as a question's "inputs" object {path: digest}.
nlohmann::json inputs_json(const std::vector<InputRecord>& files);
class Topology;
class Routing;
// The files a model (and a routing) were read from: Topology::input_files() and
// Routing::input_files(), as inputs_json().
nlohmann::json question_inputs(const Topology& topology, const Routing* routing = nullptr);
// The first input of `recorded` whose file now has another digest, as
// "x.graphml (sha256:ab.. then, sha256:cd.. now)", or "" when none changed.
std::string changed_input(const nlohmann::json& recorded);

}  // namespace menger
