// The `pegs` puzzle through the puzzle interface's Instance API: the sample in contest format with
// both algorithms, every solution replayed jump by jump, the renderings of today's program byte for
// byte, bad datasets and options, limits, exploration, and a scramble the options leave nothing to
// deal.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/pegs.hpp"
#include "plumb/puzzles/pegs_io.hpp"
#include "tests/support/puzzle_interface_run.hpp"

namespace plumb::testing {
namespace {

using puzzle_interface::Format;
using puzzles::PegBoard;
using puzzles::PegMove;
using puzzles::PegSet;

std::unique_ptr<puzzle_interface::Instance> configure(
    const puzzle_interface::OptionValues& options = {}) {
  return puzzle_interface::make_builtin_puzzle("pegs")->configure(options);
}

// A count, then every hole of the board.
std::string every_hole(int holes) {
  std::string input = std::to_string(holes) + "\n";
  for (int hole = 1; hole <= holes; ++hole) input += std::to_string(hole) + "\n";
  return input;
}

// The holes of a set, 1-based, in increasing order.
std::vector<int> holes_of(PegSet set) {
  std::vector<int> holes;
  for (int hole = 0; set != 0; ++hole, set >>= 1) {
    if ((set & 1) != 0) holes.push_back(hole + 1);
  }
  return holes;
}

// A state's JSON read back as a PegSet.
PegSet pegs_of(const nlohmann::json& rows) {
  PegSet pegs = 0;
  int hole = 0;
  for (const auto& row : rows) {
    for (const auto& peg : row) pegs |= PegSet{peg.get<unsigned>()} << hole++;
  }
  return pegs;
}

// Plays the solution's jumps from the start: each is legal, removes exactly the pegs it names as
// jumped, reaches the state listed after it, and the last leaves one peg in the case's goal hole.
void expect_replays(const PegBoard& board, const puzzle_interface::Dataset& dataset,
                    const puzzle_interface::Solution& solution) {
  expect_consistent(solution);
  const auto [start, goal] = puzzle_interface::data_of<puzzles::PegsCase>(dataset);
  PegSet pegs = start;
  EXPECT_EQ(pegs_of(solution.states.front()), pegs);
  if (!solution.length) return;
  for (std::size_t i = 0; i < solution.moves.size(); ++i) {
    const auto& jump = solution.moves[i];
    const PegMove move{static_cast<std::uint8_t>(jump["from"].get<int>() - 1),
                       static_cast<std::uint8_t>(jump["to"].get<int>() - 1)};
    ASSERT_TRUE(board.is_legal(pegs, move)) << jump;
    const PegSet next = board.apply(pegs, move);
    std::vector<int> over = jump["over"];
    if (move.to < move.from) std::reverse(over.begin(), over.end());
    EXPECT_EQ(over, holes_of(pegs & ~next & ~(PegSet{1} << move.from))) << jump;
    pegs = next;
    EXPECT_EQ(pegs_of(solution.states[i + 1]), pegs) << i;
  }
  EXPECT_EQ(pegs, board.goal(goal));
}

TEST(PegsPuzzle, DeclaresItself) {
  const auto puzzle = puzzle_interface::make_builtin_puzzle("pegs");
  EXPECT_EQ(puzzle->info().name, "pegs");
  EXPECT_EQ(puzzle->info().dataset_noun, "Case");
  EXPECT_EQ(puzzle->info().algorithms, (std::vector<std::string>{"meet", "table"}));
  ASSERT_EQ(puzzle->info().options.size(), 1u);
  EXPECT_EQ(puzzle->info().options[0].name, "rows");
  EXPECT_EQ(puzzle->info().options[0].default_value, "5");
  EXPECT_EQ(puzzle->info().options[0].max, PegBoard::kMaxRows);
}

TEST(PegsPuzzle, SamplesInContestFormatWithBothAlgorithms) {
  const auto instance = configure();
  expect_samples_answered(*instance, "pegs", {"meet", "table"},
                          [](const auto& dataset, const auto& solution) {
                            expect_replays(PegBoard(5), dataset, solution);
                          });
}

TEST(PegsPuzzle, EverySolutionReplaysAndBothAlgorithmsAgree) {
  for (int rows : {4, 5}) {
    const auto instance = configure({{"rows", std::to_string(rows)}});
    const std::string input = every_hole(rows * (rows + 1) / 2);
    const auto datasets = read_datasets(*instance, input);
    const auto meet = solve_all(*instance, input, "meet");
    const auto table = solve_all(*instance, input, "table");
    ASSERT_EQ(meet.size(), datasets.size());
    for (std::size_t i = 0; i < datasets.size(); ++i) {
      expect_replays(PegBoard(rows), datasets[i], meet[i]);
      EXPECT_EQ(meet[i].moves, table[i].moves) << rows << " rows, hole " << i + 1;
      EXPECT_EQ(meet[i].stats.reason,
                meet[i].length ? search::StopReason::solved : search::StopReason::exhausted);
    }
  }
}

// The contest's case 5, the same given in full, and the position after its first jump, which the
// rest of the contest's answer solves.
TEST(PegsPuzzle, APositionGivenInFullIsSolvedFromItself) {
  const auto instance = configure();
  const std::string input = "3\n5\n5:o/oo/o.o/oooo/ooooo\n5:o/oo/ooo/o.oo/o.ooo\n";
  const auto datasets = read_datasets(*instance, input);
  const auto solutions = solve_all(*instance, input, "meet");
  ASSERT_EQ(solutions.size(), 3u);
  for (std::size_t i = 0; i < datasets.size(); ++i)
    expect_replays(PegBoard(5), datasets[i], solutions[i]);
  EXPECT_EQ(render_all(*instance, solutions, Format::contest),
            "10\n12 5 3 8 15 12 6 13 7 9 1 7 10 8 7 9 11 14 14 5\n"
            "10\n12 5 3 8 15 12 6 13 7 9 1 7 10 8 7 9 11 14 14 5\n"
            "9\n3 8 15 12 6 13 7 9 1 7 10 8 7 9 11 14 14 5\n");
  const auto record = nlohmann::json::parse(instance->render(solutions[2], Format::json));
  EXPECT_EQ(record["empty"], 5);
  EXPECT_EQ(record["start"], nlohmann::json::parse("[[1],[1,1],[1,1,1],[1,0,1,1],[1,0,1,1,1]]"));
}

TEST(PegsPuzzle, ImpossibleCases) {
  const auto instance = configure({{"rows", "3"}});
  const auto solutions = solve_all(*instance, "2\n1\n4\n", "meet");
  ASSERT_EQ(solutions.size(), 2u);
  for (const puzzle_interface::Solution& solution : solutions) {
    expect_consistent(solution);
    EXPECT_FALSE(solution.length);
    EXPECT_EQ(solution.stats.reason, search::StopReason::exhausted);
  }
  EXPECT_EQ(render_all(*instance, solutions, Format::contest), "IMPOSSIBLE\nIMPOSSIBLE\n");
  const std::string pretty = render_all(*instance, solutions, Format::pretty);
  EXPECT_TRUE(pretty.ends_with("\n\nCase 1, by meet: no solution\n  .\n o o\no o o\n\n"
                               "Case 2, by meet: no solution\n  o\n o o\n. o o\n\n"))
      << pretty;
  EXPECT_TRUE(
      nlohmann::json::parse(instance->render(solutions[0], Format::json))["length"].is_null());
}

TEST(PegsPuzzle, PrettyAndJsonRenderings) {
  const auto instance = configure();
  const auto solution = solve_all(*instance, "1\n5\n", "meet").front();
  const std::string pretty = instance->render(solution, Format::pretty);
  EXPECT_NE(pretty.find("\n\nCase 1, by meet: 10 moves\n    o\n   o o\n  o . o\n"),
            std::string::npos);
  EXPECT_NE(pretty.find("\nMove 1: 12 over 8 to 5\n"), std::string::npos);
  EXPECT_TRUE(pretty.ends_with(
      "Move 10: 14 over 9 to 5\n    .\n   . .\n  . o .\n . . . .\n. . . . .\n\n"));
  const auto record = nlohmann::json::parse(instance->render(solution, Format::json));
  EXPECT_EQ(record["puzzle"], "pegs");
  EXPECT_EQ(record["dataset"], 1);
  EXPECT_EQ(record["line"], 2);
  EXPECT_EQ(record["length"], 10);
  EXPECT_EQ(record["empty"], 5);
  EXPECT_EQ(record["moves"][0], nlohmann::json::parse(R"({"from":12,"over":[8],"to":5})"));
  EXPECT_EQ(record["moves"][2], nlohmann::json::parse(R"({"from":15,"over":[14,13],"to":12})"));
  EXPECT_EQ(record["start"], nlohmann::json::parse("[[1],[1,1],[1,0,1],[1,1,1,1],[1,1,1,1,1]]"));
  EXPECT_EQ(record["stats"]["reason"], "solved");
}

TEST(PegsPuzzle, DatasetsKnowTheirLines) {
  const auto datasets = read_datasets(*configure(), "3\n5\n\n1 2\n");
  ASSERT_EQ(datasets.size(), 3u);
  EXPECT_EQ(datasets[0].line, 2u);
  EXPECT_EQ(datasets[1].line, 4u);
  EXPECT_EQ(datasets[2].line, 4u);
  EXPECT_EQ(datasets[2].number, 3u);
}

TEST(PegsPuzzle, BadDatasetsThrowWithTheirLine) {
  const auto instance = configure();
  EXPECT_EQ(failing_line(*instance, "2\n5\n16\n"), 3);
  EXPECT_EQ(failing_line(*instance, "1\nx\n"), 2);
  EXPECT_EQ(failing_line(*instance, "3\n5\n1\n"), 3);  // the input ends before the third case
  EXPECT_EQ(failing_line(*instance, "1\n5\n7\n"), 3);  // more than the count
  EXPECT_EQ(failing_line(*instance, "many\n"), 1);
  EXPECT_EQ(failing_line(*instance, "-1\n"), 1);
  EXPECT_EQ(failing_line(*configure({{"rows", "4"}}), "1\n11\n"), 2);
  EXPECT_EQ(failing_line(*instance, "2\n5\n1\n"), -1);
}

TEST(PegsPuzzle, BadOptionsNameTheOption) {
  for (const char* rows : {"0", "11", "x", ""}) {
    try {
      configure({{"rows", rows}});
      ADD_FAILURE() << rows << " accepted";
    } catch (const puzzle_interface::UsageError& error) {
      EXPECT_EQ(error.option(), "rows") << error.what();
    }
  }
  EXPECT_THROW(configure({{"size", "3x3"}}), puzzle_interface::UsageError);
  const auto instance = configure();
  const auto dataset = read_datasets(*instance, "1\n1\n").front();
  expect_algorithms_refused(*instance, dataset, {"bfs"});
}

TEST(PegsPuzzle, LimitsStopTheSearch) {
  const auto instance = configure({{"rows", "8"}});
  const auto dataset = read_datasets(*instance, "1\n1\n").front();
  search::SearchLimits nodes;
  nodes.max_nodes = 1000;
  const puzzle_interface::Solution stopped = instance->solve(dataset, "meet", nodes);
  EXPECT_EQ(stopped.stats.reason, search::StopReason::node_limit);
  EXPECT_FALSE(stopped.length);
  EXPECT_FALSE(stopped.optimal);
  expect_consistent(stopped);
  search::SearchLimits time;
  time.max_seconds = 0.01;
  EXPECT_EQ(instance->solve(dataset, "meet", time).stats.reason, search::StopReason::time_limit);
}

TEST(PegsPuzzle, ExploreCountsPositionsAsTheProgramDid) {
  const auto small = configure({{"rows", "4"}});
  const puzzle_interface::Exploration exploration = small->explore(nullptr, {});
  EXPECT_EQ(exploration.origin, "hole 1 empty");
  EXPECT_EQ(small->render(exploration, Format::contest),
            "Positions reachable on the 4-row triangle (10 holes) from hole 1 empty:\n"
            "moves  positions\n    0  1\n    1  4\n    2  12\n    3  21\n    4  29\n    5  21\n"
            "    6  7\ntotal  95\na deepest position (6 moves):\n   .\n  o o\n . . .\n. . . .\n");
  const auto record = nlohmann::json::parse(small->render(exploration, Format::json));
  EXPECT_EQ(record["layers"], nlohmann::json({1, 4, 12, 21, 29, 21, 7}));
  EXPECT_EQ(record["total"], 95);
  EXPECT_EQ(record["complete"], true);
  EXPECT_EQ(record["rows"], 4);
  EXPECT_EQ(record["deepest"][0], nlohmann::json::parse("[[0],[1,1],[0,0,0],[0,0,0,0]]"));

  const auto instance = configure();
  const auto start = read_datasets(*instance, read_file(sample_path("pegs", "sample.in"))).front();
  const puzzle_interface::Exploration from_sample = instance->explore(&start, {});
  EXPECT_EQ(from_sample.layer_sizes,
            (std::vector<std::uint64_t>{1, 2, 8, 47, 190, 682, 1646, 2241, 1475, 455, 88, 11}));
  EXPECT_EQ(from_sample.total(), 6846u);
  EXPECT_NE(instance->render(from_sample, Format::pretty).find("a deepest position (11 moves):"),
            std::string::npos);
}

// A triangle of four rows has no start with a solution: its scramble blames the option.
TEST(PegsPuzzle, AScrambleOnFourRowsIsAUsageErrorForRows) {
  try {
    configure({{"rows", "4"}})->scramble(1, {});
    FAIL() << "a start was dealt on four rows";
  } catch (const puzzle_interface::UsageError& error) {
    EXPECT_EQ(error.option(), "rows");
    EXPECT_NE(std::string(error.what()).find("no start"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace plumb::testing
