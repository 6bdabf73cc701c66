// Regression tests for what the fuzz targets (fuzz/, docs/reliability.md) found: each case feeds
// the input that crashed a target, through the same path, and expects the program's usage error.
#include <gtest/gtest.h>

#include "plumb/puzzle_interface/limit_options.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

// options_fuzz: `--max-memory 1e30` converted 1e30 bytes to a 64-bit integer (undefined behaviour).
TEST(FuzzFindings, MaxMemoryOf64BitsOrMoreIsNoSize) {
  for (const char* text : {"1e30", "2e19", "18446744073709551616", "16777216T", "inf", "1e300G"})
    EXPECT_FALSE(puzzle_interface::parse_memory_size(text).has_value()) << text;
  EXPECT_EQ(puzzle_interface::parse_memory_size("16T"), std::uint64_t{16} << 40);
  EXPECT_EQ(puzzle_interface::parse_memory_size("1e19"),
            std::uint64_t{10'000'000'000'000'000'000u});
  const ProgramRun run = run_plumb({"solve", "sliding", "--max-memory", "1e30"}, "");
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("--max-memory"), std::string::npos) << run.err;
}

// options_fuzz: `cubic --size 9999999999x9999999999` multiplied the sides in a signed overflow.
TEST(FuzzFindings, CubicSizeWithHugeSides) {
  for (const char* size : {"9999999999x9999999999", "4294967296x4294967296", "22x1"}) {
    const ProgramRun run = run_plumb({"solve", "cubic", "--size", size}, "");
    EXPECT_EQ(run.status, 2) << size << run.err;
    EXPECT_NE(run.err.find("--size"), std::string::npos) << size << run.err;
  }
}

}  // namespace
}  // namespace plumb::testing
