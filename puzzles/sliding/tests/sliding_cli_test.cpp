// `plumb solve sliding` and `plumb explore sliding` end to end: the sample byte for byte, every
// printed solution replayed, the options, and every kind of bad input.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <tuple>

#include "puzzles/sliding/tests/sliding_boards.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb {
namespace {

using testing::lines_of;
using testing::play;
using testing::ProgramRun;
using testing::run_plumb;

// Tables built by these tests go to a temporary cache directory, never to ~/.cache.
const auto* const kTemporaryCache =
    ::testing::AddGlobalTestEnvironment(new plumb::testing::TemporaryCacheEnvironment);

TEST(SlidingCli, Sample) {
  const auto run = run_plumb({"solve", "sliding"},
                             testing::read_file(testing::sample_path("sliding", "sample.in")));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(testing::trim_trailing_space(run.out),
            testing::trim_trailing_space(
                testing::read_file(testing::sample_path("sliding", "sample.out"))));
}

TEST(SlidingCli, EverySolutionReplaysToTheGoal) {
  std::mt19937_64 random(1043);
  std::string input;
  std::vector<std::string> boards;
  for (int i = 0; i < 60; ++i) {
    std::vector<std::string> tokens{"x", "1", "2", "3", "4", "5", "6", "7", "8"};
    std::shuffle(tokens.begin(), tokens.end(), random);
    std::string board;
    for (const auto& token : tokens) {
      if (!board.empty()) board += ' ';
      board += token;
    }
    boards.push_back(board);
    input += board + "\n";
  }
  for (const std::string algo : {"auto", "ida", "bidir"}) {
    const auto run = run_plumb({"solve", "sliding", "--algo", algo}, input);
    ASSERT_EQ(run.status, 0) << run.err;
    const auto answers = lines_of(run.out);
    ASSERT_EQ(answers.size(), boards.size());
    int solvable = 0;
    for (std::size_t i = 0; i < boards.size(); ++i) {
      if (answers[i] == "unsolvable") continue;
      ++solvable;
      EXPECT_EQ(play(boards[i], {3, 3}, answers[i]), "1 2 3 4 5 6 7 8 x") << boards[i];
    }
    EXPECT_GT(solvable, 10);
    EXPECT_LT(solvable, 50);
  }
}

TEST(SlidingCli, AlgorithmsAgreeOnLengths) {
  const std::string input = "8 6 7 2 5 4 3 x 1\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 x 7 8\n";
  std::vector<std::size_t> reference;
  for (const std::string algo : {"table", "ida", "astar", "bfs", "bidir"}) {
    const auto run = run_plumb({"solve", "sliding", "--algo", algo}, input);
    ASSERT_EQ(run.status, 0) << run.err;
    std::vector<std::size_t> lengths;
    for (const auto& line : lines_of(run.out)) lengths.push_back(line.size());
    if (reference.empty()) reference = lengths;
    EXPECT_EQ(lengths, reference) << algo;
  }
  EXPECT_EQ(reference, (std::vector<std::size_t>{31, 19, 2}));
}

TEST(SlidingCli, SolvedUnsolvableAndBlankLines) {
  const auto run = run_plumb({"solve", "sliding"},
                             "1 2 3 4 5 6 7 8 x\n\n   \n2 1 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 x 8\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "\nunsolvable\nr\n");
}

// (--algo ida: auto would build the 15-puzzle's pattern databases.)
TEST(SlidingCli, ZeroAsBlankAndLargerBoards) {
  const auto run = run_plumb({"solve", "sliding", "--algo", "ida"},
                             "1 2 3 4 5 6 0 7 8\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "rr\nr\n");
}

TEST(SlidingCli, SizeOption) {
  const auto run = run_plumb({"solve", "sliding", "--size", "2x4"},
                             "1 2 3 4 5 6 x 7\n1 2 3 4 x 5 6 7\nx 1 2 3 4 5 6 7\n");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto answers = lines_of(run.out);
  ASSERT_EQ(answers.size(), 3u);
  EXPECT_EQ(answers[0], "r");
  EXPECT_EQ(answers[1], "rrr");
  EXPECT_EQ(answers[2], "unsolvable");
}

TEST(SlidingCli, GoalOptions) {
  auto run = run_plumb({"solve", "sliding", "--goal", "blank-first"},
                       "1 x 2 3 4 5 6 7 8\n0 1 2 3 4 5 6 7 8\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "l\n\n");
  run = run_plumb({"solve", "sliding", "--goal", "1 2 3 8 x 4 7 6 5"}, "1 2 3 8 4 x 7 6 5\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "l\n");
  run = run_plumb({"solve", "sliding", "--goal", "1 2 3 x"}, "1 2 x 3\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "r\n");
  run = run_plumb({"solve", "sliding", "--goal", "1 2 3"}, "1 2 3 x\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--goal"), std::string::npos) << run.err;
  run = run_plumb({"solve", "sliding", "--size", "1x9"}, "1 2 3 4 5 6 7 8 x\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--size"), std::string::npos) << run.err;
}

TEST(SlidingCli, PrettyAndJson) {
  auto run = run_plumb({"solve", "sliding", "--format", "pretty"}, "1 2 3 4 5 6 7 x 8\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out,
            "x is the blank; a move says where it goes: u up, d down, l left, r right.\n\n"
            "Board 1, by auto (table): 1 move\n1 2 3\n4 5 6\n7 x 8\n\nMove 1: r\n1 2 3\n4 5 6\n"
            "7 8 x\n\n");
  run =
      run_plumb({"solve", "sliding", "--format", "json"}, "2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n");
  EXPECT_EQ(run.status, 0) << run.err;
  const auto answers = lines_of(run.out);
  ASSERT_EQ(answers.size(), 2u);
  const auto first = nlohmann::json::parse(answers[0]);
  std::string moves;
  for (const auto& move : first["moves"]) moves += move.get<std::string>();
  EXPECT_EQ(moves, "ullddrurdllurdruldr");
  EXPECT_EQ(first["length"], 19);
  EXPECT_EQ(first["start"], nlohmann::json::parse("[2,3,4,1,5,0,7,6,8]"));
  EXPECT_EQ(first["states"].size(), 20u);
  EXPECT_EQ(first["states"].back(), nlohmann::json::parse("[1,2,3,4,5,6,7,8,0]"));
  EXPECT_EQ(first["stats"]["reason"], "solved");
  EXPECT_EQ(first["status"], "solved");
  EXPECT_EQ(first["method"], "table");  // what auto chose on 3x3
  const auto unsolvable = nlohmann::json::parse(answers[1]);
  EXPECT_TRUE(unsolvable["length"].is_null());
  EXPECT_TRUE(unsolvable["moves"].is_null());
  EXPECT_EQ(unsolvable["line"], 2);
  EXPECT_EQ(unsolvable["status"], "no_solution");
}

// auto names the algorithm it chose, in --stats, pretty output and JSON: the table on 3x3, ida on
// 3x4 (too many states for the table, no pattern databases); a named algorithm is named in JSON.
TEST(SlidingCli, AutoSaysWhichAlgorithmRan) {
  const std::vector<std::tuple<std::vector<std::string>, std::string, std::string>> cases{
      {{}, "1 2 3 4 5 6 7 x 8\n", "table"},
      {{"--size", "3x4"}, "1 2 3 4 5 6 7 8 9 10 x 11\n", "ida"},
  };
  for (const auto& [options, board, method] : cases) {
    std::vector<std::string> args{"solve", "sliding", "--stats", "--format", "json"};
    args.insert(args.end(), options.begin(), options.end());
    const ProgramRun json = run_plumb(args, board);
    ASSERT_EQ(json.status, 0) << json.err;
    EXPECT_EQ(nlohmann::json::parse(json.out)["method"], method);
    EXPECT_NE(json.err.find("Board 1, by auto (" + method + "): solved"), std::string::npos)
        << json.err;
    args[4] = "pretty";
    const ProgramRun pretty = run_plumb(args, board);
    EXPECT_NE(pretty.out.find("\n\nBoard 1, by auto (" + method + "): 1 move\n"), std::string::npos)
        << pretty.out;
  }
  const ProgramRun named = run_plumb(
      {"solve", "sliding", "--stats", "--algo", "ida", "--format", "json"}, "1 2 3 4 5 6 7 x 8\n");
  EXPECT_EQ(nlohmann::json::parse(named.out)["method"], "ida");
  EXPECT_NE(named.err.find("Board 1, by ida: solved"), std::string::npos) << named.err;
}

TEST(SlidingCli, StatsGoToStandardError) {
  const auto run =
      run_plumb({"solve", "sliding", "--stats", "--algo", "ida"}, "2 3 4 1 5 x 7 6 8\n");
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, "ullddrurdllurdruldr\n");
  EXPECT_NE(run.err.find("Board 1, by ida: solved, depth 19"), std::string::npos) << run.err;
}

// Each bad line: exit 2, the message names the line, the answers before it are printed.
TEST(SlidingCli, BadInput) {
  const std::string good = "1 2 3 4 5 6 7 x 8\n\n";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"1 2 3 4 5 6 7 8\n", "cannot infer a square board from 8 tokens"},
      {"1 2 3 4 5 6 7 8 x 9\n", "cannot infer a square board from 10 tokens"},
      {"1 2 3 4 5 6 7 7 x\n", "tile 7 appears more than once"},
      {"1 2 3 4 5 6 7 a x\n", "unknown tile 'a'"},
      {"1 2 3 4 5 6 7 9 x\n", "unknown tile '9'"},
      {"1 2 3 4 5 6 7 8 8\n", "no blank"},
      {"1 2 3 4 5 6 7 x 0\n", "more than one blank"},
      {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 "
       "34 35 x\n",
       "cannot infer a square board from 36 tokens"},
  };
  for (const auto& [line, message] : cases) {
    const auto run = run_plumb({"solve", "sliding"}, good + line);
    EXPECT_EQ(run.status, 2) << line;
    EXPECT_EQ(run.out, "r\n") << line;
    // The message is the last line (the first run's line before it announces the 3x3 table).
    const std::string last_line = run.err.substr(run.err.rfind('\n', run.err.size() - 2) + 1);
    EXPECT_EQ(last_line.rfind("plumb: <stdin>:3: ", 0), 0u) << run.err;
    EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
  }
  const auto run = run_plumb({"solve", "sliding", "--size", "2x4"}, "1 2 3 4 5 6 7 x 8\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("plumb: <stdin>:1: expected 8 tokens (a 2x4 board), found 9"),
            std::string::npos)
      << run.err;
}

TEST(SlidingCli, ExploreThreeByThree) {
  const auto run = run_plumb({"explore", "sliding", "--size", "3x3"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("total  181440\nthe deepest are 31 moves away: 2 states:"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("   31  2\n"), std::string::npos) << run.out;
}

TEST(SlidingCli, ExploreFromAFileAndJson) {
  const auto run = run_plumb({"explore", "sliding", "--size", "2x3", "--format", "json", "-"},
                             "\n2 1 3 4 5 x\n");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto report = nlohmann::json::parse(run.out);
  EXPECT_EQ(report["total"], 360);
  EXPECT_EQ(report["start"], nlohmann::json::parse("[2,1,3,4,5,0]"));
  EXPECT_EQ(report["origin"], "<stdin> line 2");
  const auto too_big = run_plumb({"explore", "sliding", "--size", "4x4"});
  EXPECT_EQ(too_big.status, 2);
  EXPECT_NE(too_big.err.find("too many to count: explore counts at most"), std::string::npos)
      << too_big.err;
}

}  // namespace
}  // namespace plumb
