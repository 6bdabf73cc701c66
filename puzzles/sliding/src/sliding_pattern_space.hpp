// sliding_pattern_space.hpp (private to src/puzzles): the abstract space a sliding-puzzle pattern
// database is built in, as pdb/layered_bfs.hpp's SlottedSpace, on a Grid: a board of at most 32
// cells as bit masks.
//
// A placement is where the pattern's tiles stand (ranked by pdb::PlacementIndex); its classes are
// the regions the blank can roam without moving a pattern tile. Moving a pattern tile into the
// blank's region costs 1. A placement first reached at depth d stores (d - Manhattan distance) / 2:
// the two have the same parity, and the excess fits 4 bits far more often than the distance.
// Slots, where the search marks the blank: with few free cells (at most kMaxCellSlots), each free
// cell, in increasing order; with more, each region, in the order of their lowest cells (at most
// kRegionSlots, the last slot holding any further regions: merging regions lets the blank jump
// between them, a relaxation that can only lower entries; no 5x5 placement of 7 tiles has more
// than 6 regions). Region slots keep a 7-tile pattern of the 5x5 board at 16 bits a placement
// (4.8 GB) instead of 64; cell slots spare the flood fill that finds a move's region.
//
// Symmetry: when a reflection of the board maps the pattern's home cells and the goal's blank
// region onto themselves (the 15-puzzle's bottom two rows under the left-right mirror), a
// placement and its image are equally far from the goal. Then only the one of the lower rank of
// each pair is searched: every move is emitted to the lower-ranked of the placement it reaches and
// that placement's image, and an expansion names the image (its twin) to receive the same entry.
// That halves the moves and the expansions.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

#include "plumb/pdb/layered_bfs.hpp"
#include "plumb/pdb/placement_index.hpp"

