// pdb::contains_entry, a word at a time, against entry_histogram, an entry at a time: arrays of
// every size up to a few words past the last whole one, each value present or absent, in any
// place (the last, odd entry included).
#include <gtest/gtest.h>

#include <random>

#include "plumb/pdb/pattern_database.hpp"

namespace plumb::pdb {
namespace {

TEST(PatternDatabase, ContainsEntryAgreesWithTheHistogram) {
  std::mt19937_64 random(15);
  for (std::uint64_t size = 0; size <= 70; ++size) {
    for (int trial = 0; trial < 20; ++trial) {
      NibbleArray entries(size);
      const unsigned most = trial % 16;  // entries drawn from 0..most: the values above are absent
      for (std::uint64_t i = 0; i < size; ++i)
        entries.set(i, static_cast<std::uint8_t>(random() % (most + 1)));
      const std::array<std::uint64_t, 16> histogram = entry_histogram(entries);
      for (unsigned value = 0; value < 16; ++value)
        EXPECT_EQ(contains_entry(entries, value), histogram[value] != 0) << size << " " << value;
    }
  }
}

TEST(PatternDatabase, ContainsEntryFindsOneEntryAnywhere) {
  for (const std::uint64_t size : {1ULL, 16ULL, 17ULL, 33ULL, 1000ULL}) {
    for (std::uint64_t at = 0; at < size; ++at) {
      NibbleArray entries(size);
      entries.set(at, 15);
      EXPECT_TRUE(contains_entry(entries, 15)) << size << " " << at;
      EXPECT_FALSE(contains_entry(entries, 7)) << size << " " << at;
    }
  }
}

}  // namespace
}  // namespace plumb::pdb
