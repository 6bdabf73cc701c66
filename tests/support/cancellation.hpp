// tests/support/cancellation.hpp: checks that a search cancelled from another thread stops within
// 100 ms of the cancellation (1 s in the sanitizer builds, PLUMB_SANITIZED set).
//
// The search runs under a fresh context while another thread cancels it after 50 ms; it must
// return with StopReason::cancelled. The time from the cancellation to the return is a latency that
// a loaded machine can stretch (its threads wait for a core), so a run over the bound is tried
// again, up to three runs: a search that does not check the cancellation often enough fails all.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
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
    const search::SearchContext context(limits);
    Clock::time_point cancelled_at;
    search::SearchStats stats;
    Clock::time_point returned_at;
    {
      std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        cancelled_at = Clock::now();
        context.cancel();
      });
      stats = search(context);
      returned_at = Clock::now();
    }
    ASSERT_EQ(stats.reason, search::StopReason::cancelled) << name;
    fastest = std::min(fastest, std::chrono::duration<double>(returned_at - cancelled_at).count());
  }
  EXPECT_LT(fastest, cancellation_latency_bound()) << name << ": seconds from the cancellation";
}

}  // namespace plumb::testing
