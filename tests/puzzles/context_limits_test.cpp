// tests/puzzles/context_limits_test.cpp: every puzzle's searches and table builds honour every
// limit of their SearchContext and its cancellation: each stops with exactly the limit's StopReason
// and gives no answer (a table of searches by limits); a table build so stopped is not cached; a
// depth limit just below a solution stops the search and one at it finds the same solution; and a
// cancellation from another thread stops a long search of each kind within 100 ms.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "plumb/puzzles/block.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "plumb/puzzles/cubic_table.hpp"
#include "plumb/puzzles/gap_io.hpp"
#include "plumb/puzzles/gap_solve.hpp"
#include "plumb/puzzles/pegs_solve.hpp"
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

using testing::LimitCase;
using testing::SearchCase;
using Outcome = testing::SearchOutcome;

const SlidingPartition& partition(std::string_view name) {
  const SlidingPartition* found = find_sliding_partition(name);
  EXPECT_NE(found, nullptr) << name;
  return *found;
}

// A Cubic Eight-Puzzle dataset on 3x3 whose goal is the top view after a walk of 12 moves.
cubic::Dataset walked_dataset() {
  const cubic::Board board;
  const cubic::CubicDomain domain(board);
  cubic::State state = domain.start(4);
  for (int step = 0; step < 12; ++step) {
    std::vector<cubic::CubicDomain::Move> moves;
    domain.for_each_move(state, [&](cubic::CubicDomain::Move move) { moves.push_back(move); });
    domain.apply(state, moves[static_cast<std::size_t>(step) % moves.size()]);
  }
  return {4, domain.top_view(state)};
}

const GapShape kGapShape{4, 7};
GapLayout gap_deal() {
  return gap_start_layout(kGapShape, random_gap_deal(kGapShape, 3));
}

BlockBoard block_board() {
  return random_block_board(90, 90, 150, 5, 11);
}

std::vector<SearchCase> puzzle_searches() {
  const auto solved = [](const auto& answer) {
    return Outcome{answer.stats, answer.stats.reason == StopReason::solved};
  };
  const auto gap_solver = [solved](GapAlgorithm algorithm) {
    return [=](const SearchContext& c) {
      return solved(solve_gap(kGapShape, gap_deal(), algorithm, c));
    };
  };
  const auto block_solver = [solved](BlockAlgorithm algorithm) {
    return [=](const SearchContext& c) { return solved(solve_block(block_board(), algorithm, c)); };
  };
  return {
      {"sliding pattern database build",
       [](const SearchContext& c) {
         SearchStats stats;
         const bool built = build_sliding_pdb(partition("8-44"), 0, c, 2, &stats).has_value();
         return Outcome{stats, built};
       }},
      {"cubic table",
       [](const SearchContext& c) {
         SearchStats stats;
         const bool built = cubic::ViewTable::build(cubic::Board{2, 3}, c, stats).has_value();
         return Outcome{stats, built};
       }},
      {"cubic ida*",
       [solved](const SearchContext& c) {
         return solved(cubic::solve_ida(cubic::Board{}, walked_dataset(), 30, c));
       }},
      {"cubic bidirectional",
       [solved](const SearchContext& c) {
         return solved(cubic::solve_bidirectional(cubic::Board{}, walked_dataset(), 30, c));
       }},
      {"pegs meet",
       [solved](const SearchContext& c) {
         return solved(solve_pegs(PegBoard(5), 4, PegsAlgorithm::meet, c));
       }},
      {"pegs table",
       [solved](const SearchContext& c) {
         return solved(solve_pegs(PegBoard(5), 4, PegsAlgorithm::table, c));
       }},
      {"pegs explore",
       [](const SearchContext& c) {
         const PegsExploration explored = explore_pegs(PegBoard(5), 4, c);
         return Outcome{explored.stats, explored.stats.reason == StopReason::exhausted};
       }},
      {"gap bfs", gap_solver(GapAlgorithm::bfs)},
      {"gap astar", gap_solver(GapAlgorithm::astar)},
      {"gap bidirectional", gap_solver(GapAlgorithm::bidirectional)},
      {"gap explore",
       [](const SearchContext& c) {
         const GapExploration explored = explore_gap(kGapShape, gap_deal(), c);
         return Outcome{explored.stats, explored.stats.reason == StopReason::exhausted};
       }},
      {"block dinic", block_solver(BlockAlgorithm::dinic), false},
      {"block boykov-kolmogorov", block_solver(BlockAlgorithm::boykov_kolmogorov), false},
      {"block edmonds-karp", block_solver(BlockAlgorithm::edmonds_karp), false},
      {"block explore",
       [](const SearchContext& c) {
         const BlockReach reach = explore_block(block_board(), c);
         return Outcome{reach.stats, reach.stats.reason == StopReason::exhausted};
       }},
  };
}

