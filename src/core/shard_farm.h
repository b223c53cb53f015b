// How an engine's numbered shards are spread over processes (DESIGN.md
// "Engines", last paragraph): beyond one machine the same shards go to MPI
// ranks, with dynamic load balancing, and results merge in shard order so
// that the output does not depend on the number of ranks.
//
// This is the plain C++ face of that: engines see only this interface, never
// mpi.h (src/dist/mpi_farm.h implements it over Open MPI).  Every process
// builds the same engine and calls run() with the same job; the coordinator
// (rank 0) hands shards out one at a time, each with a context string (what
// the shard needs to know now, e.g. the failure level found so far), any
// process settles one with `work`, and the coordinator merges the results in
// shard order.  Results are text (JSON), so they cross processes unchanged.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace menger {

struct ShardJob {
  std::size_t count = 0;  // shards 0 .. count - 1
  // Coordinator, before anything is handed out: the first shard still to
  // settle (e.g. after a checkpoint).  If it throws, the others are stopped.
  std::function<std::size_t()> start;
  // Coordinator, before handing out shard i (in increasing i): its context,
  // or nullopt when neither it nor any later shard is needed.
  std::function<std::optional<std::string>(std::size_t)> context;
  // Any process: settles shard i in the given context; returns its result.
  std::function<std::string(std::size_t, const std::string&)> work;
  // Coordinator, as soon as shard i's result arrives (any order).
  std::function<void(std::size_t, const std::string&)> arrived;
  // Coordinator, in shard order: merges shard i's result; false when no later
  // shard is needed (results still in flight are then dropped).
  std::function<bool(std::size_t, const std::string&)> merge;
};

class ShardFarm {
 public:
  virtual ~ShardFarm() = default;
  // True on the one process that merges and prints (rank 0).
  virtual bool coordinator() const = 0;
  virtual int processes() const = 0;
  // Settles the job on every process; returns when the coordinator has merged
  // what it needs and every process has stopped.  An error on any process is
  // rethrown on the coordinator after the others have been stopped.
  virtual void run(const ShardJob& job) const = 0;
  // The coordinator's `value`, returned on every process (collective: all
  // call it together).  Engines whose shards come in rounds (the levels of a
  // search, the rounds of a study) agree with it on whether another round
  // follows, since only the coordinator holds the merged results.
  virtual int agree(int value) const = 0;
};

}  // namespace menger
