// plumb/puzzles/sliding_heuristics.hpp: admissible heuristics for the sliding puzzle.
//
// SlidingManhattan: the sum over tiles of the taxicab distance to the goal cell (the blank not
// counted). Each move changes it by exactly one, so it is admissible and consistent.
//
// SlidingLinearConflicts: Manhattan distance plus linear conflicts (Hansson, Mayer and Yung,
// "Criticizing solutions to relaxed models yields powerful admissible heuristics", Information
// Sciences 63, 1992). In a row, the tiles whose goal is in that row must end in goal order; if k of
// them stand there and the longest run of them already in goal order (a longest increasing
// subsequence) has length m, then k - m of them must leave the row and come back, two vertical
// moves each that Manhattan distance does not count. The same holds for columns with horizontal
// moves, and row and column extras are different moves, so the sum stays admissible. The extra of
// every possible line content is tabulated once ((L+1)^L entries for a line of L cells, 7,776 at
// most); lines of more than 5 cells (boards such as 2x8) get no conflict term, which keeps the sum
// admissible.
//
// Evaluation is O(R*C) table lookups with no branches on the tiles.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "plumb/puzzles/sliding.hpp"
#include "plumb/search/domain.hpp"

namespace plumb::puzzles {

class SlidingManhattan {
 public:
  explicit SlidingManhattan(const SlidingDomain& domain);

  Cost operator()(const SlidingState& s) const {
    Cost sum = 0;
    for (int i = 0; i < cells_; ++i) sum += distance_[s.cells[i]][i];
    return sum;
  }

 private:
  int cells_;
  std::array<std::array<std::uint8_t, kMaxSlidingCells>, kMaxSlidingCells>
      distance_{};  // [tile][cell]
};

class SlidingLinearConflicts {
 public:
  explicit SlidingLinearConflicts(const SlidingDomain& domain);

  Cost operator()(const SlidingState& s) const {
    std::array<std::uint16_t, kMaxSlidingCells / 2> row_keys{}, col_keys{};
    Cost sum = 0;
    for (int i = 0; i < cells_; ++i) {
      const Entry& e = entries_[s.cells[i]][i];
      sum += e.distance;
      row_keys[row_of_[i]] += e.row_key;
      col_keys[col_of_[i]] += e.col_key;
    }
    for (int r = 0; r < rows_; ++r) sum += row_extra_[row_keys[r]];
    for (int c = 0; c < cols_; ++c) sum += col_extra_[col_keys[c]];
    return sum;
  }

 private:
  struct Entry {
    std::uint8_t distance = 0;  // Manhattan distance of the tile from this cell
    std::uint16_t row_key = 0;  // its share of its row's key: (1 + goal column) * (C+1)^column if
                                // the tile's goal is in this row (of at most 5 cells), else 0
    std::uint16_t col_key = 0;  // the same for its column
  };

  int rows_, cols_, cells_;
  std::array<std::array<Entry, kMaxSlidingCells>, kMaxSlidingCells> entries_{};  // [tile][cell]
  std::array<std::uint8_t, kMaxSlidingCells> row_of_{}, col_of_{};
  std::vector<std::uint8_t> row_extra_, col_extra_;  // by line key: 2 * (tiles to move out)
};

}  // namespace plumb::puzzles
