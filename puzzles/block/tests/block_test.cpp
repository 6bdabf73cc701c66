// BlockTheBlockPuzzle checked by certificate: after digging the cells the solver reports, a search
// over the block's own moves (standing and lying, written here without the flow model) finds no way
// from a start to the goal, and their number is the answer; brute force over every set of cells on
// tiny boards agrees that no smaller set works; all max-flow algorithms agree; bad input is
// refused.
#include "plumb/puzzles/block.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "tests/support/run_plumb.hpp"

namespace plumb::puzzles {
namespace {

// The block's states: standing on a cell, or lying across two cells in a row or in a column.
enum class Pose { standing, lying_across, lying_down };
struct BlockState {
  Pose pose;
  int row, col;  // the cell, or the upper / left of the two
};

// Whether the block can reach the goal standing from some start, by breadth-first search over its
// states, with `holes` (the board's and the dug ones) marked 'H' in `cells`.
bool goal_reachable(const BlockBoard& board) {
  const auto solid = [&](int r, int c) {
    return r >= 0 && r < board.rows && c >= 0 && c < board.cols && board.at(r, c) != 'H';
  };
  const auto valid = [&](const BlockState& s) {
    switch (s.pose) {
      case Pose::standing:
        return solid(s.row, s.col);
      case Pose::lying_across:
        return solid(s.row, s.col) || solid(s.row, s.col + 1);
      case Pose::lying_down:
        return solid(s.row, s.col) || solid(s.row + 1, s.col);
    }
    return false;
  };
  const auto key = [&](const BlockState& s) {
    // Lying states may hang one cell off the board: shift by one so every key is non-negative.
    return ((static_cast<std::size_t>(s.pose) * (board.rows + 2) + (s.row + 1)) *
            (board.cols + 2)) +
           (s.col + 1);
  };
  std::vector<bool> seen(3 * static_cast<std::size_t>(board.rows + 2) * (board.cols + 2), false);
  std::vector<BlockState> queue;
  for (int r = 0; r < board.rows; ++r) {
    for (int c = 0; c < board.cols; ++c) {
      if (board.at(r, c) == 'b') {
        queue.push_back({Pose::standing, r, c});
        seen[key(queue.back())] = true;
      }
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const BlockState s = queue[head];
    if (s.pose == Pose::standing && s.row == board.goal.row && s.col == board.goal.col) return true;
    std::vector<BlockState> next;
    if (s.pose == Pose::standing) {
      next = {{Pose::lying_across, s.row, s.col + 1},
              {Pose::lying_across, s.row, s.col - 2},
              {Pose::lying_down, s.row + 1, s.col},
              {Pose::lying_down, s.row - 2, s.col}};
    } else if (s.pose == Pose::lying_across) {
      next = {{Pose::standing, s.row, s.col - 1}, {Pose::standing, s.row, s.col + 2}};
    } else {
      next = {{Pose::standing, s.row - 1, s.col}, {Pose::standing, s.row + 2, s.col}};
    }
    for (const BlockState& n : next) {
      // A lying block more than one cell off the board has fallen already.
      if (n.row < -1 || n.col < -1 || n.row > board.rows || n.col > board.cols) continue;
      if (!valid(n) || seen[key(n)]) continue;
      seen[key(n)] = true;
      queue.push_back(n);
    }
  }
  return false;
}

BlockBoard dug(BlockBoard board, const std::vector<BlockCell>& cells) {
  for (const BlockCell cell : cells) {
    EXPECT_EQ(board.at(cell.row, cell.col), '.') << "dug a cell that is not plain";
    board.cells[static_cast<std::size_t>(cell.row) * board.cols + cell.col] = 'H';
  }
  return board;
}

// Checks the answer's certificate and returns its number of holes (-1 when impossible).
int certified(const BlockBoard& board, const BlockSolution& answer) {
  if (!answer.holes) {
    EXPECT_TRUE(answer.dig.empty());
    std::vector<BlockCell> every_plain;
    for (int r = 0; r < board.rows; ++r) {
      for (int c = 0; c < board.cols; ++c) {
        if (board.at(r, c) == '.') every_plain.push_back({r, c});
      }
    }
    EXPECT_TRUE(goal_reachable(dug(board, every_plain))) << "digging everything blocks it";
    return -1;
  }
  EXPECT_EQ(static_cast<int>(answer.dig.size()), *answer.holes);
  EXPECT_FALSE(goal_reachable(dug(board, answer.dig))) << draw_block_board(board, answer.dig);
  return *answer.holes;
}

// The fewest plain cells whose digging blocks every way, by trying all sets in order of size.
int brute_force(const BlockBoard& board) {
  std::vector<BlockCell> plain;
  for (int r = 0; r < board.rows; ++r) {
    for (int c = 0; c < board.cols; ++c) {
      if (board.at(r, c) == '.') plain.push_back({r, c});
    }
  }
  const int n = static_cast<int>(plain.size());
  int best = -1;
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    const int size = std::popcount(mask);
    if (best >= 0 && size >= best) continue;
    std::vector<BlockCell> chosen;
    for (int i = 0; i < n; ++i) {
      if (mask >> i & 1) chosen.push_back(plain[i]);
    }
    if (!goal_reachable(dug(board, chosen))) best = size;
  }
  return best;
}

BlockBoard random_board(std::mt19937_64& rng, int rows, int cols, double holes, double starts) {
  std::vector<std::string> cells(rows, std::string(cols, '.'));
  std::uniform_real_distribution<double> unit(0, 1);
  for (auto& row : cells) {
    for (char& c : row) c = unit(rng) < holes ? 'H' : unit(rng) < starts ? 'b' : '.';
  }
  cells[std::uniform_int_distribution<int>(0, rows - 1)(rng)]
       [std::uniform_int_distribution<int>(0, cols - 1)(rng)] = '$';
  return make_block_board(cells);
}

constexpr BlockAlgorithm kAlgorithms[] = {BlockAlgorithm::dinic,
                                              BlockAlgorithm::boykov_kolmogorov,
                                              BlockAlgorithm::edmonds_karp};

std::vector<BlockBoard> read_all(const std::string& text, const std::string& name = "test") {
  std::istringstream stream(text);
  io::TextInput input(stream, name);
  BlockReader reader(input);
  std::vector<BlockBoard> boards;
  while (auto board = reader.next()) boards.push_back(std::move(*board));
  return boards;
}

TEST(BlockSolve, SamplesWithCertificates) {
  const auto boards =
      read_all(plumb::testing::read_file(plumb::testing::sample_path("block", "sample.in")));
  const std::vector<int> expected{2, 0, 1, 4, -1};
  ASSERT_EQ(boards.size(), expected.size());
  for (std::size_t i = 0; i < boards.size(); ++i) {
    for (const BlockAlgorithm algorithm : kAlgorithms) {
      EXPECT_EQ(certified(boards[i], solve_block(boards[i], algorithm)), expected[i])
          << "board " << i;
    }
  }
}

TEST(BlockSolve, TinyBoardsAgreeWithBruteForce) {
  std::mt19937_64 rng(7);
  const int rounds = std::getenv("PLUMB_SANITIZED") ? 150 : 600;
  int tried = 0;
  while (tried < rounds) {
    const int rows = std::uniform_int_distribution<int>(1, 7)(rng);
    const int cols = std::uniform_int_distribution<int>(1, 7)(rng);
    const BlockBoard board = random_board(rng, rows, cols, 0.25, 0.2);
    if (std::count(board.cells.begin(), board.cells.end(), '.') > 12) continue;
    ++tried;
    const int expected = brute_force(board);
    for (const BlockAlgorithm algorithm : kAlgorithms) {
      ASSERT_EQ(certified(board, solve_block(board, algorithm)), expected)
          << draw_block_board(board);
    }
  }
}

TEST(BlockSolve, LargerBoardsCertifiedAndAlgorithmsAgree) {
  std::mt19937_64 rng(11);
  const int rounds = std::getenv("PLUMB_SANITIZED") ? 10 : 60;
  for (int round = 0; round < rounds; ++round) {
    const int rows = std::uniform_int_distribution<int>(10, 120)(rng);
    const int cols = std::uniform_int_distribution<int>(10, 120)(rng);
    const double holes = std::uniform_real_distribution<double>(0, 0.5)(rng);
    const double starts = std::uniform_real_distribution<double>(0, 0.01)(rng);
    const BlockBoard board = random_board(rng, rows, cols, holes, starts);
    const int answer = certified(board, solve_block(board, BlockAlgorithm::dinic));
    EXPECT_EQ(certified(board, solve_block(board, BlockAlgorithm::boykov_kolmogorov)), answer);
  }
}

TEST(BlockSolve, StartsOffTheGoalLatticeNeverReachIt) {
  const BlockBoard board = make_block_board({"bb.bb$", "bb.bb."});
  EXPECT_EQ(solve_block(board).holes, 0);
  EXPECT_EQ(solve_block(make_block_board({"b..$"})).holes, 2);
  EXPECT_EQ(solve_block(make_block_board({"b.H$"})).holes, 1);
  EXPECT_EQ(solve_block(make_block_board({"bHH$"})).holes, 0);
  EXPECT_EQ(solve_block(make_block_board({"bb.$"})).holes, std::nullopt);
}

TEST(BlockRead, CountSizeLinesRectanglesAndLiterals) {
  EXPECT_EQ(read_all("2\n4\nb..$\n....\nHHHH\nHHHH\n1 4\nb..$\n").size(), 2u);
  EXPECT_EQ(read_all("4\nb..$\n....\nHHHH\nHHHH\n\n2 3\nb..\n..$\n").size(), 2u);
  const auto literal = read_all("{\"b..$\", \"....\",\n \"HHHH\", \"HHHH\"}\n{\"$\"}\n");
  ASSERT_EQ(literal.size(), 2u);
  EXPECT_EQ(literal[0].rows, 4);
  EXPECT_EQ(literal[0].cells, "b..$....HHHHHHHH");
  EXPECT_EQ(literal[0].goal, (BlockCell{0, 3}));
  EXPECT_EQ(read_all("1\n{\"b..$\"}\n").size(), 1u);
  const auto rectangle = read_all("2 5\n..b..\nH...$\n");
  ASSERT_EQ(rectangle.size(), 1u);
  EXPECT_EQ(rectangle[0].cols, 5);
  EXPECT_EQ(rectangle[0].goal, (BlockCell{1, 4}));
  EXPECT_TRUE(read_all("").empty());
}

// The line an input error is reported on, or 0 when there was no error.
int error_line(const std::string& text) {
  try {
    read_all(text, "in.txt");
  } catch (const io::InputError& error) {
    EXPECT_EQ(error.file(), "in.txt");
    return error.line();
  }
  return 0;
}

TEST(BlockRead, BadInputNamesTheLine) {
  EXPECT_EQ(error_line("2\nb.\n.b\n"), 3);            // no '$'
  EXPECT_EQ(error_line("2\nb$\n$b\n"), 3);            // two of them
  EXPECT_EQ(error_line("3\nb..\n.$\n...\n"), 3);      // a short row
  EXPECT_EQ(error_line("2\nb$x\n..\n"), 2);           // the size line does not match
  EXPECT_EQ(error_line("2\nb$\n.?\n"), 3);            // an unknown character
  EXPECT_EQ(error_line("2\nb$\n..\n..\n"), 4);        // more rows than the size says
  EXPECT_EQ(error_line("3\nb$.\n...\n"), 3);          // input ends inside a board
  EXPECT_EQ(error_line("2\n1\n$\n"), 3);              // fewer boards than the count
  EXPECT_EQ(error_line("1\n1\n$\n1\n$\n"), 4);        // more boards than the count
  EXPECT_EQ(error_line("{\"b.$\",\n \"..\"}\n"), 2);  // a ragged literal
  EXPECT_EQ(error_line("{\"b.$\", \"...\"\n"), 1);    // no closing brace
  EXPECT_EQ(error_line("0 3\n"), 1);                  // an empty board
  EXPECT_EQ(error_line("hello\n"), 1);
  EXPECT_EQ(error_line("4\nb..$\n....\nHHHH\nHHHH\n"), 0);
}

TEST(BlockExplore, LayersOfStandingPositions) {
  const BlockReach reach = explore_block(make_block_board({"b..$...", "HHHH..."}));
  EXPECT_EQ(reach.layer_sizes, (std::vector<std::uint64_t>{1, 1, 1}));
  EXPECT_TRUE(reach.goal_reached);
  EXPECT_EQ(reach.deepest, (std::vector<BlockCell>{{0, 6}}));
}

}  // namespace
}  // namespace plumb::puzzles
