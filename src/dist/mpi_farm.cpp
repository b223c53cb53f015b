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
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "core/error.h"

namespace menger {

namespace {

enum Tag : int { kReady = 1, kTask, kResult, kError, kStop };
constexpr auto kNap = std::chrono::microseconds(200);      // while ranks may call
constexpr auto kLongNap = std::chrono::milliseconds(100);  // when only rank 0's own shard is running

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

// Rank 0's own shards, on one thread kept for the whole run: engines keep
// per-thread state (the search's runners) that a thread per shard would
// build again, and keep.  Only the main thread calls its public functions.
class LocalWorker {
 public:
  explicit LocalWorker(const ShardJob& job) : job_(job), thread_([this] { loop(); }) {}
  ~LocalWorker() {
    {
      std::lock_guard lock(mutex_);
      quit_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  bool busy() const { return busy_; }
  void start(std::size_t shard, std::string context) {
    {
      std::lock_guard lock(mutex_);
      task_.emplace(shard, std::move(context));
    }
    busy_ = true;
    wake_.notify_all();
  }
  // True when the shard is settled (waits up to `nap` for it).
  bool settled(std::chrono::microseconds nap) {
    std::unique_lock lock(mutex_);
    return wake_.wait_for(lock, nap, [&] { return done_; });
  }
  // The settled shard and its result; rethrows what its work threw.
  std::pair<std::size_t, std::string> take() {
    std::lock_guard lock(mutex_);
    busy_ = done_ = false;
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    return {shard_, std::move(result_)};
  }

 private:
  const ShardJob& job_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<std::pair<std::size_t, std::string>> task_;
  bool busy_ = false, done_ = false, quit_ = false;
  std::size_t shard_ = 0;
  std::string result_;
  std::exception_ptr error_;
  std::thread thread_;  // last: starts once the members above exist

  void loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return quit_ || task_; });
      if (quit_) return;
      const auto [shard, context] = *std::exchange(task_, std::nullopt);
      lock.unlock();
      std::string result;
      std::exception_ptr error;
      try {
        result = job_.work(shard, context);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      shard_ = shard;
      result_ = std::move(result);
      error_ = error;
      done_ = true;
      wake_.notify_all();
    }
  }
};

// Rank 0: hands shards out (to itself on a thread, and to every rank that
// asks), merges results in shard order, and stops every rank at the end.
class Coordinator {
 public:
  Coordinator(const ShardJob& job, int ranks) : job_(job), active_(ranks - 1), local_(job) {}

  void run() {
    guard([&] { next_ = merged_ = job_.start(); });
    for (;;) {
      if (!local_.busy()) start_local();
      if (!local_.busy() && active_ == 0) break;
      const bool busy = poll_ranks() | poll_local();
      if (busy) continue;
      if (local_.busy()) local_.settled(active_ == 0 ? kLongNap : kNap);
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
  LocalWorker local_;
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
    if (auto task = hand_out()) local_.start(task->first, std::move(task->second));
  }

  bool poll_local() {
    if (!local_.busy() || !local_.settled(std::chrono::microseconds(0))) return false;
    std::pair<std::size_t, std::string> result;
    bool settled = false;
    guard([&] {
      result = local_.take();
      settled = true;
    });
    if (settled) accept(result.first, result.second);
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

void MpiSession::abort(int status) const {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);  // MPI_Abort does not return; if it did, the process still ends
}

int MpiSession::agree(int status) const {
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return status;
}

}  // namespace menger