namespace plumb::puzzles::sliding_detail {

using CellMask = std::uint32_t;
constexpr CellMask bit(unsigned cell) {
  return CellMask{1} << cell;
}

// The board's cells as bit masks (shifted masks, the regions the blank can reach), Manhattan
// distances and the mirror about the main diagonal.
class Grid {
 public:
  Grid(unsigned width, unsigned height) : width_(width), height_(height) {
    for (unsigned cell = 0; cell < cells(); ++cell) {
      const unsigned col = cell % width;
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
  std::array<std::array<std::uint8_t, pdb::kMaxCells>, pdb::kMaxCells> distances_{};
};

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
      : grid_(grid), tiles_(tiles), index_(grid.cells(), static_cast<unsigned>(tiles.size())) {
    find_symmetry();
  }

  // Whether a reflection of the board maps the space onto itself (and expansions name twins), and
  // which: "left-right", "up-down", "half turn", "diagonal", "anti-diagonal" (or "").
  bool symmetric() const { return symmetric_; }
  std::string_view symmetry() const { return symmetric_ ? kReflections[reflection_kind_] : ""; }

  static constexpr unsigned kMaxCellSlots = 16, kRegionSlots = 8;

  std::uint64_t num_placements() const { return index_.size(); }
  unsigned num_slots() const { return region_slots_ ? kRegionSlots : free_cells(); }
  // Each tile slides at most one way in each direction.
  std::size_t max_moves() const { return 4 * index_.pieces(); }

  // The goal: every tile home, the blank anywhere in cell 0's region.
  template <class F>
  void for_each_start(F&& f) const {
    const CellMask free = grid_.all() & ~home_cells();
    f(index_.rank(tiles_),
      region_slots_ ? std::uint32_t{1} << region_slot(free, 0) : pack(grid_.region(free, 0), free));
  }

  // Each move of a tile into a region of the blank that meets `frontier`: emit(next_rank, the slot
  // of the cell the tile left), the next placement replaced by its image when that ranks lower.
  // Ranks are updated per move (PlacementIndex::rank_after_move), not recomputed.
  template <class Emit>
  pdb::Expansion expand(std::uint64_t rank, std::uint32_t frontier, unsigned depth,
                        Emit&& emit) const {
    const View view = view_of(rank);
    const View image = symmetric_ ? image_of(view) : View{};
    const auto slide = [&](unsigned from, unsigned to, std::uint64_t next_rank) {
      const std::uint8_t piece = view.piece_at[from];
      if (symmetric_) {
        const unsigned image_from = reflection_[from], image_to = reflection_[to];
        const std::uint64_t image_rank = index_.rank_after_move(
            image.rank, piece_image_[piece], image_from, image_to, image.piece_at);
        if (image_rank < next_rank) {
          emit(image_rank, entry_slot(image, image_from, image_to));
          return;
        }
      }
      emit(next_rank, entry_slot(view, from, to));
    };
    const auto slide_along_row = [&](CellMask tiles, int step) {
      for (; tiles != 0; tiles &= tiles - 1) {
        const auto from = static_cast<unsigned>(std::countr_zero(tiles));
        const std::uint64_t weight = index_.weight(view.piece_at[from]);
        slide(from, from + step, step > 0 ? rank + weight : rank - weight);
      }
    };
    const auto slide_along_column = [&](CellMask tiles, int step) {
      for (; tiles != 0; tiles &= tiles - 1) {
        const auto from = static_cast<unsigned>(std::countr_zero(tiles));
        const auto to = static_cast<unsigned>(static_cast<int>(from) + step);
        slide(from, to, index_.rank_after_move(rank, view.piece_at[from], from, to, view.piece_at));
      }
    };
    const int width = static_cast<int>(grid_.width());
    const auto expand_class = [&](CellMask region) {
      slide_along_row(grid_.right_of(region) & ~view.free, -1);
      slide_along_row(grid_.left_of(region) & ~view.free, +1);
      slide_along_column(grid_.below(region) & ~view.free, -width);
      slide_along_column(grid_.above(region) & ~view.free, width);
    };
    if (region_slots_) {
      for (unsigned slot = 0; slot < view.region_count; ++slot) {
        if ((frontier >> slot & 1) != 0) expand_class(view.regions[slot]);
      }
    } else {
      CellMask expanded = 0;
      for (CellMask pending = unpack(frontier, view.free); pending != 0;) {
        const CellMask region =
            grid_.region(view.free, static_cast<unsigned>(std::countr_zero(pending)));
        pending &= ~region;
        expanded |= region;
        expand_class(region);
      }
      frontier = pack(expanded, view.free);
    }
    const bool has_twin = symmetric_ && image.rank != rank;
    return {frontier,
            excess_entry(depth, view.manhattan), has_twin ? image.rank : pdb::Expansion::kNoTwin};
  }

 private:
  static constexpr std::uint8_t kNoPiece = 255;
  static constexpr std::array<std::string_view, 5> kReflections = {
      "left-right", "up-down", "half turn", "diagonal", "anti-diagonal"};
  using Cells = std::array<std::uint8_t, pdb::kMaxCells>;

  // A placement as the moves read it: its rank, the piece on each cell (kNoPiece if free), the free
  // cells, how many free cells lie below each cell, the Manhattan distance of its tiles, and (with
  // region slots) the free cells of each slot.
  struct View {
    std::uint64_t rank = 0;
    Cells piece_at, free_below;
    CellMask free = 0;
    unsigned manhattan = 0;
    std::array<CellMask, kRegionSlots> regions{};
    unsigned region_count = 0;
  };

  View view_of(std::uint64_t rank) const {
    View view;
    view.rank = rank;
    std::array<std::uint8_t, pdb::kMaxCells> cell_of;
    const unsigned pieces = index_.pieces();
    const CellMask occupied = index_.unrank(rank, std::span(cell_of.data(), pieces));
    view.piece_at.fill(kNoPiece);
    for (unsigned i = 0; i < pieces; ++i) {
      view.piece_at[cell_of[i]] = static_cast<std::uint8_t>(i);
      view.manhattan += grid_.distance(tiles_[i], cell_of[i]);
    }
    view.free = grid_.all() & ~occupied;
    if (region_slots_) {
      find_regions(view);
    } else {
      count_free_below(view);
    }
    return view;
  }

  // The reflected placement (its Manhattan distance is left 0: only the placement's own counts).
  View image_of(const View& view) const {
    View image;
    image.piece_at.fill(kNoPiece);
    std::array<std::uint8_t, pdb::kMaxCells> cell_of;
    for (unsigned cell = 0; cell < grid_.cells(); ++cell) {
      const std::uint8_t piece = view.piece_at[cell];
      if (piece == kNoPiece) {
        image.free |= bit(reflection_[cell]);
      } else {
        image.piece_at[reflection_[cell]] = piece_image_[piece];
        cell_of[piece_image_[piece]] = reflection_[cell];
      }
    }
    image.rank = index_.rank(std::span<const std::uint8_t>(cell_of.data(), index_.pieces()));
    if (!region_slots_) count_free_below(image);
    return image;
  }

  unsigned free_cells() const { return grid_.cells() - index_.pieces(); }

  // The slot of the blank's cell `from` after a tile slid from there to `to` in `view`: with cell
  // slots free_below[from], less one if `to` (now taken) is below it.
  unsigned entry_slot(const View& view, unsigned from, unsigned to) const {
    if (region_slots_) return region_slot((view.free | bit(from)) & ~bit(to), from);
    return view.free_below[from] - (to < from);
  }

  // The view's regions, in the order of their lowest cells, into its slots.
  void find_regions(View& view) const {
    for (CellMask rest = view.free; rest != 0;) {
      const CellMask region = grid_.region(rest, static_cast<unsigned>(std::countr_zero(rest)));
      rest &= ~region;
      const unsigned slot = std::min(view.region_count, kRegionSlots - 1);
      view.regions[slot] |= region;
      view.region_count = slot + 1;
    }
  }

  // The slot of the region of `free` that holds `cell`: how many regions have a lower lowest cell
  // (at most kRegionSlots - 1).
  unsigned region_slot(CellMask free, unsigned cell) const {
    const CellMask own = grid_.region(free, cell);
    unsigned slot = 0;
    for (CellMask lower = free & ((own & (0 - own)) - 1); lower != 0 && slot + 1 < kRegionSlots;
         ++slot) {
      lower &= ~grid_.region(free, static_cast<unsigned>(std::countr_zero(lower)));
    }
    return slot;
  }

  void count_free_below(View& view) const {
    for (unsigned cell = 0, count = 0; cell < grid_.cells(); ++cell) {
      view.free_below[cell] = static_cast<std::uint8_t>(count);
      count += (view.free >> cell) & 1;
    }
  }

  CellMask home_cells() const {
    CellMask cells = 0;
    for (std::uint8_t tile : tiles_) cells |= bit(tile);
    return cells;
  }

  // Looks for a reflection of the board (left-right, up-down, the half turn, and on square boards
  // the two diagonals) that maps the pattern's home cells and the goal's blank region onto
  // themselves; keeps the first, with the piece that each piece's image is.
  void find_symmetry() {
    const CellMask free = grid_.all() & ~home_cells(), start = grid_.region(free, 0);
    const unsigned kinds = grid_.square() ? 5 : 3;  // the diagonals need a square board
    for (unsigned kind = 0; kind < kinds && !symmetric_; ++kind) {
      for (unsigned cell = 0; cell < grid_.cells(); ++cell)
        reflection_[cell] = static_cast<std::uint8_t>(reflected(kind, cell));
      const auto reflect = [&](CellMask cells) {
        CellMask image = 0;
        for (; cells != 0; cells &= cells - 1) image |= bit(reflection_[std::countr_zero(cells)]);
        return image;
      };
      symmetric_ = reflect(home_cells()) == home_cells() && reflect(start) == start;
      reflection_kind_ = kind;
    }
    if (!symmetric_) return;
    for (unsigned i = 0; i < index_.pieces(); ++i) {
      const auto found = std::find(tiles_.begin(), tiles_.end(), reflection_[tiles_[i]]);
      piece_image_[i] = static_cast<std::uint8_t>(found - tiles_.begin());
    }
  }

  // The image of `cell` under reflection `kind`, an index into kReflections.
  unsigned reflected(unsigned kind, unsigned cell) const {
    const unsigned width = grid_.width(), last = grid_.cells() - 1;
    const unsigned row = cell / width, col = cell % width;
    switch (kind) {
      case 0:
        return row * width + (width - 1 - col);  // left-right
      case 1:
        return (grid_.height() - 1 - row) * width + col;  // up-down
      case 2:
        return last - cell;  // half turn
      case 3:
        return grid_.mirror(cell);  // diagonal
      default:
        return last - grid_.mirror(cell);  // anti-diagonal
    }
  }

  const Grid& grid_;
  std::span<const std::uint8_t> tiles_;
  pdb::PlacementIndex index_;
  bool region_slots_ = free_cells() > kMaxCellSlots;
  bool symmetric_ = false;
  unsigned reflection_kind_ = 0;  // an index into kReflections, when symmetric
  Cells reflection_{};            // cell -> its image, when symmetric
  Cells piece_image_{};           // piece -> the piece whose home is its home's image
};

}  // namespace plumb::puzzles::sliding_detail
