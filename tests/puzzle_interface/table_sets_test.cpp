// The precomputed tables the built-in puzzles declare (puzzle_interface/table_sets.hpp), through
// the declaration alone, as a front end uses it: every set is named once, says what it serves and
// what its parts' builds are worth, and has its parts' files in the cache; the smallest set of each
// puzzle is built part by part into an empty cache, is then in the cache, and is loaded from there
// the second time without a build; its parts, built one by one as `plumb pdb build` does, are then
// whole in the cache and its description names their files; a cancelled build keeps nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/table_sets.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::puzzle_interface {
namespace {

TEST(TableSets, EverySetIsDeclaredOnceWithItsPartsInTheCache) {
  const testing::TemporaryCache cache;
  const std::vector<DeclaredTableSet> declared = declared_table_sets();
  ASSERT_FALSE(declared.empty());  // sliding declares its pattern databases
  std::set<std::pair<std::string, std::string>> names;
  for (const DeclaredTableSet& set : declared) {
    const TableSetInfo& info = set.info();
    EXPECT_TRUE(names.emplace(set.puzzle, info.name).second) << set.puzzle << " " << info.name;
    EXPECT_NE(make_builtin_puzzle(set.puzzle), nullptr) << set.puzzle;
    EXPECT_FALSE(info.title.empty()) << info.name;
    EXPECT_FALSE(info.serves.empty()) << info.name;
    ASSERT_FALSE(info.part_work.empty()) << info.name;
    for (std::size_t part = 0; part < info.part_work.size(); ++part) {
      EXPECT_GT(info.part_work[part], 0) << info.name << " " << part;
      EXPECT_EQ(set.tables->part_file(set.index, part).parent_path(), cache.path()) << info.name;
    }
    EXPECT_FALSE(set.tables->in_cache(set.index)) << info.name << ": the cache is empty";
  }
}

// Each puzzle's set of the least work: a second's build at most.
std::vector<DeclaredTableSet> smallest_sets() {
  const std::vector<DeclaredTableSet> declared = declared_table_sets();
  std::set<std::string> puzzles;
  for (const DeclaredTableSet& set : declared) puzzles.insert(set.puzzle);
  const auto work = [](const DeclaredTableSet& set) {
    double sum = 0;
    for (const double part : set.info().part_work) sum += part;
    return sum;
  };
  std::vector<DeclaredTableSet> smallest;
  for (const std::string& puzzle : puzzles) {
    std::vector<DeclaredTableSet> own;
    std::copy_if(declared.begin(), declared.end(), std::back_inserter(own),
                 [&](const DeclaredTableSet& set) { return set.puzzle == puzzle; });
    smallest.push_back(*std::min_element(
        own.begin(), own.end(), [&](const auto& a, const auto& b) { return work(a) < work(b); }));
  }
  return smallest;
}

TEST(TableSets, ASetIsBuiltPartByPartThenLoadedFromTheCache) {
  const testing::TemporaryCache cache;
  for (const DeclaredTableSet& smallest : smallest_sets()) {
    for (const bool built : {true, false}) {
      const std::unique_ptr<TableAssembly> assembly = smallest.tables->assemble(smallest.index);
      search::SearchStats total;
      for (std::size_t part = 0; part < smallest.info().part_work.size(); ++part) {
        search::SearchStats stats;
        ASSERT_TRUE(assembly->add_part(part, search::SearchContext{}, 1, stats))
            << smallest.info().name << " " << part;
        total += stats;
      }
      EXPECT_NE(assembly->finish(), nullptr) << smallest.info().name;
      EXPECT_TRUE(smallest.tables->in_cache(smallest.index)) << smallest.info().name;
      // A build expands states; a load from the cache expands none.
      EXPECT_EQ(total.expanded > 0, built) << smallest.info().name << " " << total.expanded;
    }
  }
}

TEST(TableSets, EachPartIsBuiltIntoTheCacheAndTheSetDescribed) {
  const testing::TemporaryCache cache;
  for (const DeclaredTableSet& smallest : smallest_sets()) {
    const TableSets& tables = *smallest.tables;
    const std::string name = smallest.info().name;
    std::set<std::string> titles;
    for (std::size_t part = 0; part < smallest.info().part_work.size(); ++part) {
      EXPECT_TRUE(titles.insert(tables.part_title(smallest.index, part)).second) << name;
      EXPECT_FALSE(tables.part_intact(smallest.index, part)) << name << ": the cache is empty";
      search::SearchContext cancelled;
      cancelled.cancel();
      search::SearchStats stopped;
      EXPECT_EQ(tables.build_part(smallest.index, part, cancelled, 1, stopped), std::nullopt);
      EXPECT_EQ(stopped.reason, search::StopReason::cancelled) << name;
      EXPECT_FALSE(std::filesystem::exists(tables.part_file(smallest.index, part))) << name;
      search::SearchStats stats;
      const std::optional<std::string> report =
          tables.build_part(smallest.index, part, search::SearchContext{}, 1, stats);
      ASSERT_TRUE(report.has_value()) << name << " " << part;
      EXPECT_FALSE(report->empty()) << name;
      EXPECT_GT(stats.expanded, 0U) << name;
      EXPECT_TRUE(tables.part_intact(smallest.index, part)) << name << " " << part;
    }
    EXPECT_TRUE(tables.in_cache(smallest.index)) << name;
    const std::string description = tables.describe(smallest.index);
    ASSERT_TRUE(description.ends_with('\n')) << description;
    for (std::size_t part = 0; part < smallest.info().part_work.size(); ++part) {
      EXPECT_NE(description.find(tables.part_file(smallest.index, part).string()),
                std::string::npos)
          << description;
    }
    // A part whose file is damaged is not whole.
    std::filesystem::resize_file(tables.part_file(smallest.index, 0), 10);
    EXPECT_FALSE(tables.part_intact(smallest.index, 0)) << name;
  }
}

}  // namespace
}  // namespace plumb::puzzle_interface
