#include "core/checkpoint_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <system_error>

#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "core/routing.h"
#include "core/topology.h"

namespace menger {

namespace {

std::string line_of(const std::string& name, std::size_t number) {
  return "checkpoint " + name + ": line " + std::to_string(number);
}

// Line `number` as a JSON object whose seal follows `previous`; returns it
// without its "check" and moves `previous` on.
nlohmann::json unseal(std::string_view line, const std::string& name, std::size_t number, std::string& previous) {
  nlohmann::json j;
  try {
    j = parse_json(line, line_of(name, number));
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) + " (the file is damaged; delete it to start over)");
  }
  if (!j.is_object()) throw InputError(line_of(name, number) + " is not a JSON object (the file is damaged)");
  const nlohmann::json check = j.value("check", nlohmann::json());
  j.erase("check");
  const std::string expected = checkpoint_seal(previous, j);
  if (!check.is_string() || check.get<std::string>() != expected)
    throw InputError(line_of(name, number) +
                     (check.is_null() ? " has no seal (\"check\")" : " does not match its seal (\"check\")") +
                     ": it was altered, or lines were dropped, repeated or moved; delete the file to start over");
  previous = expected;
  return j;
}

// Refuses a path that is not a regular file (nor a new one) before anything is written.
void check_path(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) throw InputError("checkpoint " + path.string() + ": " + std::strerror(errno));
    const std::filesystem::path folder = path.parent_path();
    std::error_code failed;
    if (!folder.empty() && !std::filesystem::is_directory(folder, failed))
      throw InputError("cannot write checkpoint " + path.string() + ": no folder " + folder.string());
    return;
  }
  if (S_ISDIR(st.st_mode)) throw InputError("checkpoint " + path.string() + " is a directory, not a file");
  if (!S_ISREG(st.st_mode))
    throw InputError("checkpoint " + path.string() +
                     " is not a regular file (a device such as /dev/null would lose every record)");
}

// Splits a canonical text "a=1;b=2" at its ';'.
std::vector<std::string> fields_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ';');) out.push_back(item);
  return out;
}

}  // namespace

std::string checkpoint_seal(const std::string& previous, const nlohmann::json& line) {
  return sha256_digest(previous + "\n" + json_text(line));
}

CheckpointText read_checkpoint_text(std::string_view text, const std::string& name) {
  CheckpointText out;
  std::size_t start = 0, number = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string_view::npos; start = nl + 1) {
    nlohmann::json line = unseal(text.substr(start, nl - start), name, ++number, out.last_check);
    if (number == 1) out.header = std::move(line);
    else out.records.push_back(std::move(line));
  }
  out.complete_bytes = start;
  return out;
}

CheckpointFile::CheckpointFile(std::filesystem::path path, std::string format, const nlohmann::json& question,
                               Header header)
    : path_(std::move(path)), format_(std::move(format)) {
  check_path(path_);
  std::string text;
  std::error_code failed;
  if (std::filesystem::exists(path_, failed)) text = read_own_file(path_, "checkpoint").text;
  if (text.find('\n') == std::string::npos) {  // new, empty, or killed before its header was complete
    const nlohmann::json head = {{"format", format_}, {"question", question}};
    last_check_ = checkpoint_seal("", head);
    // Written format first, so that a header cut short by a kill is known by its start.
    nlohmann::ordered_json line;
    for (const char* key : {"format", "question"}) line[key] = head[key];
    line["check"] = last_check_;
    header_ = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    // A file without a whole line is rewritten only if it is the start of
    // this header: another file named by mistake is not destroyed.
    if (!text.empty() && header_.compare(0, text.size(), text) != 0)
      throw InputError("checkpoint " + path_.string() + " is not a " + format_ +
                       " checkpoint (it holds no complete line, and not the start of this run's header)");
    if (header == Header::Now) open_for_append();
    return;
  }
  // The header first: a file of another format or question gets that error, not a seal's.
  const std::size_t first = text.find('\n');
  nlohmann::json head;
  try {
    head = parse_json(std::string_view(text).substr(0, first), line_of(path_.string(), 1));
  } catch (const InputError&) {
    throw InputError("checkpoint " + path_.string() + " is not a " + format_ + " checkpoint (its first line is not JSON)");
  }
  check_header(head, question);
  CheckpointText read = read_checkpoint_text(text, path_.string());
  records_ = std::move(read.records);
  last_check_ = std::move(read.last_check);
  std::filesystem::resize_file(path_, read.complete_bytes, failed);  // drop a half-written last record
  if (failed) throw InputError("cannot cut back checkpoint " + path_.string() + ": " + failed.message());
  open_for_append();
}

