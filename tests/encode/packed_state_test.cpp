// PackedCells: cells of any width read back what was written, straddling words included; equal
// cells give equal states and hashes; the type works as a StateTable key.
#include "plumb/encode/packed_state.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "plumb/search/state_table.hpp"

namespace plumb::encode {
namespace {

template <std::size_t Words>
void check_round_trip(unsigned bits, std::uint64_t seed) {
  const std::size_t cells = 64 * Words / bits;
  std::mt19937_64 random(seed);
  for (int trial = 0; trial < 50; ++trial) {
    PackedCells<Words> packed;
    std::vector<std::uint32_t> values(cells);
    for (int write = 0; write < 4 * static_cast<int>(cells);
         ++write) {  // overwrite cells many times
      const std::size_t cell = random() % cells;
      values[cell] = static_cast<std::uint32_t>(random() & ((std::uint64_t{1} << bits) - 1));
      packed.set(cell, bits, values[cell]);
    }
    for (std::size_t cell = 0; cell < cells; ++cell) {
      ASSERT_EQ(packed.get(cell, bits), values[cell]) << "bits " << bits << " cell " << cell;
    }
    std::size_t visited = 0;
    packed.for_each_cell(cells, bits, [&](std::size_t cell, std::uint32_t value) {
      ASSERT_EQ(cell, visited++);
      ASSERT_EQ(value, values[cell]) << "bits " << bits << " cell " << cell;
    });
    ASSERT_EQ(visited, cells);
  }
}

TEST(PackedCells, ReadsBackEveryWidthAndWordCount) {
  for (unsigned bits = 1; bits <= 32; ++bits) {
    check_round_trip<1>(bits, bits);
    check_round_trip<2>(bits, bits + 100);
    check_round_trip<3>(bits, bits + 200);
    check_round_trip<5>(bits, bits + 300);
  }
}

TEST(PackedCells, CellsStraddleWords) {
  PackedCells<2> packed;
  packed.set(12, 5, 31);  // bits 60..64: four in word 0, one in word 1
  EXPECT_EQ(packed.words()[0], std::uint64_t{15} << 60);
  EXPECT_EQ(packed.words()[1], 1u);
  EXPECT_EQ(packed.get(12, 5), 31u);
  packed.set(12, 5, 0);
  EXPECT_EQ(packed, PackedCells<2>{});
}

TEST(PackedCells, WordsForIsTight) {
  EXPECT_EQ(PackedCells<1>::words_for(28, 5), 3u);  // 140 bits: the Gap layout
  EXPECT_EQ(PackedCells<1>::words_for(52, 6), 5u);  // 312 bits: Montana
  EXPECT_EQ(PackedCells<1>::words_for(64, 1), 1u);
  EXPECT_EQ(PackedCells<1>::words_for(65, 1), 2u);
}

TEST(PackedCells, EqualCellsEqualStatesAndHashes) {
  PackedCells<3> a, b;
  for (std::size_t cell = 0; cell < 28; ++cell) {
    a.set(cell, 5, static_cast<std::uint32_t>(cell));
    b.set(27 - cell, 5, static_cast<std::uint32_t>(27 - cell));  // the same cells, another order
  }
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_EQ(a.hash(), hash_words(a.words()));
  b.set(3, 5, 4);
  EXPECT_NE(a, b);
  EXPECT_NE(a.hash(), b.hash());
}

TEST(PackedCells, IsAStateTableKey) {
  search::StateTable<PackedCells<2>> table;
  std::vector<PackedCells<2>> keys;
  for (std::uint32_t i = 0; i < 4000; ++i) {
    PackedCells<2> key;
    key.set(i % 20, 6, i % 64);
    key.set(20, 6, i / 64);
    keys.push_back(key);
    EXPECT_TRUE(table.insert(key).second);
  }
  for (std::uint32_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(table.find(keys[i]), i);
    EXPECT_FALSE(table.insert(keys[i]).second);
  }
}

}  // namespace
}  // namespace plumb::encode
