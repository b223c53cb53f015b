#include "verify/route/route_checkpoint.h"

#include "core/error.h"
#include "core/json_io.h"

namespace menger {

constexpr const char* kFormat = "menger-route-checkpoint/3";  // 2: records numbered by "shard"; 3: sealed, inputs

nlohmann::json to_json(const ChunkRecord& r) {
  nlohmann::json j = {{"shard", r.chunk}, {"levels", r.levels}, {"pairs_settled", r.pairs_settled}};
  if (r.failure) {
    const auto& f = *r.failure;
    j["failure"] = {{"level", f.level}, {"s", f.s}, {"d", f.d}, {"units", f.units},
                    {"path_bound", f.path_bound ? nlohmann::json(*f.path_bound) : nlohmann::json()},
                    {"disconnected", f.disconnected}};
  }
  return j;
}

ChunkRecord chunk_record_from_json(const nlohmann::json& j) {
  require_keys(j, {"shard", "levels", "pairs_settled", "failure"}, "a chunk's record");
  ChunkRecord r;
  r.chunk = json_at<std::uint64_t>(j, "shard");
  for (const auto& level : json_at<std::vector<std::vector<std::uint64_t>>>(j, "levels")) {
    if (level.size() != 3) throw InputError("a level holds runs, disconnected and failures");
    r.levels.push_back({level[0], level[1], level[2]});
  }
  r.pairs_settled = json_at<std::uint64_t>(j, "pairs_settled");
  if (j.contains("failure")) {
    const auto& f = j.at("failure");
    require_keys(f, {"level", "s", "d", "units", "path_bound", "disconnected"}, "a chunk's failure");
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

RouteCheckpoint::RouteCheckpoint(std::filesystem::path path, const nlohmann::json& question)
    : file_(std::move(path), kFormat, question) {
  for (std::size_t i = 0; i < file_.records().size(); ++i) {
    try {
      records_.push_back(chunk_record_from_json(file_.records()[i]));
    } catch (const InputError& e) {
      file_.damaged(i, e.what());
    }
  }
}

void RouteCheckpoint::append(const ChunkRecord& r) { file_.append(to_json(r)); }

}  // namespace menger
