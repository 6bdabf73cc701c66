// plumb/search/context.hpp: SearchContext, the one object every search carries: its limits, a
// cancellation any thread may request, the one progress reporter, and the totals of the searches
// run under it.
//
// A context is a handle: copies share one state, so a front end keeps a copy to cancel the search
// it started (a dropped request, a signal) while the search reads the flag. Every member function
// is thread-safe. Progress is reported by one thread at a time, at most once per interval,
// whichever worker asks first; a search calls report_progress() from its periodic limit check
// (Budget::check, budget.hpp) and never draws anything itself. Reading the cancellation is a
// relaxed atomic load, so a search may test it as often as it checks the clock. Its distribution
// (exchange.hpp) shares an exploration among processes and keeps its checkpoints.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>

#include "plumb/search/exchange.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search {

struct SearchLimits {
  Cost max_depth = kInfiniteCost;        // no solution deeper (costlier) than this is looked for
  std::uint64_t max_nodes = 0;           // expansions; 0 means no limit
  double max_seconds = 0;                // wall-clock, each search; 0 means no limit
  std::uint64_t max_memory_bytes = 0;    // resident memory of the process; 0 means no limit
  unsigned threads = 0;                  // worker threads where an algorithm can use them; 0: one a core
};

using ProgressReporter = std::function<void(const SearchStats&)>;

class SearchContext {
 public:
  // A context with these limits, no progress reporter and no cancellation requested. Implicit, so
  // that a library user may pass plain limits (`bfs(domain, start, limits)`).
  SearchContext(SearchLimits limits = {})  // NOLINT(google-explicit-constructor)
      : limits(limits), shared_(std::make_shared<Shared>()) {}

  // Reports progress through `reporter`, at most once every `interval_seconds` (0: at every
  // check). Set it before the search starts.
  void set_progress(ProgressReporter reporter, double interval_seconds = 0.5) {
    shared_->reporter = std::move(reporter);
    shared_->interval = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(interval_seconds));
    shared_->next_report_ticks.store(Clock::now().time_since_epoch().count() +
                                         shared_->interval.count(),
                                     std::memory_order_relaxed);
  }

  // Asks every search running under this context (or a copy of it) to stop; each returns with
  // StopReason::cancelled at its next check.
  void cancel() const noexcept { shared_->cancelled.store(true, std::memory_order_relaxed); }
  bool cancelled() const noexcept { return shared_->cancelled.load(std::memory_order_relaxed); }

  bool reports_progress() const noexcept { return static_cast<bool>(shared_->reporter); }

  // Passes `stats` to the reporter if an interval has passed since the last report and no other
  // thread is reporting now; otherwise does nothing. Cheap when it is not time yet.
  void report_progress(const SearchStats& stats) const {
    if (!shared_->reporter) return;
    const auto now = Clock::now().time_since_epoch().count();
    if (now < shared_->next_report_ticks.load(std::memory_order_relaxed)) return;
    std::unique_lock lock(shared_->report_mutex, std::try_to_lock);
    if (!lock.owns_lock() || now < shared_->next_report_ticks.load(std::memory_order_relaxed))
      return;
    shared_->next_report_ticks.store(now + shared_->interval.count(), std::memory_order_relaxed);
    shared_->reporter(stats);
  }

  // Adds a finished search's statistics to the context's totals (expansions summed, the deepest
  // depth and largest peak kept).
  void record(const SearchStats& stats) const {
    const std::lock_guard lock(shared_->totals_mutex);
    shared_->totals += stats;
  }
  SearchStats totals() const {
    const std::lock_guard lock(shared_->totals_mutex);
    return shared_->totals;
  }

  SearchLimits limits;
  Distribution distribution;  // inactive unless a front end shares the search or checkpoints it

 private:
  using Clock = std::chrono::steady_clock;

  struct Shared {
    std::atomic<bool> cancelled{false};
    ProgressReporter reporter;
    Clock::duration interval{};
    std::atomic<Clock::rep> next_report_ticks{0};
    std::mutex report_mutex;  // held while the reporter runs
    std::mutex totals_mutex;
    SearchStats totals;
  };

  std::shared_ptr<Shared> shared_;
};

}  // namespace plumb::search
