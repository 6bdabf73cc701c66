// The Cubic Eight-Puzzle's searches and table builds honour every limit of their SearchContext and
// its cancellation (tests/support/limit_table.hpp, cancellation.hpp): the top-view table's build,
// IDA* and the bidirectional search stop with exactly the limit's StopReason and no answer; a
// stopped table build is not cached; a table's two searches share the node limit; the searches
// keep the tighter of the depth limit and --max-moves; a cancellation from another thread stops
// the 3x3 table's build within the bound.
#include <gtest/gtest.h>

#include <vector>

#include "plumb/puzzles/cubic_solve.hpp"
#include "plumb/puzzles/cubic_table.hpp"
#include "tests/support/cancellation.hpp"
#include "tests/support/limit_table.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::puzzles::cubic {
namespace {

using search::SearchContext;
using search::SearchLimits;
using search::SearchStats;
using search::StopReason;
using Outcome = testing::SearchOutcome;

// A dataset on 3x3 whose goal is the top view after a walk of 12 moves.
Dataset walked_dataset() {
  const Board board;
  const CubicDomain domain(board);
  State state = domain.start(4);
  for (int step = 0; step < 12; ++step) {
    std::vector<CubicDomain::Move> moves;
    domain.for_each_move(state, [&](CubicDomain::Move move) { moves.push_back(move); });
    domain.apply(state, moves[static_cast<std::size_t>(step) % moves.size()]);
  }
  return {.start_empty = 4, .position = std::nullopt, .goal = domain.top_view(state)};
}

TEST(CubicContextLimits, EverySearchStopsAtEveryLimitWithItsReasonAndNoAnswer) {
  const testing::TemporaryCache cache;
  const auto solved = [](const CubicSolution& answer) {
    return Outcome{answer.stats, answer.stats.reason == StopReason::solved};
  };
  testing::expect_every_search_stops_at_every_limit(
      {
          {"cubic table",
           [](const SearchContext& c) {
             SearchStats stats;
             const bool built = ViewTable::build(Board{2, 3}, c, stats).has_value();
             return Outcome{stats, built};
           }},
          {"cubic ida*",
           [solved](const SearchContext& c) {
             return solved(solve_ida(Board{}, walked_dataset(), 30, c));
           }},
          {"cubic bidirectional",
           [solved](const SearchContext& c) {
             return solved(solve_bidirectional(Board{}, walked_dataset(), 30, c));
           }},
      },
      0);
}

TEST(CubicContextLimits, AStoppedTableBuildIsNotCached) {
  const testing::TemporaryCache cache;
  testing::expect_stopped_table_builds_not_cached(
      "cubic top views 2x3", cache.path(), [](const SearchContext& c, SearchStats& stats) {
        return ViewTable::load_or_build(Board{2, 3}, c, stats).has_value();
      });
}

TEST(CubicContextLimits, ATablesSearchesShareTheNodeLimit) {
  // 2x3 takes two searches (its starts up to symmetry), each given what the other left.
  const Board board{2, 3};
  ASSERT_EQ(ViewTable::build_work(board), CubicDomain(board).num_states());
  SearchStats full;
  ASSERT_TRUE(ViewTable::build(board, {}, full));
  SearchStats short_of_it;
  const SearchLimits one_short{.max_nodes = full.expanded};
  EXPECT_FALSE(ViewTable::build(board, one_short, short_of_it));
  EXPECT_EQ(short_of_it.reason, StopReason::node_limit);
  SearchStats enough;
  const SearchLimits just_enough{.max_nodes = full.expanded + 1};
  EXPECT_TRUE(ViewTable::build(board, just_enough, enough));
}

TEST(CubicContextLimits, SearchesKeepTheTighterOfTheDepthLimitAndMaxMoves) {
  const Board board;
  const Dataset dataset = walked_dataset();
  const CubicSolution free = solve_ida(board, dataset, 30);
  ASSERT_GT(free.moves, 0);
  const SearchLimits short_of_it{.max_depth = free.moves - 1};
  EXPECT_EQ(solve_ida(board, dataset, 30, short_of_it).moves, -1);
  EXPECT_EQ(solve_bidirectional(board, dataset, 30, short_of_it).moves, -1);
  EXPECT_EQ(solve_bidirectional(board, dataset, 30, SearchLimits{.max_depth = free.moves}).moves,
            free.moves);
}

TEST(CubicContextLimits, CancellingFromAnotherThreadStopsTheTablesBuildWithinTheBound) {
  const testing::TemporaryCache cache;
  testing::expect_cancelled_within_bound("cubic table of 3x3", {}, [](const SearchContext& c) {
    SearchStats stats;
    ViewTable::build(Board{}, c, stats);
    return stats;
  });
}

}  // namespace
}  // namespace plumb::puzzles::cubic
