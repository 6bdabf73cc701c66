// Moving Pegs: the board's jumps, the engine's view of it, and the solvers. The central test proves
// the contest's tie-break: on the 15-hole board, for every start hole, a brute-force enumeration of
// every shortest solution finds the same lexicographically smallest one as both solvers.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <random>
#include <sstream>

#include "plumb/puzzles/pegs.hpp"
#include "plumb/puzzles/pegs_io.hpp"
#include "plumb/puzzles/pegs_solve.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"

namespace plumb::puzzles {
namespace {

static_assert(search::Domain<PegsDomain> && search::RankedDomain<PegsDomain>);
static_assert(search::GoalEnumerable<PegsDomain> && search::BackwardDomain<PegsDomain>);

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

PegMove jump(int from, int to) {  // 1-based, as the contest writes them
  return {static_cast<std::uint8_t>(from - 1), static_cast<std::uint8_t>(to - 1)};
}

// Replays `moves` from `start`, checking every jump, and that one peg is left in `goal`.
void expect_replays(const PegBoard& board, PegSet start, int goal,
                    const std::vector<PegMove>& moves) {
  PegSet s = start;
  for (const PegMove& move : moves) {
    ASSERT_TRUE(board.is_legal(s, move)) << int{move.from} + 1 << " " << int{move.to} + 1;
    s = board.apply(s, move);
  }
  EXPECT_EQ(s, board.goal(goal));
}

PegSet random_position(const PegBoard& board, std::mt19937_64& rng) {
  return rng() & board.all_holes();
}

TEST(PegBoard, NumbersHolesRowByRow) {
  const PegBoard board(5);
  EXPECT_EQ(board.holes(), 15);
  EXPECT_EQ(board.row_of(10), 4);
  EXPECT_EQ(board.column_of(10), 0);
  EXPECT_EQ(board.column_of(14), 4);
  EXPECT_EQ(draw_pegs(board, board.start(4)), "    o\n   o o\n  o . o\n o o o o\no o o o o\n");
}

TEST(PegBoard, JumpsOverOneOrMorePegsInIncreasingOrder) {
  const PegBoard board(5);
  // Hole 5 empty: only 12 (over 8) and 14 (over 9) can land in it.
  EXPECT_EQ(board.moves(board.start(4)), (std::vector<PegMove>{jump(12, 5), jump(14, 5)}));
  // Hole 15 empty: 1 over 3 6 10, 3 over 6 10, 6 over 10, 11 over 12 13 14, 12 over 13 14, 13
  // over 14.
  EXPECT_EQ(board.moves(board.start(14)),
            (std::vector<PegMove>{jump(1, 15), jump(3, 15), jump(6, 15), jump(11, 15), jump(12, 15),
                                  jump(13, 15)}));
  const PegSet after = board.apply(board.start(14), jump(11, 15));
  EXPECT_EQ(after, board.all_holes() & ~(PegSet{0b1111} << 10));
  // A jump needs a peg to pass and a hole to land in.
  EXPECT_TRUE(board.moves(board.all_holes()).empty());
  EXPECT_TRUE(board.moves(board.goal(0)).empty());
}

TEST(PegBoard, UnmovesAreTheMovesReversedAndTheBoardIsSelfDual) {
  std::mt19937_64 rng(5);
  for (int rows : {4, 5, 6}) {
    const PegBoard board(rows);
    for (int i = 0; i < 500; ++i) {
      const PegSet s = random_position(board, rng);
      std::vector<PegMove> moves = board.moves(s);
      ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end()));
      ASSERT_EQ(std::adjacent_find(moves.begin(), moves.end()), moves.end());
      board.for_each_move(s, [&](PegMove move, PegSet next) {
        EXPECT_LT(std::popcount(next), std::popcount(s));
        bool back = false;
        board.for_each_unmove(
            next, [&](PegMove m, PegSet previous) { back = back || (m == move && previous == s); });
        EXPECT_TRUE(back);
        // ~next -> ~s is the same jump, seen from the other side.
        EXPECT_TRUE(board.is_legal(board.complement(next), move));
        EXPECT_EQ(board.apply(board.complement(next), move), board.complement(s));
      });
      board.for_each_unmove(s, [&](PegMove move, PegSet previous) {
        EXPECT_TRUE(board.is_legal(previous, move));
        EXPECT_EQ(board.apply(previous, move), s);
      });
    }
  }
}