void CheckpointFile::check_header(const nlohmann::json& head, const nlohmann::json& question) const {
  if (!head.is_object() || head.value("format", nlohmann::json()) != format_)
    throw InputError("checkpoint " + path_.string() + " is not a " + format_ + " checkpoint (its first line says " +
                     json_text(head.is_object() ? head.value("format", nlohmann::json()) : head) + ")");
  if (const std::string diff = question_difference(question, head.value("question", nlohmann::json())); !diff.empty())
    throw InputError("checkpoint " + path_.string() + " is for another question (" + diff +
                     "); resume with the command that wrote it, or name another file");
}

void CheckpointFile::open_for_append() {
  const bool fresh = !header_.empty();
  out_.open(path_, std::ios::binary | (fresh ? std::ios::trunc : std::ios::app));
  if (!out_) throw InputError("cannot write checkpoint " + path_.string());
  if (fresh) {
    out_ << header_ << "\n" << std::flush;
    header_.clear();
  }
  if (!out_) throw InputError("cannot write checkpoint " + path_.string());
}

void CheckpointFile::append(const nlohmann::json& record) {
  if (!out_.is_open()) open_for_append();
  nlohmann::json line = record;
  line.erase("check");
  last_check_ = checkpoint_seal(last_check_, line);
  line["check"] = last_check_;
  out_ << json_text(line) << "\n" << std::flush;
  if (!out_) throw InputError("cannot append to checkpoint " + path_.string());
}

void CheckpointFile::damaged(std::size_t i, const std::string& why) const {
  throw InputError(line_of(path_.string(), i + 2) + ": " + why + " (the file is damaged or was written by another run)");
}

std::string question_difference(const nlohmann::json& here, const nlohmann::json& there) {
  if (here == there) return "";
  if (!here.is_object() || !there.is_object()) return json_text(here) + " here, " + json_text(there) + " there";
  nlohmann::json keys = here;
  keys.update(there);  // the union of both key sets
  for (const auto& [key, ignored] : keys.items()) {
    const nlohmann::json a = here.value(key, nlohmann::json()), b = there.value(key, nlohmann::json());
    if (a == b) continue;
    if (a.is_string() && b.is_string()) {
      const auto fa = fields_of(a.get<std::string>()), fb = fields_of(b.get<std::string>());
      for (std::size_t i = 0; i < fa.size() && i < fb.size(); ++i)  // name=value items name themselves
        if (fa[i] != fb[i] && fa[i].find('=') != std::string::npos) return fa[i] + " here, " + fb[i] + " there";
    }
    return key + " " + json_text(a) + " here, " + json_text(b) + " there";
  }
  return "";
}

nlohmann::json inputs_json(const std::vector<InputRecord>& files) {
  nlohmann::json out = nlohmann::json::object();
  for (const InputRecord& r : files) out[r.path] = r.digest;
  return out;
}

std::string changed_input(const nlohmann::json& recorded) {
  if (!recorded.is_object()) return "";
  for (const auto& [path, digest] : recorded.items()) {
    const std::string now = current_digest(path);
    if (!digest.is_string() || digest.get<std::string>() != now)
      return path + " (" + json_text(digest) + " then, " + (now.empty() ? "unreadable" : now) + " now)";
  }
  return "";
}

}  // namespace menger

namespace menger {

nlohmann::json question_inputs(const Topology& topology, const Routing* routing) {
  std::vector<InputRecord> files = topology.input_files();
  if (routing)
    for (InputRecord& r : routing->input_files()) files.push_back(std::move(r));
  return inputs_json(files);
}

}  // namespace menger
