// The table cache: where it is, whether it can be used, and what it tells the user: one notice a
// build, the damaged file named when it is rebuilt, one warning however many tables cannot be kept.
#include "plumb/io/table_cache.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "tests/support/cache_notices.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::io {
namespace {

using plumb::testing::CacheNotices;
using plumb::testing::TemporaryCache;

CachedTable small_table(const std::string& name) {
  return {name + ".tbl", {"test-table", 1, name}, 1000, 4, "the test table " + name};
}

const std::vector<std::byte> kPayload{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4}};

TEST(TableCache, DirectoryFollowsTheEnvironmentAndIsMadeOnCheck) {
  const TemporaryCache cache;
  const auto inner = cache.path() / "inner";
  ::setenv("PLUMB_CACHE", inner.c_str(), 1);
  EXPECT_EQ(cache_directory(), inner);
  EXPECT_FALSE(std::filesystem::exists(inner));
  const CacheDirectory checked = check_cache_directory();
  EXPECT_TRUE(checked.usable()) << checked.problem;
  EXPECT_TRUE(std::filesystem::is_directory(inner));
  std::ofstream(cache.path() / "file") << "x";
  ::setenv("PLUMB_CACHE", (cache.path() / "file").c_str(), 1);
  EXPECT_EQ(check_cache_directory().problem, "not a directory");
  ::setenv("PLUMB_CACHE", (cache.path() / "file" / "below").c_str(), 1);
  EXPECT_FALSE(check_cache_directory().usable());
}

TEST(TableCache, BuildsAreAnnouncedAndKept) {
  const TemporaryCache cache;
  const CacheNotices notices;
  const CachedTable table = small_table("a");
  EXPECT_FALSE(load_cached(table));
  announce_build(table);
  EXPECT_TRUE(keep_in_cache(table, kPayload));
  EXPECT_EQ(load_cached(table), kPayload);
  EXPECT_EQ(
      notices.lines(),
      (std::vector<std::string>{"building the test table a (1,000 entries; once, then cached in " +
                                cache.path().string() + ")"}));
  // A payload of another size than the table's is not the table.
  CachedTable bigger = table;
  bigger.payload_bytes = 5;
  EXPECT_FALSE(load_cached(bigger));
}

TEST(TableCache, RebuildingADamagedFileSaysWhy) {
  const TemporaryCache cache;
  const CacheNotices notices;
  const CachedTable table = small_table("b");
  std::ofstream(table.path()) << std::string(64, '\0');
  EXPECT_FALSE(load_cached(table));
  announce_build(table);
  ASSERT_EQ(notices.lines().size(), 1U);
  EXPECT_EQ(notices.lines()[0],
            "rebuilding the test table b (1,000 entries; once, then cached in " +
                cache.path().string() + "): its file is damaged (not a plumb table)");
  EXPECT_TRUE(keep_in_cache(table, kPayload));
  EXPECT_EQ(load_cached(table), kPayload);
}

// However many tables meet it, an unusable cache is warned about once; nothing throws.
TEST(TableCache, AnUnusableCacheIsOneWarning) {
  const TemporaryCache cache;
  std::ofstream(cache.path() / "file") << "x";
  ::setenv("PLUMB_CACHE", (cache.path() / "file").c_str(), 1);
  const CacheNotices notices;
  for (const char* name : {"c", "d"}) {
    const CachedTable table = small_table(name);
    EXPECT_FALSE(load_cached(table));
    announce_build(table);
    EXPECT_FALSE(keep_in_cache(table, kPayload));
  }
  EXPECT_EQ(notices.lines(),
            (std::vector<std::string>{
                "warning: the cache directory " + (cache.path() / "file").string() +
                    " cannot be used (not a directory); tables are kept in memory for this run "
                    "only",
                "building the test table c (1,000 entries; for this run only)",
                "building the test table d (1,000 entries; for this run only)"}));
}

TEST(TableCache, SomethingElseInATablesPlaceIsLeftAlone) {
  const TemporaryCache cache;
  const CacheNotices notices;
  const CachedTable table = small_table("e");
  std::filesystem::create_directories(table.path());
  announce_build(table);
  EXPECT_FALSE(keep_in_cache(table, kPayload));
  EXPECT_TRUE(std::filesystem::is_directory(table.path()));
  ASSERT_EQ(notices.lines().size(), 2U);
  EXPECT_EQ(notices.lines()[0], "warning: " + table.path().string() +
                                    " is not a regular file, which plumb leaves alone; the test "
                                    "table e is kept in memory for this run only");
  EXPECT_EQ(notices.lines()[1], "building the test table e (1,000 entries; for this run only)");
}

TEST(TableCache, TableFileNames) {
  const std::vector<std::string> owners{"cubic", "sliding"};
  EXPECT_TRUE(is_table_file_name("cubic-views-3x3.tbl", owners));
  EXPECT_TRUE(is_table_file_name("sliding-distances-3x3-12345.tbl", owners));
  EXPECT_TRUE(is_table_file_name("sliding-4x4-1-2-3-6-7.pdb", owners));
  EXPECT_TRUE(is_table_file_name("sliding-4x4-1-2-3-6-7.pdb.tmp4242", owners));
  EXPECT_FALSE(is_table_file_name("notes.txt", owners));
  EXPECT_FALSE(is_table_file_name("mine.tbl", owners));
  EXPECT_FALSE(is_table_file_name("sliding-4x4.pdb.tmp", owners));
  EXPECT_FALSE(is_table_file_name("cubic-views-3x3.tbl.bak", owners));
  EXPECT_FALSE(is_table_file_name("slidingx-4x4.pdb", owners));  // the name, then a dash
  EXPECT_FALSE(is_table_file_name("gap-deals.tbl", owners));     // not one of the owners
  EXPECT_TRUE(is_table_file_name("gap-deals.tbl", std::vector<std::string>{"gap"}));
  EXPECT_FALSE(is_table_file_name("cubic-views-3x3.tbl", {}));
}

}  // namespace
}  // namespace plumb::io