TEST(SolvePegs, SampleExactly) {
  const PegBoard board(5);
  const PegsSolution solution = solve_pegs(board, 4);
  EXPECT_EQ(solution.stats.reason, search::StopReason::solved);
  EXPECT_EQ(format_pegs_answer(solution.moves),
            "10\n12 5 3 8 15 12 6 13 7 9 1 7 10 8 7 9 11 14 14 5\n");
}

// Every shortest solution by brute force: a depth-first search over all jump sequences of exactly
// `length` moves (pruned only by peg counts: each jump removes at least one peg), keeping the
// lexicographically smallest that ends with one peg in the start hole.
struct Enumeration {
  std::uint64_t solutions = 0;
  std::vector<PegMove> smallest;
};

void enumerate(const PegBoard& board, PegSet s, PegSet goal, int left, std::vector<PegMove>& path,
               Enumeration& found) {
  if (left == 0) {
    if (s != goal) return;
    if (found.solutions++ == 0 || path < found.smallest) found.smallest = path;
    return;
  }
  if (std::popcount(s) - 1 < left) return;
  board.for_each_move(s, [&](PegMove move, PegSet next) {
    path.push_back(move);
    enumerate(board, next, goal, left - 1, path, found);
    path.pop_back();
  });
}

TEST(SolvePegs, TieBreakIsTheSmallestOfAllShortestSolutions) {
  const PegBoard board(5);
  for (int empty = 0; empty < board.holes(); ++empty) {
    if (sanitized() && empty % 3 != 0) continue;  // every hole in Release; a third under sanitizers
    const PegsDomain domain(board, empty);
    const auto shortest = search::bfs(domain, board.start(empty));  // the length, independently
    ASSERT_TRUE(shortest.solved());
    std::vector<PegMove> path;
    Enumeration found;
    enumerate(board, board.start(empty), board.goal(empty), static_cast<int>(shortest.cost), path,
              found);
    ASSERT_GT(found.solutions, 0u);
    for (const PegsAlgorithm algorithm : {PegsAlgorithm::meet, PegsAlgorithm::table}) {
      const PegsSolution solution = solve_pegs(board, empty, algorithm);
      ASSERT_TRUE(solution.moves) << "hole " << empty + 1;
      EXPECT_EQ(*solution.moves, found.smallest)
          << "hole " << empty + 1 << ", " << found.solutions << " shortest solutions";
    }
  }
}

TEST(SolvePegs, BothSolversAgreeWithTheEngineAndReplay) {
  const int most_rows = sanitized() ? 5 : 6;
  for (int rows = 1; rows <= most_rows; ++rows) {
    const PegBoard board(rows);
    for (int empty = 0; empty < board.holes(); ++empty) {
      const PegsSolution meet = solve_pegs(board, empty, PegsAlgorithm::meet);
      if (rows < 6 ||
          empty % 4 == 0) {  // the table explores all of a 6-row board: a sample of holes
        const PegsSolution table = solve_pegs(board, empty, PegsAlgorithm::table);
        EXPECT_EQ(meet.moves, table.moves) << rows << " rows, hole " << empty + 1;
      }
      const PegsDomain domain(board, empty);
      const auto both_ways = search::bidirectional_bfs(domain, board.start(empty));
      ASSERT_EQ(meet.moves.has_value(), both_ways.solved()) << rows << " rows, hole " << empty + 1;
      if (!meet.moves) {
        EXPECT_EQ(meet.stats.reason, search::StopReason::exhausted);
        continue;
      }
      EXPECT_EQ(static_cast<Cost>(meet.moves->size()), both_ways.cost);
      EXPECT_EQ(meet.stats.depth, both_ways.cost);
      expect_replays(board, board.start(empty), empty, *meet.moves);
    }
  }
}

