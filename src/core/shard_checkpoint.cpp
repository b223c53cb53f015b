#include "core/shard_checkpoint.h"

#include <iterator>
#include <sstream>
#include <system_error>

#include "core/error.h"
#include "core/json_io.h"

namespace menger {

namespace {

// The file's complete lines, and the byte length they cover (a trailing
// fragment without a newline is not counted).
std::vector<std::string> complete_lines(const std::filesystem::path& path, std::uintmax_t& covered) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint " + path.string());
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(text.substr(start, nl - start));
  covered = start;
  return lines;
}

std::string line_of(const std::filesystem::path& path, std::size_t number) {
  return "checkpoint " + path.string() + ": line " + std::to_string(number);
}

nlohmann::json parse_object(const std::string& line, const std::filesystem::path& path, std::size_t number) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception&) {
    throw InputError(line_of(path, number) + " is not JSON (the file is damaged; delete it to start over)");
  }
  if (!j.is_object()) throw InputError(line_of(path, number) + " is not a JSON object (the file is damaged)");
  return j;
}

// Splits a canonical text "a=1;b=2" at its ';'.
std::vector<std::string> fields_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ';');) out.push_back(item);
  return out;
}

}  // namespace

ShardCheckpoint::ShardCheckpoint(std::filesystem::path path, std::string format, const nlohmann::json& question)
    : path_(std::move(path)) {
  std::uintmax_t covered = 0;
  std::vector<std::string> lines;
  if (std::filesystem::exists(path_)) lines = complete_lines(path_, covered);
  const std::string first = json_text({{"format", format}, {"question", question}});
  if (lines.empty()) {  // new, empty, or killed before its header was complete
    // A file without a whole line is rewritten only if it is the start of
    // this header: another file named by mistake is not destroyed.
    if (std::filesystem::exists(path_) && std::filesystem::file_size(path_) > 0) {
      std::ifstream in(path_, std::ios::binary);
      std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (first.compare(0, text.size(), text) != 0)
        throw InputError("checkpoint " + path_.string() + " is not a " + format +
                         " checkpoint (it holds no complete line, and not the start of this run's header)");
    }
    out_.open(path_, std::ios::binary | std::ios::trunc);
    if (!out_) throw InputError("cannot write checkpoint " + path_.string());
    out_ << first << "\n" << std::flush;
    if (!out_) throw InputError("cannot write checkpoint " + path_.string());
    return;
  }
  const nlohmann::json header = parse_object(lines[0], path_, 1);
  if (header.value("format", nlohmann::json()) != format)
    throw InputError("checkpoint " + path_.string() + " is not a " + format + " checkpoint (its first line says " +
                     json_text(header.value("format", nlohmann::json())) + ")");
  if (const std::string diff = question_difference(question, header.value("question", nlohmann::json()));
      !diff.empty())
    throw InputError("checkpoint " + path_.string() + " is for another question (" + diff +
                     "); resume with the command that wrote it, or name another file");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    nlohmann::json r = parse_object(lines[i], path_, i + 1);
    const nlohmann::json shard = r.value("shard", nlohmann::json());
    if (!shard.is_number_unsigned() || shard.get<std::uint64_t>() != i - 1)
      throw InputError(line_of(path_, i + 1) + " holds shard " + json_text(shard) + ", expected " +
                       std::to_string(i - 1) + " (the file is damaged; delete it to start over)");
    records_.push_back(std::move(r));
  }
  shards_ = records_.size();
  std::error_code failed;
  std::filesystem::resize_file(path_, covered, failed);  // drop a half-written last record
  if (failed) throw InputError("cannot cut back checkpoint " + path_.string() + ": " + failed.message());
  out_.open(path_, std::ios::binary | std::ios::app);
  if (!out_) throw InputError("cannot append to checkpoint " + path_.string());
}

void ShardCheckpoint::append(nlohmann::json record) {
  record["shard"] = shards_;
  out_ << json_text(record) << "\n" << std::flush;
  if (!out_) throw InputError("cannot append to checkpoint " + path_.string());
  ++shards_;
}

void ShardCheckpoint::damaged(std::size_t i, const std::string& why) const {
  throw InputError(line_of(path_, i + 2) + ": " + why + " (the file is damaged or was written by another run)");
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

}  // namespace menger