TEST(ContextLimits, EveryPuzzleSearchStopsAtEveryLimitWithItsReasonAndNoAnswer) {
  const testing::TemporaryCache cache;
  testing::expect_every_search_stops_at_every_limit(puzzle_searches(), 0);
}

// A table that the program keeps in the cache directory: its build (or load) under a context, true
// when it gives the table; `stats` receives the build's statistics.
struct CachedTableCase {
  std::string name;
  std::function<bool(const SearchContext&, SearchStats&)> build;
};

std::vector<CachedTableCase> cached_tables() {
  return {
      {"pattern databases 8-44",
       [](const SearchContext& c, SearchStats& stats) {
         return load_or_build_sliding_pdbs(partition("8-44"), c, 2, &stats).has_value();
       }},
      {"sliding distances 3x3",
       [](const SearchContext& c, SearchStats& stats) {
         SlidingSolver solver({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::last));
         return solver.table(c, stats) != nullptr;
       }},
      {"cubic top views 2x3",
       [](const SearchContext& c, SearchStats& stats) {
         return cubic::ViewTable::load_or_build(cubic::Board{2, 3}, c, stats).has_value();
       }},
  };
}

TEST(ContextLimits, AStoppedTableBuildIsNotCached) {
  const testing::TemporaryCache cache;
  for (const CachedTableCase& table : cached_tables()) {
    for (const LimitCase& limit : testing::limit_cases(0)) {
      SearchStats stats;
      EXPECT_FALSE(table.build(limit.context(), stats)) << table.name << ", " << limit.name;
      EXPECT_EQ(stats.reason, limit.expected) << table.name << ", " << limit.name;
      EXPECT_TRUE(std::filesystem::is_empty(cache.path())) << table.name << ", " << limit.name;
    }
    SearchStats stats;
    ASSERT_TRUE(table.build({}, stats)) << table.name;
    EXPECT_FALSE(std::filesystem::is_empty(cache.path())) << table.name;
    for (const auto& file : std::filesystem::directory_iterator(cache.path()))
      std::filesystem::remove(file.path());
  }
}

