// Board sizes whose cell count overflows 32 bits (#37): `--size 3x1431655766` was a 2-cell board to
// a 32-bit product, which crashed the program (SIGFPE), answered wrongly or searched forever. Every
// size is read by puzzles::read_grid_size, which counts cells in 64 bits; each of these is refused
// as a usage error (exit status 2) naming --size, by every puzzle that declares --size.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzles/grid_size.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

// Sides whose product wraps to a small or negative int, near 2^31 and 2^32, and too large for any
// integer type.
constexpr const char* kWrappingSizes[] = {
    "3x1431655766",  // 2^32 + 2: 2 cells to an int
    "1000000x1000000", "2x2147483647",          "65535x65537",           "46341x46341",
    "65536x65536",     "4294967296x4294967296", "99999999999999999999x3"};

// The registered puzzles that declare --size.
std::vector<std::string> sized_puzzles() {
  std::vector<std::string> names;
  for (const auto& puzzle : puzzle_interface::builtin_puzzles()) {
    for (const puzzle_interface::OptionSpec& option : puzzle->info().options)
      if (option.name == "size") names.push_back(puzzle->info().name);
  }
  return names;
}

TEST(SizeOverflow, ReadGridSizeCountsCellsExactly) {
  constexpr puzzles::GridBounds bounds{.min_side = 2, .min_cells = 4, .max_cells = 25};
  std::string error;
  for (const char* size : kWrappingSizes) {
    EXPECT_FALSE(puzzles::read_grid_size(size, bounds, error)) << size;
    EXPECT_NE(error.find(size), std::string::npos) << error;
  }
  for (const char* size : {"", "x", "3x", "x3", "3x3x", "-3x-3", "+3x3", "3 x3", "1x9", "0x0"})
    EXPECT_FALSE(puzzles::read_grid_size(size, bounds, error)) << size;
  EXPECT_EQ(puzzles::read_grid_size("5X5", bounds, error), (puzzles::GridSize{5, 5}));
  EXPECT_EQ(puzzles::read_grid_size("2x12", bounds, error), (puzzles::GridSize{2, 12}));
  EXPECT_FALSE(puzzles::read_grid_size("2x13", bounds, error));
  EXPECT_EQ(puzzles::grid_cells(65536, 65536), 4294967296LL);
}

TEST(SizeOverflow, ExploreAndSolveRefuseEverySizeThatWraps) {
  ASSERT_FALSE(sized_puzzles().empty());
  for (const std::string& puzzle : sized_puzzles()) {
    for (const char* size : kWrappingSizes) {
      const ProgramRun run =
          run_plumb({"explore", puzzle, "--size", size, "--time-limit", "1"}, "");
      EXPECT_EQ(run.status, 2) << puzzle << " " << size << run.err;
      EXPECT_NE(run.err.find("--size"), std::string::npos) << puzzle << " " << size << run.err;
    }
    for (const char* format : {"contest", "pretty", "json"}) {
      const ProgramRun run =
          run_plumb({"solve", puzzle, "--size", "3x1431655766", "--format", format}, "x 1\n");
      EXPECT_EQ(run.status, 2) << puzzle << " " << format << run.err;
      EXPECT_NE(run.err.find("--size"), std::string::npos) << puzzle << " " << run.err;
      EXPECT_EQ(run.out, "") << puzzle << " " << format;
    }
  }
}

}  // namespace
}  // namespace plumb::testing
