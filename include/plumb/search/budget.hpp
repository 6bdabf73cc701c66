// plumb/search/budget.hpp: the Budget, which enforces a SearchContext's limits (context.hpp: depth,
// nodes, time, memory, threads) and its cancellation cheaply from inside hot loops and reports the
// search's progress through it; and the helpers every search shares for threads and allocations.
//
// Budget::charge() is called once per expansion; it checks the limits (reads the clock) every
// `stride` calls, a stride paced so that checks come about every kCheckPeriod (10 ms) whatever an
// expansion costs: it starts at 1, at most doubles after each check, up to 4,096 when expansions
// are fast, and shrinks in proportion as soon as a stride took longer, down to every call when one
// expansion takes that long (a slow callback). It reads the process's resident memory at the first
// check, then every 16th check while that is below half the limit, every check above. So its cost
// is a counter compare almost always, and at a steady pace a limit or a cancellation is seen within
// about kCheckPeriod plus one expansion, however slow the expansions are (a stride begun at a
// faster pace runs to its end first). The node limit is exact. The first expansion is checked, so
// a search started under a cancelled context, a spent time limit or a process already past the
// memory limit stops at once.
//
// Memory grows in steps the periodic check cannot see coming (a table that doubles, an array the
// size of a state space), so every allocation of a search that can be large goes through the
// Budget first: can_allocate(bytes) before one big allocation, make_room(vector) before a vector
// would grow. Either refuses, and stops the search, when the resident memory plus the new block
// would pass the limit, so the peak stays within the limit plus what is allocated between checks.
// An allocation the system refuses (std::bad_alloc) becomes io::EnvironmentError naming its size.
// Limits and a cancellation stop a search cleanly: the algorithm returns with stats.reason saying
// which limit was hit (or `cancelled`). One Budget serves one search on one thread; the workers of
// a parallel search each have their own, over the one shared context.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "plumb/io/environment_error.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search {

// The resident memory of this process in bytes (0 where it cannot be read).
inline std::uint64_t resident_memory_bytes() {
  static const long page_size = ::sysconf(_SC_PAGESIZE);
  std::FILE* file = std::fopen("/proc/self/statm", "r");
  if (file == nullptr) return 0;
  unsigned long long pages_total = 0, pages_resident = 0;
  const int read = std::fscanf(file, "%llu %llu", &pages_total, &pages_resident);
  std::fclose(file);
  return read == 2 && page_size > 0 ? pages_resident * static_cast<std::uint64_t>(page_size) : 0;
}

// The most worker threads any search starts: 4 a core, at most 256. More only add the cost of
// starting them (and, far beyond, fail to start).
inline unsigned max_worker_threads() {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return std::min(256u, 4 * cores);
}

// The number of worker threads the context allows: context.limits.threads (0: one a core), at
// least one and at most max_worker_threads().
inline unsigned worker_threads(const SearchContext& context) {
  const unsigned wanted =
      context.limits.threads != 0 ? context.limits.threads : std::thread::hardware_concurrency();
  return std::clamp(wanted, 1u, max_worker_threads());
}

// The threads a search may run for a while (an IDA* iteration, a table build), its own included:
// worker_threads(context), or, where the context's searches share their threads
// (SearchContext::shared_threads), its own and those idle, at most worker_threads(context): those
// idle when it is made, and more taken by grow(); given back when the lease ends.
class ThreadLease {
 public:
  explicit ThreadLease(const SearchContext& context)
      : shared_(context.shared_threads.get()),
        most_(worker_threads(context)),
        threads_(shared_ != nullptr ? 1 + shared_->take_idle(most_ - 1) : most_) {}
  ThreadLease(const ThreadLease&) = delete;
  ThreadLease& operator=(const ThreadLease&) = delete;
  ~ThreadLease() {
    if (shared_ != nullptr) shared_->give_back(threads_ - 1);
  }
  unsigned threads() const { return threads_; }
  // Takes the shared threads gone idle since, within the limit; returns how many it took.
  unsigned grow() {
    if (shared_ == nullptr || threads_ == most_) return 0;
    const unsigned taken = shared_->take_idle(most_ - threads_);
    threads_ += taken;
    return taken;
  }

