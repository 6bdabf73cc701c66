// plumb/search/context.hpp: SearchContext, the one object every search carries: its limits, a
// cancellation any thread may request, the one progress reporter, and the totals of the searches
// run under it.
//
// A context is a handle: copies share one state, so a front end keeps a copy to cancel the search
// it started (a dropped request, a signal) while the search reads the flag; a context made by
// with_own_cancellation() shares all but its cancellation, so that a caller can stop the searches
// it started without cancelling its own caller's. Every member function is thread-safe. Progress is
// reported by one thread at a time, at most once per interval, whichever worker asks first; a
// search calls report_progress() from its periodic limit check (Budget::check, budget.hpp) and
// never draws anything itself. Reading the cancellation is a relaxed atomic load, so a search may
// test it as often as it checks the clock. Its distribution (exchange.hpp) shares an exploration
// among processes and keeps its checkpoints.
#pragma once

#include <algorithm>
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

// The threads of searches run side by side (puzzle_interface::solve_input): each search takes one,
// its own, before it starts and gives it back at its end, and borrows those idle meanwhile
// (ThreadLease, budget.hpp: for an iteration, a table build), so that however the searches end, no
// more than `threads` run at once and none is idle long while a search could use it. Lock-free: a
// search may ask for idle threads between any two pieces of its work.
class SharedThreads {
 public:
  explicit SharedThreads(unsigned threads) : idle_(threads) {}
  // Waits for an idle thread and takes it.
  void take_one() {
    unsigned idle = idle_.load();
    for (;;) {
      if (idle == 0) {
        idle_.wait(0);
        idle = idle_.load();
      } else if (idle_.compare_exchange_weak(idle, idle - 1)) {
        return;
      }
    }
  }
  // Takes at most `wanted` idle threads without waiting; returns how many it took.
  unsigned take_idle(unsigned wanted) {
    unsigned idle = idle_.load(std::memory_order_relaxed);
    while (idle > 0 && wanted > 0) {
      const unsigned taken = std::min(wanted, idle);
      if (idle_.compare_exchange_weak(idle, idle - taken)) return taken;
    }
    return 0;
  }
  void give_back(unsigned count) {
    if (count == 0) return;
    idle_.fetch_add(count);
    idle_.notify_all();
  }

 private:
  std::atomic<unsigned> idle_;
};

class SearchContext {
 public:
  // A context with these limits, no progress reporter and no cancellation requested. Implicit, so
  // that a library user may pass plain limits (`bfs(domain, start, limits)`).
  SearchContext(SearchLimits limits = {})  // NOLINT(google-explicit-constructor)
      : limits(limits),
        shared_(std::make_shared<Shared>()),
        cancellation_(std::make_shared<Cancellation>()) {}

  // A copy whose cancel() stops the searches under it (and its copies) alone; cancelling this
  // context stops them too. Its progress reporter and totals are this context's.
  SearchContext with_own_cancellation() const {
    SearchContext own = *this;
    own.cancellation_ = std::make_shared<Cancellation>(cancellation_);
    return own;
  }

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

  // Asks every search running under this context (or a copy of it, or a context made from either
  // by with_own_cancellation()) to stop; each returns with StopReason::cancelled at its next check.
  void cancel() const noexcept { cancellation_->requested.store(true, std::memory_order_relaxed); }
  bool cancelled() const noexcept {
    for (const Cancellation* c = cancellation_.get(); c != nullptr; c = c->outer.get()) {
      if (c->requested.load(std::memory_order_relaxed)) return true;
    }
    return false;
  }

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
  // Where the searches under this context run side by side, the threads they share (each search
  // runs on at most limits.threads of them); null where a search has its limits.threads alone.
  std::shared_ptr<SharedThreads> shared_threads;

 private:
  using Clock = std::chrono::steady_clock;

  // A cancellation, and the one of the context it was made from (with_own_cancellation), if any.
  struct Cancellation {
    explicit Cancellation(std::shared_ptr<const Cancellation> outer = nullptr)
        : outer(std::move(outer)) {}
    std::atomic<bool> requested{false};
    std::shared_ptr<const Cancellation> outer;
  };

  struct Shared {
    ProgressReporter reporter;
    Clock::duration interval{};
    std::atomic<Clock::rep> next_report_ticks{0};
    std::mutex report_mutex;  // held while the reporter runs
    std::mutex totals_mutex;
    SearchStats totals;
  };

  std::shared_ptr<Shared> shared_;
  std::shared_ptr<Cancellation> cancellation_;
};

}  // namespace plumb::search
