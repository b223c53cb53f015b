// The ShardFarm over Open MPI (see mpi_farm.h): rank 0's coordinator loop,
// the other ranks' serve loop, and the messages between them.
//
// Messages (MPI_CHAR, tag = kind): a worker sends kReady once, then kResult
// ("shard\ntext") after each shard, or kError (the exception's message); rank
// 0 answers each with kTask ("shard\ncontext") or kStop.  Every rank is
// stopped exactly once, so all of them leave run() together.
#include "dist/mpi_farm.h"

#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <exception>
#include <future>
#include <map>
#include <thread>
#include <utility>

#include "core/error.h"

namespace menger {

namespace {

enum Tag : int { kReady = 1, kTask, kResult, kError, kStop };
constexpr auto kNap = std::chrono::microseconds(200);

bool message_waiting(int source, MPI_Status& status) {
  int flag = 0;
  MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  return flag != 0;
}

MPI_Status wait_message(int source) {
  MPI_Status status;
  while (!message_waiting(source, status)) std::this_thread::sleep_for(kNap);
  return status;
}

std::string receive(const MPI_Status& status) {
  int n = 0;
  MPI_Get_count(&status, MPI_CHAR, &n);
  std::string text(static_cast<std::size_t>(n), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

void send(int dest, Tag tag, const std::string& text) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD);
}

std::string pack(std::size_t shard, const std::string& text) { return std::to_string(shard) + "\n" + text; }

std::pair<std::size_t, std::string> unpack(const std::string& message) {
  const std::size_t nl = message.find('\n');
  return {std::stoull(message.substr(0, nl)), message.substr(nl + 1)};
}

// A rank other than 0: settle what rank 0 hands out until it says stop.
void serve(const ShardJob& job) {
  send(0, kReady, "");
  for (;;) {
    const MPI_Status status = wait_message(0);
    const std::string message = receive(status);
    if (status.MPI_TAG == kStop) return;
    const auto [shard, context] = unpack(message);
    try {
      send(0, kResult, pack(shard, job.work(shard, context)));
    } catch (const std::exception& e) {
      send(0, kError, e.what());
      return;  // rank 0 stops handing out; it will not send this rank kStop
    }
  }
}

// Rank 0: hands shards out (to itself on a thread, and to every rank that
// asks), merges results in shard order, and stops every rank at the end.
class Coordinator {
 public:
  Coordinator(const ShardJob& job, int ranks) : job_(job), active_(ranks - 1) {}

  void run() {
    guard([&] { next_ = merged_ = job_.start(); });
    for (;;) {
      if (!local_.valid()) start_local();
      if (!local_.valid() && active_ == 0) break;
      const bool busy = poll_ranks() | poll_local();
      if (busy) continue;
      if (local_.valid()) local_.wait_for(kNap);
      else std::this_thread::sleep_for(kNap);
    }
    if (error_) std::rethrow_exception(error_);
  }

 private:
  const ShardJob& job_;
  int active_;  // ranks not yet stopped
  std::size_t next_ = 0, merged_ = 0;
  bool handing_out_ = true, merging_ = true;
  std::map<std::size_t, std::string> pending_;  // arrived, not yet merged
  std::future<std::string> local_;
  std::size_t local_shard_ = 0;
  std::exception_ptr error_;

  template <class F>
  void guard(F&& f) {
    try {
      f();
    } catch (...) {
      if (!error_) error_ = std::current_exception();
      handing_out_ = merging_ = false;
    }
  }

  // The next shard and its context, unless none is needed.
  std::optional<std::pair<std::size_t, std::string>> hand_out() {
    std::optional<std::pair<std::size_t, std::string>> task;
    guard([&] {
      if (!handing_out_ || next_ >= job_.count) return;
      if (auto context = job_.context(next_)) task.emplace(next_++, std::move(*context));
      else handing_out_ = false;
    });
    return task;
  }

  void accept(std::size_t shard, const std::string& text) {
    guard([&] {
      if (!merging_) return;
      if (job_.arrived) job_.arrived(shard, text);
      pending_.emplace(shard, text);
      for (auto it = pending_.find(merged_); merging_ && it != pending_.end(); it = pending_.find(merged_)) {
        if (!job_.merge(merged_, it->second)) handing_out_ = merging_ = false;
        pending_.erase(it);
        ++merged_;
      }
    });
  }

  void start_local() {
    auto task = hand_out();
    if (!task) return;
    local_shard_ = task->first;
    local_ = std::async(std::launch::async, [this, t = std::move(*task)] { return job_.work(t.first, t.second); });
  }

  bool poll_local() {
    if (!local_.valid() || local_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
    std::string text;
    bool settled = false;
    guard([&] {
      text = local_.get();
      settled = true;
    });
    if (settled) accept(local_shard_, text);
    return true;
  }

  // Answers one rank's message, if one is waiting.
  bool poll_ranks() {
    MPI_Status status;
    if (active_ == 0 || !message_waiting(MPI_ANY_SOURCE, status)) return false;
    const std::string message = receive(status);
    if (status.MPI_TAG == kError) {
      --active_;
      guard([&] { throw InternalError("rank " + std::to_string(status.MPI_SOURCE) + ": " + message); });
      return true;
    }
    if (status.MPI_TAG == kResult) {
      const auto [shard, text] = unpack(message);
      accept(shard, text);
    }
    if (auto task = hand_out()) {
      send(status.MPI_SOURCE, kTask, pack(task->first, task->second));
    } else {
      send(status.MPI_SOURCE, kStop, "");
      --active_;
    }
    return true;
  }
};

}  // namespace

bool launched_by_mpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMIX_RANK") != nullptr;
}

MpiSession::MpiSession(int& argc, char**& argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

void MpiSession::run(const ShardJob& job) const {
  if (coordinator()) Coordinator(job, size_).run();
  else serve(job);
}

int MpiSession::agree(int status) const {
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return status;
}

}  // namespace menger
