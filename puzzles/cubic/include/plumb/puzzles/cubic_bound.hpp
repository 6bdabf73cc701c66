// plumb/puzzles/cubic_bound.hpp: admissible lower bounds on the moves from a state to a goal top
// view, for IDA* on the Cubic Eight-Puzzle: MismatchBound (the textbook one, kept as the baseline)
// and WalkBound (stronger; it dominates MismatchBound). Both cost O(1) word operations plus, for
// WalkBound, one pass over the cells the empty cell must still visit.
//
// MismatchBound: the number of goal-coloured cells not showing their colour. A move changes the top
// view in two cells only: the cell the die leaves becomes empty (never a match for a colour) and
// the cell it enters gets a die, so the count falls by at most one a move.
//
// WalkBound. Every move moves the empty cell one step, so a solution of L moves is a walk
// p0 = e (the empty cell now), p1, ..., pL = e* (the goal's empty cell) on the board's grid. Let T
// be the cells other than e that the walk must visit: e* itself, and every cell x != e* holding a
// die whose top colour differs from the goal's. Such a die cannot change its top colour in place;
// it must roll out of x, into the empty cell, which leaves the empty cell at x. So every x in T is
// some p_i, i >= 1. Moreover, if e = e* and T is not empty the walk leaves e and must come back: e
// = p_L with L >= 1.
//  (1) The grid is bipartite: p_i has the colour of e in the chessboard sense exactly when i is
//  even.
//      The walk has ceil(L/2) odd and floor(L/2) even indices i in 1..L, and distinct cells need
//      distinct indices, so with T_odd / T_even the cells of T of the other / same chessboard
//      colour as e, and back = [e = e* and T nonempty]:  L >= 2|T_odd| - 1  and  L >= 2(|T_even| +
//      back). Summed, L >= |T| + back, which is at least the mismatch count (every mismatched
//      goal-coloured cell other than e is in T; if e is one, e != e* and e* in T takes its place),
//      so WalkBound dominates MismatchBound.
//  (2) The walk reaches each x in T and then e*: L >= d(e, x) + d(x, e*) (Manhattan distances).
//  (3) L has the parity of d(e, e*), the chessboard colour changing at every step, so the largest
//  of
//      the bounds above, rounded up to that parity, is still a lower bound.
// All of it holds whichever dice end where (the dice are identical), so it is admissible. It is
// also consistent in practice (IDA* needs only admissibility).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "plumb/puzzles/cubic.hpp"

namespace plumb::puzzles::cubic {

class MismatchBound {
 public:
  explicit MismatchBound(const CubicDomain& d)
      : cells_(d.board().cells()),
        goal_fields_(d.goal().fields),
        coloured_(repeat_field(1, cells_) & ~(std::uint64_t{7} << (3 * d.goal().empty))) {}

  int operator()(const State& s) const {
    return std::popcount(differing_cells(top_view_fields(s, cells_), goal_fields_, cells_) &
                         coloured_);
  }

 private:
  int cells_;
  std::uint64_t goal_fields_;
  std::uint64_t coloured_;  // the lowest bit of every cell the goal shows a die in
};

class WalkBound {
 public:
  explicit WalkBound(const CubicDomain& d)
      : board_(d.board()), goal_fields_(d.goal().fields), goal_empty_(d.goal().empty) {
    for (int cell = 0; cell < board_.cells(); ++cell) {
      const int shade = (board_.row_of(cell) + board_.col_of(cell)) % 2;
      shade_cells_[shade] |= std::uint64_t{1} << (3 * cell);
      for (int x = 0; x < board_.cells(); ++x) {
        detour_[cell][x] =
            static_cast<std::uint8_t>(board_.distance(cell, x) + board_.distance(x, goal_empty_));
      }
    }
  }

  int operator()(const State& s) const {
    const int e = s.empty;
    const int cells = board_.cells();
    // Cells whose view differs from the goal: e* when a die stands there, mismatched dice, and e
    // itself when the goal has a die there (it is not in T).
    const std::uint64_t to_visit = differing_cells(top_view_fields(s, cells), goal_fields_, cells) &
                                   ~(std::uint64_t{7} << (3 * e));
    if (to_visit == 0) return 0;
    const int shade = (board_.row_of(e) + board_.col_of(e)) % 2;
    const int back = e == goal_empty_ ? 1 : 0;
    const int odd = std::popcount(to_visit & shade_cells_[1 - shade]);
    const int even = std::popcount(to_visit & shade_cells_[shade]) + back;
    int bound = std::max(2 * odd - 1, 2 * even);
    for (std::uint64_t rest = to_visit; rest != 0; rest &= rest - 1) {
      bound = std::max<int>(bound, detour_[e][std::countr_zero(rest) / 3]);
    }
    const int parity = board_.distance(e, goal_empty_) % 2;
    return bound + ((bound - parity) & 1);
  }

 private:
  Board board_;
  std::uint64_t goal_fields_;
  int goal_empty_;
  std::uint64_t shade_cells_[2] = {0, 0};  // the lowest bit of each cell of that chessboard colour
  std::uint8_t detour_[kMaxCells][kMaxCells] = {};  // d(e, x) + d(x, e*)
};

}  // namespace plumb::puzzles::cubic
