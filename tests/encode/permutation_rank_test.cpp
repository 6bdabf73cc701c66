// Permutation ranking: bijections on every small n, random round trips on large n.
#include "plumb/encode/permutation_rank.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

namespace plumb::encode {
namespace {

std::vector<std::uint8_t> identity(std::size_t n) {
  std::vector<std::uint8_t> perm(n);
  std::iota(perm.begin(), perm.end(), std::uint8_t{0});
  return perm;
}

TEST(PermutationRank, Counts) {
  EXPECT_EQ(count_permutations(0), 1u);
  EXPECT_EQ(count_permutations(9), 362880u);
  EXPECT_EQ(count_permutations(20), 2432902008176640000u);
  EXPECT_EQ(count_partial_permutations(16, 3), 16u * 15 * 14);
  EXPECT_EQ(count_partial_permutations(25, 6), 127512000u);
}

TEST(PermutationRank, FullBijectionOnSmallSizes) {
  for (std::size_t n = 0; n <= 8; ++n) {
    const std::uint64_t count = count_permutations(n);
    std::vector<bool> seen(count, false);
    std::vector<std::uint8_t> perm = identity(n);
    do {
      const std::uint64_t rank = rank_permutation(perm);
      ASSERT_LT(rank, count);
      ASSERT_FALSE(seen[rank]) << "n=" << n;
      seen[rank] = true;
      std::vector<std::uint8_t> back(n);
      unrank_permutation(rank, back);
      ASSERT_EQ(back, perm);
    } while (std::next_permutation(perm.begin(), perm.end()));
  }
}

TEST(PermutationRank, PartialBijectionOnSmallSizes) {
  for (std::size_t n = 1; n <= 7; ++n) {
    for (std::size_t k = 0; k <= n; ++k) {
      const std::uint64_t count = count_partial_permutations(n, k);
      std::set<std::uint64_t> images;  // each image, 3 bits a value
      for (std::uint64_t rank = 0; rank < count; ++rank) {
        std::vector<std::uint8_t> values(k);
        unrank_partial(rank, n, values);
        for (std::uint8_t v : values) ASSERT_LT(v, n);
        ASSERT_EQ(std::set<std::uint8_t>(values.begin(), values.end()).size(), k);
        ASSERT_EQ(rank_partial(values, n), rank) << "n=" << n << " k=" << k;
        std::uint64_t code = 0;
        for (std::uint8_t v : values) code = code << 3 | v;
        images.insert(code);
      }
      EXPECT_EQ(images.size(), count);
    }
  }
}

TEST(PermutationRank, ParityClassBijectionOnSmallSizes) {
  for (std::size_t n = 2; n <= 8; ++n) {
    const std::uint64_t half = count_permutations(n) / 2;
    for (int parity = 0; parity < 2; ++parity) {
      std::vector<bool> seen(half, false);
      std::vector<std::uint8_t> perm = identity(n);
      std::uint64_t members = 0;
      do {
        if (permutation_parity(perm) != parity) continue;
        ++members;
        const std::uint64_t rank = rank_parity_class(perm);
        ASSERT_LT(rank, half);
        ASSERT_FALSE(seen[rank]);
        seen[rank] = true;
        std::vector<std::uint8_t> back(n);
        unrank_parity_class(rank, parity, back);
        ASSERT_EQ(back, perm);
      } while (std::next_permutation(perm.begin(), perm.end()));
      EXPECT_EQ(members, half);
    }
  }
}

TEST(PermutationRank, ParityAgreesWithInversions) {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<std::uint8_t> perm = identity(1 + trial % 20);
    std::shuffle(perm.begin(), perm.end(), random);
    int inversions = 0;
    for (std::size_t i = 0; i < perm.size(); ++i) {
      for (std::size_t j = i + 1; j < perm.size(); ++j) inversions += perm[i] > perm[j];
    }
    EXPECT_EQ(permutation_parity(perm), inversions & 1);
  }
}

TEST(PermutationRank, RandomRoundTripsOnLargeSizes) {
  std::mt19937_64 random(2001);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t n = 9 + trial % 12;  // 9 .. 20
    std::vector<std::uint8_t> perm = identity(n);
    std::shuffle(perm.begin(), perm.end(), random);
    std::vector<std::uint8_t> back(n);
    unrank_permutation(rank_permutation(perm), back);
    ASSERT_EQ(back, perm);
    unrank_parity_class(rank_parity_class(perm), permutation_parity(perm), back);
    ASSERT_EQ(back, perm);

    const std::uint64_t rank = random() % count_permutations(n);
    unrank_permutation(rank, back);
    ASSERT_EQ(rank_permutation(back), rank);
  }
}

TEST(PermutationRank, RandomPartialRoundTripsOnLargeBoards) {
  std::mt19937_64 random(2005);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t n = 16 + trial % 17;  // 16 .. 32 cells
    const std::size_t k = 1 + trial % 8;    // up to 8 tiles
    std::vector<std::uint8_t> cells = identity(n);
    std::shuffle(cells.begin(), cells.end(), random);
    cells.resize(k);
    const std::uint64_t rank = rank_partial(cells, n);
    ASSERT_LT(rank, count_partial_permutations(n, k));
    std::vector<std::uint8_t> back(k);
    unrank_partial(rank, n, back);
    ASSERT_EQ(back, cells);
  }
}

}  // namespace
}  // namespace plumb::encode
