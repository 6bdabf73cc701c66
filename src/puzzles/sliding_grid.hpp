// sliding_grid.hpp (private to src/puzzles): a sliding-puzzle board of at most 32 cells as bit
// masks - steps, the region the blank can reach, Manhattan distances, the mirror image about
// the main diagonal - shared by the pattern-database builder and its IDA*.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "plumb/pdb/placement_index.hpp"

namespace plumb::puzzles::sliding_detail {

using CellMask = std::uint32_t;
constexpr CellMask bit(unsigned cell) {
  return CellMask{1} << cell;
}
constexpr unsigned kNoCell = 255;

// The board's cells: steps, shifted masks, regions, distances, the diagonal mirror.
class Grid {
 public:
  Grid(unsigned width, unsigned height) : width_(width), height_(height) {
    for (unsigned cell = 0; cell < cells(); ++cell) {
      const unsigned row = cell / width, col = cell % width;
      steps_[cell] = {row > 0 ? cell - width : kNoCell, row + 1 < height ? cell + width : kNoCell,
                      col > 0 ? cell - 1 : kNoCell, col + 1 < width ? cell + 1 : kNoCell};
      if (col != 0) not_first_column_ |= bit(cell);
      if (col + 1 != width) not_last_column_ |= bit(cell);
      all_ |= bit(cell);
    }
    for (unsigned a = 0; a < cells(); ++a) {
      for (unsigned b = 0; b < cells(); ++b) {
        const int rows = static_cast<int>(a / width) - static_cast<int>(b / width);
        const int cols = static_cast<int>(a % width) - static_cast<int>(b % width);
        distances_[a][b] = static_cast<std::uint8_t>(std::abs(rows) + std::abs(cols));
      }
    }
  }

  unsigned width() const { return width_; }
  unsigned height() const { return height_; }
  unsigned cells() const { return width_ * height_; }
  CellMask all() const { return all_; }
  // The cell the blank reaches from `cell` by direction 0..3 (u d l r), or kNoCell.
  unsigned step(unsigned cell, unsigned direction) const { return steps_[cell][direction]; }
  bool square() const { return width_ == height_; }
  unsigned mirror(unsigned cell) const { return cell % width_ * width_ + cell / width_; }

  // The Manhattan distance between two cells (from a table: no divisions).
  unsigned distance(unsigned a, unsigned b) const { return distances_[a][b]; }

  // The cells one step left of, right of, above and below the cells of `cells`, on the board.
  CellMask left_of(CellMask cells) const { return (cells >> 1) & not_last_column_; }
  CellMask right_of(CellMask cells) const { return (cells << 1) & not_first_column_; }
  CellMask above(CellMask cells) const { return cells >> width_; }
  CellMask below(CellMask cells) const { return (cells << width_) & all_; }

  // The cells of `open` connected to `from` (which is in `open`) through `open`.
  CellMask region(CellMask open, unsigned from) const {
    CellMask reached = bit(from), before = 0;
    while (reached != before) {
      before = reached;
      reached |= (left_of(reached) | right_of(reached) | above(reached) | below(reached)) & open;
    }
    return reached;
  }

 private:
  unsigned width_, height_;
  CellMask all_ = 0, not_first_column_ = 0, not_last_column_ = 0;
  std::array<std::array<unsigned, 4>, pdb::kMaxCells> steps_{};
  std::array<std::array<std::uint8_t, pdb::kMaxCells>, pdb::kMaxCells> distances_{};
};

}  // namespace plumb::puzzles::sliding_detail
