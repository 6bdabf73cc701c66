// plumb/pdb/placement_index.hpp: the index of a pattern database: where k distinct pieces stand on
// n <= 32 cells, ranked densely in lexicographic order of their cells, in [0, n!/(n-k)!).
//
// Piece i's digit is its cell minus the number of pieces 0..i-1 on lower cells (so it lies in
// [0, n-i)), and the rank is the mixed-radix number of those digits with piece 0 most significant.
// rank() is O(k^2) comparisons (k <= 8 in practice), unrank() O(k) divisions and bit selects; no
// tables beyond a 256-byte bit count. Lexicographic (rather than Myrvold-Ruskey) order keeps the
// placements that differ in the last pieces close in memory, which is what makes a breadth-first
// scan of a table in rank order cache-friendly (encode/permutation_rank.hpp has the O(n) MR order).
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <span>

namespace plumb::pdb {

inline constexpr unsigned kMaxCells = 32;

class PlacementIndex {
 public:
  PlacementIndex() = default;
  PlacementIndex(unsigned cells, unsigned pieces) : cells_(cells), pieces_(pieces) {
    assert(cells <= kMaxCells && pieces <= cells && pieces > 0);
    std::uint64_t weight = 1;
    for (unsigned i = pieces; i-- > 0;) {
      weights_[i] = weight;
      weight *= cells - i;
    }
    size_ = weight;
  }

  unsigned cells() const { return cells_; }
  unsigned pieces() const { return pieces_; }
  // n! / (n-k)!: the number of placements.
  std::uint64_t size() const { return size_; }

  // The rank of the placement where piece i stands on cell_of[i].
  template <class Cell>
  std::uint64_t rank(std::span<const Cell> cell_of) const {
    assert(cell_of.size() == pieces_);
    return rank_by([&](unsigned i) { return static_cast<unsigned>(cell_of[i]); });
  }

  // The same, with piece i's cell given by cell_of(i) (e.g. read through a tile -> cell table).
  // (Counting the lower cells by comparisons rather than a popcount keeps it fast on targets
  // without a popcount instruction, the default for x86-64.)
  template <class CellOf>
  std::uint64_t rank_by(CellOf&& cell_of) const {
    std::array<unsigned, kMaxCells> cell;
    std::uint64_t rank = 0;
    for (unsigned i = 0; i < pieces_; ++i) {
      cell[i] = cell_of(i);
      assert(cell[i] < cells_);
      unsigned digit = cell[i];
      for (unsigned j = 0; j < i; ++j) digit -= cell[j] < cell[i];
      rank += digit * weights_[i];
    }
    return rank;
  }

  // The placement of rank `rank` (< size()); returns the mask of the occupied cells.
  template <class Cell>
  std::uint32_t unrank(std::uint64_t rank, std::span<Cell> cell_of) const {
    assert(rank < size_ && cell_of.size() == pieces_);
    if (size_ <= UINT32_MAX)
      return unrank_as<std::uint32_t>(static_cast<std::uint32_t>(rank), cell_of);
    return unrank_as<std::uint64_t>(rank, cell_of);
  }

 private:
  // (32-bit division, when the ranks fit, is several times faster than 64-bit on common CPUs.)
  template <class Rank, class Cell>
  std::uint32_t unrank_as(Rank rank, std::span<Cell> cell_of) const {
    std::uint32_t used = 0;
    for (unsigned i = 0; i < pieces_; ++i) {
      const auto weight = static_cast<Rank>(weights_[i]);
      const auto digit = static_cast<unsigned>(rank / weight);
      rank -= static_cast<Rank>(digit * weight);
      const unsigned cell = select_free(used, digit);
      cell_of[i] = static_cast<Cell>(cell);
      used |= std::uint32_t{1} << cell;
    }
    return used;
  }

  // The cell of the digit-th (from 0) zero bit of `used`: whole bytes skipped by their counts.
  static unsigned select_free(std::uint32_t used, unsigned digit) {
    std::uint32_t free = ~used;
    unsigned base = 0;
    for (;;) {
      const unsigned in_byte = kByteCounts[free & 0xFF];
      if (digit < in_byte) break;
      digit -= in_byte;
      free >>= 8;
      base += 8;
    }
    for (; digit > 0; --digit) free &= free - 1;
    return base + static_cast<unsigned>(std::countr_zero(free));
  }

  static constexpr std::array<std::uint8_t, 256> kByteCounts = [] {
    std::array<std::uint8_t, 256> counts{};
    for (unsigned byte = 0; byte < 256; ++byte) {
      for (unsigned b = byte; b != 0; b &= b - 1) ++counts[byte];
    }
    return counts;
  }();

  unsigned cells_ = 0;
  unsigned pieces_ = 0;
  std::uint64_t size_ = 0;
  std::array<std::uint64_t, kMaxCells> weights_{};
};

}  // namespace plumb::pdb
