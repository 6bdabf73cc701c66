// The sliding puzzle's searches and table builds honour every limit of their SearchContext and its
// cancellation (tests/support/limit_table.hpp, cancellation.hpp): a pattern database build stops
// with exactly the limit's StopReason and no table; a stopped build of the databases or of the
// distance table is not cached; a database's layers stop at the depth limit, and one at its depth
// builds it whole; a cancellation from another thread stops IDA* on Korf's first 15-puzzle and a
// 15-7-8 build within the bound.
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_heuristics.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "plumb/puzzles/sliding_solve.hpp"
#include "plumb/search/ida_star.hpp"
#include "tests/support/cancellation.hpp"
#include "tests/support/limit_table.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::puzzles {
namespace {

using search::SearchContext;
using search::SearchLimits;
using search::SearchStats;
using search::StopReason;

const SlidingPartition& partition(std::string_view name) {
  const SlidingPartition* found = find_sliding_partition(name);
  EXPECT_NE(found, nullptr) << name;
  return *found;
}

TEST(SlidingContextLimits, APatternDatabaseBuildStopsAtEveryLimitWithItsReasonAndNoTable) {
  testing::expect_every_search_stops_at_every_limit(
      {{"sliding pattern database build",
        [](const SearchContext& c) {
          SearchStats stats;
          const bool built = build_sliding_pdb(partition("8-44"), 0, c, 2, &stats).has_value();
          return testing::SearchOutcome{stats, built};
        }}},
      0);
}

TEST(SlidingContextLimits, AStoppedTableBuildIsNotCached) {
  const testing::TemporaryCache cache;
  testing::expect_stopped_table_builds_not_cached(
      "pattern databases 8-44", cache.path(), [](const SearchContext& c, SearchStats& stats) {
        return load_or_build_sliding_pdbs(partition("8-44"), c, 2, &stats).has_value();
      });
  testing::expect_stopped_table_builds_not_cached(
      "sliding distances 3x3", cache.path(), [](const SearchContext& c, SearchStats& stats) {
        SlidingSolver solver({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::last));
        return solver.table(c, stats) != nullptr;
      });
}

TEST(SlidingContextLimits, PatternDatabaseLayersStopAtTheDepthLimit) {
  SearchStats full;
  ASSERT_TRUE(build_sliding_pdb(partition("8-44"), 1, {}, 1, &full));
  SearchStats bounded;
  const SearchLimits limits{.max_depth = full.depth - 1};
  EXPECT_FALSE(build_sliding_pdb(partition("8-44"), 1, limits, 1, &bounded));
  EXPECT_EQ(bounded.reason, StopReason::depth_limit);
  EXPECT_EQ(bounded.depth, full.depth - 1);
  SearchStats enough;
  ASSERT_TRUE(
      build_sliding_pdb(partition("8-44"), 1, SearchLimits{.max_depth = full.depth}, 1, &enough));
  EXPECT_EQ(enough.expanded, full.expanded);
}

TEST(SlidingContextLimits, CancellingFromAnotherThreadStopsEachLongSearchWithinTheBound) {
  const testing::TemporaryCache cache;
  testing::expect_cancelled_within_bound(
      "15-puzzle by IDA* with Manhattan distance (Korf's #1)", {}, [](const SearchContext& c) {
        const SlidingDomain domain(4, 4, ordered_sliding_goal(4, 4, BlankPlace::first));
        SlidingState start;
        const std::vector<std::uint8_t> cells{14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3};
        for (std::size_t cell = 0; cell < cells.size(); ++cell) start.cells[cell] = cells[cell];
        start.blank = 9;
        return search::ida_star(domain, start, SlidingManhattan(domain), c).stats;
      });
  testing::expect_cancelled_within_bound("pattern database 1 of 15-7-8 on two threads", {},
                                         [](const SearchContext& c) {
                                           SearchStats stats;
                                           build_sliding_pdb(partition("15-7-8"), 0, c, 2, &stats);
                                           return stats;
                                         });
}

}  // namespace
}  // namespace plumb::puzzles
