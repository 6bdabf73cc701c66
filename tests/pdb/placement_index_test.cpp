// Tests of pdb::PlacementIndex: ranks are dense and in lexicographic order of the cells, unrank
// inverts rank (through the 32-bit reciprocal path and the 64-bit one), and rank_after_move agrees
// with ranking the moved placement afresh.
#include "plumb/pdb/placement_index.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace plumb::pdb {
namespace {

using Cells = std::vector<std::uint8_t>;

Cells unranked(const PlacementIndex& index, std::uint64_t rank) {
  Cells cells(index.pieces());
  index.unrank(rank, std::span(cells));
  return cells;
}

TEST(PlacementIndex, EveryPlacementOnceInLexicographicOrder) {
  const PlacementIndex index(7, 4);
  ASSERT_EQ(index.size(), 7u * 6 * 5 * 4);
  Cells previous;
  for (std::uint64_t rank = 0; rank < index.size(); ++rank) {
    const Cells cells = unranked(index, rank);
    Cells sorted = cells;
    std::ranges::sort(sorted);
    ASSERT_EQ(std::ranges::adjacent_find(sorted), sorted.end()) << "rank " << rank;
    ASSERT_EQ(index.rank(std::span<const std::uint8_t>(cells)), rank);
    if (rank > 0) {
      ASSERT_LT(previous, cells) << "rank " << rank;
    }
    previous = cells;
  }
}

void check_round_trips_and_moves(unsigned cells, unsigned pieces, std::uint64_t seed) {
  const PlacementIndex index(cells, pieces);
  std::mt19937_64 random(seed);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint64_t rank = trial == 0 ? index.size() - 1 : random() % index.size();
    Cells placement = unranked(index, rank);
    ASSERT_EQ(index.rank(std::span<const std::uint8_t>(placement)), rank);
    std::vector<unsigned> piece_at(cells, 255);
    for (unsigned i = 0; i < pieces; ++i) piece_at[placement[i]] = i;
    const unsigned piece = static_cast<unsigned>(random() % pieces);
    const unsigned from = placement[piece];
    for (unsigned to = 0; to < cells; ++to) {
      if (piece_at[to] != 255) continue;
      placement[piece] = static_cast<std::uint8_t>(to);
      ASSERT_EQ(index.rank_after_move(rank, piece, from, to, piece_at),
                index.rank(std::span<const std::uint8_t>(placement)))
          << "piece " << piece << " from " << from << " to " << to;
      placement[piece] = static_cast<std::uint8_t>(from);
    }
  }
}

TEST(PlacementIndex, RoundTripsAndMovesWith32BitRanks) {
  check_round_trips_and_moves(16, 8, 1);  // the 15-puzzle's 8-tile pattern: 518,918,400
  check_round_trips_and_moves(25, 6, 2);  // the 24-puzzle's 6-tile patterns
  check_round_trips_and_moves(32, 1, 3);
}

TEST(PlacementIndex, RoundTripsAndMovesWith64BitRanks) {
  check_round_trips_and_moves(25, 8, 4);  // 25!/17! > 2^32
  check_round_trips_and_moves(32, 10, 5);
}

}  // namespace
}  // namespace plumb::pdb
