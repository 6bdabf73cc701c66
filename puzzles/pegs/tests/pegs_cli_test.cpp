// The `pegs` puzzle through the program: the sample byte for byte, every printed solution replayed,
// the pretty and JSON forms, exploration, limits, and bad input (exit 2 with FILE:LINE).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "plumb/puzzles/pegs.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

using puzzles::PegBoard;
using puzzles::PegMove;
using puzzles::PegSet;

TEST(PegsCli, SampleExactly) {
  const ProgramRun run = run_plumb({"solve", "pegs", sample_path("pegs", "sample.in").string()});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(trim_trailing_space(run.out),
            trim_trailing_space(read_file(sample_path("pegs", "sample.out"))));
}

// Reads the contest answers for holes 1..holes and replays each: legal jumps, one peg left in the
// start hole, as many moves as announced.
void expect_answers_replay(const std::string& out, int rows) {
  const PegBoard board(rows);
  std::istringstream lines(out);
  for (int empty = 0; empty < board.holes(); ++empty) {
    std::string count_line, moves_line;
    ASSERT_TRUE(std::getline(lines, count_line));
    ASSERT_NE(count_line, "IMPOSSIBLE") << "hole " << empty + 1;
    ASSERT_TRUE(std::getline(lines, moves_line));
    std::istringstream numbers(moves_line);
    PegSet pegs = board.start(empty);
    int from = 0, to = 0, moves = 0;
    while (numbers >> from >> to) {
      const PegMove move{static_cast<std::uint8_t>(from - 1), static_cast<std::uint8_t>(to - 1)};
      ASSERT_TRUE(board.is_legal(pegs, move)) << "hole " << empty + 1 << ": " << from << " " << to;
      pegs = board.apply(pegs, move);
      ++moves;
    }
    EXPECT_EQ(std::to_string(moves), count_line);
    EXPECT_EQ(pegs, board.goal(empty)) << "hole " << empty + 1;
  }
  std::string rest;
  EXPECT_FALSE(std::getline(lines, rest));
}

std::string every_hole(int holes) {
  std::string input = std::to_string(holes) + "\n";
  for (int hole = 1; hole <= holes; ++hole) input += std::to_string(hole) + "\n";
  return input;
}

TEST(PegsCli, EverySolutionReplays) {
  for (int rows : {5, 6}) {
    const ProgramRun run = run_plumb({"solve", "pegs", "--rows", std::to_string(rows)},
                                     every_hole(rows * (rows + 1) / 2));
    ASSERT_EQ(run.status, 0) << run.err;
    expect_answers_replay(run.out, rows);
  }
  const ProgramRun table = run_plumb({"solve", "pegs", "--algo", "table"}, every_hole(15));
  const ProgramRun meet = run_plumb({"solve", "pegs"}, every_hole(15));
  EXPECT_EQ(table.out, meet.out);
}

TEST(PegsCli, ImpossibleCases) {
  const ProgramRun run = run_plumb({"solve", "pegs", "--rows", "3"}, "2\n1\n4\n");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "IMPOSSIBLE\nIMPOSSIBLE\n");
}

TEST(PegsCli, PrettyDrawsEveryMove) {
  const ProgramRun run = run_plumb({"solve", "pegs", "--format", "pretty"}, "1\n5\n");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\nCase 1, by meet: 10 moves\n    o\n   o o\n  o . o\n"),
            std::string::npos);
  EXPECT_NE(run.out.find("Move 1: 12 over 8 to 5\n"), std::string::npos);
  EXPECT_NE(run.out.find("Move 10: 14 over 9 to 5\n    .\n   . .\n  . o .\n . . . .\n. . . . .\n"),
            std::string::npos);
}

// A pegs state (rows of 1s and 0s) as one array indexed by hole number less one.
std::vector<int> holes_of(const nlohmann::json& state) {
  std::vector<int> holes;
  for (const auto& row : state) {
    for (const auto& hole : row) holes.push_back(hole.get<int>());
  }
  return holes;
}