 private:
  SharedThreads* shared_;
  unsigned most_;
  unsigned threads_;
};

// Runs work(0, grow) on the calling thread and work(1, ...), work(2, ...) each on a thread of its
// own, as many as a ThreadLease of the context holds, and waits for them all. Where the context's
// threads are shared, the calling thread's work calls grow() between its pieces: threads gone idle
// since are leased and start work of their own (the others are given a grow() that does nothing).
// Worker numbers are below worker_threads(context). A thread that cannot be started becomes
// io::EnvironmentError, as in run_workers.
template <class Work>
void run_leased_workers(const SearchContext& context, Work&& work) {
  ThreadLease lease(context);
  std::vector<std::jthread> helpers;
  std::string failure;
  unsigned started = 1;
  const auto start_helpers = [&] {
    for (; started < lease.threads() && failure.empty(); ++started) {
      try {
        helpers.emplace_back([&work, worker = started] { work(worker, [] {}); });
      } catch (const std::system_error& error) {
        failure = fmt::format("cannot start worker thread {}: {}", started + 1, error.what());
      }
    }
  };
  start_helpers();
  work(0u, [&] {
    if (lease.grow() > 0) start_helpers();
  });
  helpers.clear();
  if (!failure.empty()) throw io::EnvironmentError(failure);
}

// Runs work(0) on the calling thread and work(1) ... work(threads - 1) on threads of their own, and
// waits for them all. A thread that cannot be started becomes io::EnvironmentError (after the ones
// started have finished their work).
template <class Work>
void run_workers(unsigned threads, Work&& work) {
  std::vector<std::jthread> helpers;
  std::string failure;
  for (unsigned worker = 1; worker < threads && failure.empty(); ++worker) {
    try {
      helpers.emplace_back(work, worker);
    } catch (const std::system_error& error) {
      failure =
          fmt::format("cannot start worker thread {} of {}: {}", worker + 1, threads, error.what());
    }
  }
  work(0u);
  helpers.clear();
  if (!failure.empty()) throw io::EnvironmentError(failure);
}

// Runs `allocate()`, which allocates about `bytes` for `what`; a std::bad_alloc from it becomes
// io::out_of_memory(what, bytes).
template <class Allocate>
decltype(auto) allocate_or_throw(std::string_view what, std::uint64_t bytes, Allocate&& allocate) {
  try {
    return allocate();
  } catch (const std::bad_alloc&) {
    throw io::out_of_memory(what, bytes);
  }
}

class Budget {
 public:
  Budget(const SearchContext& context, SearchStats& stats)
      : context_(context),
        stats_(stats),
        start_(Clock::now()),
        checked_at_(start_),
        paced_at_(start_),
        paced_expanded_(stats.expanded) {}

  // Counts one expansion; returns false (and sets stats.reason) once a limit is reached.
  bool charge() {
    if (++stats_.expanded < next_check_) return !stopped_;
    const bool going_on = check();
    pace();
    return going_on;
  }

  // Checks every limit now. Algorithms call it directly after big steps (a layer, an iteration).
  bool check() {
    if (stopped_) return false;
    if (context_.cancelled()) return stop(StopReason::cancelled);
    if (limits().max_nodes != 0 && stats_.expanded >= limits().max_nodes)
      return stop(StopReason::node_limit);
    checked_at_ = Clock::now();
    stats_.seconds = seconds_since_start(checked_at_);
    if (limits().max_seconds > 0 && stats_.seconds >= limits().max_seconds)
      return stop(StopReason::time_limit);
    if (limits().max_memory_bytes != 0 &&
        (checks_++ % 16 == 0 || 2 * resident_ > limits().max_memory_bytes)) {
      resident_ = resident_memory_bytes();
      if (resident_ > limits().max_memory_bytes) return stop(StopReason::memory_limit);
    }
    context_.report_progress(stats_);
    return true;
  }

