// Board sizes whose cell count overflows 32 bits (#37): `--size 3x1431655766` was a 2-cell board to
// a 32-bit product, which crashed the program (SIGFPE), answered wrongly or searched forever. Every
// size is read by puzzles::read_grid_size, which counts cells in 64 bits; each of these is refused
// as a usage error (exit status 2) naming --size, by sliding and cubic alike.
#include <gtest/gtest.h>

#include <string>

#include "plumb/puzzles/grid_size.hpp"
#include "plumb/puzzles/sliding.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

// Sides whose product wraps to a small or negative int, near 2^31 and 2^32, and too large for any
// integer type.
constexpr const char* kWrappingSizes[] = {
    "3x1431655766",  // 2^32 + 2: 2 cells to an int
    "1000000x1000000", "2x2147483647",          "65535x65537",           "46341x46341",
    "65536x65536",     "4294967296x4294967296", "99999999999999999999x3"};

TEST(SizeOverflow, ReadGridSizeCountsCellsExactly) {
  std::string error;
  for (const char* size : kWrappingSizes) {
    EXPECT_FALSE(puzzles::read_grid_size(size, puzzles::kSlidingBounds, error)) << size;
    EXPECT_NE(error.find(size), std::string::npos) << error;
  }
  for (const char* size : {"", "x", "3x", "x3", "3x3x", "-3x-3", "+3x3", "3 x3", "1x9", "0x0"})
    EXPECT_FALSE(puzzles::read_grid_size(size, puzzles::kSlidingBounds, error)) << size;
  EXPECT_EQ(puzzles::read_grid_size("5X5", puzzles::kSlidingBounds, error),
            (puzzles::GridSize{5, 5}));
  EXPECT_EQ(puzzles::read_grid_size("2x12", puzzles::kSlidingBounds, error),
            (puzzles::GridSize{2, 12}));
  EXPECT_FALSE(puzzles::read_grid_size("2x13", puzzles::kSlidingBounds, error));
  EXPECT_EQ(puzzles::grid_cells(65536, 65536), 4294967296LL);
  EXPECT_FALSE(puzzles::is_valid_sliding_size(3, 1431655766));
  EXPECT_FALSE(puzzles::is_valid_sliding_size(46341, 46341));
  EXPECT_TRUE(puzzles::is_valid_sliding_size(5, 5));
}

TEST(SizeOverflow, ExploreRefusesEverySizeThatWraps) {
  for (const char* size : kWrappingSizes) {
    const ProgramRun run =
        run_plumb({"explore", "sliding", "--size", size, "--time-limit", "1"}, "");
    EXPECT_EQ(run.status, 2) << size << run.err;
    EXPECT_NE(run.err.find("--size"), std::string::npos) << size << run.err;
  }
}

TEST(SizeOverflow, SolveAnswersNothingWrongForASizeThatWraps) {
  for (const char* format : {"contest", "pretty", "json"}) {
    const ProgramRun run =
        run_plumb({"solve", "sliding", "--size", "3x1431655766", "--format", format}, "x 1\n");
    EXPECT_EQ(run.status, 2) << format << run.err;
    EXPECT_EQ(run.out, "") << format;
  }
  const ProgramRun cubic = run_plumb({"solve", "cubic", "--size", "3x1431655766"}, "");
  EXPECT_EQ(cubic.status, 2) << cubic.err;
  EXPECT_NE(cubic.err.find("--size"), std::string::npos) << cubic.err;
}

}  // namespace
}  // namespace plumb::testing
