// StateTable interns keys to dense ids, in insertion order, across many rehashes.
#include "plumb/search/state_table.hpp"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <unordered_map>

namespace plumb::search {
namespace {

TEST(StateTable, MatchesAnUnorderedMapOnRandomKeys) {
  StateTable<std::uint64_t> table(4);
  std::unordered_map<std::uint64_t, std::uint32_t> reference;
  std::mt19937_64 rng(42);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t key = rng() % 50000;
    const auto [id, inserted] = table.insert(key);
    const auto [it, fresh] = reference.emplace(key, static_cast<std::uint32_t>(reference.size()));
    ASSERT_EQ(inserted, fresh);
    ASSERT_EQ(id, it->second);
    ASSERT_EQ(table.key(id), key);
  }
  EXPECT_EQ(table.size(), reference.size());
  for (const auto& [key, id] : reference) EXPECT_EQ(table.find(key), id);
  EXPECT_EQ(table.find(50001), StateTable<std::uint64_t>::kNone);
}

TEST(StateTable, HoldsWordArrayKeys) {
  StateTable<std::array<std::uint64_t, 2>> table;
  EXPECT_TRUE(table.insert({1, 2}).second);
  EXPECT_TRUE(table.insert({2, 1}).second);
  EXPECT_FALSE(table.insert({1, 2}).second);
  EXPECT_EQ(table.find({2, 1}), 1u);
  EXPECT_FALSE(table.contains({0, 0}));
}

}  // namespace
}  // namespace plumb::search
