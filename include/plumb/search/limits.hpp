// plumb/search/limits.hpp: limits on a search (depth, nodes, time, memory) and the Budget that
// enforces them cheaply from inside hot loops, with a progress callback for long work.
//
// Budget::charge() is called once per expansion; it reads the clock only every 4,096 calls and the
// process's resident memory every 65,536, so its cost is a counter compare almost always. The node
// limit is exact.
// Limits stop a search cleanly: the algorithm returns with stats.reason saying which limit was hit.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <thread>

#include "plumb/search/stats.hpp"

namespace plumb::search {

struct SearchLimits {
  Cost max_depth = kInfiniteCost;        // no solution deeper (costlier) than this is looked for
  std::uint64_t max_nodes = 0;           // expansions; 0 means no limit
  double max_seconds = 0;                // wall-clock; 0 means no limit
  std::uint64_t max_memory_bytes = 0;    // resident memory of the process; 0 means no limit
  unsigned threads = 0;                  // worker threads where an algorithm can use them; 0: one a core
  double progress_interval_seconds = 0.5;
  std::function<void(const SearchStats&)> on_progress;  // called every progress interval, if set
};

// The resident memory of this process in bytes (0 where it cannot be read).
inline std::uint64_t resident_memory_bytes() {
  std::FILE* file = std::fopen("/proc/self/statm", "r");
  if (file == nullptr) return 0;
  unsigned long long pages_total = 0, pages_resident = 0;
  const int read = std::fscanf(file, "%llu %llu", &pages_total, &pages_resident);
  std::fclose(file);
  return read == 2 ? pages_resident * 4096ULL : 0;
}

// The number of worker threads the limits allow (at least one).
inline unsigned worker_threads(const SearchLimits& limits) {
  if (limits.threads != 0) return limits.threads;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : cores;
}

class Budget {
 public:
  Budget(const SearchLimits& limits, SearchStats& stats)
      : limits_(limits), stats_(stats), start_(Clock::now()),
        next_progress_(limits.progress_interval_seconds) {}

  // Counts one expansion; returns false (and sets stats.reason) once a limit is reached.
  bool charge() {
    if (++stats_.expanded < next_check_) return true;
    next_check_ = stats_.expanded + kCheckInterval;
    if (limits_.max_nodes != 0 && next_check_ > limits_.max_nodes) next_check_ = limits_.max_nodes;
    return check();
  }

  // Checks every limit now. Algorithms call it directly after big steps (a layer, an iteration).
  bool check() {
    if (limits_.max_nodes != 0 && stats_.expanded >= limits_.max_nodes) return stop(StopReason::node_limit);
    stats_.seconds = elapsed();
    if (limits_.max_seconds > 0 && stats_.seconds >= limits_.max_seconds) return stop(StopReason::time_limit);
    if (limits_.max_memory_bytes != 0 && ++checks_ % 16 == 0 && resident_memory_bytes() > limits_.max_memory_bytes) {
      return stop(StopReason::memory_limit);
    }
    if (limits_.on_progress && stats_.seconds >= next_progress_) {
      next_progress_ = stats_.seconds + limits_.progress_interval_seconds;
      limits_.on_progress(stats_);
    }
    return true;
  }

  // Whether `bytes` more can be allocated without passing the memory limit.
  bool can_allocate(std::uint64_t bytes) {
    if (limits_.max_memory_bytes == 0 || resident_memory_bytes() + bytes <= limits_.max_memory_bytes) {
      return true;
    }
    return stop(StopReason::memory_limit);
  }

  void note_stored(std::uint64_t stored) {
    if (stored > stats_.peak_stored) stats_.peak_stored = stored;
  }

  bool stopped() const { return stopped_; }

  // Records the final time and reason.
  void finish(StopReason reason) {
    stats_.seconds = elapsed();
    if (!stopped_) stats_.reason = reason;
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr std::uint64_t kCheckInterval = 4096;

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  bool stop(StopReason reason) {
    stats_.reason = reason;
    stopped_ = true;
    return false;
  }

  const SearchLimits& limits_;
  SearchStats& stats_;
  Clock::time_point start_;
  double next_progress_ = 0;
  std::uint64_t next_check_ = 1;  // the expansion count at which charge() next checks the limits
  std::uint64_t checks_ = 0;
  bool stopped_ = false;
};

}  // namespace plumb::search
