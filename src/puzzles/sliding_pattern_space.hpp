// sliding_pattern_space.hpp (private to src/puzzles): the abstract space a sliding-puzzle pattern
// database is built in, as pdb/layered_bfs.hpp's SlottedSpace.
//
// A placement is where the pattern's tiles stand (ranked by pdb::PlacementIndex); its slots are its
// free cells, in increasing order, where the blank may be; its classes are the regions the blank
// can roam without moving a pattern tile. Moving a pattern tile into the blank's region costs 1. A
// placement first reached at depth d stores (d - Manhattan distance) / 2: the two have the same
// parity, and the excess fits 4 bits far more often than the distance.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <span>

#include "plumb/pdb/layered_bfs.hpp"
#include "plumb/pdb/placement_index.hpp"
#include "sliding_grid.hpp"

namespace plumb::puzzles::sliding_detail {

// The stored entry for a placement first reached at `depth` whose tiles are `manhattan` from home
// (saturating at 15, which keeps it a lower bound).
inline std::uint8_t excess_entry(unsigned depth, unsigned manhattan) {
  assert(depth >= manhattan && (depth - manhattan) % 2 == 0);
  return static_cast<std::uint8_t>(std::min(15u, (depth - manhattan) / 2));
}

// The cells of `cells` that are in `free`, as a mask over the free cells in increasing order (the
// software form of the BMI2 instruction pext); O(free cells).
inline std::uint32_t pack(CellMask cells, CellMask free) {
  std::uint32_t packed = 0;
  for (unsigned slot = 0; free != 0; free &= free - 1, ++slot) {
    if ((cells & free & (0 - free)) != 0) packed |= std::uint32_t{1} << slot;
  }
  return packed;
}

// The inverse of pack: the free cells whose slots are in `slots` (BMI2's pdep).
inline CellMask unpack(std::uint32_t slots, CellMask free) {
  CellMask cells = 0;
  for (unsigned slot = 0; free != 0; free &= free - 1, ++slot) {
    if ((slots >> slot & 1) != 0) cells |= free & (0 - free);
  }
  return cells;
}

class PatternSpace {
 public:
  // `tiles` are the pattern's tiles, named by their home cells; the blank's home is cell 0.
  PatternSpace(const Grid& grid, std::span<const std::uint8_t> tiles)
      : grid_(grid), tiles_(tiles), index_(grid.cells(), static_cast<unsigned>(tiles.size())) {}

  std::uint64_t num_placements() const { return index_.size(); }
  unsigned num_slots() const { return grid_.cells() - index_.pieces(); }
  // Each tile slides at most one way in each direction.
  std::size_t max_moves() const { return 4 * index_.pieces(); }

  // The goal: every tile home, the blank anywhere in cell 0's region.
  template <class F>
  void for_each_start(F&& f) const {
    CellMask occupied = 0;
    for (std::uint8_t tile : tiles_) occupied |= bit(tile);
    const CellMask free = grid_.all() & ~occupied;
    f(index_.rank(tiles_), pack(grid_.region(free, 0), free));
  }

  // Each move of a tile into a region of the blank that meets `frontier`: emit(next_rank, the slot
  // of the cell the tile left). Ranks are updated per move (PlacementIndex::rank_after_move), not
  // recomputed.
  template <class Emit>
  pdb::Expansion expand(std::uint64_t rank, std::uint32_t frontier, unsigned depth,
                        Emit&& emit) const {
    const unsigned pieces = index_.pieces(), width = grid_.width();
    std::array<std::uint8_t, pdb::kMaxCells> cell_of, piece_at, free_below;
    piece_at.fill(kNoPiece);
    const CellMask occupied = index_.unrank(rank, std::span(cell_of.data(), pieces));
    const CellMask free = grid_.all() & ~occupied;
    unsigned manhattan = 0;
    for (unsigned i = 0; i < pieces; ++i) {
      piece_at[cell_of[i]] = static_cast<std::uint8_t>(i);
      manhattan += grid_.distance(tiles_[i], cell_of[i]);
    }
    for (unsigned cell = 0, count = 0; cell < grid_.cells(); ++cell) {
      free_below[cell] = static_cast<std::uint8_t>(count);
      count += (free >> cell) & 1;
    }
    // A tile that slides from `from` to `to`: the cell it leaves is the next placement's slot
    // free_below[from], less one if `to` (now taken) is below it.
    const auto slide_along_row = [&](CellMask tiles, int step) {
      for (; tiles != 0; tiles &= tiles - 1) {
        const auto from = static_cast<unsigned>(std::countr_zero(tiles));
        const std::uint64_t weight = index_.weight(piece_at[from]);
        emit(step > 0 ? rank + weight : rank - weight, free_below[from] - (step < 0));
      }
    };
    const auto slide_along_column = [&](CellMask tiles, int step) {
      for (; tiles != 0; tiles &= tiles - 1) {
        const auto from = static_cast<unsigned>(std::countr_zero(tiles));
        const auto to = static_cast<unsigned>(static_cast<int>(from) + step);
        emit(index_.rank_after_move(rank, piece_at[from], from, to, piece_at),
             free_below[from] - (step < 0));
      }
    };
    CellMask expanded = 0;
    for (CellMask pending = unpack(frontier, free); pending != 0;) {
      const CellMask region = grid_.region(free, static_cast<unsigned>(std::countr_zero(pending)));
      pending &= ~region;
      expanded |= region;
      slide_along_row(grid_.right_of(region) & occupied, -1);
      slide_along_row(grid_.left_of(region) & occupied, +1);
      slide_along_column(grid_.below(region) & occupied, -static_cast<int>(width));
      slide_along_column(grid_.above(region) & occupied, static_cast<int>(width));
    }
    return {pack(expanded, free), excess_entry(depth, manhattan)};
  }

 private:
  static constexpr std::uint8_t kNoPiece = 255;

  const Grid& grid_;
  std::span<const std::uint8_t> tiles_;
  pdb::PlacementIndex index_;
};

}  // namespace plumb::puzzles::sliding_detail
