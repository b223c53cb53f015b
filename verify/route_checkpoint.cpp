#include "verify/route_checkpoint.h"

#include <sstream>

#include "core/error.h"
#include "core/json_io.h"

namespace menger {

namespace {

constexpr const char* kFormat = "menger-route-checkpoint/1";

// The file's complete lines, and the byte length they cover (a trailing
// fragment without a newline is not counted).
std::vector<std::string> complete_lines(const std::filesystem::path& path, std::uintmax_t& covered) {
  std::ifstream in(path, std::ios::binary);
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

nlohmann::json parse_line(const std::string& line, const std::filesystem::path& path, std::size_t number) {
  try {
    return nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception&) {
    throw InputError("checkpoint " + path.string() + ": line " + std::to_string(number) +
                     " is not JSON (the file is damaged; delete it to start over)");
  }
}

}  // namespace

nlohmann::json to_json(const ChunkRecord& r) {
  nlohmann::json j = {{"chunk", r.chunk}, {"levels", r.levels}, {"pairs_settled", r.pairs_settled}};
  if (r.failure) {
    const auto& f = *r.failure;
    j["failure"] = {{"level", f.level}, {"s", f.s}, {"d", f.d}, {"units", f.units},
                    {"path_bound", f.path_bound ? nlohmann::json(*f.path_bound) : nlohmann::json()},
                    {"disconnected", f.disconnected}};
  }
  return j;
}

ChunkRecord chunk_record_from_json(const nlohmann::json& j) {
  ChunkRecord r;
  r.chunk = json_at<std::uint64_t>(j, "chunk");
  for (const auto& level : json_at<std::vector<std::vector<std::uint64_t>>>(j, "levels")) {
    if (level.size() != 3) throw InputError("a level holds runs, disconnected and failures");
    r.levels.push_back({level[0], level[1], level[2]});
  }
  r.pairs_settled = json_at<std::uint64_t>(j, "pairs_settled");
  if (j.contains("failure")) {
    const auto& f = j.at("failure");
    ChunkRecord::Failure x;
    x.level = json_at<std::uint32_t>(f, "level");
    x.s = json_at<std::uint32_t>(f, "s");
    x.d = json_at<std::uint32_t>(f, "d");
    x.units = json_at<std::vector<std::size_t>>(f, "units");
    // Written as null or a number, never left out: a missing one is damage
    // (fuzzing found f.at() throwing nlohmann's out_of_range past every handler).
    if (!f.contains("path_bound")) throw InputError("missing field 'path_bound'");
    if (!f.at("path_bound").is_null()) x.path_bound = json_at<std::uint32_t>(f, "path_bound");
    x.disconnected = json_at<bool>(f, "disconnected");
    r.failure = x;
  }
  return r;
}

RouteCheckpoint::RouteCheckpoint(std::filesystem::path path, const nlohmann::json& question) : path_(std::move(path)) {
  const nlohmann::json header = {{"format", kFormat}, {"question", question}};
  std::uintmax_t covered = 0;
  std::vector<std::string> lines;
  if (std::filesystem::exists(path_)) lines = complete_lines(path_, covered);
  if (lines.empty()) {  // new, empty, or killed before its header was complete
    out_.open(path_, std::ios::binary | std::ios::trunc);
    if (!out_) throw InputError("cannot write checkpoint " + path_.string());
    out_ << json_text(header) << "\n" << std::flush;
    return;
  }
  const nlohmann::json found = parse_line(lines[0], path_, 1);
  if (!found.is_object() || !found.contains("format") || found["format"] != kFormat)
    throw InputError("checkpoint " + path_.string() + " is not a route-check checkpoint");
  if (found.value("question", nlohmann::json()) != question)
    throw InputError("checkpoint " + path_.string() + " is for another question: it holds " +
                     json_text(found.value("question", nlohmann::json())) + ", this run asks " + json_text(question));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    try {
      records_.push_back(chunk_record_from_json(parse_line(lines[i], path_, i + 1)));
    } catch (const InputError& e) {
      throw InputError(std::string(e.what()).find("checkpoint") == 0
                           ? e.what()
                           : "checkpoint " + path_.string() + ": line " + std::to_string(i + 1) + ": " + e.what());
    }
    if (records_.back().chunk != i - 1)
      throw InputError("checkpoint " + path_.string() + ": line " + std::to_string(i + 1) + " holds chunk " +
                       std::to_string(records_.back().chunk) + ", expected " + std::to_string(i - 1));
  }
  std::filesystem::resize_file(path_, covered);  // drop a half-written last record
  out_.open(path_, std::ios::binary | std::ios::app);
  if (!out_) throw InputError("cannot append to checkpoint " + path_.string());
}

void RouteCheckpoint::append(const ChunkRecord& r) {
  out_ << json_text(to_json(r)) << "\n" << std::flush;
  if (!out_) throw InputError("cannot append to checkpoint " + path_.string());
}

}  // namespace menger
