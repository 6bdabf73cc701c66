// plumb/pdb/placement_index.hpp: the index of a pattern database: where k distinct pieces stand on
// n <= 32 cells, ranked densely in lexicographic order of their cells, in [0, n!/(n-k)!).
//
// Piece i's digit is its cell minus the number of pieces 0..i-1 on lower cells (so it lies in
// [0, n-i)), and the rank is the mixed-radix number of those digits with piece 0 most significant.
// rank() is O(k^2) comparisons (k <= 8 in practice); unrank() O(k) multiplications by precomputed
// reciprocals (when the ranks fit 32 bits) and byte-table bit selects (2 KB of tables);
// rank_after_move() O(|to - from|). Lexicographic (rather than Myrvold-Ruskey) order keeps the
// placements that differ in the last pieces close in memory, which is what makes a breadth-first
// scan of a table in rank order cache-friendly (encode/permutation_rank.hpp has the O(n) MR order).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <span>

namespace plumb::pdb {

inline constexpr unsigned kMaxCells = 32;

namespace detail {

struct ByteTables {
  std::array<std::uint8_t, 256> count{};                  // the set bits of each byte
  std::array<std::array<std::uint8_t, 8>, 256> select{};  // the position of its j-th set bit
};

inline constexpr ByteTables kByteTables = [] {
  ByteTables tables;
  for (unsigned byte = 0; byte < 256; ++byte) {
    for (unsigned b = 0; b < 8; ++b) {
      if ((byte >> b & 1) != 0)
        tables.select[byte][tables.count[byte]++] = static_cast<std::uint8_t>(b);
    }
  }
  return tables;
}();

}  // namespace detail

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
    for (unsigned i = 0; i + 1 < pieces; ++i) reciprocals_[i] = ~std::uint64_t{0} / weights_[i] + 1;
  }

  unsigned cells() const { return cells_; }
  unsigned pieces() const { return pieces_; }
  // How much the rank grows when piece `piece`'s digit grows by one.
  std::uint64_t weight(unsigned piece) const { return weights_[piece]; }
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

  // The rank after piece `piece` of the placement of rank `rank` moves from cell `from` to the free
  // cell `to`, where piece_at[c] is the piece on cell c (anything >= pieces() for a free cell).
  // Piece p's digit changes by the cells it passes, less those of pieces before it; each later
  // piece passed over changes its digit by one. O(|to - from|), branch-free.
  template <class PieceAt>
  std::uint64_t rank_after_move(std::uint64_t rank, unsigned piece, unsigned from, unsigned to,
                                const PieceAt& piece_at) const {
    const unsigned low = std::min(from, to), high = std::max(from, to);
    std::uint64_t change = (high - low) * weights_[piece];
    const std::uint64_t minus = 0 - weights_[piece];
    for (unsigned cell = low + 1; cell < high; ++cell) {
      const unsigned other = std::min<unsigned>(piece_at[cell], pieces_);
      change += other < piece ? minus : weights_[other];
    }
    return to > from ? rank + change : rank - change;
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
      // (The last piece's weight is 1, its digit what is left.)
      const unsigned digit = i + 1 < pieces_ ? divide(rank, i) : static_cast<unsigned>(rank);
      rank -= static_cast<Rank>(digit * weights_[i]);
      const unsigned cell = select_free(used, digit);
      cell_of[i] = static_cast<Cell>(cell);
      used |= std::uint32_t{1} << cell;
    }
    return used;
  }

  // rank / weights_[piece], for a piece before the last (whose weight, 1, has no 64-bit
  // reciprocal). For 32-bit ranks, a multiplication by the 64-bit reciprocal and a
  // shift, exact for every 32-bit numerator and divisor (D. Lemire, O. Kaser, N. Kurz, "Faster
  // remainder by direct computation", Software: Practice and Experience 49 (2019)).
  unsigned divide(std::uint32_t rank, unsigned piece) const {
    __extension__ using Wide = unsigned __int128;
    return static_cast<unsigned>((Wide{reciprocals_[piece]} * rank) >> 64);
  }
  unsigned divide(std::uint64_t rank, unsigned piece) const {
    return static_cast<unsigned>(rank / weights_[piece]);
  }

  // The cell of the digit-th (from 0) zero bit of `used`: the byte that holds it is found by
  // skipping whole bytes by their counts (branch-free: once found, a byte is never skipped), and
  // the bit within the byte read from a table.
  static unsigned select_free(std::uint32_t used, unsigned digit) {
    const std::uint32_t free = ~used;
    unsigned base = 0;
    for (int byte = 0; byte < 3; ++byte) {
      const unsigned in_byte = detail::kByteTables.count[(free >> base) & 0xFF];
      const bool skip = digit >= in_byte;
      digit -= skip ? in_byte : 0;
      base += skip ? 8 : 0;
    }
    return base + detail::kByteTables.select[(free >> base) & 0xFF][digit];
  }

  unsigned cells_ = 0;
  unsigned pieces_ = 0;
  std::uint64_t size_ = 0;
  std::array<std::uint64_t, kMaxCells + 1> weights_{};  // and 0 for a free cell's piece, pieces_
  std::array<std::uint64_t, kMaxCells> reciprocals_{};  // 2^64 / weight rounded up, but the last
};

}  // namespace plumb::pdb
