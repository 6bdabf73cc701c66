// tests/support/cancellation.hpp: checks that a search cancelled from another thread stops within
// 100 ms of the cancellation (1 s in the sanitizer builds, PLUMB_SANITIZED set).
//
// The search runs under a fresh context whose progress is reported at every check of its limits;
// another thread cancels it once the first report says it is under way, so the cancellation comes
// inside the search however fast the machine is, and it must return with StopReason::cancelled.
// The time from the cancellation to the return is a latency that a loaded machine can stretch (its
// threads wait for a core), so a run over the bound is tried again, up to three runs: a search
// that does not check the cancellation often enough fails all.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <future>
#include <string>
#include <thread>

#include "plumb/search/context.hpp"

namespace plumb::testing {

inline double cancellation_latency_bound() {
  return std::getenv("PLUMB_SANITIZED") != nullptr ? 1.0 : 0.1;
}

// `search(context)` returns the search's statistics.
template <class Search>
void expect_cancelled_within_bound(const std::string& name, const search::SearchLimits& limits,
                                   Search&& search) {
  using Clock = std::chrono::steady_clock;
  double fastest = 1e9;
  for (int run = 0; run < 3 && fastest >= cancellation_latency_bound(); ++run) {
    search::SearchContext context(limits);
    std::promise<void> under_way;
    std::atomic<bool> reported{false};
    context.set_progress(
        [&](const search::SearchStats&) {
          if (!reported.exchange(true)) under_way.set_value();
        },
        0);
    Clock::time_point cancelled_at;
    search::SearchStats stats;
    Clock::time_point returned_at;
    {
      std::jthread canceller([&, started = under_way.get_future()] {
        started.wait();
        cancelled_at = Clock::now();
        context.cancel();
      });
      stats = search(context);
      returned_at = Clock::now();
      if (!reported.exchange(true)) under_way.set_value();  // a search that never reported
    }
    ASSERT_EQ(stats.reason, search::StopReason::cancelled) << name;
    fastest = std::min(fastest, std::chrono::duration<double>(returned_at - cancelled_at).count());
  }
  EXPECT_LT(fastest, cancellation_latency_bound()) << name << ": seconds from the cancellation";
}

}  // namespace plumb::testing
