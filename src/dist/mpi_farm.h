// Menger under mpirun (issue 20, "Beyond one machine"): `mpirun -n R menger
// route-check ...` (and deadlock, montecarlo, prove, tolerance: the verbs of
// cli/commands.h's spreads_over_ranks) spreads an engine's shards over R processes.
//
// An MpiSession exists only in a process that mpirun started (a plain run
// never initialises MPI).  It is the ShardFarm of core/shard_farm.h: rank 0
// coordinates and also settles shards on a thread of its own; every other
// rank asks rank 0 for a shard, settles it, sends the result back and asks
// again (dynamic load balancing), until rank 0 says stop.  Rank 0 merges the
// results in shard order, so what it prints does not depend on R.  Waiting is
// done by polling with short sleeps: Open MPI's blocking calls spin, which on
// an oversubscribed machine takes a core from the ranks that work.
#pragma once

#include "core/shard_farm.h"

namespace menger {

// True when Open MPI's mpirun (or another PMIx launcher) started this process.
bool launched_by_mpirun();

class MpiSession final : public ShardFarm {
 public:
  MpiSession(int& argc, char**& argv);  // MPI_Init_thread (funneled: only the main thread calls MPI)
  ~MpiSession() override;               // MPI_Finalize
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  bool coordinator() const override { return rank_ == 0; }
  int rank() const { return rank_; }
  int processes() const override { return size_; }
  void run(const ShardJob& job) const override;
  // Also how every process ends with the coordinator's exit status.
  int agree(int value) const override;
  // Ends every process with `status` (MPI_Abort): how an error on one rank
  // ends the others, which may be waiting for it anywhere (issue 36).
  [[noreturn]] void abort(int status) const;

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace menger