// A position met in play: up to six random jumps from a contest start.
PegSet played_from_start(const PegBoard& board, int empty, std::mt19937_64& rng) {
  PegSet s = board.start(empty);
  for (auto jumps = rng() % 7; jumps > 0; --jumps) {
    const std::vector<PegMove> moves = board.moves(s);
    if (moves.empty()) break;
    s = board.apply(s, moves[rng() % moves.size()]);
  }
  return s;
}

// From positions met in play (the goal the start's hole) and from any position (any goal hole),
// both solvers agree with the engine's bidirectional search, every solution replays, and on 5 rows
// each is the brute force's smallest.
TEST(SolvePegs, FromAnyPositionBothSolversAgreeWithTheEngine) {
  std::mt19937_64 rng(1533);
  int solved = 0;
  for (const auto& [rows, positions] : {std::pair{5, 90}, std::pair{6, 12}}) {
    const PegBoard board(rows);
    for (int i = 0; i < (sanitized() ? positions / 3 : positions); ++i) {
      const auto goal = static_cast<int>(rng() % static_cast<unsigned>(board.holes()));
      const PegSet start = i % 3 != 0 ? played_from_start(board, goal, rng)
                                      : random_position(board, rng) | board.goal(goal);
      const PegsSolution meet = solve_pegs(board, start, goal, PegsAlgorithm::meet);
      if (rows < 6 || i % 3 == 0) {  // the table explores all of a 6-row board: a sample
        const PegsSolution table = solve_pegs(board, start, goal, PegsAlgorithm::table);
        EXPECT_EQ(meet.moves, table.moves) << rows << " rows, " << draw_pegs(board, start);
      }
      const auto both_ways = search::bidirectional_bfs(PegsDomain(board, goal), start);
      ASSERT_EQ(meet.moves.has_value(), both_ways.solved()) << draw_pegs(board, start);
      if (!meet.moves) {
        EXPECT_EQ(meet.stats.reason, search::StopReason::exhausted);
        continue;
      }
      ++solved;
      EXPECT_EQ(static_cast<Cost>(meet.moves->size()), both_ways.cost);
      expect_replays(board, start, goal, *meet.moves);
      if (rows > 5) continue;
      std::vector<PegMove> path;
      Enumeration found;
      enumerate(board, start, board.goal(goal), static_cast<int>(both_ways.cost), path, found);
      EXPECT_EQ(*meet.moves, found.smallest) << draw_pegs(board, start);
    }
  }
  EXPECT_GT(solved, sanitized() ? 8 : 30);  // a third or more of the positions have a solution
}

TEST(SolvePegs, SmallTrianglesAreImpossible) {
  for (int rows : {1, 2, 3}) {
    const PegBoard board(rows);
    for (int empty = 0; empty < board.holes(); ++empty) {
      EXPECT_FALSE(solve_pegs(board, empty).moves) << rows << " rows, hole " << empty + 1;
      EXPECT_EQ(format_pegs_answer(std::nullopt), "IMPOSSIBLE\n");
    }
  }
}

TEST(SolvePegs, SevenRowsFromTheApex) {
  if (sanitized()) GTEST_SKIP() << "heavy under sanitizers";
  const PegBoard board(7);
  const PegsSolution solution = solve_pegs(board, 0);
  ASSERT_TRUE(solution.moves);
  EXPECT_EQ(solution.moves->size(), 11u);
  expect_replays(board, board.start(0), 0, *solution.moves);
}

TEST(SolvePegs, LimitsStopCleanly) {
  const PegBoard board(6);
  search::SearchLimits limits;
  limits.max_nodes = 1000;
  for (const PegsAlgorithm algorithm : {PegsAlgorithm::meet, PegsAlgorithm::table}) {
    const PegsSolution solution = solve_pegs(board, 0, algorithm, limits);
    EXPECT_FALSE(solution.moves);
    EXPECT_EQ(solution.stats.reason, search::StopReason::node_limit);
  }
}

