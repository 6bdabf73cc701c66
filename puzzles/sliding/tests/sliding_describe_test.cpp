// Sliding's description of a board through the puzzle interface (Instance::describe): its start is
// the state its solution starts from, its size is --size or the square of its tile count, its goal
// follows --goal, and it is unsolvable exactly when a search finds no solution (the parity rule).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "plumb/puzzle_interface/builtin.hpp"
#include "tests/support/puzzle_interface_run.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;

std::unique_ptr<puzzle_interface::Instance> configure(
    const puzzle_interface::OptionValues& options = {}) {
  return puzzle_interface::make_builtin_puzzle("sliding")->configure(options);
}

// The description of the one board `line` holds.
json described(const puzzle_interface::Instance& instance, const std::string& line) {
  const std::vector<puzzle_interface::Dataset> datasets = read_datasets(instance, line + "\n");
  EXPECT_EQ(datasets.size(), 1U);
  return instance.describe(datasets.at(0));
}

TEST(SlidingDescribe, AgreesWithTheSolutionOnStartAndSolvability) {
  const auto instance = configure();
  // The goal, boards a few moves from it, and the same with two tiles swapped (the other parity).
  for (const std::string board : {"1 2 3 4 5 6 7 8 x", "1 2 3 4 5 x 7 8 6", "x 1 3 4 2 5 7 8 6",
                                  "2 1 3 4 5 6 7 8 x", "1 2 3 4 5 x 8 7 6", "x 1 3 4 2 5 8 7 6"}) {
    const std::vector<puzzle_interface::Dataset> datasets = read_datasets(*instance, board + "\n");
    ASSERT_EQ(datasets.size(), 1U);
    const json description = instance->describe(datasets[0]);
    const puzzle_interface::Solution solution =
        instance->solve(datasets[0], "ida", search::SearchContext());
    EXPECT_EQ(description.at("dataset"), 1);
    EXPECT_EQ(description.at("line"), 1);
    EXPECT_EQ(description.at("start"), solution.states.at(0)) << board;
    EXPECT_EQ(description.at("unsolvable").is_null(), solution.length.has_value()) << board;
    EXPECT_EQ(description.at("rows"), 3);
    EXPECT_EQ(description.at("columns"), 3);
    EXPECT_EQ(description.at("goal"), (json{1, 2, 3, 4, 5, 6, 7, 8, 0}));
  }
}

TEST(SlidingDescribe, SaysWhyABoardOfTheOtherParityIsUnsolvable) {
  const json description = described(*configure(), "1 2 3 4 5 6 8 7 x");
  EXPECT_EQ(description.at("unsolvable"),
            "this board has the wrong parity for the goal 1 2 3 4 5 6 7 8 x: no sequence of "
            "moves reaches it");
}

TEST(SlidingDescribe, TakesItsSizeAndGoalFromTheOptions) {
  const json wide =
      described(*configure({{"size", "2x4"}, {"goal", "blank-first"}}), "x 1 2 3 4 5 6 7");
  EXPECT_EQ(wide.at("rows"), 2);
  EXPECT_EQ(wide.at("columns"), 4);
  EXPECT_EQ(wide.at("goal"), (json{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_TRUE(wide.at("unsolvable").is_null());

  const json fifteen = described(*configure(), "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 x");
  EXPECT_EQ(fifteen.at("rows"), 4);
  EXPECT_EQ(fifteen.at("columns"), 4);
  EXPECT_FALSE(fifteen.at("unsolvable").is_null());

  // A goal of its own (the spiral): the goal itself is solvable.
  const auto spiral = configure({{"goal", "1 2 3 8 x 4 7 6 5"}});
  EXPECT_EQ(described(*spiral, "1 2 3 8 x 4 7 6 5").at("goal"), (json{1, 2, 3, 8, 0, 4, 7, 6, 5}));
  EXPECT_TRUE(described(*spiral, "1 2 3 8 x 4 7 6 5").at("unsolvable").is_null());
}

}  // namespace
}  // namespace plumb::testing
