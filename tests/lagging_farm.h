// An in-process ShardFarm for tests (core/shard_farm.h): it plays R ranks
// that each take a shard before any earlier result is known and answer in
// reverse order, the worst case for an engine's merge; mpirun itself is
// tested end to end by tests/mpi_same_output.sh.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/shard_farm.h"

namespace menger::testing {

// Hands out `batch` shards at a time (every context taken before any of them
// is settled), settles them last first, then merges in order.  batch = 1 is
// the sequential order.
class LaggingFarm final : public ShardFarm {
 public:
  explicit LaggingFarm(std::size_t batch) : batch_(batch) {}
  bool coordinator() const override { return true; }
  int processes() const override { return static_cast<int>(batch_); }
  int agree(int value) const override { return value; }
  void run(const ShardJob& job) const override {
    std::size_t merged = job.start();
    std::map<std::size_t, std::string> pending;
    for (std::size_t next = merged; next < job.count;) {
      std::vector<std::pair<std::size_t, std::string>> handed;
      for (; next < job.count && handed.size() < batch_; ++next) {
        auto context = job.context(next);
        if (!context) {
          finish(job, pending, merged);
          return;
        }
        handed.emplace_back(next, *context);
      }
      for (auto it = handed.rbegin(); it != handed.rend(); ++it) {
        const std::string result = job.work(it->first, it->second);
        if (job.arrived) job.arrived(it->first, result);
        pending.emplace(it->first, result);
      }
      if (!finish(job, pending, merged)) return;
    }
  }

 private:
  std::size_t batch_;
  static bool finish(const ShardJob& job, std::map<std::size_t, std::string>& pending, std::size_t& merged) {
    for (auto it = pending.find(merged); it != pending.end(); it = pending.find(merged)) {
      const bool more = job.merge(merged++, it->second);
      pending.erase(it);
      if (!more) return false;
    }
    return true;
  }
};

}  // namespace menger::testing
