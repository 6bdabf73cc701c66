// The sliding-tile domain: parity, ranks, heuristics against exact distances, every algorithm
// against the others on random instances (each solution replayed to the goal), and whole-space
// exploration.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <queue>
#include <random>
#include <thread>

#include "plumb/puzzles/sliding_io.hpp"
#include "plumb/puzzles/sliding_solve.hpp"
#include "plumb/search/explore.hpp"
#include "plumb/search/ida_star.hpp"
#include "puzzles/sliding/tests/sliding_boards.hpp"
#include "tests/support/cache_notices.hpp"
#include "tests/support/one_set_lender.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::puzzles {
namespace {

using testing::scramble;

// Tables built by these tests go to a temporary cache directory, never to ~/.cache.
const auto* const kTemporaryCache =
    ::testing::AddGlobalTestEnvironment(new plumb::testing::TemporaryCacheEnvironment);

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

SlidingState board(std::string_view text, SlidingSize size) {
  SlidingState s;
  const std::string error = read_board(text, size, s);
  EXPECT_EQ(error, "");
  return s;
}

// A uniformly random arrangement (solvable or not).
SlidingState random_board(SlidingSize size, std::mt19937_64& random) {
  const int n = size.rows * size.cols;
  SlidingState s;
  for (int i = 0; i < n; ++i) s.cells[i] = static_cast<std::uint8_t>(i);
  std::shuffle(s.cells.begin(), s.cells.begin() + n, random);
  for (int i = 0; i < n; ++i) {
    if (s.cells[i] == 0) s.blank = static_cast<std::uint8_t>(i);
  }
  return s;
}

void expect_replays_to_goal(const SlidingDomain& d, SlidingState s,
                            const std::vector<SlidingMove>& moves) {
  for (SlidingMove m : moves) {
    ASSERT_GE(d.neighbor(s.blank, m), 0) << "a move off the board";
    d.apply(s, m);
  }
  EXPECT_TRUE(d.is_goal(s));
}

// The board sizes plumb takes, bounded in 64 bits (#37): no product of two sides wraps to a small
// board, and the contest's 2x12 is the widest.
TEST(Sliding, SizesAreBoundedWithoutWrapping) {
  std::string error;
  EXPECT_EQ(read_grid_size("2x12", kSlidingBounds, error), (GridSize{2, 12}));
  EXPECT_FALSE(read_grid_size("2x13", kSlidingBounds, error));
  EXPECT_FALSE(read_grid_size("1x9", kSlidingBounds, error));
  EXPECT_FALSE(is_valid_sliding_size(3, 1431655766));
  EXPECT_FALSE(is_valid_sliding_size(46341, 46341));
  EXPECT_TRUE(is_valid_sliding_size(5, 5));
}

TEST(Sliding, ParityRule) {
  const SlidingSize size{3, 3};
  SlidingDomain d(3, 3, ordered_sliding_goal(3, 3, BlankPlace::last));
  EXPECT_TRUE(d.is_solvable(d.goal()));
  EXPECT_TRUE(d.is_solvable(board("2 3 4 1 5 x 7 6 8", size)));
  EXPECT_FALSE(d.is_solvable(board("2 1 3 4 5 6 7 8 x", size)));
  SlidingDomain d4(4, 4, ordered_sliding_goal(4, 4, BlankPlace::first));
  EXPECT_FALSE(d4.is_solvable(
      ordered_sliding_goal(4, 4, BlankPlace::last)));  // even width: blank row counts
  SlidingDomain d24(2, 4, ordered_sliding_goal(2, 4, BlankPlace::last));
  std::mt19937_64 random(3);
  for (int i = 0; i < 50; ++i) EXPECT_TRUE(d24.is_solvable(scramble(d24, 40, random)));
}

TEST(Sliding, PackDistinguishesStates) {
  for (SlidingSize size : {SlidingSize{4, 4}, SlidingSize{5, 5}}) {
    SlidingDomain d(size.rows, size.cols,
                    ordered_sliding_goal(size.rows, size.cols, BlankPlace::last));
    std::mt19937_64 random(11);
    for (int i = 0; i < 200; ++i) {
      const SlidingState a = random_board(size, random), b = random_board(size, random);
      EXPECT_EQ(d.pack(a) == d.pack(b), a == b);
      EXPECT_EQ(d.pack(a), d.pack(SlidingState(a)));
    }
  }
}

TEST(Sliding, RankIsABijectionOnSmallBoards) {
  for (SlidingSize size : {SlidingSize{2, 2}, SlidingSize{2, 3}, SlidingSize{3, 3}}) {
    for (BlankPlace place : {BlankPlace::last, BlankPlace::first}) {
      RankedSlidingDomain d(size.rows, size.cols,
                            ordered_sliding_goal(size.rows, size.cols, place));
      std::vector<bool> seen(d.num_states(), false);
      for (std::uint64_t r = 0; r < d.num_states(); ++r) {
        const SlidingState s = d.unrank(r);
        ASSERT_TRUE(d.is_solvable(s));
        ASSERT_EQ(d.rank(s), r);
        ASSERT_EQ(s.cells[s.blank], 0);
      }
    }
  }
}

TEST(Sliding, RankRoundTripsOnLargerBoards) {
  std::mt19937_64 random(5);
  for (SlidingSize size : {SlidingSize{3, 4}, SlidingSize{4, 4}, SlidingSize{4, 5}}) {
    RankedSlidingDomain d(size.rows, size.cols,
                          ordered_sliding_goal(size.rows, size.cols, BlankPlace::first));
    for (int i = 0; i < 300; ++i) {
      const SlidingState s = scramble(d, 60, random);
      const std::uint64_t r = d.rank(s);
      ASSERT_LT(r, d.num_states());
      ASSERT_EQ(d.unrank(r), s);
      SlidingState copy = s;
      d.for_each_move(s, [&](SlidingMove m) {
        SlidingState next = s;
        d.apply(next, m);
        EXPECT_EQ(d.rank_after(copy, r, m), d.rank(next));
        EXPECT_EQ(copy, s);
      });
      const std::uint64_t any = random() % d.num_states();
      ASSERT_EQ(d.rank(d.unrank(any)), any);
    }
  }
}

TEST(Sliding, RankedClassOfAnotherReference) {
  const SlidingState goal = ordered_sliding_goal(3, 3, BlankPlace::last);
  const SlidingState other = board("2 1 3 4 5 6 7 8 x", {3, 3});
  RankedSlidingDomain d(3, 3, goal, other);
  for (std::uint64_t r = 0; r < d.num_states(); r += 997) {
    ASSERT_FALSE(d.is_solvable(d.unrank(r)));
    ASSERT_EQ(d.rank(d.unrank(r)), r);
  }
  EXPECT_EQ(d.unrank(d.rank(other)), other);
}

// Every state of the 3x3 and 2x4 boards: the heuristics never exceed the exact distance, linear
// conflicts never fall below Manhattan distance.
TEST(Sliding, HeuristicsAreAdmissible) {
  for (SlidingSize size : {SlidingSize{3, 3}, SlidingSize{2, 4}, SlidingSize{2, 3}}) {
    SlidingSolver solver(size, ordered_sliding_goal(size.rows, size.cols, BlankPlace::last));
    search::SearchStats stats;
    const std::vector<std::uint8_t>& table = *solver.table({}, stats);
    const RankedSlidingDomain& d = solver.ranked_domain();
    const SlidingManhattan manhattan(d);
    const SlidingLinearConflicts& conflicts = solver.heuristic();
    std::uint64_t stronger = 0;
    for (std::uint64_t r = 0; r < d.num_states(); ++r) {
      const SlidingState s = d.unrank(r);
      const Cost md = manhattan(s), lc = conflicts(s);
      ASSERT_LE(lc, table[r]);
      ASSERT_LE(md, lc);
      ASSERT_EQ((table[r] - md) % 2, 0);
      stronger += lc > md;
    }
    EXPECT_GT(stronger, 0u);
  }
}

TEST(Sliding, LinearConflictsOnAKnownBoard) {
  SlidingDomain d(3, 3, ordered_sliding_goal(3, 3, BlankPlace::last));
  const SlidingLinearConflicts h(d);
  // 3 2 1 in the top row: Manhattan 4, and two of the three tiles must leave the row.
  EXPECT_EQ(h(board("3 2 1 4 5 6 7 8 x", {3, 3})), 4 + 4);
}

TEST(Sliding, SampleAnswer) {
  SlidingSolver solver({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::last));
  SlidingSolution solution;
  const SlidingState start = board(" 2  3  4  1  5  x  7  6  8 ", {3, 3});
  solver.solve(start, *find_sliding_algorithm("auto"), {}, solution);
  ASSERT_TRUE(solution.solvable);
  std::string moves;
  append_moves(moves, solution.moves.data(), solution.moves.size());
  EXPECT_EQ(moves, "ullddrurdllurdruldr");
  expect_replays_to_goal(solver.domain(), start, solution.moves);
}

// The 8-puzzle's distance table for the blank-last goal is a declared set: a solver lent it by the
// front end reads it and builds nothing; for another goal the solver builds its own.
TEST(Sliding, TheDeclaredDistanceTableIsBorrowedFromTheLender) {
  const testing::OneSetLender lender("sliding", "distances-3x3");
  lender.forget_cached_files();
  const SlidingState start = board(" 2  3  4  1  5  x  7  6  8 ", {3, 3});
  SlidingSolver lent({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::last), nullptr, &lender);
  SlidingSolution solution;
  lent.solve(start, *find_sliding_algorithm("table"), {}, solution);
  EXPECT_EQ(solution.moves.size(), 19U);
  expect_replays_to_goal(lent.domain(), start, solution.moves);
  EXPECT_EQ(lender.lent(), 1);
  EXPECT_FALSE(lender.in_cache());

  SlidingSolver own({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::first), nullptr, &lender);
  own.solve(start, *find_sliding_algorithm("table"), {}, solution);
  expect_replays_to_goal(own.domain(), start, solution.moves);
  EXPECT_EQ(lender.lent(), 1);
}

// Solves `start` with each algorithm; all agree on the length and every solution replays.
void cross_check(SlidingSolver& solver, const SlidingState& start,
                 const std::vector<std::string>& names) {
  std::optional<std::size_t> length;
  for (const std::string& name : names) {
    SlidingSolution solution;
    solver.solve(start, *find_sliding_algorithm(name), {}, solution);
    ASSERT_EQ(solution.solvable, solver.domain().is_solvable(start));
    if (!solution.solvable) continue;
    ASSERT_EQ(solution.stats.reason, search::StopReason::solved) << name;
    expect_replays_to_goal(solver.domain(), start, solution.moves);
    if (!length) length = solution.moves.size();
    EXPECT_EQ(solution.moves.size(), *length) << name << " on " << board_line(start, solver.size());
  }
}

TEST(Sliding, AlgorithmsAgreeOnRandomSmallBoards) {
  std::mt19937_64 random(1077);
  const int count = sanitized() ? 3 : 12;
  for (SlidingSize size : {SlidingSize{3, 3}, SlidingSize{2, 3}, SlidingSize{2, 4}}) {
    SlidingSolver solver(size, ordered_sliding_goal(size.rows, size.cols, BlankPlace::last));
    for (int i = 0; i < count; ++i) {
      cross_check(solver, random_board(size, random),
                  {"table", "ida", "astar", "bfs", "bidir", "auto"});
    }
  }
}

TEST(Sliding, AlgorithmsAgreeOnScrambledLargerBoards) {
  std::mt19937_64 random(1985);
  {
    SlidingSolver solver({3, 4}, ordered_sliding_goal(3, 4, BlankPlace::last));
    for (int i = 0; i < (sanitized() ? 2 : 6); ++i) {
      cross_check(solver, scramble(solver.domain(), 14, random), {"ida", "astar", "bfs", "bidir"});
    }
  }
  {
    SlidingSolver solver({4, 4}, ordered_sliding_goal(4, 4, BlankPlace::first));
    for (int i = 0; i < (sanitized() ? 2 : 5); ++i) {
      cross_check(solver, scramble(solver.domain(), 30, random), {"ida", "astar", "bidir"});
    }
  }
  {
    SlidingSolver solver({5, 5}, ordered_sliding_goal(5, 5, BlankPlace::first));
    cross_check(solver, scramble(solver.domain(), 24, random), {"ida", "astar", "bidir"});
  }
}

TEST(Sliding, PdbAgreesWithTheTableOnSmallBoards) {
  std::mt19937_64 random(43);
  const int count = sanitized() ? 3 : 12;
  for (const auto& [size, set] :
       {std::pair{SlidingSize{3, 3}, "8-44"}, std::pair{SlidingSize{2, 4}, "7-34"}}) {
    for (BlankPlace place : {BlankPlace::last, BlankPlace::first}) {
      SlidingSolver solver(size, ordered_sliding_goal(size.rows, size.cols, place),
                           find_sliding_partition(set));
      for (int i = 0; i < count; ++i) {
        cross_check(solver, random_board(size, random), {"table", "pdb", "auto"});
      }
    }
  }
}

// Beyond the table's sizes, auto takes pdb when the goal's blank is in a corner (building each
// database once per solver, announced) and ida otherwise. A board that the first try (IDA* on
// linear conflicts, kSlidingFirstTryNodes expansions) answers needs no database: it is answered by
// ida; one that it does not (Korf's #67, 50 moves) builds them, and the boards after it use them.
TEST(Sliding, AutoTakesPdbWhereItCan) {
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const SlidingPartition* set = find_sliding_partition("15-555");
  std::mt19937_64 random(1985);
  SlidingState inside_blank = ordered_sliding_goal(4, 4, BlankPlace::first);
  std::swap(inside_blank.cells[0], inside_blank.cells[5]);
  inside_blank.blank = 5;
  const auto method = [](SlidingSolver& solver, const SlidingState& start) {
    SlidingSolution solution;
    solver.solve(start, *find_sliding_algorithm("auto"), {}, solution);
    return std::pair{std::string(solution.method), solution.moves.size()};
  };
  for (const SlidingState& goal : {ordered_sliding_goal(4, 4, BlankPlace::first), inside_blank}) {
    SlidingSolver solver({4, 4}, goal, set);
    const testing::CacheNotices notices;
    const SlidingState easy = scramble(solver.domain(), 40, random);
    if (goal == inside_blank) {
      cross_check(solver, easy, {"auto", "ida"});
      EXPECT_EQ(method(solver, easy).first, "ida");
      EXPECT_TRUE(notices.lines().empty());
      continue;
    }
    EXPECT_EQ(method(solver, easy).first, "ida");
    EXPECT_TRUE(notices.lines().empty());
    const SlidingState korf67 = board("7 1 2 4 8 3 6 11 10 15 0 5 14 12 13 9", {4, 4});
    EXPECT_EQ(method(solver, korf67), (std::pair{std::string("pdb"), std::size_t{50}}));
    for (int i = 0; i < 3; ++i) {
      const SlidingState start = scramble(solver.domain(), 40, random);
      cross_check(solver, start, {"auto", "ida"});
      EXPECT_EQ(method(solver, start).first, "pdb");  // the databases are at hand now
    }
    EXPECT_EQ(notices.count("building pattern database 1 of 3 of 15-555 (524,160 entries"), 1U);
    EXPECT_EQ(notices.count("building pattern database 3 of 3 of 15-555 (524,160 entries"), 1U);
    EXPECT_EQ(notices.lines().size(), 3U);
  }
}

// After a first call that the first try answered (nothing loaded), calls on two threads at once
// that both need the databases build them once, and both answer (as plumb.sliding's labelling
// does: one board first, then the rest on several threads).
TEST(Sliding, AutoBuildsTheDatabasesOnceForCallsAtOnce) {
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const SlidingPartition* set = find_sliding_partition("15-555");
  for (std::size_t pattern = 0; pattern < set->patterns.size(); ++pattern)
    std::filesystem::remove(sliding_pdb_table(*set, pattern).path());  // an earlier test's
  SlidingSolver solver({4, 4}, ordered_sliding_goal(4, 4, BlankPlace::first), set);
  const testing::CacheNotices notices;
  std::mt19937_64 random(7);
  SlidingSolution easy;
  solver.solve(scramble(solver.domain(), 20, random), *find_sliding_algorithm("auto"), {}, easy);
  EXPECT_EQ(easy.method, "ida");
  const SlidingState korf67 = board("7 1 2 4 8 3 6 11 10 15 0 5 14 12 13 9", {4, 4});
  std::array<SlidingSolution, 2> found;
  std::array<std::thread, 2> threads;
  for (std::size_t i = 0; i < threads.size(); ++i) {
    threads[i] = std::thread([&, i] {
      solver.solve(korf67, *find_sliding_algorithm("auto"), search::SearchLimits{.threads = 1},
                   found[i]);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const SlidingSolution& solution : found) {
    EXPECT_EQ(solution.method, "pdb");
    EXPECT_EQ(solution.moves.size(), 50U);
  }
  EXPECT_EQ(notices.lines().size(), 3U);
}

TEST(Sliding, PdbRefusesWhatItCannotSolve) {
  const auto refuses = [](SlidingSize size, const SlidingState& goal,
                          const SlidingPartition* partition) {
    EXPECT_THROW(
        {
          const testing::CacheNotices notices;
          SlidingSolver solver(size, goal, partition);
          SlidingSolution solution;
          solver.solve(goal, *find_sliding_algorithm("pdb"), {}, solution);
          EXPECT_TRUE(notices.lines().empty()) << "a build";
        },
        std::invalid_argument);
  };
  refuses({3, 4}, ordered_sliding_goal(3, 4, BlankPlace::last), nullptr);  // no default set
  refuses({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::last), find_sliding_partition("15-555"));
  refuses({3, 3}, board("1 2 3 4 x 5 6 7 8", {3, 3}), find_sliding_partition("8-44"));
}

// A set named for another board size is refused whatever the algorithm, as soon as the solver is
// made.
TEST(Sliding, PartitionOfAnotherSizeIsRefusedForEveryAlgorithm) {
  EXPECT_THROW(SlidingSolver({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::last),
                             find_sliding_partition("15-555")),
               std::invalid_argument);
  EXPECT_NO_THROW(SlidingSolver({3, 3}, ordered_sliding_goal(3, 3, BlankPlace::last),
                                find_sliding_partition("8-44")));
}

TEST(Sliding, UnsolvableByParityWithEveryAlgorithm) {
  SlidingSolver solver({4, 4}, ordered_sliding_goal(4, 4, BlankPlace::last));
  SlidingState start = solver.domain().goal();
  std::swap(start.cells[0], start.cells[1]);
  for (const SlidingAlgorithm& algorithm : sliding_algorithms()) {
    if (algorithm.name == "table") continue;  // 4x4 has too many states for a table
    SlidingSolution solution;
    solver.solve(start, algorithm, {}, solution);
    EXPECT_FALSE(solution.solvable) << algorithm.name;
  }
}

TEST(Sliding, TableRefusesBoardsBeyondItsLimit) {
  SlidingSolver solver({4, 4}, ordered_sliding_goal(4, 4, BlankPlace::last));
  SlidingSolution solution;
  EXPECT_THROW(solver.solve(solver.domain().goal(), *find_sliding_algorithm("table"), {}, solution),
               std::invalid_argument);
}

// Korf's instance 55, the easiest of his 100 (41 moves), with IDA*.
TEST(Sliding, KorfsEasiestFifteenPuzzle) {
  if (sanitized()) GTEST_SKIP() << "IDA* on a 42-move instance is slow under the sanitizers";
  SlidingSolver solver({4, 4}, ordered_sliding_goal(4, 4, BlankPlace::first));
  const SlidingState start = board("13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11", {4, 4});
  SlidingSolution solution;
  solver.solve(start, *find_sliding_algorithm("ida"), {}, solution);
  ASSERT_TRUE(solution.solvable);
  EXPECT_EQ(solution.moves.size(), 41u);
  expect_replays_to_goal(solver.domain(), start, solution.moves);
}

// The layer sizes of a plain breadth-first search over states kept in a std::map.
std::vector<std::uint64_t> brute_force_layers(const SlidingDomain& d) {
  std::map<std::uint64_t, int> depth;  // by the cells, 4 bits each
  auto key = [&](const SlidingState& s) {
    std::uint64_t code = 0;
    for (int i = 0; i < d.cells(); ++i) code = code << 4 | s.cells[i];
    return code;
  };
  std::queue<SlidingState> queue;
  queue.push(d.goal());
  depth[key(d.goal())] = 0;
  std::vector<std::uint64_t> layers{1};
  while (!queue.empty()) {
    const SlidingState s = queue.front();
    queue.pop();
    const int k = depth[key(s)];
    d.for_each_successor(s, [&](SlidingMove, const SlidingState& next) {
      if (depth.emplace(key(next), k + 1).second) {
        if (layers.size() <= static_cast<std::size_t>(k + 1)) layers.push_back(0);
        ++layers[k + 1];
        queue.push(next);
      }
    });
  }
  return layers;
}

TEST(Sliding, ExploreThreeByThree) {
  RankedSlidingDomain d(3, 3, ordered_sliding_goal(3, 3, BlankPlace::last));
  const SlidingState goal = d.goal();
  const auto result = search::explore(d, std::span(&goal, 1));
  ASSERT_TRUE(result.complete());
  EXPECT_EQ(result.total(), 181440u);
  EXPECT_EQ(result.layer_sizes.size(), 32u);  // depths 0 .. 31
  EXPECT_EQ(result.layer_sizes.back(), 2u);
  ASSERT_EQ(result.deepest.size(), 2u);
  for (const SlidingState& s : result.deepest) {
    SlidingSolver solver({3, 3}, goal);
    SlidingSolution solution;
    solver.solve(s, *find_sliding_algorithm("table"), {}, solution);
    EXPECT_EQ(solution.moves.size(), 31u);
  }
}

TEST(Sliding, ExploreTwoByFourMatchesBruteForce) {
  RankedSlidingDomain d(2, 4, ordered_sliding_goal(2, 4, BlankPlace::last));
  const SlidingState goal = d.goal();
  const auto result = search::explore(d, std::span(&goal, 1));
  ASSERT_TRUE(result.complete());
  EXPECT_EQ(result.total(), 20160u);
  EXPECT_EQ(result.layer_sizes, brute_force_layers(d));
  EXPECT_EQ(result.layer_sizes.size() - 1,
            36u);  // the 2x4 board's deepest states are 36 moves away
}

}  // namespace
}  // namespace plumb::puzzles
