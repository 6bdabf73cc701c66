// tests/support/limit_table.hpp: the table of searches by limits that the engine's and the puzzles'
// context tests share: each search, run under each limit of a SearchContext (nodes, depth, time,
// memory) and under a cancellation, must stop with exactly that limit's StopReason and no answer,
// having given one without limits; a table the program caches keeps nothing when a limit stops its
// build.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "plumb/search/context.hpp"

namespace plumb::testing {

// What a search under test gave: its statistics, and whether it gave an answer (moves, a table, a
// complete exploration).
struct SearchOutcome {
  search::SearchStats stats;
  bool answered = false;
};

struct SearchCase {
  std::string name;
  std::function<SearchOutcome(const search::SearchContext&)> run;
  bool has_depth = true;  // whether a depth limit applies
};

// A limit, or a cancellation, and the reason a search stopped by it gives.
struct LimitCase {
  std::string name;
  search::SearchLimits limits;
  bool cancel = false;  // cancel the context before the search starts
  search::StopReason expected;

  // The context to run under: its limits, cancelled if `cancel`.
  search::SearchContext context() const {
    const search::SearchContext made(limits);
    if (cancel) made.cancel();
    return made;
  }
};

// Each limit once; `depth_limit` is a depth short of every answer of the searches under test.
inline std::vector<LimitCase> limit_cases(Cost depth_limit) {
  using search::StopReason;
  return {
      {"node_limit", {.max_nodes = 1}, false, StopReason::node_limit},
      {"depth_limit", {.max_depth = depth_limit}, false, StopReason::depth_limit},
      {"time_limit", {.max_seconds = 1e-9}, false, StopReason::time_limit},
      {"memory_limit", {.max_memory_bytes = 1}, false, StopReason::memory_limit},
      {"cancelled", {}, true, StopReason::cancelled},
  };
}

// Runs every search without limits, then under each of limit_cases(depth_limit).
inline void expect_every_search_stops_at_every_limit(const std::vector<SearchCase>& searches,
                                                     Cost depth_limit) {
  using search::StopReason;
  for (const SearchCase& each : searches) {
    const SearchOutcome free = each.run({});
    ASSERT_TRUE(free.answered) << each.name << " without limits: " << to_string(free.stats.reason);
    for (const LimitCase& limit : limit_cases(depth_limit)) {
      if (limit.expected == StopReason::depth_limit && !each.has_depth) continue;
      const SearchOutcome outcome = each.run(limit.context());
      EXPECT_EQ(outcome.stats.reason, limit.expected) << each.name << ", " << limit.name;
      EXPECT_FALSE(outcome.answered) << each.name << ", " << limit.name;
    }
  }
}

// A table the program keeps in the cache directory, built (or loaded) under each limit of
// limit_cases(0): every build stops with that limit's reason and keeps nothing in the cache
// directory `cache`, which must be empty; then built without limits, it is kept there (and removed
// again, for the next table). `build` returns whether it gave the table; `stats` receives the
// build's statistics.
inline void expect_stopped_table_builds_not_cached(
    const std::string& name, const std::filesystem::path& cache,
    const std::function<bool(const search::SearchContext&, search::SearchStats&)>& build) {
  for (const LimitCase& limit : limit_cases(0)) {
    search::SearchStats stats;
    EXPECT_FALSE(build(limit.context(), stats)) << name << ", " << limit.name;
    EXPECT_EQ(stats.reason, limit.expected) << name << ", " << limit.name;
    EXPECT_TRUE(std::filesystem::is_empty(cache)) << name << ", " << limit.name;
  }
  search::SearchStats stats;
  ASSERT_TRUE(build({}, stats)) << name;
  EXPECT_FALSE(std::filesystem::is_empty(cache)) << name;
  for (const auto& file : std::filesystem::directory_iterator(cache))
    std::filesystem::remove(file.path());
}

}  // namespace plumb::testing