TEST(PegsCli, JsonGivesMovesAndStatistics) {
  const ProgramRun run = run_plumb({"solve", "pegs", "--format", "json"}, "2\n5\n1\n");
  ASSERT_EQ(run.status, 0) << run.err;
  std::istringstream lines(run.out);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  const auto first = nlohmann::json::parse(line);
  EXPECT_EQ(first["dataset"], 1);
  EXPECT_EQ(first["empty"], 5);
  EXPECT_EQ(first["length"], 10);
  EXPECT_EQ(first["moves"][0], nlohmann::json::parse(R"({"from":12,"over":[8],"to":5})"));
  ASSERT_EQ(first["moves"].size(), 10u);
  EXPECT_EQ(first["stats"]["reason"], "solved");
  // Replay: each move empties `from` and the holes jumped and fills `to`, ending with one peg in
  // the hole that was empty.
  std::vector<int> holes = holes_of(first["start"]);
  ASSERT_EQ(holes.size(), 15u);
  EXPECT_EQ(holes[4], 0);
  ASSERT_EQ(first["states"].size(), 11u);
  for (std::size_t k = 0; k < 10; ++k) {
    const auto& move = first["moves"][k];
    EXPECT_EQ(holes[move["from"].get<int>() - 1], 1) << k;
    EXPECT_EQ(holes[move["to"].get<int>() - 1], 0) << k;
    holes[move["from"].get<int>() - 1] = 0;
    for (const auto& over : move["over"]) {
      EXPECT_EQ(holes[over.get<int>() - 1], 1) << k;
      holes[over.get<int>() - 1] = 0;
    }
    holes[move["to"].get<int>() - 1] = 1;
    EXPECT_EQ(holes, holes_of(first["states"][k + 1])) << k;
  }
  std::vector<int> last(15, 0);
  last[4] = 1;
  EXPECT_EQ(holes, last);
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(nlohmann::json::parse(line)["length"], 9);
}

TEST(PegsCli, ExploreCountsPositionsByMoves) {
  const ProgramRun run = run_plumb({"explore", "pegs", "--format", "json"});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto result = nlohmann::json::parse(run.out);
  EXPECT_EQ(result["empty"], 1);
  EXPECT_EQ(result["layers"][0], 1);
  EXPECT_EQ(holes_of(result["start"])[0], 0);
  const ProgramRun from_sample =
      run_plumb({"explore", "pegs", sample_path("pegs", "sample.in").string()});
  ASSERT_EQ(from_sample.status, 0) << from_sample.err;
  EXPECT_NE(from_sample.out.find("from hole 5 empty"), std::string::npos);
  EXPECT_NE(from_sample.out.find("total  6846\n"), std::string::npos);
  EXPECT_NE(from_sample.out.find("a deepest position (11 moves):"), std::string::npos);
}

TEST(PegsCli, LimitsStopWithStatusThree) {
  const ProgramRun run =
      run_plumb({"solve", "pegs", "--rows", "8", "--time-limit", "0.05"}, "2\n1\n5\n");
  EXPECT_EQ(run.status, 3) << run.err;
  EXPECT_NE(run.err.find("time limit"), std::string::npos) << run.err;
}

TEST(PegsCli, BadInputNamesFileAndLine) {
  struct Case {
    std::string input, message;
  };
  for (const Case& c :
       {Case{"2\n5\n16\n",
             "plumb: <stdin>:3: hole 16 is not on the board: holes are 1 to 15 with 5 rows"},
        Case{"1\nx\n", "plumb: <stdin>:2: expected an empty hole, found 'x'"},
        Case{"3\n5\n1\n", "plumb: <stdin>:3: unexpected end of input: expected an empty hole"},
        Case{"1\n5\n7\n", "plumb: <stdin>:3: '7' follows the 1 case the count announced"},
        Case{"many\n", "plumb: <stdin>:1: expected the number of cases, found 'many'"}}) {
    const ProgramRun run = run_plumb({"solve", "pegs"}, c.input);
    EXPECT_EQ(run.status, 2) << c.input;
    EXPECT_EQ(run.err, c.message + "\n") << c.input;
  }
  // Answers before the bad case are written.
  const ProgramRun run = run_plumb({"solve", "pegs"}, "2\n5\n0\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, "10\n12 5 3 8 15 12 6 13 7 9 1 7 10 8 7 9 11 14 14 5\n");
  const ProgramRun explore = run_plumb({"explore", "pegs", "--rows", "4", "/dev/stdin"}, "1\n11\n");
  EXPECT_EQ(explore.status, 2);
  EXPECT_NE(explore.err.find(":2: hole 11 is not on the board"), std::string::npos) << explore.err;
}

}  // namespace
}  // namespace plumb::testing
