#include "core/shard_checkpoint.h"

#include "core/error.h"
#include "core/json_io.h"

namespace menger {

ShardCheckpoint::ShardCheckpoint(std::filesystem::path path, std::string format, const nlohmann::json& question)
    : file_(std::move(path), std::move(format), question) {
  const auto& records = file_.records();
  for (std::size_t i = 0; i < records.size(); ++i) {
    const nlohmann::json shard = records[i].value("shard", nlohmann::json());
    if (!shard.is_number_unsigned() || shard.get<std::uint64_t>() != i)
      file_.damaged(i, "it holds shard " + json_text(shard) + ", expected " + std::to_string(i));
  }
  shards_ = records.size();
}

void ShardCheckpoint::append(nlohmann::json record) {
  record["shard"] = shards_;
  file_.append(record);
  ++shards_;
}

Resumption resumption(const ShardCheckpoint& file, std::string unit, std::uint64_t taken, std::uint64_t rechecked,
                      std::string checked, std::string trusted) {
  Resumption r;
  r.file = file.path().string();
  r.unit = std::move(unit);
  r.taken = taken;
  r.rechecked = rechecked;
  if (taken > rechecked) {
    r.checked = std::move(checked);
    r.trusted = std::move(trusted);
  }
  return r;
}

}  // namespace menger