TEST(ContextLimits, PatternDatabaseLayersStopAtTheDepthLimit) {
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

TEST(ContextLimits, ACubicTablesSearchesShareTheNodeLimit) {
  // 2x3 takes two searches (its starts up to symmetry), each given what the other left.
  const cubic::Board board{2, 3};
  ASSERT_EQ(cubic::ViewTable::build_work(board), cubic::CubicDomain(board).num_states());
  SearchStats full;
  ASSERT_TRUE(cubic::ViewTable::build(board, {}, full));
  SearchStats short_of_it;
  const SearchLimits one_short{.max_nodes = full.expanded};
  EXPECT_FALSE(cubic::ViewTable::build(board, one_short, short_of_it));
  EXPECT_EQ(short_of_it.reason, StopReason::node_limit);
  SearchStats enough;
  const SearchLimits just_enough{.max_nodes = full.expanded + 1};
  EXPECT_TRUE(cubic::ViewTable::build(board, just_enough, enough));
}

TEST(ContextLimits, PegsMeetStopsBelowTheSolutionsLengthAndFindsItAtIt) {
  const PegBoard board(5);
  const PegsSolution free = solve_pegs(board, 4);
  ASSERT_TRUE(free.moves);
  const auto length = static_cast<Cost>(free.moves->size());
  for (const PegsAlgorithm algorithm : {PegsAlgorithm::meet, PegsAlgorithm::table}) {
    const PegsSolution short_of_it =
        solve_pegs(board, 4, algorithm, SearchLimits{.max_depth = length - 1});
    EXPECT_EQ(short_of_it.stats.reason, StopReason::depth_limit);
    EXPECT_FALSE(short_of_it.moves);
    const PegsSolution at_it = solve_pegs(board, 4, algorithm, SearchLimits{.max_depth = length});
    EXPECT_EQ(at_it.moves, free.moves);
  }
}

TEST(ContextLimits, CubicSearchesKeepTheTighterOfTheDepthLimitAndMaxMoves) {
  const cubic::Board board;
  const cubic::Dataset dataset = walked_dataset();
  const cubic::CubicSolution free = cubic::solve_ida(board, dataset, 30);
  ASSERT_GT(free.moves, 0);
  const SearchLimits short_of_it{.max_depth = free.moves - 1};
  EXPECT_EQ(cubic::solve_ida(board, dataset, 30, short_of_it).moves, -1);
  EXPECT_EQ(cubic::solve_bidirectional(board, dataset, 30, short_of_it).moves, -1);
  EXPECT_EQ(
      cubic::solve_bidirectional(board, dataset, 30, SearchLimits{.max_depth = free.moves}).moves,
      free.moves);
}

struct LongSearch {
  std::string name;
  std::function<SearchStats(const SearchContext&)> run;
};

std::vector<LongSearch> long_searches() {
  return {
      {"15-puzzle by IDA* with Manhattan distance (Korf's #1)",
       [](const SearchContext& c) {
         const SlidingDomain domain(4, 4, ordered_sliding_goal(4, 4, BlankPlace::first));
         SlidingState start;
         const std::vector<std::uint8_t> cells{14, 13, 15, 7, 11, 12, 9,  5,
                                               6,  0,  2,  1, 4,  8,  10, 3};
         for (std::size_t cell = 0; cell < cells.size(); ++cell) start.cells[cell] = cells[cell];
         start.blank = 9;
         return search::ida_star(domain, start, SlidingManhattan(domain), c).stats;
       }},
      {"pattern database 1 of 15-7-8 on two threads",
       [](const SearchContext& c) {
         SearchStats stats;
         build_sliding_pdb(partition("15-7-8"), 0, c, 2, &stats);
         return stats;
       }},
      {"cubic table of 3x3",
       [](const SearchContext& c) {
         SearchStats stats;
         cubic::ViewTable::build(cubic::Board{}, c, stats);
         return stats;
       }},
      {"pegs of 7 rows by meeting",
       [](const SearchContext& c) {
         return solve_pegs(PegBoard(7), 0, PegsAlgorithm::meet, c).stats;
       }},
      {"gap 9 x 13 by BFS",
       [](const SearchContext& c) {
         const GapShape shape{9, 13};
         return solve_gap(shape, gap_start_layout(shape, random_gap_deal(shape, 1)),
                          GapAlgorithm::bfs, c)
             .stats;
       }},
      {"block 1500 x 1500 by Boykov-Kolmogorov",
       [](const SearchContext& c) {
         return solve_block(random_block_board(1500, 1500, 100, 1, 5),
                            BlockAlgorithm::boykov_kolmogorov, c)
             .stats;
       }},
  };
}

TEST(ContextLimits, CancellingFromAnotherThreadStopsEachLongSearchWithinTheBound) {
  const testing::TemporaryCache cache;
  for (const LongSearch& search : long_searches())
    testing::expect_cancelled_within_bound(search.name, {}, search.run);
}

}  // namespace
}  // namespace plumb::puzzles