  // Whether `bytes` more would stay within the memory limit (no side effect).
  bool fits(std::uint64_t bytes) {
    if (limits().max_memory_bytes == 0) return true;
    resident_ = resident_memory_bytes();
    return resident_ + bytes <= limits().max_memory_bytes;
  }

  // Whether `bytes` more can be allocated without passing the memory limit; if not, the search is
  // stopped (memory_limit).
  bool can_allocate(std::uint64_t bytes) { return fits(bytes) || stop(StopReason::memory_limit); }

  // Makes room in `v` for `more` elements: true at once if it has the capacity; else grows it to
  // twice its size (or what is needed), if can_allocate() lets it. False, with the search stopped,
  // if not: the caller then leaves the elements out.
  template <class T>
  bool make_room(std::vector<T>& v, std::size_t more = 1) {
    if (v.size() + more <= v.capacity()) return true;
    const std::size_t capacity = std::max({v.size() + more, 2 * v.capacity(), std::size_t{16}});
    const std::uint64_t bytes = std::uint64_t{capacity} * sizeof(T);
    if (!can_allocate(bytes)) return false;
    allocate_or_throw("search's storage", bytes, [&] { v.reserve(capacity); });
    return true;
  }

  void note_stored(std::uint64_t stored) {
    if (stored > stats_.peak_stored) stats_.peak_stored = stored;
  }

  bool stopped() const { return stopped_; }

  // Records the final time and reason: `reason`, unless a limit stopped the search first and it did
  // not find a solution after all (a limit may stop it while it inserts the goal).
  void finish(StopReason reason) {
    stats_.seconds = seconds_since_start(Clock::now());
    if (!stopped_ || reason == StopReason::solved) stats_.reason = reason;
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::duration<double> kCheckPeriod = std::chrono::milliseconds(10);
  static constexpr std::uint64_t kMaxStride = 4096;

  const SearchLimits& limits() const { return context_.limits; }
  double seconds_since_start(Clock::time_point now) const {
    return std::chrono::duration<double>(now - start_).count();
  }

  // After a check charge() made: the next comes after as many expansions as took kCheckPeriod at
  // the pace since the last, at least 1, at most twice the stride before and kMaxStride; never
  // past the node limit.
  void pace() {
    const std::chrono::duration<double> spent = checked_at_ - paced_at_;
    const double done = static_cast<double>(stats_.expanded - paced_expanded_);
    const double fitting = spent > kCheckPeriod / kMaxStride ? done * (kCheckPeriod / spent)
                                                             : static_cast<double>(kMaxStride);
    stride_ = std::clamp(static_cast<std::uint64_t>(fitting), std::uint64_t{1},
                         std::min(2 * stride_, kMaxStride));
    paced_at_ = checked_at_;
    paced_expanded_ = stats_.expanded;
    next_check_ = stats_.expanded + stride_;
    if (limits().max_nodes != 0 && next_check_ > limits().max_nodes)
      next_check_ = limits().max_nodes;
  }

  bool stop(StopReason reason) {
    stats_.reason = reason;
    stopped_ = true;
    return false;
  }

  // A copy: a handle sharing the caller's state, so that a Budget made from plain limits (which
  // convert to a temporary context) outlives that temporary.
  SearchContext context_;
  SearchStats& stats_;
  Clock::time_point start_;
  Clock::time_point checked_at_;  // when check() last read the clock
  Clock::time_point paced_at_;    // and when charge() last checked, at this expansion count:
  std::uint64_t paced_expanded_;
  std::uint64_t stride_ = 1;      // the expansions between charge()'s checks
  std::uint64_t next_check_ = 1;  // the expansion count at which charge() next checks the limits
  std::uint64_t checks_ = 0;
  std::uint64_t resident_ = 0;  // the resident memory at the last reading
  bool stopped_ = false;
};

}  // namespace plumb::search
