// The `block` puzzle through the puzzle interface's Instance API: the sample in contest format with
// every max-flow algorithm, every dig replayed (the block then cannot reach the goal), the
// renderings of today's program byte for byte, bad datasets and options, limits, and exploration.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzles/block.hpp"
#include "tests/support/puzzle_interface_run.hpp"

namespace plumb::testing {
namespace {

using puzzle_interface::Format;
using puzzles::BlockBoard;

const std::vector<std::string> kAlgorithms{"bk", "dinic", "edmonds-karp"};

std::unique_ptr<puzzle_interface::Instance> configure(
    const puzzle_interface::OptionValues& options = {}) {
  return puzzle_interface::make_builtin_puzzle("block")->configure(options);
}

// Digs the solution's cells one by one: each is a plain cell, each state lists the cells dug so far
// as 'x', and with them all dug (as holes) no start reaches the goal, which one did before.
void expect_replays(const puzzle_interface::Solution& solution) {
  expect_consistent(solution);
  auto rows = solution.states.front().get<std::vector<std::string>>();
  const BlockBoard board = puzzles::make_block_board(rows);
  if (!solution.length) {
    EXPECT_EQ(solution.stats.reason, search::StopReason::exhausted);
    return;
  }
  EXPECT_EQ(puzzles::explore_block(board).goal_reached, *solution.length > 0);
  auto holes = rows;
  for (std::size_t i = 0; i < solution.moves.size(); ++i) {
    const int row = solution.moves[i][0], col = solution.moves[i][1];
    ASSERT_EQ(board.at(row, col), '.') << solution.moves[i];
    rows[row][col] = 'x';
    holes[row][col] = 'H';
    EXPECT_EQ(solution.states[i + 1].get<std::vector<std::string>>(), rows) << i;
  }
  EXPECT_FALSE(puzzles::explore_block(puzzles::make_block_board(holes)).goal_reached);
}

TEST(BlockPuzzle, DeclaresItself) {
  const auto puzzle = puzzle_interface::make_builtin_puzzle("block");
  EXPECT_EQ(puzzle->info().name, "block");
  EXPECT_EQ(puzzle->info().dataset_noun, "Board");
  EXPECT_EQ(puzzle->info().algorithms, kAlgorithms);
  EXPECT_TRUE(puzzle->info().options.empty());
}

TEST(BlockPuzzle, SamplesInContestFormatWithEveryAlgorithm) {
  const auto instance = configure();
  expect_samples_answered(*instance, "block", kAlgorithms,
                          [](const auto&, const auto& solution) { expect_replays(solution); });
}

TEST(BlockPuzzle, LargerBoardsReplay) {
  const auto instance = configure();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const BlockBoard board = puzzles::random_block_board(40, 50, 150, 20, seed);
    std::string input = "40 50\n";
    for (int row = 0; row < board.rows; ++row)
      input += board.cells.substr(static_cast<std::size_t>(row) * board.cols, board.cols) + "\n";
    std::optional<std::uint64_t> length;
    for (const std::string& algorithm : kAlgorithms) {
      const auto solution = solve_all(*instance, input, algorithm).front();
      expect_replays(solution);
      if (algorithm != kAlgorithms.front()) {
        EXPECT_EQ(solution.length, length) << seed;
      }
      length = solution.length;
    }
  }
}

TEST(BlockPuzzle, PrettyAndJsonRenderings) {
  const auto instance = configure();
  const auto solutions = solve_all(*instance, "2\n4\nb..$\n....\nHHHH\nHHHH\n1 4\nbb.$\n", "bk");
  ASSERT_EQ(solutions.size(), 2u);
  const std::string pretty = render_all(*instance, solutions, Format::pretty);
  EXPECT_TRUE(pretty.ends_with(
      "\n\nBoard 1, by bk: dig 2 cells\nCell 1: row 1, column 2\nCell 2: row 1, column 3\n"
      "bxx$\n....\nHHHH\nHHHH\n\nBoard 2, by bk: no digging keeps the block off the goal\nbb.$\n\n"))
      << pretty;
  EXPECT_EQ(render_all(*instance, solutions, Format::contest), "2\n-1\n");
  const auto record = nlohmann::json::parse(instance->render(solutions[0], Format::json));
  EXPECT_EQ(record["puzzle"], "block");
  EXPECT_EQ(record["dataset"], 1);
  EXPECT_EQ(record["line"], 2);
  EXPECT_EQ(record["length"], 2);
  EXPECT_EQ(record["moves"], nlohmann::json::parse("[[0,1],[0,2]]"));
  EXPECT_EQ(record["start"], nlohmann::json({"b..$", "....", "HHHH", "HHHH"}));
  EXPECT_EQ(solutions[0].states.back(), nlohmann::json({"bxx$", "....", "HHHH", "HHHH"}));
  const auto impossible = nlohmann::json::parse(instance->render(solutions[1], Format::json));
  EXPECT_TRUE(impossible["length"].is_null());
  EXPECT_TRUE(impossible["moves"].is_null());
  EXPECT_EQ(impossible["stats"]["reason"], "exhausted");
}

TEST(BlockPuzzle, DatasetsKnowTheirLines) {
  const auto instance = configure();
  const auto literal = read_datasets(
      *instance, "{\"b..$\",\n \"....\", \"HHHH\", \"HHHH\"}\n\n2 7\nb..$..b\n.......\n");
  ASSERT_EQ(literal.size(), 2u);
  EXPECT_EQ(literal[0].line, 1u);
  EXPECT_EQ(literal[1].line, 4u);
  EXPECT_EQ(instance->solve(literal[1], "bk", {}).states.front(),
            nlohmann::json({"b..$..b", "......."}));
  const auto counted = read_datasets(*instance, read_file(sample_path("block", "sample.in")));
  ASSERT_EQ(counted.size(), 5u);
  EXPECT_EQ(counted[0].line, 2u);
  EXPECT_EQ(counted[1].line, 7u);
  EXPECT_EQ(counted[4].line, 47u);
}

TEST(BlockPuzzle, BadDatasetsThrowWithTheirLine) {
  const auto instance = configure();
  EXPECT_EQ(failing_line(*instance, "2\n4\nb..$\n....\nHHHH\nHHHH\n3\nb..\n.x.\n...\n"), 9);
  EXPECT_EQ(failing_line(*instance, "3\nb..\n.$\n...\n"), 3);
  EXPECT_EQ(failing_line(*instance, "1\n4\nb..$\n....\nHHHH\nHHHH\n1 4\nbb.$\n"), 7);
  EXPECT_EQ(failing_line(*instance, "{\"b..$\", \"....\"\n"), 1);
  EXPECT_EQ(failing_line(*instance, "2\n1 4\nbb.$\n"), 3);
  EXPECT_EQ(failing_line(*instance, "1 4\nbb.$\n"), -1);
}

TEST(BlockPuzzle, BadOptionsNameTheOption) {
  try {
    configure({{"rows", "3"}});
    ADD_FAILURE() << "an option block does not have was accepted";
  } catch (const puzzle_interface::UsageError& error) {
    EXPECT_EQ(error.option(), "rows");
  }
  const auto instance = configure();
  const auto dataset = read_datasets(*instance, "1 4\nb..$\n").front();
  expect_algorithms_refused(*instance, dataset, {"push-relabel", "BK", ""});
}

TEST(BlockPuzzle, LimitsStopTheMaxFlow) {
  const auto instance = configure();
  const BlockBoard board = puzzles::random_block_board(600, 600, 100, 10, 7);
  std::string input = "600\n";
  for (int row = 0; row < board.rows; ++row)
    input += board.cells.substr(static_cast<std::size_t>(row) * board.cols, board.cols) + "\n";
  const auto dataset = read_datasets(*instance, input).front();
  search::SearchLimits nodes;
  nodes.max_nodes = 10;
  search::SearchLimits time;
  time.max_seconds = 1e-6;
  search::SearchLimits memory;
  memory.max_memory_bytes = 1;
  for (const search::SearchLimits& limits : {nodes, time, memory}) {
    const puzzle_interface::Solution stopped = instance->solve(dataset, "dinic", limits);
    EXPECT_TRUE(search::is_limit(stopped.stats.reason));
    EXPECT_FALSE(stopped.length);
    EXPECT_FALSE(stopped.optimal);
    expect_consistent(stopped);
  }
  EXPECT_EQ(instance->solve(dataset, "dinic", memory).stats.reason,
            search::StopReason::memory_limit);
}

TEST(BlockPuzzle, ExploreAsTheProgramDid) {
  const auto instance = configure();
  const puzzle_interface::Exploration sample = instance->explore(nullptr, {});
  EXPECT_EQ(instance->render(sample, Format::contest),
            "standing positions reachable from the first sample board:\n"
            "b..$\n....\nHHHH\nHHHH\n"
            "rolls  positions\n    0  1\n    1  1\ntotal  2\n"
            "the goal is reachable\ndeepest: (0, 3)\n");
  const auto record = nlohmann::json::parse(instance->render(sample, Format::json));
  EXPECT_EQ(record["layers"], nlohmann::json({1, 1}));
  EXPECT_EQ(record["goal_reached"], true);
  EXPECT_EQ(record["deepest"], nlohmann::json::parse("[[0,3]]"));

  const auto boards = read_datasets(*instance, read_file(sample_path("block", "sample.in")));
  const puzzle_interface::Exploration first = instance->explore(&boards[0], {});
  EXPECT_EQ(first.origin, "the first board of input");
  EXPECT_EQ(first.layer_sizes, sample.layer_sizes);
  const puzzle_interface::Exploration last = instance->explore(&boards[4], {});
  EXPECT_EQ(last.origin, "board 5 of input");
  const std::string text = instance->render(last, Format::pretty);
  EXPECT_NE(text.find("b..b..b\n..b..b.\n"), std::string::npos) << text;
  EXPECT_NE(text.find("the goal is reachable\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace plumb::testing