TEST(ExplorePegs, CountsPositionsByMoves) {
  const PegBoard board(5);
  const PegsExploration result = explore_pegs(board, board.start(4));
  EXPECT_EQ(result.stats.reason, search::StopReason::exhausted);
  EXPECT_EQ(result.layer_sizes,
            (std::vector<std::uint64_t>{1, 2, 8, 47, 190, 682, 1646, 2241, 1475, 455, 88, 11}));
  ASSERT_FALSE(result.deepest.empty());
  EXPECT_TRUE(board.moves(result.deepest.front()).empty());
}

std::string read_error(const std::string& text, int rows) {
  std::istringstream stream(text);
  io::TextInput in(stream, "cases.txt");
  const PegBoard board(rows);
  try {
    const long long count = read_pegs_count(in);
    for (long long i = 0; i < count; ++i) read_pegs_case(in, board);
    expect_pegs_end(in, count);
  } catch (const io::InputError& error) {
    return error.file() + ":" + std::to_string(error.line()) + ": " + error.what();
  }
  return "";
}

TEST(PegsInput, ReadsCasesAndRejectsBadOnesWithTheirLine) {
  EXPECT_EQ(read_error("2\n5\n15\n", 5), "");
  EXPECT_EQ(read_error("2\n5\n16\n", 5),
            "cases.txt:3: hole 16 is not on the board: holes are 1 to 15 with 5 rows");
  EXPECT_EQ(read_error("2\n5\n16\n", 6), "");
  EXPECT_EQ(read_error("1\n0\n", 5),
            "cases.txt:2: hole 0 is not on the board: holes are 1 to 15 with 5 rows");
  EXPECT_EQ(read_error("1\nfive\n", 5), "cases.txt:2: expected an empty hole, found 'five'");
  EXPECT_EQ(read_error("3\n5\n6\n", 5),
            "cases.txt:3: unexpected end of input: expected an empty hole");
  EXPECT_EQ(read_error("1\n5\n6\n", 5), "cases.txt:3: '6' follows the 1 case the count announced");
  EXPECT_EQ(read_error("-1\n", 5),
            "cases.txt:1: the number of cases must not be negative, found -1");
}

TEST(PegsInput, APositionGivenInFullReadsAsTheHoleAndItsPegs) {
  const PegBoard board(5);
  std::istringstream stream("3\n5:o/oo/o.o/oooo/ooooo\n1:.oo.ooooooooooo\n12\n");
  io::TextInput in(stream, "cases.txt");
  ASSERT_EQ(read_pegs_count(in), 3);
  EXPECT_EQ(read_pegs_case(in, board), (PegsCase{board.start(4), 4}));
  EXPECT_EQ(read_pegs_case(in, board), (PegsCase{board.all_holes() & ~PegSet{0b1001}, 0}));
  EXPECT_EQ(read_pegs_case(in, board), (PegsCase{board.start(11), 11}));
  EXPECT_EQ(read_error("1\n5:o/oo/o.o/oooo\n", 5),
            "cases.txt:2: the position 'o/oo/o.o/oooo' has 4 rows, the board 5");
  EXPECT_EQ(read_error("1\n5:o/ooo/o.o/oooo/ooooo\n", 5),
            "cases.txt:2: row 2 of the position 'o/ooo/o.o/oooo/ooooo' has 3 holes, expected 2");
  EXPECT_EQ(read_error("1\n5:o/oo/o.x/oooo/ooooo\n", 5),
            "cases.txt:2: expected 'o' (a peg), '.' (an empty hole) or '/' in the position "
            "'o/oo/o.x/oooo/ooooo'");
  EXPECT_EQ(read_error("1\n5:oooo\n", 5),
            "cases.txt:2: the position 'oooo' has 4 holes, the board 15 (5 rows)");
  EXPECT_EQ(read_error("1\n1:...............\n", 5),
            "cases.txt:2: the position '...............' has no peg");
  EXPECT_EQ(read_error("1\nx:ooo\n", 5),
            "cases.txt:2: expected the last peg's hole before ':', found 'x'");
  EXPECT_EQ(read_error("1\n16:ooo\n", 5),
            "cases.txt:2: hole 16 is not on the board: holes are 1 to 15 with 5 rows");
}

}  // namespace
}  // namespace plumb::puzzles
