// End-to-end tests of `plumb pdb`: build, info, list and solve with a small set in a temporary
// cache, and the errors (an unknown set, a bad benchmark line).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "plumb/puzzle_interface/builtin.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace {

using plumb::testing::run_plumb;

// A listing with each run of spaces one space: its columns are as wide as their widest entry.
std::string single_spaced(const std::string& listing) {
  return std::regex_replace(listing, std::regex(" +"), " ");
}

// Every test runs the program with PLUMB_CACHE in a fresh temporary directory.
class PdbCommand : public ::testing::Test {
 protected:
  plumb::testing::TemporaryCache cache_;
};

TEST_F(PdbCommand, BuildInfoListSolve) {
  auto info = run_plumb({"pdb", "info", "8-44"});
  EXPECT_EQ(info.status, 0);
  EXPECT_NE(info.out.find("not built"), std::string::npos);
  auto build = run_plumb({"pdb", "build", "8-44"});
  ASSERT_EQ(build.status, 0) << build.err;
  EXPECT_NE(build.out.find("8-44 pattern 2 (tiles 3,6,7,8): 3024 entries"), std::string::npos)
      << build.out;
  EXPECT_NE(run_plumb({"pdb", "build", "8-44"}).out.find("already built"), std::string::npos);
  info = run_plumb({"pdb", "info", "8-44"});
  EXPECT_EQ(info.status, 0);
  EXPECT_NE(info.out.find("sliding-pdb version 1"), std::string::npos);
  EXPECT_NE(info.out.find("tiles 1,2,4,5\n"), std::string::npos) << info.out;
  // Pattern 1 maps onto itself under the anti-diagonal reflection; pattern 2 under none.
  EXPECT_NE(info.out.find("symmetry: anti-diagonal"), std::string::npos) << info.out;
  EXPECT_EQ(info.out.find("symmetry:"), info.out.rfind("symmetry:")) << info.out;
  EXPECT_NE(single_spaced(run_plumb({"pdb", "list"}).out).find("8-44 3x3 2/2 tables present"),
            std::string::npos);

  const auto file = cache_.path() / "bench.txt";
  std::ofstream(file) << "# id length cells\n1 31 8 0 6 5 4 7 2 3 1\n2 0 0 1 2 3 4 5 6 7 8\n";
  const auto solve = run_plumb({"pdb", "solve", "8-44", file.string()});
  EXPECT_EQ(solve.status, 0) << solve.out << solve.err;
  EXPECT_NE(solve.out.find("1 31 31 "), std::string::npos) << solve.out;
  EXPECT_NE(solve.out.find("total: 2 instances, 0 wrong, 0 stopped"), std::string::npos)
      << solve.out;

  // A published length that is not the optimum is reported, and the exit status says so.
  std::ofstream(file) << "1 29 8 0 6 5 4 7 2 3 1\n";
  const auto wrong = run_plumb({"pdb", "solve", "8-44", file.string()});
  EXPECT_EQ(wrong.status, 1);
  EXPECT_NE(wrong.out.find("1 31 29 "), std::string::npos) << wrong.out;
  EXPECT_NE(wrong.out.find("MISMATCH: length"), std::string::npos) << wrong.out;
}

// `tables` lists, builds and describes every puzzle's sets, the pattern databases and the tables
// of moves alike, and a solve that needs a table it built reads it from the cache.
TEST_F(PdbCommand, TablesListBuildAndDescribeEveryPuzzlesSets) {
  const auto list = run_plumb({"tables", "list"});
  ASSERT_EQ(list.status, 0) << list.err;
  for (const char* line :
       {"15-7-8 4x4 0/2 tables present", "views-3x3 3x3 0/1 table", "distances-3x3 3x3 0/1 table"})
    EXPECT_NE(single_spaced(list.out).find(line), std::string::npos) << line << " in\n" << list.out;
  EXPECT_EQ(run_plumb({"pdb", "list"}).out, list.out);

  const auto build = run_plumb({"tables", "build", "views-2x4"});
  ASSERT_EQ(build.status, 0) << build.err;
  EXPECT_NE(build.out.find("views-2x4 (the cubic top-view table of 2x4 boards): 139968 entries"),
            std::string::npos)
      << build.out;
  const auto info = run_plumb({"tables", "info", "views-2x4"});
  ASSERT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("cubic-top-views version 1, \"2x4\""), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("least moves (moves:entries): 0:"), std::string::npos) << info.out;
  EXPECT_NE(
      single_spaced(run_plumb({"tables", "list"}).out).find("views-2x4 2x4 1/1 table present"),
      std::string::npos);
  const auto solved = run_plumb({"solve", "cubic", "--size", "2x4", "--algo", "table"},
                                "4 1\nW W W W\nW W W E\n0 0\n");
  EXPECT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(solved.out, "9\n");
  EXPECT_EQ(solved.err, "") << "read from the cache, not built";
}

TEST_F(PdbCommand, TimeLimitStopsEachInstance) {
  if (std::getenv("PLUMB_SANITIZED") != nullptr) GTEST_SKIP() << "builds the 15-555 databases";
  const auto file = cache_.path() / "korf.txt";
  std::filesystem::create_directories(cache_.path());
  // Korf's instance 88 (65 moves) takes the 5-5-5 databases far longer than 20 ms; the next one is
  // one move from the goal.
  std::ofstream(file) << "88 65 15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n"
                      << "2 1 4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15\n";
  const auto solve = run_plumb({"pdb", "solve", "15-555", file.string(), "--time-limit", "0.02"});
  EXPECT_EQ(solve.status, 3) << solve.out << solve.err;
  EXPECT_NE(solve.out.find("88 - 65 "), std::string::npos) << solve.out;
  EXPECT_NE(solve.out.find("stopped: time limit"), std::string::npos) << solve.out;
  EXPECT_NE(solve.out.find("\n2 1 1 "), std::string::npos) << solve.out;
  EXPECT_NE(solve.out.find("total: 2 instances, 0 wrong, 1 stopped"), std::string::npos)
      << solve.out;
}

TEST_F(PdbCommand, Errors) {
  const auto unknown = run_plumb({"pdb", "build", "nope"});
  EXPECT_EQ(unknown.status, 2);
  // Every declared set is named, in the order of `tables list`.
  std::string names;
  for (const auto& set : plumb::puzzle_interface::declared_table_sets())
    names += set.info().name + ", ";
  EXPECT_NE(unknown.err.find("expected one of " + names + "found 'nope'"), std::string::npos)
      << unknown.err;
  const auto file = cache_.path() / "bad.txt";
  std::filesystem::create_directories(cache_.path());
  std::ofstream(file) << "1 31 8 7 6 0 4 1 2 5\n";
  const auto bad = run_plumb({"pdb", "solve", "8-44", file.string()});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("bad.txt:1: expected an id, a length and 9 cells"), std::string::npos)
      << bad.err;
  std::ofstream(file) << "1 31 8 0 6 5 4 7 2 3 8\n";  // tile 8 twice, no tile 1
  const auto repeated = run_plumb({"pdb", "solve", "8-44", file.string()});
  EXPECT_EQ(repeated.status, 2);
  EXPECT_NE(repeated.err.find("bad.txt:1: tile 8 appears more than once"), std::string::npos)
      << repeated.err;
}

}  // namespace
