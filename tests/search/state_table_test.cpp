// StateTable interns keys to dense ids, in insertion order, across many rehashes, given its keys
// alone or with their hashes taken ahead; its growth, and any vector's, waits for the Budget's
// leave; the Budget caps and runs worker threads.
#include "plumb/search/state_table.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <vector>
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

// Inserting a batch of keys hashed (and their slots prefetched) ahead gives the ids and answers of
// inserting them one at a time, across the rehashes the batches cross.
TEST(StateTable, InsertWithHashesTakenAheadMatchesPlainInsert) {
  using Key = std::array<std::uint64_t, 2>;
  StateTable<Key> plain(4), batched(4);
  std::mt19937_64 rng(7);
  for (int batch = 0; batch < 20000; ++batch) {
    std::array<Key, 4> keys;
    for (Key& key : keys) key = {rng() % 300, rng() % 100};
    std::array<std::uint64_t, 4> hashes;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      hashes[i] = StateTable<Key>::hash(keys[i]);
      batched.prefetch(hashes[i]);
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
      ASSERT_EQ(batched.insert(keys[i], hashes[i]), plain.insert(keys[i])) << "batch " << batch;
    }
  }
  EXPECT_GT(plain.size(), 20000u);
  EXPECT_EQ(batched.size(), plain.size());
  for (StateTable<Key>::Id id = 0; id < plain.size(); ++id) {
    EXPECT_EQ(batched.find(plain.key(id)), id);
  }
}

TEST(StateTable, HoldsWordArrayKeys) {
  StateTable<std::array<std::uint64_t, 2>> table;
  EXPECT_TRUE(table.insert({1, 2}).second);
  EXPECT_TRUE(table.insert({2, 1}).second);
  EXPECT_FALSE(table.insert({1, 2}).second);
  EXPECT_EQ(table.find({2, 1}), 1u);
  EXPECT_FALSE(table.contains({0, 0}));
}

// With a memory limit the process is already past, the table refuses to double: the budget stops
// (memory_limit), and the table keeps every key it takes up to 7/8 full, then doubles regardless.
TEST(StateTable, GrowthPastTheMemoryLimitStopsTheBudgetFirst) {
  SearchLimits limits;
  limits.max_memory_bytes = 1;
  SearchStats stats;
  Budget budget(limits, stats);
  StateTable<std::uint64_t> table(8, &budget);  // 16 slots: would double at the 9th key
  for (std::uint64_t key = 0; key < 9; ++key) EXPECT_TRUE(table.insert(key).second);
  EXPECT_TRUE(budget.stopped());
  EXPECT_EQ(stats.reason, StopReason::memory_limit);
  for (std::uint64_t key = 9; key < 40; ++key) EXPECT_TRUE(table.insert(key).second);
  for (std::uint64_t key = 0; key < 40; ++key) EXPECT_EQ(table.find(key), key);
}

TEST(Budget, MakeRoomRefusesAGrowthPastTheLimit) {
  SearchLimits limits;
  SearchStats stats;
  Budget unlimited(limits, stats);
  std::vector<int> v;
  EXPECT_TRUE(unlimited.make_room(v, 100));
  EXPECT_GE(v.capacity(), 100U);
  limits.max_memory_bytes = resident_memory_bytes() + (1 << 20);
  Budget budget(limits, stats);
  std::vector<char> small, large;
  EXPECT_TRUE(budget.make_room(small, 1000));
  EXPECT_FALSE(budget.make_room(large, std::size_t{1} << 30));
  EXPECT_EQ(large.capacity(), 0U);
  EXPECT_TRUE(budget.stopped());
  EXPECT_FALSE(budget.charge());
}

TEST(Budget, WorkerThreadsAreCapped) {
  SearchLimits limits;
  limits.threads = 100000;
  EXPECT_EQ(worker_threads(limits), max_worker_threads());
  EXPECT_LE(max_worker_threads(), 256U);
  std::atomic<unsigned> ran{0};
  run_workers(3, [&](unsigned) { ++ran; });
  EXPECT_EQ(ran.load(), 3U);
}

}  // namespace
}  // namespace plumb::search
