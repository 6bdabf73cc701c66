// plumb/puzzles/grid_size.hpp: a rectangular board's size, written "RxC" (R rows, C columns), read
// and bounded in one place for every puzzle that takes one (--size of sliding and cubic), so the
// program, the web service and Python refuse the same sizes with the same message.
//
// Invariant: a cell count is never computed in int. grid_cells() multiplies in 64 bits, exact for
// any two int sides, and read_grid_size() refuses a side beyond any bound before it is an int: no
// size, however large its sides, wraps around to a small count (3x1431655766 is 4,294,967,298
// cells, which a 32-bit product made 2).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace plumb::puzzles {

struct GridSize {
  int rows = 0, cols = 0;
  friend bool operator==(const GridSize&, const GridSize&) = default;
};

// rows * cols, exact for any two ints.
constexpr long long grid_cells(int rows, int cols) {
  return static_cast<long long>(rows) * static_cast<long long>(cols);
}

// The sizes a puzzle takes: at least `min_side` rows and columns, `min_cells` to `max_cells` cells.
struct GridBounds {
  int min_side = 1;
  int min_cells = 1;
  int max_cells = 1;

  constexpr bool admit(int rows, int cols) const {
    return rows >= min_side && cols >= min_side && grid_cells(rows, cols) >= min_cells &&
           grid_cells(rows, cols) <= max_cells;
  }
};

// The size "RxC" (or "RXC") names, R and C decimal integers, when `bounds` admit it; else nothing,
// and `error` says what was expected and quotes the text (short and printable).
std::optional<GridSize> read_grid_size(std::string_view text, const GridBounds& bounds,
                                       std::string& error);

}  // namespace plumb::puzzles
