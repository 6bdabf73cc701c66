// puzzles/sliding/tests/sliding_boards.hpp: helpers shared by the sliding puzzle's tests: random
// scrambles from a goal, and the replay of a printed move string.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_io.hpp"
#include "tests/support/run_plumb.hpp"  // lines_of, for the tests that include this

namespace plumb::testing {

// A random walk of `steps` moves from the goal that never undoes its last move.
inline puzzles::SlidingState scramble(const puzzles::SlidingDomain& d, int steps,
                                      std::mt19937_64& random) {
  puzzles::SlidingState s = d.goal();
  int last = -1;
  for (int i = 0; i < steps; ++i) {
    std::vector<puzzles::SlidingMove> moves;
    d.for_each_move(s, [&](puzzles::SlidingMove m) {
      if (static_cast<int>(m) != (last ^ 1)) moves.push_back(m);
    });
    const puzzles::SlidingMove m = moves[random() % moves.size()];
    d.apply(s, m);
    last = static_cast<int>(m);
  }
  return s;
}

// Plays the move string on the board given as text; the final board as a line of tokens.
inline std::string play(const std::string& board_text, puzzles::SlidingSize size,
                        const std::string& moves) {
  puzzles::SlidingState s;
  EXPECT_EQ(puzzles::read_board(board_text, size, s), "");
  const puzzles::SlidingDomain d(
      size.rows, size.cols,
      puzzles::ordered_sliding_goal(size.rows, size.cols, puzzles::BlankPlace::last));
  for (char letter : moves) {
    const auto m = static_cast<puzzles::SlidingMove>(puzzles::kSlidingMoveLetters.find(letter));
    EXPECT_GE(d.neighbor(s.blank, m), 0) << "move off the board in " << moves;
    if (d.neighbor(s.blank, m) < 0) break;
    d.apply(s, m);
  }
  return puzzles::board_line(s, size);
}

}  // namespace plumb::testing
