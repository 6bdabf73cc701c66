// NBitArray stores k-bit entries exactly as a plain vector would, for every supported k.
#include "plumb/encode/nbit_array.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace plumb::encode {
namespace {

TEST(NBitArray, MatchesAPlainVector) {
  std::mt19937 rng(9);
  for (unsigned bits : {1u, 2u, 4u, 8u}) {
    const std::uint64_t size = 1000 + bits;
    NBitArray array(size, bits, (1u << bits) - 1);
    std::vector<unsigned> reference(size, (1u << bits) - 1);
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t index = rng() % size;
      const unsigned value = rng() % (1u << bits);
      array.set(index, value);
      reference[index] = value;
    }
    for (std::uint64_t i = 0; i < size; ++i) ASSERT_EQ(array.get(i), reference[i]) << bits << " bits at " << i;
    array.fill(1);
    for (std::uint64_t i = 0; i < size; ++i) ASSERT_EQ(array.get(i), 1u);
    EXPECT_EQ(array.memory_bytes(), (size * bits + 63) / 64 * 8);
  }
}

}  // namespace
}  // namespace plumb::encode
